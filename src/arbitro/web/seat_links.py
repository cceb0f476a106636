"""The seats' links of a round's digital tables (issue 32), for their table cards: each seat's
own address to its phone page, the one ``arbitro digital links`` prints and the desk's table
page lists (:func:`arbitro.web.digital_table.seat_path`), at a base URL. The desk's printout
and ``arbitro print table-cards`` read them alike.

The tables are those that play on the phones (opened as digital, or chosen digital and not
played on paper: :func:`arbitro.tournament.boards.plan_digital_tables`); the seats those that
a player holds: an opened table's seats dealt a hand less those a robot plays, a table not
opened yet its engine's seats for its seating (three at a Scala 40 table of three, art. 26).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.lazy_names import lazy_module
from arbitro.tournament.boards import plan_digital_tables
from arbitro.tournament.event import EventState

if TYPE_CHECKING:
    from arbitro.tournament.digital import engine as engines
    from arbitro.web import digital_table
else:  # loaded only when the round has a digital table (a paper evening loads neither)
    engines = lazy_module("arbitro.tournament.digital.engine")
    digital_table = lazy_module("arbitro.web.digital_table")


def table_seats(state: EventState, round_number: int, table: int) -> tuple[str, ...]:
    """The seats of digital table ``table`` that a player holds, in the engine's order: an
    opened table's seats of its deal being played less its robots', else the engine's seats
    for the table's seating (:class:`~arbitro.tournament.digital.engine.SeatedEngine`)."""
    opened = state.digital.get((round_number, table))
    if opened is not None:
        robots = set(opened.current.robots) if opened.deals else set()
        return tuple(s.value for s in opened.seats if s.value not in robots)
    engine = engines.engine_of(state.config.code)
    seated = engines.seated_engine(engine)
    seating = state.round(round_number).seating
    found = [t for t in seating.tables if t.table == table] if seating is not None else []
    if seated is not None and found:
        return tuple(s.value for s in seated.table_seats(found[0]))
    return tuple(s.value for s in engine.seats)


def round_seat_links(
    secret: bytes, base: str, state: EventState, event_id: str, round_number: int
) -> dict[int, dict[str, str]]:
    """Each digital table of the round → each of its players' seats → the seat's link at
    ``base`` (:func:`table_seats`), in table and seat order; empty when every table is on
    paper."""
    out: dict[int, dict[str, str]] = {}
    for table in sorted(plan_digital_tables(state, round_number)):
        out[table] = {
            seat: base.rstrip("/")
            + digital_table.seat_path(secret, event_id, table, round_number, seat)
            for seat in table_seats(state, round_number, table)
        }
    return out
