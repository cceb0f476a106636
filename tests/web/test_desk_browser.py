"""The director's desk in a real browser (headless Chromium driven by Playwright): log in,
create an event, register the pairs from a CSV file, seat round 1, review it and publish it
(FIBAS art. 4, 21); the screenshot of the round page is checked for its key content."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

EVENT_NAME = "Coppa d'autunno"
PAIRS = 8


def test_director_creates_registers_seats_and_publishes_round_one_art4(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    tmp_path: Path,
) -> None:
    """Log in, create a 2-round pairs event, upload 8 pairs from CSV, seat round 1, review the
    seating and publish it: the round page lists the 4 tables with both lines' names."""
    csv_file = tmp_path / "iscritti.csv"
    csv_file.write_text(
        "nome;giocatore1;giocatore2\n"
        + "".join(f"Coppia {i};Giocatore {i}A;Giocatore {i}B\n" for i in range(1, PAIRS + 1)),
        encoding="utf-8",
    )
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="it-IT")
    page = context.new_page()
    try:
        page.goto(f"{live_server}/desk")
        assert "/login" in page.url
        page.fill("input[name=username]", director[0])
        page.fill("input[name=password]", director[1])
        tools.follow(page, "button[type=submit]")
        assert page.url == f"{live_server}/desk", page.inner_text("main")

        tools.follow(page, "text=Crea una gara")
        page.fill("#name", EVENT_NAME)
        tools.set_rounds(page, 2)
        assert page.locator("#movement_2").count() == 1
        assert page.locator("#movement_3").count() == 0
        tools.follow(page, "#new-event button[type=submit]")
        assert page.url.endswith("/desk/e/coppa-d-autunno"), page.inner_text("main")

        page.set_input_files("#upload-file", str(csv_file))
        tools.follow(page, "#upload-form button[type=submit]")
        assert page.locator("table.competitors tbody tr").count() == PAIRS

        tools.follow(page, "text=Turno 1")
        tools.follow(page, "#seat-round")
        assert "da rivedere" in page.inner_text("main")
        assert page.locator("#seating-table").count() == 1
        tools.follow(page, "#publish-seating")
        assert page.locator("#sheets-table").count() == 1

        shot = tmp_path / "desk-round-1.png"
        text = page.inner_text("main")
        page.screenshot(path=str(shot), full_page=True)
        assert EVENT_NAME in text
        assert page.locator("#sheets-table tbody tr").count() == PAIRS // 2
        for table in range(1, PAIRS // 2 + 1):
            assert page.locator(f"#sheets-table a[href$='/r/1/t/{table}']").count() >= 1
        assert page.locator("#sheets-table .status-missing").count() == PAIRS // 2
        assert f"{PAIRS // 2} mancanti" in text
        assert all(f"Coppia {i} ({i})" in text for i in range(1, PAIRS + 1))
    finally:
        context.close()

    width, height = tools.png_size(shot)
    assert width == 1280 and height >= 600 and shot.stat().st_size > 10_000
    state = web_app.state.web.service.state("coppa-d-autunno")
    assert state.round(1).seating_published_at is not None
    assert len(state.competitors) == PAIRS


def test_round_clock_lateness_confirm_and_cancel_in_the_browser_art7_art17_art37(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    clock: Any,
    tmp_path: Path,
) -> None:
    """The arbiter starts the round at the desk; the clock shows the time played of the
    round's 25 minutes (2 deals, FIBAS art. 7) and ticks by itself; "arrivato ora" shows the
    lateness from the start and its cost before it is recorded (art. 37); a warning refused
    at the confirmation records nothing, one accepted is recorded (art. 41) and then
    cancelled with a reason. The screenshot of the desk at 1366x768 is kept in docs/screens
    when ARBITRO_UPDATE_SCREENS is set."""
    svc = web_app.state.web.service
    event_id = make_event(pairs=8, deals=2)
    # The desk's own page (no standing answer to the confirmations: each one is chosen here)
    desk = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    try:
        desk.goto(f"{live_server}/login")
        desk.fill("input[name=username]", director[0])
        desk.fill("input[name=password]", director[1])
        tools.follow(desk, "form button[type=submit]")
        desk.goto(f"{live_server}/desk/e/{event_id}/r/1")
        tools.follow(desk, "#start-round")
        assert svc.state(event_id).round(1).started_at is not None
        clock.advance(minutes=6, seconds=30)
        desk.select_option("#arrival-form select[name=competitor]", "3")
        tools.follow(desk, "#arrived-now")
        preview = desk.inner_text("#lateness-preview")
        assert "6:30 di ritardo" in preview and "-100 M.P." in preview
        assert svc.state(event_id).lateness == {}
        tools.follow(desk, "#confirm-lateness")
        assert svc.state(event_id).lateness == {(1, 3): 390}

        desk.select_option("#sanction-form select[name=competitor]", "5")
        desk.fill("#sanction-form input[name=reason]", "parla al compagno")
        desk.once("dialog", lambda d: d.dismiss())
        desk.click("#sanction-form button[type=submit]")
        assert not any(e.kind == "warning" for e in svc.state(event_id).ledger)
        desk.once("dialog", lambda d: d.accept())
        tools.follow(desk, "#sanction-form button[type=submit]")
        warning = next(e for e in svc.state(event_id).ledger if e.kind == "warning")

        row = desk.locator(f"#ledger-{warning.seq}")
        row.locator("input[name=reason]").fill("competitore sbagliato")
        desk.once("dialog", lambda d: d.accept())
        tools.follow(desk, f"#ledger-{warning.seq} button[type=submit]")
        assert "annullato da direttore perché competitore sbagliato" in desk.inner_text(
            f"#ledger-{warning.seq}"
        )

        clock.advance(minutes=6)  # 12:30 played
        desk.goto(f"{live_server}/desk/e/{event_id}/r/1")
        assert "giocati 12:30 di 25:00" in desk.inner_text("#round-clock")
        expect(desk.locator("#round-clock")).not_to_contain_text("12:30 di")
        assert desk.locator("#time-out").is_hidden()
        shot = tmp_path / "desk-round.png"
        desk.screenshot(path=str(shot))
        if os.environ.get("ARBITRO_UPDATE_SCREENS"):  # refresh docs/screens/desk-round.png
            kept = Path(__file__).resolve().parents[2] / "docs" / "screens" / shot.name
            shutil.copyfile(shot, kept)
        clock.advance(minutes=13)
        desk.reload()
        assert desk.locator("#time-out").is_visible()
        assert "Chiamare il TIME OUT (FIBAS art. 17)" in desk.inner_text("#time-out")
    finally:
        desk.context.close()
    assert tools.png_size(shot) == (1366, 768)
