"""The table page on a phone (headless Chromium, 390x844) with its status pushed (issue 28):
the line waiting for the other's numbers sees them arrive through the stream, without one
poll of ``/status``; a browser without EventSource keeps polling as before (FIBAS art. 20:
both lines sign the sheet)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web import table_push
from arbitro.web.app import Web
from arbitro.web.tokens import make_token

PHONE = {"width": 390, "height": 844}
ENTRY = SheetEntry.from_payload({"deals": [[300, 150, 100, 35], [0, -40, 250, 120]]})
ARRIVED = "L'altra linea ha inviato lo score"
WAIT = 15_000  # ms: the polling fallback asks every 3 s


def _phone(
    browser: Any, live_server: str, token: str, *, no_push: bool
) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport=PHONE)
    if no_push:
        context.add_init_script("delete window.EventSource;")
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(f"{live_server}/t/{token}?line=ew", wait_until="load")
    return context, page, asked


def test_the_other_lines_numbers_arrive_on_the_phone_without_polling_art_20(
    web_app: FastAPI, live_server: str, browser: Any, make_event: Any, tmp_path: Any
) -> None:
    """E-W's phone shows the sheet missing; N-S sends its numbers: E-W's status says so,
    brought by the stream; the same numbers entered for E-W: confirmed, with nothing more to
    wait for (no stream, no polling). Not one request to ``/status``."""
    web: Web = web_app.state.web
    event_id = make_event("spinta", pairs=8)
    token = make_token(web.secret, event_id, 1, 1)
    context, page, asked = _phone(browser, live_server, token, no_push=False)
    try:
        status = page.locator("#status")
        expect(status).to_have_class("status status-missing")
        expect(status).to_have_attribute(
            "data-poll", f"/t/{token}/status?line=ew&round=1&seen=missing&lang=it"
        )
        web.service.enter_sheet(event_id, 1, 1, ENTRY, actor="table", line="ns")
        expect(status).to_contain_text(ARRIVED, timeout=WAIT)
        page.screenshot(path=str(tmp_path / "pushed.png"))
        web.service.enter_sheet(event_id, 1, 1, ENTRY, actor="table", line="ew")
        expect(status).to_have_class("status status-confirmed", timeout=WAIT)
        expect(status).not_to_have_attribute("data-events", re.compile(".*"))
        assert any("/events?" in url for url in asked)
        assert not [url for url in asked if "/status?" in url]
    finally:
        context.close()
        table_push.push_hub(web).close()


def test_without_event_source_the_phone_polls_as_before(
    web_app: FastAPI, live_server: str, browser: Any, make_event: Any
) -> None:
    """A browser without EventSource: the page polls ``/status`` every 3 s, and the other
    line's numbers arrive so."""
    web: Web = web_app.state.web
    event_id = make_event("senzaspinta", pairs=8)
    token = make_token(web.secret, event_id, 1, 1)
    context, page, asked = _phone(browser, live_server, token, no_push=True)
    try:
        status = page.locator("#status")
        expect(status).to_have_attribute("hx-trigger", "every 3s")
        web.service.enter_sheet(event_id, 1, 1, ENTRY, actor="table", line="ns")
        expect(status).to_contain_text(ARRIVED, timeout=WAIT)
        assert any("/status?" in url for url in asked)
        assert not [url for url in asked if "/events?" in url]
    finally:
        context.close()
