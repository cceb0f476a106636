"""The VP a carte uguali sheet shows on the desk, on the phone and on the printed score sheet
(FIBAS art. 20; issue 26): the comparison's with the field once every sheet of the round is
in, "awaiting the comparison" before, never the table's own VP; and the desk's seating PDF
with each table's boards (art. 7).

The sheets are those of ``tests/cli/test_boards_plan_checks.py``: board 1 N-S results +250
(table 1), +100 (tables 2, 3, 4), board 2 0 everywhere; table 1's own 250 is 13-7, its 150
against the others' average 12-8 (art. 20, continuous scale)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import txt

from arbitro.printouts import score_sheets_pdf
from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.web.tokens import make_token

EVENT = "cu"
SHEETS = {
    1: [(200, 150, 0, 100), (0, 100, 0, 100)],
    2: [(0, 100, 0, 100), (100, 100, 0, 100)],
    3: [(100, 100, 0, 100), (0, 100, 0, 100)],
    4: [(0, 100, 0, 100), (100, 100, 0, 100)],
}


def service(app: FastAPI) -> Any:
    return app.state.web.service


def entry(table: int) -> SheetEntry:
    return SheetEntry(
        tuple(DealScore(LineDeal(a, b), LineDeal(c, d)) for a, b, c, d in SHEETS[table])
    )


def make_cu(app: FastAPI) -> None:
    """A carte uguali event of 8 pairs at 4 tables, 2 boards a round, round 1 seated."""
    svc = service(app)
    svc.create_event(
        EVENT,
        EventConfig(
            "Carte uguali del giovedì",
            EventFormat.PAIRS,
            2,
            (2, 2),
            (Movement.REGISTRATION_ORDER, Movement.MITCHELL),
            seed=3,
            duplicate=True,
            comparison="others",
        ),
    )
    for i in range(1, 9):
        svc.run(EVENT, Register(f"Coppia {i}"))
    svc.seat(EVENT, 1, publish=True)


def send(app: FastAPI, table: int) -> None:
    """Both lines of ``table`` send its sheet from their phones (art. 20)."""
    service(app).enter_sheet(EVENT, 1, table, entry(table), line="ns")
    service(app).enter_sheet(EVENT, 1, table, entry(table), line="ew")


def vp_cell(live: str, table: int) -> str:
    """The V.P. cell of ``table``'s row in the desk's list of sheets."""
    row = re.search(
        rf'<tr class="row-\w+">\s*<td class="num"><a href="[^"]*/t/{table}">{table}</a>(.*?)</tr>',
        live,
        re.S,
    )
    assert row, live
    return re.sub(r"<[^>]+>", "", re.findall(r'<td class="num">(.*?)</td>', row.group(1))[-1])


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    )
    return done.stdout


def test_the_desks_list_of_sheets_shows_the_comparisons_vp_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 20: on the round page each sheet's V.P. wait for the comparison while a
    table's sheet is missing, then are the comparison's (12–8), not the table's (13–7)."""
    make_cu(web_app)
    for table in (1, 2, 3):
        send(web_app, table)
    live = txt(director_client.get(f"/desk/e/{EVENT}/r/1/live"))
    assert vp_cell(live, 1).strip() == "in attesa del confronto"
    assert "13–7" not in live
    english = txt(director_client.get(f"/desk/e/{EVENT}/r/1/live?lang=en"))
    assert vp_cell(english, 1).strip() == "awaiting the comparison"
    send(web_app, 4)
    done = txt(director_client.get(f"/desk/e/{EVENT}/r/1/live"))
    assert vp_cell(done, 1).strip() == "12–8"
    assert vp_cell(done, 4).strip() == "9–11"  # its own +100 would be 11–9
    assert "in attesa del confronto" not in done


