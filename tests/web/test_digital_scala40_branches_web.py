"""The desk on a Scala 40 round's branches at digital tables (issue 32; docs/rulings.md,
digital 24, 25): a latecomer registered while the only table of three is dealt at a
digital table is refused next to the form (409) saying the round to admit him from, and the
late-entry form admits him from it (art. 26); an abandon cancelled once a deal was dealt to
the three who stayed is refused on the round page (art. 25)."""

from __future__ import annotations

import random

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.services.test_digital_sheet_branches import _abandon_on_south, _event, _play
from tests.web.test_desk import post

from arbitro.games.core.seats import Seat
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.digital_tables import DigitalTables


def test_the_desk_refuses_a_latecomer_at_a_digital_table_of_three(
    director_client: TestClient, web_app: FastAPI
) -> None:
    svc = web_app.state.web.service
    _event(svc, "tardi", 7, rounds=2)
    DigitalTables(svc, random.Random(17)).open("tardi", 1, 2)
    c = director_client
    r = post(c, "/desk/e/tardi/register", {"name": "Ritardatario"})
    assert r.status_code == 409
    assert "il tavolo 2 da tre è già distribuito a un tavolo digitale" in r.text
    assert "ammetti il ritardatario dal turno 2" in r.text
    r = post(c, "/desk/e/tardi/register?lang=en", {"name": "Ritardatario"})
    assert r.status_code == 409 and "admit the latecomer from round 2" in r.text
    r = post(c, "/desk/e/tardi/admit-late", {"name": "Ritardatario", "from_round": "2"})
    assert r.status_code == 303, r.text
    (late,) = [c for c in svc.state("tardi").competitors.values() if c.name == "Ritardatario"]
    assert late.joined_round == 2


def test_the_desk_refuses_to_cancel_an_abandon_played_on_by_three(
    director_client: TestClient, web_app: FastAPI
) -> None:
    svc = web_app.state.web.service
    _event(svc, "resta", 4)
    tables = DigitalTables(svc, random.Random(8))
    tables.open("resta", 1, 1, robots=(Seat.E, Seat.W))
    seq = _abandon_on_south(svc, tables, "resta")
    DigitalRounds(svc).go_on("resta", 1)
    rng = random.Random(11)
    while tables.table("resta", 1, 1).current.number == 1:
        _play(tables, "resta", 1, rng, until=1)
    r = post(director_client, "/desk/e/resta/r/1/cancel", {"seq": str(seq), "reason": "rientrato"})
    assert r.status_code == 409
    assert "la smazzata 2 del tavolo 1 è stata distribuita senza questo giocatore" in r.text
    assert "l&#39;abbandono resta" in r.text or "l'abbandono resta" in r.text
    assert seq not in svc.state("resta").cancellations
