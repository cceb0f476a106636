"""The copies of the boards a mixed carte uguali round makes (issue 32, FIBAS art. 7; ruling
digital 20a in docs/rulings.md): a digital table is dealt board k at deal k by the server,
never a paper copy, so a copy that only digital tables would play is not made. The plan's
count of copies (the desk's page, the printed plan, ``arbitro boards show``, ``arbitro
boards print --what plan``) and the board labels count only the copies a paper table plays;
the copies keep the plan's numbers (the plan is not renumbered)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.games.core import SEATS
from arbitro.printouts.boards import paper_copies
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.registering import Register
from arbitro.tournament.boards import board_plan, plan_digital_tables
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

EVENT = "copie-cu"


def _mixed(app: FastAPI) -> None:
    """8 pairs at 4 tables, 2 boards a round: the plan's two copies go to tables 1-2 (copy 1)
    and 3-4 (copy 2); tables 1 and 2 on the phones, so copy 1 would reach no paper table."""
    svc = app.state.web.service
    svc.create_event(
        EVENT,
        EventConfig(
            "Copie ibride",
            EventFormat.PAIRS,
            1,
            (2,),
            (Movement.REGISTRATION_ORDER,),
            seed=5,
            duplicate=True,
            comparison="others",
        ),
    )
    for i in range(1, 9):
        svc.run(EVENT, Register(f"Coppia {i}"))
    rounds = DigitalRounds(svc, random.Random(6))
    rounds.choose(EVENT, 1, "mixed", tables=(1, 2))
    svc.seat(EVENT, 1, publish=True)
    assert rounds.open_round(EVENT, 1, robots=SEATS) == [1, 2]


def _pdf_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "boards.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    )
    return " ".join(done.stdout.split())


def test_a_copy_only_digital_tables_would_play_is_not_counted(
    director_client: TestClient, web_app: FastAPI, tmp_path: Path
) -> None:
    """Before: «2 copie di ogni board» on the desk and the printed plan, and labels for copy
    1, which no paper table plays; now 1 copy (copy 2), and the page says copy 1 is not
    made."""
    _mixed(web_app)
    state = web_app.state.web.service.state(EVENT)
    plan = board_plan(state, 1)
    assert plan.copies == 2 and [a.copy for a in plan.at(1)] == [1, 1]
    digital = plan_digital_tables(state, 1)
    assert digital == {1, 2}
    assert paper_copies(plan, digital) == (2,)

    page = director_client.get(f"/desk/e/{EVENT}/r/1").text
    assert "1 copia di ogni board" in page and "2 copie di ogni board" not in page
    skipped = page.split('id="plan-skipped">')[1].split("</span>")[0]
    assert "La copia 1 andrebbe solo a tavoli digitali" in skipped
    assert "Le copie da preparare: 2." in skipped

    plan_pdf = director_client.get(f"/desk/e/{EVENT}/r/1/boards/board-plan.pdf")
    assert plan_pdf.status_code == 200
    text = _pdf_text(plan_pdf.content, tmp_path)
    assert "1 copia di ogni board" in text and "2 copie" not in text
    assert "La copia 1 andrebbe solo a tavoli digitali" in text

    labels = director_client.get(f"/desk/e/{EVENT}/r/1/boards/board-labels.pdf")
    assert labels.status_code == 200
    text = _pdf_text(labels.content, tmp_path)
    # one label per board (2 boards) of copy 2 only, by the plan's own number
    assert text.count("Copia 2 (copie 2)") == 2 and "Copia 1" not in text


def test_every_copy_counted_when_each_reaches_a_paper_table(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """A digital table in a group that has a paper table too: that copy is still made (the
    paper table plays it), the count unchanged and no sentence on copies not made."""
    svc = web_app.state.web.service
    svc.create_event(
        "una",
        EventConfig(
            "Una digitale",
            EventFormat.PAIRS,
            1,
            (2,),
            (Movement.REGISTRATION_ORDER,),
            seed=5,
            duplicate=True,
            comparison="others",
        ),
    )
    for i in range(1, 9):
        svc.run("una", Register(f"Coppia {i}"))
    DigitalRounds(svc, random.Random(6)).choose("una", 1, "mixed", tables=(2,))
    svc.seat("una", 1, publish=True)
    state = svc.state("una")
    assert paper_copies(board_plan(state, 1), plan_digital_tables(state, 1)) == (1, 2)
    page = director_client.get("/desk/e/una/r/1").text
    assert "2 copie di ogni board" in page and 'id="plan-skipped"' not in page


def test_the_terminal_counts_the_copies_made(
    web_app: FastAPI, database_file: Path, tmp_path: Path
) -> None:
    """``arbitro boards show`` (Italian and English) and ``arbitro boards print --what
    labels``: the same count as the desk's."""
    _mixed(web_app)
    arbitro = str(Path(sys.executable).with_name("arbitro"))
    base = {**os.environ, "ARBITRO_DATABASE_URL": f"sqlite:///{database_file}"}

    def run(lang: str, *args: str) -> str:
        done = subprocess.run(
            [arbitro, *args],
            env={**base, "ARBITRO_LANG": lang},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    italian = run("it", "boards", "show", EVENT, "1")
    assert re.search(r"Turno 1: 4 tavoli, 2 board, 1 copia$", italian.splitlines()[0])
    assert "La copia 1 andrebbe solo a tavoli digitali" in italian
    english = run("en", "boards", "show", EVENT, "1")
    assert english.splitlines()[0].endswith("1 copy")
    assert "Copy 1 would go only to digital tables: it is not made." in english

    labels = tmp_path / "labels.pdf"
    run("it", "boards", "print", EVENT, "1", "--what", "etichette", "-o", str(labels))
    text = _pdf_text(labels.read_bytes(), tmp_path)
    assert text.count("Copia 2 (copie 2)") == 2 and "Copia 1" not in text
