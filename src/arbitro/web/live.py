"""The room displays (the projector pages of the events in rounds and of the knockouts): a
page and its changing part, polled by htmx, which answers 204 while nothing has changed.

A rendered display is kept per (page, query, version of the event, language) in the app's
:class:`~arbitro.web.page_cache.PageCache`, served with an ETag (304 on ``If-None-Match``),
``Cache-Control: no-cache`` and gzipped when big. The event is read under the
service's lock; the page is rendered outside it.

The table pages' status is pushed instead (issue 28: 500 phones polling every 3 s kept a
loaded machine busy): :class:`PushHub` wakes, on an event's new records, one watcher per
event, which reads under the lock, once for all its phones, what each watched table's phones
show (:data:`Signature`); only the phones of a table whose signature changed are woken, and
read and render their status again (:mod:`arbitro.web.table_push`)."""

from __future__ import annotations

import asyncio
import weakref
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from arbitro.web.context import request_lang, web_of
from arbitro.web.page_cache import Key, cached, page_response

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState
    from arbitro.web.context import Web

READ_ONLY = ["GET", "HEAD"]


def page_key(request: Request, template: str, version: str) -> Key:
    """What a display's text depends on: the path (the event), the query but ``v``, the
    template, the event's version and the language (``?lang=`` or the cookie)."""
    query = "&".join(f"{k}={v}" for k, v in sorted(request.query_params.multi_items()) if k != "v")
    return (request.url.path, query, template, version, request_lang(request))


def display(
    request: Request,
    template: str,
    lock: AbstractContextManager[Any],
    version: Callable[[], str],
    context: Callable[[], Mapping[str, Any]],
    poll: int,
) -> Response:
    """Render a display page; for its polled part (``*_live.html``) answer 204 when the
    browser's ``?v=`` is still the ``version`` of the event (read under ``lock``). The page
    comes from the cache when the event has not changed (304 when the browser has it); the
    context is read under ``lock`` (copies: ``context`` builds new values), the page rendered
    outside it."""
    with lock:
        current = version()
        if template.endswith("_live.html") and request.query_params.get("v") == current:
            return Response(status_code=204, headers={"Cache-Control": "no-cache"})
        key = page_key(request, template, current)
        web = web_of(request)
        page = web.pages.get(key)
        ctx = None if page is not None else dict(context())
    if page is not None:
        return page_response(request, page)
    assert ctx is not None
    return cached(
        request,
        web.pages,
        key,
        lambda: web.render(request, template, version=current, poll=poll, **ctx),
    )


Show = Callable[[Request, str, str], Response]
"""Renders a display of an event: ``(request, event_id, template)`` → the page."""


def add_display(on: APIRouter, path: str, template: str, show: Show, what: str) -> None:
    """Add a display to the router ``on``: ``path`` (GET and HEAD) renders ``template``.html,
    ``path``/live its polled part, ``template``_live.html; ``what`` says what it shows. The
    routes are named after the template, its folder joined by ``_`` (``public/seating``:
    ``public_seating`` and ``public_seating_live``)."""
    name = template.replace("/", "_")

    def page(request: Request, event_id: str) -> Response:
        return show(request, event_id, f"{template}.html")

    def live(request: Request, event_id: str) -> Response:
        return show(request, event_id, f"{template}_live.html")

    page.__name__, page.__doc__ = name, what
    live.__name__ = f"{name}_live"
    live.__doc__ = f"{what} The changing part (polled; 204 when nothing changed)."
    on.add_api_route(path, page, methods=READ_ONLY, include_in_schema=False)
    on.add_api_route(f"{path}/live", live, methods=READ_ONLY, include_in_schema=False)


# ---------------------------------------------------------------------- pushed to phones
RECHECK_SECONDS = 10.0
"""A watcher reads its event again at least this often: records appended by another process
(the terminal on the same database) wake nobody in this one."""

Signature = Hashable
"""What a phone's status depends on, read of the event's state: when it changes the phone's
status is read and rendered again."""

WatchKey = tuple[int, int]
"""What a phone watches: (round, table)."""


