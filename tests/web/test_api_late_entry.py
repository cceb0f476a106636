"""Admitting a latecomer through the JSON API (issue 34; docs/rulings.md "Late entries"):
``POST /api/events/{id}/late-entries`` takes what ``arbitro register --from-round N --missed
... [--vp V --mp M] [--unranked]`` takes. FIBAS art. 37 refuses a plain registration after
round 1; the director admits the pair from a later round, its missed rounds scored with the
rest score of art. 37, an arbitral score (art. 40) or nothing, ranked or not; where the code
fixes the score (Scala 40 art. 26: 3 V.P. and 80 M.P.) that score and no other."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_api import DEAL

from arbitro.tournament.scoring.results import ScoreSource, memo_scores


@pytest.fixture
def api(client: TestClient, director: tuple[str, str]) -> TestClient:
    """A client carrying a director's bearer token."""
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    return client


def _round_1_played(api: TestClient, event_id: str = "ritardi") -> None:
    """Four pairs play round 1 (2 deals, drawn) and its standings are published."""
    created = api.post(
        "/api/events",
        json={
            "event_id": event_id,
            "name": "Serata con ritardi",
            "rounds": 3,
            "deals": [2, 2, 2],
            "movements": ["draw", "danish", "danish"],
            "seed": 5,
        },
    )
    assert created.status_code == 201, created.text
    for i in range(1, 5):
        assert api.post(f"/api/events/{event_id}/competitors", json={"name": f"Coppia {i}"})
    base = f"/api/events/{event_id}/rounds/1"
    assert api.post(f"{base}/seat", json={"publish": True}).status_code == 200
    for table in (1, 2):
        entered = api.post(f"{base}/tables/{table}/sheet", json={"deals": [DEAL, DEAL]})
        assert entered.status_code == 200, entered.text
    assert api.post(f"{base}/publish-standings").json() == {"ok": True}


def test_art37_a_latecomer_is_admitted_with_the_rest_score_or_out_of_the_ranking(
    api: TestClient, web_app: FastAPI
) -> None:
    """After round 1 a plain registration is refused citing FIBAS art. 37; the late entry
    with ``missed: rest`` scores round 1's rest score (2 deals: 305 M.P., 14 V.P.), the one
    ``unranked`` with an arbitral 12 V.P. and 100 M.P. is listed last; round 2 seats both."""
    _round_1_played(api)
    plain = api.post("/api/events/ritardi/competitors", json={"name": "Ferri / Marini"})
    assert plain.status_code in (400, 409) and plain.json()["error"]["article"]["article"] == "37"

    rest = api.post(
        "/api/events/ritardi/late-entries",
        json={
            "name": "Ferri / Marini",
            "players": ["Ferri", "Marini"],
            "from_round": 2,
            "missed": "rest",
        },
    )
    assert rest.status_code == 201, rest.text
    assert rest.json() == {"competitor": 5}
    body = {
        "name": "Russo / Costa",
        "from_round": 2,
        "missed": "arbitral",
        "vp": 12,
        "mp": 100,
        "unranked": True,
    }
    out = api.post("/api/events/ritardi/late-entries", json=body)
    assert out.status_code == 201 and out.json() == {"competitor": 6}

    state = web_app.state.web.service.state("ritardi")
    late = {
        n: (c.joined_round, c.missed, c.missed_vp, c.missed_mp, c.ranked)
        for n, c in state.competitors.items()
        if n > 4
    }
    assert late == {5: (2, "rest", 0, 0, True), 6: (2, "arbitral", 12, 100, False)}
    assert state.competitors[5].players == ("Ferri", "Marini")
    missed = memo_scores(state, 1, 1)
    assert (missed[5].mp, missed[5].vp, missed[5].source) == (305, 14, ScoreSource.REST)
    assert (missed[6].mp, missed[6].vp, missed[6].source) == (100, 12, ScoreSource.ARBITRAL)

    rows = api.get("/api/events/ritardi/standings").json()["rows"]
    assert [(r["competitor"], r["joined_from"], r["unranked"]) for r in rows][-1] == (6, 2, True)
    assert next(r for r in rows if r["competitor"] == 5)["joined_from"] == 2
    seated = api.post("/api/events/ritardi/rounds/2/seat", json={}).json()
    assert {5, 6} <= {c for t in seated["tables"] for side in ("ns", "ew") for c in t[side] or ()}


