"""``Deal.legal_moves`` lists every legal move (arts. 11-14): every opening and every lay-off
that ``push`` accepts, whatever its length, is listed, once for each meld it makes (a set's or
a lay-off's cards written in another order are the same move, as is a lay-off's wild written
``low`` where it makes the same meld); and every listed move is accepted. The tests search
exhaustively, on small hands rich in runs, sets and wilds, the openings of three to five cards
and the lay-offs of one to three cards, in every order that matters (wilds first or last).
The run's own 2 as a wild at the high end, laid off with the card beyond it
(``layoff N 2H 7H`` on 3H-4H-5H), is one of them.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import ALL_CARDS, JOKER, Card, burraco_deck, parse_cards
from arbitro.games.burraco import DRAW, Deal, Line, Move, MoveKind, Seat, lay_off, meld
from arbitro.games.burraco.deal import arrange_deck
from arbitro.games.burraco.rules import is_wild

WILDS = [JOKER, *(ALL_CARDS[q * 13 + 1] for q in range(4))]


def _listed_equivalent(deal: Deal, mv: Move) -> bool:
    """True if a listed move plays the same cards on the same meld and makes the same position."""
    after = deal.copy()
    after.push(mv)
    want = str(after)
    need = Counter(mv.cards)
    for listed in deal.legal_moves():
        if listed.kind is mv.kind and listed.target == mv.target and Counter(listed.cards) == need:
            probe = deal.copy()
            probe.push(listed)
            if str(probe) == want:
                return True
    return False


def _candidate_openings(hand: tuple[Card, ...]) -> list[Move]:
    """Openings of 3-5 cards that could be melds: one rank or one suit (wilds aside)."""
    out: list[Move] = []
    seen: set[tuple[Card, ...]] = set()
    for k in (3, 4, 5):
        for combo in itertools.combinations(hand, k):
            if combo in seen:
                continue
            seen.add(combo)
            plain = [c for c in combo if not is_wild(c)]
            if not plain:
                continue
            if len({c.rank for c in plain}) > 1 and len({c.suit for c in plain}) > 1:
                continue
            wild = [c for c in combo if is_wild(c)]
            natural_first = tuple(sorted(plain, key=lambda c: c.index)) + tuple(wild)
            out.append(meld(natural_first))
            if wild:
                out.append(meld(tuple(wild) + tuple(sorted(plain, key=lambda c: c.index))))
    return out


def _candidate_layoffs(deal: Deal, hand: tuple[Card, ...]) -> list[Move]:
    """Lay-offs of 1-3 cards on each of the line's melds, the wild high or low."""
    out = []
    for j in range(len(deal.melds(deal.turn.line))):
        for k in (1, 2, 3):
            for combo in set(itertools.combinations(hand, k)):
                out.append(lay_off(j, combo))
                if any(is_wild(c) for c in combo):
                    out.append(lay_off(j, combo, low=True))
    return out


def _rich_hand(rng: random.Random) -> list[Card]:
    """Eleven cards holding a run of 4-7 (maybe with a wild), a set of 3-4, wilds and fillers."""
    deck = Counter(burraco_deck())
    hand: list[Card] = []

    def take(c: Card) -> None:
        if deck[c] > 0 and len(hand) < 11:
            deck[c] -= 1
            hand.append(c)

    q = rng.randrange(4)
    length = rng.randint(4, 7)
    low = rng.randint(1, 15 - length)
    run = [ALL_CARDS[q * 13 + (p - 1 if p < 14 else 0)] for p in range(low, low + length)]
    if rng.random() < 0.5:
        run[rng.randrange(length)] = rng.choice(WILDS)
    for c in run:
        take(c)
    r = rng.choice([1, *range(3, 14)])
    for s in rng.sample(range(4), rng.randint(3, 4)):
        take(ALL_CARDS[s * 13 + r - 1])
    for _ in range(rng.randint(0, 2)):
        take(rng.choice(WILDS))
    rest = list(deck.elements())
    rng.shuffle(rest)
    for c in rest:
        take(c)
    return hand


def _deal_with(hand: list[Card], rng: random.Random) -> Deal:
    """East (first to play) holds ``hand``, draws, and may have opened one listed meld."""
    deal = Deal(arrange_deck({Seat.E: hand}))
    deal.push(DRAW)
    if rng.random() < 0.7:
        openings = [m for m in deal.legal_moves() if m.kind is MoveKind.MELD]
        if openings:
            deal.push(rng.choice(openings))
    return deal


