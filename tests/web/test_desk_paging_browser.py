"""The round page's and the seating editor's tables a page at a time in a real browser
(headless Chromium, issue 29): a page link and the search box swap the tables in place
through htmx, the counts still the round's (FIBAS art. 19-20); a swap made in the editor on
page 3 comes back to page 3 (art. 4)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


def test_the_round_pages_tables_swap_in_place_and_the_editor_keeps_its_page(
    tools: Any, browser: Any, live_server: str, director: tuple[str, str], web_app: FastAPI
) -> None:
    """With 900 pairs (450 tables): the round page's link "3" brings tables 401-450 without
    loading the page, the counts still 450; typing 77 in the search shows table 77 alone; in
    the editor, the link "3" then a swap of two competitors of table 401 keeps page 3."""
    svc = web_app.state.web.service
    config = EventConfig("Grande", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW,) * 2, seed=1)
    svc.create_event("grande", config)
    svc.register_many(
        "grande", [(f"Coppia {i}", (f"Rossi {i}", f"Bianchi {i}")) for i in range(1, 901)]
    )
    svc.seat("grande", 1)
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.goto(f"{live_server}/desk/e/grande/r/1/seating-edit", wait_until="load")
        desk.get_by_role("link", name="pagina 3 di 3").click()
        expect(desk.locator("#edit-table-401")).to_be_visible()
        table = svc.state("grande").round(1).seating.tables[400]
        first, second = table.ns[0], table.ew[0]
        desk.locator("#swap-first").fill(str(first))
        desk.locator("#swap-second").fill(str(second))
        desk.locator("#swap-button").click()
        expect(desk.locator("#seating-editor .notice")).to_be_visible()
        expect(desk.locator("#edit-table-401")).to_be_visible()  # still page 3
        swapped = svc.state("grande").round(1).seating.tables[400]
        assert (swapped.ns[0], swapped.ew[0]) == (second, first)

        svc.run("grande", values.PublishSeating(1))
        desk.goto(f"{live_server}/desk/e/grande/r/1", wait_until="load")
        expect(desk.locator("#table-pages")).to_contain_text("Tavoli 1–200 di 450")
        loads: list[str] = []
        desk.on("load", lambda page: loads.append(page.url))
        desk.locator("#table-pages").get_by_role("link", name="pagina 3 di 3").click()
        expect(desk.locator("#sheets-table")).to_contain_text("Coppia")
        expect(desk.locator("#table-pages")).to_contain_text("Tavoli 401–450 di 450")
        expect(desk.locator(".counts .status-missing")).to_contain_text("450")
        assert desk.url.endswith("/desk/e/grande/r/1?page=3")
        desk.locator("#table-q").fill("77")
        expect(desk.locator("#table-pages")).to_contain_text("Tavoli 1–1 di 1")
        expect(desk.locator("#sheets-table tbody tr")).to_have_count(1)
        assert loads == []  # swapped in place: the page was never loaded again
    finally:
        desk.context.close()
