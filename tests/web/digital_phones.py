"""The seats' phones of a digital table over a real WebSocket (issue 32), shared by the tests
that play a table through ``/t/{token}/digital/{seat}/ws``: a :class:`Phone` per seat (its
seat's code and device id in its cookie, the last view it got, the refusals it was told),
the phones of a table opened at once (:func:`seat_phones`), and the small waits and reads the
tests share. A game's test subclasses :class:`Phone` to add its own :meth:`Phone.check` of
every message (what its code lets a seat see)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TypeVar

from websockets.sync.client import ClientConnection, connect

from arbitro.services.event_log import to_domain
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token

View = dict[str, Any]
P = TypeVar("P", bound="Phone")


class Phone:
    """One seat's phone: its socket and the last view it got; every message it reads is
    checked (:meth:`check`) before it becomes :attr:`view`."""

    timeout = 20.0
    """Seconds a read waits for the server's next message."""

    def __init__(self, base: str, token: str, seat: str, code: str) -> None:
        self.seat = seat
        self.url = f"{base.replace('http', 'ws')}/t/{token}/digital/{seat}/ws"
        # the seat's code, and the phone's device id as the seat's page gives it
        self.cookie = f"arbitro_seat_{seat}={code}; arbitro_device=telefono-{seat}-0123456789abcdef"
        self.view: View = {}
        self.errors: list[str] = []
        self.socket: ClientConnection = self.open()

    def open(self) -> ClientConnection:
        """Connect (again) and read the first view: a reload or a lost network."""
        socket = connect(self.url, additional_headers={"Cookie": self.cookie}, open_timeout=10)
        self.socket = socket.__enter__()  # closed by the test's exit stack or by the test
        self.read_until(lambda v: True)
        return socket

    def read_until(self, done: Callable[[View], bool], timeout: float | None = None) -> None:
        """Read the server's messages until a view satisfies ``done`` (the refusals kept in
        :attr:`errors`); each view checked first."""
        while True:
            data = json.loads(self.socket.recv(timeout=timeout or self.timeout))
            if data["type"] == "error":
                self.errors.append(data["message"])
                continue
            self.check(data["view"])
            self.view = data["view"]
            if done(self.view):
                return

    def play(self, move: str) -> tuple[int, int]:
        """Send ``move`` as the next of the current deal; answers the (deal, n) it was sent on."""
        deal, n = self.view["deal"], self.view["n"]
        self.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))
        return deal, n

    def sign(self) -> None:
        """Tap «Firma lo score»."""
        self.socket.send(json.dumps({"sign": True}))

    def check(self, view: View) -> None:
        """What every seat's message holds: its own seat, no position, its hand of its size,
        moves only when it is to play (a game's test adds what its code hides)."""
        assert view["seat"] == self.seat and "position" not in view
        assert len(view["hand"]) == view["hand_sizes"][self.seat]
        assert view["moves"] == [] or view["turn"] == self.seat


def seat_phones(
    stack: ExitStack,
    kind: type[P],
    base: str,
    secret: bytes,
    event_id: str,
    seats: Iterable[str],
    round_number: int = 1,
    table: int = 1,
) -> dict[str, P]:
    """A phone of type ``kind`` on each of ``seats`` of the table, admitted by its seat's
    code, closed when ``stack`` closes."""
    token = make_token(secret, event_id, table, round_number)
    phones = {s: kind(base, token, s, seat_code(secret, token, s)) for s in seats}
    for p in phones.values():
        stack.callback(p.socket.close)
    return phones


def cards_in(value: Any, card: Callable[[str], str | None], keys: bool = False) -> Iterator[str]:
    """Every card named in a JSON value: each word of its strings that ``card`` reads as a
    card (the card it names), and of its keys too with ``keys``."""
    if isinstance(value, str):
        yield from (c for w in value.split() if (c := card(w)) is not None)
    elif isinstance(value, dict):
        for k, v in value.items():
            if keys:
                yield from cards_in(k, card, keys)
            yield from cards_in(v, card, keys)
    elif isinstance(value, list):
        for v in value:
            yield from cards_in(v, card, keys)


def signed(web: Any, event_id: str) -> list[Any]:
    """The sheet's signatures recorded so far (``sheet-entered`` bodies)."""
    return [to_domain(r).body for r in web.store.records(event_id) if r.kind == "sheet-entered"]


def wait_for(done: Callable[[], bool]) -> None:
    """Wait until ``done()`` (a socket's action runs on the server's own thread)."""
    deadline = time.monotonic() + 20
    while not done():
        assert time.monotonic() < deadline, "the server did not record it in 20 s"
        time.sleep(0.05)


def moved_from(deal: int, n: int) -> Callable[[View], bool]:
    """Whether a view is past move ``n`` of ``deal``."""
    return lambda v: (v["deal"], v["n"]) != (deal, n)


SCREENS_ENV = "ARBITRO_SCREENS_DIR"


def screens(name: str, default: str) -> Path:
    """Where a digital table's browser test keeps its screenshots: ``$ARBITRO_SCREENS_DIR/name``
    when set (a director's review of every phase, kept outside the repository), else
    ``default``; made if missing."""
    root = os.environ.get(SCREENS_ENV)
    path = Path(root) / name if root else Path(default)
    path.mkdir(parents=True, exist_ok=True)
    return path
