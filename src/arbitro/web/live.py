"""The room displays (the projector pages of the events in rounds and of the knockouts): a
page and its changing part, polled by htmx, which answers 204 while nothing has changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbitro.web.app import web_of

READ_ONLY = ["GET", "HEAD"]


def display(
    request: Request,
    template: str,
    lock: AbstractContextManager[Any],
    version: Callable[[], str],
    context: Callable[[], Mapping[str, Any]],
    poll: int,
) -> Response:
    """Render a display page; for its polled part (``*_live.html``) answer 204 when the
    browser's ``?v=`` is still the ``version`` of the event (read under ``lock``)."""
    with lock:
        current = version()
        if template.endswith("_live.html") and request.query_params.get("v") == current:
            return Response(status_code=204)
        ctx = dict(context())
    return web_of(request).render(request, template, version=current, poll=poll, **ctx)


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
