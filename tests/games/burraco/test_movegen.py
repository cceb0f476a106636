"""The fast paths of the engine agree with the plain rules: the running tallies of each hand
(movegen.HandTally) equal a count from scratch at every step of random deals (art. 3: the cards
are where the moves put them), a one-card lay-off at a run's end (art. 13) gives the meld the
general placement gives, and remembered melds are the melds the rules make (arts. 11-14)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import ALL_CARDS, JOKER, Card, parse_card, parse_cards
from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.games.burraco import (
    DRAW,
    SEATS,
    Deal,
    IllegalMoveError,
    Meld,
    MoveKind,
    Phase,
    Seat,
    make_meld,
    parse_meld,
)
from arbitro.games.burraco.deal import arrange_deck
from arbitro.games.burraco.melds import _lay_on_run
from arbitro.games.burraco.movegen import WILDS, HandTally
from arbitro.games.burraco.rules import is_wild


def _expected(counts: list[int]) -> dict[str, object]:
    """The tallies of a hand, counted from scratch from its counts by card index."""
    rank_n = [0] * 14
    keys = [0] * 14
    masks = [0, 0, 0, 0]
    for i in range(52):
        n = counts[i]
        q, r = divmod(i, 13)
        rank_n[r + 1] += n
        keys[r + 1] += 3**q * n
        if n:
            masks[q] |= 1 << (r + 1)
    return {
        "size": sum(counts),
        "bits": sum(1 << i for i, n in enumerate(counts) if n),
        "discards": [ALL_CARDS[i] for i, n in enumerate(counts) if n],
        "rank_keys": keys,
        "pairs": sum(1 << r for r in range(14) if rank_n[r] >= 2),
        "triples": sum(1 << r for r in range(14) if rank_n[r] >= 3),
        "suit_masks": masks,
        "wilds": sum(1 << k for k, w in enumerate(WILDS) if counts[w]),
    }


def _actual(t: HandTally) -> dict[str, object]:
    return {
        "size": t.size,
        "bits": t.bits,
        "discards": [mv.cards[0] for mv in t.discards],
        "rank_keys": t.rank_keys,
        "pairs": t.pairs,
        "triples": t.triples,
        "suit_masks": t.suit_masks,
        "wilds": t.wilds,
    }


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_art3_hand_tallies_follow_every_move(seed: int) -> None:
    """Art. 3: after every move of a random deal each hand's tallies equal a fresh count, and
    the hand shown is the hand counted."""
    rng = random.Random(seed)
    deal = Deal.shuffled(rng)
    while not deal.is_over:
        for s, t in enumerate(deal._tally):
            assert _actual(t) == _expected(t.counts)
            shown = deal.hand(SEATS[s])
            assert sorted(x.index for x in shown) == [
                i for i, n in enumerate(t.counts) for _ in range(n)
            ]
        moves = deal.legal_moves()
        deal.push(moves[int(rng.random() * len(moves))])


def test_art3_tally_copy_is_independent() -> None:
    """Art. 3: a copied hand changes alone (Deal.copy relies on it)."""
    t = HandTally()
    for c in parse_cards("5H 5H 5D JK 2S 7C"):
        t.add(c.index)
    u = t.copy()
    u.remove(parse_card("5H").index)
    u.remove(JOKER.index)
    assert _actual(t) == _expected(t.counts)
    assert _actual(u) == _expected(u.counts)
    assert t.size == 6 and u.size == 4


RUNS = [
    "3H 4H 5H",
    "QS KS AS",
    "AD 2D 3D",
    "5C JK 7C",
    "JK 5C 6C",
    "5C 6C JK",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
    "10H JH QH KH 2C",
]


@pytest.mark.parametrize("text", RUNS)
def test_art13_lay_off_at_an_end_matches_the_general_placement(text: str) -> None:
    """Art. 13: for every natural of the deck laid off alone, the quick placement at a run's end
    gives the same meld as the general placement, or both refuse it."""
    code = burraco_fibas()
    m = parse_meld(text)
    suit = m.suit
    assert suit is not None
    fixed = {m.low + i: x for i, x in enumerate(m.cards) if i != m.wild}
    for x in ALL_CARDS:
        if is_wild(x):
            continue
        try:
            general: Meld | None = _lay_on_run(
                suit, fixed, (x,), m.wild_card, m.wild_position, False, code
            )
        except IllegalMoveError:
            general = None
        try:
            quick: Meld | None = m.lay_off([x])
        except IllegalMoveError:
            quick = None
        assert quick == general, (text, str(x))


def test_art11_remembered_melds_are_the_rules_melds() -> None:
    """Arts. 11-14: asking twice gives the same meld; an invalid meld is refused every time."""
    cards: tuple[Card, ...] = parse_cards("7S 8S 9S JK")
    assert make_meld(cards) is make_meld(list(cards))
    assert str(make_meld(cards)) == "7S 8S 9S JK"
    for _ in range(2):
        with pytest.raises(IllegalMoveError):
            make_meld(parse_cards("7S 8S 10S"))
    run = parse_meld("5H JK 7H")
    once = run.lay_off(parse_cards("6H 8H"))
    assert run.lay_off(parse_cards("6H 8H")) == once
    assert str(once) == "5H 6H 7H 8H JK"


def test_art12_freed_wild_goes_to_an_end_not_into_a_gap() -> None:
    """Art. 12: a wild replaced by the card it stands for stays in the meld "in ultima
    posizione": it cannot fill the gap left by another card laid off with it."""
    run = parse_meld("9C JK JC")  # the joker stands for the 10C
    with pytest.raises(IllegalMoveError):
        run.lay_off(parse_cards("10C 7C"))  # 7C _ 9C 10C JC: the freed joker may not go to 8
    assert str(run.lay_off(parse_cards("10C QC"))) == "9C 10C JC QC JK"


def test_listed_moves_of_a_hand_holding_three_in_a_row_and_a_wild() -> None:
    """Arts. 12-13: holding 5H 6H 7H and a joker, the joker may stand for any of the three."""
    hand = parse_cards("5H 6H 7H JK 9S 9S 10D JC QC KD 4C")
    deal = Deal(arrange_deck({Seat.E: hand}))
    deal.push(DRAW)
    assert deal.phase is Phase.PLAY
    melds = {str(m) for m in deal.legal_moves() if m.kind is MoveKind.MELD}
    assert {"meld 5H 6H 7H", "meld JK 6H 7H", "meld 5H JK 7H", "meld 5H 6H JK"} <= melds


def test_art3_a_hand_with_three_jokers_shows_all_three() -> None:
    """Art. 3: the deck has four jokers; a hand holding three shows three (seed 86 once
    showed fewer: a regression found by the property test above)."""
    rng = random.Random(86)
    deal = Deal.shuffled(rng)
    while not deal.is_over:
        for s, t in enumerate(deal._tally):
            assert sorted(x.index for x in deal.hand(SEATS[s])) == [
                i for i, n in enumerate(t.counts) for _ in range(n)
            ]
        moves = deal.legal_moves()
        deal.push(moves[int(rng.random() * len(moves))])
