"""What a phone offers for the cards a player selects (issue 32): ``Deal.could_play`` says
whether some legal play still holds the selection (a word of three cards or more, art. 4.1;
one wild at most, art. 4.4; a lay-off keeping the word's letters in order, art. 4.1 fig. 2),
``Deal.selection`` adds the plays of exactly those cards and the discard of a single card
(arts. 4.3, 10.8).

The oracle is ``Deal.legal_moves`` (every accepted play, ``test_reachability.py``): a selection
can grow exactly when a listed play takes a superset of it from the hand. Positions come from
seeded deals where the player often picks up the pile, hands up to 24 cards, with the tests'
word list (the Italian dictionary in one slower test).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.games.core.table import Phase
from arbitro.games.parole import Deal, MoveKind, Selection, parse_cards, parse_move
from arbitro.lexicon.hunspell import italian

from .test_movegen_plays import _position, _taken
from .test_reachability import _deal
from .words import WORDS


def _selections(deal: Deal, rng: random.Random) -> list[tuple[str, ...]]:
    """Selections to check: part of the cards of listed plays (they can grow), random parts
    of the hand (most cannot), every single card."""
    hand = list(deal.hand(deal.turn))
    takes = sorted(
        {_taken(deal, m) for m in deal.legal_moves() if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)}
    )
    out: list[tuple[str, ...]] = [(x,) for x in sorted(set(hand))]
    for cards in rng.sample(takes, min(6, len(takes))):
        out.append(tuple(sorted(rng.sample(cards, rng.randint(1, len(cards))))))
    for _ in range(6):
        out.append(tuple(sorted(rng.sample(hand, rng.randint(1, min(6, len(hand)))))))
    return out


def _check(deal: Deal, rng: random.Random) -> tuple[int, int]:
    """Each selection's ``could_play`` and ``selection`` against the full list; returns how
    many selections could grow and how many could not."""
    listed = deal.legal_moves()
    takes = [
        Counter(_taken(deal, m)) for m in listed if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)
    ]
    yes = no = 0
    for chosen in _selections(deal, rng):
        want = Counter(chosen)
        expected = any(not want - t for t in takes)
        assert deal.could_play(chosen) is expected, chosen
        offer = deal.selection(chosen)
        assert offer.grows is expected
        assert set(offer.plays) == set(deal.plays_with(chosen))
        alone = parse_move(f"discard {chosen[0]}") if len(chosen) == 1 else None
        assert offer.discard == (alone if alone in listed else None), chosen
        yes += expected
        no += not expected
    return yes, no


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**31))
def test_art4_1_art4_4_a_selection_grows_exactly_when_a_listed_play_holds_it(seed: int) -> None:
    """Arts. 4.1, 4.4: in random positions (hands up to 24 cards), a selection of hand cards
    can still become a play (``could_play``) exactly when some play of ``legal_moves`` takes
    those cards and maybe more; ``selection`` offers the plays of exactly those cards and the
    discard of one card where ``legal_moves`` lists it (arts. 4.3, 10.8); out of the play
    phase nothing grows."""
    deal = _position(seed, WORDS, 24)
    rng = random.Random(seed)
    if deal.phase is Phase.PLAY:
        _check(deal, rng)
    else:
        hand = deal.hand(deal.turn)
        assert not deal.could_play(hand[:1])
        assert deal.selection(hand[:1]) == Selection((), None, False)


def test_art4_1_art4_4_selections_of_a_prepared_hand() -> None:
    """Art. 4.1 (fig. 1): with C A S S A T B and the E drawn in hand, C and A can still grow
    (CASA, CASSA, CASTA...); C A S S A is a word and grows too; B with T is in no word of the
    list; B alone is no play, may grow (CAB, CASBA) and may be discarded (art. 4.3); a card
    not in hand grows
    nothing. Art. 4.4 (fig. 3): once CA?A is on the table, an S selected grows into CAS?A."""
    d = _deal("CASSATB", "EDFGO")
    assert d.could_play(parse_cards("CA"))
    assert d.could_play(parse_cards("CASSA"))
    assert parse_move("meld CASSA") in d.selection(parse_cards("CASSA")).plays
    assert not d.could_play(parse_cards("BT"))
    assert d.selection(parse_cards("B")) == Selection((), parse_move("discard B"), True)
    assert not d.could_play(parse_cards("O"))  # the O is still in the stock
    d2 = _deal("CA?ABRT", "S")
    assert not d2.could_play(parse_cards("T?B"))  # no word of the list holds T and B
    d2.push(parse_move("meld CA?A"))
    assert d2.could_play(parse_cards("S"))
    assert parse_move("layoff 0 CAS?A") in d2.selection(parse_cards("S")).plays


@pytest.mark.slow
def test_art4_1_selections_with_the_italian_dictionary() -> None:
    """Art. 4.1 with the Italian dictionary: the same, on seeded positions of up to 9 cards;
    both answers occur."""
    lexicon = italian()
    yes = no = 0
    for seed in range(4):
        deal = _position(seed, lexicon, 9)
        if deal.phase is Phase.PLAY:
            y, n = _check(deal, random.Random(seed))
            yes += y
            no += n
    assert yes > 0 and no > 0


def _large_selections(deal: Deal, rng: random.Random) -> list[tuple[str, ...]]:
    """Large selections: the hand but one, two or three cards, and each of a few listed
    plays' cards but one (a selection one tap short of a play)."""
    hand = list(deal.hand(deal.turn))
    out = []
    for k in (1, 2, 3):
        if len(hand) > k:
            out.append(tuple(sorted(rng.sample(hand, len(hand) - k))))
    takes = sorted(
        {_taken(deal, m) for m in deal.legal_moves() if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)}
    )
    for cards in rng.sample(takes, min(8, len(takes))):
        if len(cards) > 1:
            out.append(tuple(sorted(rng.sample(cards, len(cards) - 1))))
    return out


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**31))
def test_art4_1_art4_4_a_large_selection_grows_exactly_when_a_listed_play_holds_it(
    seed: int,
) -> None:
    """Arts. 4.1, 4.4, issue 32: a large selection (the hand but one to three cards, a play's
    cards but one; the hand but one card is the most a play takes, leaving a card to discard,
    art. 4.3, and ``could_play`` asks the plays of exactly it) grows exactly when a play of
    ``legal_moves`` takes those cards and maybe more, in ``could_play`` and in ``selection``
    alike; hands of 4 to 12 cards."""
    rng = random.Random(seed)
    deal = _position(seed, WORDS, rng.randint(4, 12))
    if deal.phase is not Phase.PLAY:
        return
    takes = [
        Counter(_taken(deal, m))
        for m in deal.legal_moves()
        if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)
    ]
    for chosen in _large_selections(deal, rng):
        expected = any(not Counter(chosen) - t for t in takes)
        assert deal.could_play(chosen) is expected, chosen
        assert deal.selection(chosen).grows is expected, chosen


