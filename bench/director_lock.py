"""Director-lock benchmark (issue 13 §3): do the director's long actions stall the table pages
the phones need?

Method:
  1. A fresh SQLite database in a temporary directory: a director account and a 500-pair
     event (250 tables) with round 1 seated and published; an event file of ``--records``
     records (default 10,000: an event with that many registrations, exported compactly).
  2. The app served by uvicorn in a subprocess (one worker) on 127.0.0.1 (see
     ``login_flood.serve``); the director logs in over HTTP.
  3. Quiet: ``--probes`` GETs of a table page (``/t/<token>``) from ``--probe-workers``
     threads; p50/p99/max latency.
  4. Printing: the director downloads the 250 table cards PDF again and again while the same
     probes run; then importing: the director posts the event file again and again (each
     time as a new event). Reported for each: probe p50/p99/max, the p99 ratio to quiet (in the
     same run), and how long each director action took.
  5. The desk watching the room (issue 14): two more 500-pair events (250 tables, round 1
     seated and published). The phones of ``--sheet-workers`` threads post the sheets of one
     event, N-S then E-O of every table (500 POSTs, each the sheet's first or second line),
     with nobody at the desk; then the sheets of the other event while the director reloads
     its round page (``/desk/e/<event>/r/1``, the 250 tables with their sheets) again and
     again (``--desk-every`` seconds apart; 0, the default: back to back). Reported:
     sheet-post p50/p99/max without and with the desk viewer, the p99 ratio, and the round
     page's time. ``--only desk`` runs this part alone.

Only loopback addresses; bounded in time.
Run: .venv/bin/python bench/director_lock.py [--records 30000] [--probes 200] [--only desk] [--desk-every 0.5]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import secrets
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent.parent))  # the repository: bench.* by name

from bench.login_flood import p99, probe, serve, summary

from arbitro.services.event_file import export_event
from arbitro.services.events import EventService
from arbitro.store import RecordStore, users
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web import csrf
from arbitro.web.tokens import path_line_code, table_path

EVENT = "lock"
SHEET_EVENTS = ("posta", "postb")  # the sheets posted without, then with the desk viewer
PASSWORD = "password-del-direttore"
SHEET = {
    "o1_ns_base": "300",
    "o1_ns_points": "150",
    "o1_ew_base": "100",
    "o1_ew_points": "35",
    "o2_ns_base": "0",
    "o2_ns_points": "-40",
    "o2_ew_base": "250",
    "o2_ew_points": "120",
}


def set_up(url: str, folder: str, records: int) -> Path:
    """The database (director, 250-table event) and the event file to import."""
    # The file's event has ``records`` competitors: past an installation's default limit.
    os.environ.setdefault("ARBITRO_MAX_COMPETITORS", str(max(records, 2000)))
    store = RecordStore.open(url)
    try:
        users.add_user(store, "direttore", PASSWORD)
        svc = EventService(store)
        config = EventConfig("Serata", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,), seed=1)
        svc.create_event(EVENT, config)
        svc.register_many(EVENT, [(f"Coppia {i + 1}", ()) for i in range(500)])
        svc.seat(EVENT, 1, publish=True)
        for event_id in SHEET_EVENTS:
            svc.create_event(event_id, config)
            svc.register_many(event_id, [(f"Coppia {i + 1}", ()) for i in range(500)])
            svc.seat(event_id, 1, publish=True)
        config = EventConfig("Grande", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,), seed=1)
        svc.create_event("big", config)
        svc.register_many("big", [(f"C{i}", ()) for i in range(records - 1)])
        data = export_event(svc, "big")
    finally:
        store.close()
    for row in data["records"]:
        if row.get("reason") is None:
            row.pop("reason", None)
    path = Path(folder) / "big.json"
    path.write_text(json.dumps(data, separators=(",", ":")))
    return path


def log_in(base: str, secret: bytes) -> tuple[httpx.Client, str]:
    """A client logged in as the director, and the session's CSRF token."""
    client = httpx.Client(base_url=base, timeout=300)
    reply = client.post("/login", data={"username": "direttore", "password": PASSWORD})
    assert reply.status_code == 303, reply.status_code
    value = client.cookies["arbitro_session"]
    body = value.split(".")[0]
    nonce = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["n"]
    return client, csrf.token_for(secret, nonce)


def while_director(
    base: str, path: str, args: argparse.Namespace, action: Any
) -> tuple[list[float], list[float]]:
    """Probe latencies (ms) while ``action()`` runs again and again; its durations (s)."""
    durations: list[float] = []
    stop = threading.Event()

    def director() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            action()
            durations.append(time.perf_counter() - start)

    thread = threading.Thread(target=director)
    thread.start()
    time.sleep(0.3)
    try:
        latencies = probe(base, path, args.probes, args.probe_workers)
    finally:
        stop.set()
        thread.join()
    return latencies, durations


