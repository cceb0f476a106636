"""A Scala 40 individual event in a real browser (headless Chromium; seed 004): 11 players,
so two tables of four and one of three (art. 2, 26), two rounds of 3 deals (a draw, then
Danish). The director creates the event at the desk, registers the players from a CSV file,
seats each round, reviews and publishes it and publishes the standings; at every table all
the players' phones (one browser context each) open the table's URL: the first fills in the
grid of negative points (art. 23: the player who drew the highest card), the others check
it and confirm, as they all sign the paper sheet. The projector shows the final standings
with VP and negative points (art. 22). Screenshots of a table form and of the projector are
checked for their key content."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.codes.scala40_scoring import ScoreSheet, score_table
from arbitro.tournament import commands
from arbitro.web.app import Web
from arbitro.web.tokens import table_path

EVENT = "scala-del-martedi"
EVENT_NAME = "Scala del martedì"
NAMES = [
    "Rossi Anna",
    "Bianchi Carlo",
    "Esposito Dora",
    "Romano Elio",
    "Colombo Fabio",
    "Ricci Gina",
    "Marino Ivo",
    "Greco Lia",
    "Bruno Mario",
    "Gallo Nora",
    "Conti Olga",
]
ROUNDS = 2
DEALS = 3


def grid(rnd: int, table: int, players: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Distinct negative points per deal: player k of the table loses 7k + (table+rnd+d) % 9."""
    return [
        tuple(7 * k + (table + rnd + d) % 9 + 3 * k * k for k in range(len(players)))
        for d in range(1, DEALS + 1)
    ]


def values(players: tuple[int, ...], rows: list[tuple[int, ...]]) -> dict[str, str]:
    return {
        f"s{d}_{p}": str(v)
        for d, row in enumerate(rows, start=1)
        for p, v in zip(players, row, strict=True)
    }


