"""The desk's arbiter tools in a real browser (headless Chromium, 1366x768): round 1 seated
by the arbiter's choice (FIBAS art. 4), chosen in the movement select and placed table by
table, reviewed and published; then two lines' different sheets of one table (art. 19-20),
the differing numbers marked on the round's panel and on the table's page (issue 26, H, J)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from tests.web.test_public_phone_browser import not_fitting

from arbitro.tournament.model import Movement, TableSeating
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

CHOICE = {1: (8, 1), 2: (2, 7), 3: (6, 3), 4: (4, 5)}
DEAL = DealScore(LineDeal(300, 120), LineDeal(100, 45))
MISREAD = DealScore(LineDeal(300, 45), LineDeal(100, 45))


def test_arbiters_choice_then_a_conflict_marked_art_4_art_20(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
) -> None:
    """The arbiter picks "a scelta dell'arbitro" for round 1, places the 8 pairs (the count
    of pairs placed follows the choices), seats and publishes the round; table 3's lines then
    send different sheets: the round's panel and the table's page mark the numbers that
    differ (bold, <mark>, ≠) and name the lines N-S / E-O."""
    svc = web_app.state.web.service
    event = make_event("serata", pairs=8, seat=False)
    desk = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    try:
        desk.goto(f"{live_server}/login")
        desk.fill("input[name=username]", director[0])
        desk.fill("input[name=password]", director[1])
        tools.follow(desk, "form button[type=submit]")
        desk.goto(f"{live_server}/desk/e/{event}/r/1")
        desk.select_option("#seat-form select[name=movement]", "arbiter")
        tools.follow(desk, "#seat-round")
        assert desk.url.endswith(f"/desk/e/{event}/r/1/arbiter-seating")
        assert desk.locator("#arbiter-seating-table tbody tr").count() == 4
        assert desk.inner_text("#placed-count") == "0"
        for table, (ns, ew) in CHOICE.items():
            desk.select_option(f"#t{table}_ns_1", str(ns))
            desk.select_option(f"#t{table}_ew_1", str(ew))
        assert desk.inner_text("#placed-count") == "8"
        desk.select_option("#t4_ew_1", "8")  # a pair chosen twice is outlined at once
        assert desk.locator("select.twice").count() == 2
        assert "Scelti più di una volta: 8 — Coppia 8" in desk.inner_text("#twice-note")
        desk.screenshot(path=str(tmp_path / "arbiter-seating.png"), full_page=True)
        desk.select_option("#t4_ew_1", "5")
        assert desk.locator("select.twice").count() == 0
        assert desk.locator("#twice-note").is_hidden()
        tools.follow(desk, "#arbiter-seat")
        assert "da rivedere" in desk.inner_text("#seating")
        assert "Coppia 8 (8)" in desk.inner_text("#seating-table tbody tr >> nth=0")
        tools.follow(desk, "#publish-seating")
        r = svc.state(event).round(1)
        assert r.movement is Movement.ARBITER_CHOICE and r.seating_published_at is not None
        assert r.seating.tables[2] == TableSeating(3, (6,), (3,))

        svc.enter_sheet(event, 1, 3, SheetEntry((DEAL, DEAL)), actor="tavolo 3 ns", line="ns")
        svc.enter_sheet(event, 1, 3, SheetEntry((DEAL, MISREAD)), actor="tavolo 3 ew", line="ew")
        desk.goto(f"{live_server}/desk/e/{event}/r/1")
        detail = desk.locator("#conflict-3")
        assert detail.locator("mark strong").count() >= 2
        text = detail.inner_text()
        assert "differisce nella smazzata 2" in text and "tavolo 3, E-O" in text
        assert " ew" not in text and " ns" not in text
        desk.screenshot(path=str(tmp_path / "round-conflict.png"), full_page=True)
        tools.follow(desk, "#conflict-3 a[href$='#settle']")
        settle = desk.locator("#settle")
        marked = settle.locator("td.differs mark strong")
        assert sorted(marked.all_inner_texts()) == ["120", "45"]
        assert settle.locator("th.differs").count() == 6  # N-S totals and both V.P., twice
        weight = settle.locator("td.differs >> nth=0").evaluate(
            "e => getComputedStyle(e).fontWeight"
        )
        assert int(weight) >= 700  # bold, not colour alone
        desk.screenshot(path=str(tmp_path / "sheet-conflict.png"), full_page=True)
    finally:
        desk.context.close()
    width, _height = tools.png_size(tmp_path / "sheet-conflict.png")
    assert width == 1366


def test_the_arbiters_seating_form_fits_a_phone_art_4(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    make_event: Any,
    tmp_path: Path,
) -> None:
    """On the arbiter's phone (390x844) the seating form of 20 pairs (FIBAS art. 4) is no
    wider than the screen: its table scrolls in its own box, Italian and English."""
    event = make_event("serata", pairs=20, seat=False)
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.set_viewport_size({"width": 390, "height": 844})
        urls = [
            f"{live_server}/desk/e/{event}/r/1/arbiter-seating?lang={lang}" for lang in ("it", "en")
        ]
        assert not_fitting(desk, urls) == {}
        desk.screenshot(path=str(tmp_path / "arbiter-seating-phone.png"), full_page=True)
    finally:
        desk.context.close()
