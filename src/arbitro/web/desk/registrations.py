"""The desk's registrations: one competitor at a time (FIBAS art. 2, 4; late entries
art. 37), a CSV or XLSX file of them (all or none), names and players edited in place, the
check-in of those present before round 1 (art. 4), and withdrawals (art. 36)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.i18n import N_, Message
from arbitro.services.registering import Register
from arbitro.services.registrations import FileRefused, decode_registrations, read_registrations_csv
from arbitro.services.registrations_xlsx import XLSX_MAGIC, read_registrations_xlsx
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import LateEntry
from arbitro.web import auth
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import DirectorPost, event_id_of
from arbitro.web.desk.events import event_page, withdrawal_records
from arbitro.web.errors import status_for
from arbitro.web.forms import (
    Errors,
    FieldError,
    act,
    int_field,
    names_field,
    required_field,
    text_field,
    upload_bytes,
)

if TYPE_CHECKING:
    from arbitro.services.registrations import FileRow, LineProblem

router = APIRouter()


async def event_form(
    request: Request,
    session: auth.Session,
    event_id: str,
    form_name: str,
    action: Callable[[FormData, str], str],
) -> Response:
    """Run a form of the event's page: ``action(form, event_id)`` gives the page to go to;
    if refused, the event's page again with the message next to the form."""
    form = await request.form()
    event_id = event_id_of(request, event_id)

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return event_page(request, session, event_id, status, errors=errors, values=values)

    return act(form, form_name, request_lang(request), lambda: action(form, event_id), refused)


