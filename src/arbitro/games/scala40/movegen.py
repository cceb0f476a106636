"""Every meld, lay-off and opening a Scala 40 hand can make (arts. 6-9, 17), for
:meth:`Deal.legal_moves <arbitro.games.scala40.deal.Deal.legal_moves>`.

A hand is its counts by :attr:`Card.index`. Candidates are built from the hand (a set: one
rank, naturals of distinct suits and jokers standing for the suits missing; a run: a window of
places of one suit, each place its natural or a joker standing for it) and kept when
:func:`~arbitro.games.scala40.melds.make_meld` or :meth:`Meld.lay_off` accepts them, once for
each meld they make (jokers written declared, ``JK=7D``, so the move says what each stands
for: art. 8). An opening is a set of disjoint melds worth the opening points (art. 7), listed
once whatever the order of its melds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from arbitro.cards import ALL_CARDS, JOKER
from arbitro.codes.scala40 import Scala40Code
from arbitro.games.core.errors import IllegalMoveError
from arbitro.games.scala40.melds import Meld, Token
from arbitro.games.scala40.melds import make_meld as _make_meld
from arbitro.games.scala40.rules import ACE_HIGH, ACE_LOW

_JK = JOKER.index


def _index(q: int, place: int) -> int:
    return q * 13 + (0 if place == ACE_HIGH else place - 1)


def _run_fills(
    q: int, places: Sequence[int], h: Sequence[int], jokers: int, *, naturals_needed: bool
) -> Iterator[tuple[Token, ...]]:
    """Each way to fill run ``places`` of suit ``q``: a natural where the hand holds one (an
    ace once), else or instead a joker standing for it, at most ``jokers`` jokers."""
    out: list[Token] = []

    def walk(k: int, left: int, used: dict[int, int], nat: int) -> Iterator[tuple[Token, ...]]:
        if k == len(places):
            if nat or not naturals_needed:
                yield tuple(out)
            return
        i = _index(q, places[k])
        if h[i] > used.get(i, 0):
            used[i] = used.get(i, 0) + 1
            out.append((ALL_CARDS[i], None))
            yield from walk(k + 1, left, used, nat + 1)
            out.pop()
            used[i] -= 1
        if left:
            out.append((JOKER, ALL_CARDS[i]))
            yield from walk(k + 1, left - 1, used, nat)
            out.pop()

    yield from walk(0, jokers, {}, 0)


def hand_melds(h: Sequence[int], code: Scala40Code) -> list[Meld]:
    """Every meld the hand ``h`` can lay (arts. 8-9), each once."""
    jokers = h[_JK]
    found: dict[tuple[Token, ...], Meld] = {}

    def add(tokens: tuple[Token, ...]) -> None:
        try:
            m = _make_meld(tokens, code)
        except IllegalMoveError:
            return
        found.setdefault(m.tokens, m)

    low = code.meld_min_cards
    for r in range(13):
        held = [q for q in range(4) if h[q * 13 + r]]
        for n in range(1, len(held) + 1):
            for nat in combinations(held, n):
                missing = [q for q in range(4) if q not in nat]
                for j in range(min(jokers, code.set_max_cards - n) + 1):
                    if n + j < low:
                        continue
                    for decl in combinations(missing, j):
                        add(
                            tuple((ALL_CARDS[q * 13 + r], None) for q in nat)
                            + tuple((JOKER, ALL_CARDS[q * 13 + r]) for q in decl)
                        )
    for q in range(4):
        for start in range(ACE_LOW, ACE_HIGH - low + 2):
            for length in range(low, min(code.run_max_cards, ACE_HIGH - start + 1) + 1):
                places = range(start, start + length)
                for tokens in _run_fills(q, places, h, jokers, naturals_needed=True):
                    add(tokens)
    return list(found.values())


def meld_layoffs(
    m: Meld, h: Sequence[int], code: Scala40Code
) -> list[tuple[tuple[Token, ...], Meld]]:
    """Every lay-off of one card or more from ``h`` on ``m`` (art. 6; at most two cards at a
    time on a run, art. 17), with the meld it makes, each once."""
    jokers = h[_JK]
    found: dict[tuple[Token, ...], tuple[tuple[Token, ...], Meld]] = {}

    def add(tokens: tuple[Token, ...]) -> None:
        try:
            new = m.lay_off(tokens, code=code)
        except IllegalMoveError:
            return
        found.setdefault(new.tokens, (tokens, new))

    if m.is_run:
        q = m.cards[0].index // 13 if not m.cards[0].is_joker else m.stands[0].index // 13
        room = min(code.layoff_max_run_cards, code.run_max_cards - len(m))
        for below in range(room + 1):
            for above in range(room + 1 - below):
                if not below + above:
                    continue
                places = [
                    *range(m.low - below, m.low),
                    *range(m.high + 1, m.high + 1 + above),
                ]
                if places[0] < ACE_LOW or places[-1] > ACE_HIGH:
                    continue
                for tokens in _run_fills(q, places, h, jokers, naturals_needed=False):
                    add(tokens)
    else:
        r = m.stands[0].index % 13
        have = {s.index // 13 for s in m.stands}
        missing = [q for q in range(4) if q not in have]
        room = code.set_max_cards - len(m)
        held = [q for q in missing if h[q * 13 + r]]
        for n in range(len(held) + 1):
            for nat in combinations(held, n):
                rest = [q for q in missing if q not in nat]
                for j in range(min(jokers, room - n) + 1):
                    if not n + j:
                        continue
                    for decl in combinations(rest, j):
                        add(
                            tuple((ALL_CARDS[q * 13 + r], None) for q in nat)
                            + tuple((JOKER, ALL_CARDS[q * 13 + r]) for q in decl)
                        )
    return list(found.values())


def openings(
    melds: Sequence[Meld], h: Sequence[int], code: Scala40Code, *, max_cards: int
) -> list[tuple[Meld, ...]]:
    """Every set of disjoint melds of ``melds`` the hand ``h`` holds at once, worth at least
    the opening points (art. 7) and of ``max_cards`` cards at the most."""
    need = code.opening_points
    values = [m.opening_value(code) for m in melds]
    counts = []
    for m in melds:
        c: dict[int, int] = {}
        for x in m.cards:
            c[x.index] = c.get(x.index, 0) + 1
        counts.append(tuple(c.items()))
    left = list(h)
    out: list[tuple[Meld, ...]] = []
    chosen: list[Meld] = []

    def walk(start: int, points: int, cards: int) -> None:
        if chosen and points >= need:
            out.append(tuple(chosen))
        for k in range(start, len(melds)):
            size = len(melds[k])
            if cards + size > max_cards or any(left[i] < n for i, n in counts[k]):
                continue
            for i, n in counts[k]:
                left[i] -= n
            chosen.append(melds[k])
            walk(k + 1, points + values[k], cards + size)
            chosen.pop()
            for i, n in counts[k]:
                left[i] += n

    walk(0, 0, 0)
    return out


__all__ = ["hand_melds", "meld_layoffs", "openings"]
