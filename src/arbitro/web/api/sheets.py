"""The API's score sheets: their status in a round with the figures in force and the
impossible-score flags, and the director's entry, confirmation and correction of a sheet
(FIBAS art. 19-21; Scala 40 art. 22), in the JSON form of the event's kind of sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Body, Depends, Request
from fastapi.security import HTTPAuthorizationCredentials

from arbitro.errors import ArbitroError
from arbitro.i18n import render
from arbitro.tournament import commands
from arbitro.tournament.boards import entry_flags, field_vp
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventState
from arbitro.tournament.sheets import SheetKind
from arbitro.web.api.common import Api, Reader, Writer, api_router, bearer, director_of
from arbitro.web.api.models import (
    CorrectionIn,
    EventId,
    FlagOut,
    RoundNo,
    SheetsOut,
    SheetStatusChange,
    SheetStatusOut,
    TableNo,
)
from arbitro.web.context import request_lang
from arbitro.web.errors import Unauthorized, WebError

router = api_router()


def flags_out(
    state: EventState, round_number: int, lang: str, table: int | None = None
) -> list[FlagOut]:
    """The round's impossible-score flags (carte uguali, FIBAS arts. 3, 19-20), only
    ``table``'s if given, their problems in ``lang``."""
    return [
        FlagOut(
            table=f.table,
            deal=f.deal,
            board=f.board,
            problems=[render(p, lang) for p in f.problems],
        )
        for f in entry_flags(state, round_number, table)
    ]


class MalformedSheet(WebError):
    """A sheet whose JSON form its kind cannot read (422, as any malformed body)."""

    status = 422


# The API's sheet: a JSON object, read by the event's kind of sheet (``api_sheet_entry``).
SheetBody = Annotated[
    dict[str, Any],
    Body(
        description="The sheet in its kind's JSON form. Two lines (FIBAS art. 19): "
        '``{"deals": [{"ns_base", "ns_points", "ew_base", "ew_points"}, ...], '
        '"closed_room": [...]}``; individuals (Scala 40 art. 22): ``{"players": [...], '
        '"points": [[...], ...], "abandoned": null}``',
        examples=[{"deals": [{"ns_base": 300, "ns_points": 120, "ew_base": 100, "ew_points": 45}]}],
    ),
]


def api_sheet_entry(kind: SheetKind[Any], data: Mapping[str, Any]) -> Any:
    """The entry of the API's sheet ``data``, read and validated by ``kind``; a malformed
    one is refused 422 with what is wrong (FIBAS art. 19; Scala 40 art. 22)."""
    try:
        return kind.read_api(data)
    except ArbitroError as err:
        raise MalformedSheet(err.msg, article=err.article, key=err.key) from None


def sheets_out(state: EventState, round_number: int, lang: str = "it") -> SheetsOut:
    """The status of each table's sheet in a published round, with the figures in force: in
    a carte uguali event the comparison's VP once the round is complete, none before (FIBAS
    art. 20), and each sheet's impossible-score flags."""
    r = state.round(round_number)
    if r.seating is None or r.seating_published_at is None:
        return SheetsOut(round=round_number, sheets=[], missing=[])
    compared = field_vp(state, round_number, round_number)
    kind = state.sheet_kind
    flags: dict[int, list[FlagOut]] = {}
    for f in flags_out(state, round_number, lang):
        flags.setdefault(f.table, []).append(f)
    rows = []
    for t in r.seating.tables:
        status = commands.sheet_status(state, round_number, t.table)
        sheet = r.sheets.get(t.table)
        entry = sheet.entry_as_of(round_number) if sheet else None
        figures: dict[str, Any] = {}
        if entry is not None:  # the kind's figures of its sheet in force
            result = kind.score(state.sheet_context(round_number, t), entry)
            figures = kind.api_figures(entry, result)
        row = SheetStatusOut.model_validate({"table": t.table, "status": status, **figures})
        row.third_device = sorted(sheet.resigned) if sheet else []  # issue 29
        row.same_source = sheet.same_source_lines if sheet else []
        if compared is not None and row.ns_vp is not None and row.ew_vp is not None:
            vp = compared.of(t.table, (row.ns_vp, row.ew_vp))
            row.ns_vp, row.ew_vp = vp if vp is not None else (None, None)
            row.awaiting_comparison = vp is None
        row.flags = flags.get(t.table, [])
        rows.append(row)
    return SheetsOut(
        round=round_number, sheets=rows, missing=commands.missing_sheets(state, round_number)
    )


