"""The JSON API: an evening run through it (create, register, seat and publish, sheets,
confirmation, correction, penalties, standings; FIBAS art. 4, 19-21, 36-41), its reading
endpoints, and its refusals as 4xx JSON ``{"error": {"message", "msgid", "key", "article"}}``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.tournament.records import AbandonScore

DEAL = {"ns_base": 300, "ns_points": 120, "ew_base": 100, "ew_points": 45}
SWAPPED = {"ns_base": 100, "ns_points": 45, "ew_base": 300, "ew_points": 120}


@pytest.fixture
def api(client: TestClient, director: tuple[str, str]) -> TestClient:
    """A client carrying a director's bearer token from ``POST /api/token``."""
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    assert issued.status_code == 200
    body = issued.json()
    assert body["token_type"] == "bearer" and body["expires_in"] == 24 * 3600
    client.headers["Authorization"] = f"Bearer {body['access_token']}"
    return client


def create(api: TestClient, event_id: str = "serata", pairs: int = 8) -> None:
    response = api.post(
        "/api/events",
        json={
            "event_id": event_id,
            "name": "Serata API",
            "format": "pairs",
            "rounds": 2,
            "deals": [2, 2],
            "movements": ["draw", "mitchell"],
            "seed": 3,
        },
    )
    assert response.status_code == 201, response.text
    for i in range(1, pairs + 1):
        done = api.post(f"/api/events/{event_id}/competitors", json={"name": f"Coppia {i}"})
        assert done.status_code == 201 and done.json() == {"competitor": i}


def test_an_evening_through_the_api_art4_art19_art21_art39(
    api: TestClient, web_app: FastAPI, clock: Any
) -> None:
    """Create, register, seat (review, then publish), enter every sheet, confirm, correct,
    publish the standings, and read them provisional then final (art. 39)."""
    create(api)
    seated = api.post("/api/events/serata/rounds/1/seat", json={"seed": 1})
    assert seated.status_code == 200 and seated.json()["published"] is False
    assert len(seated.json()["tables"]) == 4
    # The public seating shows nothing until it is published.
    assert api.get("/api/events/serata/rounds/1/seating").json()["tables"] == []
    assert api.post("/api/events/serata/rounds/1/publish-seating").json() == {"ok": True}
    seating = api.get("/api/events/serata/rounds/1/seating").json()
    assert seating["published"] and [t["table"] for t in seating["tables"]] == [1, 2, 3, 4]

    sheet = {"deals": [DEAL, DEAL]}
    for table in (1, 2, 3, 4):
        entered = api.post(f"/api/events/serata/rounds/1/tables/{table}/sheet", json=sheet)
        assert entered.json() == {"table": table, "status": "confirmed", "flags": []}
    corrected = api.post(
        "/api/events/serata/rounds/1/tables/2/correct",
        json={"kind": "inverted", "reason": "linee scambiate", "table_agrees": True},
    )
    assert corrected.status_code == 200, corrected.text
    sheets = api.get("/api/events/serata/rounds/1/sheets").json()
    assert sheets["missing"] == []
    by_table = {s["table"]: s for s in sheets["sheets"]}
    assert by_table[1]["ns_total"] == 840 and by_table[1]["ns_vp"] + by_table[1]["ew_vp"] == 20
    assert by_table[2]["ns_total"] == by_table[1]["ew_total"]

    assert api.post("/api/events/serata/rounds/1/publish-standings").json() == {"ok": True}
    standings = api.get("/api/events/serata/standings").json()
    assert standings["after_round"] == 1 and standings["published"] and not standings["final"]
    assert len(standings["rows"]) == 8 and standings["rows"][0]["rank"] == 1
    clock.advance(minutes=16)
    assert api.get("/api/events/serata/standings?after_round=1").json()["final"] is True
    event = api.get("/api/events/serata").json()
    assert event["rounds"][0]["standings_final"] and event["current_round"] == 1
    assert [e["event_id"] for e in api.get("/api/events").json()] == ["serata"]


def test_pending_sheet_confirmed_by_the_director_art20(api: TestClient, web_app: FastAPI) -> None:
    """A sheet submitted by one line is pending until the director confirms it."""
    create(api)
    api.post("/api/events/serata/rounds/1/seat", json={"publish": True})
    svc = web_app.state.web.service
    from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

    deal = DealScore(LineDeal(300, 120), LineDeal(100, 45))
    svc.enter_sheet("serata", 1, 1, SheetEntry((deal, deal)), line="ns")
    status = api.get("/api/events/serata/rounds/1/sheets").json()["sheets"][0]["status"]
    assert status == "pending"
    confirmed = api.post("/api/events/serata/rounds/1/tables/1/confirm")
    assert confirmed.json() == {"table": 1, "status": "confirmed", "flags": []}


