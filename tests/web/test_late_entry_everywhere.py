"""A late entry's mark everywhere the standings are shown (issue 34, docs/rulings.md "Late
entries" 4): as a withdrawn row says «ritirato dal turno N» (FIBAS art. 36), a pair admitted
from round 2 says «iscritto dal turno 2» on the public standings, the hall projector, the
desk, the API, the standings PDF, the verbale, the results file and its web pages; one
admitted out of the ranking, «iscritto dal turno 2, fuori classifica», listed last."""

from __future__ import annotations

import json
import random
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.printouts.pdfcheck import pdf_text
from tests.web.test_public import visible_text

from arbitro.services.demo import random_deal
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import LateEntry
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.app import Web

EVENT = "ritardi"


def _evening(web: Web) -> None:
    """Four pairs play round 1 and its standings are published; «Ferri / Marini» is admitted
    from round 2 with the rest score (art. 37), «Russo / Costa» with nothing, unranked."""
    svc = web.service
    svc.create_event(
        EVENT,
        EventConfig(
            "Serata con ritardi",
            EventFormat.PAIRS,
            3,
            (2, 2, 2),
            (Movement.DRAW, Movement.DANISH, Movement.DANISH),
            seed=5,
        ),
    )
    for name in ("Rossi / Bianchi", "Verdi / Neri", "Gialli / Blu", "Viola / Rosa"):
        svc.run(EVENT, Register(name))
    seating = svc.seat(EVENT, 1, publish=True).round(1).seating
    assert seating is not None
    rng = random.Random(3)
    for t in seating.tables:
        svc.enter_sheet(EVENT, 1, t.table, SheetEntry((random_deal(rng), random_deal(rng))))
    svc.run(EVENT, values.PublishStandings(1))
    svc.run(EVENT, Register("Ferri / Marini", late=LateEntry(2, "rest")))
    svc.run(EVENT, Register("Russo / Costa", late=LateEntry(2, "none", ranked=False)))


def test_the_late_entries_are_marked_everywhere(
    web_app: FastAPI, director_client: TestClient, tmp_path: Path
) -> None:
    web: Web = web_app.state.web
    _evening(web)
    client = director_client
    for url in (f"/e/{EVENT}/standings", f"/e/{EVENT}/standings/live", f"/e/{EVENT}/hall?page=2"):
        page = client.get(url)
        assert page.status_code == 200, url
        text = visible_text(page.text)
        assert "Ferri / Marini iscritto dal turno 2" in text, url
        assert "Russo / Costa iscritto dal turno 2, fuori classifica" in text, url
    api = client.get(f"/api/events/{EVENT}/standings").json()
    assert [(r["name"], r["joined_from"], r["unranked"]) for r in api["rows"]][-1] == (
        "Russo / Costa",
        2,
        True,
    )
    desk = visible_text(client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "Ferri / Marini (5) iscritto dal turno 2" in desk

    pdf = client.get(f"/desk/e/{EVENT}/r/1/pdf/standings")
    text = " ".join(pdf_text(pdf.content, tmp_path, "standings").split())
    assert "Ferri / Marini (iscritto dal turno 2)" in text

    verbale = client.get(f"/desk/e/{EVENT}/results/verbale")
    text = " ".join(pdf_text(verbale.content, tmp_path, "verbale").split())
    standings_part = text.split("Classifica dopo il turno 1", 1)[1]
    assert "Ferri / Marini (iscritto dal turno 2)" in standings_part
    # the cell wraps: its second line is read after the row's numbers
    assert "Russo / Costa (iscritto dal turno 2, fuori 6 6 0 0 classifica)" in standings_part

    results = json.loads(client.get(f"/desk/e/{EVENT}/results/json").content)
    rows = results["standings"][0]["rows"]
    assert rows[-1]["name"] == "Russo / Costa" and rows[-1]["unranked"] is True
    ferri = next(r for r in rows if r["name"] == "Ferri / Marini")
    assert (ferri["joined_from"], ferri["vp"], ferri["mp"]) == (2, 14, 305)
    assert {c["number"]: c["joined_round"] for c in results["competitors"]}[5] == 2
    site = visible_text(client.get(f"/e/{EVENT}/results/standings-1.html").text)
    assert "iscritto dal turno 2, fuori classifica" in site
    # last: the language chosen sticks to the client
    english = visible_text(client.get(f"/e/{EVENT}/standings?lang=en").text)
    assert "Russo / Costa joined from round 2, not ranked" in english
