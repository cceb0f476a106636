"""A Scala 40 sheet in conflict (art. 23: the four players sign it; art. 24: the director
puts it right from the signed paper; issue 27): no phone offers «Confermo» for one of the
versions, the desk does not call the first version «in vigore», names the signers by name,
heads the history by the players' negative points and never says «entrambe le linee»."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import signed
from tests.web.test_scala40_web import (
    EVENT,
    ROWS,
    scala_event,
    seat_order,
    sheet_form,
    text,
    web_of,
)

from arbitro.tournament import commands
from arbitro.web.app import Web
from arbitro.web.tokens import table_path


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    return web_of(web_app)


def conflict(web: Web, client: TestClient) -> tuple[int, ...]:
    """Players 1 and 2 of table 1 send different numbers: a conflict."""
    scala_event(web)
    order = seat_order(web, 1)
    path = table_path(web.secret, EVENT, 1)
    assert (
        client.post(path, data=signed(client, path, sheet_form(order, ROWS, order[0]))).status_code
        == 303
    )
    other = [list(r) for r in ROWS]
    other[2][3] += 5
    wrong = sheet_form(order, [tuple(r) for r in other], order[1])
    assert client.post(path, data=signed(client, path, wrong)).status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "conflict"
    return order


def test_art23_no_phone_confirms_a_version_in_conflict(web: Web, client: TestClient) -> None:
    """Art. 23-24: in conflict the players who have not sent see the conflict and no
    «Confermo»; a confirmation sent anyway is refused (409), nothing recorded."""
    order = conflict(web, client)
    path = table_path(web.secret, EVENT, 1)
    page = client.get(path, params={"line": str(order[2])})
    assert "Conflitto" in text(page.text)
    assert "Confermo" not in text(page.text)
    assert not re.search(r'<input type="number"', page.text)
    before = len(web.service.state(EVENT).round(1).sheets[1].history)
    reply = client.post(path, data=signed(client, path, sheet_form(order, ROWS, order[2])))
    assert reply.status_code == 409
    assert "in conflitto" in text(reply.text)
    assert len(web.service.state(EVENT).round(1).sheets[1].history) == before


def test_art23_desk_words_for_a_four_player_sheet_in_conflict(
    web: Web, client: TestClient, director_client: TestClient
) -> None:
    """Art. 23: the desk's sheet page in conflict: the first version is not «in vigore»; the
    signers are named («Confermato da: Giocatore 1»), not numbered; the history has no N-S
    column; no «entrambe le linee»."""
    order = conflict(web, client)
    body = text(director_client.get(f"/desk/e/{EVENT}/r/1/t/1").text)
    assert "Score in vigore" not in body
    assert "in conflitto" in body
    assert f"Confermato da: Giocatore {order[0]}" in body
    assert "N-S" not in body and "entrambe le linee" not in body


def test_art23_desk_confirm_button_names_the_players(
    web: Web, client: TestClient, director_client: TestClient
) -> None:
    """Art. 23: a pending four-player sheet is confirmed by the director «dai giocatori del
    tavolo», not «da entrambe le linee»."""
    scala_event(web)
    order = seat_order(web, 1)
    path = table_path(web.secret, EVENT, 1)
    assert (
        client.post(path, data=signed(client, path, sheet_form(order, ROWS, order[0]))).status_code
        == 303
    )
    body = text(director_client.get(f"/desk/e/{EVENT}/r/1/t/1").text)
    assert "firmato dai giocatori del tavolo" in body
    assert "entrambe le linee" not in body
