"""Which seats of a digital table have a phone connected (issue 32): the seat's socket says
when it joins and leaves; the desk shows each seat connected or empty, and how long an empty
seat has been awaited (the wait for a disconnected seat, :meth:`DigitalDesk.check_time`).

One process (a club's, no Redis): the process's own sockets, in its memory.

Several processes (``$ARBITRO_REDIS_URL``, issue 33): the four phones of a table may hold
sockets on four processes, and the desk's page may be served by a fifth. Each process writes
its seats into Redis, one hash a round (``arbitro:presence:<event>:<round>``): a field
``<table>:<seat>:<process>`` holding the process's phones of the seat and when it last said
so, and a field ``left:<table>:<seat>`` holding when the seat's last phone anywhere left. A
process refreshes its fields every :data:`REFRESH_SECONDS` (a thread, for all its sockets);
a field not refreshed for :data:`EXPIRES_SECONDS` is a dead process's (killed, its machine
gone): its seats are empty since its last refresh. Every process reads the same hash, so the
desk's page and the wait's timer are the same whichever process serves them. A Redis that
does not answer (or was restarted, empty) leaves each process with its own sockets, as with
one, until it answers again (the next refresh writes the seats back)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

from redis import Redis
from redis.exceptions import RedisError

from arbitro.i18n import gettext
from arbitro.web.throttle import redis_client, redis_url

Key = tuple[str, int, int]
"""A table: (event, round, table)."""

REFRESH_SECONDS = 5.0
"""How often a process writes its connected seats into Redis again."""
EXPIRES_SECONDS = 15.0
"""A process's seat not written again for this long is empty (the process is gone)."""
READ_AGAIN_SECONDS = 0.5
"""A round's seats read from Redis are reused this long (the desk's time checks ask for each
seat of each table at once); this process's own joins and leaves read them again at once."""
ROUND_KEEP_SECONDS = 2 * 24 * 3600
"""A round's hash is removed this long after its last change (the event is long over)."""
LOG_EVERY = 60.0
"""Redis not answering is logged at most this often."""

_log = logging.getLogger(__name__)


def _round_key(event_id: str, round_number: int) -> str:
    return f"arbitro:presence:{event_id}:{round_number}"


