"""The desk's game form on a match being played at a digital table (issue 32; Briscola art.
8: the table records each game from its cards): the typed result is refused next to the
form (409), in Italian and in English, saying what to do, and nothing is recorded
(docs/rulings.md, digital 26)."""

from __future__ import annotations

import random

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.services.knockout import KnockoutService
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig

EVENT = "briscola-digitale"


def test_the_desk_refuses_a_result_typed_for_a_digital_game(
    director_client: TestClient, web_app: FastAPI
) -> None:
    svc: KnockoutService = web_app.state.web.knockout
    svc.create(EVENT, KnockoutConfig("Briscola sui telefoni", seeded=True))
    for i in range(1, 5):
        svc.run(EVENT, values.RegisterPair(f"Coppia {i}"))
    svc.run(EVENT, values.DrawBracket())
    DigitalMatches(svc, random.Random(3)).open(EVENT, "R1M1")  # the phones to play
    before = len(svc.store.records(EVENT))
    c = director_client
    form = {"csrf": c.csrf, "match": "R1M1", "points_first": "68", "points_second": "52"}
    r = c.post(f"/desk/k/{EVENT}/game", data=form)
    assert r.status_code == 409
    assert "R1M1: la partita 1 si sta giocando a un tavolo digitale" in r.text
    assert "lascia finire la partita al tavolo" in r.text and 'id="game-form"' in r.text
    r = c.post(f"/desk/k/{EVENT}/game?lang=en", data=form)
    assert r.status_code == 409
    assert "R1M1: game 1 is being played at a digital table" in r.text
    assert "record an irregularity if a pair loses it" in r.text
    assert len(svc.store.records(EVENT)) == before
    bracket = svc.state(EVENT).bracket
    assert bracket is not None and bracket.match("R1M1").games == ()