def test_refusals_name_what_is_wrong_with_the_article(api: TestClient) -> None:
    """Without a choice for the missed rounds the FIBAS code cannot score them (400, art. 37,
    in Italian); a round already played or beyond the event, a score not of the three, an
    arbitral score above the code's 20 V.P. are refused; without a director, 401."""
    _round_1_played(api)
    url = "/api/events/ritardi/late-entries"
    unchosen = api.post(url, json={"name": "X", "from_round": 2})
    assert unchosen.status_code == 400
    error = unchosen.json()["error"]
    assert error["article"]["article"] == "37" and "riposo" in error["message"]
    assert api.post(url, json={"name": "X", "from_round": 1, "missed": "none"}).status_code == 422
    assert (
        api.post(url, json={"name": "X", "from_round": 2, "missed": "forfait"}).status_code == 422
    )
    beyond = api.post(url, json={"name": "X", "from_round": 4, "missed": "none"})
    assert beyond.status_code == 400 and "tra il 2 e il 3" in beyond.json()["error"]["message"]
    too_much = api.post(url, json={"name": "X", "from_round": 2, "missed": "arbitral", "vp": 21})
    assert too_much.status_code == 400 and "20" in too_much.json()["error"]["message"]
    api.headers.pop("Authorization")
    assert api.post(url, json={"name": "X", "from_round": 2, "missed": "none"}).status_code == 401


def test_scala40_art26_the_codes_own_score_stands(api: TestClient, web_app: FastAPI) -> None:
    """Scala 40 art. 26 fixes the missed round's score (3 V.P., 80 M.P.): ``missed`` left out
    takes it; any other choice is refused."""
    created = api.post(
        "/api/events",
        json={
            "event_id": "s40",
            "name": "Scala 40",
            "code": "scala40",
            "format": "individual",
            "rounds": 2,
            "deals": [3, 3],
            "movements": ["draw", "draw"],
        },
    )
    assert created.status_code == 201, created.text
    for i in range(1, 9):
        api.post("/api/events/s40/competitors", json={"name": f"Giocatore {i}"})
    assert api.post("/api/events/s40/rounds/1/seat", json={"publish": True}).status_code == 200
    refused = api.post(
        "/api/events/s40/late-entries", json={"name": "Tardi", "from_round": 2, "missed": "rest"}
    )
    assert refused.status_code == 400 and "26" in refused.json()["error"]["article"]["article"]
    admitted = api.post("/api/events/s40/late-entries", json={"name": "Tardi", "from_round": 2})
    assert admitted.status_code == 201, admitted.text
    number = admitted.json()["competitor"]
    score = memo_scores(web_app.state.web.service.state("s40"), 1, 1)[number]
    assert (score.vp, score.mp) == (3, 80)


def test_the_openapi_schema_documents_the_late_entry(client: TestClient) -> None:
    """The endpoint is in the OpenAPI schema, for a director (bearer), with its body."""
    schema: dict[str, Any] = client.get("/api/openapi.json").json()
    post = schema["paths"]["/api/events/{event_id}/late-entries"]["post"]
    assert post["security"] == [{"HTTPBearer": []}]
    body = schema["components"]["schemas"]["LateEntryIn"]
    assert set(body["properties"]) == {
        "name",
        "players",
        "from_round",
        "missed",
        "vp",
        "mp",
        "unranked",
    }
    assert body["required"] == ["name", "from_round"]
