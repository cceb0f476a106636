"""A Scala 40 player's phone asks for the player's own code (issue 29) in a player's words:
each player signs the sheet (Scala 40 art. 23), there is no line at the table."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_scala40_web import EVENT, scala_event, seat_order, text, web_of

from arbitro.web.tokens import table_path


def test_art23_the_player_is_asked_for_their_own_code_not_a_lines(
    web_app: FastAPI, client: TestClient
) -> None:
    web = web_of(web_app)
    scala_event(web)
    order = seat_order(web, 1)
    page = text(client.get(table_path(web.secret, EVENT, 1), params={"line": str(order[0])}).text)
    assert "Il tuo codice, stampato accanto al tuo nome sul segnatavolo" in page
    assert "Solo tu puoi firmare il tuo score: il telefono chiede il codice una volta sola." in page
    assert "linea" not in page.lower()