def _check_position(deal: Deal) -> int:
    """Every opening of 3-5 cards and lay-off of 1-3 cards that push accepts is listed (or an
    equivalent listing); returns how many accepted moves were checked."""
    hand = deal.hand(deal.turn)
    checked = 0
    for mv in _candidate_openings(hand) + _candidate_layoffs(deal, hand):
        if not deal.is_legal(mv):
            continue
        assert _listed_equivalent(deal, mv), str(mv)
        checked += 1
    return checked


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_art11_art14_every_accepted_meld_and_layoff_is_listed(seed: int) -> None:
    """Arts. 11-14: any opening of 3-5 cards or lay-off of 1-3 cards that push accepts is
    listed by legal_moves."""
    rng = random.Random(seed)
    deal = _deal_with(_rich_hand(rng), rng)
    _check_position(deal)


def test_art12_art13_listing_covers_wilds_aces_and_the_suits_two() -> None:
    """Arts. 12-13, with a case of each kind: a run with a wild inside, an ace high after the K,
    the suit's 2 as a natural 2, a set with a wild, and lay-offs of two cards on each."""
    hand = [
        ALL_CARDS[0],  # AH
        ALL_CARDS[1],  # 2H: natural 2 of hearts, or a wild
        ALL_CARDS[2],  # 3H
        ALL_CARDS[3],  # 4H
        JOKER,
        ALL_CARDS[10],  # JH
        ALL_CARDS[11],  # QH
        ALL_CARDS[12],  # KH
        ALL_CARDS[17],  # 5D
        ALL_CARDS[30],  # 5C
        ALL_CARDS[43],  # 5S
    ]
    deal = Deal(arrange_deck({Seat.E: hand}, stock=[ALL_CARDS[13]]))  # E draws the AD
    deal.push(DRAW)
    assert _check_position(deal) >= 20
    deal.push(meld((ALL_CARDS[10], ALL_CARDS[11], ALL_CARDS[12])))  # JH QH KH on the table
    assert deal.melds(Line.EW)
    assert _check_position(deal) >= 20


def test_art12_own_two_as_a_wild_with_the_card_beyond_is_listed() -> None:
    """Art. 12: alone, the run's own 2 goes to place 2 as a natural; with the 7 it may stand
    for the 6 at the high end as a wild; both lay-offs are listed."""
    hand = [ALL_CARDS[2], ALL_CARDS[3], ALL_CARDS[4], ALL_CARDS[1], ALL_CARDS[6], ALL_CARDS[20]]
    hand += [ALL_CARDS[i] for i in (21, 22, 23, 24, 25)]  # 9D-KD, fillers
    deal = Deal(arrange_deck({Seat.E: hand}))
    deal.push(DRAW)
    deal.push(meld((ALL_CARDS[2], ALL_CARDS[3], ALL_CARDS[4])))  # 3H 4H 5H
    alone = deal.copy()
    alone.push(lay_off(0, (ALL_CARDS[1],)))
    assert str(alone.melds(Line.EW)[0]) == "2H 3H 4H 5H"
    assert alone.melds(Line.EW)[0].wild == -1
    both = deal.copy()
    both.push(lay_off(0, (ALL_CARDS[1], ALL_CARDS[6])))
    assert str(both.melds(Line.EW)[0]) == "3H 4H 5H 2H 7H"
    assert both.melds(Line.EW)[0].stands_for == ALL_CARDS[5]  # the 2H stands for the 6H
    assert lay_off(0, (ALL_CARDS[1],)) in deal.legal_moves()
    assert _listed_equivalent(deal, lay_off(0, (ALL_CARDS[1], ALL_CARDS[6])))


def test_art11_art13_longer_openings_are_listed() -> None:
    """Arts. 11, 13-14: a run of five, a run of four with a wild at its low end and a set of
    four are listed as openings."""
    hand = parse_cards("3H 4H 5H 6H 7H 9D 9C 9S 9H JK 2S")
    deal = Deal(arrange_deck({Seat.E: hand}))
    deal.push(DRAW)
    listed = deal.legal_moves()
    assert meld(parse_cards("3H 4H 5H 6H 7H")) in listed
    assert meld(parse_cards("JK 3H 4H 5H")) in listed  # JK stands for the 2H
    assert meld(parse_cards("9H 9D 9C 9S")) in listed
    assert meld(parse_cards("9H 9D 9C 9S JK")) in listed


def test_every_listed_move_is_accepted_in_random_positions() -> None:
    """Arts. 8-18: in random deals every move ``legal_moves`` lists is accepted by ``push``."""
    for seed in range(20):
        rng = random.Random(seed)
        deal = Deal.shuffled(rng)
        while not deal.is_over:
            moves = deal.legal_moves()
            for mv in moves:
                assert deal.is_legal(mv), str(mv)
            deal.push(moves[int(rng.random() * len(moves))])
