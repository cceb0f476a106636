"""Recovery after a crash: how soon the phones whose sends a SIGKILL interrupted are answered
once the server is up again (issue 29, "Bad luck": before, a key left pending by the killed
process answered "already being recorded" until it went stale, 30 s).

Method (on bench/web_load.py's pieces: its database, event set-up and app start):
  1. A throwaway PostgreSQL server (``--postgres-start``, as tests/postgres.py starts it, or
     ``--postgres URL`` on loopback) and a ``--pairs`` event (default 150 pairs: 75 tables),
     round 1 seated by draw and published.
  2. The app under uvicorn (one worker). The bench locks the ``records`` table (``LOCK TABLE
     ... IN EXCLUSIVE MODE``) so that every sheet sent now is held after its idempotency key
     is claimed and before it is recorded; each table's N-S phone sends its sheet (its own
     one-time key). Once the count of pending keys stops growing (1 s), the app is SIGKILLed
     (the "crash") and the lock released.
  3. The app is started again at once. Each phone re-sends THE SAME submission with THE SAME
     key as a real one does: after a connection error 0.2 s doubling to 1 s; after a 409
     "already being recorded" what its ``Retry-After`` says.
  4. Reported: keys pending at the kill, the restart (kill to the app answering), and per
     phone the time from the app being up to its acknowledgement (p50, max), the 409s seen,
     the sheets stored (each once).

Only loopback addresses; a bounded number of requests (each phone gives up after 120 s).
Run: .venv/bin/python bench/crash_recovery.py --postgres-start [--pairs 150]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import os
import random
import secrets
import signal
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
from sqlalchemy import func, select, text

from arbitro.store import RecordStore
from arbitro.store.schema import idempotency_keys
from arbitro.tournament.records import RecordKind
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


if TYPE_CHECKING:
    import bench.web_load as web_load
else:
    web_load = _load_web_load()

PATIENCE = 120.0


def pending(store: RecordStore) -> int:
    """How many idempotency keys are pending."""
    with store.engine.connect() as connection:
        return int(
            connection.execute(
                select(func.count()).where(idempotency_keys.c.status == 0)
            ).scalar_one()
        )


class Phone:
    """One N-S phone: its first send (cut by the kill), then its re-sends."""

    def __init__(self, base: str, path: str, data: dict[str, str]) -> None:
        self.client = httpx.Client(base_url=base, timeout=60, cookies={"lang": "en"})
        self.path = path
        self.data = data
        self.in_use = 0
        self.acked_at: float | None = None
        self.status = 0

    def first(self) -> None:
        with contextlib.suppress(httpx.TransportError):
            self.client.post(self.path, data=self.data)

    def resend(self) -> None:
        deadline = time.monotonic() + PATIENCE
        wait = 0.2
        while time.monotonic() < deadline:
            try:
                reply = self.client.post(self.path, data=self.data)
            except httpx.TransportError:
                time.sleep(wait)
                wait = min(1.0, wait * 2)
                continue
            if reply.status_code == 409 and "already being recorded" in reply.text:
                self.in_use += 1
                time.sleep(float(reply.headers.get("Retry-After", "2")))
                continue
            self.status = reply.status_code
            self.acked_at = time.perf_counter()
            return


def run(args: argparse.Namespace) -> int:
    """The whole run; prints the report; 0 if every phone was acknowledged, each sheet once."""
    secret_text = secrets.token_hex(16)
    secret = hashlib.sha256(secret_text.encode()).digest()
    event = web_load.EVENT
    with web_load.database_and_server(args) as (url, _server):
        sheets, _ = web_load.set_up(url, random.Random(args.seed), args.pairs)
        port = web_load.free_port()
        base = f"http://127.0.0.1:{port}"
        log = tempfile.TemporaryFile()  # noqa: SIM115
        app = web_load.start_app(url, secret_text, port, log)
        web_load.wait_until_up(base, app, timeout=120)
        phones = {
            t: Phone(
                base,
                table_path(secret, event, t),
                {
                    **entry_values(entry),
                    "line": "ns",
                    "round": "1",
                    "proof": path_line_code(secret, table_path(secret, event, t), "ns"),
                    "_key": secrets.token_urlsafe(18),
                },
            )
            for t, entry in sheets.items()
        }
        for phone in phones.values():
            phone.client.get(f"{phone.path}?line=ns")
        store = RecordStore(url)
        try:
            with ThreadPoolExecutor(max_workers=len(phones)) as pool:
                with store.engine.connect() as lock:
                    lock.execute(text("LOCK TABLE records IN EXCLUSIVE MODE"))
                    firsts = [pool.submit(p.first) for p in phones.values()]
                    seen, steady_since = -1, time.monotonic()
                    while time.monotonic() - steady_since < 1.0:
                        now = pending(store)
                        if now != seen:
                            seen, steady_since = now, time.monotonic()
                        time.sleep(0.05)
                    held = seen
                    killed_at = time.perf_counter()
                    os.kill(app.pid, signal.SIGKILL)
                    app.wait(timeout=30)
                    lock.rollback()
                for future in firsts:
                    future.result()
                app = web_load.start_app(url, secret_text, port, log)
                web_load.wait_until_up(base, app, timeout=120)
                up_at = time.perf_counter()
                for future in [pool.submit(p.resend) for p in phones.values()]:
                    future.result()
            stored = sum(
                1
                for r in store.records(event)
                if r.kind == RecordKind.SHEET_ENTERED.value and r.payload.get("round") == 1
            )
            left = pending(store)
        finally:
            store.close()
            app.terminate()
            app.wait(timeout=30)
            log.close()
            for phone in phones.values():
                phone.client.close()
    waits = [p.acked_at - up_at for p in phones.values() if p.acked_at is not None]
    refused = sum(1 for p in phones.values() if p.in_use)
    acked = sum(1 for p in phones.values() if p.status == 303)
    print(
        f"crash_recovery: {len(phones)} phones, keys pending at the SIGKILL {held}; "
        f"restart (kill to up) {up_at - killed_at:.2f} s"
    )
    print(
        f"after the restart: acknowledged {acked}/{len(phones)}, answer p50 "
        f"{statistics.median(waits):.2f} s, max {max(waits):.2f} s; phones told "
        f'"already being recorded" {refused} ({sum(p.in_use for p in phones.values())} '
        f"409s); sheets stored {stored}; keys left pending {left}"
    )
    return 0 if acked == len(phones) == stored else 1


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--pairs", type=int, default=150, help="pairs (2 a table)")
    parser.add_argument("--postgres", default="", help="loopback PostgreSQL admin URL")
    parser.add_argument("--postgres-start", action="store_true", help="start a throwaway one")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.postgres and not args.postgres_start:
        parser.error("the crash is staged with a PostgreSQL table lock: --postgres-start")
    return args


def main() -> None:
    sys.exit(run(parse()))


if __name__ == "__main__":
    main()
