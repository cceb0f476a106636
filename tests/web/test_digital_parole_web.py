"""Burraco Parole at a digital table over the real server (issue 32): uvicorn serves the app,
four phones hold a WebSocket each on their seat and play a deal to its end with words (art.
4.1, each checked by the server with the Italian dictionary), every message to a seat holding
its own hand and the table's face-up cards only (art. 3.4); both lines sign the engine's sheet
with one message each (art. 12)."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from itertools import permutations
from typing import Any

from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from arbitro.codes.ids import CodeId, GameId
from arbitro.games.core import SEATS
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_log import to_domain
from arbitro.services.registering import Register
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token


class Phone:
    """One seat's phone: its socket and the last view it got."""

    def __init__(self, base: str, token: str, seat: str, code: str) -> None:
        self.seat = seat
        url = f"{base.replace('http', 'ws')}/t/{token}/digital/{seat}/ws"
        cookie = f"arbitro_seat_{seat}={code}; arbitro_device=telefono-{seat}-0123456789abcdef"
        socket = connect(url, additional_headers={"Cookie": cookie}, open_timeout=10)
        self.socket: ClientConnection = socket.__enter__()  # closed by the test's exit stack
        self.view: dict[str, Any] = {}
        self.errors: list[str] = []
        self.read_until(lambda v: True)

    def read_until(self, done: Callable[[dict[str, Any]], bool]) -> None:
        while True:
            data = json.loads(self.socket.recv(timeout=30))
            if data["type"] == "error":
                self.errors.append(data["message"])
                continue
            self.check(data["view"])
            self.view = data["view"]
            if done(self.view):
                return

    def check(self, view: dict[str, Any]) -> None:
        """A seat's message holds its own hand and the table's face-up cards only (art. 3.4):
        no key but the view's (no position, no other hand, no stock), its hand of its size,
        moves only when it is to play, each made of its own cards."""
        assert view["seat"] == self.seat and "position" not in view
        assert len(view["hand"]) == view["hand_sizes"][self.seat]
        assert set(view) <= _KEYS, set(view) - _KEYS
        assert view["moves"] == [] or view["turn"] == self.seat
        mine = Counter(view["hand"])
        for move in view["moves"]:
            words = move.split()
            taken = words[2 : words.index("=")] if words[0] == "layoff" else words[1:]
            assert not Counter(taken) - mine, move


_KEYS = {
    *("seat", "dealer", "turn", "phase", "over", "hand", "hand_sizes", "pile", "areas"),
    *("counters", "scores", "result", "deal", "deals", "n", "moves", "sheet", "previous"),
    *("signed", "lines", "signer", "round", "table", "robots", "paused", "called"),
}


def _signed(web: Any, event: str) -> list[Any]:
    return [to_domain(r).body for r in web.store.records(event) if r.kind == "sheet-entered"]


def _wait_for(done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 20
    while not done():
        assert time.monotonic() < deadline, "the server did not record it in 20 s"
        time.sleep(0.05)


def _moved_from(deal: int, n: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a view is past move ``n`` of ``deal``."""
    return lambda v: (v["deal"], v["n"]) != (deal, n)


def _refused(phone: Phone) -> Callable[[dict[str, Any]], bool]:
    """Whether ``phone`` was told a refusal."""
    return lambda v: bool(phone.errors)


def test_four_phones_play_a_parole_deal_with_words_and_sign_the_sheet(
    web_app: FastAPI, live_server: str
) -> None:
    web = web_app.state.web
    svc = web.service
    event = "parole-digitale"
    config = EventConfig(
        "Parole digitali",
        EventFormat.PAIRS,
        1,
        (3,),
        (Movement.DRAW,),
        seed=3,
        code=CodeId.BURRACO_PAROLE,
        game=GameId.PAROLE,
    )
    svc.create_event(event, config)
    for i in range(1, 5):
        svc.run(event, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat(event, 1, publish=True)
    tables = DigitalTables(svc, random.Random(8))
    tables.open(event, 1, 1)
    token = make_token(web.secret, event, 1, 1)
    rng = random.Random(9)
    words = 0
    with ExitStack() as stack:
        phones = {
            s.value: Phone(live_server, token, s.value, seat_code(web.secret, token, s.value))
            for s in SEATS
        }
        for p in phones.values():
            stack.callback(p.socket.close)
        refused = ""
        while not phones["N"].view.get("sheet"):
            turn = phones["N"].view["turn"]
            phone = phones[turn]
            deal, n = phone.view["deal"], phone.view["n"]
            if deal == 2 and phone.view["phase"] == "play" and not refused:
                # a word the dictionary refuses is refused by the server (art. 4.1)
                # three letters of the hand in an order no offered word has (deal 2 is dealt
                # by the server's secure shuffle: the hand is not known in advance)
                letters = [x for x in phone.view["hand"] if x not in "!?"]
                junk = next(
                    m
                    for p3 in permutations(letters, 3)
                    if (m := "meld " + " ".join(p3)) not in phone.view["moves"]
                )
                phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": junk}))
                phone.read_until(_refused(phone))
                refused = turn
                continue
            offered = phone.view["moves"]
            assert offered, f"{turn} is to play and is offered no move"
            plays = [m for m in offered if m.split()[0] in ("meld", "layoff")]
            move = rng.choice(plays) if plays else rng.choice(offered)
            words += move in plays
            phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))
            for p in phones.values():
                p.read_until(_moved_from(deal, n))
        assert refused and len(phones[refused].errors) == 1
        assert "4.1" in phones[refused].errors[0]  # the word check of the code, cited
        assert words >= 9 and phones["N"].view["deal"] == 3
        assert sum(len(p.errors) for p in phones.values()) == 1
        t = tables.table(event, 1, 1)
        assert all(t.position(d).is_over for d in (1, 2, 3))
        assert all(any(m.startswith(("meld ", "layoff ")) for _, m in d.moves) for d in t.deals)
        phones["N"].socket.send(json.dumps({"sign": True}))
        _wait_for(lambda: len(_signed(web, event)) == 1)
        phones["E"].socket.send(json.dumps({"sign": True}))
        _wait_for(lambda: len(_signed(web, event)) == 2)
    assert sheet_status(svc.state(event), 1, 1) == "confirmed"
