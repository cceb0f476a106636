"""A late entry (Scala 40 art. 26: "è possibile l'inserimento degli ultimi giocatori con un
punteggio arbitrario di 3 V.P. e 80 M.P.") on the player's card and in the verbale (issue 27:
the card's rows did not add up to its totals, the verbale omitted the late entry)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.printouts.pdfcheck import pdf_text
from tests.web.test_scala40_web import EVENT, scala_event, text, web_of

from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.printouts.verbale import verbale_pdf
from arbitro.services.event_log import to_domain
from arbitro.services.registering import Register
from arbitro.services.results import results_of
from arbitro.tournament.commands import values
from arbitro.web.app import Web


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    return web_of(web_app)


def play(web: Web, rnd: int) -> None:
    seating = web.service.state(EVENT).round(rnd).seating
    assert seating is not None
    for t in seating.tables:
        players = t.players or ()
        rows = tuple(
            tuple(0 if k == d else 10 + 5 * k for k in range(len(players))) for d in range(5)
        )
        web.service.enter_sheet(EVENT, rnd, t.table, Scala40Entry(players, rows))
    web.service.run(EVENT, values.PublishStandings(rnd))


def test_art26_the_late_entrys_card_adds_up_and_the_verbale_names_it(
    web: Web, client: TestClient, tmp_path: Path
) -> None:
    """Art. 26: a player entered after round 1's standings has round 1 on the card as the
    arbitral 3 V.P. and 80 M.P., so the rows add up to the total; the verbale says he entered
    late."""
    scala_event(web, players=8, rounds=2)
    play(web, 1)
    web.service.run(EVENT, Register("Ritardatario Ugo"))
    late = max(web.service.state(EVENT).competitors)
    web.service.seat(EVENT, 2, publish=True)
    play(web, 2)
    card = text(client.get(f"/e/{EVENT}/results/competitor-{late}.html").text)
    round1 = re.search(r"1 – non in gara.*?(\d+) (\d+) 2 ", card)
    assert round1 is not None, card
    assert (int(round1.group(1)), int(round1.group(2))) == (80, 3)
    state = web.service.state(EVENT)
    records = [to_domain(r) for r in web.store.records(EVENT)]
    results = results_of(state, records, now=web.service.clock())
    verbale = pdf_text(verbale_pdf(results), tmp_path)
    # the participants' cell wraps: "Ritardatario Ugo (iscrizione in / ritardo: punteggio ..."
    assert "Ritardatario Ugo (iscrizione in" in verbale
    assert "ritardo: punteggio arbitrale fino al" in verbale
