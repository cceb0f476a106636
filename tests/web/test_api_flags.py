"""The API's sheets in a carte uguali event (FIBAS art. 20; issue 26): the answers to a sheet
entered or corrected carry the deals its prepared board makes impossible (arts. 3, 19; the
director corrects, art. 21), and a round's sheets show the comparison's VP once every sheet
is in, none before ("awaiting_comparison"), never the table's own VP.

The sheets are those of ``tests/cli/test_boards_plan_checks.py``: board 1 N-S results +250
(table 1), +100 (tables 2, 3, 4), board 2 0 everywhere; table 1's own 250 is 13-7, its 150
against the others' average 12-8; table 4's own +100 is 11-9, its -50 against the field 9-11.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

SHEETS = {
    1: [(200, 150, 0, 100), (0, 100, 0, 100)],
    2: [(0, 100, 0, 100), (100, 100, 0, 100)],
    3: [(100, 100, 0, 100), (0, 100, 0, 100)],
    4: [(0, 100, 0, 100), (100, 100, 0, 100)],
}
IMPOSSIBLE = [(0, 1060, 0, 1060), (0, 20, 200, 40)]  # 2120 card points: more than the deck


def body(deals: list[tuple[int, int, int, int]]) -> dict[str, Any]:
    return {
        "deals": [
            {"ns_base": a, "ns_points": b, "ew_base": c, "ew_points": d} for a, b, c, d in deals
        ]
    }


@pytest.fixture
def api(client: TestClient, director: tuple[str, str], web_app: FastAPI) -> TestClient:
    """A director's API client on a carte uguali event of 8 pairs, round 1 seated."""
    svc = web_app.state.web.service
    svc.create_event(
        "cu",
        EventConfig(
            "Carte uguali",
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
        svc.run("cu", Register(f"Coppia {i}"))
    svc.seat("cu", 1, publish=True)
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    return client


def sheets(api: TestClient, lang: str = "it") -> dict[int, dict[str, Any]]:
    got = api.get(f"/api/events/cu/rounds/1/sheets?lang={lang}")
    assert got.status_code == 200, got.text
    return {row["table"]: row for row in got.json()["sheets"]}


def test_an_impossible_score_is_flagged_in_the_apis_answers_art_20(api: TestClient) -> None:
    """FIBAS arts. 3, 19-20: the answer to the sheet names the deal, the board and what the
    board's cards make impossible; the round's sheets carry it too; a correction (art. 21)
    that makes the sheet possible clears it."""
    entered = api.post("/api/events/cu/rounds/1/tables/1/sheet", json=body(IMPOSSIBLE))
    assert entered.status_code == 200, entered.text
    [flag] = entered.json()["flags"]
    assert (flag["table"], flag["deal"], flag["board"]) == (1, 1, 1)
    assert any("2120" in p for p in flag["problems"])
    listed = sheets(api)
    assert listed[1]["flags"] == [flag]
    assert "superano" in flag["problems"][0]  # the request's language: Italian by default
    english = sheets(api, "en")[1]["flags"][0]["problems"][0]
    assert "exceed" in english
    fine = api.post("/api/events/cu/rounds/1/tables/2/sheet", json=body(SHEETS[2]))
    assert fine.json()["flags"] == []
    corrected = api.post(
        "/api/events/cu/rounds/1/tables/1/correct",
        json={"kind": "sum", "reason": "punti trascritti male", "entry": body(SHEETS[1])},
    )
    assert corrected.status_code == 200, corrected.text
    assert corrected.json()["flags"] == []
    assert sheets(api)[1]["flags"] == []


def test_the_sheets_show_the_comparisons_vp_once_the_round_is_complete_art_20(
    api: TestClient,
) -> None:
    """FIBAS art. 20 (carte uguali): no VP while a compared table's sheet is missing, then
    the comparison's: 12-8 at table 1 (its own sheet alone: 13-7), 9-11 at table 4 (own
    11-9)."""
    for table in (1, 2, 3):
        api.post(f"/api/events/cu/rounds/1/tables/{table}/sheet", json=body(SHEETS[table]))
    waiting = sheets(api)[1]
    assert waiting["ns_total"] == 450 and waiting["ew_total"] == 200
    assert (waiting["ns_vp"], waiting["ew_vp"]) == (None, None)
    assert waiting["awaiting_comparison"] is True
    assert sheets(api)[4]["status"] == "missing"
    api.post("/api/events/cu/rounds/1/tables/4/sheet", json=body(SHEETS[4]))
    done = sheets(api)
    assert (done[1]["ns_vp"], done[1]["ew_vp"], done[1]["awaiting_comparison"]) == (12, 8, False)
    assert (done[4]["ns_vp"], done[4]["ew_vp"]) == (9, 11)
    assert (done[2]["ns_vp"], done[2]["ew_vp"]) == (9, 11)  # as table 4: +100 on board 1