def test_a_scala40_evening_on_phones_desk_and_projector_art22_art23_art26(
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
    csv_file = tmp_path / "giocatori.csv"
    csv_file.write_text("nome\n" + "".join(f"{n}\n" for n in NAMES), encoding="utf-8")

    desk = tools.desk_login(browser, live_server, director)
    # The event: Scala 40 code, individual, 2 rounds of 3 deals, draw then Danish.
    registered = tools.desk_create_event(
        desk,
        live_server,
        EVENT,
        EVENT_NAME,
        movements=["draw", "danish"],
        deals=DEALS,
        csv=csv_file,
        code="scala40",
        event_format="individual",
    )
    assert registered == len(NAMES)
    config = svc.state(EVENT).config
    assert (config.game, config.code, config.deals) == ("scala40", "scala40", (3, 3))

    projector = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    phones = [
        browser.new_context(viewport={"width": 390, "height": 844}).new_page() for _ in range(4)
    ]
    expected_vp: dict[int, int] = dict.fromkeys(range(1, len(NAMES) + 1), 0)
    expected_mp: dict[int, int] = dict.fromkeys(range(1, len(NAMES) + 1), 0)
    for rnd in range(1, ROUNDS + 1):
        desk.goto(f"{live_server}/desk/e/{EVENT}/r/{rnd}")
        tools.follow(desk, "#seat-round")
        assert "Giocatori (in ordine di posto)" in desk.inner_text("#seating-table")
        tools.follow(desk, "#publish-seating")
        assert desk.locator("#sheets-table").count() == 1, desk.inner_text("main")
        seating = svc.state(EVENT).round(rnd).seating
        assert seating is not None
        sizes = sorted(len(t.players or ()) for t in seating.tables)
        assert sizes == [3, 4, 4]
        for table in seating.tables:
            players = table.players
            assert players is not None
            path = table_path(web.secret, EVENT, table.table, rnd)
            rows = grid(rnd, table.table, players)
            result = score_table(
                ScoreSheet(tuple(str(p) for p in players), tuple(rows)), deals=DEALS
            ).by_player()
            for p in players:
                expected_vp[p] += result[str(p)].vp
                expected_mp[p] += result[str(p)].negative_points
            first = phones[0] = tools.open_page(phones[0], live_server + path)
            assert "Quale giocatore sei?" in first.inner_text("main")
            tools.choose_line(first, f"a.player-btn[href$='line={players[0]}']")
            first.evaluate(tools.fill_all, values(players, rows))
            last = str(players[-1])
            expect(first.locator(f"#vp-{last}")).to_have_text(str(result[last].vp), timeout=15_000)
            if rnd == 1 and table.table == 1:
                shot = tmp_path / "scala40-table-form.png"
                first.screenshot(path=str(shot), full_page=True)
                text = first.inner_text("main")
                assert "Tavolo 1" in text and "Turno 1" in text and "3 smazzate" in text
                totals = first.inner_text("#totals")
                for p in players:
                    assert svc.state(EVENT).competitors[p].name in text
                    r = result[str(p)]
                    assert re.search(
                        rf"{re.escape(svc.state(EVENT).competitors[p].name)}\s+"
                        rf"{r.negative_points}\s+{r.place}º\s+{r.vp}",
                        totals,
                    ), (p, totals)
                width, _ = tools.png_size(shot)
                assert width == 390 and shot.stat().st_size > 10_000
            tools.follow(first, "button.send")
            assert "sent=1" in first.url, first.inner_text("main")
            assert f"confermato da 1 di {len(players)}" in first.inner_text("#status")
            for n, player in enumerate(players[1:], start=2):
                phone = phones[n - 1] = tools.open_page(
                    phones[n - 1], f"{live_server}{path}?line={player}"
                )
                assert "controllalo con il foglio e conferma" in phone.inner_text("#status")
                assert phone.input_value(f"#s{DEALS}_{players[0]}") == str(rows[-1][0])
                tools.follow(phone, "button.send")
                assert "sent=1" in phone.url, phone.inner_text("main")
                status = phone.inner_text("#status")
                if n == len(players):
                    assert f"confermato da tutti i {len(players)} giocatori" in status
                else:
                    assert f"confermato da {n} di {len(players)}" in status
        state = svc.state(EVENT)
        assert {commands.sheet_status(state, rnd, t.table) for t in seating.tables} == {"confirmed"}
        desk.goto(f"{live_server}/desk/e/{EVENT}/r/{rnd}")
        assert "3 confermati" in desk.inner_text("#sheets")
        tools.follow(desk, "#publish-standings")
        assert desk.locator("#standings").count() == 1, desk.inner_text("main")

    projector.goto(f"{live_server}/e/{EVENT}/standings")
    assert "provvisoria" in projector.inner_text("main")
    clock.advance(minutes=16)  # the complaints window closes
    projector.wait_for_selector("text=Classifica finale", timeout=15_000)
    shot = tmp_path / "scala40-projector.png"
    projector.screenshot(path=str(shot))
    text = projector.inner_text("main")
    assert f"Classifica dopo il turno {ROUNDS} di {ROUNDS}" in text
    assert "PUNTI NEGATIVI" in text.upper() and "M.P." not in text  # headers in capitals
    standing = svc.standings(EVENT, ROUNDS)
    assert len(standing) == len(NAMES)
    assert {r.competitor: (r.vp, r.mp) for r in standing} == {
        p: (expected_vp[p], expected_mp[p]) for p in expected_vp
    }
    keys = [(-r.vp, r.mp) for r in standing]
    assert keys == sorted(keys)  # VP, then fewer negative points
    for row in standing:
        assert re.search(rf"{row.rank}\s.*{re.escape(row.name)}\s+{row.vp}\s+{row.mp}\b", text)
    assert tools.png_size(shot) == (1920, 1080) and shot.stat().st_size > 30_000
    for page in (desk, projector, *phones):
        page.context.close()
    # Every sheet came from the phones, signed by each player at its table.
    for rnd in range(1, ROUNDS + 1):
        st = svc.state(EVENT)
        for t in st.round(rnd).seating.tables:  # type: ignore[union-attr]  # every round here is seated
            lines = {v.line for v in svc.sheet_history(EVENT, rnd, t.table)}
            assert lines == {str(p) for p in t.players or ()}
