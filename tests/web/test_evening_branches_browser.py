"""An evening with its branches, walked as a new director would in a real browser (headless
Chromium): the desk at 1366 wide, two phones per table at 390x844 (issue 26).

14 pairs registered from a CSV that first has several mistakes (all listed at once, nobody
registered: FIBAS art. 2); 12 arrive, the 2 absent are withdrawn and ranked nowhere (art. 36);
round 1 drawn, its clock started at a mistyped time and corrected (art. 7); a late pair
(art. 37); the phones send every sheet, one losing its connection mid-send (its sheet queued
and sent once when the network returns), one double tap, one line that disagrees, settled by
the director (art. 20-21); a warning (art. 41); a complaint within the deadline accepted with
an inverted-scores correction before the next seating is posted (the drawn Danish seating is
redrawn on the corrected standings) and another after it is posted (the seating stands, the
standings change), a complaint after the deadline refused (art. 21, 38-39); a pair withdrawn
before round 3 (marked "ritirato"); prizes from the desk's form; the final standings.
Screenshots of the complaint on the desk, the corrected standings and the phone's recovered
sheet are kept under the test's tmp_path and checked."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.errors import ArbitroError
from arbitro.services.demo import random_deal
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.model import Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, sheet_result
from arbitro.web.app import Web
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import table_path

pytestmark = pytest.mark.slow  # an evening in Chromium: started first (tests/conftest.py)

EVENT = "rami"
ROME = ZoneInfo("Europe/Rome")
PHONE = {"width": 390, "height": 844}
NAMES = [
    "Bellè / Càrdini",
    "Rossi / Bianchi",
    "Esposito / Romano",
    "Colombo / Ricci",
    "Marino / Greco",
    "Bruno / Gallo",
    "Conti / De Luca",
    "Mancini / Costa",
    "Giordano / Rizzo",
    "Lombardi / Moretti",
    "Barbieri / Fontana",
    "Santoro / Mariani",
    "Assenti / Primi",
    "Assenti / Secondi",
]
ABSENT = (13, 14)
BAD_CSV = (
    "nome;giocatore1;giocatore2\n"
    "Bellè / Càrdini;Anna Bellè;Ugo Càrdini\n"
    "Rossi / Bianchi;Mario Rossi;Lucia Bianchi\n"
    "Solo Gialli;Gino Gialli;\n"
    ";Tizio;Caio\n"
    "rossi / bianchi;Mario Rossi;Lucia Bianchi\n"
)
WAIT = 20_000  # ms: a queued sheet is sent again at most 10 s after a failed send


def _csv(path: Path) -> Path:
    rows = "".join(f"{n};{n.split(' / ')[0]} A;{n.split(' / ')[1]} B\n" for n in NAMES)
    path.write_text("nome;giocatore1;giocatore2\n" + rows, encoding="utf-8")
    return path


def _hhmm(at: Any) -> str:
    return str(at.astimezone(ROME).strftime("%H:%M"))


def test_an_evening_with_its_branches_on_the_desk_and_the_phones(
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
    rng = random.Random(2612)
    clock.now = datetime.now(UTC).replace(hour=19, minute=30, second=0, microsecond=0)
    shots = tmp_path / "shots"
    shots.mkdir()

    # -- Registration: a CSV with several mistakes, every one listed, nobody registered.
    bad = tmp_path / "sbagliato.csv"
    bad.write_text(BAD_CSV, encoding="utf-8")
    desk = tools.desk_login(browser, live_server, director)
    registered = tools.desk_create_event(
        desk,
        live_server,
        EVENT,
        "Serata dei rami — Burraco a coppie",
        movements=[Movement.DRAW.value, Movement.DANISH.value, Movement.DANISH.value],
        deals=2,
        csv=bad,
        seed=26,
    )
    assert registered == 0
    problems = desk.inner_text("#upload-problems")
    assert "riga 4: «Solo Gialli»: 1 giocatore, una coppia ne ha 2" in problems
    assert "riga 5: manca il nome" in problems
    assert "riga 6: «rossi / bianchi» è ripetuto alle righe 3 e 6" in problems
    assert not svc.state(EVENT).competitors
    desk.set_input_files("#upload-file", str(_csv(tmp_path / "iscritti.csv")))
    tools.follow(desk, "#upload-form button[type=submit]")
    assert len(svc.state(EVENT).competitors) == len(NAMES)

    # -- Check-in at the entrance: 12 arrive, the 2 absent are withdrawn (art. 36).
    for number in range(1, 13):  # one click, one row swapped in place (issue 28)
        desk.click(f"#competitor-{number} form.check-in-form button")
        expect(desk.locator(f"#competitor-{number}")).to_contain_text("✓")
    tools.follow(desk, "#withdraw-absent-form button")
    state = svc.state(EVENT)
    assert {n for n, c in state.competitors.items() if c.withdrawn_from_round == 1} == set(ABSENT)

    def path(table: int, rnd: int) -> str:
        return table_path(web.secret, EVENT, table, rnd)

    def phone() -> Any:
        return browser.new_context(viewport=PHONE).new_page()

    def send(page: Any, table: int, rnd: int, line: str, entry: SheetEntry) -> Any:
        page = tools.open_page(page, f"{live_server}{path(table, rnd)}?line={line}")
        page.evaluate(tools.fill_all, entry_values(entry))
        tools.follow(page, "button.send")
        assert "sent=1" in page.url, page.inner_text("main")
        return page

    def play_round(rnd: int, special: bool = False) -> dict[int, SheetEntry]:
        """Both lines of every complete table send the sheet from their phones."""
        seating = svc.state(EVENT).round(rnd).seating
        assert seating is not None
        sheets: dict[int, SheetEntry] = {}
        ns, ew = phone(), phone()
        for t in seating.tables:
            if t.is_incomplete:
                continue
            entry = SheetEntry((random_deal(rng), random_deal(rng)))
            while sheet_result(svc.state(EVENT).code, entry, deals=2, teams=False).ns_vp == 10:
                entry = SheetEntry((random_deal(rng), random_deal(rng)))  # a result to invert
            sheets[t.table] = entry
            if special and t.table == 1:
                ns = lost_connection_mid_send(ns, t.table, rnd, entry)
            else:
                ns = send(ns, t.table, rnd, "ns", entry)
            if special and t.table == 2:
                ew = double_tap(ew, t.table, rnd, entry)
            elif special and t.table == 3:
                d2 = entry.deals[1]
                wrong = SheetEntry((entry.deals[0], DealScore(d2.ns, LineDeal(d2.ew.base, 5))))
                ew = send(ew, t.table, rnd, "ew", wrong)
                assert "Conflitto" in ew.inner_text("#status")
            else:
                ew = send(ew, t.table, rnd, "ew", entry)
        ns.context.close()
        ew.context.close()
        return sheets

    def lost_connection_mid_send(page: Any, table: int, rnd: int, entry: SheetEntry) -> Any:
        """N-S's phone loses the Wi-Fi as it sends: the sheet stays on the phone, queued, and
        leaves by itself once the network is back; recorded once (art. 20)."""
        page = tools.open_page(page, f"{live_server}{path(table, rnd)}?line=ns")
        page.evaluate(tools.fill_all, entry_values(entry))
        vp = sheet_result(svc.state(EVENT).code, entry, deals=2, teams=False).ns_vp
        expect(page.locator("#vp-ns")).to_have_text(str(vp), timeout=15_000)
        page.route("**/t/**", lambda r: r.abort() if r.request.method == "POST" else r.continue_())
        tools.type_code(page)  # the line's code, from its half of the card
        page.click("button.send")
        expect(page.locator("#offline-note")).to_contain_text("Senza rete", timeout=WAIT)
        assert page.input_value("#o2_ns_points") == str(entry.deals[1].ns.points)
        page.screenshot(path=str(shots / "phone-recovered.png"))
        assert not svc.sheet_history(EVENT, rnd, table)
        page.unroute("**/t/**")
        expect(page.locator("#status")).to_contain_text("in attesa", timeout=WAIT)
        assert len(svc.sheet_history(EVENT, rnd, table)) == 1
        return page

    def double_tap(page: Any, table: int, rnd: int, entry: SheetEntry) -> Any:
        page = tools.open_page(page, f"{live_server}{path(table, rnd)}?line=ew")
        tools.follow(page, "a.differ")  # the numbers are different: the form, pre-filled
        assert page.input_value("#o1_ns_base") == str(entry.deals[0].ns.base)
        tools.type_code(page)  # the line's code, from its half of the card
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.dblclick("button.send")
        expect(page.locator("#status")).to_contain_text("confermato", timeout=WAIT)
        assert [v.line for v in svc.sheet_history(EVENT, rnd, table)] == ["ns", "ew"]
        return page

    # -- Round 1: drawn, published; the clock started at a mistyped time, then corrected.
    tools.desk_seat_and_publish(desk, live_server, EVENT, 1)
    round_page = f"{live_server}/desk/e/{EVENT}/r/1"
    posted = clock.now
    clock.advance(minutes=70)  # the round started 65 minutes after the seating was posted ...
    desk.goto(round_page)
    desk.fill("#start-form input[name=started_at]", _hhmm(posted + timedelta(minutes=5)))
    tools.follow(desk, "#start-round")  # ... typed as 5 minutes after: an hour off
    expect(desk.locator("#time-out")).to_be_visible()  # "giocati 65:00 di 35:00": time out
    start = clock.now - timedelta(minutes=5)
    desk.click("#correct-start summary")
    desk.fill("#correct-start-form input[name=started_at]", _hhmm(start))
    desk.fill("#correct-start-form input[name=reason]", "ora digitata sbagliata")
    tools.follow(desk, "#correct-start-button")
    expect(desk.locator("#time-out")).to_be_hidden()
    assert "ora digitata sbagliata" in desk.inner_text("#start-corrected")

    # A late pair (art. 37): arrived 6 minutes after the start.
    clock.advance(minutes=2)
    desk.select_option("#arrival-form select[name=competitor]", "5")
    desk.fill("#arrival-form input[name=arrived]", _hhmm(start + timedelta(minutes=6)))
    tools.follow(desk, "#arrived-now")
    tools.follow(desk, "#confirm-lateness")
    assert "ritardo" in desk.inner_text("#ledger").lower()

    # A warning from the desk: the code's article by default (art. 41).
    desk.select_option("#sanction-form select[name=competitor]", "7")
    desk.fill("#sanction-form input[name=reason]", "commenti ad alta voce")
    tools.follow(desk, "#sanction-form button[type=submit]")
    assert "art. 41" in desk.inner_text("#ledger")

    sheets1 = play_round(1, special=True)
    # The disagreeing line: the director settles it from the signed paper sheet (art. 21).
    assert commands.sheet_status(svc.state(EVENT), 1, 3) == "conflict"
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/1/t/3")
    desk.fill("#settle-form input[name=reason]", "il foglio firmato riporta i numeri di N-S")
    tools.follow(desk, "#settle-form button[type=submit]")
    assert "ok=correct" in desk.url, desk.inner_text("main")
    desk.goto(round_page)
    tools.follow(desk, "#publish-standings")

    # -- A complaint within the deadline, before round 2's seating is posted (art. 39, 21 a):
    # round 2 is drawn, not posted; the complaint is accepted with table 4's inverted scores.
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/2")
    tools.follow(desk, "#seat-round")
    drawn = svc.state(EVENT).round(2).seating
    before = {r.competitor: r.vp for r in svc.standings(EVENT, 1)}
    clock.advance(minutes=5)
    desk.goto(round_page)
    desk.fill("#complaint-text", "al tavolo 4 i punteggi sono stati scritti invertiti")
    tools.follow(desk, "#complaint-form button[type=submit]")
    number = next(iter(svc.state(EVENT).round(1).open_complaints))
    desk.goto(f"{live_server}/desk/e/{EVENT}")
    complaint = desk.locator(f"#complaint-{number}")
    assert "invertiti" in complaint.inner_text()
    desk.screenshot(path=str(shots / "desk-complaint.png"), full_page=True)
    complaint.locator("input[name=decision]").fill("accolto: il tavolo 4 conferma l'inversione")
    complaint.locator("select[name=table]").select_option("4")
    tools.follow(desk, f"#decide-{number} button.accept")
    after = {r.competitor: r.vp for r in svc.standings(EVENT, 1)}
    table4 = svc.state(EVENT).round(1).seating.tables[3]  # type: ignore[union-attr]
    ns4, ew4 = table4.ns[0], table4.ew[0]  # type: ignore[index]
    assert (after[ns4], after[ew4]) == (before[ew4], before[ns4])  # round 1 corrected
    desk.goto(f"{live_server}/e/{EVENT}/standings")
    desk.screenshot(path=str(shots / "corrected-standings.png"), full_page=True)
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/2")
    expect(desk.locator("#stale-seating")).to_be_visible()
    tools.follow(desk, "#redraw-seating")
    redrawn = svc.state(EVENT).round(2).seating
    assert redrawn is not None and drawn is not None
    tools.follow(desk, "#publish-seating")

    # -- Round 2, then round 3's seating posted; a complaint on round 2 within the deadline
    # after that: round 3 starts with the posted seating, round 2's standings change (21 b).
    sheets2 = play_round(2)
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/2")
    tools.follow(desk, "#publish-standings")
    # A pair leaves after round 2 (a withdrawal): round 3 has an incomplete table.
    desk.goto(f"{live_server}/desk/e/{EVENT}")
    desk.select_option("#withdraw-form select[name=competitor]", "12")
    desk.fill("#withdraw-form input[name=reason]", "un giocatore sta male")
    tools.follow(desk, "#withdraw-form button[type=submit]")
    assert svc.state(EVENT).competitors[12].withdrawn_from_round == 3
    tools.desk_seat_and_publish(desk, live_server, EVENT, 3)
    posted = svc.state(EVENT).round(3).seating
    before2 = {r.competitor: r.vp for r in svc.standings(EVENT, 2)}
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/2")
    desk.fill("#complaint-text", "tavolo 2: punteggi invertiti")
    tools.follow(desk, "#complaint-form button[type=submit]")
    number = next(iter(svc.state(EVENT).round(2).open_complaints))
    row = desk.locator(f"#complaint-{number}")
    row.locator("input[name=decision]").fill("accolto")
    row.locator("select[name=table]").select_option("2")
    tools.follow(desk, f"#decide-{number} button.accept")
    # Round 3, the last, is under way: only the arbiter corrects a sheet now (art. 21).
    assert "arbitro" in desk.inner_text("#complaints"), desk.inner_text("main")
    assert number in svc.state(EVENT).round(2).open_complaints
    row = desk.locator(f"#complaint-{number}")
    row.locator("input[name=decision]").fill("accolto, firmato dall'arbitro")
    row.locator("select[name=table]").select_option("2")
    row.locator("input[name=by_arbiter]").check()
    tools.follow(desk, f"#decide-{number} button.accept")
    assert not svc.state(EVENT).round(2).open_complaints
    assert svc.state(EVENT).round(3).seating == posted  # the posted seating stands
    table2 = svc.state(EVENT).round(2).seating.tables[1]  # type: ignore[union-attr]
    after2 = {r.competitor: r.vp for r in svc.standings(EVENT, 2)}
    ns2, ew2 = table2.ns[0], table2.ew[0]  # type: ignore[index]
    assert after2[ns2] - before2[ns2] == -(after2[ew2] - before2[ew2]) != 0

    # -- After the deadline: the desk offers no complaint, and none is accepted (art. 39).
    clock.advance(minutes=16)
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/2")
    assert desk.locator("#complaint-form").count() == 0
    with pytest.raises(ArbitroError) as refused:
        svc.run(EVENT, values.LodgeComplaint(2, 1, "troppo tardi"))
    assert "art. 39" in refused.value.message("it")

    # -- Round 3, the withdrawn pair's table incomplete (art. 37), then the final standings.
    play_round(3)
    desk.goto(f"{live_server}/desk/e/{EVENT}/r/3")
    tools.follow(desk, "#publish-standings")
    clock.advance(minutes=16)  # final (art. 39)

    # -- Prizes from the desk's form: one row per category.
    desk.goto(f"{live_server}/desk/e/{EVENT}/prizes")
    desk.fill("#name_1", "Assoluta")
    desk.select_option("#rule_1", "overall")
    desk.fill("#prizes_1", "100/60/40")
    tools.follow(desk, "#record-prizes")
    winners = desk.inner_text("#list")
    first = svc.standings(EVENT, 3)[0]
    assert first.name in winners and "100" in winners

    # -- The room's standings: the absent ranked nowhere; the late and warned pairs ranked.
    desk.goto(f"{live_server}/e/{EVENT}/standings")
    text = desk.inner_text("main")
    assert "Classifica finale" in text
    for absent in ABSENT:
        assert NAMES[absent - 1] not in text
    rows = svc.standings(EVENT, 3)
    assert len(rows) == 12 and rows[0].rank == 1
    withdrawn = next(r for r in rows if r.competitor == 12)
    assert withdrawn.withdrawn_from == 3
    assert "ritirat" in text.lower()
    assert sheets1 and sheets2

    for name in ("desk-complaint.png", "corrected-standings.png", "phone-recovered.png"):
        width, _height = tools.png_size(shots / name)
        assert width in (390, 1366)
    desk.context.close()
