"""A new game in one folder, at the edges (issue 30): the fake lines game of this folder,
registered by a fixture, is created and seated through the API, its sheets are typed by the
phones of the real web app (both lines sign with their line codes) and by the director
through the API, printed as score sheets, and its standings shown at the desk and to the
public, with no file of arbitro touched."""

from __future__ import annotations

import re
from pathlib import Path

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

from arbitro.codes.registry import CodeSpec
from arbitro.web.tokens import table_path

EVENT = "finta"
# Fake art. 3: base and points per deal. Table 1 by the phones: N-S 300+120, 200+60 (680),
# E-W 100+45, 300+95 (540); table 2 by the API: N-S 680, E-W 500+200, 300+95 (1095).
PHONE_DEALS = (((300, 120), (100, 45)), ((200, 60), (300, 95)))
API_DEALS = [
    {"ns_base": 300, "ns_points": 120, "ew_base": 500, "ew_points": 200},
    {"ns_base": 200, "ns_points": 60, "ew_base": 300, "ew_points": 95},
]


def _form(line: str) -> dict[str, str]:
    """The phone's form of table 1's sheet, sent by ``line``."""
    form = {"round": "1", "line": line}
    for d, (ns, ew) in enumerate(PHONE_DEALS, start=1):
        for side, (base, points) in (("ns", ns), ("ew", ew)):
            form[f"o{d}_{side}_base"] = str(base)
            form[f"o{d}_{side}_points"] = str(points)
    return form


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _api(client: TestClient, director: tuple[str, str]) -> TestClient:
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    assert issued.status_code == 200, issued.text
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    return client


def _codes_in_schema(client: TestClient) -> list[str]:
    schema = client.get("/api/openapi.json").json()
    codes: list[str] = schema["components"]["schemas"]["EventConfigIn"]["properties"]["code"][
        "enum"
    ]
    return codes


def test_the_apis_schema_names_the_codes_registered_now(client: TestClient) -> None:
    """The API's codes are the registry's as it is when the schema is asked: the schema first
    made without the fake code names it once registered, and no more once taken back."""
    from tests.plugins.fake_lines.conftest import _plugin

    assert "fake-lines" not in _codes_in_schema(client)
    with _plugin().fake_lines_registered():
        codes = _codes_in_schema(client)
        assert "fake-lines" in codes and "burraco-fibas" in codes
    assert "fake-lines" not in _codes_in_schema(client)


def test_an_event_of_the_fake_game_at_the_edges(
    fake_lines: CodeSpec,
    client: TestClient,
    director: tuple[str, str],
    director_client: TestClient,
    tmp_path: Path,
) -> None:
    """Create and seat through the API; table 1's sheet by its phones (N-S sends, E-W
    confirms: fake art. 3), table 2's by the director through the API; the printed score
    sheets; publish; the desk's and the public standings (fake art. 4: 140 MP apart → 12-8,
    415 apart → 15-5)."""
    api = _api(client, director)
    created = api.post(
        "/api/events",
        json={
            "event_id": EVENT,
            "name": "Serata finta",
            "code": "fake-lines",
            "rounds": 1,
            "deals": [2],
            "movements": ["draw"],
            "seed": 3,
        },
    )
    assert created.status_code == 201, created.text
    for i in range(1, 5):
        added = api.post(
            f"/api/events/{EVENT}/competitors",
            json={"name": f"Coppia {i}", "players": [f"G{i}a", f"G{i}b"]},
        )
        assert added.status_code == 201, added.text
    seated = api.post(f"/api/events/{EVENT}/rounds/1/seat", json={"publish": True})
    assert seated.status_code == 200, seated.text

    web = client.app.state.web  # type: ignore[attr-defined]
    path = table_path(web.secret, EVENT, 1)
    assert client.post(path, data=signed(client, path, _form("ns"))).status_code == 303
    assert client.post(path, data=signed(client, path, _form("ew"))).status_code == 303

    sheet = api.post(f"/api/events/{EVENT}/rounds/1/tables/2/sheet", json={"deals": API_DEALS})
    assert sheet.status_code == 200 and sheet.json()["status"] == "confirmed", sheet.text
    rows = api.get(f"/api/events/{EVENT}/rounds/1/sheets").json()["sheets"]
    assert [(r["table"], r["status"], r["ns_total"], r["ew_total"]) for r in rows] == [
        (1, "confirmed", 680, 540),
        (2, "confirmed", 680, 1095),
    ]

    pdf = director_client.get(f"/desk/e/{EVENT}/r/1/pdf/score-sheets", params={"lang": "en"})
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    printed = pdf_text(pdf.content, tmp_path)
    assert "Serata finta" in printed and "Coppia 1" in printed

    published = api.post(f"/api/events/{EVENT}/rounds/1/publish-standings")
    assert published.status_code == 200, published.text
    standings = api.get(f"/api/events/{EVENT}/standings").json()
    assert sorted(r["vp"] for r in standings["rows"]) == [5, 8, 12, 15]

    desk = director_client.get(f"/desk/e/{EVENT}/r/1")
    assert desk.status_code == 200
    desk_sheet = _text(director_client.get(f"/desk/e/{EVENT}/r/1/t/1").text)
    assert "680" in desk_sheet and "540" in desk_sheet
    public = _text(client.get(f"/e/{EVENT}/standings").text)
    for i in range(1, 5):
        assert f"Coppia {i}" in public
    assert re.search(r"\b15\b", public) and re.search(r"\b5\b", public)
