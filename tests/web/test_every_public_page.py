"""Every public page of an event of every code renders (issue 27): the index, the seating,
the standings, the hall display, the session page and the results' pages of a FIBAS pairs
event, a Parole UISP pairs event and a Scala 40 individual event, while the complaints window
of the published standings is open and after it closed; the Briscola knockout's display too.
A code without an article for a topic (Scala 40 has no "sessione" and no complaints window
article, seed 004) must still render the page, with the text that names no article."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.conftest import FakeClock
from tests.web.test_knockout_web import make_knockout

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.web.app import Web

EVENT = "serata"


def web_of(app: FastAPI) -> Web:
    web: Web = app.state.web
    return web


def _event(web: Web, code: CodeId, game: GameId, fmt: EventFormat, entrants: int) -> None:
    config = EventConfig(
        f"Serata {code.value}",
        fmt,
        2,
        (3, 3),
        (Movement.REGISTRATION_ORDER, Movement.DANISH),
        code=code,
        game=game,
    )
    web.service.create_event(EVENT, config)
    for i in range(1, entrants + 1):
        players = [] if fmt is EventFormat.INDIVIDUAL else [f"Gioc. {i}A", f"Gioc. {i}B"]
        web.service.run(EVENT, Register(f"Iscritto {i}", players))
    web.service.seat(EVENT, 1, publish=True)


def _pairs_round(web: Web) -> None:
    seating = web.service.state(EVENT).round(1).seating
    assert seating is not None
    deal = DealScore(LineDeal(150, 100), LineDeal(100, 50))
    for t in seating.tables:
        if not t.is_incomplete:
            web.service.enter_sheet(EVENT, 1, t.table, SheetEntry((deal, deal, deal)))
    web.service.run(EVENT, values.PublishStandings(1))


def fibas(web: Web) -> None:
    """A FIBAS pairs evening, 9 pairs (one rests, FIBAS art. 37), round 1 played."""
    _event(web, CodeId.BURRACO_FIBAS, GameId.BURRACO, EventFormat.PAIRS, 9)
    _pairs_round(web)


def parole(web: Web) -> None:
    """A Parole UISP pairs evening, 8 pairs, round 1 played."""
    _event(web, CodeId.BURRACO_PAROLE, GameId.PAROLE, EventFormat.PAIRS, 8)
    _pairs_round(web)


def scala40(web: Web) -> None:
    """A Scala 40 evening of 11 players (tables of 4, 4 and 3, seed 004 art. 2, 25-26),
    round 1 played: art. 22's negative points per deal and player."""
    _event(web, CodeId.SCALA40, GameId.SCALA40, EventFormat.INDIVIDUAL, 11)
    seating = web.service.state(EVENT).round(1).seating
    assert seating is not None
    for t in seating.tables:
        assert t.players is not None
        row = tuple((0, 15, 30, 45)[: len(t.players)])
        entry = Scala40Entry(t.players, (row, row, row), None)
        web.service.enter_sheet(EVENT, 1, t.table, entry)
    web.service.run(EVENT, values.PublishStandings(1))


EVENTS: dict[str, Callable[[Web], None]] = {"fibas": fibas, "parole": parole, "scala40": scala40}


def pages(client: TestClient) -> list[str]:
    """The event's public pages, the results' pages reached from their index included."""
    urls = [
        f"/e/{EVENT}",
        f"/e/{EVENT}/seating",
        f"/e/{EVENT}/seating/live",
        f"/e/{EVENT}/standings",
        f"/e/{EVENT}/standings/live",
        f"/e/{EVENT}/sessions/1",
        f"/e/{EVENT}/sessions/9",
    ]
    urls += [f"/e/{EVENT}/hall?page={n}" for n in (1, 2, 3, 4)]
    index = client.get(f"/e/{EVENT}/results/")
    assert index.status_code == 200, index.text[:300]
    links = sorted(set(re.findall(r'href="([a-z0-9_\-]+\.html)"', index.text)))
    assert links, "the results' index links its pages"
    urls += [f"/e/{EVENT}/results/{link}" for link in links]
    return urls


@pytest.mark.parametrize("code", sorted(EVENTS))
def test_every_public_page_renders_during_and_after_the_complaints_window(
    code: str, web_app: FastAPI, client: TestClient, clock: FakeClock
) -> None:
    """Every public page answers 200 while the standings are provisional (complaints open,
    FIBAS art. 39) and once they are final; none is the error page (a session the event
    does not have is refused with a message, 400, never a crash)."""
    web = web_of(web_app)
    EVENTS[code](web)
    for phase in ("during", "after"):
        if phase == "after":
            clock.advance(minutes=web.service.state(EVENT).config.complaints_window_minutes + 1)
        for url in pages(client):
            got = client.get(url)
            expected = (400,) if url.endswith("/9") else (200, 204)
            assert got.status_code in expected, f"{code} {phase} {url}: {got.status_code}"
            assert "Riprova" not in got.text, f"{code} {phase} {url}"


def test_briscola_knockout_display_renders(web_app: FastAPI, client: TestClient) -> None:
    """The Briscola knockout's projector page and its polled part render (Briscola
    regulation, seed 001: the bracket)."""
    make_knockout(web_app, 6, event_id="coppa")
    for url in ("/k/coppa", "/k/coppa/live"):
        assert client.get(url).status_code in (200, 204), url


def test_a_display_that_fails_reloads_itself(
    web_app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A display that fails on the server (the projector showed «Riprova» for the rest of the
    evening, issue 27) reloads itself after a few seconds."""
    web = web_of(web_app)
    scala40(web)

    def broken(event_id: str) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(web.service, "state", broken)
    with TestClient(web_app, raise_server_exceptions=False) as c:
        for url in (f"/e/{EVENT}/hall", f"/e/{EVENT}/standings", f"/e/{EVENT}"):
            page = c.get(url)
            assert page.status_code == 500, url
            assert re.search(r'<meta http-equiv="refresh" content="\d+">', page.text), url
            assert "riprova da sola" in page.text


def test_art26_the_standings_say_how_a_table_of_three_scores(
    web_app: FastAPI, client: TestClient
) -> None:
    """Scala 40 art. 26: "giocare in tre tenendo sempre validi i punteggi come per quattro: al
    giocatore riposato viene assegnato 1000". Each of the three places above the empty seat
    and scores its difference with it, so the three take 16-20 V.P. (docs/rulings.md, Scala
    40 16): the standings say so, naming the table."""
    web = web_of(web_app)
    scala40(web)
    body = re.sub(r"\s+", " ", client.get(f"/e/{EVENT}/standings").text)
    assert "Tavoli da tre (turno/tavolo 1/3)" in body
    assert "1000 punti negativi" in body and "Scala 40 art. 26" in body
