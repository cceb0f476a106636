"""Bot phones of digital tables (issues 32 and 33): the one client of the chaos test
(tests/digital/test_chaos.py) and the benches (bench/digital_tables.py, bench/scale_out.py):
each phone is a seat's WebSocket (``/t/{token}/digital/{seat}/ws``, admitted by its seat's code in its cookie,
as a phone that opened its seat's link), playing as the page does: on every view it gets, if
it is offered moves, it sends one of them as ``{"deal", "n": n + 1, "move"}``.

A phone that loses its socket (the server killed, a network cut) connects again until
``stop``; if its last move was not acknowledged (no view past it came back) it sends THE SAME
move with THE SAME number again: the server records it once. A move is acknowledged when a
view past its number arrives (only the seat to play can make move ``n``). A move refused
(an error message: e.g. a race between processes lost 5 times on a store with one sequence
an event) is sent again at the next view offering it, at most ``RETRIES`` times, as a player
would, then another offered move is chosen; every refusal is in the tally.

Behind a proxy each phone notes which process holds its socket (the handshake's
``X-Arbitro-Worker``, web/factory.py), so that a run shows how its tables' phones were spread.

A phone may think before each new move (``think``: a range of seconds, drawn uniformly per
move, as players take 2-4 s; none by default, the saturated pace): the move's time starts
when it leaves, after the thought. A move sent again (not acknowledged, refused) is not
thought about again.

Times are ``time.perf_counter`` (one process: the bench's and the test's loop). Only
loopback addresses are used by the callers.

The benches' phones are one process standing for a room of phones, and its own garbage
collections stopped all of them at once: measured on 250 tables (1,000 sockets), 6 full
collections a minute of up to 210 ms and young ones of up to 45 ms, each delaying every
update it met as if the server had been slow (a real phone's pause delays only its own).
:func:`quiet_collector` keeps that process's collector out of a measured window."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token

Key = tuple[int, int, int]
"""A move of a table: (table, deal, n)."""

RETRIES = 3
"""A refused move is sent again at most this many times."""
PROCESS_HEADER = "X-Arbitro-Worker"
"""The handshake's header naming the process that holds the socket (web/factory.py)."""


@dataclass
class Tally:
    """What the phones of a run saw: the moves sent and acknowledged, when each move left and
    when each other phone of its table got the view past it, errors."""

    sent: dict[Key, tuple[str, str, float]] = field(default_factory=dict)  # seat, move, time
    acked: dict[Key, tuple[str, str]] = field(default_factory=dict)  # seat, move
    seen: dict[Key, list[float]] = field(default_factory=dict)  # other phones' arrival times
    resent: int = 0
    reconnects: int = 0
    causes: Counter[str] = field(default_factory=Counter)  # why sockets were lost
    refusals: list[str] = field(default_factory=list)
    at: dict[int, tuple[int, int]] = field(default_factory=dict)  # table -> (deal, n) seen
    finished: set[int] = field(default_factory=set)  # tables whose sheet is filled
    retried: int = 0  # refused moves sent again
    processes: dict[tuple[int, str], str] = field(default_factory=dict)  # (table, seat) -> label
    sizes: list[int] = field(default_factory=list)  # characters of each message received

    def spread(self) -> Counter[int]:
        """How many tables had their phones on 1, 2, 3... processes (last connections)."""
        per_table: dict[int, set[str]] = {}
        for (table, _), label in self.processes.items():
            per_table.setdefault(table, set()).add(label)
        return Counter(len(labels) for labels in per_table.values())

    def latencies(self) -> list[float]:
        """Seconds from a move's leaving to each other phone's view past it."""
        out: list[float] = []
        for key, times in self.seen.items():
            sent = self.sent.get(key)
            if sent is not None:
                out.extend(t - sent[2] for t in times)
        return out


def ws_base(http_base: str) -> str:
    """``ws://host:port`` for ``http://host:port``."""
    return http_base.replace("https://", "wss://").replace("http://", "ws://").rstrip("/")


