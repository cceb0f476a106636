"""The JSON API under ``/api/`` (OpenAPI schema at ``/api/openapi.json``; no docs page, which
would load Swagger UI from a CDN).

Reading is open to anyone (the same facts the room displays show): events, an event, a round's
seating, its sheets' status, the standings. Writing is for a logged-in director, who
authenticates with a bearer token from ``POST /api/token`` (``Authorization: Bearer <token>``,
valid ``SESSION_HOURS`` hours, revoked by a logout or a password change; logins throttled:
429 with ``Retry-After``), or with the desk's session cookie plus the session's CSRF token in
the ``X-CSRF-Token`` header. Every write accepts an ``Idempotency-Key`` header: the same key
sent again is answered with the first answer and records nothing (:mod:`arbitro.web.guard`).
Bodies over 2 MiB (an import: 20 MiB) are refused 413 before they are read. Every route
goes through one dependency (:class:`~arbitro.web.api.common.Api`: the service, read and
written under its lock); a refused request gets a 4xx with
``{"error": {"message", "msgid", "key", "article"}}`` in the request's language
(:mod:`arbitro.web.errors`): 400 bad input, 401 not logged in, 403 cross-site, 404 not found,
409 conflicts with what is recorded (a seating published twice, a sheet in conflict
confirmed, a draft seating withdrawn pairs published...), 422 malformed request; the list,
with examples, in ``docs/api.md``.

One module per resource (issue 30), each with its router: :mod:`.token`, :mod:`.events`,
:mod:`.seating`, :mod:`.sheets`, :mod:`.standings`, :mod:`.registrations`, :mod:`.arbiter`,
:mod:`.rulings`; their bodies and answers in :mod:`.models`, the dependency in :mod:`.common`.
This module includes them under ``/api``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI

from arbitro.codes.registry import EventKind, codes_of
from arbitro.web.api import (
    arbiter,
    events,
    registrations,
    rulings,
    seating,
    sheets,
    standings,
    token,
)
from arbitro.web.api.sheets import api_sheet_entry as api_sheet_entry

RESOURCES: list[APIRouter] = [
    token.router,
    events.router,
    seating.router,
    sheets.router,
    standings.router,
    registrations.router,
    arbiter.router,
    rulings.router,
]
"""The resources' routers, included under ``/api`` in this order."""

router = APIRouter(prefix="/api")
for resource in RESOURCES:
    router.include_router(resource)


def install(app: FastAPI) -> None:
    """Make the app's OpenAPI schema read the codes' registry when asked (issue 30): FastAPI
    keeps the schema it made first, so a code registered after (a plugin's) would be missing
    from the enum of ``EventConfigIn.code``; the schema is made again when the codes change."""
    make = app.openapi
    made_for: list[tuple[str, ...]] = []

    def openapi() -> dict[str, Any]:
        codes = codes_of(EventKind.ROUNDS)
        if made_for != [codes]:
            app.openapi_schema = None
            made_for[:] = [codes]
        return make()

    app.openapi = openapi  # type: ignore[method-assign]
