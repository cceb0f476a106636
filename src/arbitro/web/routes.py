"""Every router of the web app, included in one place."""

from __future__ import annotations

from fastapi import FastAPI


def include_all(app: FastAPI) -> None:
    """Include the routers: home, the director's desk, its JSON API, the table-side entry
    and the public room displays."""
    from arbitro.web import api, desk, home, public, table

    for module in (home, desk, api, table, public):
        app.include_router(module.router)
