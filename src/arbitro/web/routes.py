"""Every router of the web app, included in one place (issue 30): a new area of the web adds
its router to :data:`ROUTERS` (one line), or, if it must also give the app something (its
templates' globals, the schema's hook), its ``install`` to :data:`INSTALLS`."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, FastAPI

from arbitro.web import (
    api,
    desk,
    digital_call,
    digital_public,
    digital_table,
    home,
    knockout,
    public,
    results_pages,
    table,
    table_boards,
    table_push,
    unverified,
)
from arbitro.web.desk import phone_check

ROUTERS: list[APIRouter] = [
    home.router,
    desk.router,  # the director's desk
    api.router,  # its JSON API
    table.router,  # the table-side entry
    table_boards.router,
    public.router,  # the room displays
    results_pages.router,
    knockout.router,  # the knockout events' pages
    table_push.router,  # the table's status pushed to its phones
    digital_table.router,  # a digital table's seats (issue 32)
    digital_call.router,  # a seat calls the arbiter; the table's pause (issue 32)
    digital_public.router,  # a digital table's finished deals for the public (issue 32)
]
"""The routers, in the order their routes are matched."""

INSTALLS: list[Callable[[FastAPI], None]] = [
    api.install,  # its schema reads the codes' registry when asked (issue 30)
    phone_check.install,  # "Prova il telefono"; the base URL for the desk's banner
    unverified.install,  # the banner of an event imported unverified (issue 29)
]
"""What an area gives the app besides its router, called once the routers are included."""


def include_all(app: FastAPI) -> None:
    """Include every router of :data:`ROUTERS` in ``app``, then run :data:`INSTALLS`."""
    for router in ROUTERS:
        app.include_router(router)
    for install in INSTALLS:
        install(app)