def test_art4_1_a_selection_a_few_cards_short_of_a_play() -> None:
    """Art. 4.1 (fig. 1), issue 32: with C A S A B and the E drawn (six cards), C A S is no
    word but grows (CASA); C B E cannot grow (no word of C, B, E and some of A, A, S); the
    hand but the E, C A S A B, grows (CASBA, the most a play takes: the hand but one card);
    the hand but the B, C A S A E, and the whole hand cannot; the same as the full list
    says. With C A S S A T B and the E: C A S S A T cannot grow, CASSATE would leave the B
    alone, whose discard may not close in the first round (arts. 1, 11.5)."""
    d = _deal("CASAB", "EDFGO")
    takes = [Counter(_taken(d, m)) for m in d.legal_moves() if m.kind is MoveKind.MELD]
    assert Counter("CASA") in takes
    assert d.could_play(parse_cards("CAS"))
    assert d.selection(parse_cards("CAS")) == Selection((), None, True)
    assert not any(not Counter("CBE") - t for t in takes)
    assert not d.could_play(parse_cards("CBE"))
    assert not d.selection(parse_cards("CBE")).grows
    assert Counter("CASAB") in takes
    assert d.could_play(parse_cards("CASAB"))
    assert d.selection(parse_cards("CASAB")).grows
    assert not any(not Counter("CASAE") - t for t in takes)
    assert not d.could_play(parse_cards("CASAE"))
    assert not d.selection(parse_cards("CASAE")).grows
    assert not d.could_play(parse_cards("CASABE"))
    d2 = _deal("CASSATB", "EDFGO")
    assert d2.could_play(parse_cards("CASSA"))
    assert not d2.could_play(parse_cards("CASSAT"))
    assert not d2.selection(parse_cards("CASSAT")).grows


def test_art4_1_the_hand_but_one_card_grows_when_it_is_a_play() -> None:
    """Arts. 4.1, 4.3, issue 32: after the first round, with the burraco CASSATE on the line
    and C A S B A E in hand, C A S B A (the hand but the E, the most a play takes) grows:
    CASBA is a word and the E left closes; C A S A E (the hand but the B) does not; the same
    as the full list says."""
    d = Deal.from_position(
        "E:play dealer=N turns=20 hands=DFG/CASBAE/DFG/DFG penalized=-/-/-/- "
        "words=-/CASSATE pile=- stock=DFGOLMNPRT",
        lexicon=WORDS,
    )
    takes = [Counter(_taken(d, m)) for m in d.legal_moves() if m.kind is MoveKind.MELD]
    assert Counter("CASBA") in takes
    assert d.plays_with(parse_cards("CASBA")) == [parse_move("meld CASBA")]
    assert d.could_play(parse_cards("CASBA"))
    assert d.selection(parse_cards("CASBA")).grows
    assert not any(not Counter("CASAE") - t for t in takes)
    assert not d.could_play(parse_cards("CASAE"))
    assert not d.selection(parse_cards("CASAE")).grows
