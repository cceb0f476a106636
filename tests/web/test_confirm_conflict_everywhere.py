"""Confirming a sheet in conflict is refused by the domain (FIBAS art. 20: the lines sent
different numbers; no version is in force until the director settles it, art. 21), so the
desk and the API refuse it as the terminal does, each saying what settles it: the desk names
its button «Risolvi il conflitto», the API the correction (its key ``confirm.conflict``).
Before, only the terminal refused: the desk's form and the API recorded a confirmation that
left the table «in conflitto»."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_api import api, create  # noqa: F401 (the api fixture)
from tests.web.test_desk import DEAL, post, service, text_of, txt

from arbitro.errors import ArbitroError
from arbitro.tournament.commands import CONFIRM_CONFLICT, values
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

MISREAD = DealScore(LineDeal(300, 45), LineDeal(100, 45))  # N-S points 45, not 120


def _conflict(svc: Any, event: str, table: int) -> int:
    """N-S's phone sends DEAL, DEAL; E-O's DEAL, MISREAD (art. 20): the records so far."""
    svc.enter_sheet(event, 1, table, SheetEntry((DEAL, DEAL)), actor="ns", line="ns")
    svc.enter_sheet(event, 1, table, SheetEntry((DEAL, MISREAD)), actor="ew", line="ew")
    return int(svc.store.last_seq(event))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "lo score del tavolo 3 è in conflitto: confermarlo non lo risolve"),
        ("en", "table 3's sheet is in conflict: confirming does not settle it"),
    ],
)
def test_fibas_art20_the_service_refuses_to_confirm_a_conflict(
    web_app: FastAPI, make_event: Any, lang: str, said: str
) -> None:
    """The service (any edge) refuses ``ConfirmSheet`` of a sheet in conflict, keyed
    ``confirm.conflict``, saying what settles it; nothing is recorded, the sheet stays in
    conflict."""
    event: str = make_event("serata", pairs=8)
    svc = service(web_app)
    before = _conflict(svc, event, 3)
    with pytest.raises(ArbitroError) as refused:
        svc.run(event, values.ConfirmSheet(1, 3))
    assert refused.value.key == CONFIRM_CONFLICT
    text = refused.value.message(lang)
    assert said in text and "(FIBAS art. 20)" in text
    assert ("correzione del conflitto" if lang == "it" else "correction of the conflict") in text
    assert svc.store.last_seq(event) == before
    assert svc.state(event).round(1).sheets[3].conflicts


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "scriverli in «Risolvi il conflitto» in questa pagina, con il motivo"),
        ("en", "type them in «Settle the conflict» on this page, with the reason"),
    ],
)
def test_fibas_art20_the_desk_refuses_and_names_its_button(
    director_client: TestClient, web_app: FastAPI, make_event: Any, lang: str, said: str
) -> None:
    """The desk's confirm (a page opened before the second line sent, or a form sent twice)
    on a sheet in conflict: refused on the sheet's page, naming the page's button that
    settles it (art. 21); nothing recorded."""
    event: str = make_event("serata", pairs=8)
    svc = service(web_app)
    before = _conflict(svc, event, 3)
    url = f"/desk/e/{event}/r/1/t/3"
    refused = post(director_client, f"{url}/confirm?lang={lang}", {})
    assert refused.status_code in (400, 409, 422), refused.status_code
    page = text_of(txt(refused))
    assert said in page, page
    assert svc.store.last_seq(event) == before


def test_fibas_art20_the_api_refuses_with_the_key(
    api: TestClient,  # noqa: F811
    web_app: FastAPI,
) -> None:
    """``POST .../tables/1/confirm`` on a sheet in conflict: refused with the key
    ``confirm.conflict`` and the message; the sheet stays in conflict."""
    create(api)
    api.post("/api/events/serata/rounds/1/seat", json={"publish": True})
    svc = web_app.state.web.service
    before = _conflict(svc, "serata", 1)
    refused = api.post("/api/events/serata/rounds/1/tables/1/confirm?lang=en")
    assert refused.status_code >= 400, refused.text
    body = refused.json()
    assert "confirm.conflict" in refused.text, body
    assert "table 1's sheet is in conflict: confirming does not settle it" in refused.text
    assert svc.store.last_seq("serata") == before
    status = api.get("/api/events/serata/rounds/1/sheets").json()["sheets"][0]["status"]
    assert status == "conflict"
