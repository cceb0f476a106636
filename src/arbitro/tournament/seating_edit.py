"""A round's seating edited by hand before it is published (FIBAS art. 4: the players sit
"ai tavoli numerati dall'arbitro"; docs/rulings.md, "Seating by hand").

Pure functions: the seating a ``seating-edited`` record makes of the one before it. An edit
always applies to whatever seating it meets (an earlier edit cancelled, the fold reads the
later ones again on the seating without it): a swap exchanges two competitors wherever they
sit, a move puts a competitor on a line and the line's occupant, if any, in the mover's old
place. An edit whose competitors are no longer seated changes nothing.
"""

from __future__ import annotations

from arbitro.tournament.model import CompetitorId, Line, Seating, TableSeating
from arbitro.tournament.records import SeatingEdited

SIDES = ("ns", "ew")
"""The lines of a table an edit may name: North-South, East-West."""


def apply_edit(seating: Seating, edit: SeatingEdited) -> Seating:
    """The seating after one hand edit (FIBAS art. 4): a swap or a move, see the module."""
    if edit.action == "swap":
        if edit.other is None:
            return seating
        return swap(seating, edit.competitor, edit.other)
    if edit.table is None or edit.line is None:
        return seating
    return move(seating, edit.competitor, edit.table, edit.line)


def place_of(seating: Seating, competitor: CompetitorId) -> tuple[int, str] | None:
    """Where ``competitor`` sits: its table and line ("ns", "ew", or "p" at a table of
    individuals, Scala 40 art. 2), or None if it is not seated."""
    for t in seating.tables:
        if t.players is not None and competitor in t.players:
            return t.table, "p"
        for side, line in (("ns", t.ns), ("ew", t.ew)):
            if line is not None and competitor in line:
                return t.table, side
    return None


def swap(seating: Seating, a: CompetitorId, b: CompetitorId) -> Seating:
    """``a`` and ``b`` exchange their places (nothing changes unless both are seated)."""
    if place_of(seating, a) is None or place_of(seating, b) is None:
        return seating
    other = {a: b, b: a}

    def exchanged(line: Line | None) -> Line | None:
        return None if line is None else tuple(other.get(c, c) for c in line)

    return Seating(
        tuple(
            TableSeating(t.table, exchanged(t.ns), exchanged(t.ew), exchanged(t.players))
            for t in seating.tables
        )
    )


def line_size(seating: Seating) -> int:
    """How many competitors form a line in this seating: one pair or team, two players in
    an individual event (FIBAS art. 4 "Formazione delle linee")."""
    return max(
        (len(line) for t in seating.tables if t.players is None for line in t.lines), default=1
    )


def move(seating: Seating, competitor: CompetitorId, table: int, side: str) -> Seating:
    """``competitor`` moved to line ``side`` of ``table`` (the table after the last: a new
    table, incomplete until another line joins it, art. 37). A line of one competitor
    (pairs, teams) is taken and its occupant sits in the mover's old place; a line with room
    (an individual event's line of one player) takes the mover beside its player. A table
    left with no line is removed and the tables after it numbered one less (art. 4: the
    tables are numbered 1, 2, 3...)."""
    found = place_of(seating, competitor)
    if found is None or found[1] == "p" or side not in SIDES:
        return seating
    if not 1 <= table <= len(seating.tables) + 1:
        return seating
    from_table, from_side = found
    if (from_table, from_side) == (table, side):
        return seating
    tables = {t.table: {"ns": t.ns, "ew": t.ew} for t in seating.tables}
    tables.setdefault(table, {"ns": None, "ew": None})
    target = tables[table][side] or ()
    size = line_size(seating)
    left = tuple(c for c in tables[from_table][from_side] or () if c != competitor)
    if size == 1:
        tables[from_table][from_side] = target or None
        tables[table][side] = (competitor,)
    elif len(target) < size:
        tables[from_table][from_side] = left or None
        tables[table][side] = (*target, competitor)
    else:  # a full line of an individual event: nothing to take
        return seating
    kept = [n for n in sorted(tables) if tables[n]["ns"] or tables[n]["ew"]]
    return Seating(
        tuple(
            TableSeating(i, tables[n]["ns"], tables[n]["ew"]) for i, n in enumerate(kept, start=1)
        )
    )
