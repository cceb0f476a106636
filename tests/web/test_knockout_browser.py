"""A 13-pair Briscola knockout in a real browser (headless Chromium driven by Playwright):
the director creates the event on the desk with the entry fee (premessa), registers the 13
pairs through the form (one without the fee), draws the bracket (16 places: 3 byes, art. 9),
records one game (art. 8) and one art. 10 irregularity through the forms, lets the bots play
the rest; the projector page, open all along, refreshes by itself to the full bracket and the
champion. Screenshots of the desk and of the projector are checked for their key content."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI

from arbitro.services.knockout import KnockoutService

EVENT = "prova-torneo-di-briscola"  # a test event: the bots may play
PAIRS = [
    f"Coppia {name}"
    for name in (
        *("Alfa", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta"),
        *("Theta", "Iota", "Kappa", "Lambda", "Mu", "Nu"),
    )
]


def test_13_pair_knockout_on_the_desk_and_the_projector_art_8_9_10(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    tmp_path: Path,
) -> None:
    """Create, register 13 (12 paid: € 48), draw with 3 byes, one game 68-52 and one
    irregularity through the forms, the bots play the rest: the projector shows every round
    and the champion; the ledger shows the irregularity with its reason."""
    desk_ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="it-IT")
    room_ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    desk = desk_ctx.new_page()
    desk.on("dialog", lambda dialog: dialog.accept())  # the director confirms
    screen = room_ctx.new_page()
    try:
        desk.goto(f"{live_server}/desk/k")
        assert "/login" in desk.url
        desk.fill("input[name=username]", director[0])
        desk.fill("input[name=password]", director[1])
        tools.follow(desk, "button[type=submit]")
        assert desk.url == f"{live_server}/desk/k", desk.inner_text("main")

        desk.fill("#ko-name", "Torneo di Briscola")
        desk.check("input[name=method][value=draw]")
        desk.fill("#ko-seed", "7")
        desk.fill("#ko-fee", "4")
        desk.check("#ko-test")
        tools.follow(desk, "#new-knockout button[type=submit]")
        assert desk.url.endswith(f"/desk/k/{EVENT}"), desk.inner_text("main")

        screen.goto(f"{live_server}/k/{EVENT}")
        assert "non è ancora sorteggiato" in screen.inner_text("main")

        for i, name in enumerate(PAIRS, start=1):
            desk.fill("#pair-name", name)
            if i == len(PAIRS):
                desk.uncheck("#pair-paid")
            tools.follow(desk, "#register-form button[type=submit]")
            assert "ok=registered" in desk.url, desk.inner_text("main")
        assert desk.locator("#pairs-table tbody tr").count() == 13
        assert "€ 48,00" in desk.inner_text("#fees")

        desk.click("#draw-button")
        desk.wait_for_selector("#game-form")
        svc: KnockoutService = web_app.state.web.knockout
        st = svc.state(EVENT)
        assert st.bracket is not None and len(st.bracket.byes) == 3
        first, second = st.bracket.pending()[:2]

        desk.select_option("#game-match", first.id)
        desk.fill("#points-first", "68")
        desk.fill("#points-second", "52")
        tools.follow(desk, "#game-form button[type=submit]")
        assert "ok=game" in desk.url, desk.inner_text("main")

        desk.select_option("#irr-match", second.id)
        desk.select_option("#irr-offender", str(second.second))
        desk.select_option("#irr-kind", "out-of-turn")
        desk.fill("#irr-reason", "carta giocata fuori turno")
        tools.follow(desk, "#irregularity-form button[type=submit]")
        assert "ok=irregularity" in desk.url, desk.inner_text("main")
        ledger = desk.inner_text("#ledger-table")
        assert second.second is not None
        assert "carta giocata fuori turno" in ledger and PAIRS[second.second - 1] in ledger

        desk_shot = tmp_path / "desk-knockout.png"
        desk_text = desk.inner_text("main")
        desk.screenshot(path=str(desk_shot), full_page=True)
        for words in ("Ottavi di finale", "Quarti di finale", "Semifinali", "Finale"):
            assert words.casefold() in desk_text.casefold()  # headings shown in capitals
        assert "Partita registrata" not in desk_text  # the notice of the last action only
        assert "Irregolarità registrata" in desk_text
        assert desk.locator(f"#match-{first.id} .ko-score").first.inner_text() == "1"

        desk.click("#play-button")
        desk.wait_for_selector("#champion-banner")
        st = svc.state(EVENT)
        assert st.bracket is not None and st.bracket.champion is not None
        champion = st.pairs[st.bracket.champion].name
        assert champion in desk.inner_text("#champion-banner")

        # the projector, never reloaded by the test, shows the champion by itself
        screen.wait_for_selector("#champion-banner", timeout=15_000)
        room_shot = tmp_path / "projector-knockout.png"
        room_text = screen.inner_text("main")
        screen.screenshot(path=str(room_shot))
        assert f"Campione: {champion}" in room_text
        for words in ("Ottavi di finale", "Quarti di finale", "Semifinali", "Finale"):
            assert words.casefold() in room_text.casefold()
        assert all(name in room_text for name in PAIRS)
        assert screen.locator(".ko-match").count() == 15  # 8 + 4 + 2 + 1
        assert screen.locator(".ko-match.bye").count() == 3
        assert screen.locator(".ko-pair.won").count() == 12  # 12 matches played
        assert screen.evaluate("document.body.className") == "display"
    finally:
        desk_ctx.close()
        room_ctx.close()

    assert tools.png_size(desk_shot)[0] == 1366
    assert tools.png_size(room_shot) == (1920, 1080)
    assert st.fees_collected_cents == 12 * 400
    assert len(st.ledger) == 1 and st.ledger[0].reason == "carta giocata fuori turno"
