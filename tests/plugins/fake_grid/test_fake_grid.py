"""A game with a new kind of sheet in one folder (issue 30): the fake grid game of this folder
(its code, its kind of sheet of each line's total per deal, that kind's own templates) is
registered by a fixture and runs an event through every edge, with no file of arbitro
touched: created and seated at the API, table 1's sheet typed on its phones (the page is the
kind's own template), table 2's at the terminal, table 3's through the API, table 4's at the
desk (the kind's own inputs), the printed score sheets, the standings at the terminal, the
desk and the public page."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.printouts.pdfcheck import pdf_text
from tests.web.conftest import (  # the web tests' fixtures, used here by name
    _clean_web_environment as _clean_web_environment,
)
from tests.web.conftest import _fast_password_hashing as _fast_password_hashing
from tests.web.conftest import client as client
from tests.web.conftest import clock as clock
from tests.web.conftest import database_file as database_file
from tests.web.conftest import director as director
from tests.web.conftest import director_client as director_client
from tests.web.conftest import web_app as web_app
from tests.web.lines import signed
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.codes.registry import CodeSpec
from arbitro.tournament import commands
from arbitro.web.tokens import table_path

EVENT = "griglia"
runner = CliRunner()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _phone_form(line: str) -> dict[str, str]:
    """Table 1's sheet as its phones type it: N-S 120 + 30 = 150, E-W 80 + 200 = 280."""
    return {
        "round": "1",
        "line": line,
        "o1_ns_total": "120",
        "o1_ew_total": "80",
        "o2_ns_total": "30",
        "o2_ew_total": "200",
    }


def _cli(database_file: Path, *args: str) -> str:
    result = runner.invoke(app, ["--lang", "en", "--db", f"sqlite:///{database_file}", *args])
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def test_an_event_of_the_fake_grid_game_at_every_edge(
    fake_grid: CodeSpec,
    web_app: FastAPI,
    client: TestClient,
    director: tuple[str, str],
    director_client: TestClient,
    database_file: Path,
    tmp_path: Path,
) -> None:
    """Eight pairs at four tables; the kind's VP: the higher total 2, the lower 0."""
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    api = client
    api.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    config = {"event_id": EVENT, "name": "Griglia", "code": "fake-grid", "rounds": 1}
    created = api.post("/api/events", json={**config, "deals": [2], "movements": ["draw"]})
    assert created.status_code == 201, created.text
    for i in range(1, 9):
        body = {"name": f"Coppia {i}", "players": [f"G{i}a", f"G{i}b"]}
        assert api.post(f"/api/events/{EVENT}/competitors", json=body).status_code == 201
    seated = api.post(f"/api/events/{EVENT}/rounds/1/seat", json={"publish": True})
    assert seated.status_code == 200, seated.text

    # Table 1: the phones, on the kind's own page (its inputs, its totals' fragment).
    web = web_app.state.web
    path = table_path(web.secret, EVENT, 1)
    page = client.get(path, params={"line": "ns"})
    assert page.status_code == 200
    inputs = re.findall(r'<input type="number"[^>]*name="(o\d_\w+)"', page.text)
    assert inputs == ["o1_ns_total", "o1_ew_total", "o2_ns_total", "o2_ew_total"]
    preview = client.post(f"{path}/preview", data=_phone_form("ns")).text
    assert re.search(r'id="total-ns">150<', preview) and re.search(r'id="total-ew">280<', preview)
    assert client.post(path, data=signed(client, path, _phone_form("ns"))).status_code == 303
    with TestClient(web_app, follow_redirects=False) as other_phone:  # E-W's own phone
        sent = other_phone.post(path, data=signed(web, path, _phone_form("ew")))
        assert sent.status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "confirmed"

    # Table 2: the terminal, on the same database. Table 3: the API.
    entered = _cli(database_file, "sheet", EVENT, "1", "2", "-d", "300,100", "-d", "50,50")
    assert "350" in entered and "150" in entered
    sheet = {"totals": [[10, 40], [20, 40]]}
    answer = api.post(f"/api/events/{EVENT}/rounds/1/tables/3/sheet", json=sheet)
    assert answer.status_code == 200 and answer.json()["status"] == "confirmed", answer.text
    # Table 4: the desk's form, the kind's own inputs (its desk.html).
    page = director_client.get(f"/desk/e/{EVENT}/r/1/t/4").text
    names = re.findall(r'<input name="(e_\w+)"', page)
    assert names == ["e_d1_ns_total", "e_d1_ew_total", "e_d2_ns_total", "e_d2_ew_total"]
    typed = dict(zip(names, ("60", "20", "70", "10"), strict=True))
    desk_url = f"/desk/e/{EVENT}/r/1/t/4/enter"
    recorded = director_client.post(desk_url, data={"csrf": director_client.csrf, **typed})
    assert recorded.status_code == 303, recorded.text
    rows = api.get(f"/api/events/{EVENT}/rounds/1/sheets").json()["sheets"]
    figures = [(r["table"], r["status"], r["ns_total"], r["ew_total"]) for r in rows]
    assert figures == [
        (1, "confirmed", 150, 280),
        (2, "confirmed", 350, 150),
        (3, "confirmed", 30, 80),
        (4, "confirmed", 130, 30),
    ]

    # The printed sheets: the kind's grid, a row per deal, every table's lines.
    pdf = director_client.get(f"/desk/e/{EVENT}/r/1/pdf/score-sheets", params={"lang": "en"})
    assert pdf.status_code == 200
    printed = pdf_text(pdf.content, tmp_path)
    assert printed.count("round 1, table") == 4 and "Deal" in printed
    assert all(f"Coppia {i}" in printed for i in range(1, 9))

    # The standings: the terminal's, the desk's, the public page once published.
    assert api.post(f"/api/events/{EVENT}/rounds/1/publish-standings").status_code == 200
    standings = json.loads(_cli(database_file, "standings", EVENT, "--json"))
    assert sorted(r["vp"] for r in standings["rows"]) == [0, 0, 0, 0, 2, 2, 2, 2]
    desk_sheet = _text(director_client.get(f"/desk/e/{EVENT}/r/1/t/1").text)
    assert "150" in desk_sheet and "280" in desk_sheet
    assert director_client.get(f"/desk/e/{EVENT}/r/1").status_code == 200
    public = _text(client.get(f"/e/{EVENT}/standings").text)
    assert all(f"Coppia {i}" in public for i in range(1, 9))
