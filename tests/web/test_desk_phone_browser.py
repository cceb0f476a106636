"""The desk on an arbiter's phone (390x844): walking the hall, the arbiter opens the events,
the event, the round's page (the tables' sheets, the standings, lateness and warnings, FIBAS
art. 37, 41), a table's page, the new-event form, the prize plan (Parole art. 6.1) and the
cash; no page is wider than the screen: the bar's links wrap, a wide table scrolls sideways
in its own box, a long address breaks, a form's fields shrink to the screen."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from tests.web.test_public_phone_browser import not_fitting

from arbitro.services.demo import run_demo

PAGES = (
    "/desk",
    "/desk/e/demo",
    "/desk/e/demo/r/4",
    "/desk/e/demo/r/4/t/1",
    "/desk/new",
    "/desk/e/demo/prizes",
    "/desk/e/demo/cash",
    "/desk/players",
)


def test_the_desk_fits_a_phone(
    web_app: FastAPI, live_server: str, browser: Any, director: tuple[str, str], tools: Any
) -> None:
    run_demo(web_app.state.web.store, "demo")
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.set_viewport_size({"width": 390, "height": 844})
        assert not_fitting(desk, [f"{live_server}{path}" for path in PAGES]) == {}
    finally:
        desk.context.close()
