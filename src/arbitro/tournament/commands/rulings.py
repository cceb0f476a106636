"""A code's arbiter's ruling recorded at an event (issue 31): the ``ruling-given`` record, the
warnings it gives and, where it decides a deal's score, the table's sheet with that row (an
arbiter's correction, art. 21), decided together so that they are appended in one
transaction; cancelling the ruling cancels them with it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from arbitro.codes.registry import EventKind, code_spec
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import CodeRuling
from arbitro.games.core.seats import Seat
from arbitro.i18n import ngettext
from arbitro.tournament.commands.arbiter import give_sanction
from arbitro.tournament.commands.common import make_record, playing_table
from arbitro.tournament.commands.sheets import correct_sheet
from arbitro.tournament.event import EventState, SanctionKind
from arbitro.tournament.model import CompetitorId, TableSeating
from arbitro.tournament.records import Record, RulingGiven, SanctionGiven, SheetCorrected


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
    and South), or in individual events the line's first (N, E) or second (S, W) player; at
    a table of individuals (Scala 40), the player in that seat (N, E, S, W in the sheet's
    order, art. 22-23)."""
    seating = state.round(round_number).seating
    at = seating.table(table) if seating else None
    if at is not None and at.players is not None:
        index = list(Seat).index(seat)
        if index < len(at.players):
            return at.players[index]
        at = None
    line = None if at is None else (at.ns if seat in (Seat.N, Seat.S) else at.ew)
    if not line:
        raise ArbitroError(
            "nobody sits at seat {seat} of table {table}", seat=seat.value, table=table
        )
    return line[0] if len(line) == 1 or seat in (Seat.N, Seat.E) else line[1]


@runtime_checkable
class DealRows(Protocol):
    """A sheet kind (:class:`~arbitro.tournament.sheets.SheetKind`) that also takes one deal's
    row from a ruling: the lines' sheet (FIBAS art. 19, Parole art. 12) and the individuals'
    (Scala 40 art. 22) do; a kind without it refuses a ruling's row (an opt-in, so that a new
    game's sheet plugs in without it)."""

    def with_deal(self, seat: TableSeating, entry: Any, deal: int, row: Sequence[int]) -> Any:
        """The entry (None: no sheet yet) with deal ``deal``'s row put in."""
        ...


def ruling_sheet(
    state: EventState,
    round_number: int,
    table: int,
    deal: int | None,
    row: Sequence[int],
    now: datetime,
    actor: str,
    reason: str,
) -> tuple[int, Record]:
    """The table's sheet with the deal a ruling scores (its ``score_row``) put in: the sheet
    in force with that deal's row replaced, or, with no sheet yet, a sheet of that row when
    the round has one deal. Recorded as the arbiter's correction of the sheet (FIBAS art.
    21: the arbiter signs it; Scala 40 art. 24; Parole 12.2), so standings change and the
    ruling's cancellation takes it back. The deal's number and the record. ``deal`` None:
    the round's only deal."""
    seat = playing_table(state, round_number, table)
    kind = state.sheet_kind
    if not isinstance(kind, DealRows):
        raise ArbitroError("this event's sheet takes no deal's row from a ruling")
    deals = state.sheet_context(round_number, seat).deals
    sheet = state.round(round_number).sheets.get(table)
    current = (
        None if sheet is None or sheet.accepted is None else sheet.entry_as_of(state.config.rounds)
    )
    if deal is None:
        deal = 1
    if not 1 <= deal <= deals:
        raise ArbitroError(
            ngettext(
                "the round has {deals} deal, not {deal}",
                "the round has {deals} deals, not {deal}",
                deals,
                deals=deals,
                deal=deal,
            )
        )
    if current is None and deals != 1:
        raise ArbitroError(
            "table {table} has no sheet yet: enter it, then the ruling puts in deal {deal}",
            table=table,
            deal=deal,
        )
    entry = kind.with_deal(seat, current, deal, row)
    record = correct_sheet(
        state,
        round_number,
        table,
        now,
        kind="arbiter",
        reason=reason,
        entry=entry,
        by_arbiter=True,
        actor=actor,
    )
    return deal, record


def give_ruling(
    state: EventState,
    round_number: int,
    table: int,
    ruling: CodeRuling,
    now: datetime,
    actor: str = "arbiter",
    reason: str | None = None,
    deal: int | None = None,
) -> list[Record]:
    """The ruling's record, then a ``sanction-given`` warning for each warning it gives (FIBAS
    art. 22) and, where the ruling decides the deal's score (its ``score_row``: FIBAS art.
    19 once the deal is over, Scala 40 art. 14, Law 13's arbitral score), the table's sheet
    with that deal (:func:`ruling_sheet`, deal ``deal``; a round of several deals needs it
    named, else the row stays in the record only, for the sheet entered at the table), to be
    appended together."""
    check_ruling(state, ruling.code, round_number, table)
    why = reason or ruling.irregularity
    sheet: Record | None = None
    if ruling.score_row is not None and (deal is not None or _one_deal(state, round_number)):
        deal, sheet = ruling_sheet(
            state, round_number, table, deal, ruling.score_row, now, actor, why
        )
    else:
        deal = None  # several deals and none named: the row is kept in the record only
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
        deal,
    )
    out = [make_record(body, now, actor, why)]
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
    if sheet is not None:
        out.append(sheet)
    return out


def _one_deal(state: EventState, round_number: int) -> bool:
    """True when the round has a single deal (a ruling's row is then its sheet's)."""
    return state.round_context(round_number)[2] == 1


def ruling_parts(state: EventState, seq: int) -> list[int]:
    """The records appended with the ruling ``seq`` (its warnings, then its sheet), still in
    force: what cancelling the ruling cancels with it. Empty for any other record."""
    target = state.actions.get(seq)
    body = None if target is None else target.body
    if not isinstance(body, RulingGiven):
        return []
    count = len(body.warnings) + (body.deal is not None)
    out: list[int] = []
    for n in range(seq + 1, seq + 1 + count):
        part = state.actions.get(n)
        if n in state.cancellations or part is None:
            continue
        if isinstance(part.body, SanctionGiven | SheetCorrected):
            out.append(n)
    return out
