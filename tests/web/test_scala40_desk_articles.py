"""The arbiter's forms on a Scala 40 round page cite what the code has (seed 004; issue 27):
no warning (the code has none: art. 10 is the call to the arbiter, arts. 11-17 penalise
cards), the arbitral score of art. 14 ("un punteggio arbitrario"), the abandon of art. 25
with no FIBAS "giustificato" (force majeure or misconduct are scored alike)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_scala40_web import EVENT, scala_event, seat_order, text, web_of

from arbitro.web.app import Web


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    return web_of(web_app)


def test_art10_14_25_the_desk_cites_the_scala40_articles(
    web: Web, director_client: TestClient
) -> None:
    """Art. 14: «Punteggio arbitrale (Scala 40 art. 14)»; art. 25: «Abbandono (Scala 40 art.
    25)» without «giustificato»; no «Ammonizione» form; the ledger says the table goes on
    three."""
    scala_event(web)
    body = text(director_client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "Punteggio arbitrale (Scala 40 art. 14)" in body
    assert "Abbandono (Scala 40 art. 25)" in body
    assert "Ammonizione" not in body and "giustificato" not in body
    gone = seat_order(web, 1)[0]
    web.service.record_abandon(EVENT, 1, gone, False, "malore")
    (entry,) = [e for e in web.service.state(EVENT).ledger if e.kind == "abandon"]
    assert str(entry.article) == "Scala 40 art. 25"
    body = text(director_client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "il tavolo prosegue in tre" in body and "ingiustificato" not in body
