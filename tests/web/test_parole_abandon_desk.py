"""Burraco Parole art. 13.4 on the desk's arbiter form: the arbiter chooses the abandoning
side's score ("a) zero Punti Partita; b) il punteggio previsto dalla tabella in uso; c) il
punteggio acquisito sino a quel momento"); a FIBAS event's form offers no such choice
(art. 36 fixes it by whether the abandon is justified)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.tournament.records import AbandonScore
from arbitro.tournament.rules import FIBAS
from arbitro.web.app import Web

from .test_parole_web import EVENT, parole_event, text


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    w: Web = web_app.state.web
    return w


@pytest.mark.parametrize("choice", list(AbandonScore))
def test_art13_4_the_desk_records_the_arbiters_choice(
    web: Web, director_client: TestClient, choice: AbandonScore
) -> None:
    """Art. 13.4: each of the three choices is offered and recorded with the abandon."""
    parole_event(web)
    page = director_client.get(f"/desk/e/{EVENT}/r/1").text
    assert 'id="abandon-score"' in page
    assert "il punteggio acquisito sino a quel momento" in text(page)
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": "1",
            "justified": "on",
            "score": choice.value,
            "reason": "malore",
        },
    )
    assert reply.status_code == 303
    state = web.service.state(EVENT)
    assert state.abandons[(1, 1)] is True
    assert state.abandon_scores == {(1, 1): choice}


def test_art13_4_a_choice_left_empty_scores_as_before(
    web: Web, director_client: TestClient
) -> None:
    """No choice: the abandon scores by whether it is justified, as before the field."""
    parole_event(web)
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={"csrf": director_client.csrf, "competitor": "1", "score": "", "reason": "lite"},
    )
    assert reply.status_code == 303
    state = web.service.state(EVENT)
    assert state.abandons[(1, 1)] is False and state.abandon_scores == {}


def test_fibas_art36_the_form_offers_no_choice(web: Web, director_client: TestClient) -> None:
    """FIBAS art. 36: no choice offered; one sent anyway is refused citing the article."""
    parole_event(web, code=FIBAS)
    page = director_client.get(f"/desk/e/{EVENT}/r/1").text
    assert 'id="abandon-score"' not in page
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": "1",
            "score": "zero",
            "reason": "malore",
        },
    )
    assert reply.status_code != 303
    assert "FIBAS art. 36" in text(reply.text)
    assert web.service.state(EVENT).abandons == {}