def test_penalties_through_the_api_art36_37_40_41(api: TestClient, web_app: FastAPI) -> None:
    """Lateness (art. 37), warning (art. 41), abandon (art. 36), arbitral score (art. 40)."""
    create(api)
    api.post("/api/events/serata/rounds/1/seat", json={"publish": True})
    base = "/api/events/serata/rounds/1"
    assert api.post(f"{base}/lateness", json={"competitor": 1, "seconds": 400}).status_code == 200
    assert api.post(f"{base}/warnings", json={"competitor": 2, "reason": "x"}).status_code == 200
    body = {"competitor": 3, "justified": False, "reason": "se ne va"}
    assert api.post(f"{base}/abandons", json=body).status_code == 200
    body = {"competitor": 4, "mp": 0, "vp": 10, "reason": "carte"}
    assert api.post(f"{base}/arbitral-scores", json=body).status_code == 200
    state = web_app.state.web.service.state("serata")
    assert state.lateness[(1, 1)] == 400 and state.abandons[(1, 3)] is False
    assert [e.kind for e in state.ledger] == ["lateness", "warning", "abandon", "arbitral-score"]
    assert all(e.actor == "direttore" for e in state.ledger)


def english(api: TestClient, method: str, url: str, **kw: Any) -> Any:
    """A request answered in English (``?lang=en``), the language cookie dropped after."""
    response = api.request(method, url, params={"lang": "en"}, **kw)
    api.cookies.delete("lang")
    return response


