"""``POST /api/events/{id}/rulings`` and ``GET /api/codes/{code}/irregularities`` (issue 31): a
Scala 40, a Parole, a Law 13 and a FIBAS ruling recorded through the API with their articles,
in the ledger; a ruling of another code refused (4xx, nothing recorded)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.rulings.events import (
    SCALA40_ROWS,
    briscola_communication,
    cards_mixed,
    event,
    fibas_two_warnings,
    knockout,
    law13_board,
    parole_wrong_word,
    scala40_event,
    scala40_late_meld,
    sheet_in_force,
)
from tests.web.test_api import api as api  # the director's client (a fixture)
from tests.web.test_scala40_web import web_of

from arbitro.codes.ids import CodeId
from arbitro.games.core.code_arbiter import FactKind


def _post(api: TestClient, event_id: str, situation: dict[str, Any], **extra: Any) -> Any:
    body = {"round": 1, "table": 1, "situation": situation, **extra}
    return api.post(f"/api/events/{event_id}/rulings?lang=en", json=body)


def test_scala40_and_parole_rulings_through_the_api(api: TestClient, web_app: FastAPI) -> None:
    """Scala 40 art. 11 and Parole art. 10.2 recorded, each in its event's ledger."""
    svc = web_of(web_app).service
    event(svc, "s", CodeId.SCALA40)
    event(svc, "p", CodeId.BURRACO_PAROLE)
    s40 = _post(api, "s", scala40_late_meld())
    assert s40.status_code == 201, s40.text
    out = s40.json()
    assert out["article"] == {"code": "scala40", "article": "11"}
    assert out["text"][0] == "W: frozen KH KD KC" and out["after"] != out["before"]
    parole = _post(api, "p", parole_wrong_word(), reason="CNAE corretta in CANE")
    assert parole.status_code == 201, parole.text
    assert parole.json()["article"]["article"].startswith("10")
    ledger = svc.state("p").ledger
    assert [(e.seq, e.reason) for e in ledger] == [(parole.json()["seq"], "CNAE corretta in CANE")]
    assert [e.seq for e in svc.state("s").ledger] == [out["seq"]]


def test_law13_and_fibas_warnings_through_the_api(api: TestClient, web_app: FastAPI) -> None:
    """Law 13D1 with ``code``, then FIBAS art. 22's two warnings, in one event's ledger."""
    svc = web_of(web_app).service
    event(svc, "f")
    law = _post(api, "f", law13_board(), code="bridge-law-13")
    assert law.status_code == 201 and law.json()["article"]["article"] == "13D1"
    fibas = _post(api, "f", fibas_two_warnings())
    assert (
        fibas.status_code == 201
        and fibas.json()["warnings"] == [["W", "22", fibas.json()["warnings"][0][2]]] * 2
    )
    kinds = [e.kind for e in svc.state("f").ledger]
    assert kinds == ["ruling-given", "ruling-given", "warning", "warning"]


def test_a_ruling_of_another_code_is_refused(api: TestClient, web_app: FastAPI) -> None:
    """A Scala 40 ruling on a FIBAS event: 4xx with the reason, nothing recorded."""
    svc = web_of(web_app).service
    event(svc, "f")
    refused = _post(api, "f", scala40_late_meld(), code="scala40")
    assert 400 <= refused.status_code < 500
    assert "cannot be recorded in an event of «burraco-fibas»" in refused.json()["error"]["message"]
    assert svc.state("f").ledger == []
    unauthenticated = TestClient(web_app).post("/api/events/f/rulings", json={})
    assert unauthenticated.status_code == 401


def test_irregularities_of_a_code_through_the_api(api: TestClient) -> None:
    """Briscola art. 10's kinds in the code's own words, in the request's language."""
    rows = api.get("/api/codes/briscola/irregularities?lang=it").json()
    labels = {r["kind"]: r["label"] for r in rows}
    assert labels["communication"].startswith("Un giocatore parla")
    assert {r["article"]["article"] for r in rows} == {"10"}


