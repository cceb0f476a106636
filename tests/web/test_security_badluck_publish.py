"""Bad luck, two directors (issue 29, "Bad luck"): A looks at round 1's seating (and prints
its table cards), B seats the round again, A presses "Publish". What is published must be the
seating A saw (FIBAS art. 21 b: once posted, the round starts with the posted seating; art. 4:
the tables are assigned by the arbiter), so A's publish carries the version A saw and is
refused, with the tables that changed, when another seating stands now."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.services.events import EventService
from arbitro.store import users
from arbitro.tournament.seating_changes import seating_changes

B_NAME, B_PASSWORD = "vicedirettore", "segreto-del-vice-123"


def _form(page: str, action_end: str) -> tuple[str, dict[str, str]]:
    """The page's form posting to ``…action_end``: its action and hidden fields."""
    found = re.search(
        rf'<form method="post" action="([^"]*{re.escape(action_end)})"[^>]*>.*?</form>', page, re.S
    )
    assert found is not None, page[:500]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', found[0]))
    return found[1], fields


@pytest.fixture
def second_director(web_app: FastAPI) -> Iterator[TestClient]:
    """Director B, logged in from another browser (its own session and CSRF token)."""
    from arbitro.web import auth, csrf

    users.add_user(web_app.state.web.store, B_NAME, B_PASSWORD)
    with TestClient(web_app, follow_redirects=False) as c:
        assert (
            c.post("/login", data={"username": B_NAME, "password": B_PASSWORD}).status_code == 303
        )
        session = auth.read_session(web_app.state.web.secret, c.cookies.get(auth.SESSION_COOKIE))
        assert session is not None
        c.headers[csrf.CSRF_HEADER] = csrf.token_for(web_app.state.web.secret, session.nonce)
        yield c


def _seated(web_app: FastAPI, make_event: Any) -> tuple[str, EventService]:
    event = make_event("doppio", pairs=16, seat=False)
    service: EventService = web_app.state.web.service
    service.seat(event, 1, seed=1)
    return event, service


def test_a_publish_of_a_seating_changed_since_it_was_seen_is_refused_with_the_tables(
    web_app: FastAPI, director_client: TestClient, second_director: TestClient, make_event: Any
) -> None:
    """FIBAS art. 21 b: A's publish, sent after B seated the round again, is refused (409)
    with every table that differs, in Italian and in English; nothing is published. A, on the
    page shown again (B's seating), publishes that one."""
    event, service = _seated(web_app, make_event)
    seen_by_a = service.state_at(event, service.state(event).round(1).version)
    page_a = director_client.get(f"/desk/e/{event}/r/1").text
    publish, fields = _form(page_a, "/publish-seating")
    assert fields["seen"] == str(service.state(event).round(1).version)

    page_b = second_director.get(f"/desk/e/{event}/r/1").text
    seat, seat_fields = _form(page_b, "/seat")
    again = second_director.post(seat, data={**seat_fields, "movement": "draw", "seed": "2"})
    assert again.status_code == 303, again.text[-500:]
    changes = seating_changes(seen_by_a, service.state(event), 1)
    assert len(changes) >= 6  # a new draw of 8 tables: (nearly) every table differs

    refused = director_client.post(publish, data=fields)
    assert refused.status_code == 409
    text = re.sub(r"\s+", " ", refused.text)
    assert "la posizione ai tavoli del turno 1 è cambiata dopo che l&#39;avete guardata" in text
    for c in changes:
        assert f"Tavolo {c.table}: {c.now}, era {c.was}" in text
    assert service.state(event).round(1).seating_published_at is None

    director_client.cookies.set("lang", "en")
    english = director_client.post(publish, data=fields)
    assert english.status_code == 409
    text = re.sub(r"\s+", " ", english.text)
    assert "round 1&#39;s seating changed after you looked at it" in text
    assert f"Table {changes[0].table}: {changes[0].now}, was {changes[0].was}" in text
    assert service.state(event).round(1).seating_published_at is None

    publish_again, fresh = _form(re.sub(r"\s+", " ", english.text), "/publish-seating")
    assert fresh["seen"] == str(service.state(event).round(1).version)
    done = director_client.post(publish_again, data=fresh)
    assert done.status_code == 303
    state = service.state(event)
    assert state.round(1).seating_published_at is not None
    assert seating_changes(service.state_at(event, int(fresh["seen"])), state, 1) == []


def test_a_publish_of_the_seating_seen_is_done(
    web_app: FastAPI, director_client: TestClient, make_event: Any
) -> None:
    """Nobody changed it: A's publish with the version A saw publishes it (art. 21 b)."""
    event, service = _seated(web_app, make_event)
    publish, fields = _form(director_client.get(f"/desk/e/{event}/r/1").text, "/publish-seating")
    assert director_client.post(publish, data=fields).status_code == 303
    assert service.state(event).round(1).seating_published_at is not None


def test_the_api_publish_carries_the_version_and_is_refused_with_the_changes(
    web_app: FastAPI, director_client: TestClient, make_event: Any
) -> None:
    """The API: the seating's ``version`` read, B seats again, the publish with ``seen`` is a
    409 naming each changed table (``changes``); with the new version it is done."""
    event, service = _seated(web_app, make_event)
    seen = director_client.post(f"/api/events/{event}/rounds/1/seat", json={"seed": 1}).json()
    version = seen["version"]  # what director A's program read
    reseated = director_client.post(f"/api/events/{event}/rounds/1/seat", json={"seed": 3})
    assert reseated.status_code == 200  # director B's new draw
    url = f"/api/events/{event}/rounds/1/publish-seating"
    refused = director_client.post(url, json={"seen": version})
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert error["key"] == "seating.changed"
    before = service.state_at(event, version)
    expected = seating_changes(before, service.state(event), 1)
    assert error["changes"] == [c.to_json() for c in expected] and expected
    assert service.state(event).round(1).seating_published_at is None
    done = director_client.post(url, json={"seen": reseated.json()["version"]})
    assert done.status_code == 200, done.text
    assert service.state(event).round(1).seating_published_at is not None


def test_a_seating_drawn_again_the_same_is_published(
    web_app: FastAPI, director_client: TestClient, make_event: Any
) -> None:
    """Seated again with the same draw (the same tables): nothing A saw changed, A's publish
    is done (the cards A printed are right)."""
    event, service = _seated(web_app, make_event)
    version = service.state(event).round(1).version
    service.seat(event, 1, seed=1)
    assert service.state(event).round(1).version != version
    url = f"/api/events/{event}/rounds/1/publish-seating"
    assert director_client.post(url, json={"seen": version}).status_code == 200
    assert service.state(event).round(1).seating_published_at is not None
