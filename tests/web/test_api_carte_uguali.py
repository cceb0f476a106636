"""The API's creation of a carte uguali event (FIBAS art. 20): ``carte_uguali`` makes a
duplicate event compared with the others; ``comparison`` "field" is the alternative; teams
are refused."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient


@pytest.fixture
def api(client: TestClient, director: tuple[str, str]) -> TestClient:
    issued = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {issued.json()['access_token']}"
    return client


def body(event_id: str, **extra: Any) -> dict[str, Any]:
    return {
        "event_id": event_id,
        "name": "Carte uguali",
        "format": "pairs",
        "rounds": 2,
        "deals": [2, 1],
        "movements": ["draw", "mitchell"],
        **extra,
    }


def test_carte_uguali_through_the_api(api: TestClient) -> None:
    """Art. 20: the option sets duplicate and the comparison; one-deal rounds allowed (art. 7)."""
    made = api.post("/api/events", json=body("cu", carte_uguali=True))
    assert made.status_code == 201, made.text
    config = made.json()["config"]
    assert config["duplicate"] is True and config["comparison"] == "others"
    field = api.post("/api/events", json=body("cf", carte_uguali=True, comparison="field"))
    assert field.status_code == 201 and field.json()["config"]["comparison"] == "field"
    plain = api.post("/api/events", json=body("pl", deals=[2, 2]))
    assert plain.status_code == 201 and plain.json()["config"]["comparison"] is None
    teams = api.post("/api/events", json=body("tm", format="teams", carte_uguali=True))
    assert teams.status_code == 422 or teams.status_code == 400
