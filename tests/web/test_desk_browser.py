"""The director's desk in a real browser (headless Chromium driven by Playwright): log in,
create an event, register the pairs from a CSV file, seat round 1, review it and publish it
(FIBAS art. 4, 21); the screenshot of the round page is checked for its key content."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI

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
