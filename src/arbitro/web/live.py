"""The room displays (the projector pages of the events in rounds and of the knockouts): a
page and its changing part, polled by htmx, which answers 204 while nothing has changed.

A rendered display is kept per (page, query, version of the event, language) in the app's
:class:`~arbitro.web.page_cache.PageCache`, served with an ETag (304 on ``If-None-Match``),
``Cache-Control: no-cache`` and gzipped when big. The event is read under the
service's lock; the page is rendered outside it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbitro.web.app import request_lang, web_of
from arbitro.web.page_cache import Key, cached, page_response

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
    ``path``/live its polled part, ``template``_live.html; ``what`` says what it shows."""

    def page(request: Request, event_id: str) -> Response:
        return show(request, event_id, f"{template}.html")

    def live(request: Request, event_id: str) -> Response:
        return show(request, event_id, f"{template}_live.html")

    page.__name__, page.__doc__ = template, what
    live.__name__ = f"{template}_live"
    live.__doc__ = f"{what} The changing part (polled; 204 when nothing changed)."
    on.add_api_route(path, page, methods=READ_ONLY, include_in_schema=False)
    on.add_api_route(f"{path}/live", live, methods=READ_ONLY, include_in_schema=False)