def post_sheets(base: str, secret: bytes, event_id: str, workers: int) -> list[float]:
    """Every table's sheet of round 1 posted by its phones, N-S then E-O (500 POSTs for 250
    tables) from ``workers`` threads; latencies in ms."""
    jobs = [(table, line) for line in ("ns", "ew") for table in range(1, 251)]
    out: list[float] = []
    lock = threading.Lock()

    def work() -> None:
        with httpx.Client(base_url=base, timeout=120) as c:
            while True:
                with lock:
                    if not jobs:
                        return
                    table, line = jobs.pop(0)
                path = table_path(secret, event_id, table)
                start = time.perf_counter()
                proof = path_line_code(secret, path, line)  # the line's code (issue 29)
                reply = c.post(path, data={**SHEET, "line": line, "round": "1", "proof": proof})
                ms = (time.perf_counter() - start) * 1000
                assert reply.status_code == 303, (reply.status_code, reply.text[:300])
                with lock:
                    out.append(ms)

    threads = [threading.Thread(target=work) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def desk_watching(
    base: str, secret: bytes, director: httpx.Client, workers: int, every: float
) -> None:
    """Sheet posts without, then with, the director reloading the round page (step 5), a
    reload ``every`` seconds after the last one ended (0: back to back)."""
    quiet = post_sheets(base, secret, SHEET_EVENTS[0], workers)
    print(f"sheets, no desk:   {summary(quiet)}")
    took: list[float] = []
    stop = threading.Event()

    def viewer() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            reply = director.get(f"/desk/e/{SHEET_EVENTS[1]}/r/1")
            assert reply.status_code == 200, reply.status_code
            took.append(time.perf_counter() - start)
            stop.wait(every)

    thread = threading.Thread(target=viewer)
    thread.start()
    time.sleep(0.3)
    try:
        loud = post_sheets(base, secret, SHEET_EVENTS[1], workers)
    finally:
        stop.set()
        thread.join()
    print(f"sheets, desk page: {summary(loud)}; ratio {p99(loud) / p99(quiet):.2f}x; "
          f"{len(took)} round pages, {sum(took) / len(took) * 1000:.0f} ms each")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--probes", type=int, default=200)
    parser.add_argument("--probe-workers", type=int, default=4)
    parser.add_argument("--sheet-workers", type=int, default=4)
    parser.add_argument("--desk-every", type=float, default=0.0)
    parser.add_argument("--only", choices=("desk",), default=None)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/lock.sqlite3"
        started = time.perf_counter()
        file = set_up(url, folder, args.records)
        print(f"set-up:      {time.perf_counter() - started:.1f} s, event file "
              f"{file.stat().st_size / 2**20:.1f} MiB")  # fmt: skip
        secret_text = secrets.token_hex(16)
        secret = hashlib.sha256(secret_text.encode()).digest()  # as web/secret.py derives it
        path = table_path(secret, EVENT, 1)
        with serve(url, secret_text) as (base, _pid):
            director, token = log_in(base, secret)
            headers = {csrf.CSRF_HEADER: token}
            if args.only == "desk":
                desk_watching(base, secret, director, args.sheet_workers, args.desk_every)
                return
            probe(base, path, 20, 1)  # warm-up
            quiet = probe(base, path, args.probes, args.probe_workers)
            print(f"quiet:       {summary(quiet)}")

            def cards() -> None:
                reply = director.get(f"/desk/e/{EVENT}/r/1/pdf/table-cards")
                assert reply.status_code == 200, reply.status_code

            loud, took = while_director(base, path, args, cards)
            print(f"table cards: {summary(loud)}; ratio {p99(loud) / p99(quiet):.2f}x; "
                  f"{len(took)} PDFs, {sum(took) / len(took):.2f} s each")  # fmt: skip

            content = file.read_bytes()
            count = [0]

            def load() -> None:
                count[0] += 1
                reply = director.post(
                    "/desk/import",
                    data={"event_id": f"imported-{count[0]}"},
                    files={"file": ("big.json", content, "application/json")},
                    headers=headers,
                )
                assert reply.status_code == 303, (reply.status_code, reply.text[:500])

            loud, took = while_director(base, path, args, load)
            print(f"import:      {summary(loud)}; ratio {p99(loud) / p99(quiet):.2f}x; "
                  f"{len(took)} imports, {sum(took) / len(took):.2f} s each")  # fmt: skip

            desk_watching(base, secret, director, args.sheet_workers, args.desk_every)


if __name__ == "__main__":
    main()
