"""The event's results out to the world from the desk (issue 17): the open results format
(JSON, valid by the validator), its CSV files, the static site in a zip, and the arbiter's
verbale di gara (PDF, with the arbiter and place the director types; FIBAS art. 39's
complaints, art. 40 rulings and the sanctions are in it)."""

from __future__ import annotations

import html
import io
import json
import random
import subprocess
import zipfile
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_public import EVENT, NAMES, app_web, make_event, play_round

from arbitro.services.results import validate


def _played(web_app: FastAPI) -> None:
    web = app_web(web_app)
    make_event(web, rounds=2)
    rng = random.Random(4)
    play_round(web, 1, rng)
    play_round(web, 2, rng)


def test_results_file_and_csv_from_the_desk(director_client: TestClient, web_app: FastAPI) -> None:
    _played(web_app)
    page = director_client.get(f"/desk/e/{EVENT}")
    assert f'action="/desk/e/{EVENT}/results/verbale"' in page.text
    got = director_client.get(f"/desk/e/{EVENT}/results/json")
    assert got.status_code == 200 and got.headers["content-type"] == "application/json"
    model, problems = validate(json.loads(got.text))
    assert problems == [] and model is not None
    assert {c.name for c in model.competitors} == set(NAMES)
    csv = director_client.get(f"/desk/e/{EVENT}/results/csv")
    names = zipfile.ZipFile(io.BytesIO(csv.content)).namelist()
    assert sorted(names) == ["rounds.csv", "standings.csv"]
    assert director_client.get(f"/desk/e/{EVENT}/results/nope").status_code == 404
    bad_date = director_client.get(f"/desk/e/{EVENT}/results/json", params={"on": "27/11"})
    assert bad_date.status_code == 400
    assert "data «27/11»: scrivere GG/MM/AAAA" in html.unescape(bad_date.text)


def test_the_site_zip_holds_every_page_and_its_style(
    director_client: TestClient, web_app: FastAPI
) -> None:
    _played(web_app)
    got = director_client.get(f"/desk/e/{EVENT}/results/site")
    files = set(zipfile.ZipFile(io.BytesIO(got.content)).namelist())
    assert f"{EVENT}/index.html" in files and f"{EVENT}/static/export.css" in files
    assert {f"{EVENT}/competitor-{n}.html" for n in range(1, len(NAMES) + 1)} <= files
    assert {f"{EVENT}/standings-1.html", f"{EVENT}/standings-2.html"} <= files


def test_the_verbale_names_the_arbiter_and_place(
    director_client: TestClient, web_app: FastAPI, tmp_path: Path
) -> None:
    _played(web_app)
    got = director_client.get(
        f"/desk/e/{EVENT}/results/verbale",
        # the date the Italian way, printed the Italian way (issue 28)
        params={"arbiter": "Giulia Arbitri", "place": "Circolo Aurora, Pisa", "on": "04/12/2026"},
    )
    assert got.status_code == 200 and got.content.startswith(b"%PDF")
    pdf = tmp_path / "verbale.pdf"
    pdf.write_bytes(got.content)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Giulia Arbitri" in text and "Circolo Aurora, Pisa" in text
    assert "Luogo e data: Circolo Aurora, Pisa, 04/12/2026" in text
    assert "Verbale di gara" in text or "VERBALE DI GARA" in text.upper()
    assert NAMES[0].split(" / ")[0] in text
