"""Chaos benchmark of the table-side score entry: 250 tables submitting and confirming their
sheets from phones while the app is killed with SIGKILL at random moments (and, on
PostgreSQL, the database server itself is stopped as by a crash and started again).
Whatever a phone was told is recorded must be recorded, once.

Method (on bench/web_load.py's pieces: its database, event set-up and app start):
  1. A fresh database (SQLite file, or ``--postgres-start``: a throwaway PostgreSQL server
     as tests/postgres.py starts it) and a ``--pairs`` event (default 500 pairs, 250
     tables), round 1 seated by draw and published, built through ``EventService``.
  2. A supervisor thread runs the app (uvicorn subprocess, one worker, same database, same
     port) and starts it again as soon as it dies.
  3. A killer thread, seeded (``--seed``), sends SIGKILL to the app at ``--kills`` random
     moments over the ``--spread`` window (a moment that finds the app down waits until it
     is up again, then up to one more second); on PostgreSQL it also restarts the server
     ``--pg-restarts`` times (``pg_ctl stop -m immediate``, no checkpoint, then start on the
     same data directory: recovery from the WAL).
  4. Each table starts at a random moment of the ``--spread`` window; its N-S phone opens
     the table page and sends the sheet, then its E-O phone (its own cookies, so its own
     device) opens the page and sends the same numbers. Each phone behaves as a real one:
     the sheet form carries a one-time idempotency key (``_key``, as web/guard.py reads it);
     on a connection error, a timeout, a 5xx, a 429, or the 409 "already being recorded" it
     waits briefly (0.2 s doubling to 2 s) and sends THE SAME submission with THE SAME key
     again, until it gets an answer: a 303 (or 200) is an acknowledgement, recorded with
     its table, line and numbers; any other answer is a refusal (a failure of the run). A
     phone that gets no answer within ``--patience`` seconds gives up (a failure).
  5. At the end (app up, all phones done) the event is read from the database through
     ``RecordStore``/``EventService``: lost = acknowledged submissions with no sheet record
     of that table, line and numbers; duplicated = sheet records beyond the first per
     (table, line) (a phone that re-sent after a kill when its first POST was stored but not
     acknowledged must be answered through the key, not stored twice); tables confirmed by
     both lines; on SQLite ``PRAGMA integrity_check``. Also reported: idempotency keys left
     pending (a request killed between claiming its key and settling it).
  Exit status 1 if anything is lost, duplicated, refused, unacknowledged or unconfirmed.

Only loopback addresses; a bounded number of requests.
Run: .venv/bin/python bench/chaos.py [--kills 30] [--spread 60]
     .venv/bin/python bench/chaos.py --postgres-start --kills 20 --pg-restarts 5
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib.util
import json
import os
import random
import re
import secrets
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store.schema import idempotency_keys
from arbitro.tournament import commands
from arbitro.tournament.records import RecordKind
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import path_line_code, table_path


def _load_web_load() -> Any:
    """bench/web_load.py (next to this file), loaded by path: bench is no package."""
    loaded = sys.modules.get("web_load")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(
        "web_load", Path(__file__).with_name("web_load.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["web_load"] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:  # mypy reads it as the module it is
    import bench.web_load as web_load
else:
    web_load = _load_web_load()

KEY_IN_USE = "already being recorded"
"""The 409 of a key whose first request is still running (web/guard.py): wait and re-send."""


@dataclass(frozen=True)
class Ack:
    """An acknowledged submission: the phone was told its sheet is recorded."""

    table: int
    line: str
    entry: SheetEntry


@dataclass
class Tally:
    """What the phones and the killer did, shared by their threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0
    retries: int = 0
    transport_errors: int = 0
    server_errors: int = 0
    key_in_use: int = 0
    too_many: int = 0
    replayed: int = 0
    acks: list[Ack] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    gave_up: list[str] = field(default_factory=list)
    kills: int = 0
    pg_restarts: int = 0
    app_starts: int = 0

    def add(self, name: str, n: int = 1) -> None:
        with self.lock:
            setattr(self, name, getattr(self, name) + n)


