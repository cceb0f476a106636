"""The API's seating chooses a round's digital tables (issue 32), as ``arbitro seat
--digital/--online`` and the desk do: ``POST /api/events/{e}/rounds/{n}/seat`` with
``digital`` ("all", "none", "1-3, 8") and ``online`` (the competitors playing online); the
seating answered names its digital tables, opened once the seating is published (FIBAS art.
4, 21: a seating not published may still be drawn again)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.errors import ArbitroError
from arbitro.services.digital_tables import DigitalTables


@pytest.fixture
def api(client: TestClient, director: tuple[str, str]) -> TestClient:
    """A client carrying a director's bearer token."""
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    return client


def _create(api: TestClient, event_id: str) -> None:
    done = api.post(
        "/api/events",
        json={
            "event_id": event_id,
            "name": "Ibrida",
            "format": "pairs",
            "rounds": 2,
            "deals": [2, 2],
            "movements": ["draw", "mitchell"],
        },
    )
    assert done.status_code == 201, done.text
    for i in range(1, 9):
        assert api.post(
            f"/api/events/{event_id}/competitors", json={"name": f"Coppia {i}"}
        ).is_success


def _opened(web_app: FastAPI, event_id: str, round_number: int, table: int) -> bool:
    try:
        DigitalTables(web_app.state.web.service).table(event_id, round_number, table)
    except ArbitroError:
        return False
    return True


def test_the_api_seats_a_mixed_round_and_opens_its_digital_tables(
    api: TestClient, web_app: FastAPI
) -> None:
    """Tables 1 and 3 digital, 2 and 4 on paper; the choice is answered with the seating
    and the digital tables open when it is published, not before."""
    _create(api, "ibrida")
    seated = api.post("/api/events/ibrida/rounds/1/seat", json={"seed": 1, "digital": "1, 3"})
    assert seated.status_code == 200, seated.text
    assert seated.json()["digital_tables"] == [1, 3]
    assert not _opened(web_app, "ibrida", 1, 1)  # not published: may be drawn again
    assert api.post("/api/events/ibrida/rounds/1/publish-seating").json() == {"ok": True}
    assert [_opened(web_app, "ibrida", 1, t) for t in (1, 2, 3, 4)] == [True, False, True, False]
    public = api.get("/api/events/ibrida/rounds/1/seating").json()
    assert public["digital_tables"] == [1, 3]


def test_the_api_seats_the_competitors_online_at_digital_tables(
    api: TestClient, web_app: FastAPI
) -> None:
    """``online``: the tables where the competitors named sit are digital; published at
    once, they open at once."""
    _create(api, "online")
    seated = api.post(
        "/api/events/online/rounds/1/seat", json={"seed": 2, "online": [5], "publish": True}
    ).json()
    table = next(t["table"] for t in seated["tables"] if 5 in t["ns"] + t["ew"])
    assert seated["digital_tables"] == [table]
    assert _opened(web_app, "online", 1, table)


def test_the_api_seats_every_table_digital_then_a_round_on_paper(api: TestClient) -> None:
    """ "all" and "none"; a choice it cannot read is refused with the reason (4xx JSON)."""
    _create(api, "tutti")
    every = api.post("/api/events/tutti/rounds/1/seat", json={"seed": 1, "digital": "all"})
    assert every.json()["digital_tables"] == [1, 2, 3, 4]
    paper = api.post("/api/events/tutti/rounds/1/seat", json={"seed": 1, "digital": "none"})
    assert paper.json()["digital_tables"] == []
    wrong: Any = api.post("/api/events/tutti/rounds/1/seat", json={"digital": "tre"})
    assert 400 <= wrong.status_code < 500 and "tre" in wrong.json()["error"]["message"]
    assert api.post("/api/events/tutti/rounds/1/seat", json={"online": [0]}).status_code == 422