class Phone:
    """One seat's bot phone at table ``table``."""

    def __init__(
        self,
        base: str,
        secret: bytes,
        event: str,
        round_number: int,
        table: int,
        seat: str,
        tally: Tally,
        rng: random.Random,
        think: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        token = make_token(secret, event, table, round_number)
        self.url = f"{ws_base(base)}/t/{token}/digital/{seat}/ws"
        self.cookie = (
            f"arbitro_seat_{seat}={seat_code(secret, token, seat)}; "
            f"arbitro_device=bot-{table}-{seat}-{rng.getrandbits(64):016x}"
        )
        self.table, self.seat, self.tally, self.rng = table, seat, tally, rng
        self.pending: tuple[int, int, str] | None = None  # deal, n, move not yet acknowledged
        self.last: tuple[int, int] = (0, -1)
        self.fresh = False  # no view yet on this connection
        self.refused = False  # an error came since the pending move was sent
        self.retries = 0
        self.think = think  # seconds before each new move: drawn in [low, high]
        self.stop: asyncio.Event | None = None

    async def run(self, stop: asyncio.Event, stop_at_sheet: bool = True) -> None:
        """Play until ``stop`` (or the table's sheet is filled), connecting again whenever
        the socket is lost."""
        self.stop = stop
        delay = 0.1
        while not stop.is_set():
            try:
                async with connect(
                    self.url,
                    additional_headers={"Cookie": self.cookie},
                    open_timeout=10,
                    ping_interval=None,
                    max_size=2**22,
                ) as socket:
                    delay, self.fresh = 0.1, True
                    label = socket.response.headers.get(PROCESS_HEADER) if socket.response else None
                    if label:
                        self.tally.processes[(self.table, self.seat)] = label
                    if await self._play(socket, stop, stop_at_sheet):
                        return
            except (OSError, WebSocketException, TimeoutError) as err:
                self.tally.causes[f"{type(err).__name__}: {err}"[:80]] += 1
            if stop.is_set():
                return
            self.tally.reconnects += 1
            await asyncio.sleep(delay + self.rng.random() * delay)
            delay = min(delay * 2, 1.0)

    async def _play(
        self, socket: ClientConnection, stop: asyncio.Event, stop_at_sheet: bool
    ) -> bool:
        """Answer views until ``stop``; True once the table's sheet is filled."""
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(socket.recv(), timeout=0.5)
            except TimeoutError:
                continue
            arrived = time.perf_counter()
            self.tally.sizes.append(len(text))
            data = json.loads(text)
            if data.get("type") == "error":
                self.tally.refusals.append(f"{self.table} {self.seat}: {data.get('message')}")
                self.refused = self.pending is not None
                continue
            view: dict[str, Any] = data["view"]
            await self._on_view(socket, view, arrived)
            if view.get("sheet") and stop_at_sheet:
                self.tally.finished.add(self.table)
                return True
        return False

    async def _on_view(
        self, socket: ClientConnection, view: dict[str, Any], arrived: float
    ) -> None:
        deal, n = int(view["deal"]), int(view["n"])
        tally = self.tally
        fresh, self.fresh = self.fresh, False
        if (deal, n) > self.last:
            for k in self._between(self.last, (deal, n)):
                if k in tally.sent and tally.sent[k][0] != self.seat:
                    tally.seen.setdefault(k, []).append(arrived)
            self.last = (deal, n)
        if (deal, n) > tally.at.get(self.table, (0, -1)):
            tally.at[self.table] = (deal, n)
        if self.pending is not None:
            p_deal, p_n, p_move = self.pending
            if (deal, n) >= (p_deal, p_n):  # a view past it: recorded
                tally.acked[(self.table, p_deal, p_n)] = (self.seat, p_move)
                self.pending = None
            elif fresh and (deal, n) == (p_deal, p_n - 1) and view["moves"]:
                await socket.send(json.dumps({"deal": p_deal, "n": p_n, "move": p_move}))
                tally.resent += 1  # not recorded yet (or its answer lost): the same again
                return
            elif self.refused and (deal, n) == (p_deal, p_n - 1):
                self.refused = False
                if self.retries < RETRIES and p_move in view["moves"]:
                    self.retries += 1
                    tally.retried += 1
                    tally.sent[(self.table, p_deal, p_n)] = (self.seat, p_move, time.perf_counter())
                    await socket.send(json.dumps({"deal": p_deal, "n": p_n, "move": p_move}))
                    return
                self.pending = None  # refused for good: another move
        moves = view["moves"]
        if moves and self.pending is None:
            move = self.rng.choice(moves)
            if await self._thought():
                return  # stopped while thinking
            self.pending, self.retries = (deal, n + 1, move), 0
            tally.sent[(self.table, deal, n + 1)] = (self.seat, move, time.perf_counter())
            await socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))

    async def _thought(self) -> bool:
        """Think before a new move (``think``); True if ``stop`` came meanwhile."""
        low, high = self.think
        if high <= 0:
            return False
        pause = self.rng.uniform(low, high)
        if self.stop is None:
            await asyncio.sleep(pause)
            return False
        try:
            await asyncio.wait_for(self.stop.wait(), timeout=pause)
        except TimeoutError:
            return False
        return True

    def _between(self, before: tuple[int, int], now: tuple[int, int]) -> Iterable[Key]:
        """The moves of this table made between two views (of the same deal, or the last
        ones of the previous deal are not timed)."""
        if before[0] == now[0]:
            return ((self.table, now[0], k) for k in range(before[1] + 1, now[1] + 1))
        return ((self.table, now[0], k) for k in range(1, now[1] + 1))


