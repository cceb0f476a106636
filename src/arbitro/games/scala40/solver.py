"""The opening solver (art. 7): does a hand hold an opening of 40, and which one is best?

Given a hand (up to 14 cards, up to 4 jokers), :func:`best_opening` finds the melds to lay
(runs and sets of art. 9, jokers read as the cards they replace) worth at least
``min_points`` by art. 7 and leaving at least ``keep`` cards in hand (one to discard, art. 6),
that keep the most useful hand. "Most useful" is, in order: the most jokers kept (a joker is
the most useful card), then the fewest negative points left in hand (art. 22). It powers
hints, the pick-up check of art. 6 and the greedy bot; ``min_points=0`` finds the best melds
of a player who has already opened.

Method: exact search over the hand's partitions. The lowest card still undecided is either
kept (with its twin) or put in the core of a meld that can hold it: its naturals, the jokers
filling the gaps between them, and only as many more jokers as make three cards. Jokers only
fill places no natural card in hand can fill (an exchange argument shows this loses no best
answer: the natural melded and the joker kept is never worse). When the cores are chosen,
the fewest further jokers that bring the opening to ``min_points`` are added at the melds'
ends (a run grows upward first: card values never fall going up, art. 7; a set of three
takes a fourth). Branch and bound on the objective and on the points still reachable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.cards import ALL_CARDS, JOKER, Card
from arbitro.codes.scala40 import Scala40Code, scala40
from arbitro.games.scala40.melds import Meld, Token, make_meld
from arbitro.games.scala40.rules import (
    ACE_HIGH,
    ACE_LOW,
    opening_table,
    penalty_table,
    place_card,
    place_value,
)

_NAT = 52


@dataclass(frozen=True, slots=True)
class Opening:
    """A solution: ``melds`` to lay, their opening ``points`` (art. 7), the ``kept`` cards."""

    melds: tuple[Meld, ...]
    points: int
    kept: tuple[Card, ...]

    @property
    def jokers_kept(self) -> int:
        """How many jokers stay in hand."""
        return sum(1 for c in self.kept if c.is_joker)

    def kept_points(self, code: Scala40Code | None = None) -> int:
        """Negative points of the kept cards (art. 22)."""
        table = penalty_table(code)
        return sum(table[c.index] for c in self.kept)


# A candidate meld core: naturals (card indices), jokers, opening value, penalty of the
# naturals, layout in table order (card indices, -1 for a joker), and how it may grow:
# (0, low place, high place) for a run, (1, size, card value) for a set.
_Cand = tuple[tuple[int, ...], int, int, int, tuple[int, ...], tuple[int, int, int]]
_NONE = -(10**6)


class _Search:
    __slots__ = (
        "best",
        "best_ext",
        "best_key",
        "cands",
        "counts",
        "cover_memo",
        "first",
        "joker_pen",
        "joker_top",
        "limit",
        "memo",
        "need",
        "open_of",
        "pen",
        "place_val",
        "stack",
    )

    def __init__(
        self, counts: list[int], need: int, limit: int, code: Scala40Code, first: bool
    ) -> None:
        self.counts = counts
        self.need = need
        self.limit = limit
        self.first = first
        self.pen = penalty_table(code)
        self.joker_pen = self.pen[JOKER.index]
        self.open_of = opening_table(code)
        self.place_val = [0] + [place_value(p, code) for p in range(ACE_LOW, ACE_HIGH + 1)]
        self.joker_top = max(max(self.place_val), max(self.open_of))
        self.best: list[_Cand] | None = None
        self.best_ext: list[int] = []
        self.best_key = (-1, 0)
        self.stack: list[_Cand] = []
        self.memo: dict[tuple[bytes, int], int] = {}
        self.cover_memo: dict[bytes, int] = {}
        self.cands: dict[tuple[bytes, int], list[_Cand]] = {}

    def cover(self, i: int) -> int:
        """The most negative points the undecided naturals can meld without jokers (art. 22)."""
        counts = self.counts
        while i < _NAT and counts[i] == 0:
            i += 1
        if i == _NAT:
            return 0
        key = bytes(counts[i:])
        hit = self.cover_memo.get(key)
        if hit is not None:
            return hit
        n = counts[i]
        counts[i] = 0
        best = self.cover(i + 1)
        counts[i] = n
        for nats, k, _, pen, _, _ in self.cached(i, 0, key):
            if k:
                continue
            for x in nats:
                counts[x] -= 1
            got = pen + self.cover(i)
            for x in nats:
                counts[x] += 1
            if got > best:
                best = got
        self.cover_memo[key] = best
        return best

    def cached(self, i: int, jokers: int, key: bytes) -> list[_Cand]:
        """:meth:`candidates` remembered by position."""
        ck = (key, jokers)
        hit = self.cands.get(ck)
        if hit is None:
            hit = self.candidates(i, jokers)
            self.cands[ck] = hit
        return hit

    def reach(self, i: int, jokers: int) -> int:
        """At least the most opening points the undecided cards (from card ``i``) and the
        jokers can still add: melds made from them, and any joker left worth the most."""
        counts = self.counts
        while i < _NAT and counts[i] == 0:
            i += 1
        if i == _NAT:
            return jokers * self.joker_top
        key = (bytes(counts[i:]), jokers)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        n = counts[i]
        counts[i] = 0
        best = self.reach(i + 1, jokers)
        counts[i] = n
        for nats, k, val, _, _, _ in self.cached(i, jokers, key[0]):
            for x in nats:
                counts[x] -= 1
            got = val + self.reach(i, jokers - k)
            for x in nats:
                counts[x] += 1
            if got > best:
                best = got
        self.memo[key] = best
        return best

    def candidates(self, i: int, jokers: int) -> list[_Cand]:
        """Meld cores holding card ``i`` made of cards still in ``counts`` and ``jokers``."""
        counts = self.counts
        pen = self.pen
        out: list[_Cand] = []
        q, r0 = divmod(i, 13)
        base = q * 13
        pv = self.place_val
        # Runs of suit q through a place of card i (the ace at 1 or 14, once: art. 9): its
        # naturals from place a to place b, jokers in the gaps, and up to three cards in all.
        for p in (ACE_LOW, ACE_HIGH) if r0 == 0 else (r0 + 1,):
            avail = [False] * (ACE_HIGH + 2)
            for pp in range(ACE_LOW, ACE_HIGH + 1):
                idx = base + (0 if pp == ACE_HIGH else pp - 1)
                avail[pp] = pp == p or (idx != i and counts[idx] > 0)
            lows = [pp for pp in range(p, 0, -1) if avail[pp]]
            highs = [pp for pp in range(p, ACE_HIGH + 1) if avail[pp]]
            for a in lows:
                for b in highs:
                    if a == ACE_LOW and b == ACE_HIGH:
                        break  # a natural ace at both ends: the ace is once only
                    span = b - a + 1
                    gaps = span - sum(avail[a : b + 1])
                    if gaps > jokers:
                        break
                    e = max(0, 3 - span)
                    if gaps + e > jokers:
                        continue
                    up = 0
                    while up < e and b + up < ACE_HIGH and not avail[b + up + 1]:
                        up += 1
                    lo, hi = a - (e - up), b + up
                    if lo < ACE_LOW or any(avail[pp] for pp in range(lo, a)):
                        continue
                    layout = tuple(
                        base + (0 if pp == ACE_HIGH else pp - 1)
                        if a <= pp <= b and avail[pp]
                        else -1
                        for pp in range(lo, hi + 1)
                    )
                    nats = tuple(x for x in layout if x >= 0)
                    val = sum(pv[lo : hi + 1])
                    out.append(
                        (nats, gaps + e, val, sum(pen[x] for x in nats), layout, (0, lo, hi))
                    )
        # Sets of card i's rank: naturals of different suits, jokers only for missing suits.
        others = [s * 13 + r0 for s in range(4) if s != q and counts[s * 13 + r0] > 0]
        v = self.open_of[i]
        n = len(others) + 1
        m = len(others)
        if n >= 3:
            for mask in range(1 << m):
                pick = [others[b] for b in range(m) if mask >> b & 1]
                if len(pick) in (2, 3):
                    nats = (i, *pick)
                    size = len(nats)
                    out.append((nats, 0, v * size, sum(pen[x] for x in nats), nats, (1, size, v)))
        elif 3 - n <= jokers:
            nats = (i, *others)
            lay = nats + (-1,) * (3 - n)
            out.append((nats, 3 - n, v * 3, sum(pen[x] for x in nats), lay, (1, 3, v)))
        out.sort(key=lambda c: (c[1], -len(c[0]), -c[2]))
        return out

    def grow(self, jokers: int) -> list[list[int]]:
        """Best extra value of the melds in the stack with exactly t more jokers, t = 0..jokers,
        and how many each meld takes: ``[[value, t_0, t_1, ...], ...]`` (value _NONE if none)."""
        pv = self.place_val
        table: list[list[int]] = [[0]] + [[_NONE] for _ in range(jokers)]
        for cand in self.stack:
            kind, x, y = cand[5]
            gains = [0]
            for t in range(1, jokers + 1):
                if kind == 1:
                    gains.append(y if x + t <= 4 and t == 1 else _NONE)
                    continue
                if y - x + 1 + t > ACE_HIGH:
                    gains.append(_NONE)
                    continue
                up = min(t, ACE_HIGH - y)
                down = t - up
                gains.append(sum(pv[y + 1 : y + up + 1]) + sum(pv[x - down : x]))
            new = [[_NONE] for _ in range(jokers + 1)]
            for have, row in enumerate(table):
                if row[0] == _NONE:
                    continue
                for t, g in enumerate(gains):
                    if have + t > jokers or g == _NONE:
                        continue
                    if row[0] + g > new[have + t][0]:
                        new[have + t] = [row[0] + g, *row[1:], t]
            table = new
        return table

    def run(
        self, start: int, jokers: int, value: int, kept_pen: int, used: int, reach: int, rem: int
    ) -> bool:
        """Search from card ``start``; True when ``first`` and a solution was found."""
        counts = self.counts
        i = start
        while i < _NAT and counts[i] == 0:
            i += 1
        joker_pen = self.joker_pen
        optimistic = (jokers, -(kept_pen + jokers * joker_pen))
        if optimistic <= self.best_key:
            return False
        if value + reach + jokers * self.joker_top < self.need:
            return False
        if i == _NAT:
            if not self.stack and self.need > 0:
                return False
            short = self.need - value
            ext = [0] * len(self.stack)
            extra = 0
            if short > 0:
                table = self.grow(min(jokers, self.limit - used))
                fit = next((t for t, row in enumerate(table) if row[0] >= short), None)
                if fit is None:
                    return False
                extra = fit
                ext = table[fit][1:]
            left = jokers - extra
            key = (left, -(kept_pen + left * joker_pen))
            if key > self.best_key:
                self.best = list(self.stack)
                self.best_ext = ext
                self.best_key = key
            return self.first
        if value < self.need and value + self.reach(i, jokers) < self.need:
            return False
        if not self.first:
            optimistic = (jokers, optimistic[1] - rem + self.cover(i))
            if optimistic <= self.best_key:
                return False
        n = counts[i]
        open_of = self.open_of
        for cand in self.cached(i, jokers, bytes(counts[i:])):
            nats, k, val, pen, _, _ = cand
            if used + len(nats) + k > self.limit:
                continue
            lost = 0
            for x in nats:
                counts[x] -= 1
                lost += open_of[x]
            self.stack.append(cand)
            done = self.run(
                i, jokers - k, value + val, kept_pen, used + len(nats) + k, reach - lost, rem - pen
            )
            self.stack.pop()
            for x in nats:
                counts[x] += 1
            if done:
                return True
            if optimistic <= self.best_key:
                return False
        counts[i] = 0
        pen_i = n * self.pen[i]
        done = self.run(
            i + 1, jokers, value, kept_pen + pen_i, used, reach - n * open_of[i], rem - pen_i
        )
        counts[i] = n
        return done


def _layout(cand: _Cand, extra: int) -> tuple[int, ...]:
    """The core's layout with ``extra`` jokers added at its ends (runs upward first)."""
    lay = cand[4]
    kind, _, y = cand[5]
    if kind == 1 or not extra:
        return lay + (-1,) * extra
    up = min(extra, ACE_HIGH - y)
    return (-1,) * (extra - up) + lay + (-1,) * up


