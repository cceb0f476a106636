"""The desk's list of competitors a page at a time in a real browser (headless Chromium,
issue 29): a page link and the search box swap the list in place through htmx (no page
load), the check-in click still works on a later page (FIBAS art. 4), and the page link
keeps its address for a reload."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


def test_pages_and_search_swap_the_list_in_place_art4(
    tools: Any, browser: Any, live_server: str, director: tuple[str, str], web_app: FastAPI
) -> None:
    """With 450 pairs: page 1 shows 1-200; the link "3" brings 401-450 without loading the
    page; "Presente" on pair 420 is recorded (art. 4); typing "bianchi 77" shows pair 77
    only; the address of page 3 opens page 3."""
    svc = web_app.state.web.service
    config = EventConfig("Grande", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW,) * 2, seed=1)
    svc.create_event("grande", config)
    svc.register_many(
        "grande", [(f"Coppia {i}", (f"Rossi {i}", f"Bianchi {i}")) for i in range(1, 451)]
    )
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.goto(f"{live_server}/desk/e/grande", wait_until="load")
        expect(desk.locator("#competitor-pages")).to_contain_text(
            "Concorrenti 1–200 di 450 · pagina 1 di 3"
        )
        expect(desk.locator("#competitor-201")).to_have_count(0)
        loads: list[str] = []
        desk.on("load", lambda page: loads.append(page.url))
        desk.get_by_role("link", name="pagina 3 di 3").click()
        expect(desk.locator("#competitor-420")).to_be_visible()
        expect(desk.locator("#competitor-1")).to_have_count(0)
        assert desk.url.endswith("/desk/e/grande?page=3")
        desk.get_by_role("button", name="Presente: Coppia 420").click()
        expect(desk.locator("#competitor-420")).to_contain_text("✓\xa0presente")
        assert svc.state("grande").present() == [420]
        desk.locator("#competitor-q").fill("bianchi 77")
        expect(desk.locator("#competitor-77")).to_be_visible()
        expect(desk.locator("#competitor-420")).to_have_count(0)
        expect(desk.locator("#competitor-pages")).to_contain_text("Concorrenti 1–1 di 1")
        assert loads == []  # swapped in place: the page was never loaded again
        desk.goto(f"{live_server}/desk/e/grande?page=3", wait_until="load")
        expect(desk.locator("#competitor-420")).to_contain_text("✓\xa0presente")
    finally:
        desk.context.close()
