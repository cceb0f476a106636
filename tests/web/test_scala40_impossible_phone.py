"""The phone marks the numbers no Scala 40 deal can give next to their deal, and refuses to
send the sheet (seed 004 art. 19, 22; issue 27)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
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


def test_art19_two_closers_in_a_deal_are_marked_and_refused(web: Web, client: TestClient) -> None:
    """Art. 19: deal 3 with two players at 0: the preview says so next to deal 3, with the
    article; the sheet is not recorded."""
    scala_event(web)
    order = seat_order(web, 1)
    rows = [list(r) for r in ROWS]
    rows[2][0] = 0
    rows[2][1] = 0
    form = sheet_form(order, [tuple(r) for r in rows], order[0])
    path = table_path(web.secret, EVENT, 1)
    preview = text(client.post(f"{path}/preview", data=form).text)
    assert "smazzata 3" in preview and "ha 0 punti solo chi chiude" in preview
    assert "Scala 40 art. 22" in preview
    client.post(path, data=form)
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "missing"
