"""A digital seat's connect costs the server's event loop no wait (issue 33: 2,000 phones of 500
tables connecting to one process timed out in their handshakes, 10 s, while the loop waited on
each socket's Redis write and store reads): the seat's presence is written to Redis by its own
thread (a phone's handshake is answered while Redis holds another phone's write), the event's
kind is read from the store once a process, and a table is re-read once a pass whoever many of
its phones are connected. The phones still get exactly their own seat and hand (FIBAS art. 6:
the cards of the others are hidden) and a wrong seat's code is still refused
(tests/web/test_digital_table_web.py::test_a_phone_without_its_seats_code_is_not_admitted)."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
import redis as redis_lib
from fastapi import FastAPI
from tests.scale.redis_server import RedisServer
from tests.web import digital_phones
from tests.web.digital_phones import moved_from, seat_phones
from websockets.sync.client import ClientConnection, connect

from arbitro.games.core import SEATS
from arbitro.games.core.seats import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.web import digital_presence, digital_table
from arbitro.web.digital_presence import Presence
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def shared_presence(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> Iterator[redis_lib.Redis]:
    """This process's presence on the real Redis (as with ``$ARBITRO_REDIS_URL``), emptied;
    a client to look into it. The presence's client waits as long as Redis holds it (no
    timeout within the test: a held write is held, not given up)."""
    client = redis_lib.Redis.from_url(redis_server.url)
    client.flushdb()
    presence = Presence(redis_lib.Redis.from_url(redis_server.url, socket_timeout=120))
    monkeypatch.setattr(digital_presence, "_DEFAULT", [presence])
    try:
        yield client
    finally:
        client.client_unpause()
        presence.close()
        client.close()


def _raw_socket(base: str, secret: bytes, event: str, seat: str) -> ClientConnection:
    """A seat's socket whose handshake is done (its first view not read yet); the handshake
    waits 10 s at most, as the bench's phones (bench/phones.py)."""
    token = make_token(secret, event, 1, 1)
    return connect(
        f"{base.replace('http', 'ws')}/t/{token}/digital/{seat}/ws",
        additional_headers={"Cookie": f"arbitro_seat_{seat}={seat_code(secret, token, seat)}"},
        open_timeout=10,
    )


def test_a_phones_handshake_is_answered_while_redis_holds_another_phones_seat(
    web_app: FastAPI, live_server: str, make_event: Any, shared_presence: redis_lib.Redis
) -> None:
    """North's seat is being written to Redis (held by ``CLIENT PAUSE WRITE``: a slow or
    loaded Redis) when East's phone connects: East's handshake is answered before North's
    seat reaches Redis (the write waits on its own thread, not on the loop that answers
    handshakes); once Redis answers, each phone gets its first view, its own seat and hand
    only, and the desk's presence holds both seats."""
    web = web_app.state.web
    event = make_event("connessi", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(3)).open(event, 1, 1)
    key = f"arbitro:presence:{event}:1"
    with ExitStack() as stack:
        shared_presence.client_pause(30_000, all=False)  # writes only
        north = stack.enter_context(_raw_socket(live_server, web.secret, event, "N"))
        east = stack.enter_context(_raw_socket(live_server, web.secret, event, "E"))
        assert shared_presence.hgetall(key) == {}  # North's write still held: East got in
        shared_presence.client_unpause()
        for seat, socket in (("N", north), ("E", east)):
            view = json.loads(socket.recv(timeout=30))["view"]
            assert view["seat"] == seat and "position" not in view
            assert len(view["hand"]) == view["hand_sizes"][seat]
        names = [k.decode() if isinstance(k, bytes) else k for k in shared_presence.hkeys(key)]
        assert {name.split(":")[1] for name in names} == {"N", "E"}


def test_an_events_kind_is_read_from_the_store_once_for_all_its_phones(
    web_app: FastAPI, live_server: str, make_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four phones connect (and one of them again): the event's kind (a round event's tables
    or a knockout's matches) is read from the store for the first only; every phone gets
    its own seat's view."""
    web = web_app.state.web
    event = make_event("tipo", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(4)).open(event, 1, 1)
    asked: Counter[str] = Counter()
    read_kind = web.store.event_kind

    def counted(event_id: str) -> str:
        asked[event_id] += 1
        return str(read_kind(event_id))

    monkeypatch.setattr(web.store, "event_kind", counted)
    with ExitStack() as stack:
        seats = [s.value for s in SEATS]
        phones = seat_phones(stack, digital_phones.Phone, live_server, web.secret, event, seats)
        phones["S"].socket.close()
        phones["S"].open()  # checked: its own seat and hand
        assert {p.view["seat"] for p in phones.values()} == set(seats)
    assert asked == {event: 1}


def test_a_table_is_read_once_a_pass_however_many_of_its_phones_are_connected(
    web_app: FastAPI,
    live_server: str,
    make_event: Any,
    database_file: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Five phones of one table (North's page open twice) in this process; another process
    (another service on the same store: no wake reaches this one) plays the move of the seat
    to play. The re-reading of the table brings every phone the view past it, and each of
    its passes read the table once, not once a phone."""
    monkeypatch.setattr(digital_table, "RECHECK_SECONDS", 0.2)
    passes: list[list[Any]] = []
    lock = threading.Lock()
    progress_of = digital_table._progress_of

    def counted(watches: list[Any]) -> Any:
        with lock:
            passes.append([key for key, _ in watches])
        return progress_of(watches)

    monkeypatch.setattr(digital_table, "_progress_of", counted)
    web = web_app.state.web
    event = make_event("riletto", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(6)).open(event, 1, 1)
    other = RecordStore.open(f"sqlite:///{database_file}")
    try:
        with ExitStack() as stack:
            seats = [s.value for s in SEATS]
            phones = seat_phones(stack, digital_phones.Phone, live_server, web.secret, event, seats)
            again = seat_phones(stack, digital_phones.Phone, live_server, web.secret, event, ["N"])
            turn = phones["N"].view["turn"]
            deal, n = phones[turn].view["deal"], phones[turn].view["n"]
            move = phones[turn].view["moves"][0]
            DigitalTables(EventService(other), random.Random(7)).play(
                event, 1, 1, Seat(turn), deal, n + 1, move
            )
            for phone in [*phones.values(), again["N"]]:
                phone.read_until(moved_from(deal, n), timeout=30)
                assert phone.view["n"] >= n + 1
        with lock:
            assert passes and all(keys == [(event, 1, 1)] for keys in passes), passes
    finally:
        other.close()
