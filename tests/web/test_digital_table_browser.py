"""A digital table's seat in a real browser at 390x844 (issue 32): North's phone opens its
seat's link, robots at East, South and West; the page shows the hand sorted, the discard
pile and the melds, offers the legal moves as buttons (draw or pick up; then the melds,
lay-offs and discards that take exactly the cards tapped), plays three turns by tapping,
and a reload returns to the same seat and position. The screenshots are kept under /tmp."""

from __future__ import annotations

import random
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.digital_phones import screens

from arbitro.games.core import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.web.digital_table import seat_path

SHOTS = screens("fibas", "/tmp/arbitro-digital")


def _tap_cards(page: Any, move: str) -> None:
    """Tap the hand's cards a move takes (one button per copy held)."""
    for card in move.split()[1:]:
        if card in ("low",) or card.isdigit():
            continue
        page.locator(f'#dt-hand button[data-card="{card}"][aria-pressed="false"]').first.click()


def test_north_plays_three_turns_by_tapping_at_390x844(
    browser: Any, live_server: str, web_app: FastAPI, make_event: Any
) -> None:
    web = web_app.state.web
    event = make_event("telefono", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(21))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.S, Seat.W))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(live_server + seat_path(web.secret, event, 1, 1, "N"))
        assert page.url.endswith("/digital/N")  # the code is kept, the address shown without it
        status = page.locator("#dt-status")
        expect(status).to_have_text("Tocca a te")
        view = tables.view(event, 1, 1, Seat.N)
        shown = page.locator("#dt-hand button").evaluate_all("els => els.map(e => e.dataset.card)")
        assert shown == view["hand"] and len(shown) == 11
        pile = page.locator("#dt-pile .dt-card.top").get_attribute("data-card")
        assert pile == view["pile"][-1]
        page.screenshot(path=str(SHOTS / "1-hand.png"))

        for turn in range(3):
            # North's turn to draw, as the page shows it once the robots' moves have reached
            # it (the status alone may still read the turn before North's discard).
            expect(page.locator('#dt-moves button[data-move="draw"]')).to_have_count(1)
            before = tables.view(event, 1, 1, Seat.N)
            page.locator('#dt-moves button[data-move="draw"]').click()
            expect(page.locator('#dt-moves button[data-move="draw"]')).to_have_count(0)
            after_draw = tables.view(event, 1, 1, Seat.N)
            assert after_draw["n"] == before["n"] + 1
            assert len(after_draw["hand"]) == len(before["hand"]) + 1
            melds = [m for m in after_draw["moves"] if m.startswith(("meld ", "layoff "))]
            if melds:
                _tap_cards(page, melds[0])
                page.screenshot(path=str(SHOTS / f"2-selection-{turn}.png"))
                page.locator(f'#dt-moves button[data-move="{melds[0]}"]').click()
                expect(page.locator(".dt-area.own .dt-meld")).not_to_have_count(0)
                # the meld's view reached the page, so the server applied it: the melds of an
                # earlier turn are shown already, and a view read before it still offers to
                # discard a card the meld took
                expect(page.locator("#digital")).to_have_attribute(
                    "data-n", str(after_draw["n"] + 1)
                )
            view = tables.view(event, 1, 1, Seat.N)
            discard = next(m for m in view["moves"] if m.startswith("discard "))
            _tap_cards(page, discard)
            page.locator(f'#dt-moves button[data-move="{discard}"]').click()
            # the robots play East, South and West at once: North's turn again (or the end)
            expect(status).to_have_text(
                "Tocca a te"
                if not tables.table(event, 1, 1).position().is_over
                else "Smazzata finita"
            )
            expect(page.locator("#dt-hand button")).to_have_count(
                len(tables.view(event, 1, 1, Seat.N)["hand"])
            )
        page.screenshot(path=str(SHOTS / "3-after-three-turns.png"))
        now = tables.view(event, 1, 1, Seat.N)
        assert now["n"] > 12  # three of North's turns and the robots' between them

        page.reload()  # the same seat and position, from the store's records
        expect(status).to_have_text("Tocca a te")
        shown = page.locator("#dt-hand button").evaluate_all("els => els.map(e => e.dataset.card)")
        assert shown == now["hand"]
        assert page.locator(".dt-area.own .dt-meld").count() == len(now["areas"][0]["melds"])
        page.screenshot(path=str(SHOTS / "4-reloaded.png"), full_page=True)
    finally:
        context.close()
