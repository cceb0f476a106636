"""Two phones sign a sheet in a real browser (headless Chromium at 390x844), as both lines
sign the paper sheet (FIBAS art. 20): N-S types and sends it; the same phone trying to sign
for E-O is refused; E-O's phone sees N-S's numbers read-only and confirms them with one
button; the sheet is then closed to both phones (art. 21). Screenshots of the refusal and of
the confirm view are checked, and kept in docs/screens/ when ARBITRO_SAVE_SCREENS=1."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.tournament import commands
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.app import Web
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import table_path

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PHONE = {"width": 390, "height": 844}
ENTRY = SheetEntry.from_payload({"deals": [[300, 150, 100, 35], [0, -40, 250, 120]]})


def test_two_phones_sign_and_one_phone_cannot_sign_twice_art_20(
    web_app: FastAPI, live_server: str, browser: Any, make_event: Any, tools: Any, tmp_path: Path
) -> None:
    web: Web = web_app.state.web
    event = make_event("firme", pairs=8, rounds=2, deals=2)
    url = live_server + table_path(web.secret, event, 1, 1)

    ns = browser.new_context(viewport=PHONE).new_page()
    ns.goto(url, wait_until="domcontentloaded")
    tools.choose_line(ns, "a.line-btn[href*='line=ns']")
    ns.evaluate(tools.fill_all, entry_values(ENTRY))
    expect(ns.locator("#vp-ns")).to_have_text("9", timeout=15_000)  # 410 v 505: 9-11 (art. 20)
    tools.follow(ns, "button.send")
    assert "sent=1" in ns.url, ns.inner_text("main")
    assert "in attesa dell'altra linea" in ns.inner_text("#status")
    assert ns.locator("button.send").count() == 0  # a line signs once

    # The same phone tries to sign for E-O: refused, in Italian, nothing recorded.
    ns.goto(url + "?line=ew", wait_until="domcontentloaded")
    refusal = ns.inner_text("p.refused")
    assert "questo telefono ha già firmato lo score del tavolo 1 per la linea N-S" in refusal
    assert "(FIBAS art. 20)" in refusal
    assert ns.inner_text("a.line-btn") == "Torna al tuo score"
    ns.screenshot(path=str(tmp_path / "phone-refused.png"))
    assert len(web.service.sheet_history(event, 1, 1)) == 1

    # E-O's own phone: N-S's numbers, read-only, one button to confirm, one to differ.
    ew = browser.new_context(viewport=PHONE).new_page()
    ew.goto(url + "?line=ew", wait_until="domcontentloaded")
    assert ew.locator("input[type=number]").count() == 0
    assert ew.input_value("#o1_ns_base") == "300" and ew.input_value("#o2_ew_points") == "120"
    assert ew.locator("#o1_ns_base").evaluate("e => e.readOnly")
    assert ew.inner_text("button.confirm") == "Confermo"
    assert ew.inner_text("a.differ") == "I numeri sono diversi"
    ew.locator("button.confirm").scroll_into_view_if_needed()
    ew.screenshot(path=str(tmp_path / "phone-confirm.png"))
    tools.follow(ew, "button.confirm")
    assert "confermato da entrambe le linee" in ew.inner_text("#status")
    assert ew.locator("button.send").count() == 0
    assert commands.sheet_status(web.service.state(event), 1, 1) == "confirmed"
    ns = tools.open_page(ns, url)  # back to its own line, closed (a new tab: see open_page)
    assert "confermato da entrambe le linee" in ns.inner_text("#status")
    assert ns.locator("button.send").count() == 0
    assert "chiuso ai telefoni" in ns.inner_text("main")
    ns.screenshot(path=str(tmp_path / "phone-closed.png"))
    for name in ("phone-refused.png", "phone-confirm.png", "phone-closed.png"):
        assert tools.png_size(tmp_path / name) == (390, 844)
        if os.environ.get("ARBITRO_SAVE_SCREENS") == "1":
            SCREENS.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(tmp_path / name, SCREENS / name)
