"""Sessions of an event on the web (FIBAS art. 2 "Sessione": "Insieme dei turni di gara
giocati consecutivamente"): the desk's new-event form and the API take the first round of
each session; the public page of a session ranks its rounds only, with a selector of the
sessions, in Italian and English; the API gives a session's standings."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.tournament.test_session_standings import two_sessions
from tests.web.test_desk import new_event_form, post, text_of, txt

from arbitro.tournament.standings.standings import session_standings, standings


@pytest.fixture
def api_client(client: TestClient, director: tuple[str, str]) -> TestClient:
    """A client carrying a director's bearer token."""
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    return client


def test_the_desk_form_takes_the_sessions(director_client: TestClient, web_app: FastAPI) -> None:
    """``1, 3`` in the form gives sessions starting at rounds 1 and 3; a session starting
    after the last round, or not at round 1, is refused next to its field."""
    form = new_event_form(name="Campionato", rounds=4, sessions="1, 3")
    for i in (3, 4):
        form[f"deals_{i}"], form[f"movement_{i}"] = "2", "mitchell"
    done = post(director_client, "/desk/new", form)
    assert done.status_code == 303, txt(done)
    state = web_app.state.web.service.state("campionato")
    assert state.config.session_starts == (1, 3)
    page = txt(director_client.get("/desk/e/campionato"))
    assert 'href="/e/campionato/sessions/2"' in page
    for bad in ("1, 5", "2", "1, x"):
        refused = post(director_client, "/desk/new", {**form, "name": "Altro", "sessions": bad})
        assert refused.status_code == 400, bad
        assert "sessione" in text_of(txt(refused)) or "sessioni" in text_of(txt(refused))


def test_the_api_takes_and_returns_the_sessions(api_client: Any) -> None:
    """``session_starts`` given at creation is in the event's configuration; a bad one is a
    4xx with the reason."""
    body = {
        "event_id": "camp",
        "name": "Campionato",
        "rounds": 4,
        "deals": [2, 2, 2, 2],
        "movements": ["draw", "mitchell", "mitchell", "mitchell"],
        "session_starts": [1, 3],
    }
    made = api_client.post("/api/events", json=body)
    assert made.status_code == 201, made.text
    assert made.json()["config"]["session_starts"] == [1, 3]
    assert api_client.get("/api/events/camp").json()["config"]["session_starts"] == [1, 3]
    bad = api_client.post("/api/events", json={**body, "event_id": "b", "session_starts": [2]})
    assert 400 <= bad.status_code < 500


def test_the_public_page_of_a_session(web_app: FastAPI, client: TestClient) -> None:
    """Session 2's page ranks rounds 3-4 only (VP as the domain's session standings), links
    to session 1 and to the overall standings; the event's public page lists the sessions;
    English on request; the API gives the same rows with ``?session=2``."""
    web = web_app.state.web
    two_sessions(web.store)
    state = web.service.state("camp")
    page = txt(client.get("/e/camp/sessions/2"))
    assert "Classifica della sessione 2: turni 3-4 (FIBAS art. 2)" in page
    assert 'href="/e/camp/sessions/1"' in page and 'href="/e/camp/standings"' in page
    shown = re.findall(r'<td class="name">([^<]+)</td><td class="num big">(\d+)</td>', page)
    expected = [(r.name, str(r.vp)) for r in session_standings(state, 2)]
    assert shown == expected
    assert [vp for _, vp in shown] != [str(r.vp) for r in standings(state, 4)]
    index = txt(client.get("/e/camp"))
    assert "Classifiche per sessione (FIBAS art. 2)" in index
    assert 'href="/e/camp/sessions/2"' in index
    en = txt(client.get("/e/camp/sessions/1?lang=en"))
    assert "Standings of session 1: rounds 1-2 (FIBAS art. 2)" in en and "Sessione" not in en
    assert client.get("/e/camp/sessions/3").status_code == 400


def test_the_api_gives_a_sessions_standings(web_app: FastAPI, api_client: Any) -> None:
    """``GET /api/events/camp/standings?session=1`` ranks rounds 1-2 only."""
    web = web_app.state.web
    two_sessions(web.store)
    state = web.service.state("camp")
    got = api_client.get("/api/events/camp/standings?session=1&after_round=4").json()
    assert got["session"] == 1 and got["published"]
    assert [(r["competitor"], r["vp"]) for r in got["rows"]] == [
        (r.competitor, r.vp) for r in session_standings(state, 1, 4)
    ]