@dataclass(eq=False)
class Watch:
    """One event's watcher: the tables its phones watch (how many phones each) and their
    latest signatures; a phone waits on :meth:`changed` of its table, set (then replaced)
    only when that table's signature changes, so that a sheet wakes its table's phones and
    not the room's."""

    keys: Counter[WatchKey] = field(default_factory=Counter)
    signatures: dict[WatchKey, Signature] = field(default_factory=dict)
    waiting: dict[WatchKey, asyncio.Event] = field(default_factory=dict)
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    def changed(self, key: WatchKey) -> asyncio.Event:
        """The flag set when table ``key``'s signature is read changed (or the watcher
        stops): take it before reading the status, so that a change meanwhile is seen."""
        flag = self.waiting.get(key)
        if flag is None:
            flag = self.waiting[key] = asyncio.Event()
        return flag

    def wake(self, keys: list[WatchKey]) -> None:
        """Wake the phones of the tables ``keys`` (each waits on a new flag afterwards)."""
        for key in keys:
            flag = self.waiting.pop(key, None)
            if flag is not None:
                flag.set()


_HUBS: weakref.WeakSet[PushHub] = weakref.WeakSet()


def close_hubs() -> None:
    """End every phone's stream of every app in this process (:meth:`PushHub.close`): called
    when the server starts stopping, so that it does not wait for the phones' open streams
    (they connect again, or poll, when the server is back)."""
    for hub in list(_HUBS):
        hub.close()


class PushHub:
    """The phones waiting for their table's status, by event: the service calls
    :meth:`notify` after each commit (from any thread); one task per watched event reads
    the watched tables' signatures under the lock, once, and wakes the phones' streams."""

    def __init__(self, web: Web, signature: Callable[[EventState, int, int], Signature]) -> None:
        self.web = web
        self.signature = signature
        self._watches: dict[str, Watch] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.closed = False
        """Set by :meth:`close`: every stream ends (the phones poll or connect again)."""
        web.service.on_commit.append(self.notify)
        _HUBS.add(self)

    def close(self) -> None:
        """End every phone's stream now (from any thread): a server about to stop."""
        self.closed = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            for event_id in list(self._watches):
                loop.call_soon_threadsafe(self._wake, event_id)

    def notify(self, event_id: str) -> None:
        """New records of ``event_id`` (called by the service under its lock, from any
        thread): its watcher, if any, reads the event again."""
        loop = self._loop
        if loop is not None and not loop.is_closed() and event_id in self._watches:
            loop.call_soon_threadsafe(self._wake, event_id)

    def _wake(self, event_id: str) -> None:
        watch = self._watches.get(event_id)
        if watch is not None:
            watch.woken.set()

    def subscribe(self, event_id: str, key: WatchKey) -> Watch:
        """Watch table ``key`` of ``event_id`` (call from the event loop); the watcher of the
        event is started if it is not running. :meth:`unsubscribe` when the phone leaves."""
        self._loop = asyncio.get_running_loop()
        watch = self._watches.get(event_id)
        if watch is None:
            watch = self._watches[event_id] = Watch()
            watch.task = asyncio.get_running_loop().create_task(self._watch(event_id, watch))
        watch.keys[key] += 1
        return watch

    def unsubscribe(self, event_id: str, key: WatchKey) -> None:
        """One phone fewer on table ``key`` (the watcher stops with its last phone)."""
        watch = self._watches.get(event_id)
        if watch is not None:
            watch.keys[key] -= 1
            if watch.keys[key] <= 0:
                del watch.keys[key]
                watch.signatures.pop(key, None)
                watch.waiting.pop(key, None)
            if not watch.keys:
                watch.woken.set()  # the watcher sees it has no phones left and stops

    def signatures(self, event_id: str, keys: list[WatchKey]) -> dict[WatchKey, Signature]:
        """The signatures of the tables ``keys`` of the event, read once under the lock."""
        with self.web.locked():
            state = self.web.service.state(event_id)
            return {k: self.signature(state, *k) for k in keys}

    async def _watch(self, event_id: str, watch: Watch) -> None:
        try:
            while watch.keys:
                with suppress(TimeoutError):
                    await asyncio.wait_for(watch.woken.wait(), RECHECK_SECONDS)
                watch.woken.clear()
                if not watch.keys or self.closed:
                    break
                try:
                    found = await run_in_threadpool(self.signatures, event_id, list(watch.keys))
                except Exception:  # an event deleted meanwhile: each phone reads its own page
                    found = {k: None for k in watch.keys}
                before, watch.signatures = watch.signatures, found
                watch.wake([k for k, sig in found.items() if k not in before or before[k] != sig])
        finally:
            if self._watches.get(event_id) is watch:
                del self._watches[event_id]
            watch.wake(list(watch.waiting))
