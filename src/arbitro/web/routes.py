"""Every router of the web app, included in one place."""

from __future__ import annotations

from fastapi import FastAPI


def include_all(app: FastAPI) -> None:
    """Include the routers: home, the director's desk, its JSON API, the table-side entry,
    the public room displays and the knockout events' pages."""
    from arbitro.web import (
        api,
        desk,
        home,
        knockout,
        public,
        results_pages,
        table,
        table_boards,
    )

    for module in (home, desk, api, table, table_boards, public, results_pages, knockout):
        app.include_router(module.router)
    api.install(app)  # its schema reads the codes' registry when asked (issue 30)
    from arbitro.web.desk import phone_check

    phone_check.install(app)  # "Prova il telefono"; the base URL for the desk's banner
    from arbitro.web import unverified

    unverified.install(app)  # the banner of an event imported unverified (issue 29)