class Supervisor:
    """Runs the app on one port and starts it again as soon as it dies."""

    def __init__(self, url: str, secret_text: str, tally: Tally) -> None:
        self.url = url
        self.secret_text = secret_text
        self.port = web_load.free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.tally = tally
        self.lock = threading.Lock()
        self.process: subprocess.Popen[bytes] | None = None
        self.up = threading.Event()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, name="supervisor", daemon=True)
        # The app's stderr (its tracebacks), counted at the end; closed by tracebacks().
        self.log = tempfile.TemporaryFile()  # noqa: SIM115

    def run(self) -> None:
        while not self.stopping.is_set():
            with self.lock:
                if self.stopping.is_set():
                    return
                process = self.process = web_load.start_app(
                    self.url, self.secret_text, self.port, self.log
                )
            self.tally.add("app_starts")
            try:
                ready = web_load.wait_until_up(self.base, process, timeout=120)
            except SystemExit:  # hung at start: kill it and start again
                process.kill()
                ready = False
            if ready:
                self.up.set()
            process.wait()
            self.up.clear()
            if not ready:
                time.sleep(0.2)  # e.g. the database is down: do not spin

    def kill(self) -> bool:
        """SIGKILL the running app (True), if it is up."""
        with self.lock:
            process = self.process
            if process is None or process.poll() is not None or not self.up.is_set():
                return False
            os.kill(process.pid, signal.SIGKILL)
            return True

    def start(self) -> None:
        self.thread.start()
        if not self.up.wait(timeout=180):
            raise SystemExit("the app did not start")

    def stop(self) -> None:
        with self.lock:
            self.stopping.set()
            process = self.process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.thread.join(timeout=30)

    def tracebacks(self) -> int:
        """How many tracebacks the app wrote (e.g. while PostgreSQL was down)."""
        self.log.seek(0)
        count = self.log.read().count(b"Traceback (most recent call last)")
        self.log.close()
        return count


def killer(
    supervisor: Supervisor,
    schedule: list[tuple[float, str]],
    began: float,
    server: Any,
    rng: random.Random,
    tally: Tally,
    done: threading.Event,
) -> None:
    """At each scheduled moment, SIGKILL the app ("app") or restart PostgreSQL ("pg")."""
    for at, what in schedule:
        if done.wait(timeout=max(0.0, began + at - time.perf_counter())):
            return
        if what == "pg":
            server.restart(immediate=True)
            tally.add("pg_restarts")
            continue
        while not done.is_set():
            if supervisor.up.wait(timeout=1):
                time.sleep(rng.uniform(0, 1.0))
                if supervisor.kill():
                    tally.add("kills")
                    break


def send(
    c: httpx.Client,
    method: str,
    url: str,
    tally: Tally,
    patience: float,
    seen: Counter[str] | None = None,
    **kw: Any,
) -> httpx.Response | None:
    """One submission, sent again (same body, same key) until the app answers it; None if
    no answer came within ``patience`` seconds."""
    deadline = time.monotonic() + patience
    wait = 0.2
    first = True
    while time.monotonic() < deadline:
        if not first:
            tally.add("retries")
            time.sleep(wait * random.uniform(0.5, 1.5))
            wait = min(2.0, wait * 2)
        first = False
        tally.add("requests")
        try:
            reply = c.request(method, url, **kw)
        except httpx.TransportError:  # refused, reset, timed out: the app is down or dying
            tally.add("transport_errors")
            if seen is not None:
                seen["connection"] += 1
            continue
        if reply.status_code >= 500:
            tally.add("server_errors")
            if seen is not None:
                seen[str(reply.status_code)] += 1
            continue
        if reply.status_code == 429:
            tally.add("too_many")
            if seen is not None:
                seen["429"] += 1
            continue
        if reply.status_code == 409 and KEY_IN_USE in reply.text:
            tally.add("key_in_use")
            if seen is not None:
                seen["409 in use"] += 1
            continue
        return reply
    return None


