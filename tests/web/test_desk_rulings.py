"""The desk's arbiter page of every code (issue 31): choose the table, pick the irregularity,
paste the position, see the ruling in the code's words, confirm: it is in the round's ledger.
FIBAS art. 22 (two warnings) and Scala 40 art. 11 (a wrong meld found late, frozen)."""

from __future__ import annotations

import json

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.rulings.events import event, fibas_two_warnings, scala40_late_meld
from tests.web.test_desk import post, txt

from arbitro.codes.ids import CodeId


def test_scala40_art11_seen_then_confirmed_at_the_desk(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Scala 40 art. 11: the page lists the code's irregularities; the ruling is seen first
    (nothing recorded), then confirmed into the ledger."""
    svc = web_app.state.web.service
    event(svc, "s", CodeId.SCALA40)
    page = txt(director_client.get("/desk/e/s/r/1/rulings"))
    assert "Scala 40 art. 11 — Una combinazione errata scoperta in ritardo" in page
    assert "/desk/e/s/r/1/rulings" in txt(director_client.get("/desk/e/s/r/1"))
    situation = scala40_late_meld()
    form = {
        "table": "1",
        "irregularity": situation.pop("irregularity"),
        "offender": situation.pop("offender"),
        "situation": json.dumps(situation),
    }
    seen = post(director_client, "/desk/e/s/r/1/rulings", {**form, "step": "see"})
    assert seen.status_code == 200, seen.text
    assert "W: congelato KH KD KC" in txt(seen) and "gioca ora: S" in txt(seen)
    assert svc.state("s").ledger == []
    done = post(director_client, "/desk/e/s/r/1/rulings", {**form, "step": "confirm"})
    assert done.status_code == 303 and done.headers["location"].endswith("#ledger")
    assert [e.kind for e in svc.state("s").ledger] == ["ruling-given"]
    assert "decisione arbitrale" in txt(director_client.get("/desk/e/s/r/1"))


def test_fibas_art22_two_warnings_confirmed_and_a_bad_situation_refused(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 22: the ruling and its two warnings; a situation that is no JSON object is
    refused next to its field, nothing recorded."""
    svc = web_app.state.web.service
    event(svc, "f")
    bad = post(director_client, "/desk/e/f/r/1/rulings", {"table": "1", "situation": "[1]"})
    assert bad.status_code == 400 and "la situazione deve essere un oggetto JSON" in txt(bad)
    form = {"table": "1", "situation": json.dumps(fibas_two_warnings()), "step": "confirm"}
    done = post(director_client, "/desk/e/f/r/1/rulings", form)
    assert done.status_code == 303, done.text
    assert [e.kind for e in svc.state("f").ledger] == ["ruling-given", "warning", "warning"]
