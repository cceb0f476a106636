"""One click at the entrance updates one row, in a real browser (headless Chromium, issue
28): "Presente" swaps that competitor's row and the count in place through htmx, "Annulla"
takes it back, and the page is never loaded again (FIBAS art. 4)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect


def test_presente_changes_the_row_and_the_count_without_a_page_load_art4(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
) -> None:
    """FIBAS art. 4: pair 3 arrives ("Presente": its row reads "✓ presente", the count 1 of
    6), then the desk takes it back ("Annulla": 0 of 6); no navigation of the page, the other
    rows untouched, the service holds what the rows show."""
    svc = web_app.state.web.service
    event_id = make_event(pairs=6, seat=False)
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.goto(f"{live_server}/desk/e/{event_id}", wait_until="load")
        expect(desk.locator("#check-in")).to_contain_text("Presenze: 0 presenti di 6")
        navigations: list[str] = []
        desk.on("framenavigated", lambda frame: navigations.append(frame.url))
        desk.get_by_role("button", name="Presente: Coppia 3").click()
        expect(desk.locator("#competitor-3")).to_contain_text("✓\xa0presente")
        expect(desk.locator("#check-in")).to_contain_text("Presenze: 1 presente di 6")
        expect(desk.locator("#competitor-4")).not_to_contain_text("presente")
        assert svc.state(event_id).present() == [3]
        desk.get_by_role("button", name="Annulla la presenza di Coppia 3").click()
        expect(desk.locator("#check-in")).to_contain_text("Presenze: 0 presenti di 6")
        expect(desk.get_by_role("button", name="Presente: Coppia 3")).to_be_visible()
        assert svc.state(event_id).present() == []
        assert navigations == []
    finally:
        desk.context.close()
