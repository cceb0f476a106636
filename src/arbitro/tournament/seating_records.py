"""A round's seating as its ``round-seated`` record holds it, and back (FIBAS art. 4)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from arbitro.tournament.model import Seating, TableSeating
from arbitro.tournament.records import SeatedTable, body_to_json


def seating_tables(seating: Seating) -> tuple[SeatedTable, ...]:
    """A seating as a ``round-seated`` record holds it."""
    return tuple(SeatedTable(t.table, t.ns, t.ew, t.players) for t in seating.tables)


def seating_from_tables(tables: Iterable[SeatedTable]) -> Seating:
    """The seating a ``round-seated`` record holds."""
    new = object.__new__
    set_table, set_ns, set_ew, set_players = _SEAT_SET
    seats = []
    for t in tables:  # TableSeating(t.table, t.ns, t.ew, t.players), its slots set directly
        seat = new(TableSeating)
        set_table(seat, t.table)
        set_ns(seat, t.ns)
        set_ew(seat, t.ew)
        set_players(seat, t.players)
        seats.append(seat)
    return Seating(tuple(seats))


# A frozen class's ``__init__`` sets each field through ``object.__setattr__``: a replay
# seats every table of every round (issue 14).
_SEAT_SET = tuple(TableSeating.__dict__[f].__set__ for f in ("table", "ns", "ew", "players"))


def seating_to_payload(seating: Seating) -> list[dict[str, Any]]:
    """A seating as JSON-ready data: one ``{"table", "ns", "ew"[, "players"]}`` per table."""
    return [
        {k: v for k, v in body_to_json(t).items() if k != "players" or v is not None}
        for t in seating_tables(seating)
    ]