class Presence:
    """The connected seats of the digital tables: this process's sockets in its memory, and
    with ``redis`` every process's (see the module). ``process`` names this process's fields;
    ``clock`` gives epoch seconds (the refreshes' and the expiries' times); a round read from
    Redis is reused ``reuse`` seconds."""

    def __init__(
        self,
        redis: Redis | None = None,
        process: str | None = None,
        clock: Callable[[], float] = time.time,
        reuse: float = READ_AGAIN_SECONDS,
    ) -> None:
        self.redis = redis
        self.process = process or secrets.token_hex(4)
        self.clock = clock
        self.reuse = reuse
        self._lock = threading.Lock()
        self._present: dict[Key, Counter[str]] = {}
        self._left: dict[tuple[Key, str], datetime] = {}
        self._read: dict[tuple[str, int], tuple[float, dict[str, str]]] = {}
        self._logged = -math.inf
        self._refresher: threading.Thread | None = None
        self._closed = threading.Event()

    # ------------------------------------------------------------------ the sockets

    def joined(self, key: Key, seat: str) -> None:
        """A phone of ``seat`` connected to the table ``key`` in this process."""
        with self._lock:
            seats = self._present.setdefault(key, Counter())
            seats[seat] += 1
            phones = seats[seat]
            self._left.pop((key, seat), None)
        if self.redis is not None:
            self._start_refresher()
            event_id, round_number, table = key

            def write(pipe: Any) -> None:
                pipe.hset(name, self._field(table, seat), self._value(phones))
                pipe.hdel(name, f"left:{table}:{seat}")

            name = _round_key(event_id, round_number)
            self._shared(event_id, round_number, write)

    def left(self, key: Key, seat: str, now: datetime) -> None:
        """A phone of ``seat`` disconnected at ``now`` (this process's last one: its seat is
        empty here since; everywhere, if no other process has a phone of it)."""
        with self._lock:
            seats = self._present.get(key)
            if seats is None:
                return
            seats[seat] -= 1
            phones = seats[seat]
            if phones <= 0:
                del seats[seat]
                self._left[(key, seat)] = now
            if not seats:
                del self._present[key]
        if self.redis is None:
            return
        event_id, round_number, table = key
        name = _round_key(event_id, round_number)
        if phones > 0:
            self._shared(
                event_id,
                round_number,
                lambda pipe: pipe.hset(name, self._field(table, seat), self._value(phones)),
            )
            return
        self._shared(event_id, round_number, lambda pipe: pipe.hdel(name, self._field(table, seat)))
        fields = self._seat_fields(event_id, round_number, table, seat)
        if fields is not None and not self._seat_phones(fields, table, seat)[0]:
            self._shared(
                event_id,
                round_number,
                lambda pipe: pipe.hset(name, f"left:{table}:{seat}", now.isoformat()),
            )

    # ------------------------------------------------------------------ the desk

    def connected(self, event_id: str, round_number: int) -> dict[tuple[int, int], dict[str, int]]:
        """The round's tables' connected seats: (round, table) → seat → phones (every live
        process's with Redis, else this process's)."""
        fields = self._fields(event_id, round_number)
        if fields is None:
            with self._lock:
                return {
                    (r, t): dict(seats)
                    for (e, r, t), seats in self._present.items()
                    if e == event_id and r == round_number
                }
        now = self.clock()
        out: dict[tuple[int, int], dict[str, int]] = {}
        for name, value in fields.items():
            parts = name.split(":")
            if len(parts) != 3 or parts[0] == "left":
                continue
            phones, said = _parse(value)
            if phones > 0 and now - said <= EXPIRES_SECONDS:
                seats = out.setdefault((round_number, int(parts[0])), {})
                seats[parts[1]] = seats.get(parts[1], 0) + phones
        return out

    def empty_since(self, key: Key, seat: str) -> datetime | None:
        """When the last phone of ``seat`` left the table (None: connected, or never seen):
        with Redis, in every process (a dead process's phones left at its last refresh)."""
        event_id, round_number, table = key
        fields = self._fields(event_id, round_number)
        if fields is None:
            with self._lock:
                return self._left.get((key, seat))
        phones, last_said = self._seat_phones(fields, table, seat)
        if phones:
            return None
        left = fields.get(f"left:{table}:{seat}")
        times = [datetime.fromtimestamp(last_said, UTC)] if last_said > -math.inf else []
        if left is not None:
            with contextlib.suppress(ValueError):
                times.append(datetime.fromisoformat(left))
        return max(times) if times else None

    # ------------------------------------------------------------------ Redis

    def _field(self, table: int, seat: str) -> str:
        return f"{table}:{seat}:{self.process}"

    def _value(self, phones: int) -> str:
        return f"{phones} {self.clock():.3f}"

    def _seat_phones(self, fields: dict[str, str], table: int, seat: str) -> tuple[int, float]:
        """The seat's phones in the live processes, and the latest time a process that is
        gone said it had some (-inf: none)."""
        now, phones, gone = self.clock(), 0, -math.inf
        prefix = f"{table}:{seat}:"
        for name, value in fields.items():
            if name.startswith(prefix):
                count, said = _parse(value)
                if now - said <= EXPIRES_SECONDS:
                    phones += count
                elif count > 0:
                    gone = max(gone, said)
        return phones, gone

    def _fields(self, event_id: str, round_number: int) -> dict[str, str] | None:
        """The round's hash (read again after :data:`READ_AGAIN_SECONDS`), None without
        Redis or while it does not answer."""
        if self.redis is None:
            return None
        now = time.monotonic()
        cached = self._read.get((event_id, round_number))
        if cached is not None and now - cached[0] < self.reuse:
            return cached[1]
        try:
            raw = self.redis.hgetall(_round_key(event_id, round_number))
        except RedisError as error:
            self._failed(error)
            return None
        fields = {_text(k): _text(v) for k, v in raw.items()}
        self._read[(event_id, round_number)] = (now, fields)
        return fields

    def _seat_fields(
        self, event_id: str, round_number: int, table: int, seat: str
    ) -> dict[str, str] | None:
        """The fields of one seat of one table in the round's hash (every process's), read
        by Redis's HSCAN on the seat's prefix: a phone leaving reads its seat, not the
        round's whole hash (2,000 fields for a 500-table round); None while Redis does not
        answer."""
        assert self.redis is not None
        try:
            found = self.redis.hscan_iter(
                _round_key(event_id, round_number), match=f"{table}:{seat}:*", count=1000
            )
            return {_text(k): _text(v) for k, v in found}
        except RedisError as error:
            self._failed(error)
            return None

    def _shared(self, event_id: str, round_number: int, write: Callable[[Any], Any]) -> None:
        """Write into the round's hash (and keep it :data:`ROUND_KEEP_SECONDS`); the round is
        read again at the next question."""
        assert self.redis is not None
        self._read.pop((event_id, round_number), None)
        try:
            pipe = self.redis.pipeline()
            write(pipe)
            pipe.expire(_round_key(event_id, round_number), ROUND_KEEP_SECONDS)
            pipe.execute()
        except RedisError as error:
            self._failed(error)

    def refresh(self) -> None:
        """Write every seat of this process's sockets again, with the time now (what keeps
        them from expiring; what brings them back into a restarted Redis)."""
        if self.redis is None:
            return
        with self._lock:
            present = {key: dict(seats) for key, seats in self._present.items()}
        rounds: dict[tuple[str, int], dict[str, str]] = {}
        for (event_id, round_number, table), seats in present.items():
            fields = rounds.setdefault((event_id, round_number), {})
            for seat, phones in seats.items():
                fields[self._field(table, seat)] = self._value(phones)
        if not rounds:
            return
        try:
            pipe = self.redis.pipeline()
            for (event_id, round_number), fields in rounds.items():
                name = _round_key(event_id, round_number)
                pipe.hset(name, mapping=fields)  # type: ignore[arg-type]
                pipe.expire(name, ROUND_KEEP_SECONDS)
                self._read.pop((event_id, round_number), None)
            pipe.execute()
        except RedisError as error:
            self._failed(error)

    def _start_refresher(self) -> None:
        with self._lock:
            if self._refresher is not None:
                return
            self._refresher = threading.Thread(
                target=self._refresh_forever, name="arbitro-presence", daemon=True
            )
        self._refresher.start()

    def _refresh_forever(self) -> None:
        while not self._closed.wait(REFRESH_SECONDS):
            self.refresh()

    def close(self) -> None:
        """Stop refreshing this process's seats (they expire, as a dead process's)."""
        self._closed.set()

    def _failed(self, error: Exception) -> None:
        now = time.monotonic()
        if now - self._logged >= LOG_EVERY:
            self._logged = now
            _log.warning(
                gettext(
                    "Redis did not answer ({error}): the desk shows this process's phones"
                    " only until it answers again",
                    error=str(error),
                )
            )


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _parse(value: str) -> tuple[int, float]:
    """A process's field: its phones of the seat, and when it said so (epoch seconds)."""
    try:
        phones, said = value.split()
        return int(phones), float(said)
    except ValueError:
        return 0, -math.inf


