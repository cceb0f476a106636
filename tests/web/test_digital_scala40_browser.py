"""Scala 40 on a phone in a real browser at 390x844 (issue 32): North's phone plays a whole
round (three deals, art. 5) against robots at East, South and West, by tapping and dragging
on the page only. Deal 1 is laid out so that North opens at its first turn (art. 7: a set
of kings and a run of hearts, 40 points and more): it taps the stock to draw, taps the
opening's cards and the offered opening, drags a card onto the discard pile; on later turns
it drags a card onto a meld to lay it off when it can, and discards by tapping a card then
the pile. The hand is reordered from the keyboard (Alt+arrow) and by a drag, and sorted
again; axe-core finds no serious violation on the page. At the end the phone shows the deal's negative points (art. 22) and the sign
button; the four players sign (North from the page), the table's sheet is the engine's and
the standings are published. Screenshots of the phases go to /tmp/shots-digital-scala40."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.axe import axe_context, axe_violations, blocking, describe
from tests.web.digital_phones import screens

from arbitro.cards import format_cards, parse_cards
from arbitro.codes.ids import CodeId, GameId
from arbitro.games.core.seats import SEATS, Seat
from arbitro.games.scala40.deal import ORDER, arrange_deck
from arbitro.games.scala40.rules import scala40_deck
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.digital.commands import OpenDigitalTable
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.digital_table import seat_path

SHOTS = screens("scala40", "/tmp/shots-digital-scala40")
OPENING = "KS KD KC 7H 8H 9H"


def scala40_event(web: Any, event_id: str) -> str:
    """A Scala 40 event of one round of three deals, four players seated and published."""
    config = EventConfig(
        name="Scala 40 sul telefono",
        event_format=EventFormat.INDIVIDUAL,
        rounds=1,
        deals=(3,),
        movements=(Movement.DRAW,),
        seed=5,
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    web.service.create_event(event_id, config)
    for i in range(1, 5):
        web.service.run(event_id, Register(f"Giocatore {i}", []))
    web.service.seat(event_id, 1, publish=True)
    return event_id


def _hand(page: Any) -> list[str]:
    cards: list[str] = page.locator("#dt-hand button").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return cards


def _tap(page: Any, card: str) -> None:
    page.locator(f'#dt-hand button[data-card="{card}"][aria-pressed="false"]').first.click()


def _drag(page: Any, card: str, target: Any) -> None:
    """Drag the hand's ``card`` onto ``target`` with the pointer (press, move, release)."""
    held = page.locator(f'#dt-hand button[data-card="{card}"]').first
    held.scroll_into_view_if_needed()
    source = held.bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(source["x"] + 5, source["y"] - 20, steps=4)
    target.scroll_into_view_if_needed()  # as the page scrolls near the screen's edge
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=6)
    page.mouse.up()


