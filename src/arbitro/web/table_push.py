"""The table page's status pushed to the phones (issue 28): ``/t/{token}/events``, a stream of
server-sent events. On connecting, and each time a record changes what the phone shows (the
other line's sheet arrives, the sheets agree or differ, FIBAS art. 20; a new round), the
stream sends the status fragment (``event: status``), or asks for the page again
(``event: reload``) when the polled status would have (``HX-Refresh``). The page's htmx
polling of ``/t/{token}/status`` stays as the fallback: the pushed fragment carries no
polling, and ``static/table-push.js`` puts it back when the stream cannot be had.

Nothing here reads the event on its own: :class:`~arbitro.web.live.PushHub`'s watcher reads
every watched table's :func:`table_signature` under the lock once per change of the event,
and only the phones whose table changed read their view (the same read as the polled
status, under the lock) and render it (outside it)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.event import EventState
from arbitro.web.context import Web, web_of
from arbitro.web.live import PushHub, Signature
from arbitro.web.table import _line_param, _load, _page_url, device_of, status_text
from arbitro.web.tokens import TokenError, open_round, read_token

router = APIRouter()

HEARTBEAT_SECONDS = 15.0
"""A comment line this often keeps the connection open through proxies and phones' radios."""
RETRY_MS = 3000
"""How soon a phone's browser opens the stream again after losing it."""
STREAM_SECONDS = 300.0
"""A stream ends after about this long (give or take a fifth, so that the room's phones do
not all come back at once) and the browser opens it again at once (``retry`` then
:data:`AGAIN_MS`): a server being stopped waits for its open responses, never more than
this for a phone's."""
AGAIN_MS = 200
"""How soon a phone opens its stream again after the server ended it (its status is sent
on connecting: a change meanwhile is never lost, only later by this)."""


def table_signature(state: EventState, round_number: int, table: int) -> Signature:
    """What a phone of table ``table`` in round ``round_number`` shows, as far as the event's
    records decide it: the round under way, the round's seating and standings published, the
    sheet's status (FIBAS art. 20: missing, pending, confirmed, conflict), its versions and
    who signed it. The same tuple means the same status on the phone."""
    rnd = state.rounds.get(round_number)
    if rnd is None:
        return (open_round(state), None)
    sheet = rnd.sheets.get(table)
    seated = rnd.seating is not None and rnd.seating.table(table) is not None
    return (
        open_round(state),
        rnd.seating_published_at is not None,
        rnd.standings_published_at is not None,
        commands.sheet_status(state, round_number, table) if seated else None,
        len(sheet.history) if sheet is not None else 0,
        sheet.confirmed_by if sheet is not None else None,
        tuple(sorted(sheet.devices.values())) if sheet is not None else (),
    )


def push_hub(web: Web) -> PushHub:
    """The app's hub of pushed phones (made on the first phone that connects)."""
    if web.push_hub is None:
        web.push_hub = PushHub(web, table_signature)
    return web.push_hub


def sse(event: str, data: str) -> str:
    """One server-sent event: its name and its data, one ``data:`` line per line."""
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"event: {event}\n{lines}\n"


@dataclass(frozen=True, slots=True)
class Pushed:
    """What a stream sends: ``status`` (the fragment in ``data``) or ``reload``; the table's
    signature and the sheet's status it was read at."""

    kind: str
    data: str = ""
    signature: Signature = None
    status: str | None = None


RELOAD = Pushed("reload")


def look(request: Request, web: Web, token: str, line: str | None, seen: str | None) -> Pushed:
    """What the stream sends now: the status fragment, or ``reload`` when the page must be
    asked for again (a new round; a read-only view whose status changed; a card that no
    longer opens its table): the same decisions as the polled ``/t/{token}/status``. The
    view is read under the lock, rendered outside it."""
    event_id, table, rnd = read_token(web.secret, token)
    try:
        with web.locked():
            view = _load(web, token, _line_param(line), device_of(request))
            signature = table_signature(web.service.state(event_id), rnd, table)
    except ArbitroError:
        return RELOAD  # the page shows why (an expired card, another line)
    params = request.query_params
    if params.get("round", str(view.round_number)) != str(view.round_number):
        return RELOAD  # a new round is under way
    if params.get("reload") and seen != view.status:
        return RELOAD  # a read-only view (confirmed, conflict) changed: shown as it is now
    # what the fragment reads, no more (the polled status builds the whole form's context)
    ctx: dict[str, Any] = {"v": view, "status_text": status_text(view), "page_url": _page_url}
    response = web.render(request, "table/status.html", pushed=True, **ctx)
    return Pushed("status", bytes(response.body).decode(), signature, view.status)


@router.get("/t/{token}/events", include_in_schema=False)
async def table_events(request: Request, token: str, line: str | None = None) -> Response:
    """The sheet's status as this line sees it, pushed (server-sent events) each time it
    changes (FIBAS art. 20); 404 for a card that names no table (the page's polling stays)."""
    web = web_of(request)
    try:
        event_id, table, rnd = read_token(web.secret, token)
    except TokenError:
        return Response(status_code=404, headers={"Cache-Control": "no-store"})
    hub = push_hub(web)

    async def stream() -> AsyncIterator[str]:
        key = (rnd, table)
        watch = hub.subscribe(event_id, key)
        seen = request.query_params.get("seen")
        sent: Pushed | None = None
        loop = asyncio.get_running_loop()
        ends = loop.time() + STREAM_SECONDS * random.uniform(0.8, 1.2)
        try:
            yield f"retry: {RETRY_MS}\n\n"
            while loop.time() < ends and not hub.closed:
                changed = watch.changed(key)  # taken before reading: a change meanwhile is seen
                known = watch.signatures.get(key, None if sent is None else sent.signature)
                if sent is None or known != sent.signature:
                    sent = await run_in_threadpool(look, request, web, token, line, seen)
                    yield sse(sent.kind, sent.data)
                    if sent.kind == "reload":
                        return
                    seen = sent.status
                try:
                    await asyncio.wait_for(
                        changed.wait(), min(HEARTBEAT_SECONDS, ends - loop.time())
                    )
                except TimeoutError:
                    yield ": still here\n\n"
                if watch.task is None or watch.task.done():
                    break  # the hub let go of this event: the phone connects again
            yield f"retry: {AGAIN_MS}\n\n"  # ended by the server: come back at once
        finally:
            hub.unsubscribe(event_id, key)

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