_DEFAULT: list[Presence] = []
_DEFAULT_LOCK = threading.Lock()


def presence() -> Presence:
    """This process's :class:`Presence`: on ``$ARBITRO_REDIS_URL`` when it is set (several
    processes), else in memory; made at its first use."""
    with _DEFAULT_LOCK:
        if not _DEFAULT:
            url = redis_url()
            _DEFAULT.append(Presence(redis_client(url) if url else None))
        return _DEFAULT[0]


def joined(key: Key, seat: str) -> None:
    """A phone of ``seat`` connected to the table ``key`` (:meth:`Presence.joined`)."""
    presence().joined(key, seat)


_WRITER: list[ThreadPoolExecutor] = []


def _writer() -> ThreadPoolExecutor:
    """The one thread that writes the sockets' joins and leaves into Redis, in the order
    they came (a seat's count written last is its latest)."""
    with _DEFAULT_LOCK:
        if not _WRITER:
            _WRITER.append(ThreadPoolExecutor(1, thread_name_prefix="arbitro-presence-write"))
        return _WRITER[0]


async def join(key: Key, seat: str) -> None:
    """A socket's :func:`joined`, never blocking the event loop (issue 33: 2,000 phones
    connecting to one process waited for each other's Redis round trip on the loop that
    makes their handshakes): written by :func:`_writer`'s thread with Redis, at once in
    memory without it. Returns once the seat is written (the phone's first view comes
    after: the desk of any process shows it connected by then)."""
    shared = presence()
    if shared.redis is None:
        shared.joined(key, seat)
        return
    await asyncio.wrap_future(_writer().submit(shared.joined, key, seat))


def leave(key: Key, seat: str, now: datetime) -> None:
    """A socket's :func:`left` at ``now``, never blocking the event loop: with Redis,
    queued for :func:`_writer`'s thread after the same socket's :func:`join`."""
    shared = presence()
    if shared.redis is None:
        shared.left(key, seat, now)
        return
    _writer().submit(shared.left, key, seat, now)


def left(key: Key, seat: str, now: datetime) -> None:
    """A phone of ``seat`` disconnected at ``now`` (:meth:`Presence.left`)."""
    presence().left(key, seat, now)


def connected(event_id: str, round_number: int) -> dict[tuple[int, int], dict[str, int]]:
    """The round's tables' connected seats: (round, table) → seat → phones."""
    return presence().connected(event_id, round_number)


def empty_since(key: Key, seat: str) -> datetime | None:
    """When the last phone of ``seat`` left (None: connected, or never seen)."""
    return presence().empty_since(key, seat)
