"""A Briscola knockout match at a digital table in a real browser at 390x844 (issue 32):
North's phone opens the match's page (the QR code of its card), taps its seat, and plays
the whole match by tapping its cards (one tap a card, art. 4), robots at East, South and
West; the page shows its hand, the trump turned up, the trick on the table with who played
each card, the stock and the cards each pair won (counts only, art. 6), and at the end the
points (art. 8); the match is recorded and the bracket advances (art. 9). The screenshots
are kept in /tmp/shots-digital-briscola."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.digital_phones import screens

from arbitro.games.core import Seat
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.web.knockout_match import match_path

SHOTS = screens("briscola", "/tmp/shots-digital-briscola")


def _shown_hand(page: Any) -> list[str]:
    cards: list[str] = page.locator("#dt-hand button").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return cards


def _shown(page: Any) -> tuple[list[str], list[str]]:
    """The hand and the trick the page shows."""
    trick: list[str] = page.locator('[data-area="trick"] .dt-card').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    return _shown_hand(page), trick


def _wait_view(page: Any, view: dict[str, Any]) -> None:
    """Wait until the page shows ``view``'s hand and trick (the page may still show a view
    sent while the robots were playing: the same hand, North's card on the table)."""
    deadline = time.monotonic() + 15
    want = (view["hand"], [c for _, c in view["trick"]])
    while _shown(page) != want:
        assert time.monotonic() < deadline, f"the page shows {_shown(page)}, not {want}"
        page.wait_for_timeout(50)


def _tap(page: Any, selector: str) -> None:
    """One tap at the middle of the element (a card played re-renders the hand at once: a
    tap, not Playwright's click that retries on an element gone)."""
    page.locator(selector).wait_for()
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _north_to_play(matches: DigitalMatches, before: tuple[int, int]) -> dict[str, Any]:
    """North's view once the server has played the robots' cards after North's (a tap's
    move and the robots' are recorded on the server's own thread): North to play, or the
    match over; ``before``: the (game, move) North last played at."""
    deadline = time.monotonic() + 15
    while True:
        view = matches.view("tap", 1, 1, Seat.N)
        if (view["deal"], view["n"]) == before:  # North's card not recorded yet
            pass
        elif view["moves"] or (view["over"] and max(view["match"]["games"]) == 2):
            return view
        assert time.monotonic() < deadline, "North's turn did not come back in 15 s"
        time.sleep(0.05)


def test_north_plays_a_match_by_tapping_at_390x844(
    browser: Any, live_server: str, web_app: FastAPI
) -> None:
    web = web_app.state.web
    ko = web.knockout
    ko.create("tap", KnockoutConfig("Coppa al telefono", seeded=True))
    for i in range(1, 5):
        ko.run("tap", values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    ko.run("tap", values.DrawBracket())
    matches = DigitalMatches(ko, random.Random(12))
    matches.open("tap", "R1M1", robots=(Seat.E, Seat.S, Seat.W))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(live_server + match_path(web.secret, "tap", "R1M1"))
        page.screenshot(path=str(SHOTS / "0-match-page.png"))
        page.locator("#km-seat-N").click()
        page.wait_for_url("**/digital/N")
        status = page.locator("#dt-status")
        expect(status).to_have_text("Tocca a te")
        view = matches.view("tap", 1, 1, Seat.N)
        assert _shown_hand(page) == view["hand"] and len(view["hand"]) == 3
        trump = page.locator('[data-area="trump"] .dt-card')
        expect(trump).to_have_attribute("data-card", view["trump"])
        page.screenshot(path=str(SHOTS / "1-hand.png"))

        taps, trick_shot, before = 0, False, (0, 0)
        while True:
            view = _north_to_play(matches, before)
            before = (view["deal"], view["n"])
            if view["over"]:
                break
            _wait_view(page, view)
            expect(status).to_have_text("Tocca a te")
            if view["trick"] and not trick_shot:  # the trick on the table, each card's seat
                seats = page.locator('[data-area="trick"] .dt-card').evaluate_all(
                    "els => els.map(e => e.dataset.seat)"
                )
                assert seats == [s for s, _ in view["trick"]]
                # each card's seat shown in the page's language (West is «O» in Italian)
                shown = page.locator('[data-area="trick"] .dt-card').evaluate_all(
                    "els => els.map(e => e.dataset.seatName)"
                )
                assert shown == [{"W": "O"}.get(s, s) for s, _ in view["trick"]]
                page.screenshot(path=str(SHOTS / "2-trick.png"))
                trick_shot = True
            if view["deal"] == 2 and view["n"] < 4:  # the game before's points stay counted
                expect(page.locator("#dt-counts")).to_contain_text("Partita precedente")
                page.screenshot(path=str(SHOTS / "3-second-game.png"))
            _tap(page, f'#dt-hand button[data-card="{view["hand"][0]}"]')
            taps += 1
            assert taps <= 30, "a match is three games of ten cards each for North at most"
        expect(page.locator("#dt-counts")).to_contain_text(f"Partita {view['deal']}/3")
        expect(status).to_have_text("Incontro finito")
        expect(page.locator("#dt-result")).to_be_visible()
        expect(page.locator("#dt-result")).to_contain_text("Vince")
        # the winner as the Italian page names the line: «E-O», never «E-W» (art. 8)
        winner = {"NS": "N-S", "EW": "E-O"}[view["result"]["winner"]]
        expect(page.locator(".dt-scores")).to_contain_text(f"Vince{winner}", use_inner_text=False)
        expect(page.locator("#dt-result")).not_to_contain_text("E-W")
        expect(page.locator("h1")).to_have_text("Tavolo 1, posto Nord")
        page.screenshot(path=str(SHOTS / "4-match-over.png"))
        assert taps >= 20 and trick_shot
        m = ko.state("tap").bracket.match("R1M1")
        assert m.winner is not None and len(m.games) == view["deal"]
        final = ko.state("tap").bracket.match("R2M1")
        assert m.winner in (final.first, final.second)  # the bracket advanced (art. 9)
        page.goto(live_server + match_path(web.secret, "tap", "R1M1"))
        expect(page.locator("#km-over")).to_be_visible()  # the match page: the match is over
        page.screenshot(path=str(SHOTS / "5-match-page-over.png"))
    finally:
        context.close()
