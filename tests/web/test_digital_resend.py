"""A digital table's moves are idempotent over the real WebSocket (issue 32, "nothing is lost or
applied twice"): a phone that sends its move twice with the same sequence number (its answer
lost, a double tap) has it recorded once, and its table told once of one move; sent again
after the next seat has played, it is still recorded once; a stale move (a number already
played, another move) is refused with its reason and recorded nowhere
(docs/digital-tables.md, "Records")."""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack
from typing import Any

from fastapi import FastAPI
from tests.digital.play import logged_moves
from websockets.sync.client import ClientConnection, connect

from arbitro.services.digital_tables import DigitalTables
from arbitro.tournament.records import DigitalMove
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token


class Phone:
    """A seat's socket, every message it got kept in order."""

    def __init__(self, base: str, token: str, seat: str, code: str, stack: ExitStack) -> None:
        url = f"{base.replace('http', 'ws')}/t/{token}/digital/{seat}/ws"
        cookie = f"arbitro_seat_{seat}={code}"
        self.socket: ClientConnection = stack.enter_context(
            connect(url, additional_headers={"Cookie": cookie}, open_timeout=10)
        )
        self.got: list[dict[str, Any]] = []
        self.wait(lambda m: m["type"] == "view")

    @property
    def view(self) -> dict[str, Any]:
        views: list[dict[str, Any]] = [m["view"] for m in self.got if m["type"] == "view"]
        return views[-1]

    def wait(self, done: Any) -> dict[str, Any]:
        """The first message from now on for which ``done`` holds."""
        while True:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=20))
            self.got.append(message)
            if done(message):
                return message

    def drain(self, seconds: float = 0.5) -> None:
        """Whatever else arrives within ``seconds``."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                self.got.append(json.loads(self.socket.recv(timeout=left)))
            except TimeoutError:
                return

    def send(self, deal: int, n: int, move: str) -> None:
        self.socket.send(json.dumps({"deal": deal, "n": n, "move": move}))


def _moves(web: Any, event: str) -> list[DigitalMove]:
    return logged_moves(web.store, event)


def _past(n: int) -> Any:
    return lambda m: m["type"] == "view" and m["view"]["n"] >= n


def test_a_move_sent_twice_is_recorded_once_and_a_stale_one_refused(
    web_app: FastAPI, live_server: str, make_event: Any
) -> None:
    web = web_app.state.web
    event = make_event("ripeti", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(4))
    tables.open(event, 1, 1)
    seats = [s.value for s in tables.table(event, 1, 1).engine.seats]
    token = make_token(web.secret, event, 1, 1)
    with ExitStack() as stack:
        phones = {
            s: Phone(live_server, token, s, seat_code(web.secret, token, s), stack) for s in seats
        }
        first = next(p for p in phones.values() if p.view["moves"])
        deal, n = first.view["deal"], first.view["n"]
        move = first.view["moves"][0]
        first.send(deal, n + 1, move)
        first.send(deal, n + 1, move)  # the same again at once: a double tap
        for p in phones.values():
            p.wait(_past(n + 1))
            p.drain()
        assert [(m.n, m.move) for m in _moves(web, event)] == [(n + 1, move)]
        for p in phones.values():  # every phone was told of one move, no error
            assert {m["view"]["n"] for m in p.got if m["type"] == "view"} <= {n, n + 1}
            assert not [m for m in p.got if m["type"] == "error"]

        second = next(p for p in phones.values() if p.view["moves"])
        other = second.view["moves"][0]
        second.send(deal, n + 2, other)
        for p in phones.values():
            p.wait(_past(n + 2))
        first.send(deal, n + 1, move)  # its answer came late: sent again after the next move
        first.drain()
        assert [(m.n, m.move) for m in _moves(web, event)] == [(n + 1, move), (n + 2, other)]
        assert not [m for m in first.got if m["type"] == "error"]

        stale = "pickup" if move == "draw" else "draw"
        first.send(deal, n + 1, stale)  # a number already played, another move: refused
        refused = first.wait(lambda m: m["type"] == "error")
        assert "superata" in refused["message"]
        first.send(deal, n + 5, move)  # a number ahead of the table: refused too
        assert "superata" in first.wait(lambda m: m["type"] == "error")["message"]
    assert len(_moves(web, event)) == 2
    assert len(tables.table(event, 1, 1).current.moves) == 2
