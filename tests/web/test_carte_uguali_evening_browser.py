"""A carte uguali evening in a real browser with a miscounted board (issue 27; FIBAS art. 6,
7, 20). Table 2's phone (390x844) counts its second board: N 10 cards, P1 12. The desk
(1366x768) shows the case under FIBAS art. 6, not Bridge Law 13: the board's correct hands
from the dealing sheet, to deal it again before play ("si procede ad una nuova
distribuzione"); the director records the ruling, cited as FIBAS art. 6 in the ledger. Table
4 sends its sheet without having counted its boards: the desk flags them. The phone's pockets
say "O" for West, and the travellers' numbers are written with the comma. Screenshots of the
phone's count and of the desk's board check are checked and looked at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.test_carte_uguali_web import EVENT, make_cu, sheet

from arbitro.tournament.commands import values
from arbitro.web.tokens import table_path

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 768}


def test_a_carte_uguali_evening_with_a_miscounted_board_art_6(
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
    tools.follow(phone, f"#ok-{first}")
    phone.click(f"#board-{second} summary")
    pockets = phone.locator(f"#board-{second} .pockets label")
    expect(pockets).to_have_count(6)
    expect(pockets.nth(3)).to_have_text("O")  # Ovest, as the line is E-O
    expect(phone.locator("#boards .hint").first).to_contain_text("(N, E, S, O)")
    phone.fill(f"#board-{second} input[name=N]", "10")
    phone.fill(f"#board-{second} input[name=P1]", "12")
    phone.locator(f"#wrong-{second}").scroll_into_view_if_needed()
    shot = tmp_path / "cu-phone-count.png"
    phone.screenshot(path=str(shot))
    assert tools.png_size(shot) == (390, 844)
    tools.follow(phone, f"#wrong-{second}")
    expect(phone.locator(f"#board-{second} .done.bad")).to_contain_text("N: 10 carte invece di 11")

    svc.enter_sheet(EVENT, 1, 4, sheet(4), line="ns")  # table 4 never counted its boards

    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size(DESK)
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/1", wait_until="domcontentloaded")
    case = desk.locator(f"#law13-2-{second}")
    expect(case).to_contain_text("Il rimedio del codice (FIBAS art. 6)")
    expect(case).not_to_contain_text("13C")
    hands = desk.locator(f"#hands-2-{second} .hand")
    expect(hands).to_have_count(6)
    expect(hands.first).to_contain_text("(11)")
    expect(desk.locator("#law13-alert")).to_contain_text("FIBAS art. 6")
    uncounted = desk.locator("#boards-uncounted")
    for a in svc.board_plan(EVENT, 1).at(4):
        expect(uncounted).to_contain_text(f"tavolo 4, board {a.board}")
    case.scroll_into_view_if_needed()
    shot = tmp_path / "cu-desk-board-check.png"
    desk.screenshot(path=str(shot))
    assert tools.png_size(shot) == (1366, 768)
    case.locator("input[name=reason]").fill("N 10 carte, P1 12: nessuno ha pescato")
    tools.follow(desk, f"#ruling-2-{second} button[type=submit]")
    assert svc.board_checks(EVENT, 1)[(2, second)].status == "ruled"
    ruling = [e for e in svc.state(EVENT).ledger if e.kind == "board-ruling"][-1]
    assert str(ruling.article) == "FIBAS art. 6"
    expect(desk.locator("#board-checks")).to_contain_text("conteggio errato, deciso (FIBAS art. 6)")

    for t in range(1, 5):  # the other sheets, then the standings (FIBAS art. 19)
        if t != 4:
            svc.enter_sheet(EVENT, 1, t, sheet(t), line="ns")
        svc.enter_sheet(EVENT, 1, t, sheet(t), line="ew")
    svc.run(EVENT, values.PublishStandings(1))
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/1/travellers", wait_until="domcontentloaded")
    expect(desk.locator(f"#traveller-{first} tfoot td")).to_have_text("0,000")
    for page in (desk, phone):
        page.context.close()
