"""The desk's seating editor (issue 34, "Seating by hand"): before a round's seating is
published, swap two competitors or move one to another table and line (FIBAS art. 4: the
players sit "ai tavoli numerati dall'arbitro"), each change a record listed with its
"Annulla"; the warnings beside the tables they concern (a rematch in modified Danish, art. 4;
a constraint not kept, art. 4; a rest twice in a session, art. 37; incomplete tables); then
the round's publish, as from the round page. Plain forms, and htmx updates the editor in
place when the browser runs scripts (docs/rulings.md, "Seating by hand")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from arbitro.errors import ArbitroError
from arbitro.i18n import Message, _, msg, use_lang
from arbitro.tournament.commands import values
from arbitro.tournament.commands.seating_edit import editable
from arbitro.tournament.event import EventState
from arbitro.tournament.model import Line
from arbitro.tournament.records import Record, SeatingEdited
from arbitro.tournament.seating_warnings import seating_warnings
from arbitro.web import auth
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.desk.common import (
    Director,
    DirectorPost,
    Refusal,
    event_id_of,
    round_common,
    round_state,
)
from arbitro.web.desk.paging import PAGE_SIZE, page_of, table_matches
from arbitro.web.forms import Errors, FieldError, act, int_field, text_field
from arbitro.web.names import line_label
from arbitro.web.snapshot import frozen

router = APIRouter()

TEMPLATE = "desk/seating_edit.html"
EditAction = Callable[[Web, auth.Session, str, int, FormData], None]


def _name(state: EventState, c: int | None) -> str:
    """A competitor as the editor names it: "Rossi – Bianchi (3)"."""
    if c is None:
        return "—"
    found = state.competitors.get(c)
    return f"{found.name} ({c})" if found is not None else str(c)


def _line(state: EventState, line: Line | None) -> str:
    return " + ".join(_name(state, c) for c in line) if line else ""


def edit_message(state: EventState, rec: Record) -> Message:
    """What one hand edit did, as the list of changes says it."""
    body = rec.body
    assert isinstance(body, SeatingEdited)
    if body.action == "swap":
        return msg(
            "{first} ⇄ {second}",
            first=_name(state, body.competitor),
            second=_name(state, body.other),
        )
    return msg(
        "{competitor} to table {table}, {line}",
        competitor=_name(state, body.competitor),
        table=body.table,
        line=line_label(body.line or ""),
    )


def _kept(request: Request) -> str:
    """The page and search the editor shows (``page=3&q=...``), kept across its forms."""
    return urlencode(
        [(k, request.query_params[k]) for k in ("page", "q") if k in request.query_params]
    )


def editor_context(
    request: Request, session: auth.Session, event_id: str, n: int, **extra: Any
) -> dict[str, Any]:
    """What the seating editor shows (read under the service's lock): the tables with their
    lines and warnings, the competitors to choose, the edits in force, or why the seating
    cannot be edited (not seated, published, stale)."""
    web = web_of(request)
    state = round_state(web, event_id, n)
    r = state.round(n)
    refused: str | None = None
    seating = r.seating
    try:
        editable(state, n)
    except ArbitroError as exc:
        refused = exc.message(request_lang(request))
    warnings = seating_warnings(state, n)
    by_table: dict[int, list[Message]] = {}
    for w in warnings:
        by_table.setdefault(w.table, []).append(w.message)
    rows = [
        {
            "table": t.table,
            "ns": _line(state, t.ns),
            "ew": _line(state, t.ew),
            "players": _line(state, t.players),
            "incomplete": t.is_incomplete,
            "warnings": by_table.get(t.table, []),
        }
        for t in (seating.tables if seating is not None else ())
    ]
    seated = sorted(seating.competitors()) if seating is not None else []
    # A page of tables (issue 29: 514 KB of HTML at 2,000 pairs); the warnings above count
    # the whole round, and past a page the competitors and tables are typed, not listed.
    shown, paging = page_of(request, rows, table_matches)
    edits = [
        {"seq": e.seq, "text": edit_message(state, e), "actor": e.actor, "at": e.at}
        for e in reversed(r.edits)
    ]
    return frozen(
        round_common(
            request,
            session,
            event_id,
            state,
            n,
            rnd=r,
            refused=refused,
            rows=shown,
            paging=paging,
            by_number=len(seated) > PAGE_SIZE,
            competitor_count=len(state.competitors),
            competitors=[] if len(seated) > PAGE_SIZE else [(c, _name(state, c)) for c in seated],
            tables=len(rows),
            kept=_kept(request),
            edits=edits,
            warnings=[w.message for w in warnings],
            article=state.code.cite_if("seating"),
            **extra,
        )
    )


@router.get("/desk/e/{event_id}/r/{n}/seating-edit", include_in_schema=False)
def seating_edit_page(
    request: Request, event_id: str, n: int, session: auth.Session = Director
) -> Response:
    """The seating editor of a round not yet published (FIBAS art. 4): the tables, N-S and
    E-O, with their warnings; swap, move, the changes with "Annulla"; publish."""
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        ctx = editor_context(request, session, event_id, n)
    return web.render(request, TEMPLATE, **ctx)


def _competitor(form: FormData, name: str) -> int:
    return int_field(form, name, Message("competitor"), low=1, high=100_000)


def _swap(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> None:
    """Swap two competitors' places (FIBAS art. 4)."""
    first, second = _competitor(form, "first"), _competitor(form, "second")
    web.service.run(event_id, values.SwapSeats(n, first, second, actor=session.user))


def _move(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> None:
    """Move a competitor to a table and line (the line's occupant takes its place; the
    table after the last is a new one, where the line rests, art. 37)."""
    competitor = _competitor(form, "competitor")
    table = int_field(form, "table", Message("table"), low=1, high=10_000)
    line = text_field(form, "line", 2)
    if line not in ("ns", "ew"):
        raise FieldError("line", "choose the line: N-S or E-W")
    web.service.run(event_id, values.MoveSeat(n, competitor, table, line, actor=session.user))


def _cancel(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> None:
    """Undo one change (a cancellation record: who and why; the change stays in the log)."""
    seq = int_field(form, "seq", Message("change"), low=1)
    state = web.service.state(event_id)
    if all(e.seq != seq for e in state.round(n).edits):
        raise FieldError("seq", "change #{seq} is not in force", seq=seq)
    # the reason recorded in the director's language (the page's, see ``_run``)
    reason = text_field(form, "reason", 500) or _("undone in the seating editor")
    web.service.run(event_id, values.Cancel(seq, reason, actor=session.user))


async def _run(
    request: Request, event_id: str, n: int, session: auth.Session, name: str, action: EditAction
) -> Response:
    """Run one of the editor's forms under the service's lock: back to the editor (a plain
    form: redirected; htmx: the editor itself, its part swapped in place), with the message
    next to the form if refused."""
    form = await request.form()
    web = web_of(request)
    event_id = event_id_of(request, event_id)
    htmx = bool(request.headers.get("HX-Request"))

    def run() -> str:
        with use_lang(request_lang(request)):
            action(web, session, event_id, n, form)
        query = "&".join(p for p in (f"ok={name}", _kept(request)) if p)
        return f"/desk/e/{event_id}/r/{n}/seating-edit?{query}#seating-editor"

    refusal = Refusal()

    def refused(status: int, errors: Errors, values: dict[str, str]) -> Response:
        ctx = editor_context(request, session, event_id, n, errors=errors, values=values)
        return refusal.keep(status, ctx)

    def decide() -> Response:
        with web.locked():
            round_state(web, event_id, n)
            response = act(form, name, request_lang(request), run, refused)
            if htmx and refusal.context is None:  # done: the editor as it is now
                refusal.keep(200, editor_context(request, session, event_id, n, notice=name))
        page = refusal.page(web, request, TEMPLATE, response)
        if htmx:
            page.status_code = 200  # htmx swaps only a 2xx answer: the message in place
        return page

    return await run_in_threadpool(decide)


def _post(path: str, name: str, action: EditAction) -> None:
    async def route(
        request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
    ) -> Response:
        return await _run(request, event_id, n, session, name, action)

    route.__name__ = route.__qualname__ = f"seating_edit_{name}"
    route.__doc__ = action.__doc__
    router.add_api_route(
        f"/desk/e/{{event_id}}/r/{{n}}/seating-edit/{path}",
        route,
        methods=["POST"],
        include_in_schema=False,
    )


_post("swap", "swap", _swap)
_post("move", "move", _move)
_post("cancel", "cancel", _cancel)
