"""Scala 40 at a digital table over the real server (issue 32): uvicorn serves the app, four
phones hold a WebSocket each on their seat and play a whole round (three deals, art. 5) by
sending moves their own views offer; after every move each phone gets its new view, in the
phone's generic shape (areas of melds, counters, scores), with its own hand only; each of the
four players signs the engine's individuals' sheet with one message (art. 23) and the
round's standings follow."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from arbitro.codes.ids import CodeId, GameId
from arbitro.games.core import SEATS
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_log import to_domain
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token

CARD = re.compile(r"^(?:10|[2-9AJQK])[CDHS]$|^JK$")


def _cards(value: Any) -> Iterator[str]:
    """Every card named in a JSON value (a declared joker ``JK=7D`` is the joker: 7D is what
    it stands for, not a card shown)."""
    if isinstance(value, str):
        yield from (c for w in value.split() if CARD.match(c := w.split("=")[0]))
    elif isinstance(value, dict):
        for v in value.values():
            yield from _cards(v)
    elif isinstance(value, list):
        for v in value:
            yield from _cards(v)


class Phone:
    """One seat's phone: its socket and the last view it got."""

    def __init__(self, base: str, token: str, seat: str, code: str) -> None:
        self.seat = seat
        url = f"{base.replace('http', 'ws')}/t/{token}/digital/{seat}/ws"
        cookie = f"arbitro_seat_{seat}={code}; arbitro_device=telefono-{seat}-0123456789abcdef"
        self.socket: ClientConnection = connect(
            url, additional_headers={"Cookie": cookie}, open_timeout=10
        ).__enter__()
        self.view: dict[str, Any] = {}
        self.errors: list[str] = []
        self.read_until(lambda v: True)

    def read_until(self, done: Callable[[dict[str, Any]], bool]) -> None:
        while True:
            data = json.loads(self.socket.recv(timeout=20))
            if data["type"] == "error":
                self.errors.append(data["message"])
                continue
            self.check(data["view"])
            self.view = data["view"]
            if done(self.view):
                return

    def check(self, view: dict[str, Any]) -> None:
        """A seat's message holds its own hand and the table's face-up cards only, in the
        generic shape, its titles in the phone's language (Italian by default)."""
        assert view["seat"] == self.seat and "position" not in view
        public = set(view["hand"]) | set(view["pile"])
        public |= {c for a in view["areas"] for m in a["melds"] for c in _cards(m["cards"])}
        assert set(_cards({k: v for k, v in view.items() if k != "sheet"})) <= public
        assert len(view["hand"]) == view["hand_sizes"][self.seat]
        assert len(view["pile"]) <= 1  # only the top discard (art. 6)
        assert view["moves"] == [] or view["turn"] == self.seat
        assert view["areas"][0]["own"] and view["areas"][0]["title"] == "Le tue combinazioni"
        assert {c["title"] for c in view["counters"]} == {"Tallone", "Scarti"}


def _choose(view: dict[str, Any], rng: random.Random) -> str:
    """A player's move from what its view offers: the draw (the discard when it may be
    taken, now and then), the play that lays down the most cards, else a discard."""
    offered: list[str] = view["moves"]
    if "draw" in offered:
        return "pickup" if "pickup" in offered and rng.random() < 0.5 else "draw"
    plays = [m for m in offered if not m.startswith("discard ")]
    if plays:
        return max(plays, key=lambda m: (len(m.split()), m))
    return rng.choice(offered)


def _signed(web: Any, event: str) -> list[Any]:
    return [to_domain(r).body for r in web.store.records(event) if r.kind == "sheet-entered"]


def _moved_from(deal: int, n: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a view is past move ``n`` of ``deal``."""
    return lambda v: (v["deal"], v["n"]) != (deal, n)


def _signatures(web: Any, event: str, count: int) -> Callable[[], bool]:
    """Whether the sheet has ``count`` signatures."""
    return lambda: len(_signed(web, event)) == count


def _wait_for(done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 20
    while not done():
        assert time.monotonic() < deadline, "the server did not record it in 20 s"
        time.sleep(0.05)


def scala40_event(web: Any, event_id: str, players: int = 4) -> str:
    """A Scala 40 event of one round of three deals, ``players`` seated and published."""
    config = EventConfig(
        name="Scala 40 sui telefoni",
        event_format=EventFormat.INDIVIDUAL,
        rounds=1,
        deals=(3,),
        movements=(Movement.DRAW,),
        seed=5,
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    web.service.create_event(event_id, config)
    for i in range(1, players + 1):
        web.service.run(event_id, Register(f"Giocatore {i}", []))
    web.service.seat(event_id, 1, publish=True)
    return event_id


def test_four_phones_play_a_scala40_round_over_websockets_and_each_signs(
    web_app: FastAPI, live_server: str
) -> None:
    web = web_app.state.web
    event = scala40_event(web, "scala-digitale")
    DigitalTables(web.service, random.Random(8)).open(event, 1, 1)
    token = make_token(web.secret, event, 1, 1)
    rng = random.Random(9)
    with ExitStack() as stack:
        phones = {
            s.value: Phone(live_server, token, s.value, seat_code(web.secret, token, s.value))
            for s in SEATS
        }
        for p in phones.values():
            stack.callback(p.socket.close)
        moves = 0
        seen_scores = False
        while not phones["N"].view["sheet"]:
            turn = phones["N"].view["turn"]
            phone = phones[turn]
            assert phone.view["moves"], f"{turn} is to play and is offered no move"
            move = _choose(phone.view, rng)
            deal, n = phone.view["deal"], phone.view["n"]
            phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))
            for p in phones.values():
                p.read_until(_moved_from(deal, n))
            seen_scores |= phones["N"].view["scores"] is not None
            previous: dict[str, Any] = phones["N"].view.get("previous") or {}
            if phones["N"].view["deal"] > 1:  # the deal before's score, in Italian
                assert previous["deal"] == phones["N"].view["deal"] - 1
                assert {s["title"].split()[0] for s in previous["scores"]} == {"Posto"}
            moves += 1
            assert moves < 3000
        assert moves > 30 and phones["N"].view["deal"] == 3 and seen_scores
        assert not any(p.errors for p in phones.values())
        last = phones["N"].view
        assert last["over"] and [s["value"] for s in last["scores"]].count(0) >= 1
        sheet = last["sheet"]
        assert len(sheet["points"]) == 3 and all(len(row) == 4 for row in sheet["points"])

        for k, seat in enumerate("NESW", 1):  # each player signs for themself
            phones[seat].socket.send(json.dumps({"sign": True}))
            _wait_for(_signatures(web, event, k))
        assert not any(p.errors for p in phones.values())
    state = web.service.state(event)
    assert sheet_status(state, 1, 1) == "confirmed"
    seating = state.round(1).seating
    assert seating is not None
    signed = _signed(web, event)
    assert [b.line for b in signed] == [str(p) for p in seating.tables[0].players or ()]
    assert [b.device for b in signed] == [f"telefono-{s}-0123456789abcdef" for s in "NESW"]
    web.service.run(event, values.PublishStandings(1))
    rows = web.service.standings(event)
    assert len(rows) == 4 and sum(r.vp for r in rows) > 0
