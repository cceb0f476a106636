"""A Burraco Parole evening in a real browser (headless Chromium; UISP code, seed 002) with
an abandon and a disputed word (issue 27). At table 1 the E-O pair leaves, one player taken
ill: the arbiter records it at the desk choosing art. 13.4 b) ("il punteggio previsto dalla
tabella in uso"), with no "giustificato" box; N-S's phone (390x844) sends the sheet and the
director closes it, the side that left being unable to sign (art. 12.1). A word is disputed:
on the arbiter's phone the desk's dictionary says «casetta» is an altered noun, not allowed
(art. 4.1), and the language judge approves it with his reasons (art. 2): recorded, the
dictionary then allows it. Screenshots of the phone, the dictionary page and the desk are
checked and looked at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.test_parole_browser import SAMPLE
from tests.web.test_parole_web import EVENT, parole_event

from arbitro.tournament import commands
from arbitro.web.app import Web
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import table_path

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 768}


def phone_login(browser: Any, base: str, director: tuple[str, str]) -> Any:
    """The arbiter's phone, logged in at the desk."""
    page = browser.new_context(viewport=PHONE, locale="it-IT").new_page()
    page.goto(f"{base}/login")
    page.fill("input[name=username]", director[0])
    page.fill("input[name=password]", director[1])
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.click("form button[type=submit]")
    return page


def test_a_parole_evening_with_an_abandon_and_a_disputed_word(
    tools: Any,
    web_app: FastAPI,
    live_server: str,
    browser: Any,
    director: tuple[str, str],
    tmp_path: Path,
) -> None:
    web: Web = web_app.state.web
    svc = web.service
    parole_event(web)
    seating = svc.state(EVENT).round(1).seating
    assert seating is not None
    table = seating.table(1)
    assert table is not None and table.ns is not None and table.ew is not None
    left = table.ew[0]

    # The arbiter records the abandon: art. 13.4's a), b), c), no "giustificato".
    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size(DESK)
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/1", wait_until="domcontentloaded")
    form = desk.locator("#abandon-form")
    expect(form.locator("input[type=radio][name=score]")).to_have_count(3)
    expect(form.locator("input[name=justified]")).to_have_count(0)
    expect(form).to_contain_text("b) il punteggio della tabella")
    form.locator("select[name=competitor]").select_option(str(left))
    form.locator("input[name=score][value=rest_score]").check()
    form.locator("input[name=reason]").fill("malore di un giocatore")
    tools.follow(desk, "#abandon-form button[type=submit]")
    state = svc.state(EVENT)
    assert state.abandon_scores[(1, left)].value == "rest_score"
    entry = [e for e in state.ledger if e.kind == "abandon"][-1]
    assert entry.detail is not None and "ingiustificat" not in entry.detail.render("it")

    # N-S's phone sends the sheet; the side that left cannot confirm it.
    phone = browser.new_context(viewport=PHONE, locale="it-IT").new_page()
    phone = tools.open_page(phone, live_server + table_path(web.secret, EVENT, 1, 1))
    tools.choose_line(phone, "a.line-btn[href*='line=ns']")
    phone.evaluate(tools.fill_all, entry_values(SAMPLE))
    expect(phone.locator("#vp-ns")).to_have_text("14", timeout=15_000)
    shot = tmp_path / "parole-phone-sheet.png"
    phone.screenshot(path=str(shot))
    assert tools.png_size(shot) == (390, 844)
    tools.follow(phone, "button.send")
    assert "sent=1" in phone.url, phone.inner_text("main")
    assert commands.sheet_status(svc.state(EVENT), 1, 1) == "pending"

    # The director closes the remaining side's sheet.
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/1/t/1", wait_until="domcontentloaded")
    expect(desk.locator("#confirm-form")).to_contain_text("il direttore chiude lo score")
    expect(desk.locator("#confirm-form")).not_to_contain_text("firmato da entrambe")
    tools.follow(desk, "#close-abandon")
    assert commands.sheet_status(svc.state(EVENT), 1, 1) == "confirmed"

    # The disputed word, on the arbiter's phone.
    arbiter = phone_login(browser, live_server, director)
    arbiter.goto(f"{live_server}/desk/e/{EVENT}", wait_until="domcontentloaded")
    tools.follow(arbiter, "#dictionary-link")
    arbiter.fill("#word", "casetta")
    tools.follow(arbiter, "#check-form button[type=submit]")
    verdict = arbiter.locator("#verdict")
    expect(verdict).to_contain_text("CASETTA")
    expect(verdict).to_contain_text("non ammessa")
    expect(verdict).to_contain_text("Parole UISP art. 4.1")
    shot = tmp_path / "parole-dictionary.png"
    arbiter.screenshot(path=str(shot))
    assert tools.png_size(shot) == (390, 844)
    assert arbiter.evaluate("document.documentElement.scrollWidth") <= 390
    arbiter.fill("#judge-reason", "nome di un gioco da tavolo, di senso compiuto")
    tools.follow(arbiter, "#approve")
    expect(arbiter.locator("#verdict")).to_contain_text("ammessa")
    expect(arbiter.locator("#verdict")).not_to_contain_text("non ammessa")
    expect(arbiter.locator("#judged")).to_contain_text("CASETTA — ammessa")
    assert svc.state(EVENT).judged_words == {"casetta": True}
    shot = tmp_path / "parole-dictionary-approved.png"
    arbiter.screenshot(path=str(shot), full_page=True)
    assert tools.png_size(shot)[0] == 390
    for page in (desk, phone, arbiter):
        page.context.close()
