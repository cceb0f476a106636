"""Top-down greedy grouping with backtracking, the search behind modified Danish (art. 4).

The competitors, best first, are split into consecutive groups (two lines for pairs and teams,
four players for individual events) as close to the Danish order as possible: the best
unplaced competitor is grouped with the next best ones it may meet; when the tail cannot be
completed, the search backtracks to the latest choice that has an alternative.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from arbitro.tournament.model import CompetitorId

SEARCH_LIMIT = 2_000_000
"""Candidate placements tried before the search gives up (a guard, never hit in practice)."""


class SearchLimitReached(Exception):
    """The grouping search tried ``SEARCH_LIMIT`` placements without an answer."""


def group_top_down(
    ranked: Sequence[CompetitorId],
    size: int,
    forbidden: Mapping[CompetitorId, Set[CompetitorId]],
    limit: int = SEARCH_LIMIT,
) -> list[tuple[CompetitorId, ...]] | None:
    """Split ``ranked`` into groups of ``size``, no group holding two mutually ``forbidden``.

    Each group starts with the best unplaced competitor and takes the next best compatible
    ones; on a dead end it backtracks (art. 4, modified Danish). Returns the groups in order,
    or ``None`` when no such split exists; raises :class:`SearchLimitReached` after ``limit``
    placements. ``len(ranked)`` must be a multiple of ``size``.
    """
    n = len(ranked)
    empty: frozenset[CompetitorId] = frozenset()
    bans = [forbidden.get(c, empty) for c in ranked]
    used = [False] * n
    picks: list[int] = []  # indices chosen, ``size`` per group; group leaders at k*size
    start = 0  # the first index to try for the next pick
    lowest_free = 0  # every index below this is used
    tried = 0
    while len(picks) < n:
        slot = len(picks) % size
        chosen = -1
        if slot == 0:
            while lowest_free < n and used[lowest_free]:
                lowest_free += 1
            if start <= lowest_free:
                chosen = lowest_free
        else:
            group = picks[len(picks) - slot :]
            for j in range(max(start, picks[-1] + 1), n):
                if used[j]:
                    continue
                tried += 1
                c = ranked[j]
                if all(c not in bans[g] and ranked[g] not in bans[j] for g in group):
                    chosen = j
                    break
        if tried > limit:
            raise SearchLimitReached
        if chosen >= 0:
            used[chosen] = True
            picks.append(chosen)
            start = 0
            continue
        # Dead end: undo the latest pick and try the next candidate in its place.
        if not picks:
            return None
        last = picks.pop()
        used[last] = False
        lowest_free = min(lowest_free, last)
        if len(picks) % size == 0:
            # A group leader is forced (the best unplaced): undo further.
            if not picks:
                return None
            last = picks.pop()
            used[last] = False
            lowest_free = min(lowest_free, last)
        start = last + 1
    return [tuple(ranked[i] for i in picks[k : k + size]) for k in range(0, n, size)]