def status_out(
    api: Api, event_id: str, round_number: int, table: int, lang: str
) -> SheetStatusChange:
    """A table's sheet status after an action, with the flags of its sheet in force
    (carte uguali, FIBAS art. 20)."""

    def read(state: EventState) -> SheetStatusChange:
        return SheetStatusChange(
            table=table,
            status=commands.sheet_status(state, round_number, table),
            flags=flags_out(state, round_number, lang, table),
        )

    return api.read(event_id, read)


@router.get("/events/{event_id}/rounds/{round_number}/sheets", response_model=SheetsOut)
def get_sheets(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    api: Reader,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
) -> SheetsOut:
    """The status of each table's sheet in a round: missing, pending (one line only),
    confirmed, conflict, rest. Until the round's standings are published only the director
    sees them (issue 13 §9: pending and conflicting sheets are the director's to settle)."""

    def read(state: EventState) -> SheetsOut:
        published = state.round(round_number).standings_published_at is not None
        if not published and director_of(request, credentials) is None:
            raise Unauthorized(
                "round {round}'s sheets are shown once its standings are published",
                round=round_number,
            )
        return sheets_out(state, round_number, request_lang(request))

    return api.read(event_id, read)


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/sheet",
    response_model=SheetStatusChange,
)
def enter_sheet(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    table: TableNo,
    body: SheetBody,
    api: Writer,
) -> SheetStatusChange:
    """The director transcribes a table's signed sheet (FIBAS art. 19-20; Scala 40 art. 22),
    in the JSON form of the event's kind of sheet; in a carte uguali event the answer carries
    the deals its prepared boards make impossible."""
    entry = api.read(event_id, lambda state: api_sheet_entry(state.sheet_kind, body))
    status = api.write(
        event_id,
        lambda svc, user: svc.enter_sheet(event_id, round_number, table, entry, actor=user),
    )
    changed = status_out(api, event_id, round_number, table, request_lang(request))
    return SheetStatusChange(table=table, status=status, flags=changed.flags)


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/confirm",
    response_model=SheetStatusChange,
)
def confirm_sheet(
    request: Request, event_id: EventId, round_number: RoundNo, table: TableNo, api: Writer
) -> SheetStatusChange:
    """The director confirms a sheet submitted by one line only (FIBAS art. 20)."""
    api.run(event_id, lambda user: values.ConfirmSheet(round_number, table, user))
    return status_out(api, event_id, round_number, table, request_lang(request))


@router.post(
    "/events/{event_id}/rounds/{round_number}/tables/{table}/correct",
    response_model=SheetStatusChange,
)
def correct_sheet(
    request: Request,
    event_id: EventId,
    round_number: RoundNo,
    table: TableNo,
    body: CorrectionIn,
    api: Writer,
) -> SheetStatusChange:
    """Correct a sheet with a reason (FIBAS art. 21): sum, inverted (the table agrees),
    conflict, arbiter."""
    entry = (
        None
        if body.entry is None
        else api.read(event_id, lambda state: api_sheet_entry(state.sheet_kind, body.entry or {}))
    )
    api.run(
        event_id,
        lambda user: values.CorrectSheet(
            round_number,
            table,
            kind=body.kind,
            reason=body.reason,
            entry=entry,
            table_agrees=body.table_agrees,
            by_arbiter=body.kind == "arbiter",
            actor=user,
        ),
    )
    return status_out(api, event_id, round_number, table, request_lang(request))
