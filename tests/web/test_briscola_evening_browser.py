"""A Briscola knockout evening in a real browser (issue 27, seed 001), end to end.

The director, at the desk (Chromium at 1366x768), chooses Briscola on «Nuova gara» and is led
to the knockout's form, creates the event (the draw number left empty: drawn at random),
registers 13 pairs (one without the fee, which it pays later: premessa), draws the bracket
(16 places, 3 byes, art. 9) and sees the real draw number; a pair does not show up and loses
its match "a tavolino" (art. 9, ruling Briscola 11), with no invented games. The desk prints
the match cards; their QR codes are decoded (pdftoppm + zxing-cpp) and two phones (390x844)
open a card's URL: one pair enters each game's points, the other confirms them (art. 8), two
games decide the match (art. 9). The bracket is read on a phone (nothing cut off) and on the
projector (1920x1080), with the legend of the walkover. Screenshots of the printed card, the
bracket on the phone and on the projector are written under the test's temporary folder.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.test_hall_evening_browser import decode_all_qr_codes

from arbitro.services.knockout import KnockoutService
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.web.knockout_match import read_match_token

pytestmark = pytest.mark.slow

DESK = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
NAME = "1° Torneo di Briscola"
EVENT = "1-torneo-di-briscola"
PAIRS = [
    "Rossi – Bianchi",
    "Esposito – Romano",
    "Colombo – Ricci",
    "Marino – Greco",
    "Bruno – Gallo",
    "Conti – De Luca",
    "Mancini – Costa",
    "Giordano – Rizzo",
    "Lombardi – Moretti",
    "Barbieri – Fontana",
    "Santoro – Mariani",
    "Rinaldi – Caruso",
    "Ferrara – Galli",
]
UNPAID = 13  # registered without the fee; pays it later (premessa)


def _state(web_app: FastAPI) -> KnockoutState:
    svc: KnockoutService = web_app.state.web.knockout
    return svc.state(EVENT)


def _enter(phone: Any, tools: Any, first: str, second: str) -> None:
    """The pair's phone types the game's points and sends them."""
    phone.fill("#km-points-first", first)
    phone.fill("#km-points-second", second)
    tools.follow(phone, "#km-send")


def test_briscola_knockout_evening_desk_phones_and_projector_art_8_9(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    tmp_path: Path,
) -> None:
    """Seed 001: premessa (€ 4 a coppia, paid later), art. 8 (points of each game, entered by
    one pair and confirmed by the other), art. 9 (2 games of 3; byes; a walkover for the pair
    that did not show up)."""
    desk_ctx = browser.new_context(viewport=DESK, locale="it-IT")
    desk = desk_ctx.new_page()
    desk.on("dialog", lambda dialog: dialog.accept())  # the director confirms
    phone_a = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone_b = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    viewer = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    screen = browser.new_context(viewport=PROJECTOR).new_page()
    try:
        desk.goto(f"{live_server}/login")
        desk.fill("input[name=username]", director[0])
        desk.fill("input[name=password]", director[1])
        tools.follow(desk, "form button[type=submit]")

        # «Nuova gara» with Briscola leads to the knockout's own form, the name kept.
        desk.goto(f"{live_server}/desk/new")
        desk.fill("#name", NAME)
        with desk.expect_navigation(wait_until="domcontentloaded"):
            desk.select_option("#code", "briscola")
        assert "/desk/k" in desk.url, desk.url
        assert desk.locator("#ko-name").input_value() == NAME
        assert desk.locator("#ko-seed").input_value() == ""
        tools.follow(desk, "#new-knockout button[type=submit]")
        assert desk.url.endswith(f"/desk/k/{EVENT}"), desk.inner_text("main")

        for i, name in enumerate(PAIRS, start=1):
            desk.fill("#pair-name", name)
            if i == UNPAID:
                desk.uncheck("#pair-paid")
            tools.follow(desk, "#register-form button[type=submit]")
        assert "€ 48,00" in desk.inner_text("#fees")
        tools.follow(desk, f"#pair-{UNPAID} .pay-form button")
        assert "€ 52,00" in desk.inner_text("#fees")
        assert desk.locator(".pay-form").count() == 0

        tools.follow(desk, "#draw-button")
        st = _state(web_app)
        assert st.bracket is not None and len(st.bracket.byes) == 3
        assert st.draw_number is not None
        hint = desk.inner_text("main p.hint >> nth=0")
        assert f"numero del sorteggio {st.draw_number}" in hint and "seme" not in hint

        # A pair of a first-round match does not show up: it loses "a tavolino".
        no_show = st.bracket.pending()[0]
        assert no_show.first is not None and no_show.second is not None
        tools.follow(desk, f"#pair-{no_show.second} .withdraw-form button")
        box = desk.inner_text(f"#match-{no_show.id}")
        assert "vinta a tavolino" in box and "120" not in box
        assert _state(web_app).bracket.match(no_show.id).games == ()  # type: ignore[union-attr]

        desk.screenshot(path=str(tmp_path / "shot-desk.png"), full_page=True)

        # The match cards: their QR codes open the matches' pages.
        pending = [m.id for m in _state(web_app).bracket.pending()]  # type: ignore[union-attr]
        assert desk.locator("#cards-link").count() == 1
        pdf = desk_ctx.request.get(f"{live_server}/desk/k/{EVENT}/cards.pdf").body()
        urls = decode_all_qr_codes(pdf, tmp_path)
        assert len(urls) == len(pending) and all("/km/" in u for u in urls)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "cards.pdf", "shot-card"],
            cwd=tmp_path,
            check=True,
        )
        assert tools.png_size(next(tmp_path.glob("shot-card*.png")))[0] > 400
        secret = web_app.state.web.secret
        by_match = {read_match_token(secret, u.split("/km/")[1])[1]: u for u in urls}
        assert sorted(by_match) == sorted(pending)
        assert all(u.startswith(live_server) for u in urls)
        match_id = pending[0]
        url = by_match[match_id]
        m = _state(web_app).bracket.match(match_id)  # type: ignore[union-attr]
        assert m.first is not None and m.second is not None

        # Two phones: the first pair enters, the second confirms; two games decide it.
        phone_a.goto(url)
        assert "Quale coppia siete?" in phone_a.inner_text("main")
        tools.follow(phone_a, "#km-first")
        phone_b.goto(url)
        tools.follow(phone_b, "#km-second")
        # Each phone looks by itself (htmx, every 3 s) whether the other pair entered or the
        # game was recorded: no one reloads the page.
        for game, (a, b) in enumerate((("70", "50"), ("64", "56")), start=1):
            expect(phone_a.locator(".km-next")).to_have_text(f"Partita {game}", timeout=15_000)
            _enter(phone_a, tools, a, b)
            assert "In attesa della conferma" in phone_a.inner_text("#km-status")
            expect(phone_b.locator("#km-confirm")).to_contain_text(f"{a} – ", timeout=15_000)
            if game == 1:
                phone_b.screenshot(path=str(tmp_path / "shot-phone-confirm.png"), full_page=True)
            tools.follow(phone_b, "#km-confirm-button")
            done = _state(web_app).bracket.match(match_id)  # type: ignore[union-attr]
            assert len(done.games) == game
        assert done.winner == m.first and done.score == (2, 0)
        expect(phone_a.locator("#km-over")).to_contain_text("Incontro finito", timeout=15_000)
        phone_a.screenshot(path=str(tmp_path / "shot-phone-match.png"), full_page=True)

        # The bracket on a phone: every round and the champion's column inside the screen.
        viewer.goto(f"{live_server}/k/{EVENT}")
        viewer.wait_for_selector(".ko-bracket")
        for section in viewer.locator(".ko-round").all():
            bbox = section.bounding_box()
            assert bbox is not None and bbox["x"] >= 0 and bbox["x"] + bbox["width"] <= 390
        longest = max(PAIRS, key=len)
        assert longest in viewer.inner_text(".ko-bracket")
        viewer.screenshot(path=str(tmp_path / "shot-phone-bracket.png"), full_page=True)

        # The projector: the walkover and its legend.
        screen.goto(f"{live_server}/k/{EVENT}")
        screen.wait_for_selector(".ko-bracket")
        assert "vinta a tavolino" in screen.inner_text("#ko-legend")
        scores = screen.locator(f"#match-{match_id} .ko-score").all_inner_texts()
        assert [x.strip() for x in scores] == ["2", "0"]
        screen.screenshot(path=str(tmp_path / "shot-projector.png"))
        for shot in (
            "shot-phone-confirm.png",
            "shot-phone-match.png",
            "shot-phone-bracket.png",
            "shot-projector.png",
        ):
            assert tools.png_size(tmp_path / shot)[0] >= 390
    finally:
        for page in (desk, phone_a, phone_b, viewer, screen):
            page.context.close()
