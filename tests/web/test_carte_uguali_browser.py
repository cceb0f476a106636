"""Carte uguali in a real browser (headless Chromium; FIBAS art. 7, 20; Bridge Law 13): a
table's phone (390x844) checks its two boards before play, one with a wrong count; the desk
(1366x768) sees the Law 13 case on the round page; after the round's standings are published
the phone and the desk open the travellers. Screenshots of the phone's board check and of the
travellers (phone and desk) are checked, and kept in docs/screens/ when
ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.test_carte_uguali_web import EVENT, make_cu, play_round

from arbitro.web.tokens import table_path

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 768}


def keep(shot: Path) -> None:
    """Copy a checked screenshot to docs/screens/ when ARBITRO_UPDATE_SCREENS is set."""
    if os.environ.get("ARBITRO_UPDATE_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENS / shot.name)


def test_phone_checks_boards_desk_sees_law13_both_open_travellers(
    web_app: FastAPI,
    live_server: str,
    browser: Any,
    director: tuple[str, str],
    tools: Any,
    tmp_path: Path,
) -> None:
    svc = web_app.state.web.service
    make_cu(web_app)
    first, second = (a.board for a in svc.board_plan(EVENT, 1).at(2))
    url = live_server + table_path(web_app.state.web.secret, EVENT, 2, 1)

    phone = browser.new_context(viewport=PHONE, locale="it-IT").new_page()
    phone.goto(url, wait_until="domcontentloaded")
    expect(phone.locator("#boards h2")).to_have_text("Board: conteggio prima del gioco")
    tools.follow(phone, f"#ok-{first}")
    expect(phone.locator(f"#board-{first} .done.ok")).to_contain_text("board controllato")
    phone.click(f"#board-{second} summary")
    phone.fill(f"#board-{second} input[name=N]", "10")
    phone.fill(f"#board-{second} input[name=P1]", "12")
    phone.locator(f"#wrong-{second}").scroll_into_view_if_needed()
    shot = tmp_path / "phone-board-count.png"
    phone.screenshot(path=str(shot))
    assert tools.png_size(shot) == (390, 844)
    keep(shot)
    tools.follow(phone, f"#wrong-{second}")
    bad = phone.locator(f"#board-{second} .done.bad")
    expect(bad).to_contain_text("N: 10 carte invece di 11")
    expect(bad).to_contain_text("P1: 12 carte invece di 11")
    expect(phone.locator("#boards form")).to_have_count(0)  # both boards sent, once each
    expect(phone.locator(f"#board-{second} h3")).to_contain_text("(copia 1)")
    shot = tmp_path / "phone-board-check.png"
    phone.screenshot(path=str(shot))
    assert tools.png_size(shot) == (390, 844)
    keep(shot)
    checks = svc.board_checks(EVENT, 1)
    assert checks[(2, first)].status == "checked" and checks[(2, second)].status == "wrong"

    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size(DESK)
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/1?lang=en", wait_until="domcontentloaded")
    case = desk.locator(f"#law13-2-{second}")
    expect(case).to_contain_text(f"Table 2, board {second}: wrong count")
    expect(case).to_contain_text("N: 10 cards instead of 11")
    expect(desk.locator(f"#board-checks a[href='#law13-2-{second}']")).to_have_text("wrong count")
    case.scroll_into_view_if_needed()
    shot = tmp_path / "desk-board-checks.png"
    desk.screenshot(path=str(shot))
    assert tools.png_size(shot) == (1366, 768)
    keep(shot)

    play_round(web_app)
    phone.reload(wait_until="domcontentloaded")
    expect(phone.locator(f"#traveller-{first}")).to_be_visible()
    expect(phone.locator(f"#traveller-{first} tr.me th")).to_have_text("2")
    expect(phone.locator("#travellers")).to_contain_text("Scheda della linea N-S")
    phone.locator("#travellers").scroll_into_view_if_needed()
    shot = tmp_path / "phone-travellers.png"
    phone.screenshot(path=str(shot))
    assert tools.png_size(shot) == (390, 844)
    keep(shot)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # readable: nothing runs off the phone's screen

    desk.goto(f"{live_server}/desk/e/{EVENT}/r/1?lang=en", wait_until="domcontentloaded")
    tools.follow(desk, "#travellers-page")
    expect(desk.locator("table.traveller")).to_have_count(len(svc.travellers(EVENT, 1)))
    expect(desk.locator(f"#traveller-{first} tfoot td")).to_have_text("0.000")
    shot = tmp_path / "desk-travellers.png"
    desk.screenshot(path=str(shot))
    assert tools.png_size(shot) == (1366, 768)
    keep(shot)
