"""A digital table's seats and lines in the page's language (issue 32, words17): the phone
read «Vince E-W» (Briscola's score) and «Combinazioni della linea EW» (Burraco Parole's, and
FIBAS's, panel of the other line's melds) on an Italian page, and «Gioca: W»; now a line is
«N-S», «E-O» in Italian and «N-S», «E-W» in English (FIBAS art. 4: the lines North-South and
East-West), a seat «Nord», «Ovest» (short N, O) in Italian, by the text's shape only
(:func:`arbitro.i18n.seats.named`), never by the game. The desk's pages of the table name
them too."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from arbitro.games.briscola.digital import ENGINE as BRISCOLA
from arbitro.games.burraco.digital import ENGINE as FIBAS
from arbitro.games.core import Seat
from arbitro.games.parole import WordList
from arbitro.games.parole.digital import ParoleDigital
from arbitro.i18n.seats import named, seat_names
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.web.digital_table import seat_code, seat_path
from arbitro.web.knockout_match import match_path
from arbitro.web.seat_names import phone_view
from arbitro.web.tokens import make_token


@pytest.mark.parametrize(
    ("text", "it", "en"),
    [
        ("N", "Nord", "North"),
        ("E", "Est", "East"),
        ("S", "Sud", "South"),
        ("W", "Ovest", "West"),
        ("EW", "E-O", "E-W"),
        ("E-W", "E-O", "E-W"),
        ("ew", "E-O", "E-W"),
        ("NS", "N-S", "N-S"),
        ("N-S", "N-S", "N-S"),
        # not a seat nor a line: as written (a card, a Parole letter pair, a seat list)
        ("2S", "2S", "2S"),
        ("NESW", "NESW", "NESW"),
        ("SO", "SO", "SO"),
        ("", "", ""),
    ],
)
def test_a_seat_or_a_line_is_named_by_its_shape(text: str, it: str, en: str) -> None:
    assert named(text, "it") == it and named(text, "en") == en


def test_a_seats_letter_in_italian_is_ovest_s_o() -> None:
    assert seat_names("it", short=True) == {"N": "N", "E": "E", "S": "S", "W": "O"}
    assert seat_names("en", short=True) == {"N": "N", "E": "E", "S": "S", "W": "W"}
    assert seat_names("it") == {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"}


def _titles(view: dict[str, Any]) -> list[str]:
    return [a["title"] for a in view["areas"]] + [a.get("note", "") for a in view["areas"]]


@pytest.mark.parametrize(
    "engine", [FIBAS, ParoleDigital(WordList(["casa"]))], ids=["fibas", "parole"]
)
def test_the_other_lines_melds_are_titled_in_the_pages_language(engine: Any) -> None:
    """Before: «Combinazioni della linea EW» (Parole, FIBAS): the line's code of the
    record. Now «E-O» in Italian, «E-W» in English; the args kept as the engine wrote
    them (the sheet's columns are matched by them)."""
    game = engine.start(engine.layout(random.Random(2), None))
    view = engine.view(game, Seat.N)
    italian = phone_view(view, "it")
    assert "Combinazioni della linea E-O" in _titles(italian), _titles(italian)
    assert not any(re.search(r"\bEW\b|E-W", t) for t in _titles(italian))
    english = phone_view(view, "en")
    assert "Melds of E-W" in _titles(english), _titles(english)
    assert [a.get("args") for a in italian["areas"]] == [a.get("args") for a in view["areas"]]


def _briscola_over() -> Any:
    game = BRISCOLA.start(BRISCOLA.layout(random.Random(1), None))
    rng = random.Random(2)
    while not game.is_over:
        game.push(BRISCOLA.robot(game, rng))
    return game


def test_briscolas_winner_is_the_line_in_the_pages_language() -> None:
    """Before: «Vince E-W» on the Italian phone (art. 8's result). Now «Vince E-O» (or
    «N-S»), «Winner E-W» in English; the points and the cards won by line as well."""
    game = _briscola_over()
    view = BRISCOLA.view(game, Seat.N)
    winner = view["result"]["winner"]
    italian = {s["title"]: s["value"] for s in phone_view(view, "it")["scores"]}
    english = {s["title"]: s["value"] for s in phone_view(view, "en")["scores"]}
    assert italian["Vince"] == {"NS": "N-S", "EW": "E-O"}[winner]
    assert english["Winner"] == {"NS": "N-S", "EW": "E-W"}[winner]
    assert "Punti E-O" in italian and "Points E-W" in english
    # the previous deal's score on the next deal's view is named too
    previous = phone_view({**view, "previous": {"deal": 1, "scores": view["scores"]}}, "it")
    assert {s["title"]: s["value"] for s in previous["previous"]["scores"]} == italian


def test_the_phones_socket_and_page_name_the_seats_and_lines(
    web_app: FastAPI, live_server: str, make_event: Any, client: TestClient
) -> None:
    """The seat's socket sends the view named in the phone's language (the ``lang``
    cookie), and its page's title and the names its client gives the seats the view sends
    as letters («Gioca: Ovest», «O: 11 carte») are the page's."""
    web = web_app.state.web
    event = make_event("nomi", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(5)).open(event, 1, 1, robots=(Seat.E, Seat.W))
    token = make_token(web.secret, event, 1, 1)
    url = f"{live_server.replace('http', 'ws')}/t/{token}/digital/N/ws"
    code = seat_code(web.secret, token, "N")
    for lang, line in (("it", "Combinazioni della linea E-O"), ("en", "Melds of E-W")):
        cookie = f"arbitro_seat_N={code}; lang={lang}"
        with connect(url, additional_headers={"Cookie": cookie}, open_timeout=10) as phone:
            view = json.loads(phone.recv(timeout=10))["view"]
        assert line in [a["title"] for a in view["areas"]], view["areas"]
        assert view["turn"] in ("N", "E", "S", "W")  # the letters stay the client's keys

    assert client.get(seat_path(web.secret, event, 1, 1, "W")).status_code == 303
    page = client.get(f"/t/{token}/digital/W?lang=it").text
    assert "Tavolo 1, posto Ovest" in page and "posto W" not in page
    assert 'data-t-seat-w="Ovest"' in page and 'data-t-letter-w="O"' in page
    page = client.get(f"/t/{token}/digital/W?lang=en").text
    assert "Table 1, seat West" in page and 'data-t-letter-w="W"' in page


def test_a_knockout_matchs_page_names_its_seats(web_app: FastAPI, client: TestClient) -> None:
    """The match page's seats (Briscola at a digital table): «Posto Ovest · Coppia 4» on the
    Italian page (before: «Posto W»), "Seat West" on the English one."""
    web = web_app.state.web
    ko = web.knockout
    ko.create("nomi-ko", KnockoutConfig("Coppa dei nomi", seeded=True))
    for i in range(1, 5):
        ko.run("nomi-ko", values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    ko.run("nomi-ko", values.DrawBracket())
    DigitalMatches(ko, random.Random(12)).open("nomi-ko", "R1M1", robots=(Seat.E, Seat.W))
    url = match_path(web.secret, "nomi-ko", "R1M1")
    italian = re.findall(r'id="km-seat-(\w)"[^>]*>([^<·]+)·', client.get(f"{url}?lang=it").text)
    assert {s: t.strip() for s, t in italian} == {
        "N": "Posto Nord",
        "E": "Posto Est",
        "S": "Posto Sud",
        "W": "Posto Ovest",
    }
    english = re.findall(r'id="km-seat-(\w)"[^>]*>([^<·]+)·', client.get(f"{url}?lang=en").text)
    assert dict(english)["W"].strip() == "Seat West"