def _meld(cand: _Cand, extra: int, code: Scala40Code) -> Meld:
    """The meld of a core and its ``extra`` jokers; a run's jokers declared by place (art. 8)."""
    layout = _layout(cand, extra)
    kind, lo, hi = cand[5]
    if kind == 1:
        return make_meld(tuple(JOKER if x < 0 else ALL_CARDS[x] for x in layout), code)
    suit = ALL_CARDS[cand[0][0]].suit
    assert suit is not None
    start = lo - (len(layout) - (hi - lo + 1) - min(extra, ACE_HIGH - hi))
    tokens: list[Token] = [
        (JOKER, place_card(suit, start + n)) if x < 0 else (ALL_CARDS[x], None)
        for n, x in enumerate(layout)
    ]
    return make_meld(tokens, code)


def _solve(
    hand: Sequence[Card], min_points: int | None, keep: int, code: Scala40Code | None, first: bool
) -> Opening | None:
    k = code or scala40()
    need = k.opening_points if min_points is None else min_points
    counts = [0] * 53
    for c in hand:
        counts[c.index] += 1
    jokers = counts[JOKER.index]
    search = _Search(counts[:_NAT], need, len(hand) - keep, k, first)
    reach = sum(search.open_of[i] * counts[i] for i in range(_NAT))
    rem = sum(search.pen[i] * counts[i] for i in range(_NAT))
    search.run(0, jokers, 0, 0, 0, reach, rem)
    if not search.best:
        return None
    melds = tuple(_meld(cand, t, k) for cand, t in zip(search.best, search.best_ext, strict=True))
    left = list(hand)
    for m in melds:
        for x in m.cards:
            left.remove(x)
    points = sum(m.opening_value(k) for m in melds)
    return Opening(melds, points, tuple(left))


def best_opening(
    hand: Sequence[Card],
    *,
    min_points: int | None = None,
    keep: int = 1,
    code: Scala40Code | None = None,
) -> Opening | None:
    """The opening of at least ``min_points`` (default 40, art. 7) keeping the most useful hand.

    ``keep`` cards at least stay in hand (one to discard, art. 6). Returns None when the hand
    holds no such opening.
    """
    return _solve(hand, min_points, keep, code, first=False)


def can_open(
    hand: Sequence[Card],
    *,
    min_points: int | None = None,
    keep: int = 1,
    code: Scala40Code | None = None,
) -> bool:
    """True if ``hand`` holds an opening of at least ``min_points`` (default 40, art. 7)."""
    return _solve(hand, min_points, keep, code, first=True) is not None


__all__ = ["Opening", "best_opening", "can_open"]