def phone(
    base: str,
    path: str,
    table: int,
    line: str,
    entry: SheetEntry,
    tally: Tally,
    patience: float,
    secret: bytes,
) -> bool:
    """One line's phone: open the table page, send the sheet until acknowledged (True)."""
    with httpx.Client(timeout=10, follow_redirects=False, cookies={"lang": "en"}) as c:
        page = send(c, "GET", f"{base}{path}?line={line}", tally, patience)
        if page is None or page.status_code != 200:
            tally.gave_up.append(f"table {table} {line}: page {page and page.status_code}")
            return False
        data = {**entry_values(entry), "line": line, "round": "1"}
        data["proof"] = path_line_code(secret, path, line)  # the line's code (issue 29)
        data["_key"] = secrets.token_urlsafe(18)  # the form's one-time key
        seen: Counter[str] = Counter()
        reply = send(c, "POST", f"{base}{path}", tally, patience, seen, data=data)
    if reply is None:
        tally.gave_up.append(f"table {table} {line}: no answer in {patience:g} s: {dict(seen)}")
        return False
    if reply.status_code in (200, 303):
        if reply.headers.get("Idempotent-Replayed"):
            tally.add("replayed")
        with tally.lock:
            tally.acks.append(Ack(table, line, entry))
        return True
    with tally.lock:
        tally.refusals.append(f"table {table} {line}: {reply.status_code} {alert(reply.text)}")
    return False


def alert(page: str) -> str:
    """The refusal's message on an error page."""
    found = re.search(r'role="alert">(.*?)</', page, re.DOTALL)
    return html.unescape(found.group(1)) if found else page[-200:]


def one_table(
    base: str,
    path: str,
    table: int,
    entry: SheetEntry,
    tally: Tally,
    patience: float,
    secret: bytes,
) -> None:
    """N-S sends the sheet; once acknowledged, E-O confirms it from its own phone."""
    phone(base, path, table, "ns", entry, tally, patience, secret)
    # E-O confirms even if N-S was refused or gave up (its players tell E-O to go on): the
    # table can still be confirmed, and every refusal is reported.
    phone(base, path, table, "ew", entry, tally, patience, secret)


@dataclass
class Findings:
    """The database read at the end."""

    stored: int
    lost: list[str]
    duplicated: list[str]
    confirmed: int
    integrity: str
    pending_keys: int


def payload_text(payload: Any) -> str:
    return json.dumps(payload, sort_keys=True, default=list)


