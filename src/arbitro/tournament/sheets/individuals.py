"""What the standings and the desk say of tables of individuals, whatever their game, read
from the event's code and its kind of sheet (Scala 40 art. 2, 26 for the built-in one): the
tables of three and the players seated together again. The kind of sheet of such tables is
its code's (``CodeSpec.sheet``; Scala 40's: :mod:`arbitro.codes.scala40_sheet_kind`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.codes.citation import code_table
from arbitro.i18n import Message, msg
from arbitro.tournament.movements.fours import repeated_tablemates

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState


def short_tables_note(state: EventState, up_to: int) -> Message | None:
    """The standings' note on the tables of three up to round ``up_to`` (Scala 40 art. 26:
    the three play "tenendo sempre validi i punteggi come per quattro" and the empty seat,
    the "riposato", is given 1000): each of the three places above it and counts its
    difference with it, so a table of three gives more V.P. than one of four (docs/rulings.md,
    Scala 40 16). None when no round had one, or the tables are not of individuals."""
    if not state.sheet_kind.individual_tables:
        return None
    # The event's code's numbers: its players at a table (art. 2), the riposato's points (art. 26).
    seats = int(str(code_table(state.code.code, "deal")["players"]))
    rested = int(str(code_table(state.code.code, "incomplete_table")["rested_negative_points"]))
    short = []
    for r in range(1, up_to + 1):
        seating = state.round(r).seating
        for t in seating.tables if seating is not None else ():
            if t.players is not None and len(t.players) < seats:
                short.append(f"{r}/{t.table}")
    if not short:
        return None
    return msg(
        "Tables of three (round/table {tables}): the empty seat counts as a fourth player with "
        "{points} negative points; each of the three is placed above it and scores its "
        "difference with it ({article}).",
        tables=", ".join(short),
        points=rested,
        article=state.code.cite("rest"),
    )


def repeated_meetings(state: EventState, round_number: int) -> list[Message]:
    """The players of round ``round_number``'s seating who sat at one table in the round
    before too (Scala 40 art. 2: "l'accoppiamento cambia ad ogni turno"; with three tables or
    fewer no movement can part four tablemates), one message per table: for the desk to see
    before publishing. Empty for tables of lines."""
    if round_number < 2 or not state.sheet_kind.individual_tables:
        return []
    before, now = state.round(round_number - 1).seating, state.round(round_number).seating
    if before is None or now is None:
        return []
    names = {c: f"{state.competitor(c).name} ({c})" for t in now.tables for c in t.players or ()}
    return [
        msg(
            "{players}: at one table again, as in round {round} ({article})",
            players=", ".join(names[p] for p in group),
            round=round_number - 1,
            article=state.code.cite("seating"),
        )
        for group in repeated_tablemates(before, now)
    ]
