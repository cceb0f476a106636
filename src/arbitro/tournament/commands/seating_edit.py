"""Editing a round's seating by hand before it is published (FIBAS art. 4: the players sit
"ai tavoli numerati dall'arbitro"; docs/rulings.md, "Seating by hand"): swap two
competitors, or move one to another table and line. Each edit is a record, cancelled like
every action; the seating then stands once published (art. 21 b), and a seating a correction
made stale is drawn again first (art. 21 a)."""

from __future__ import annotations

from datetime import datetime

from arbitro.errors import ArbitroError, ConflictError
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.commands.rounds import stale_seating
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, Seating
from arbitro.tournament.records import Record, SeatingEdited
from arbitro.tournament.seating_edit import SIDES, apply_edit, line_size, place_of


def editable(state: EventState, round_number: int) -> Seating:
    """The round's seating, if it may be edited by hand: seated, not published (art. 21 b:
    the published seating is the one played), not stale (art. 21 a: a correction changed
    the standings it was drawn on, it is drawn again first)."""
    r = state.round(round_number)
    code = state.code
    if r.seating is None:
        raise ArbitroError("round {round} is not seated yet", round=round_number)
    if r.seating_published_at is not None:
        raise ConflictError(
            "round {round}'s seating is already published: it stands",
            round=round_number,
            article=code.cite("corrections"),
        )
    if stale_seating(state, round_number):
        raise ConflictError(
            "round {round}'s seating was drawn before a correction changed the standings: "
            "draw it again before editing it",
            round=round_number,
            article=code.cite("corrections"),
        )
    return r.seating


def _seated(state: EventState, seating: Seating, round_number: int, c: CompetitorId) -> str:
    """Where ``c`` sits (its line's side), or the error of a competitor not seated."""
    state.competitor(c)
    found = place_of(seating, c)
    if found is None:
        raise ArbitroError(
            "competitor {competitor} is not seated in round {round}",
            competitor=c,
            round=round_number,
        )
    return found[1]


def swap_competitors(
    state: EventState,
    round_number: int,
    first: CompetitorId,
    second: CompetitorId,
    now: datetime,
    actor: str = "director",
) -> Record:
    """Swap the places of two competitors in the round's unpublished seating (art. 4, the
    arbiter numbers the tables and seats the lines; docs/rulings.md, "Seating by hand")."""
    seating = editable(state, round_number)
    _seated(state, seating, round_number, first)
    _seated(state, seating, round_number, second)
    edit = SeatingEdited(round_number, "swap", first, other=second)
    if first == second or apply_edit(seating, edit) == seating:
        raise ArbitroError(
            "{first} and {second} sit on the same line: nothing to swap",
            first=first,
            second=second,
        )
    return make_record(edit, now, actor)


def move_competitor(
    state: EventState,
    round_number: int,
    competitor: CompetitorId,
    table: int,
    line: str,
    now: datetime,
    actor: str = "director",
) -> Record:
    """Move a competitor to line ``line`` ("ns"/"ew") of ``table`` in the round's
    unpublished seating: the line's occupant takes the mover's place; the table after the
    last is a new table, where the line rests until another joins it (art. 37). Refused at
    tables of individuals (Scala 40 art. 2: swap the players there)."""
    seating = editable(state, round_number)
    if _seated(state, seating, round_number, competitor) == "p":
        raise ArbitroError("at tables of individuals, swap two players instead")
    if line not in SIDES:
        raise ArbitroError("«{line}» is not a line: ns or ew", line=line)
    count = len(seating.tables)
    if not 1 <= table <= count + 1:
        raise ArbitroError(
            "table {table} does not exist: tables 1-{count}, or {new} for a new table",
            table=table,
            count=count,
            new=count + 1,
        )
    edit = SeatingEdited(round_number, "move", competitor, table=table, line=line)  # type: ignore[arg-type]
    if apply_edit(seating, edit) == seating:
        if place_of(seating, competitor) == (table, line):
            raise ArbitroError(
                "{competitor} already sits there: nothing to move", competitor=competitor
            )
        raise ArbitroError(
            "table {table}'s line is full ({size} players): swap instead",
            table=table,
            size=line_size(seating),
        )
    return make_record(edit, now, actor)


def edit_seating(state: EventState, body: SeatingEdited, now: datetime, actor: str) -> Record:
    """The record of ``body`` decided again as the live edit (an imported file's log)."""
    if body.action == "swap":
        if body.other is None:
            raise ArbitroError("a swap names two competitors")
        return swap_competitors(state, body.round, body.competitor, body.other, now, actor)
    if body.table is None or body.line is None:
        raise ArbitroError("a move names a table and a line")
    return move_competitor(state, body.round, body.competitor, body.table, body.line, now, actor)