def test_a_conflict_on_the_desks_list_shows_totals_not_the_tables_vp_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 20-21: two different entries of a carte uguali table are shown side by
    side with their totals only: their own VP (13–7, 11–9) decide nothing."""
    make_cu(web_app)
    service(web_app).enter_sheet(EVENT, 1, 1, entry(1), line="ns")
    service(web_app).enter_sheet(EVENT, 1, 1, entry(2), line="ew")
    live = txt(director_client.get(f"/desk/e/{EVENT}/r/1/live"))
    detail = live[live.index('class="conflict-detail"') :]
    detail = detail[: detail.index("</tr>")]
    assert "450–200" in detail and "300–200" in detail
    assert "V.P." not in detail and "13–7" not in detail


def test_the_phone_shows_the_comparisons_vp_after_the_sheet_art_20(
    client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 20: the table's phone, once its sheet is sent, shows no V.P. until the
    round is complete ("in attesa del confronto"), then the comparison's, never its own."""
    make_cu(web_app)
    send(web_app, 1)
    token = make_token(web_app.state.web.secret, EVENT, 1, 1)
    page = txt(client.get(f"/t/{token}?line=ns"))
    assert 'id="vp-awaiting"' in page and "in attesa del confronto" in page
    assert 'id="vp-ns"' not in page
    for table in (2, 3, 4):
        send(web_app, table)
    done = txt(client.get(f"/t/{token}?line=ns"))
    assert re.search(r'id="vp-ns">12<', done) and re.search(r'id="vp-ew">8<', done)
    assert 'id="vp-awaiting"' not in done


def test_the_printed_score_sheet_writes_the_comparisons_vp_art_20(
    web_app: FastAPI, tmp_path: Path
) -> None:
    """FIBAS art. 19-20: the score sheet printed with its figures writes "in attesa del
    confronto" in the V.P. boxes while the round is incomplete, then the comparison's 12
    and 8 (the table's own sheet would give 13 and 7)."""
    make_cu(web_app)
    send(web_app, 1)
    state = service(web_app).state(EVENT)
    waiting = pdf_text(score_sheets_pdf(state, 1, filled=True), tmp_path)
    first = waiting.split("\f")[0]
    assert "in attesa del confronto" in first
    for table in (2, 3, 4):
        send(web_app, table)
    state = service(web_app).state(EVENT)
    done = pdf_text(score_sheets_pdf(state, 1, filled=True), tmp_path).split("\f")[0]
    vp_line = next(line for line in done.splitlines() if line.strip().startswith("V.P."))
    assert vp_line.split()[1:] == ["12", "8"]
    assert "in attesa del confronto" not in done


def test_the_desks_seating_pdf_names_each_tables_boards_art_7(
    director_client: TestClient, web_app: FastAPI, tmp_path: Path
) -> None:
    """FIBAS art. 4, 7: the desk's seating list of a carte uguali round prints the boards
    each table plays in deal order, with their copy, as the CLI's does."""
    make_cu(web_app)
    pdf = director_client.get(f"/desk/e/{EVENT}/r/1/pdf/seating")
    assert pdf.status_code == 200
    text = pdf_text(pdf.content, tmp_path)
    lines = text.splitlines()
    assert any("Coppia 1 (1)" in line and "1 · 2 (copia 1)" in line for line in lines)
    assert any("Coppia 7 (7)" in line and "2 · 1 (copia 2)" in line for line in lines)


def test_the_desk_prints_the_board_plan_alone_art_7(
    director_client: TestClient, web_app: FastAPI, tmp_path: Path
) -> None:
    """FIBAS art. 7: the round page links the board plan as a PDF of its own, each table's
    boards at each deal and where they go next, with the lines at each table."""
    make_cu(web_app)
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1"))
    assert f"/desk/e/{EVENT}/r/1/boards/board-plan.pdf" in page and "piano dei board" in page
    pdf = director_client.get(f"/desk/e/{EVENT}/r/1/boards/board-plan.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    text = pdf_text(pdf.content, tmp_path)
    assert "Piano dei board — Turno 1" in text
    row = next(line for line in text.splitlines() if line.split()[:2] == ["2", "Board"])
    assert " ".join(row.split()[1:]) == "Board 2 · copia 1 Board 1 · copia 1 tavolo 1"
    assert any("Coppia 3" in line and "Coppia 4" in line for line in text.splitlines())
