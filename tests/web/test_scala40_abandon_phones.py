"""An abandon reaches the phones (Scala 40 art. 25, seed 004; issue 27): once the arbiter
records that a player left, his column on the table's phones is closed, his phone cannot
sign, the other three sign, and the sheet scores him as art. 25 and the ruling of
``scoring/scala40.py`` say: the table goes on three, he takes the riposato's 1000 negative
points and no V.P. Zeros typed for him can no longer rank him first."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import signed
from tests.web.test_scala40_web import EVENT, scala_event, seat_order, text, web_of

from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.scoring.results import round_scores
from arbitro.web.app import Web
from arbitro.web.tokens import table_path


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    return web_of(web_app)


@pytest.fixture
def phones(web_app: FastAPI) -> Iterator[Callable[[], TestClient]]:
    """Each player's own phone: a new client (its own device id) per call."""
    opened: list[TestClient] = []

    def phone() -> TestClient:
        c = TestClient(web_app, follow_redirects=False)
        opened.append(c.__enter__())
        return c

    yield phone
    for c in opened:
        c.__exit__(None, None, None)


# Three deals for the three who stay (the departed player's column is closed).
STAY = [(0, 10, 30), (5, 10, 30), (5, 10, 30), (5, 10, 30), (5, 20, 30)]


def three_form(order: tuple[int, ...], gone: int, line: int) -> dict[str, str]:
    """The phone's form: the numbers of the three who stay; nothing for the departed."""
    form = {"round": "1", "line": str(line)}
    staying = [p for p in order if p != gone]
    for deal, row in enumerate(STAY, start=1):
        for player, points in zip(staying, row, strict=True):
            form[f"s{deal}_{player}"] = str(points)
    return form


def test_art25_the_departed_players_column_is_closed_and_three_sign(
    web: Web, phones: Callable[[], TestClient]
) -> None:
    """Art. 25: after the abandon the phones show the departed player's column closed, do not
    offer him as a signer, refuse his phone; the three who stay confirm the sheet, which
    records the abandon: he gets 1000 negative points and 0 V.P.; the three take the places
    of a table of three (art. 26: 8/6/4 and the differences with the riposato)."""
    scala_event(web)
    order = seat_order(web, 1)
    gone = order[1]
    web.service.run(EVENT, values.RecordAbandon(1, gone, True, "malore"))
    path = table_path(web.secret, EVENT, 1)
    first = phones()
    choose = first.get(path)
    links = re.findall(r'class="line-btn player-btn" href="[^"]*\?line=(\d+)"', choose.text)
    assert links == [str(p) for p in order if p != gone]
    assert "ha abbandonato la gara" in text(choose.text)
    page = first.get(path, params={"line": str(order[0])})
    inputs = re.findall(r'<input type="number"[^>]*name="s\d+_(\d+)"', page.text)
    assert str(gone) not in inputs and set(inputs) == {str(p) for p in order if p != gone}
    assert "abbandono" in text(page.text)
    assert phones().get(path, params={"line": str(gone)}).status_code == 403
    for n, player in enumerate(p for p in order if p != gone):
        reply = phones().post(path, data=signed(web, path, three_form(order, gone, player)))
        assert reply.status_code == 303, reply.text[:400]
        status = commands.sheet_status(web.service.state(EVENT), 1, 1)
        assert status == ("confirmed" if n == 2 else "pending")
    state = web.service.state(EVENT)
    scores = round_scores(state, 1, as_of=1)
    assert (scores[gone].mp, scores[gone].vp) == (1000, 0)
    staying = [p for p in order if p != gone]
    # Totals 20, 60, 150 and the riposato's 1000: places 1-3 (8, 6, 4 V.P.) plus the summed
    # differences on the 5-deal table (art. 22): 40+130+980 → 12; 90+940 → 12; 850 → 12.
    assert [scores[p].vp for p in staying] == [20, 18, 16]


def test_art25_a_sheet_without_the_abandon_is_refused(web: Web) -> None:
    """Art. 25: with an abandon recorded, a sheet that scores the departed player as present
    (zeros for him, which ranked him first with 10 V.P.) is refused, naming the article."""
    scala_event(web)
    order = seat_order(web, 1)
    gone = order[3]
    web.service.run(EVENT, values.RecordAbandon(1, gone, False, "comportamento scorretto"))
    zeros = tuple((5, 10, 30, 0) for _ in range(5))
    try:
        web.service.enter_sheet(EVENT, 1, 1, Scala40Entry(order, zeros))
    except ArbitroError as exc:
        assert "art. 25" in exc.message("it") and "abbandono" in exc.message("it")
    else:
        raise AssertionError("a sheet ignoring the abandon was accepted")


def test_art25_an_abandon_after_the_first_phone_releases_his_signature(web: Web) -> None:
    """Art. 25: a sheet already begun by one phone stops waiting for the player who then
    left: the other two confirm it."""
    scala_event(web)
    order = seat_order(web, 1)
    gone = order[2]
    # the departed player's column is empty, the others typed
    entry = Scala40Entry(order, tuple((0, 10 + d, None, 30) for d in range(5)), gone)
    web.service.enter_sheet(EVENT, 1, 1, entry, line=str(order[0]))
    web.service.run(EVENT, values.RecordAbandon(1, gone, True, "malore"))
    web.service.enter_sheet(EVENT, 1, 1, entry, line=str(order[1]))
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "pending"
    web.service.enter_sheet(EVENT, 1, 1, entry, line=str(order[3]))
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "confirmed"
