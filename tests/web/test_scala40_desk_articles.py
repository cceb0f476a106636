"""The arbiter's forms on a Scala 40 round page cite what the code has (seed 004; issue 27):
no warning (the code has none: art. 10 is the call to the arbiter, arts. 11-17 penalise
cards), the arbitral score of art. 14 ("un punteggio arbitrario"), the abandon of art. 25
with no FIBAS "giustificato" (force majeure or misconduct are scored alike)."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_scala40_web import EVENT, scala_event, seat_order, text, web_of

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
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
    web.service.run(EVENT, values.RecordAbandon(1, gone, False, "malore"))
    (entry,) = [e for e in web.service.state(EVENT).ledger if e.kind == "abandon"]
    assert str(entry.article) == "Scala 40 art. 25"
    body = text(director_client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "il tavolo prosegue in tre" in body and "ingiustificato" not in body


def test_art2_art22_the_new_event_form_for_scala40(director_client: TestClient) -> None:
    """Seed 004: Scala 40 is individual (art. 2 "Ogni giocatore si iscrive personalmente"),
    has no carte uguali and a difference table for 3-4 and 5 deals only (art. 22): the form
    offers the individual format alone, no carte uguali, 3 to 5 deals; the random seed is
    «numero del sorteggio», never «seme» (a suit)."""
    page = director_client.get(
        "/desk/new", params={"code": "scala40", "changed": "code", "rounds": "4"}
    )
    html = page.text
    formats = re.findall(r'<select name="format"[^>]*>(.*?)</select>', html, re.S)[0]
    assert re.findall(r'value="(\w+)"', formats) == ["individual"]
    assert 'id="carte-uguali"' not in html and "Carte uguali" not in html
    deals = re.findall(r'<select name="deals_1"[^>]*>(.*?)</select>', html, re.S)[0]
    assert re.findall(r'value="(\d)"', deals) == ["3", "4", "5"]
    rows = director_client.get("/desk/new/rounds", params={"code": "scala40", "rounds": "2"})
    deals = re.findall(r'<select name="deals_2"[^>]*>(.*?)</select>', rows.text, re.S)[0]
    assert re.findall(r'value="(\d)"', deals) == ["3", "4", "5"]
    assert "Numero del sorteggio" in html and "Seme" not in html
    fibas = director_client.get("/desk/new").text
    assert 'id="carte-uguali"' in fibas and 'value="pairs"' in fibas


def test_art2_the_event_page_cites_scala40_for_who_must_not_meet(
    web: Web, director_client: TestClient
) -> None:
    """Art. 2: the event page of a Scala 40 evening speaks of competitors, not pairs, and
    cites Scala 40 art. 2, not FIBAS art. 4."""
    scala_event(web)
    body = text(director_client.get(f"/desk/e/{EVENT}").text)
    assert "Concorrenti che non devono incontrarsi" in body
    assert "Coppie che non devono incontrarsi" not in body
    assert "Scala 40 art. 2" in body and "FIBAS art. 4" not in body


def test_art2_the_round_page_names_who_sits_together_again(
    web: Web, director_client: TestClient
) -> None:
    """Art. 2 ("l'accoppiamento cambia ad ogni turno"): 12 players at three tables, round 2 by
    Mitchell: four tablemates cannot go to four tables; the round's page names the players
    at one table again and cites art. 2."""
    config = EventConfig(
        "Scala a tre tavoli",
        EventFormat.INDIVIDUAL,
        2,
        (3, 3),
        (Movement.REGISTRATION_ORDER, Movement.MITCHELL),
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    web.service.create_event("tre", config)
    for i in range(1, 13):
        web.service.run("tre", Register(f"Giocatore {i}"))
    web.service.seat("tre", 1, publish=True)
    seating = web.service.state("tre").round(1).seating
    assert seating is not None
    for t in seating.tables:
        players = t.players or ()
        entry = Scala40Entry(players, ((0, 10, 20, 30), (5, 0, 20, 30), (5, 10, 0, 30)))
        web.service.enter_sheet("tre", 1, t.table, entry)
    web.service.run("tre", values.PublishStandings(1))
    web.service.seat("tre", 2)
    body = text(director_client.get("/desk/e/tre/r/2").text)
    assert "di nuovo allo stesso tavolo, come nel turno 1 (Scala 40 art. 2)" in body
