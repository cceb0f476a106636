"""Building a round's tables from lines, and reading who met whom in a past round (art. 4).

Tables are numbered 1..n in order; with an odd number of lines the last table is the
incomplete one (art. 2 "Tavolo incompleto"), its line present resting (art. 37).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.tournament.model import CompetitorId, Line, Seating, TableSeating


def seating_from_lines(matches: Sequence[tuple[Line, Line]], resting: Line | None) -> Seating:
    """Seat each (NS, EW) match at tables 1, 2, ... and the resting line, if any, last (art. 4).

    The resting line sits North-South at the incomplete table, East-West empty (art. 37).
    """
    tables = [TableSeating(i, ns, ew) for i, (ns, ew) in enumerate(matches, start=1)]
    if resting is not None:
        tables.append(TableSeating(len(tables) + 1, resting, None))
    return Seating(tuple(tables))


def seating_from_order(order: Sequence[Line], resting: Line | None) -> Seating:
    """Seat lines two by two in ``order`` (1st NS v 2nd EW at table 1...), then the resting one."""
    return seating_from_lines([(order[i], order[i + 1]) for i in range(0, len(order), 2)], resting)


def opponents(seating: Seating) -> dict[CompetitorId, set[CompetitorId]]:
    """Each competitor seated in ``seating`` and the competitors of the line they met."""
    met: dict[CompetitorId, set[CompetitorId]] = {}
    for table in seating.tables:
        for line, other in ((table.ns, table.ew), (table.ew, table.ns)):
            for c in line or ():
                met.setdefault(c, set()).update(other or ())
    return met


def tablemates(seating: Seating) -> dict[CompetitorId, set[CompetitorId]]:
    """Each competitor seated in ``seating`` and everyone else at their table (partner included)."""
    mates: dict[CompetitorId, set[CompetitorId]] = {}
    for table in seating.tables:
        at_table = [c for line in table.lines for c in line]
        for c in at_table:
            mates.setdefault(c, set()).update(x for x in at_table if x != c)
    return mates


def partners(seating: Seating) -> dict[CompetitorId, set[CompetitorId]]:
    """Each competitor seated in ``seating`` and the others of their own line."""
    result: dict[CompetitorId, set[CompetitorId]] = {}
    for table in seating.tables:
        for line in table.lines:
            for c in line:
                result.setdefault(c, set()).update(x for x in line if x != c)
    return result


def meetings(seating: Seating) -> frozenset[frozenset[Line | None]]:
    """The round's matches as unordered {line, line} sets; a rest is {line, None}."""
    return frozenset(frozenset((t.ns, t.ew)) for t in seating.tables)


def table_of(seating: Seating) -> dict[CompetitorId, int]:
    """The table each competitor sat at in ``seating`` (those who met share a table)."""
    return {c: t.table for t in seating.tables for line in t.lines for c in line}
