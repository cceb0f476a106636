"""The API answers a request that contradicts what is recorded with 409 Conflict, as it does a
seating published twice or edited after a correction changed the standings: confirming a
sheet in conflict (FIBAS art. 20, key ``confirm.conflict``) and publishing a draft seating a
pair withdrawn (art. 36) or expelled (art. 40) since it was drawn (key ``publish.seats_gone``)
answered 400 Bad Request (found by a client telling «your request is malformed» from «the
event has moved on»: the request was well formed, the event's state refused it)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_api import api, create  # noqa: F401 (the api fixture)

from arbitro.tournament.commands import values
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

DEAL = DealScore(LineDeal(300, 120), LineDeal(100, 45))
MISREAD = DealScore(LineDeal(300, 45), LineDeal(100, 45))

CONFIRM_SAID = {
    "it": "lo score del tavolo 1 è in conflitto: confermarlo non lo risolve",
    "en": "table 1's sheet is in conflict: confirming does not settle it",
}
GONE_SAID = {
    "it": "fa sedere 3 Coppia 3, che non gioca più nel turno (ritirato, espulso o per abbandono)",
    "en": "seats 3 Coppia 3, who no longer plays in it (withdrawn, expelled or abandoned)",
}


def _refused(answer: Any, key: str, said: str, article: str) -> None:
    """A 409 whose body is the error in the request's language, with its key and article."""
    assert answer.status_code == 409, answer.text
    error = answer.json()["error"]
    assert error["key"] == key, error
    assert said in error["message"], error
    assert error["article"] == {"code": "burraco-fibas", "article": article}, error


@pytest.mark.parametrize("lang", ["it", "en"])
def test_fibas_art20_confirming_a_sheet_in_conflict_is_409(
    api: TestClient,  # noqa: F811
    web_app: FastAPI,
    lang: str,
) -> None:
    """Table 1's lines sent different numbers (art. 20): ``POST .../tables/1/confirm`` is
    409 with the key ``confirm.conflict`` and the message in the request's language, as a
    seating published twice is 409; nothing recorded."""
    create(api)
    assert api.post("/api/events/serata/rounds/1/seat", json={"publish": True}).is_success
    again = api.post(f"/api/events/serata/rounds/1/publish-seating?lang={lang}", json={})
    assert again.status_code == 409, again.text  # the API's other conflicts with the record
    svc = web_app.state.web.service
    svc.enter_sheet("serata", 1, 1, SheetEntry((DEAL, DEAL)), actor="ns", line="ns")
    svc.enter_sheet("serata", 1, 1, SheetEntry((DEAL, MISREAD)), actor="ew", line="ew")
    before = svc.store.last_seq("serata")
    refused = api.post(f"/api/events/serata/rounds/1/tables/1/confirm?lang={lang}")
    _refused(refused, "confirm.conflict", CONFIRM_SAID[lang], "20")
    assert svc.store.last_seq("serata") == before


@pytest.mark.parametrize("lang", ["it", "en"])
def test_fibas_art36_publishing_a_seating_a_withdrawn_pair_is_409(
    api: TestClient,  # noqa: F811
    web_app: FastAPI,
    lang: str,
) -> None:
    """Round 1 drawn, then pair 3 withdraws (art. 36): ``POST .../publish-seating`` is 409
    with the key ``publish.seats_gone``, the pair named in the request's language; the
    seating stays unpublished."""
    create(api)
    assert api.post("/api/events/serata/rounds/1/seat", json={}).is_success
    svc = web_app.state.web.service
    svc.run("serata", values.Withdraw(3, None))
    refused = api.post(f"/api/events/serata/rounds/1/publish-seating?lang={lang}", json={})
    _refused(refused, "publish.seats_gone", GONE_SAID[lang], "36")
    assert svc.state("serata").round(1).seating_published_at is None
