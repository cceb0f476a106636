"""Every router of the web app, included in one place."""

from __future__ import annotations

from fastapi import FastAPI


def include_all(app: FastAPI) -> None:
    """Include the routers of the desk, the table-side entry, the public pages and the API."""
    from arbitro.web import home

    app.include_router(home.router)