def test_north_plays_a_scala40_round_by_tapping_and_dragging_at_390x844(
    browser: Any, live_server: str, web_app: FastAPI
) -> None:
    web = web_app.state.web
    event = scala40_event(web, "scala-telefono")
    dealer = next(s for s in SEATS if ORDER.after(s) is Seat.N)  # North plays first (art. 4)
    north = parse_cards(OPENING + " 10H 5D 9C 4S 6C QD JK")
    rest = list((Counter(scala40_deck()) - Counter(north)).elements())
    random.Random(4).shuffle(rest)  # the other hands, the up card and the stock at random
    rest.remove(parse_cards("10H")[0])
    rest.append(parse_cards("10H")[0])  # the other 10H at the stock's bottom: North lays its own
    others = {s: rest[13 * k : 13 * k + 13] for k, s in enumerate((Seat.E, Seat.S, Seat.W))}
    deck = arrange_deck({Seat.N: north, **others}, dealer=dealer, up_card=rest[39], stock=rest[40:])
    layout = {
        "dealer": dealer.value,
        "seats": [s.value for s in SEATS],
        "reshuffle_seed": 7,
        "deck": format_cards(deck),
    }
    robots = (Seat.E, Seat.S, Seat.W)
    web.service.run(event, OpenDigitalTable(1, 1, layout, robots))
    tables = DigitalTables(web.service, random.Random(21))
    tables.advance(event, 1, 1)
    context = axe_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    root = page.locator("#digital")
    try:
        page.goto(live_server + seat_path(web.secret, event, 1, 1, "N"))
        status = page.locator("#dt-status")
        expect(status).to_have_text("Tocca a te")
        view = tables.view(event, 1, 1, Seat.N)
        assert _hand(page) == view["hand"] and len(view["hand"]) == 13  # sorted, as dealt
        assert page.locator("#dt-pile .dt-card").count() == 1  # the top discard only
        page.screenshot(path=str(SHOTS / "1-hand.png"))
        found = blocking(axe_violations(page))
        assert not found, describe(found, "the seat's page")

        # the hand reordered from the keyboard (Alt+arrow) and by a drag, then sorted again
        first, second = view["hand"][:2]
        page.locator("#dt-hand button").first.focus()
        page.keyboard.press("Alt+ArrowRight")
        assert _hand(page)[:2] == [second, first]
        expect(page.locator("#dt-hand button").nth(1)).to_be_focused()
        _drag(page, view["hand"][-1], page.locator("#dt-hand button").first)
        assert _hand(page)[0] == view["hand"][-1] and sorted(_hand(page)) == sorted(view["hand"])
        page.locator("#dt-sort").click()
        assert _hand(page) == view["hand"]

        # Turn 1: one tap on the stock draws; the opening's cards tapped, the opening offered
        page.locator("#dt-stock").click()
        expect(root).to_have_attribute("data-n", "1")
        assert len(_hand(page)) == 14
        for card in OPENING.split():
            _tap(page, card)
        opening = page.locator('#dt-moves button[data-move^="open "]')
        expect(opening).to_have_count(1)
        page.screenshot(path=str(SHOTS / "2-meld-selection.png"))
        opening.click()
        expect(root).to_have_attribute("data-n", "2")
        expect(page.locator(".dt-area.own .dt-meld")).to_have_count(2)
        page.screenshot(path=str(SHOTS / "3-opening.png"))
        assert tables.table(event, 1, 1).position().has_opened(Seat.N)

        # the discard by a drag onto the pile
        view = tables.view(event, 1, 1, Seat.N)
        discard = next(m for m in view["moves"] if m.startswith("discard "))
        _drag(page, discard.split()[1], page.locator("#dt-pile"))
        expect(root).not_to_have_attribute("data-n", "2")
        page.screenshot(path=str(SHOTS / "4-discard.png"))

        # every later turn: draw by a tap, lay off by a drag, discard by a tap and a tap
        laid_off = turns = 0
        while not tables.view(event, 1, 1, Seat.N)["sheet"]:
            expect(status).to_have_text("Tocca a te")
            view = tables.view(event, 1, 1, Seat.N)
            expect(root).to_have_attribute("data-deal", str(view["deal"]))
            expect(root).to_have_attribute("data-n", str(view["n"]))
            page.locator("#dt-stock").click()
            expect(root).to_have_attribute("data-n", str(view["n"] + 1))
            view = tables.view(event, 1, 1, Seat.N)
            layoffs = [m for m in view["moves"] if m.startswith("layoff ") and len(m.split()) == 3]
            if layoffs and len(view["hand"]) > 2:
                _, meld, card = layoffs[0].split()
                _drag(page, card, page.locator(f'.dt-meld[data-target="{meld}"]'))
                expect(root).to_have_attribute("data-n", str(view["n"] + 1))
                laid_off += 1
                view = tables.view(event, 1, 1, Seat.N)
            if view["over"] or view["turn"] != "N":
                break  # North closed by the play (art. 19)
            discard = next(m for m in view["moves"] if m.startswith("discard "))
            _tap(page, discard.split()[1])
            expect(page.locator("#dt-pile")).to_have_attribute("data-move", discard)
            if len(view["hand"]) == 1:
                page.screenshot(path=str(SHOTS / "5-closing.png"))
            page.locator("#dt-pile").click()
            expect(root).not_to_have_attribute("data-n", str(view["n"]))
            turns += 1
            assert turns < 200
        assert laid_off >= 1, "North laid a card off by dragging it onto a meld"

        # the end: the last deal's negative points, and the sheet to sign
        expect(page.locator(".dt-scores dd")).to_have_count(4)
        sign = page.locator("#dt-result .dt-sign")
        expect(sign).to_be_visible()
        page.screenshot(path=str(SHOTS / "6-score.png"), full_page=True)
        found = blocking(axe_violations(page))
        assert not found, describe(found, "the seat's page at the deal's end")
        sheet = tables.view(event, 1, 1, Seat.N)["sheet"]
        last = tables.table(event, 1, 1).position()
        shown = page.locator(".dt-scores dd").all_inner_texts()
        assert sorted(int(x) for x in shown) == sorted(last.scores().values())
        # the sheet to sign: every deal, each player's points in that player's column (the
        # engine lists the closer first, another player each deal)
        t = tables.table(event, 1, 1)
        heads = page.locator(".dt-sheet thead th").all_inner_texts()[1:]
        letters = {"Nord": "N", "Est": "E", "Sud": "S", "Ovest": "W"}
        seats = [letters[h.split()[1]] for h in heads]  # «Posto Ovest»: the column's seat
        assert sorted(seats) == ["E", "N", "S", "W"], heads
        rows = page.locator(".dt-sheet tbody tr")
        expect(rows).to_have_count(len(t.deals))
        for k in range(1, len(t.deals) + 1):
            points = t.position(k).scores()
            cells = rows.nth(k - 1).locator("td").all_inner_texts()
            assert cells == [str(points[Seat(s)]) for s in seats], (k, cells)
        sign.click()
        # the tap's signature reached the server (the desk says so) before the others sign and
        # the phone closes: the tap's message is in flight until then (art. 20)
        signed = page.locator("#dt-result .dt-signed")
        expect(signed).to_have_text("Firmato: si attende la firma degli altri")
        expect(sign).to_have_count(0)
        signer = tables.signer(event, 1, 1, Seat.N)
        for seat in robots:  # the other three players sign on their own phones
            tables.sign(event, 1, 1, tables.signer(event, 1, 1, seat))
        expect(signed).to_have_text("Score confermato")  # the phone's next look at the desk
    finally:
        context.close()
    state = web.service.state(event)
    assert sheet_status(state, 1, 1) == "confirmed"
    assert signer in {str(p) for p in sheet["players"]}
    assert sheet["points"][0][0] == last.scores()[Seat.N] or len(sheet["points"]) == 3
    web.service.run(event, values.PublishStandings(1))
    rows = web.service.standings(event)
    assert len(rows) == 4 and sorted(r.mp for r in rows) == sorted(
        sum(row[i] for row in sheet["points"]) for i in range(4)
    )