def table_phones(
    base: str,
    secret: bytes,
    event: str,
    round_number: int,
    tables: Iterable[int],
    seats: Iterable[str],
    tally: Tally,
    seed: int,
    think: tuple[float, float] = (0.0, 0.0),
) -> list[Phone]:
    """A phone for every seat of every table (``think``: see :class:`Phone`)."""
    chosen = list(seats)
    return [
        Phone(
            base,
            secret,
            event,
            round_number,
            t,
            s,
            tally,
            random.Random(f"{seed}-{t}-{s}"),
            think,
        )
        for t in tables
        for s in chosen
    ]


def moves_logged(records: Iterable[Any]) -> dict[tuple[int, int], list[tuple[int, str, str]]]:
    """The ``digital-move`` records of a round's tables as the log holds them, per (table,
    deal): each move's number, seat and notation, in the log's order."""
    out: dict[tuple[int, int], list[tuple[int, str, str]]] = {}
    for body in records:
        out.setdefault((body.table, body.deal), []).append((body.n, body.seat, body.move))
    return out


def log_faults(
    logged: dict[tuple[int, int], list[tuple[int, str, str]]], tally: Tally
) -> list[str]:
    """What is wrong in the log against the phones: a deal's numbers not 1, 2, ... in order
    (a move lost or recorded twice), an acknowledged move absent or another in its place."""
    faults = []
    for (table, deal), moves in sorted(logged.items()):
        numbers = [n for n, _, _ in moves]
        if numbers != list(range(1, len(numbers) + 1)):
            faults.append(f"table {table} deal {deal}: numbers {numbers}")
    for (table, deal, n), (seat, move) in sorted(tally.acked.items()):
        moves = logged.get((table, deal), [])
        found = [m for m in moves if m[0] == n]
        if found != [(n, seat, move)]:
            faults.append(f"table {table} deal {deal} move {n} {seat} {move!r}: logged {found}")
    return faults


def think_range(text: str) -> tuple[float, float]:
    """``--think`` of the benches: ``LOW-HIGH`` or ``S`` seconds (``0``: no thought, the
    saturated pace)."""
    low, _, high = text.partition("-")
    pace = (float(low), float(high or low))
    if pace[0] < 0 or pace[1] < pace[0]:
        raise argparse.ArgumentTypeError(f"not a range of seconds: {text}")
    return pace


@contextmanager
def quiet_collector() -> Iterator[list[int]]:
    """The phones' process collects and freezes its heap, then makes no collection until the
    block ends (its cyclic garbage waits until then; the benches' windows are a minute or
    less); yields
    a list that holds, after the block, how many collections ran in it (0 unless one was
    asked for explicitly). The servers measured are untouched."""
    ran = [0]

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            ran[0] += 1

    gc.collect()
    gc.freeze()
    gc.disable()
    gc.callbacks.append(count)
    try:
        yield ran
    finally:
        gc.callbacks.remove(count)
        gc.enable()
        gc.unfreeze()
