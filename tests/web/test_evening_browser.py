"""A whole pairs evening in a real browser (headless Chromium): 24 pairs at 12 tables, two
rounds; every sheet is entered from two simulated phones per table (one browser context per
line, each opening the table's URL from its card), as both lines sign the paper sheet
(FIBAS art. 19-20); one conflict settled by the director, one correction with a reason
(art. 21); standings published each round and final after the complaints window (art. 39);
the projector shows them. Screenshots of a table form and of the projector are checked.

The director creates the event, uploads the registrations, seats and publishes each round,
settles the conflict, corrects the sheet and publishes the standings at the desk's pages; the
sheets go only through the phones' browser contexts.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.services.demo import random_deal
from arbitro.tournament import commands
from arbitro.tournament.model import Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, sheet_result
from arbitro.web.app import Web
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import table_path

pytestmark = pytest.mark.slow  # an evening in Chromium: started first (tests/conftest.py)

EVENT = "venerdi"
SURNAMES = [
    *[
        "Rossi",
        "Bianchi",
        "Esposito",
        "Romano",
        "Colombo",
        "Ricci",
        "Marino",
        "Greco",
        "Bruno",
        "Gallo",
        "Conti",
        "De_Luca",
    ],
    *[
        "Mancini",
        "Costa",
        "Giordano",
        "Rizzo",
        "Lombardi",
        "Moretti",
        "Barbieri",
        "Fontana",
        "Santoro",
        "Mariani",
    ],
    *[
        "Rinaldi",
        "Caruso",
        "Ferrara",
        "Galli",
        "Martini",
        "Leone",
        "Longo",
        "Gentile",
        "Martinelli",
        "Vitale",
    ],
    *[
        "Lombardo",
        "Serra",
        "Coppola",
        "De_Santis",
        "D'Angelo",
        "Marchetti",
        "Parisi",
        "Villa",
        "Conte",
        "Ferraro",
    ],
    *["Ferri", "Fabbri", "Bianco", "Marini", "Grasso", "Valentini"],
]
PAIRS = [
    f"{SURNAMES[2 * i].replace('_', ' ')} / {SURNAMES[2 * i + 1].replace('_', ' ')}"
    for i in range(24)
]
ROUNDS = 2
DEALS = 2
CONFLICT = (1, 5)  # round, table: E-O sends a different number
CORRECTED = (1, 3)  # round, table: the director corrects a sum error


def fill_sheet(page: Any, entry: SheetEntry) -> None:
    """Type the sheet into the form, field by field."""
    for name, value in entry_values(entry).items():
        page.fill(f"#{name}", value)


def phone_submits(
    tools: Any, page: Any, base: str, path: str, line: str, entry: SheetEntry, status: str
) -> Any:
    """A line's phone opens the table's URL (its line already chosen there) in a new tab,
    fills in the sheet and sends it; the page then shows ``status``. Returns the tab."""
    page = tools.open_page(page, f"{base}{path}?line={line}")
    page.evaluate(tools.fill_all, entry_values(entry))
    tools.follow(page, "button.send")
    assert "sent=1" in page.url, page.inner_text("main")
    assert status in page.inner_text("#status")
    return page


def test_a_pairs_evening_from_creation_to_final_standings(
    tools: Any,
    web_app: FastAPI,
    live_server: str,
    browser: Any,
    clock: Any,
    director: tuple[str, str],
    tmp_path: Path,
) -> None:
    """24 pairs, 2 rounds of 2 deals (draw, then Danish: art. 4); both lines of every
    table send the sheet from their phones (art. 20); a conflict and a correction (art. 21);
    standings each round; the projector shows the final standings (art. 39)."""
    web: Web = web_app.state.web
    svc = web.service
    rng = random.Random(2026)
    csv_file = tmp_path / "iscritti.csv"
    csv_file.write_text("nome\n" + "".join(f"{name}\n" for name in PAIRS), encoding="utf-8")

    # The director's laptop: logs in, creates the event and registers the pairs at the desk.
    desk = tools.desk_login(browser, live_server, director)
    registered = tools.desk_create_event(
        desk,
        live_server,
        EVENT,
        "Serata del venerdì — Burraco a coppie",
        movements=[Movement.DRAW.value, Movement.DANISH.value],
        deals=DEALS,
        csv=csv_file,
        seed=24,
    )
    assert registered == len(PAIRS)
    config = svc.state(EVENT).config
    assert (config.rounds, config.deals, config.movements) == (
        ROUNDS,
        (DEALS,) * ROUNDS,
        (Movement.DRAW, Movement.DANISH),
    )

    def path(table: int, rnd: int) -> str:
        """The URL path of a table's card of round ``rnd`` (cards are per round)."""
        return table_path(web.secret, EVENT, table, rnd)

    projector = browser.new_context(viewport={"width": 1920, "height": 1080})
    screen = projector.new_page()
    screen.goto(f"{live_server}/e/{EVENT}/seating")
    assert "non è ancora affissa" in screen.inner_text("main")

    # The two phones of a table, one per line: each its own browser context (own cookies,
    # own storage), opening the table's URL from the card.
    phones = {
        line: browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        for line in ("ns", "ew")
    }
    for rnd in range(1, ROUNDS + 1):
        # The director seats the round, reviews it and publishes it at the desk (art. 4).
        tools.desk_seat_and_publish(desk, live_server, EVENT, rnd)
        state = svc.state(EVENT)
        seating = state.round(rnd).seating
        assert seating is not None and len(seating.tables) == 12
        # The seating display updates by itself (htmx polling), without a reload.
        screen.wait_for_selector(f"text=turno {rnd} di {ROUNDS}", timeout=15_000)
        sheets = {t.table: SheetEntry((random_deal(rng), random_deal(rng))) for t in seating.tables}

        if rnd == 1:  # the table form, typed and checked before it is sent
            table = seating.tables[0]
            entry = sheets[table.table]
            result = sheet_result(state.code, entry, deals=DEALS, teams=False)
            page = phones["ns"] = tools.open_page(
                phones["ns"], live_server + path(table.table, rnd)
            )
            tools.choose_line(page, "a.line-btn[href*='line=ns']")
            fill_sheet(page, entry)
            expect(page.locator("#vp-ns")).to_have_text(str(result.ns_vp), timeout=15_000)
            shot = tmp_path / "table-form.png"
            page.screenshot(path=str(shot), full_page=True)
            text = page.inner_text("main")
            ns_name = state.competitors[table.ns[0]].name  # type: ignore[index]  # a complete table has both lines
            ew_name = state.competitors[table.ew[0]].name  # type: ignore[index]  # a complete table has both lines
            for expected in (ns_name, ew_name, "Tavolo 1", "Turno 1"):
                assert expected in text
            totals = page.inner_text("#totals")
            for figure in (result.ns_total, result.ew_total, result.ns_vp, result.ew_vp):
                assert str(figure) in totals
            assert str(abs(result.ns_total - result.ew_total)) in totals
            assert tools.png_size(shot)[0] == 390 and shot.stat().st_size > 10_000
            tools.follow(page, "button.send")
            assert "sent=1" in page.url, page.inner_text("main")
            assert "in attesa dell'altra linea" in page.inner_text("#status")

        for number, entry in sheets.items():
            if not (rnd == 1 and number == seating.tables[0].table):
                phones["ns"] = phone_submits(
                    tools, phones["ns"], live_server, path(number, rnd), "ns", entry, "in attesa"
                )
            if (rnd, number) == CONFLICT:
                d2 = entry.deals[1]
                typo = DealScore(d2.ns, LineDeal(d2.ew.base, d2.ew.points + 5))
                wrong = SheetEntry((entry.deals[0], typo))
                phones["ew"] = phone_submits(
                    tools, phones["ew"], live_server, path(number, rnd), "ew", wrong, "Conflitto"
                )
            else:
                phones["ew"] = phone_submits(
                    tools, phones["ew"], live_server, path(number, rnd), "ew", entry, "confermato"
                )

        state = svc.state(EVENT)
        expected_status = {t: "confirmed" for t in sheets}
        if rnd == CONFLICT[0]:
            expected_status[CONFLICT[1]] = "conflict"
        assert {t: commands.sheet_status(state, rnd, t) for t in sheets} == expected_status
        if rnd == CONFLICT[0]:
            # The director, at the desk, settles the conflict from the signed paper sheet
            # (art. 21): the desk offers the first entry (N-S's numbers) ...
            desk.goto(f"{live_server}/desk/e/{EVENT}/r/{rnd}/t/{CONFLICT[1]}")
            settle = desk.locator("#settle-form")
            settle.locator("input[name=reason]").fill("il foglio firmato riporta i numeri di N-S")
            tools.follow(desk, "#settle-form button[type=submit]")
            assert "ok=correct" in desk.url, desk.inner_text("main")
            # ... and corrects an evident sum error at another table, before the standings.
            d1 = sheets[CORRECTED[1]].deals[0]
            desk.goto(f"{live_server}/desk/e/{EVENT}/r/{rnd}/t/{CORRECTED[1]}")
            correct = desk.locator("#correct-form")
            correct.locator("input[name=kind][value=sum]").check()
            correct.locator("input[name=c_d1_ns_points]").fill(str(d1.ns.points + 10))
            correct.locator("input[name=reason]").fill("errore di somma nella 1ª mano, N-S")
            tools.follow(desk, "#correct-form button[type=submit]")
            assert "ok=correct" in desk.url, desk.inner_text("main")
            phone = phones["ew"] = tools.open_page(
                phones["ew"], f"{live_server}{path(CONFLICT[1], rnd)}?line=ew"
            )
            assert "confermato" in phone.inner_text("#status")
            phone = phones["ns"] = tools.open_page(
                phones["ns"], f"{live_server}{path(CORRECTED[1], rnd)}?line=ns"
            )
            assert phone.input_value("#o1_ns_points") == str(d1.ns.points + 10)
            settled = svc.sheet_history(EVENT, rnd, CONFLICT[1])[-1]
            assert settled.kind == "correction: conflict" and settled.actor == director[0]
            assert settled.entry == sheets[CONFLICT[1]]
            corrected = svc.sheet_history(EVENT, rnd, CORRECTED[1])[-1]
            assert corrected.kind == "correction: sum" and corrected.actor == director[0]
            assert corrected.reason == "errore di somma nella 1ª mano, N-S"
            assert corrected.entry.deals[0].ns.points == d1.ns.points + 10
        # All sheets in: the director publishes the round's standings at the desk.
        desk.goto(f"{live_server}/desk/e/{EVENT}/r/{rnd}")
        tools.follow(desk, "#publish-standings")
        assert svc.state(EVENT).round(rnd).standings_published_at is not None

    screen.goto(f"{live_server}/e/{EVENT}/standings")
    assert "provvisoria" in screen.inner_text("main")
    clock.advance(minutes=16)  # the complaints window closes (art. 39)
    screen.wait_for_selector("text=Classifica finale", timeout=15_000)  # refreshed by itself
    shot = tmp_path / "projector.png"
    screen.screenshot(path=str(shot))
    text = screen.inner_text("main")
    rows = svc.standings(EVENT, ROUNDS)
    assert len(rows) == 24
    for row in rows[:10]:
        assert re.search(rf"{row.rank}\s.*{re.escape(row.name)}\s+{row.vp}\b", text), row
    assert f"Classifica dopo il turno {ROUNDS} di {ROUNDS}" in text
    assert tools.png_size(shot) == (1920, 1080) and shot.stat().st_size > 30_000
    projector.close()
    for page in (*phones.values(), desk):
        page.context.close()
    # Every sheet of the evening came from the phones (both lines), bar the director's two.
    for rnd in range(1, ROUNDS + 1):
        for number in range(1, 13):
            lines = {v.line for v in svc.sheet_history(EVENT, rnd, number) if v.line}
            assert lines == {"ns", "ew"}
