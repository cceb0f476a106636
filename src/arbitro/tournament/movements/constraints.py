"""Pairs that must not meet (same club, family, the director's list), and the seatings that
keep them apart where they can (FIBAS art. 4 "Assegnazione del tavolo").

Two competitors "meet" when they sit at the same table (the two lines of a table of pairs or
teams, the four players of a table of individuals). The movements read the pairs to avoid
from :attr:`SeatingRequest.avoid`: the draw repairs its drawn order, Danish and modified
Danish treat them as rematches, Mitchell with an automatic step chooses the step that breaks
fewest of them. A constraint no seating can keep is not a reason to refuse the round: the
seating is made, and :func:`unkept` names the pairs who meet anyway.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import gcd

from arbitro.tournament.model import CompetitorId, Line, Seating
from arbitro.tournament.movements.grouping import (
    SEARCH_LIMIT,
    SearchLimitReached,
    group_top_down,
)

Pair = tuple[CompetitorId, CompetitorId]

CONSTRAINED_SEARCH_LIMIT = 200_000
"""Placements tried to keep constrained pairs apart before giving up on them: the constraints
are kept "where possible", never at the cost of a seating that does not come."""

AUTO_STEP = 0
"""The configured Mitchell step that lets arbitro choose it (art. 4 "di uno o più tavoli")."""


@dataclass(frozen=True, slots=True)
class Meeting:
    """A pair that should not meet, seated at the same table anyway."""

    first: CompetitorId
    second: CompetitorId
    table: int


def apart(
    pairs: Iterable[Pair], among: Iterable[CompetitorId] | None = None
) -> dict[CompetitorId, set[CompetitorId]]:
    """Each competitor and those it must not meet, both ways; only pairs whose two
    competitors are ``among`` (all if None)."""
    keep = None if among is None else set(among)
    result: dict[CompetitorId, set[CompetitorId]] = {}
    for a, b in pairs:
        if a == b or (keep is not None and (a not in keep or b not in keep)):
            continue
        result.setdefault(a, set()).add(b)
        result.setdefault(b, set()).add(a)
    return result


def unkept(seating: Seating, pairs: Iterable[Pair]) -> list[Meeting]:
    """The constrained pairs seated at the same table in ``seating`` (art. 4), by table."""
    table_of = {c: t.table for t in seating.tables for line in t.lines for c in line}
    found: list[Meeting] = []
    seen: set[frozenset[CompetitorId]] = set()
    for a, b in pairs:
        key = frozenset((a, b))
        if a == b or key in seen:
            continue
        seen.add(key)
        table = table_of.get(a)
        if table is not None and table == table_of.get(b):
            found.append(Meeting(a, b, table))
    return sorted(found, key=lambda m: (m.table, m.first, m.second))


def group_apart(
    ranked: Sequence[CompetitorId],
    size: int,
    pairs: Iterable[Pair],
    classes: dict[CompetitorId, int] | None = None,
) -> list[tuple[CompetitorId, ...]] | None:
    """``ranked`` cut into groups of ``size`` as close to its order as possible with no
    constrained pair (nor two of one class) in a group; None if there is none (or the search
    gives up). Without constraints among ``ranked`` it is the plain top-down grouping."""
    avoid = apart(pairs, ranked)
    limit = CONSTRAINED_SEARCH_LIMIT if avoid else SEARCH_LIMIT
    try:
        return group_top_down(ranked, size, classes or {}, limit=limit, apart=avoid)
    except SearchLimitReached:
        return None


def mitchell_steps(tables: int) -> list[int]:
    """The steps that keep a Mitchell movement's cycle over ``tables`` tables (art. 4: the
    moving lines advance "di uno o più tavoli"): those coprime with the number of tables, so
    that each moving line visits every table before it meets a stationary line again."""
    if tables <= 1:
        return [1]
    return [s for s in range(1, tables) if gcd(s, tables) == 1]


def mitchell_meetings(
    stationary: Sequence[Line | None],
    moving: Sequence[Line],
    step: int,
    rounds: int,
    pairs: Iterable[Pair],
) -> int:
    """How many constrained pairs meet in the next ``rounds`` Mitchell rounds with ``step``:
    the moving line of table t sits at table t + k × step in the k-th of them."""
    avoid = apart(pairs)
    count = len(stationary)
    broken = 0
    for k in range(1, rounds + 1):
        for t, line in enumerate(moving):
            there = stationary[(t + k * step) % count]
            if there is None:
                continue
            broken += sum(1 for a in line for b in there if b in avoid.get(a, ()))
    return broken


def best_mitchell_step(
    stationary: Sequence[Line | None],
    moving: Sequence[Line],
    rounds: int,
    pairs: Sequence[Pair],
) -> int:
    """The step, among those keeping the cycle, whose next ``rounds`` rounds seat fewest
    constrained pairs together (art. 4); the smallest such step on a tie (1 without
    constraints)."""
    steps = mitchell_steps(len(stationary))
    return min(steps, key=lambda s: (mitchell_meetings(stationary, moving, s, rounds, pairs), s))
