"""The home page: the events of the installation, with links to their public pages."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbitro.web.context import web_of

router = APIRouter()


@router.get("/", include_in_schema=False)
def home(request: Request) -> Response:
    """List the events."""
    web = web_of(request)
    return web.render(request, "home.html", events=web.store.list_events())
