"""Who sits at a table and the arbiter's seating hint come from the kind of sheet (issue 30),
never from a branch on ``individual_tables``: a phone's page includes its kind's
``seated.html`` (the fake grid's own here; the two lines' for Burraco, the players in seat
order for Scala 40, art. 2), and the arbiter's seating form its kind's ``seating_hint.html``
(the fake grid has none: the two lines' hint, FIBAS art. 4)."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
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

from arbitro.codes.registry import CodeSpec
from arbitro.web.tokens import table_path

LINES_HINT = "Place each competitor at a table and line"
PLAYERS_HINT = "Place each player at a table"


def _api(client: TestClient, director: tuple[str, str]) -> TestClient:
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    return client


def _event(
    api: TestClient, event: str, code: str, competitors: int, deals: int, fmt: str = "pairs"
) -> None:
    config = {"event_id": event, "name": event, "code": code, "rounds": 1, "format": fmt}
    made = api.post("/api/events", json={**config, "deals": [deals], "movements": ["draw"]})
    assert made.status_code == 201, made.text
    players = 1 if fmt == "individual" else 2
    for i in range(1, competitors + 1):
        body = {"name": f"C{i}", "players": [f"P{i}{x}" for x in "ab"[:players]]}
        assert api.post(f"/api/events/{event}/competitors", json=body).status_code == 201


def _seated(api: TestClient, web_app: FastAPI, event: str) -> str:
    """Table 1's phone page once round 1 is seated and published."""
    seated = api.post(f"/api/events/{event}/rounds/1/seat", json={"publish": True})
    assert seated.status_code == 200, seated.text
    path = table_path(web_app.state.web.secret, event, 1)
    with TestClient(web_app, follow_redirects=False) as phone:  # a phone of its own
        page = phone.get(path, params={"lang": "en"})
    assert page.status_code == 200, page.text
    text: str = page.text
    return text


def _hint(director_client: TestClient, event: str) -> str:
    page = director_client.get(f"/desk/e/{event}/r/1/arbiter-seating", params={"lang": "en"})
    assert page.status_code == 200
    found = re.search(
        r'<section class="card" id="arbiter-seating">\s*<p class="hint">([^<]*)', page.text
    )
    assert found is not None
    return found.group(1)


def test_the_kinds_own_seated_layout_and_the_lines_hint_for_a_kind_without_one(
    fake_grid: CodeSpec,
    web_app: FastAPI,
    client: TestClient,
    director: tuple[str, str],
    director_client: TestClient,
) -> None:
    """The fake grid's phone page shows its own ``seated.html``; its arbiter's form the two
    lines' hint (it gives none)."""
    api = _api(client, director)
    _event(api, "griglia", "fake-grid", 4, 2)
    assert _hint(director_client, "griglia").startswith(LINES_HINT)
    page = _seated(api, web_app, "griglia")
    assert '<ul class="t-grid-seated">' in page and 'class="t-lines"' not in page


def test_the_built_in_kinds_give_their_own_layout_and_hint(
    web_app: FastAPI,
    client: TestClient,
    director: tuple[str, str],
    director_client: TestClient,
) -> None:
    """Burraco's two lines (FIBAS art. 4, 20) and Scala 40's players in seat order (art. 2,
    23), each from its kind's folder."""
    api = _api(client, director)
    _event(api, "fibas", "burraco-fibas", 4, 2)
    _event(api, "scala", "scala40", 8, 5, "individual")
    assert _hint(director_client, "fibas").startswith(LINES_HINT)
    assert _hint(director_client, "scala").startswith(PLAYERS_HINT)
    lines = _seated(api, web_app, "fibas")
    assert '<dl class="t-lines">' in lines and "t-players" not in lines
    players = _seated(api, web_app, "scala")
    assert '<ol class="t-players">' in players and "t-lines" not in players
    assert len(re.findall(r'<li(?: class="me")?><span class="seat">\d</span>', players)) == 4
