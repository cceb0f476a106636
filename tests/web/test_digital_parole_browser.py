"""Burraco Parole at a digital table in a real browser at 390x844 (issue 32): North's phone
opens its seat's link, robots at East, South and West; North draws, builds a word of four
letters or more by tapping its letter cards (not in the short list the view sends: the page
asks the server after each tap what the tapped cards can play and offers the word once
exactly its cards are tapped, art. 4.1; issue 32) and plays it, then discards by tapping; the rest of the round is played through the service; the
page shows the score and North's line signs with one tap, East-West through the service, and
the sheet is confirmed and ranked in the standings (arts. 5, 12). Screenshots are kept under
/tmp/shots-digital-parole."""

from __future__ import annotations

import random
import re
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.digital_phones import screens

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ConflictError
from arbitro.games.core import Seat
from arbitro.games.parole import MoveKind
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.digital_table import seat_path

SHOTS = screens("parole", "/tmp/shots-digital-parole")


def _tap(page: Any, move: str) -> None:
    """Tap the hand's cards a move takes from the hand (a lay-off's up to its ``=``)."""
    words = move.split()
    cards = words[2 : words.index("=")] if words[0] == "layoff" else words[1:]
    for card in cards:
        page.locator(f'#dt-hand button[data-card="{card}"][aria-pressed="false"]').first.click()


def test_north_builds_and_plays_a_word_by_tapping_at_390x844(
    browser: Any, live_server: str, web_app: FastAPI
) -> None:
    web = web_app.state.web
    svc = web.service
    event = "parole-telefono"
    svc.create_event(
        event,
        EventConfig(
            "Parole al telefono",
            EventFormat.PAIRS,
            1,
            (3,),
            (Movement.DRAW,),
            seed=5,
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        ),
    )
    for i in range(1, 5):
        svc.run(event, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat(event, 1, publish=True)
    tables = DigitalTables(svc, random.Random(21))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.S, Seat.W))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(live_server + seat_path(web.secret, event, 1, 1, "N"))
        status = page.locator("#dt-status")
        draw = page.locator('#dt-moves button[data-move="draw"]')
        expect(draw).to_have_count(1)
        view = tables.view(event, 1, 1, Seat.N)
        shown = page.locator("#dt-hand button").evaluate_all("els => els.map(e => e.dataset.card)")
        assert shown == view["hand"] and len(shown) == 7  # seven cards (art. 3.4), sorted
        page.screenshot(path=str(SHOTS / "1-hand.png"))
        # the seats and lines in the page's language: «E-O», «O» (Ovest), never EW nor W
        expect(page.locator("h1")).to_have_text("Tavolo 1, posto Nord")
        other = page.locator(".dt-area:not(.own) h2")
        expect(other).to_have_text("Combinazioni della linea E-O")
        expect(page.locator("#dt-counts")).to_contain_text(re.compile(r"O: \d+ cart"))
        expect(page.locator("#dt-counts")).not_to_contain_text("W:")
        # West's page (a robot's seat, looked at) says whose turn it is by the seat's name
        west = context.new_page()
        west.goto(live_server + seat_path(web.secret, event, 1, 1, "W"))
        expect(west.locator("#dt-status")).to_have_text("Gioca: Nord")  # not «Gioca: N»
        west.close()

        played = ""
        for _turn in range(12):
            expect(draw).to_have_count(1)
            draw.click()
            expect(draw).to_have_count(0)
            # a word of four letters or more: not in the short list the view sends, the page
            # asks the server what the tapped cards can play after each tap (issue 32)
            view = tables.view(event, 1, 1, Seat.N)
            game = tables.table(event, 1, 1).position()
            longer = sorted(
                (
                    "meld " + " ".join(m.cards)
                    for m in game.legal_moves()
                    if m.kind is MoveKind.MELD
                ),
                key=lambda m: (-len(m), m),
            )
            words = [m for m in longer if len(m.split()) > 4]
            if words and not played:
                played = words[0]
                assert played not in view["moves"]
                _tap(page, played)
                offered = page.locator("#dt-moves button.dt-move")
                expect(page.locator(f'#dt-moves button[data-move="{played}"]')).to_have_count(1)
                # only the plays of exactly the cards tapped are offered
                for m in offered.evaluate_all("els => els.map(e => e.dataset.move)"):
                    assert sorted(m.split()[1:]) == sorted(played.split()[1:]) or "=" in m
                page.screenshot(path=str(SHOTS / "2-word-selected.png"))
                page.locator(f'#dt-moves button[data-move="{played}"]').click()
                expect(page.locator(".dt-area.own .dt-meld")).not_to_have_count(0)
                page.screenshot(path=str(SHOTS / "3-word-played.png"))
            view = tables.view(event, 1, 1, Seat.N)
            discard = next(m for m in view["moves"] if m.startswith("discard "))
            _tap(page, discard)
            page.locator(f'#dt-moves button[data-move="{discard}"]').click()
            if played or tables.table(event, 1, 1).position().is_over:
                break
        assert played, "North found no word of four letters or more in twelve turns"
        t = tables.table(event, 1, 1)
        assert ("N", "meld " + "".join(played.split()[1:])) in t.deals[0].moves

        # the rest of the round through the service: North's moves as its phone would send
        rng = random.Random(3)
        while not tables.view(event, 1, 1, Seat.N)["sheet"]:
            v = tables.view(event, 1, 1, Seat.N)
            if not v["moves"]:  # the server's robots are playing: help them on, or wait
                tables.advance(event, 1, 1)
                continue
            try:
                tables.play(event, 1, 1, Seat.N, v["deal"], v["n"] + 1, rng.choice(v["moves"]))
            except ConflictError:
                continue  # the server's robots moved first: read the table again
        sign = page.locator("#dt-result button.dt-sign")
        expect(sign).to_have_count(1)
        expect(page.locator("#dt-result .dt-scores")).to_contain_text("Linea N-S")  # scores
        expect(page.locator("#dt-result .dt-scores")).to_contain_text("Linea E-O")
        page.screenshot(path=str(SHOTS / "4-score.png"), full_page=True)
        sign.click()
        # North's line has signed (the button is gone), East-West still to sign (art. 20)
        signed = page.locator("#dt-result .dt-signed")
        expect(signed).to_have_text("Firmato: si attende la firma degli altri")
        expect(sign).to_have_count(0)
        assert tables.sign(event, 1, 1, "ew") == "confirmed"
        assert sheet_status(svc.state(event), 1, 1) == "confirmed"
        sheet = tables.view(event, 1, 1, Seat.N)["sheet"]
        svc.enter_sheet(event, 1, 2, svc.state(event).sheet_kind.parse(sheet))
        svc.run(event, values.PublishStandings(1))
        rows = svc.standings(event)
        assert len(rows) == 4 and sum(r.vp for r in rows) > 0
        expect(signed).to_have_text("Score confermato")  # the phone's next look at the desk
        page.screenshot(path=str(SHOTS / "5-signed.png"), full_page=True)
        assert status.inner_text()
    finally:
        context.close()
