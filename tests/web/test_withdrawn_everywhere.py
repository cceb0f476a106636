"""Who is ranked, everywhere the standings are shown (issue 26 C): two pairs absent at the
check-in and withdrawn before round 1 (FIBAS art. 36-37) appear neither on the public
standings, the hall projector, the desk, the API, the standings PDF, the results export,
nor in the terminal's standings; the verbale counts the pairs that played; a pair withdrawn
after round 1 keeps its row, marked with the round from which it no longer plays (art. 36:
"restano confermati i risultati conseguiti")."""

from __future__ import annotations

import io
import json
import random
import zipfile
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.printouts.pdfcheck import pdf_text
from tests.web.test_public import visible_text
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.demo import random_deal
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.app import Web

EVENT = "assenti"
ABSENT = ("Assenti / Uno", "Assenti / Due")


def _evening(web: Web) -> None:
    """Six pairs registered, four at the check-in, the two absent withdrawn (art. 36); round
    1 played and its standings published; pair 3 withdraws after round 1."""
    svc = web.service
    svc.create_event(
        EVENT,
        EventConfig(
            "Serata con assenti",
            EventFormat.PAIRS,
            2,
            (2, 2),
            (Movement.DRAW, Movement.DANISH),
            seed=5,
        ),
    )
    for name in ("Rossi / Bianchi", "Verdi / Neri", "Gialli / Blu", "Viola / Rosa", *ABSENT):
        svc.run(EVENT, Register(name))
    svc.run(EVENT, values.CheckIn([1, 2, 3, 4]))
    svc.run(EVENT, values.WithdrawAbsent())
    seating = svc.seat(EVENT, 1, publish=True).round(1).seating
    assert seating is not None
    rng = random.Random(3)
    for t in seating.tables:
        svc.enter_sheet(EVENT, 1, t.table, SheetEntry((random_deal(rng), random_deal(rng))))
    svc.run(EVENT, values.PublishStandings(1))
    svc.run(EVENT, values.Withdraw(3, "left after round 1"))


def _no_absent(text: str) -> None:
    for name in ABSENT:
        assert name not in text, name


def test_art36_the_absent_are_ranked_nowhere_and_the_later_withdrawal_is_marked(
    web_app: FastAPI, director_client: TestClient, database_file: Path, tmp_path: Path
) -> None:
    web: Web = web_app.state.web
    _evening(web)
    client = director_client
    for url in (f"/e/{EVENT}/standings", f"/e/{EVENT}/standings/live", f"/e/{EVENT}/hall?page=2"):
        page = client.get(url)
        assert page.status_code == 200, url
        text = visible_text(page.text)
        _no_absent(text)
        assert "Rossi / Bianchi" in text, url
        assert "Gialli / Blu ritirato dal turno 2" in text, url
    desk = visible_text(client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "Gialli / Blu (3) ritirato dal turno 2" in desk
    api = client.get(f"/api/events/{EVENT}/standings").json()
    assert sorted(r["competitor"] for r in api["rows"]) == [1, 2, 3, 4]

    pdf = client.get(f"/desk/e/{EVENT}/r/1/pdf/standings")
    text = pdf_text(pdf.content, tmp_path, "standings")
    _no_absent(text)
    assert "Gialli / Blu (ritirato" in text and "dal turno 2)" in text  # the cell wraps

    verbale = client.get(f"/desk/e/{EVENT}/results/verbale")
    text = " ".join(pdf_text(verbale.content, tmp_path, "verbale").split())
    assert "Partecipanti 4" in text
    assert "ritirati prima di giocare" in text and "5 Assenti / Uno" in text
    standings_part = text.split("Classifica dopo il turno 1", 1)[1]
    assert "Gialli / Blu (ritirato dal turno 2)" in standings_part
    _no_absent(standings_part.split("Sanzioni", 1)[0])

    results = json.loads(client.get(f"/desk/e/{EVENT}/results/json").content)
    assert [r["competitor"] for r in results["standings"][0]["rows"]] != []
    assert 5 not in {r["competitor"] for r in results["standings"][0]["rows"]}
    site = visible_text(client.get(f"/e/{EVENT}/results/").text)
    assert "4 concorrenti" in site and "6 concorrenti" not in site
    archive = zipfile.ZipFile(io.BytesIO(client.get(f"/desk/e/{EVENT}/results/csv").content))
    standings_csv = next(n for n in archive.namelist() if "standings" in n)
    _no_absent(archive.read(standings_csv).decode("utf-8"))

    out = CliRunner().invoke(app, ["--db", f"sqlite:///{database_file}", "standings", EVENT])
    assert out.exit_code == 0, out.output
    _no_absent(out.output)
    assert "Gialli /… (ritirato dal turno 2)" in out.output  # the name is cut, not the round
