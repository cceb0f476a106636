"""A Burraco Parole pairs event in a real browser (headless Chromium; UISP code, seed 002):
8 pairs, two rounds of 3 deals (a draw, then Mitchell). The director creates the event at
the desk, registers the pairs from a CSV file, seats and publishes each round and publishes
the standings; at every table the line served first fills in the sheet on its phone (base
and points per deal, art. 12.1) and the other line's phone confirms it, as both sign it.
Parole's bonuses are 50 and 100 (art. 1, 5), so bases of 50 are typed; the VP come from the
Parole table (art. 3: 355 → 14-6). Screenshots of the desk and of the projector are checked
for their key content."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.tournament import commands
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, sheet_result
from arbitro.web.app import Web
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import table_path

EVENT = "parole-del-giovedi"
EVENT_NAME = "Parole del giovedì"
PAIRS = 8
ROUNDS = 2
DEALS = 3
# Art. 3: N-S 50+200, 150+100, 50+50 = 600; E-O 0+45, 50+100, 0+50 = 245: 355 → 14-6.
SAMPLE = SheetEntry(
    (
        DealScore(LineDeal(50, 200), LineDeal(0, 45)),
        DealScore(LineDeal(150, 100), LineDeal(50, 100)),
        DealScore(LineDeal(50, 50), LineDeal(0, 50)),
    )
)


def random_sheet(rng: random.Random) -> SheetEntry:
    """Three possible Parole deals: bases of 0, 50, 100, 150, 200 (bonuses of 50 and 100),
    points in steps of 5 (art. 3)."""
    deals = []
    for _ in range(DEALS):
        lines = [
            LineDeal(rng.choice((0, 50, 100, 150, 200)), 5 * rng.randint(-10, 40)) for _ in "ne"
        ]
        deals.append(DealScore(lines[0], lines[1]))
    return SheetEntry(tuple(deals))


def test_a_parole_evening_on_phones_desk_and_projector_art3_art12(
    tools: Any,
    web_app: FastAPI,
    live_server: str,
    browser: Any,
    clock: Any,
    director: tuple[str, str],
    tmp_path: Path,
) -> None:
    web: Web = web_app.state.web
    svc = web.service
    rng = random.Random(12)
    csv_file = tmp_path / "coppie.csv"
    csv_file.write_text(
        "nome;giocatore1;giocatore2\n"
        + "".join(f"Coppia {i};Giocatore {i}A;Giocatore {i}B\n" for i in range(1, PAIRS + 1)),
        encoding="utf-8",
    )
    desk = tools.desk_login(browser, live_server, director)
    registered = tools.desk_create_event(
        desk,
        live_server,
        EVENT,
        EVENT_NAME,
        movements=["draw", "mitchell"],
        deals=DEALS,
        csv=csv_file,
        code="burraco-parole-uisp",
        event_format="pairs",
    )
    assert registered == PAIRS
    config = svc.state(EVENT).config
    assert (config.game, config.code, config.deals) == ("parole", "burraco-parole-uisp", (3, 3))

    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    phones = {
        line: browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        for line in ("ns", "ew")
    }
    for rnd in range(1, ROUNDS + 1):
        tools.desk_seat_and_publish(desk, live_server, EVENT, rnd)
        state = svc.state(EVENT)
        seating = state.round(rnd).seating
        assert seating is not None and len(seating.tables) == PAIRS // 2
        sheets = {t.table: random_sheet(rng) for t in seating.tables}
        if rnd == 1:
            sheets[1] = SAMPLE
        for table, entry in sheets.items():
            path = table_path(web.secret, EVENT, table, rnd)
            result = sheet_result(state.code, entry, deals=DEALS, teams=False)
            ns = phones["ns"] = tools.open_page(phones["ns"], live_server + path)
            assert "servito per primo" in ns.inner_text("main")
            tools.choose_line(ns, "a.line-btn[href*='line=ns']")
            ns.evaluate(tools.fill_all, entry_values(entry))
            expect(ns.locator("#vp-ns")).to_have_text(str(result.ns_vp), timeout=15_000)
            totals = ns.inner_text("#totals")
            assert str(result.ns_total) in totals and str(result.ew_total) in totals
            if entry == SAMPLE:
                assert re.search(r"600\s+245", totals) and re.search(r"14\s+6", totals)
                assert "355" in totals
            tools.follow(ns, "button.send")
            assert "sent=1" in ns.url, ns.inner_text("main")
            assert "in attesa dell'altra linea" in ns.inner_text("#status")
            ew = phones["ew"] = tools.open_page(phones["ew"], f"{live_server}{path}?line=ew")
            assert "controllalo con il foglio e conferma" in ew.inner_text("#status")
            assert ew.input_value("#o1_ns_base") == str(entry.deals[0].ns.base)
            tools.follow(ew, "button.send")
            assert "sent=1" in ew.url, ew.inner_text("main")
            assert "confermato da entrambe le linee" in ew.inner_text("#status")
        state = svc.state(EVENT)
        assert {commands.sheet_status(state, rnd, t) for t in sheets} == {"confirmed"}
        desk.goto(f"{live_server}/desk/e/{EVENT}/r/{rnd}")
        panel = desk.inner_text("#sheets")
        assert f"{PAIRS // 2} confermati" in panel
        if rnd == 1:
            shot = tmp_path / "parole-desk.png"
            desk.screenshot(path=str(shot), full_page=True)
            assert re.search(r"600\s+245\s+14–6", panel), panel
            assert EVENT_NAME in desk.inner_text("main") and "3 smazzate" in desk.inner_text("h1")
            width, _ = tools.png_size(shot)
            assert width == 1366 and shot.stat().st_size > 20_000
        tools.follow(desk, "#publish-standings")
        assert desk.locator("#standings").count() == 1, desk.inner_text("main")

    projector.goto(f"{live_server}/e/{EVENT}/standings")
    clock.advance(minutes=16)  # the complaints window closes
    projector.wait_for_selector("text=Classifica finale", timeout=15_000)
    shot = tmp_path / "parole-projector.png"
    projector.screenshot(path=str(shot))
    text = projector.inner_text("main")
    assert EVENT_NAME in text and f"Classifica dopo il turno {ROUNDS} di {ROUNDS}" in text
    rows = svc.standings(EVENT, ROUNDS)
    assert len(rows) == PAIRS
    assert all(sum(v or 0 for v in r.round_vp) == r.vp for r in rows)
    for row in rows:
        assert re.search(rf"{row.rank}\s.*{re.escape(row.name)}\s+{row.vp}\s+{row.mp}\b", text)
    assert tools.png_size(shot) == (1920, 1080) and shot.stat().st_size > 30_000
    # The sample table of round 1 scored 14-6 on the Parole table (art. 3).
    seating = svc.state(EVENT).round(1).seating
    first = seating.table(1) if seating else None
    assert first is not None and first.ns is not None and first.ew is not None
    r1 = {r.competitor: r.round_vp[0] for r in rows}
    assert (r1[first.ns[0]], r1[first.ew[0]]) == (14, 6)
    for page in (desk, projector, *phones.values()):
        page.context.close()
    for rnd in range(1, ROUNDS + 1):
        for table in range(1, PAIRS // 2 + 1):
            lines = [v.line for v in svc.sheet_history(EVENT, rnd, table)]
            assert lines == ["ns", "ew"]
