"""Load benchmark of the table-side score entry: 250 tables submitting and confirming their
sheets from phones within one minute, against the real app on loopback.

Method:
  1. A fresh database: a SQLite file in a temporary directory, or PostgreSQL (``--postgres
     URL`` of a loopback server where the bench may create a database, or
     ``--postgres-start`` to start a throwaway server as tests/postgres.py does).
  2. A 500-pair event (250 tables), 2 rounds of 2 deals, round 1 seated by draw and
     published, built through ``EventService`` (set-up, not timed).
  3. The app served by uvicorn in a subprocess (one worker) on 127.0.0.1; one untimed page
     view warms it up (the event loaded, the templates compiled), as on an evening when
     the server has been running since registration.
  4. 250 simulated tables, each: the N-S phone opens the table page and posts the sheet,
     then the E-O phone opens the page and posts the same numbers (confirming it): 4 HTTP
     requests per table, 1,000 in all. The tables start spread uniformly over ``--spread``
     seconds (default 30: every sheet within one minute), run by a bounded thread pool of
     httpx clients (``--workers``, default 32). ``--spread 0`` is a burst: all at once.
  5. Reported: p50/p99/max latency of all requests and of the sheet posts; the count of
     sheet posts acknowledged (303) and the count of sheet records stored, and the tables
     confirmed (both must match); the time from the last acknowledged sheet to round 2's
     published seating: publish round 1's standings, seat round 2 (Danish) and publish it,
     through ``EventService`` on the same database (target under 1 s for 250 tables).

Only loopback addresses; a bounded number of requests.
Run: .venv/bin/python bench/web_load.py [--spread 30] [--workers 32] [--postgres-start]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from arbitro.services.demo import random_deal
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import RecordKind
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import path_line_code, table_path

ROOT = Path(__file__).resolve().parent.parent
EVENT = "carico"
PAIRS = 500
DEALS = 2
LOOPBACK = {"127.0.0.1", "localhost", "::1", ""}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pg_helper() -> Any:
    """tests/postgres.py, loaded as a module (the throwaway server of the tests)."""
    loaded = sys.modules.get("pg_helper")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("pg_helper", ROOT / "tests" / "postgres.py")
    assert spec and spec.loader
    pg = importlib.util.module_from_spec(spec)
    sys.modules["pg_helper"] = pg
    spec.loader.exec_module(pg)
    return pg


@contextlib.contextmanager
def database_and_server(args: argparse.Namespace) -> Iterator[tuple[str, Any]]:
    """A fresh database URL (SQLAlchemy form) and the PostgreSQL server holding it (None for
    SQLite; a ``PostgresServer`` of tests/postgres.py), dropped or removed afterwards."""
    if not args.postgres and not args.postgres_start:
        with tempfile.TemporaryDirectory(prefix="arbitro-web-load-") as tmp:
            yield f"sqlite:///{Path(tmp) / 'load.sqlite3'}", None
        return
    pg = pg_helper()
    server = (
        pg.PostgresServer.external(args.postgres)
        if args.postgres
        else pg.PostgresServer.start(durable=getattr(args, "durable", False))
    )
    host = urlsplit(server.admin_url).hostname or ""
    if host not in LOOPBACK:
        raise SystemExit(f"PostgreSQL must be on loopback, not {host}")
    try:
        url = server.create_database()
        try:
            yield "postgresql+psycopg://" + url.split("://", 1)[1], server
        finally:
            server.drop_database(url)
    finally:
        if not args.postgres:
            server.stop()


@contextlib.contextmanager
def database(args: argparse.Namespace) -> Iterator[str]:
    """A fresh database URL (SQLAlchemy form), dropped or removed afterwards."""
    with database_and_server(args) as (url, _server):
        yield url


def set_up(url: str, rng: random.Random, pairs: int = PAIRS) -> tuple[dict[int, SheetEntry], float]:
    """The event with round 1 published; returns each table's sheet and the set-up time."""
    started = time.perf_counter()
    store = RecordStore(url)
    try:
        svc = EventService(store)
        config = EventConfig(
            "Prova di carico",
            EventFormat.PAIRS,
            2,
            (DEALS, DEALS),
            (Movement.DRAW, Movement.DANISH),
            seed=1,
        )
        svc.create_event(EVENT, config)
        for i in range(pairs):
            svc.run(EVENT, Register(f"Coppia {i + 1:03d}"))
        state = svc.seat(EVENT, 1, publish=True)
        seating = state.round(1).seating
        assert seating is not None
        sheets = {
            t.table: SheetEntry(tuple(random_deal(rng) for _ in range(DEALS)))
            for t in seating.tables
        }
    finally:
        store.close()
    return sheets, time.perf_counter() - started


