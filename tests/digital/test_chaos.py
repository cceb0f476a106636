"""Issue 32's chaos test, with real processes: ``arbitro serve`` on a SQLite file (and, with
``-m slow``, on PostgreSQL), 50 digital
tables of bot phones (bench/phones.py: a WebSocket per seat, each sending the moves its view
offers) playing; the server is killed with SIGKILL in the middle of play and started again.
Every table resumes from the records (each goes on moving after the restart), and no move is
lost or recorded twice: every deal's move numbers in the log run 1, 2, 3... and every move a
phone saw acknowledged is in the log once, the same seat and move (a phone whose move was
not acknowledged when the server died sends the same move with the same number again).
No timing is asserted."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.request import urlopen

import pytest
from tests.web.fresh_loop import run_fresh

from arbitro.codes.registry import DEFAULT_CODE
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store.secret import SECRET_ENV, load_secret
from arbitro.tournament.digital.engine import engine_of

from .play import Clock, logged_moves, seated_event

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_phones() -> ModuleType:
    """bench/phones.py, the bot phones the bench uses too."""
    loaded = sys.modules.get("bench_phones")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("bench_phones", BENCH / "phones.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_phones"] = module
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``arbitro serve`` in a process of its own, started again at will."""

    def __init__(self, url: str, port: int, env: dict[str, str]) -> None:
        self.url, self.port, self.env = url, port, env
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        arbitro = Path(sys.executable).parent / "arbitro"
        self.process = subprocess.Popen(
            [str(arbitro), "--db", self.url, "serve", "--port", str(self.port)],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, "arbitro serve exited"
            try:
                with urlopen(f"{self.base}/", timeout=2):
                    return
            except OSError:
                assert time.monotonic() < deadline, "arbitro serve did not answer in 60 s"
                time.sleep(0.1)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        assert self.process is not None
        self.process.send_signal(sig)
        self.process.wait(timeout=30)


@pytest.fixture(
    params=[
        pytest.param(("sqlite", 10), id="sqlite-10", marks=pytest.mark.small_of_slow),
        pytest.param(("sqlite", 50), id="sqlite-50", marks=pytest.mark.slow),
        pytest.param(
            ("postgres", 50), id="postgres-50", marks=[pytest.mark.slow, pytest.mark.postgres]
        ),
    ]
)
def served(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Server, str, bytes, int]]:
    """An event of N tables opened as digital, and the server on its database (a SQLite
    file, or a PostgreSQL database of the test server): issue 32's 50 in the whole suite, 10 in
    the fast loop (``-m "not slow"``)."""
    kind, tables_count = request.param
    if kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'chaos.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_database_url")
    env = {**os.environ, SECRET_ENV: "chaos-test-secret"}
    before = os.environ.get(SECRET_ENV)
    os.environ[SECRET_ENV] = env[SECRET_ENV]
    try:
        store = RecordStore(url)
        try:
            svc = EventService(store, Clock())
            seated_event(svc, "caos", DEFAULT_CODE, tables=tables_count, deals=2)
            tables = DigitalTables(svc)
            for t in range(1, tables_count + 1):
                tables.open("caos", 1, t)
            secret = load_secret(store)
        finally:
            store.close()
    finally:
        if before is None:
            os.environ.pop(SECRET_ENV, None)
        else:
            os.environ[SECRET_ENV] = before
    server = Server(url, free_port(), env)
    server.start()
    try:
        yield server, url, secret, tables_count
    finally:
        if server.process is not None and server.process.poll() is None:
            server.kill(signal.SIGTERM)


async def _until(done: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


def test_the_server_killed_mid_play_every_table_resumes_no_move_lost_or_twice(
    served: tuple[Server, str, bytes, int],
) -> None:
    server, url, secret, tables = served
    phones_module = load_phones()
    tally = phones_module.Tally()
    seats = [s.value for s in engine_of(DEFAULT_CODE).seats]
    phones = phones_module.table_phones(
        server.base, secret, "caos", 1, range(1, tables + 1), seats, tally, seed=5
    )
    at_kill: dict[int, tuple[int, int]] = {}

    async def play() -> None:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(p.run(stop)) for p in phones]
        # every table under way, then the kill in the middle of play
        await _until(lambda: len(tally.at) == tables, 60, "not every phone connected")
        await _until(lambda: len(tally.acked) >= 2 * tables, 120, "too few moves before")
        await asyncio.to_thread(server.kill)
        at_kill.update(tally.at)
        await asyncio.to_thread(server.start)
        # every table moves on from where its records left it
        await _until(
            lambda: all(
                tally.at[t] >= (at_kill[t][0], at_kill[t][1] + 2) or t in tally.finished
                for t in range(1, tables + 1)
            ),
            180,
            "a table did not resume",
        )
        stop.set()
        await asyncio.gather(*tasks)

    run_fresh(play)  # a browser test may leave a loop running in this thread
    server.kill(signal.SIGTERM)
    store = RecordStore(url)
    try:
        moves = logged_moves(store, "caos")
    finally:
        store.close()
    logged = phones_module.moves_logged(moves)
    assert phones_module.log_faults(logged, tally) == []
    assert tally.reconnects >= len(phones)  # every phone lost its socket and came back
    assert not tally.refusals
    for t in range(1, tables + 1):  # nothing of a table before the kill is missing
        deal, n = at_kill[t]
        assert len(logged.get((t, deal), [])) >= n
