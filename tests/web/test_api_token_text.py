"""``POST /api/token`` with a user name no director can have (a control character): a 422
naming the field, as every other name the API reads (issue 29's rule of text,
:mod:`arbitro.text_rules`), never a 500 from the database (PostgreSQL refuses a NUL in a text;
found by ``test_api_fuzz.py`` on PostgreSQL, issue 30)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from arbitro.web.app import create_app


@pytest.fixture
def token_client(database_url: str) -> Iterator[TestClient]:
    """A client of the app on SQLite and on PostgreSQL (``database_url``'s two parameters)."""
    app = create_app(database_url)
    try:
        with TestClient(app) as client:
            yield client
    finally:
        app.state.web.store.close()


@pytest.mark.parametrize(("username", "code"), [("\x00", "U+0000"), ("dir\x1b", "U+001B")])
def test_a_login_name_no_text_can_hold_is_refused_422(
    token_client: TestClient, username: str, code: str
) -> None:
    """The refusal names the field and the character, in the request's language."""
    body = json.dumps({"username": username, "password": "segreto"})
    answer = token_client.post(
        "/api/token?lang=en", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422, answer.text
    message = answer.json()["error"]["message"]
    assert "username" in message
    assert code in message


def test_a_wrong_login_is_still_401(token_client: TestClient) -> None:
    """A name that is text but no director's: 401, as before."""
    answer = token_client.post("/api/token", json={"username": "nessuno", "password": "segreto"})
    assert answer.status_code == 401