@router.post("/desk/e/{event_id}/register", include_in_schema=False)
async def register(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Register one competitor (FIBAS art. 2, 4; late entries art. 37)."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        name = required_field(form, "name", 200, N_("the name is empty"))
        players = names_field(form, "players", 2000)
        number = web.service.run(event_id, Register(name, players, actor=session.user))
        return f"/desk/e/{event_id}?ok=registered-{number}#competitors"

    return await event_form(request, session, event_id, "register", action)


@router.post("/desk/e/{event_id}/admit-late", include_in_schema=False)
async def admit_late(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Admit a latecomer from a later round, its missed rounds scored as the director chose
    and ranked or not (docs/rulings.md "Late entries"; FIBAS art. 37, Scala 40 art. 26)."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        name = required_field(form, "name", 200, N_("the name is empty"))
        players = names_field(form, "players", 2000)
        from_round = int_field(form, "from_round", Message("From round"), low=2, high=1000)
        missed = text_field(form, "missed", 20) or None
        vp = int_field(form, "vp", Message("V.P. of each missed round"), default=0)
        mp = int_field(form, "mp", Message("M.P. of each missed round"), default=0)
        ranked = form.get("ranked") is not None
        late = LateEntry(from_round, missed, vp, mp, ranked)
        number = web.service.run(event_id, Register(name, players, actor=session.user, late=late))
        return f"/desk/e/{event_id}?ok=registered-{number}#competitors"

    return await event_form(request, session, event_id, "late", action)


@router.post("/desk/e/{event_id}/upload", include_in_schema=False)
async def upload_registrations(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Register competitors from a CSV or XLSX file, all or none: every row is checked
    against the event and the rows before it and registered in one transaction; a file with
    problems registers nobody and the page lists every problem by the file's line (the header
    is line 1), in the director's words."""
    web = web_of(request)
    form = await request.form()
    event_id = event_id_of(request, event_id)
    lang = request_lang(request)
    problems: list[str] = []

    def action() -> str:

        try:
            rows, found = _rows_of(upload_bytes(form, "file"))
            if not rows and not found:
                raise FieldError("file", "no competitor in the file")
            # Not under the web-wide lock: the service decides the list on a private copy of
            # the state and takes its lock only to append (EventService.register_many).
            web.service.register_many(event_id, rows, actor=session.user, problems=found)
        except FileRefused as exc:
            problems.extend(p.render(lang) for p in exc.problems)
            raise FieldError("file", exc.msg, status=status_for(exc)) from exc
        return f"/desk/e/{event_id}?ok=uploaded-{len(rows)}#competitors"

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        return event_page(
            request,
            session,
            event_id,
            status,
            errors=errors,
            values=values,
            upload_problems=problems,
        )

    # In a worker thread: checking a file of thousands of rows would stall every page on
    # the event loop.
    return await run_in_threadpool(act, form, "upload", lang, action, refused)


def _rows_of(data: bytes) -> tuple[list[FileRow], list[LineProblem]]:
    """The competitors of a registration file (XLSX, or CSV in any encoding a club's
    spreadsheet saves: UTF-8, UTF-16, Windows-1252) and the problems of its lines."""
    if data.startswith(XLSX_MAGIC):
        return read_registrations_xlsx(data)
    return read_registrations_csv(decode_registrations(data))


@router.post("/desk/e/{event_id}/withdraw", include_in_schema=False)
async def withdraw(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Withdraw a competitor from the next unpublished round (FIBAS art. 36)."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        competitor = int_field(form, "competitor", Message("competitor"), low=1)
        reason = text_field(form, "reason", 500) or None
        web.service.run(event_id, values.Withdraw(competitor, reason, actor=session.user))
        return f"/desk/e/{event_id}#competitors"

    return await event_form(request, session, event_id, "withdraw", action)


@router.post("/desk/e/{event_id}/rename", include_in_schema=False)
async def rename(request: Request, event_id: str, session: auth.Session = DirectorPost) -> Response:
    """Rename a competitor or change its players (a typo in the registrations, a substitute
    partner, FIBAS art. 2); the number and results stay. A form without the players field
    leaves them as they are."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        competitor = int_field(form, "competitor", Message("competitor"), low=1)
        name = required_field(form, "name", 200, N_("the name is empty"))
        players = names_field(form, "players", 2000) if "players" in form else None
        web.service.run(event_id, values.Rename(competitor, name, players, actor=session.user))
        return f"/desk/e/{event_id}?ok=renamed#competitor-{competitor}"

    return await event_form(request, session, event_id, "rename", action)


@router.post("/desk/e/{event_id}/check-in", include_in_schema=False)
async def check_in(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Check a competitor in as present (``present=1``) or absent again (``present=0``)
    before round 1 is seated (FIBAS art. 4): one click per pair at the entrance."""
    web = web_of(request)
    done: list[int] = []

    def action(form: FormData, event_id: str) -> str:
        competitor = int_field(form, "competitor", Message("competitor"), low=1)
        present = text_field(form, "present", 1) != "0"
        web.service.run(event_id, values.CheckIn([competitor], present, actor=session.user))
        done.append(competitor)
        return f"/desk/e/{event_id}#competitor-{competitor}"

    response = await event_form(request, session, event_id, "check-in", action)
    if not request.headers.get("HX-Request"):
        return response
    event_id = event_id_of(request, event_id)
    if done:
        # One click, one row: the row and, out of band, the count (not the 60 KB page).
        return event_page(
            request, session, event_id, template="desk/check_in_swap.html", competitor=done[0]
        )
    # Refused: the competitors' section of the page with the message, in place of the one
    # the click came from (htmx swaps only a 2xx answer).
    response.status_code = 200
    response.headers["HX-Retarget"] = "#competitors"
    response.headers["HX-Reswap"] = "outerHTML"
    response.headers["HX-Reselect"] = "#competitors"
    return response


@router.post("/desk/e/{event_id}/check-in-all", include_in_schema=False)
async def check_in_all(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """The "all present" button: every competitor playing round 1 checked in, in one batch."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        web.service.run(event_id, values.CheckInAll(actor=session.user))
        return f"/desk/e/{event_id}#check-in"

    return await event_form(request, session, event_id, "check-in", action)


@router.post("/desk/e/{event_id}/withdraw-absent", include_in_schema=False)
async def withdraw_absent(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Withdraw every competitor not checked in (FIBAS art. 36), one withdrawal each, so that
    round 1 is seated with those present (art. 4)."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        web.service.run(event_id, values.WithdrawAbsent(actor=session.user))
        return f"/desk/e/{event_id}?ok=withdrawn-absent#check-in"

    return await event_form(request, session, event_id, "check-in", action)


@router.post("/desk/e/{event_id}/readmit", include_in_schema=False)
async def readmit(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Re-admit a withdrawn competitor: its withdrawal is cancelled, with the reason (FIBAS
    art. 36); a late pair is seated at round 1's incomplete table while round 1 is played
    (art. 37). A refusal (no reason, too late) is shown next to the competitor's button."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        competitor = int_field(form, "competitor", Message("competitor"), low=1)
        reason = text_field(form, "reason", 500)
        state = web.service.state(event_id)
        if competitor not in withdrawal_records(state):
            raise FieldError(
                "competitor", "competitor {number} has not withdrawn", number=competitor
            )
        if not reason:
            raise FieldError(
                "reason",
                "write why «{name}» is re-admitted (e.g. «arrived late»)",
                name=state.competitor(competitor).name,
            )
        web.service.run(event_id, values.Readmit(competitor, reason, actor=session.user))
        return f"/desk/e/{event_id}?ok=readmitted#competitor-{competitor}"

    return await event_form(request, session, event_id, "readmit", action)
