"""The web's one error mapping (arbitro.web.errors): on a page a refusal is an HTML page in
the user's language, never JSON; under /api it is ``{"error": ...}`` JSON with the status of
the error (404 not found, 409 conflict, 400 others); unknown pages, wrong methods and crashes
are pages too."""

from __future__ import annotations

import html
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient


def is_page(response: Any) -> bool:
    return str(response.headers["content-type"]).startswith("text/html")


def test_unknown_page_is_an_html_page_in_the_users_language(client: TestClient) -> None:
    """404 of a page: the public error page, Italian first, English via ``?lang=en``."""
    missing = client.get("/nessuna/pagina")
    assert missing.status_code == 404 and is_page(missing)
    assert "pagina non trovata" in missing.text
    english = client.get("/nessuna/pagina", params={"lang": "en"})
    assert english.status_code == 404 and "page not found" in english.text


def test_wrong_method_on_a_page_is_a_page(client: TestClient, make_event: Any) -> None:
    """405 of a public page is a page, not ``{"detail": ...}``."""
    event = make_event("serata")
    refused = client.post(f"/e/{event}/seating")
    assert refused.status_code == 405 and is_page(refused)
    assert "metodo non consentito" in refused.text


def test_desk_refusal_is_the_desk_error_page(director_client: TestClient) -> None:
    """A domain refusal no form catches (an unknown event) is the desk's error page."""
    refused = director_client.get("/desk/e/nessuna")
    assert refused.status_code == 404 and is_page(refused)
    text = html.unescape(refused.text)
    assert "gara «nessuna» inesistente" in text and "Richiesta rifiutata" in text
    unknown_action = director_client.post(
        "/desk/e/nessuna/r/1/t/1/boh",
        data={"csrf": director_client.csrf},
    )
    assert unknown_action.status_code == 404 and is_page(unknown_action)


def test_api_refusals_are_json(client: TestClient, director_client: TestClient) -> None:
    """Under /api an unknown event, an unknown path and a wrong method are JSON errors (a
    stranger's write is refused 401 before anything else: issue 29)."""
    missing = client.get("/api/events/nessuna")
    assert missing.status_code == 404
    assert missing.json()["error"]["msgid"] == "no event «{event_id}»"
    nowhere = client.get("/api/nessuna")
    assert nowhere.status_code == 404 and nowhere.json()["error"]["message"] == (
        "pagina non trovata"
    )
    wrong = director_client.delete("/api/events")
    assert wrong.status_code == 405 and "error" in wrong.json()
    stranger = client.delete("/api/events")
    assert stranger.status_code == 401 and "error" in stranger.json()


def test_a_crash_is_a_page_and_api_json(
    web_app: FastAPI, make_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected failure is a 500 page saying to try again on the pages and 500 JSON on the
    API (issue 13 §9: never a bare "Internal Server Error")."""
    event = make_event("serata")

    def broken(event_id: str) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(web_app.state.web.service, "state", broken)
    with TestClient(web_app, raise_server_exceptions=False) as c:
        page = c.get(f"/e/{event}")
        assert page.status_code == 500 and is_page(page)
        assert "riprovare" in page.text and "disk on fire" not in page.text
        api = c.get(f"/api/events/{event}")
        assert api.status_code == 500 and api.json()["error"]["msgid"].startswith("Something")
