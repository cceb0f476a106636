"""A code's arbiter's ruling recorded at an event (issue 31): the ``ruling-given`` record and
the warnings it gives, decided together so that they are appended in one transaction."""

from __future__ import annotations

from datetime import datetime

from arbitro.codes.registry import EventKind, code_spec
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import CodeRuling
from arbitro.games.core.seats import Seat
from arbitro.tournament.commands.arbiter import give_sanction
from arbitro.tournament.commands.common import make_record, playing_table
from arbitro.tournament.event import EventState, SanctionKind
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import Record, RulingGiven


def check_code(code: str, event_code: str) -> None:
    """Refuse a ruling of a code other than the event's; a law without events of its own
    (Bridge Law 13) is read by every code: allowed."""
    if code != event_code and code_spec(code).events is not EventKind.NONE:
        raise ArbitroError(
            "a ruling of «{code}» cannot be recorded in an event of «{event_code}»",
            code=code,
            event_code=event_code,
        )


def check_ruling(state: EventState, code: str, round_number: int, table: int) -> None:
    """Refuse a ruling of another code than the event's (:func:`check_code`), or at a table
    not playing."""
    check_code(code, str(state.code.code))
    playing_table(state, round_number, table)


def seat_competitor(state: EventState, round_number: int, table: int, seat: Seat) -> CompetitorId:
    """The competitor sitting at ``seat`` of a table: the line's pair or team (N-S for North
    and South), or in individual events the line's first (N, E) or second (S, W) player."""
    seating = state.round(round_number).seating
    at = seating.table(table) if seating else None
    line = None if at is None else (at.ns if seat in (Seat.N, Seat.S) else at.ew)
    if not line:
        raise ArbitroError(
            "nobody sits at seat {seat} of table {table}", seat=seat.value, table=table
        )
    return line[0] if len(line) == 1 or seat in (Seat.N, Seat.E) else line[1]


def give_ruling(
    state: EventState,
    round_number: int,
    table: int,
    ruling: CodeRuling,
    now: datetime,
    actor: str = "arbiter",
    reason: str | None = None,
) -> list[Record]:
    """The ruling's record, then a ``sanction-given`` warning for each warning it gives (FIBAS
    art. 22), to be appended together."""
    check_ruling(state, ruling.code, round_number, table)
    body = RulingGiven(
        round_number,
        table,
        ruling.code,
        ruling.irregularity,
        ruling.article.article,
        ruling.offender,
        ruling.before,
        ruling.after,
        tuple(dict(e) for e in ruling.effects),
        tuple((w.seat, w.article, w.reason) for w in ruling.warnings),
        ruling.score_row,
    )
    out = [make_record(body, now, actor, reason or ruling.irregularity)]
    for w in ruling.warnings:
        competitor = seat_competitor(state, round_number, table, Seat(w.seat))
        out.append(
            give_sanction(
                state,
                round_number,
                competitor,
                SanctionKind.WARNING,
                w.reason,
                now,
                article=w.article,
                actor=actor,
            )
        )
    return out
