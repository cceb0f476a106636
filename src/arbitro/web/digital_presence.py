"""Which seats of a digital table have a phone connected, in this process (issue 32): the
seat's socket says when it joins and leaves; the desk shows each seat connected or empty,
and how long an empty seat has been awaited. Sockets are a process's own: with several
processes each knows its own phones (docs/digital-tables.md)."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import datetime

Key = tuple[str, int, int]
"""A table: (event, round, table)."""

_LOCK = threading.Lock()
_PRESENT: dict[Key, Counter[str]] = {}
_LEFT: dict[tuple[Key, str], datetime] = {}


def joined(key: Key, seat: str) -> None:
    """A phone of ``seat`` connected to the table ``key``."""
    with _LOCK:
        _PRESENT.setdefault(key, Counter())[seat] += 1
        _LEFT.pop((key, seat), None)


def left(key: Key, seat: str, now: datetime) -> None:
    """A phone of ``seat`` disconnected at ``now`` (its last one: the seat is empty since)."""
    with _LOCK:
        seats = _PRESENT.get(key)
        if seats is None:
            return
        seats[seat] -= 1
        if seats[seat] <= 0:
            del seats[seat]
            _LEFT[(key, seat)] = now
        if not seats:
            del _PRESENT[key]


def connected(event_id: str, round_number: int) -> dict[tuple[int, int], dict[str, int]]:
    """The round's tables' connected seats: (round, table) → seat → phones."""
    with _LOCK:
        return {
            (r, t): dict(seats)
            for (e, r, t), seats in _PRESENT.items()
            if e == event_id and r == round_number
        }


def empty_since(key: Key, seat: str) -> datetime | None:
    """When the last phone of ``seat`` left (None: connected, or never seen here)."""
    with _LOCK:
        return _LEFT.get((key, seat))
