"""A move reaches the table's four phones from the move's own thread (issue 32: the update of
the other three phones within a few times a WebSocket echo). The process that appended the
move has just folded it: the four views are made right after it, in the same thread, and read
no store (before: each phone's socket took a thread of its own and read the store's last seqs
once more, four reads and four threads a move). A change the move's views cannot hold (another
process's pause told to this one while the move was played) makes each phone read its own view,
as before. Every phone still gets only its own seat and hand (FIBAS art. 6; the ``Phone``'s
check of every message)."""

from __future__ import annotations

import json
import random
from collections import Counter
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi import FastAPI
from tests.web import digital_phones
from tests.web.digital_phones import moved_from, seat_phones

from arbitro.games.core import SEATS
from arbitro.services.digital_desk import DigitalDesk
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.web import digital_table

SEAT_LETTERS = [s.value for s in SEATS]


class StoreReads:
    """The store's reads of a table made while counting: the last seqs' check, the event's
    records and the table's own log."""

    def __init__(self, store: RecordStore, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: Counter[str] = Counter()
        for name in ("last_seqs", "records", "table_records"):
            monkeypatch.setattr(store, name, self._counted(name, getattr(store, name)))

    def _counted(self, name: str, read: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.made[name] += 1
            return read(*args, **kwargs)

        return counted


def _drained(phone: digital_phones.Phone) -> list[dict[str, Any]]:
    """The views ``phone`` is sent until the server has been quiet for half a second (a view
    the server still had to send, e.g. one made before the pause, comes well within it)."""
    views: list[dict[str, Any]] = []
    while True:
        try:
            data = json.loads(phone.socket.recv(timeout=0.5))
        except TimeoutError:
            return views
        if data["type"] == "view":
            phone.check(data["view"])
            views.append(data["view"])


def test_a_move_reaches_the_four_phones_with_one_check_of_the_store(
    web_app: FastAPI, live_server: str, make_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat to play draws (FIBAS art. 10): its own check of the store before deciding the
    move is the only store read; the four phones, the mover's included, get the view past
    the move, each its own hand."""
    monkeypatch.setattr(digital_table, "RECHECK_SECONDS", 600.0)  # no re-reading meanwhile
    web = web_app.state.web
    event = make_event("ventaglio", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(5)).open(event, 1, 1)
    with ExitStack() as stack:
        phones = seat_phones(
            stack, digital_phones.Phone, live_server, web.secret, event, SEAT_LETTERS
        )
        turn = phones["N"].view["turn"]
        reads = StoreReads(web.store, monkeypatch)
        deal, n = phones[turn].play("draw")
        for phone in phones.values():
            phone.read_until(moved_from(deal, n))
            assert (phone.view["deal"], phone.view["n"]) == (deal, n + 1)
        assert phones[turn].view["moves"]  # the same seat discards next
        assert all(not p.view["moves"] for s, p in phones.items() if s != turn)
    assert reads.made == {"last_seqs": 1}, reads.made


def test_a_pause_told_while_the_move_is_played_reaches_every_phone(
    web_app: FastAPI,
    live_server: str,
    make_event: Any,
    database_file: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another process (another service on the same store) pauses the table (FIBAS art. 7)
    while this process plays the draw, and tells this process at once (as its channel does).
    The views made with the draw do not hold the pause: they are not sent, and every phone
    reads its own view, paused, without waiting for the tables' re-reading."""
    monkeypatch.setattr(digital_table, "RECHECK_SECONDS", 600.0)  # only the wakes bring views
    web = web_app.state.web
    event = make_event("pausa-in-volo", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(8)).open(event, 1, 1)
    other = RecordStore.open(f"sqlite:///{database_file}")
    there = EventService(other)
    played = DigitalTables.play

    def play_then_paused_elsewhere(self: DigitalTables, *args: Any, **kwargs: Any) -> int:
        done = played(self, *args, **kwargs)
        DigitalDesk(there, DigitalTables(there)).pause(event, 1, 1)
        digital_table._woken_elsewhere((event, 1, 1))  # the channel's notification
        return done

    try:
        with ExitStack() as stack:
            phones = seat_phones(
                stack, digital_phones.Phone, live_server, web.secret, event, SEAT_LETTERS
            )
            turn = phones["N"].view["turn"]
            monkeypatch.setattr(DigitalTables, "play", play_then_paused_elsewhere)
            phones[turn].play("draw")
            for phone in phones.values():
                phone.read_until(lambda v: bool(v.get("paused")), timeout=15)
            for phone in phones.values():  # and no view without the pause comes after it
                later = _drained(phone)
                assert all(v["paused"] and v["moves"] == [] for v in later), later
    finally:
        other.close()
