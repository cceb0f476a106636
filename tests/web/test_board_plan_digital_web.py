"""The board plan of a mixed carte uguali round (issue 32, FIBAS art. 7 and 20): a digital
table is dealt board k at deal k by the server, so the plan sends it no board. The desk's
plan and the printed plan (PDF) mark it «sui telefoni» with no table to hand boards to; the
paper table whose boards would go to it hands them to the relay stand instead; the paper
tables' own boards are the plan's, unchanged (their comparison reads the same plan)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.games.core import SEATS
from arbitro.printouts import seating_pdf
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.registering import Register
from arbitro.tournament.boards import board_plan, plan_digital_tables, table_boards
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

EVENT = "ibrida-cu"


def _mixed(app: FastAPI) -> None:
    """8 pairs at 4 tables, 2 boards a round (two groups: tables 1-2 and 3-4), table 2 on
    the phones, the seating published (the digital table opened)."""
    svc = app.state.web.service
    svc.create_event(
        EVENT,
        EventConfig(
            "Carte uguali ibrida",
            EventFormat.PAIRS,
            1,
            (2,),
            (Movement.REGISTRATION_ORDER,),
            seed=3,
            duplicate=True,
            comparison="others",
        ),
    )
    for i in range(1, 9):
        svc.run(EVENT, Register(f"Coppia {i}"))
    rounds = DigitalRounds(svc, random.Random(4))
    rounds.choose(EVENT, 1, "mixed", tables=(2,))
    svc.seat(EVENT, 1, publish=True)
    assert rounds.open_round(EVENT, 1, robots=SEATS) == [2]


def _pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "plan.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    )
    return done.stdout


def test_the_plan_sends_no_board_to_a_digital_table(
    director_client: TestClient, web_app: FastAPI, tmp_path: Path
) -> None:
    _mixed(web_app)
    state = web_app.state.web.service.state(EVENT)
    plan = board_plan(state, 1)
    assert plan.passes_to(1) == 2  # on paper, table 1 would hand its boards to table 2
    assert plan_digital_tables(state, 1) == {2}
    assert table_boards(state, 1, 1, plan) == ((1, 1), (2, 2))  # paper: the plan's boards
    assert table_boards(state, 1, 2, plan) == ((1, 1), (2, 2))  # digital: board k at deal k

    page = director_client.get(f"/desk/e/{EVENT}/r/1").text
    plan_html = page.split('id="board-plan"')[1].split("</details>")[0]
    rows = dict(re.findall(r'<th scope="row">(\d+)</th>(.*?)</tr>', plan_html, re.S))
    assert "tavolo di appoggio" in rows["1"] and "tavolo 2" not in rows["1"]
    assert rows["2"].count("sui telefoni") == 2 and "copia" not in rows["2"]
    assert "tavolo 4" in rows["3"]  # the other group as before
    assert 'class="plan-digital"' in plan_html and "Tavoli digitali (2)" in plan_html

    pdf = director_client.get(f"/desk/e/{EVENT}/r/1/boards/board-plan.pdf")
    assert pdf.status_code == 200
    text = _pdf_text(pdf.content, tmp_path)
    # each table's row (a cell's words may wrap above and below its line)
    plan_text = text.split("Le linee a ogni tavolo")[0].split("Poi al")[1]
    rows_text = re.split(r"^ (\d)\s{2,}(?=Board)", plan_text, flags=re.M)
    row1 = rows_text[0] + rows_text[2]  # the wrapped words above table 1's line, and it
    assert rows_text[1] == "1" and "appoggio" in row1 and "tavolo 2" not in row1
    assert rows_text[3] == "2" and "sui telefoni" in rows_text[4] and "copia" not in rows_text[4]
    assert "Tavoli digitali (2)" in text


def test_the_terminals_plan_sends_no_board_to_a_digital_table(
    web_app: FastAPI, database_file: Path, tmp_path: Path
) -> None:
    """``arbitro boards show`` and ``arbitro boards print --what plan``: the same plan as the
    desk's (table 2 on the phones, table 1's boards to the relay stand); the printed plan
    sent copies to digital tables before (the terminal did not pass them on)."""
    _mixed(web_app)
    env = {**os.environ, "ARBITRO_DATABASE_URL": f"sqlite:///{database_file}", "ARBITRO_LANG": "it"}
    command = [str(Path(sys.executable).with_name("arbitro")), "boards", "show", EVENT, "1"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = {line.split(":")[0]: line for line in done.stdout.splitlines()}
    assert "tavolo di appoggio" in lines["Tavolo 1"] and "tavolo 2" not in lines["Tavolo 1"]
    assert "sui telefoni" in lines["Tavolo 2"]
    assert "tavolo 4" in lines["Tavolo 3"]
    as_json = subprocess.run(
        [*command, "--json"], env=env, capture_output=True, text=True, timeout=120
    )
    rows = json.loads(as_json.stdout)
    assert [(r["table"], r["digital"], r["passes_to"]) for r in rows] == [
        (1, False, None),
        (2, True, None),
        (3, False, 4),
        (4, False, 3),
    ]
    pdf = tmp_path / "plan.pdf"
    printed = subprocess.run(
        [*command[:2], "print", EVENT, "1", "--what", "plan", "-o", str(pdf)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert printed.returncode == 0, printed.stderr
    text = _pdf_text(pdf.read_bytes(), tmp_path)  # the terminal's PDF: the desk's plan
    assert "Tavoli digitali (2)" in text and "sui telefoni" in text


def test_the_seating_list_gives_a_digital_table_no_copy(web_app: FastAPI, tmp_path: Path) -> None:
    """The seating list's boards column (a carte uguali round): table 2 plays «1 · 2 (sui
    telefoni)», the paper tables their boards and copy as before."""
    _mixed(web_app)
    state = web_app.state.web.service.state(EVENT)
    text = _pdf_text(seating_pdf(state, 1), tmp_path)
    assert "1 · 2 (sui" in text and "telefoni)" in text  # the cell wraps
    assert text.count("(copia 1)") == 1 and text.count("(copia 2)") == 2
