"""The desk's registrations: one competitor at a time (FIBAS art. 2, 4; late entries
art. 37), a CSV or XLSX file of them (all or none), and withdrawals (art. 36)."""

from __future__ import annotations

import re

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.tournament import commands
from arbitro.web import auth
from arbitro.web.app import request_lang, web_of
from arbitro.web.desk.common import DirectorPost, event_id_of
from arbitro.web.desk.events import event_page
from arbitro.web.errors import ErrorText, status_for
from arbitro.web.forms import (
    FieldError,
    form_errors,
    form_values,
    int_field,
    redirect,
    text_field,
    upload_bytes,
)

router = APIRouter()


@router.post("/desk/e/{event_id}/register", include_in_schema=False)
async def register(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Register one competitor (FIBAS art. 2, 4; late entries art. 37)."""
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    try:
        name = text_field(form, "name", 200)
        if not name:
            raise FieldError("name", "the name is empty")
        players = [
            p.strip() for p in re.split(r"[,\n]", text_field(form, "players", 2000)) if p.strip()
        ]
        number = web.service.register(event_id, name, players, actor=session.user)
    except ArbitroError as exc:
        return event_page(
            request,
            session,
            event_id,
            status_for(exc),
            errors=form_errors("register", exc, request_lang(request)),
            values=form_values(form),
        )
    return redirect(f"/desk/e/{event_id}?ok=registered-{number}#competitors")


def _row_error(row_no: int, exc: ArbitroError, status: int | None = None) -> FieldError:
    """A refused row of the file, named by its number (the file's first row is the header)."""
    return FieldError(
        "file",
        "row {row}: {error}",
        row=row_no,
        error=ErrorText(exc),
        status=status_for(exc) if status is None else status,
    )


@router.post("/desk/e/{event_id}/upload", include_in_schema=False)
async def upload_registrations(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Register competitors from a CSV or XLSX file, all or none: the file is checked first,
    then each row registered in order (a refused row stops the upload and names the row)."""
    from arbitro.services.registrations import parse_registrations_csv
    from arbitro.services.registrations_xlsx import XLSX_MAGIC, parse_registrations_xlsx

    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    try:
        data = await upload_bytes(form, "file")
        if data.startswith(XLSX_MAGIC):
            rows = parse_registrations_xlsx(data)
        else:
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                text = data.decode("cp1252", errors="replace")
            rows = parse_registrations_csv(text)
        if not rows:
            raise FieldError("file", "no competitor in the file")
        with web.locked():
            state = web.service.state(event_id)
            known = {c.name.casefold() for c in state.competitors.values()}
            seen: set[str] = set()
            for row_no, (name, players) in enumerate(rows, start=2):
                key = name.casefold()
                if key in known or key in seen:
                    raise FieldError(
                        "file",
                        "row {row}: «{name}» is already registered",
                        row=row_no,
                        name=name,
                        status=409,
                    )
                seen.add(key)
                try:  # the domain's checks (players per competitor, registration open)
                    commands.register(state, name, players, web.service.clock())
                except ArbitroError as exc:
                    raise _row_error(row_no, exc) from exc
            for row_no, (name, players) in enumerate(rows, start=2):
                try:
                    web.service.register(event_id, name, players, actor=session.user)
                except ArbitroError as exc:
                    raise _row_error(row_no, exc, 400) from exc
    except ArbitroError as exc:
        return event_page(
            request,
            session,
            event_id,
            status_for(exc),
            errors=form_errors("upload", exc, request_lang(request)),
        )
    return redirect(f"/desk/e/{event_id}?ok=uploaded-{len(rows)}#competitors")


@router.post("/desk/e/{event_id}/withdraw", include_in_schema=False)
async def withdraw(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Withdraw a competitor from the next unpublished round (FIBAS art. 36)."""
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    try:
        competitor = int_field(form, "competitor", Message("competitor"), low=1)
        reason = text_field(form, "reason", 500) or None
        web.service.withdraw(event_id, competitor, reason, actor=session.user)
    except ArbitroError as exc:
        return event_page(
            request,
            session,
            event_id,
            status_for(exc),
            errors=form_errors("withdraw", exc, request_lang(request)),
            values=form_values(form),
        )
    return redirect(f"/desk/e/{event_id}#competitors")
