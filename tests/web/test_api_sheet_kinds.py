"""The API's sheet is read by the event's kind of sheet (issue 30): a Scala 40 table's sheet
of negative points (art. 22) goes in through the same endpoint as a Burraco one (FIBAS
art. 19), in its recorded JSON form; the sheets' listing shows each player's total; a sheet
of the other kind is 422."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_api import api as api  # the director's client (a fixture)
from tests.web.test_scala40_web import ROWS, scala_event, seat_order, web_of

DEAL = {"ns_base": 300, "ns_points": 120, "ew_base": 100, "ew_points": 45}


def test_a_scala40_sheet_through_the_api_art22(api: TestClient, web_app: FastAPI) -> None:
    """Art. 22's sample (totals 20, 60, 150, 300) entered by the director; the listing shows
    the players in the sheet's order and their negative points."""
    event = scala_event(web_of(web_app))
    order = seat_order(web_of(web_app), 1)
    url = f"/api/events/{event}/rounds/1/tables/1/sheet"
    wrong = api.post(url, json={"deals": [DEAL] * 5})
    assert wrong.status_code == 422 and wrong.json()["error"]["message"]
    sheet = {"players": list(order), "points": [list(r) for r in ROWS], "abandoned": None}
    entered = api.post(url, json=sheet)
    assert entered.status_code == 200 and entered.json()["status"] == "confirmed"
    rows = api.get(f"/api/events/{event}/rounds/1/sheets").json()["sheets"]
    first = next(r for r in rows if r["table"] == 1)
    assert first["players"] == list(order) and first["player_totals"] == [20, 60, 150, 300]
    assert first["ns_total"] is None and first["ns_vp"] is None