def test_refusals_are_4xx_json_in_the_users_language_with_the_article(api: TestClient) -> None:
    """Domain refusals are 400/404/409 with ``{"error": {"message", "msgid", "key",
    "article"}}`` in the request's language; malformed bodies are 422 with a message."""
    create(api)
    missing = api.get("/api/events/nessuna")
    assert missing.status_code == 404
    assert missing.json() == {
        "error": {
            "message": "gara «nessuna» inesistente",
            "msgid": "no event «{event_id}»",
            "key": None,
            "article": None,
        }
    }
    assert english(api, "GET", "/api/events/nessuna").json()["error"]["message"] == (
        "no event «nessuna»"
    )
    twice = english(api, "POST", "/api/events/serata/competitors", json={"name": "Coppia 1"})
    assert (
        twice.status_code == 409
        and twice.json()["error"]["message"] == "«Coppia 1» is already registered"
    )
    api.post("/api/events/serata/rounds/1/seat", json={"publish": True})
    bad = {"deals": [DEAL, {**DEAL, "ew_points": 47}]}
    refused = english(api, "POST", "/api/events/serata/rounds/1/tables/1/sheet", json=bad)
    assert refused.status_code == 400
    assert refused.json()["error"]["article"]["article"] == "3, 19"
    assert "deal 2" in refused.json()["error"]["message"]
    malformed = english(
        api, "POST", "/api/events/serata/rounds/1/tables/1/sheet", json={"deals": "tre"}
    )
    assert malformed.status_code == 422
    assert "deals" in malformed.json()["error"]["message"]
    broken = api.post(
        "/api/events/serata/competitors",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert broken.status_code in (400, 422) and broken.json()["error"]["message"]
    late = api.post("/api/events/serata/rounds/1/seat", json={})
    assert late.status_code == 409 and late.json()["error"]["article"]["article"] == "21"
    wrong_password = english(
        api, "POST", "/api/token", json={"username": "direttore", "password": "no"}
    )
    assert wrong_password.status_code == 401
    assert wrong_password.json()["error"]["message"] == "wrong user name or password"
    assert wrong_password.headers["www-authenticate"] == "Bearer"


def test_openapi_documents_the_api_and_its_bearer_authentication(client: TestClient) -> None:
    """The OpenAPI schema lists the read and write endpoints, with typed models and the
    bearer security scheme on the write endpoints."""
    schema = client.get("/api/openapi.json").json()
    paths = schema["paths"]
    for path in (
        "/api/events",
        "/api/events/{event_id}",
        "/api/events/{event_id}/rounds/{round_number}/seating",
        "/api/events/{event_id}/rounds/{round_number}/sheets",
        "/api/events/{event_id}/standings",
        "/api/events/{event_id}/rounds/{round_number}/tables/{table}/correct",
        "/api/token",
    ):
        assert path in paths, path
    assert "HTTPBearer" in schema["components"]["securitySchemes"]
    write = paths["/api/events/{event_id}/competitors"]["post"]
    assert write["security"] == [{"HTTPBearer": []}]
    assert "ErrorOut" in schema["components"]["schemas"]
    assert not any(p.startswith("/desk") for p in paths)


def test_export_and_import_through_the_api(api: TestClient) -> None:
    """The event file exported by the API imports as a new event with the same content."""
    create(api)
    exported = api.get("/api/events/serata/export")
    assert exported.status_code == 200 and exported.json()["format"] == "arbitro-event-file"
    imported = api.post("/api/events/import?event_id=copia", json=exported.json())
    assert imported.status_code == 201 and imported.json()["event_id"] == "copia"
    # The file's records, then the record of the import itself.
    assert imported.json()["records"] == len(exported.json()["records"]) + 1
    assert len(api.get("/api/events/copia").json()["competitors"]) == 8
    junk = api.post("/api/events/import", json={"format": "altro"})
    assert junk.status_code == 400 and junk.json()["error"]["message"]


def test_pending_and_conflicting_sheets_are_the_directors_until_published_art20_39(
    api: TestClient, web_app: FastAPI
) -> None:
    """Issue 13 §9: before the round's standings are published, a pending or conflicting
    sheet is the director's to settle (FIBAS art. 20), not the public's: anyone else is
    answered 401; once published (art. 39) the sheets in force are public."""
    create(api)
    api.post("/api/events/serata/rounds/1/seat", json={"publish": True})
    svc = web_app.state.web.service
    from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

    deal = DealScore(LineDeal(300, 120), LineDeal(100, 45))
    svc.enter_sheet("serata", 1, 1, SheetEntry((deal, deal)), line="ns")
    anyone = TestClient(web_app)
    hidden = anyone.get("/api/events/serata/rounds/1/sheets")
    assert hidden.status_code == 401
    assert hidden.json()["error"]["message"] == (
        "gli score del turno 1 si vedono quando la sua classifica è pubblicata"
    )
    assert api.get("/api/events/serata/rounds/1/sheets").json()["sheets"][0]["status"] == (
        "pending"
    )
    for table in (1, 2, 3, 4):
        api.post(f"/api/events/serata/rounds/1/tables/{table}/sheet", json={"deals": [DEAL, DEAL]})
    api.post("/api/events/serata/rounds/1/tables/1/confirm")
    assert api.post("/api/events/serata/rounds/1/publish-standings").json() == {"ok": True}
    shown = anyone.get("/api/events/serata/rounds/1/sheets")
    assert shown.status_code == 200 and len(shown.json()["sheets"]) == 4


def test_parole_art13_4_the_api_records_the_arbiters_choice_of_score(
    api: TestClient, web_app: FastAPI
) -> None:
    """Parole art. 13.4: the arbiter chooses the leaving side's score; FIBAS art. 36 fixes it
    (a choice sent for a FIBAS event is refused, citing the article)."""
    done = api.post(
        "/api/events",
        json={
            "event_id": "parole",
            "name": "Parole API",
            "code": "burraco-parole-uisp",
            "rounds": 2,
            "deals": [3, 3],
            "movements": ["draw", "mitchell"],
        },
    )
    assert done.status_code == 201, done.text
    for i in range(1, 5):
        api.post("/api/events/parole/competitors", json={"name": f"Coppia {i}"})
    api.post("/api/events/parole/rounds/1/seat", json={"publish": True})
    body = {"competitor": 1, "justified": True, "reason": "malore", "score": "score_so_far"}
    assert api.post("/api/events/parole/rounds/1/abandons", json=body).status_code == 200
    state = web_app.state.web.service.state("parole")
    assert state.abandon_scores == {(1, 1): AbandonScore.SCORE_SO_FAR}
    create(api)
    api.post("/api/events/serata/rounds/1/seat", json={"publish": True})
    body = {"competitor": 1, "justified": True, "reason": "malore", "score": "zero"}
    refused = api.post("/api/events/serata/rounds/1/abandons", json=body)
    assert refused.status_code == 409 or refused.status_code == 422 or refused.status_code == 400
    assert "art. 36" in refused.text
    body = {"competitor": 1, "justified": True, "reason": "malore", "score": "half"}
    assert api.post("/api/events/parole/rounds/1/abandons", json=body).status_code == 422
