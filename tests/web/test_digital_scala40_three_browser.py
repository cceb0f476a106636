"""A Scala 40 table of three on three phones in a real browser at 390x844 (issue 32; art. 26):
each phone shows its own 13 cards, the two other players' hand counts (no West: the empty
seat has no hand) and three players' meld areas; the player to play taps the stock to draw
and the three phones follow the move. A screenshot of North's phone goes to
/tmp/shots-digital-scala40-three."""

from __future__ import annotations

import random
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.axe import axe_context
from tests.web.digital_phones import screens
from tests.web.test_digital_scala40_web import scala40_event

from arbitro.games.core.seats import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.web.digital_table import seat_path

SHOTS = screens("scala40-three", "/tmp/shots-digital-scala40-three")
THREE = ("N", "E", "S")


def test_three_phones_show_three_seats_and_follow_a_draw_at_390x844(
    browser: Any, live_server: str, web_app: FastAPI
) -> None:
    web = web_app.state.web
    event = scala40_event(web, "scala-tre-telefoni", players=3)
    tables = DigitalTables(web.service, random.Random(12))
    tables.open(event, 1, 1)
    turn = tables.table(event, 1, 1).position().turn
    context = axe_context(browser, viewport={"width": 390, "height": 844})
    try:
        pages = {}
        for seat in THREE:
            page = context.new_page()
            page.goto(live_server + seat_path(web.secret, event, 1, 1, seat))
            expect(page.locator("#digital")).to_have_attribute("data-n", "0")
            expect(page.locator("#dt-hand button")).to_have_count(13)  # art. 4: 13 each
            counts = page.locator("#dt-counts .dt-count").all_inner_texts()
            others = sorted(c.split(":")[0] for c in counts if ":" in c)
            assert others == sorted(s for s in THREE if s != seat), counts
            expect(page.locator("#dt-areas .dt-area")).to_have_count(3)
            pages[seat] = page
        pages["N"].screenshot(path=str(SHOTS / "1-three-hands.png"))
        mover = pages[turn.value]
        expect(mover.locator("#dt-status")).to_have_text("Tocca a te")
        mover.locator("#dt-stock").click()  # one tap draws (art. 6)
        for page in pages.values():
            expect(page.locator("#digital")).to_have_attribute("data-n", "1")
        expect(mover.locator("#dt-hand button")).to_have_count(14)
        assert tables.table(event, 1, 1).current.moves == [(turn.value, "draw")]
        assert turn in (Seat.N, Seat.E, Seat.S)
    finally:
        context.close()
