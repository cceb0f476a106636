"""Fuzzing the JSON API from its OpenAPI schema (schemathesis): a malformed or unexpected
request gets a 4xx with a message, never a 500 (the web issue's security requirement)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, settings

from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

FUZZ_EVENT = "fuzz"


@pytest.fixture
def fuzz_app(web_app: FastAPI, director: tuple[str, str]) -> Iterator[FastAPI]:
    """The app with an event under way (round 1 published, one sheet in) to aim at."""
    svc = web_app.state.web.service
    config = EventConfig(
        name="Fuzz",
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.DRAW, Movement.MITCHELL),
    )
    svc.create_event(FUZZ_EVENT, config)
    for i in range(1, 6):
        svc.register(FUZZ_EVENT, f"Coppia {i}")
    svc.seat(FUZZ_EVENT, 1, publish=True)
    deal = DealScore(LineDeal(300, 120), LineDeal(100, 45))
    svc.enter_sheet(FUZZ_EVENT, 1, 1, SheetEntry((deal, deal)), line="ns")
    yield web_app


@pytest.fixture
def api_schema(fuzz_app: FastAPI) -> Any:
    """The API's OpenAPI schema, served by the app itself (only the /api/ operations)."""
    return schemathesis.openapi.from_asgi("/api/openapi.json", fuzz_app).include(
        path_regex="^/api/"
    )


@pytest.fixture
def bearer(fuzz_app: FastAPI, director: tuple[str, str]) -> dict[str, str]:
    """A director's bearer token header."""
    from arbitro.web import auth

    token = auth.make_session(fuzz_app.state.web.secret, director[0])
    return {"Authorization": f"Bearer {token}"}


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_never_answers_500_to_generated_requests(case: Any, bearer: dict[str, str]) -> None:
    """Every operation, with generated valid and invalid input, as the director: the answer
    is never a server error and matches the documented schema (4xx with a message)."""
    if "event_id" in (case.path_parameters or {}) and hash(str(case.path_parameters)) % 2:
        case.path_parameters["event_id"] = FUZZ_EVENT
    response = case.call(headers=bearer)
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        assert body["error"]["it"] and body["error"]["en"]
    case.validate_response(response)