def start_app(url: str, secret_text: str, port: int, stderr: Any = None) -> subprocess.Popen[bytes]:
    """The app under uvicorn (a subprocess, one worker) on ``port`` of 127.0.0.1; its
    ``stderr`` (e.g. a log file) is ours unless given."""
    env = dict(os.environ, ARBITRO_DATABASE_URL=url, ARBITRO_SECRET=secret_text)
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "arbitro.web.app:create_app",
        "--factory",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--no-access-log",
    ]
    return subprocess.Popen(command, env=env, stderr=stderr)


def wait_until_up(base: str, process: subprocess.Popen[bytes], timeout: float = 60) -> bool:
    """Wait until the app answers its home page (True), or its process ended (False);
    SystemExit after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/", timeout=2).status_code == 200:
                return True
        if process.poll() is not None:
            return False
        if time.monotonic() > deadline:
            raise SystemExit("the app did not start")
        time.sleep(0.1)


@contextlib.contextmanager
def serve(url: str, secret_text: str) -> Iterator[str]:
    """The app under uvicorn (a subprocess, one worker) on a free loopback port."""
    port = free_port()
    process = start_app(url, secret_text, port)
    base = f"http://127.0.0.1:{port}"
    try:
        if not wait_until_up(base, process):
            raise SystemExit("the app did not start")
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@dataclass
class Tally:
    """Latencies and acknowledgements, shared by the client threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    all_ms: list[float] = field(default_factory=list)
    get_ms: list[float] = field(default_factory=list)
    slowest: list[tuple[float, float, str]] = field(default_factory=list)
    post_ms: list[float] = field(default_factory=list)
    acknowledged: int = 0
    failures: list[str] = field(default_factory=list)
    last_ack: float = 0.0
    began: float = 0.0

    def record(self, ms: float, post: bool, ok: bool, what: str) -> None:
        with self.lock:
            self.all_ms.append(ms)
            self.slowest = sorted([*self.slowest, (ms, time.perf_counter(), what)])[-5:]
            if not post:
                self.get_ms.append(ms)
            if post:
                self.post_ms.append(ms)
                if ok:
                    self.acknowledged += 1
                    self.last_ack = time.perf_counter()
            if not ok:
                self.failures.append(what)


_local = threading.local()


def client(line: str) -> httpx.Client:
    """This thread's phone of ``line``: the N-S and E-O phones are two devices (two cookie
    jars), as a phone that signed for one line is refused for the other."""
    clients: dict[str, httpx.Client] | None = getattr(_local, "clients", None)
    if clients is None:
        clients = _local.clients = {}
    c = clients.get(line)
    if c is None:
        c = clients[line] = httpx.Client(timeout=30, follow_redirects=False)
    return c