def test_the_irregularities_give_each_fact_typed_in_the_request_language(
    api: TestClient, client: TestClient
) -> None:
    """Issue 31: a client builds the ruling's form from ``GET /api/codes/{code}/irregularities``
    as the desk does: each fact's type, allowed values, default, label and hint in the
    request's language. Parole art. 10.2 (a wrong word: the offender's seat, the word laid on,
    the cards, the word put right); Law 13 (yes/no facts, the game chosen among its values).
    It gave the facts' names only (``fields``)."""
    rows = api.get("/api/codes/burraco-parole-uisp/irregularities?lang=it").json()
    (wrong,) = [r for r in rows if r["kind"] == "wrong_word"]
    facts = {f["name"]: f for f in wrong["facts"]}
    assert list(facts) == ["position", "offender", "target", "cards", "extra"]
    assert facts["position"]["type"] == "position" and facts["position"]["required"]
    assert facts["position"]["hint"].startswith("Una riga")
    assert [c["value"] for c in facts["offender"]["choices"]] == ["N", "E", "S", "W"]
    assert facts["offender"]["type"] == "seat" and facts["offender"]["required"]
    assert facts["target"] == {
        "name": "target",
        "type": "number",
        "label": "La parola su cui si è calato",
        "hint": "il suo numero da 0; -1 per un’apertura",
        "required": False,
        "default": -1,
        "choices": [],
    }
    english = api.get("/api/codes/burraco-parole-uisp/irregularities?lang=en").json()
    (wrong_en,) = [r for r in english if r["kind"] == "wrong_word"]
    assert wrong_en["facts"][2]["label"] == "The word laid on"
    law = api.get("/api/codes/bridge-law-13/irregularities?lang=it").json()
    law_facts = {f["name"]: f for f in law[0]["facts"]}
    assert law_facts["call_made"]["type"] == "yes-no" and law_facts["call_made"]["default"] is False
    game = law_facts["game"]
    assert game["type"] == "choice" and game["default"] == "bridge"
    assert {c["value"]: c["label"] for c in game["choices"]} == {
        "bridge": "bridge",
        "burraco": "burrachi",
    }
    schemas = client.get("/api/openapi.json").json()["components"]["schemas"]
    fact = schemas["FactOut"]
    assert set(fact["properties"]["type"]["enum"]) == {k.value for k in FactKind}
    assert schemas["IrregularityOut"]["properties"]["facts"]["items"] == {
        "$ref": "#/components/schemas/FactOut"
    }


def test_briscola_ruling_through_the_api(api: TestClient, web_app: FastAPI) -> None:
    """Briscola art. 10 on a knockout's game (``match`` and ``game``): the offending pair loses
    it; without a table or a match the request is refused."""
    web = web_of(web_app)
    match = knockout(web.knockout, "k")
    body = {"match": match, "game": 1, "situation": briscola_communication()}
    done = api.post("/api/events/k/rulings", json=body)
    assert done.status_code == 201, done.text
    assert done.json()["article"] == {"code": "briscola", "article": "10"}
    bracket = web.knockout.state("k").bracket
    assert bracket is not None and len(bracket.match(match).games) == 1
    vague = api.post("/api/events/k/rulings", json={"situation": briscola_communication()})
    assert 400 <= vague.status_code < 500


def test_a_situation_the_engine_cannot_read_is_a_4xx(api: TestClient, web_app: FastAPI) -> None:
    """A seat that is no seat, a missing position, a position that is no position: each is
    refused with its reason (4xx, never a server error), nothing recorded."""
    svc = web_of(web_app).service
    event(svc, "s", CodeId.SCALA40)
    good = scala40_late_meld()
    for situation in (
        {**good, "offender": "Q"},
        {k: v for k, v in good.items() if k != "position"},
        {**good, "position": "scala40 garbage"},
        {**good, "meld": "the first"},
    ):
        refused = _post(api, "s", situation)
        assert 400 <= refused.status_code < 500, (situation, refused.text)
        assert refused.json()["error"]["message"]
    assert svc.state("s").ledger == []


def test_scala40_art14_score_enters_the_sheet_through_the_api(
    api: TestClient, web_app: FastAPI
) -> None:
    """Scala 40 art. 14 through the API (issue 31): the arbiter's score of deal 2 (the
    situation's ``deal``) is entered in the table's sheet with the ruling, in one
    transaction; the ruling's cancellation through the API
    (``POST /api/events/{id}/records/{seq}/cancel``) takes it back, with why."""
    svc = web_of(web_app).service
    scala40_event(svc)
    done = _post(api, "s", cards_mixed({"N": 30, "E": 45, "S": 0, "W": 60}))
    assert done.status_code == 201, done.text
    assert done.json()["score_row"] == [30, 45, 0, 60]
    assert sheet_in_force(svc, "s").deals[1] == (30, 45, 0, 60)
    seq = done.json()["seq"]
    assert api.post(f"/api/events/s/records/{seq}/cancel", json={}).status_code == 422
    cancelled = api.post(f"/api/events/s/records/{seq}/cancel", json={"reason": "tavolo sbagliato"})
    assert cancelled.status_code == 200, cancelled.text
    assert sheet_in_force(svc, "s").deals[1] == SCALA40_ROWS[1]
    again = api.post(f"/api/events/s/records/{seq}/cancel", json={"reason": "di nuovo"})
    assert again.status_code == 409, again.text  # a record is cancelled once
