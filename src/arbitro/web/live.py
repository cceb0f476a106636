"""The room displays (the projector pages of the events in rounds and of the knockouts): a
page and its changing part, polled by htmx, which answers 204 while nothing has changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from fastapi import Request
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