def one_table(base: str, path: str, entry: SheetEntry, tally: Tally, secret: bytes) -> None:
    """The two phones of one table: N-S opens the page and sends; E-O opens it and confirms."""
    form = entry_values(entry)
    for line in ("ns", "ew"):
        c = client(line)
        t0 = time.perf_counter()
        page = c.get(f"{base}{path}?line={line}")
        tally.record((time.perf_counter() - t0) * 1000, False, page.status_code == 200, "GET page")
        t0 = time.perf_counter()
        proof = path_line_code(secret, path, line)  # the line's code (issue 29)
        reply = c.post(f"{base}{path}", data={**form, "line": line, "round": "1", "proof": proof})
        ok = reply.status_code == 303
        tally.record((time.perf_counter() - t0) * 1000, True, ok, f"POST {reply.status_code}")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--spread", type=float, default=30.0, help="seconds to start all tables")
    parser.add_argument("--workers", type=int, default=32, help="concurrent clients (max 64)")
    parser.add_argument("--postgres", default="", help="loopback PostgreSQL admin URL")
    parser.add_argument("--postgres-start", action="store_true", help="start a throwaway one")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    workers = max(1, min(args.workers, 64))
    rng = random.Random(args.seed)
    secret_text = secrets.token_hex(16)
    secret = hashlib.sha256(secret_text.encode()).digest()  # as web/secret.py derives it
    with database(args) as url:
        kind = "postgresql" if url.startswith("postgresql") else "sqlite"
        sheets, setup_s = set_up(url, rng)
        paths = {t: table_path(secret, EVENT, t) for t in sheets}
        starts = sorted((rng.uniform(0, args.spread), t) for t in sheets)
        tally = Tally()
        # The director's desk, open since the set-up (its event state loaded).
        with RecordStore(url) as store, serve(url, secret_text) as base:
            svc = EventService(store)
            svc.state(EVENT)
            # Warm-up (an evening's server is already running): the event loaded, templates
            # compiled. One page view, not counted.
            httpx.get(f"{base}{paths[min(paths)]}", timeout=30).raise_for_status()
            began = tally.began = time.perf_counter()
            with ThreadPoolExecutor(max_workers=workers) as pool:
                futures = []
                for offset, table in starts:
                    delay = began + offset - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)
                    futures.append(
                        pool.submit(one_table, base, paths[table], sheets[table], tally, secret)
                    )
                for f in futures:
                    f.result()
            load_s = time.perf_counter() - began
            # The director: standings of round 1, then round 2 seated (Danish) and published;
            # the director's service first catches up with the 500 sheets (inside the timing).
            op_start = time.perf_counter()
            svc.run(EVENT, values.PublishStandings(1))
            svc.seat(EVENT, 2, publish=True)
            op_end = time.perf_counter()
            seat_page = httpx.get(f"{base}/e/{EVENT}/seating", timeout=30)
            assert "turno 2" in seat_page.text
            state = svc.state(EVENT)
            stored = sum(
                1
                for r in store.records(EVENT)
                if r.kind == RecordKind.SHEET_ENTERED.value and r.payload.get("round") == 1
            )
            confirmed = sum(1 for t in sheets if commands.sheet_status(state, 1, t) == "confirmed")
    print(f"database: {kind}; {PAIRS} pairs, {len(sheets)} tables, {DEALS} deals a round")
    print(f"set-up (create, register, seat round 1; not timed below): {setup_s:.1f} s")
    print(f"load: spread {args.spread:g} s, {workers} client threads, {load_s:.1f} s in all")
    print(
        f"requests: {len(tally.all_ms)}; latency p50 {statistics.median(tally.all_ms):.1f} ms, "
        f"p99 {pct(tally.all_ms, 0.99):.1f} ms, max {max(tally.all_ms):.1f} ms"
    )
    print(
        f"page loads: {len(tally.get_ms)}; latency p50 {statistics.median(tally.get_ms):.1f} ms, "
        f"p99 {pct(tally.get_ms, 0.99):.1f} ms, max {max(tally.get_ms):.1f} ms"
    )
    slow = ", ".join(
        f"{what} {ms:.0f} ms at {at - tally.began:.1f} s" for ms, at, what in tally.slowest
    )
    print(f"slowest: {slow}")
    print(
        f"sheet posts: {len(tally.post_ms)}; latency p50 {statistics.median(tally.post_ms):.1f} "
        f"ms, p99 {pct(tally.post_ms, 0.99):.1f} ms, max {max(tally.post_ms):.1f} ms"
    )
    print(
        f"acknowledged {tally.acknowledged}, stored {stored} "
        f"({'equal' if stored == tally.acknowledged else 'MISMATCH'}); "
        f"tables confirmed {confirmed}/{len(sheets)}; failures {len(tally.failures)}"
    )
    print(
        f"last sheet -> round 2 seating published: {op_end - tally.last_ack:.3f} s "
        f"(catch up with the sheets + publish standings + seat Danish + publish: "
        f"{op_end - op_start:.3f} s)"
    )
    if tally.failures or stored != tally.acknowledged or confirmed != len(sheets):
        raise SystemExit(f"FAILED: {tally.failures[:5]}")


if __name__ == "__main__":
    main()
