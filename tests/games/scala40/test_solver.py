"""The opening solver (art. 7): an opening of 40 exists, and the one kept is the best;
checked on the code's values and against a brute force on small hands."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import Card, Suit, parse_cards
from arbitro.games.scala40 import (
    best_opening,
    can_open,
    make_meld,
    penalty_points,
    place_value,
    scala40_deck,
)

DECK = scala40_deck()


def test_art7_forty_exactly_opens_thirty_nine_does_not() -> None:
    """Art. 7: at least 40 points: K K K (30) + 2 3 4 5 (14) opens; K K K + 2 3 4 (39) not."""
    assert best_opening(parse_cards("KH KD KC 2S 3S 4S 5S 9D")) is not None
    assert best_opening(parse_cards("KH KD KC 2S 3S 4S 7D 9D")) is None


def test_art7_ace_low_counts_one_ace_high_eleven() -> None:
    """Art. 7: A-2-3 is worth 6, Q-K-A 31."""
    assert not can_open(parse_cards("AH 2H 3H KS KD KC 7C"))  # 6 + 30
    found = best_opening(parse_cards("QH KH AH 10S 10D 6C"))  # 31 + ... needs 9 more: no
    assert found is None
    found = best_opening(parse_cards("QH KH AH 9S 9D 9C 6C"))
    assert found is not None and found.points == 31 + 27


def test_art7_joker_counts_the_card_it_replaces() -> None:
    """Art. 7: a joker is worth the card it replaces: K K JK is 30."""
    found = best_opening(parse_cards("KH KD JK 5C 5D 5S 2H"))
    assert found is not None and found.points == 30 + 15


def test_art8_solver_declares_the_jokers_of_its_runs() -> None:
    """Art. 8: a run of one natural and two jokers is laid with its jokers declared
    (undeclared, a lone natural with jokers reads as a set): Q-K-A is 31, Q-Q-Q 30."""
    found = best_opening(parse_cards("QH JK JK 9C 9D 9S 2C"))
    assert found is not None and found.points == 31 + 27
    assert "QH JK=KH JK=AH" in [str(m) for m in found.melds]


def test_solver_keeps_a_card_to_discard() -> None:
    """Art. 6/20: the opening leaves a card to discard: 14 cards in melds are not offered."""
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    found = best_opening(hand)
    assert found is not None and len(found.kept) == 1
    assert best_opening(hand, keep=0) is not None


def test_solver_keeps_the_jokers_when_it_can() -> None:
    """The most useful hand keeps the jokers: 40 without the joker is preferred."""
    found = best_opening(parse_cards("KH KD KC QS QD QC JK 2C 7D"))
    assert found is not None and found.jokers_kept == 1
    found = best_opening(parse_cards("KH KD KC QS QD JK 2C 7D"))
    assert found is not None and found.jokers_kept == 0 and found.points == 60


def test_solver_leaves_the_fewest_negative_points() -> None:
    """Among openings that keep as many jokers, the fewest negative points stay (art. 22)."""
    found = best_opening(parse_cards("KH KD KC KS 5C 6C 7C 9D"))
    assert found is not None and found.kept == parse_cards("9D")


def test_solver_min_points_zero_finds_melds_of_an_opened_player() -> None:
    """With ``min_points=0`` the solver finds the melds of a player who has opened."""
    found = best_opening(parse_cards("2C 3C 4C 9D"), min_points=0)
    assert found is not None and [str(m) for m in found.melds] == ["2C 3C 4C"]


# ------------------------------------------------------------------ brute force


def _meld_value(cards: tuple[Card, ...]) -> int | None:
    """The best opening value of ``cards`` as one meld (art. 7, 9), or None."""
    nat = [c for c in cards if not c.is_joker]
    n = len(cards)
    if n < 3 or not nat:
        return None
    best: int | None = None
    if len({c.rank for c in nat}) == 1 and len({c.suit for c in nat}) == len(nat) and n <= 4:
        best = make_meld(cards).opening_value()
    if len({c.suit for c in nat}) == 1 and n <= 14:
        for lo in range(1, 16 - n):
            spots = list(range(lo, lo + n))
            used: set[int] = set()
            ok = True
            for c in nat:
                assert c.rank is not None
                cand = [
                    p for p in ((1, 14) if c.rank.value == 1 else (c.rank.value,)) if p in spots
                ]
                cand = [p for p in cand if p not in used]
                if not cand or (c.rank.value == 1 and any(q in used for q in (1, 14))):
                    ok = False
                    break
                used.add(cand[0])
            if ok:
                v = sum(place_value(p) for p in spots)
                best = v if best is None else max(best, v)
    return best


def _brute(hand: tuple[Card, ...], keep: int = 1) -> tuple[int, int] | None:
    """The best (jokers kept, -negative points kept) of any opening of 40, by brute force."""
    n = len(hand)
    values: dict[int, int] = {}
    for mask in range(1, 1 << n):
        if bin(mask).count("1") >= 3:
            v = _meld_value(tuple(hand[i] for i in range(n) if mask >> i & 1))
            if v is not None:
                values[mask] = v

    @cache
    def options(free: int) -> list[tuple[int, int]]:
        """(used mask, value) of every set of disjoint melds inside ``free``."""
        out = [(0, 0)]
        if free == 0:
            return out
        low = free & -free
        out.extend(options(free & ~low))
        for m, v in values.items():
            if m & low and m & free == m:
                out.extend((m | u, v + w) for u, w in options(free & ~m))
        return out

    best: tuple[int, int] | None = None
    for used, value in options((1 << n) - 1):
        if value < 40 or n - bin(used).count("1") < keep:
            continue
        kept = [hand[i] for i in range(n) if not used >> i & 1]
        key = (sum(c.is_joker for c in kept), -penalty_points(kept))
        best = key if best is None or key > best else best
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=5, max_value=9))
def test_solver_matches_brute_force_on_small_hands(seed: int, size: int) -> None:
    """Art. 7: on hands of up to 9 cards the solver finds an opening exactly when one exists,
    and its kept hand is as good as the best one (jokers kept, then negative points)."""
    rng = random.Random(seed)
    # Hands from aces, low cards and court cards of two suits and the jokers: melds are common.
    ranks = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
    pool = [
        c
        for c in DECK
        if c.is_joker or (c.suit in (Suit.HEARTS, Suit.SPADES) and c.rank and c.rank.value in ranks)
    ]
    hand = tuple(rng.sample(pool, size))
    found = best_opening(hand)
    expect = _brute(hand)
    assert (found is not None) == (expect is not None) == can_open(hand)
    if found is not None and expect is not None:
        assert (found.jokers_kept, -found.kept_points()) == expect


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_solver_answers_are_valid_openings(seed: int) -> None:
    """Art. 7, 9: every answer on a random 14-card hand is made of valid melds from the hand,
    worth at least 40, and leaves a card; ``can_open`` agrees."""
    hand = tuple(random.Random(seed).sample(DECK, 14))
    found = best_opening(hand)
    assert (found is not None) == can_open(hand)
    if found is None:
        return
    assert found.points >= 40 and len(found.kept) >= 1
    used: Counter[Card] = Counter()
    for m in found.melds:
        assert make_meld(m.tokens) == m
        used.update(m.cards)
    assert used + Counter(found.kept) == Counter(hand)
    assert sum(m.opening_value() for m in found.melds) == found.points
