"""The listed moves are complete (arts. 11-14): ``Deal.legal_moves`` lists only openings of three
cards and lay-offs of one card, yet every position that a longer opening or a multi-card lay-off
makes (both legal, and accepted by ``push``) is reached in the same turn by listed moves, and
every listed move is accepted.

Why it holds: a run on the table has no gap (a wild fills the only one), so any run of four or
more cards contains three consecutive places holding at least two naturals (the wild, if any,
among them): that is a listed opening, and the other cards are listed one-card lay-offs at the
ends, each placed where the longer meld has it (a natural at its place, a wild at the place the
move names). A set is any three of its cards and then the others one at a time. The checks that
depend on the turn as a whole (art. 18 and 33: a card kept to discard, a burraco to close; art.
32: one set of a rank) look only at the cards left at the end, the same on both paths. The tests
below search the listed moves exhaustively for hands rich in runs, sets and wilds.

One exception, a limit of the move notation: the run's own 2 laid off alone on a run that starts
at 3 is always its natural 2 (``layoff N 2H`` on 3H-4H-5H makes 2H-3H-4H-5H); as a wild at the
high end it can only be laid off together with a card beyond it (``layoff N 2H 7H`` makes
3H-4H-5H-2H-7H), a multi-card lay-off the list does not offer. The tests name and skip it.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import ALL_CARDS, JOKER, Card, burraco_deck
from arbitro.games.burraco import DRAW, Deal, Line, Meld, Move, MoveKind, Seat, lay_off, meld
from arbitro.games.burraco.deal import arrange_deck
from arbitro.games.burraco.rules import is_wild

WILDS = [JOKER, *(ALL_CARDS[q * 13 + 1] for q in range(4))]


def _state(deal: Deal, seat: Seat) -> tuple[tuple[Meld, ...], tuple[Card, ...], bool]:
    line = seat.line
    return deal.melds(line), deal.hand(seat), deal.pozzetto_taken(line)


def _reachable(deal: Deal, target: tuple[object, ...], budget: Counter[Card]) -> bool:
    """True if listed melds and lay-offs using only the ``budget`` cards reach ``target``."""
    seat = deal.turn
    seen: set[tuple[object, ...]] = set()

    def search(d: Deal, left: Counter[Card]) -> bool:
        state = _state(d, seat)
        if state == target:
            return True
        if not left or state in seen:
            return False
        seen.add(state)
        for mv in d.legal_moves():
            if mv.kind not in (MoveKind.MELD, MoveKind.LAY_OFF):
                continue
            need = Counter(mv.cards)
            if need - left:
                continue
            probe = d.copy()
            probe.push(mv)  # a listed move is never refused
            if search(probe, left - need):
                return True
        return False

    return search(deal, budget)


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
    """Lay-offs of 2-3 cards on each of the line's melds, the wild high or low."""
    out = []
    for j in range(len(deal.melds(deal.turn.line))):
        for k in (2, 3):
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


def _own_two_as_wild_after_three(before: tuple[Meld, ...], after: tuple[Meld, ...]) -> bool:
    """The notation's exception: a run from 3 without a wild gets the run's own 2 as a wild."""
    for old, new in zip(before, after, strict=False):
        if old != new and old.is_run and old.low == 3 and old.wild < 0:
            two = new.wild_card
            if two is not None and two.rank is not None and two.suit is new.suit:
                return True
    return False


def _check_position(deal: Deal) -> int:
    """Every legal longer opening / multi-card lay-off is reached by listed moves; returns how
    many such moves were checked."""
    seat = deal.turn
    hand = deal.hand(seat)
    checked = 0
    for mv in _candidate_openings(hand) + _candidate_layoffs(deal, hand):
        if not deal.is_legal(mv):
            continue
        after = deal.copy()
        after.push(mv)
        if _own_two_as_wild_after_three(deal.melds(seat.line), after.melds(seat.line)):
            continue
        assert _reachable(deal, _state(after, seat), Counter(mv.cards)), str(mv)
        checked += 1
    return checked


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_art11_art14_longer_melds_and_layoffs_are_reached_by_listed_moves(seed: int) -> None:
    """Arts. 11-14: any legal opening of 3-5 cards or lay-off of 2-3 cards makes a position that
    listed three-card openings and one-card lay-offs reach in the same turn."""
    rng = random.Random(seed)
    deal = _deal_with(_rich_hand(rng), rng)
    _check_position(deal)


def test_art12_art13_reachability_covers_wilds_aces_and_the_suits_two() -> None:
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


def test_art12_own_two_laid_alone_next_to_the_three_is_natural() -> None:
    """Art. 12: the exception above, as the engine plays it: alone, the run's own 2 goes to
    place 2 as a natural; with the 7 it may stand for the 6 at the high end as a wild."""
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
