"""Top-down greedy grouping with backtracking, the search behind modified Danish (art. 4).

The competitors, best first, are split into consecutive groups (two lines for pairs and teams,
four players for individual events) as close to the Danish order as possible: the best
unplaced competitor is grouped with the next best ones it may meet; on a dead end the search
backtracks to the latest choice that has an alternative. The result is the first valid split
in that (lexicographic) order.

Who may not meet is a partition into classes: the tables of the previous round ("affrontate
nel turno precedente"). Two competitors of one class may not share a group. This makes the
search fast: m groups can still be filled exactly when no class has more than m unplaced
members (deal the members class by class round the groups), so the search prunes every branch
that breaks this count, and never explores a dead end beyond the group being formed.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence, Set

from arbitro.tournament.model import CompetitorId

SEARCH_LIMIT = 5_000_000
"""Candidate placements tried before the search gives up (a guard, never hit in practice)."""


class SearchLimitReached(Exception):
    """The grouping search tried ``SEARCH_LIMIT`` placements without an answer."""


def group_top_down(
    ranked: Sequence[CompetitorId],
    size: int,
    classes: Mapping[CompetitorId, Hashable],
    limit: int = SEARCH_LIMIT,
    apart: Mapping[CompetitorId, Set[CompetitorId]] | None = None,
) -> list[tuple[CompetitorId, ...]] | None:
    """Split ``ranked`` into groups of ``size``, no group holding two of the same class.

    Each group starts with the best unplaced competitor and takes the next best ones it may
    sit with; on a dead end the search backtracks (art. 4, modified Danish). Competitors
    missing from ``classes`` are in a class of their own. Returns the groups in order, or
    ``None`` when no such split exists; raises :class:`SearchLimitReached` after ``limit``
    placements. ``len(ranked)`` must be a multiple of ``size``. ``apart``: pairs that may
    not share a group either (the pairs that must not meet, art. 4), each competitor to
    those it must not meet; the class count still prunes, these only refuse a candidate.
    """
    n = len(ranked)
    ids: dict[Hashable, int] = {}
    cls = [ids.setdefault(classes.get(c, ("alone", c)), len(ids)) for c in ranked]
    # ranked[i] may not share a group with these positions (the pairs that must not meet)
    where = {c: i for i, c in enumerate(ranked)}
    away = [frozenset(where[o] for o in (apart or {}).get(c, ()) if o in where) for c in ranked]
    count = [0] * len(ids)  # unplaced members of each class
    for k in cls:
        count[k] += 1
    hist = [0] * (n + 2)  # hist[x]: classes with x unplaced members
    for x in count:
        hist[x] += 1
    if max(count, default=0) > n // size:
        return None

    used = [False] * n
    picks: list[int] = []
    group_classes: list[int] = []

    def place(i: int) -> None:
        used[i] = True
        k = cls[i]
        hist[count[k]] -= 1
        count[k] -= 1
        hist[count[k]] += 1
        picks.append(i)
        group_classes.append(k)

    def unplace() -> int:
        i = picks.pop()
        group_classes.pop()
        used[i] = False
        k = cls[i]
        hist[count[k]] -= 1
        count[k] += 1
        hist[count[k]] += 1
        return i

    def feasible() -> bool:
        # Groups left including the current one; classes at that count must join this group.
        in_group = len(picks) % size or size
        groups_left = (n - len(picks) + in_group) // size
        free = size - in_group
        tight = hist[groups_left]
        if free == 0:
            return tight == 0
        if tight > free:
            return False
        return not tight or all(count[k] < groups_left for k in group_classes[-in_group:])

    start = 0
    lowest_free = 0
    tried = 0
    while len(picks) < n:
        slot = len(picks) % size
        chosen = False
        if slot == 0:
            while used[lowest_free]:
                lowest_free += 1
            if start <= lowest_free:
                place(lowest_free)
                chosen = feasible()
                if not chosen:
                    unplace()
        else:
            members = group_classes[-slot:]
            for j in range(max(start, picks[-1] + 1), n):
                if used[j] or cls[j] in members:
                    continue
                if away[j] and not away[j].isdisjoint(picks[-slot:]):
                    continue
                tried += 1
                place(j)
                if feasible():
                    chosen = True
                    break
                unplace()
        if tried > limit:
            raise SearchLimitReached
        if chosen:
            start = 0
            continue
        # Dead end: undo the latest pick and try the next candidate in its place; a group's
        # first member is forced (the best unplaced), so undo past it.
        if not picks:
            return None
        last = unplace()
        lowest_free = min(lowest_free, last)
        if len(picks) % size == 0:
            if not picks:
                return None
            last = unplace()
            lowest_free = min(lowest_free, last)
        start = last + 1
    return [tuple(ranked[i] for i in picks[k : k + size]) for k in range(0, n, size)]