def check(url: str, event: str, sheets: dict[int, SheetEntry], acks: list[Ack]) -> Findings:
    """Compare the acknowledgements with what the database holds."""
    with RecordStore(url) as store:
        svc = EventService(store)
        state = svc.state(event)
        kind = state.sheet_kind
        stored: dict[tuple[int, str], list[str]] = {}
        for r in store.records(event):
            if r.kind == RecordKind.SHEET_ENTERED.value and r.payload.get("round") == 1:
                key = (int(r.payload["table"]), str(r.payload.get("line")))
                stored.setdefault(key, []).append(payload_text(r.payload["entry"]))
        lost = [
            f"table {a.table} {a.line}"
            for a in acks
            if payload_text(json.loads(payload_text(kind.payload(a.entry))))
            not in stored.get((a.table, a.line), [])
        ]
        counts = Counter({k: len(v) for k, v in stored.items()})
        duplicated = [f"table {t} {line} x{n}" for (t, line), n in counts.items() if n > 1]
        confirmed = sum(1 for t in sheets if commands.sheet_status(state, 1, t) == "confirmed")
        with store.engine.connect() as connection:
            pending = len(
                connection.execute(
                    idempotency_keys.select().where(idempotency_keys.c.status == 0)
                ).all()
            )
    integrity = "n/a (PostgreSQL)"
    if url.startswith("sqlite:///"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
            integrity = str(db.execute("PRAGMA integrity_check").fetchone()[0])
    return Findings(
        sum(counts.values()), lost, duplicated, confirmed, integrity, pending_keys=pending
    )


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--pairs", type=int, default=web_load.PAIRS, help="pairs (2 a table)")
    parser.add_argument("--kills", type=int, default=30, help="SIGKILLs of the app")
    parser.add_argument("--pg-restarts", type=int, default=0, help="PostgreSQL crash-restarts")
    parser.add_argument("--spread", type=float, default=60.0, help="seconds: tables and kills")
    parser.add_argument("--workers", type=int, default=32, help="concurrent tables (max 64)")
    parser.add_argument("--patience", type=float, default=180.0, help="a phone gives up after")
    parser.add_argument("--postgres", default="", help="loopback PostgreSQL admin URL")
    parser.add_argument("--postgres-start", action="store_true", help="start a throwaway one")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.durable = True  # a crash-restarted PostgreSQL keeps what it acknowledged
    if args.pg_restarts and not args.postgres_start:
        parser.error("--pg-restarts needs --postgres-start (a server this run may restart)")
    return args


def run(args: argparse.Namespace) -> int:
    """The whole run; prints the report and returns the exit status (0: every check held)."""
    rng = random.Random(args.seed)
    secret_text = secrets.token_hex(16)
    secret = hashlib.sha256(secret_text.encode()).digest()  # as web/secret.py derives it
    event = web_load.EVENT
    tally = Tally()
    workers = max(1, min(args.workers, 64))
    started = time.perf_counter()
    with web_load.database_and_server(args) as (url, server):
        kind = "postgresql" if url.startswith("postgresql") else "sqlite"
        sheets, setup_s = web_load.set_up(url, rng, args.pairs)
        paths = {t: table_path(secret, event, t) for t in sheets}
        starts = sorted((rng.uniform(0, args.spread), t) for t in sheets)
        schedule = sorted(
            [(rng.uniform(0, args.spread), "app") for _ in range(args.kills)]
            + [(rng.uniform(0, args.spread), "pg") for _ in range(args.pg_restarts)]
        )
        supervisor = Supervisor(url, secret_text, tally)
        done = threading.Event()
        try:
            supervisor.start()
            began = time.perf_counter()
            chaos = threading.Thread(
                target=killer,
                args=(supervisor, schedule, began, server, random.Random(args.seed + 1), tally),
                kwargs={"done": done},
                name="killer",
            )
            chaos.start()
            with ThreadPoolExecutor(max_workers=workers) as pool:
                futures = []
                for offset, table in starts:
                    delay = began + offset - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)
                    futures.append(
                        pool.submit(
                            one_table,
                            supervisor.base,
                            paths[table],
                            table,
                            sheets[table],
                            tally,
                            args.patience,
                            secret,
                        )
                    )
                for f in futures:
                    f.result()
            load_s = time.perf_counter() - began
            done.set()
            chaos.join()
            if not supervisor.up.wait(timeout=180):  # the end is read with the app alive
                raise SystemExit("the app did not come back")
            found = check(url, event, sheets, tally.acks)
        finally:
            done.set()
            supervisor.stop()
            tracebacks = supervisor.tracebacks()
    wall_s = time.perf_counter() - started
    tables = len(sheets)
    print(f"database: {kind}; {args.pairs} pairs, {tables} tables; seed {args.seed}")
    print(f"set-up: {setup_s:.1f} s; load with chaos: {load_s:.1f} s; wall: {wall_s:.1f} s")
    print(
        f"chaos: {tally.kills}/{args.kills} SIGKILLs of the app, "
        f"{tally.pg_restarts}/{args.pg_restarts} PostgreSQL restarts, "
        f"{tally.app_starts} app starts"
    )
    print(
        f"requests {tally.requests}, retries {tally.retries} (connection errors "
        f"{tally.transport_errors}, 5xx {tally.server_errors}, 409 key in use "
        f"{tally.key_in_use}, 429 {tally.too_many}); answers replayed from the key "
        f"{tally.replayed}; tracebacks in the app's log {tracebacks}"
    )
    print(
        f"acknowledged {len(tally.acks)}/{2 * tables}, stored {found.stored}, "
        f"lost {len(found.lost)}, duplicated {len(found.duplicated)}, "
        f"tables confirmed {found.confirmed}/{tables}"
    )
    print(
        f"refused {len(tally.refusals)}, gave up {len(tally.gave_up)}; "
        f"idempotency keys left pending {found.pending_keys}; integrity_check: {found.integrity}"
    )
    problems = [*found.lost, *found.duplicated, *tally.refusals, *tally.gave_up]
    if (
        problems
        or len(tally.acks) != 2 * tables
        or found.confirmed != tables
        or found.integrity not in ("ok", "n/a (PostgreSQL)")
    ):
        print("FAILED:", *problems[:10], sep="\n  ")
        return 1
    print("OK: acknowledged = stored, 0 lost, 0 duplicated, every table confirmed")
    return 0


def main() -> None:
    sys.exit(run(parse()))


if __name__ == "__main__":
    main()
