"""Benchmark of the public room displays when the standings are published: 50 and 500 phones
on the standings and seating pages of a 250-table event, and the sheets the tables send
meanwhile, each against a trivial page served by the same app in the same run.

Method:
  1. A fresh SQLite database; a 500-pair event (250 tables) of 2 rounds built through
     ``EventService`` with bench/web_load.py's builder; round 1's sheets entered and its
     standings published; round 2 seated (Danish) and published (set-up, not timed).
  2. The app served by uvicorn (one worker, a subprocess) on 127.0.0.1, built by
     :func:`floor_app` (this module is the ASGI factory): ``create_app()`` plus one trivial
     route, ``/_floor``, answering a short text: the floor, served by the SAME app (same
     middleware, same event loop, same worker).
  3. The viewers behave like browsers: each keeps one keep-alive httpx client, loads its page
     (standings or seating, alternately), then ``--polls`` times revalidates it with
     ``If-None-Match`` (its ETag) and polls the live fragment (``/live?v=<version>``, as
     htmx does). Phases, in one run:
       a. floor: 50 viewers on ``/_floor`` (same number of requests);
       b. 50 viewers on the standings and seating pages;
       c. 500 viewers, each the first load, one live poll and one revalidation: errors
          counted, p99 (after 500 clients on the floor, 3 requests each: the bench's own
          client threads on the same 2 cores weigh on both);
       d. 125 tables (N-S phone: open the table page, post the sheet) through 4 threads
          while 50 viewers poll the public pages; the sheet posts' p99 against the floor.
  4. Reported: p50/p99 of each phase, and the ratios of p99 to the floor's p99 (targets:
     pages at most 3x, sheet posts at most 3x); ``nproc`` and the load average.

Only loopback addresses; a bounded number of requests.
Run: .venv/bin/python bench/public_pages.py [--polls 10]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from arbitro.tournament.commands import values

if TYPE_CHECKING:  # mypy reads it as the module it is
    import bench.web_load as web_load
else:  # run as a script, or imported by uvicorn as ``public_pages`` (--app-dir bench)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import web_load

EVENT = web_load.EVENT
VERSION = re.compile(r"/live\?v=([^&\"]+)")


def floor_app() -> Any:
    """The ASGI app the bench serves: the real app plus the trivial floor page."""
    from fastapi.responses import PlainTextResponse

    from arbitro.web.app import create_app

    app = create_app()

    @app.get("/_floor", include_in_schema=False)
    def floor() -> PlainTextResponse:
        return PlainTextResponse("ok")

    return app


def set_up(url: str) -> dict[int, Any]:
    """The event: round 1 scored and its standings published, round 2 seated and published;
    returns round 2's sheets to send from the tables."""
    from arbitro.services.demo import random_deal
    from arbitro.services.events import EventService
    from arbitro.store import RecordStore
    from arbitro.tournament.scoring.sheet import SheetEntry

    rng = random.Random(1)
    sheets, _ = web_load.set_up(url, rng)
    store = RecordStore(url)
    try:
        svc = EventService(store)
        for table, entry in sheets.items():
            svc.enter_sheet(EVENT, 1, table, entry, line="ns")
            svc.enter_sheet(EVENT, 1, table, entry, line="ew")
        svc.run(EVENT, values.PublishStandings(1))
        state = svc.seat(EVENT, 2, publish=True)
        seating = state.round(2).seating
        assert seating is not None
        return {
            t.table: SheetEntry(tuple(random_deal(rng) for _ in range(web_load.DEALS)))
            for t in seating.tables
        }
    finally:
        store.close()


def serve(url: str, secret_text: str) -> tuple[subprocess.Popen[bytes], str]:
    port = web_load.free_port()
    env = dict(os.environ, ARBITRO_DATABASE_URL=url, ARBITRO_SECRET=secret_text)
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "public_pages:floor_app",
        "--factory",
        "--app-dir",
        str(Path(__file__).resolve().parent),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--no-access-log",
    ]
    process = subprocess.Popen(command, env=env)
    base = f"http://127.0.0.1:{port}"
    if not web_load.wait_until_up(base, process):
        raise SystemExit("the app did not start")
    return process, base


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.ms: list[float] = []
        self.errors: list[str] = []
        self.statuses: dict[int, int] = {}
        self.bytes = 0

    def add(self, ms: float, reply: httpx.Response | None, ok: bool, what: str) -> None:
        with self.lock:
            self.ms.append(ms)
            if reply is not None:
                self.statuses[reply.status_code] = self.statuses.get(reply.status_code, 0) + 1
                self.bytes += int(reply.headers.get("content-length") or len(reply.content))
            if not ok:
                self.errors.append(what)

    def line(self, name: str) -> str:
        p50, p99 = statistics.median(self.ms), web_load.pct(self.ms, 0.99)
        return (
            f"{name}: {len(self.ms)} requests, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"errors {len(self.errors)}, statuses {dict(sorted(self.statuses.items()))}"
        )


def timed(c: httpx.Client, tally: Tally, url: str, headers: dict[str, str] | None = None) -> Any:
    t0 = time.perf_counter()
    try:
        reply = c.get(url, headers=headers or {})
    except httpx.HTTPError as err:
        tally.add((time.perf_counter() - t0) * 1000, None, False, repr(err))
        return None
    ok = reply.status_code in (200, 204, 304)
    tally.add((time.perf_counter() - t0) * 1000, reply, ok, f"{url} {reply.status_code}")
    return reply


def viewer(base: str, page: str, polls: int, tally: Tally, stop: Callable[[], bool]) -> None:
    """A phone on ``page``: the first load, then revalidations and live polls."""
    with httpx.Client(timeout=120, headers={"Accept-Encoding": "gzip"}) as c:
        reply = timed(c, tally, f"{base}{page}")
        if reply is None or reply.status_code != 200:
            return
        etag = reply.headers.get("etag")
        found = VERSION.search(reply.text)
        version = found[1] if found else ""
        n = 0
        while n < polls or (polls < 0 and not stop()):
            n += 1
            live = timed(c, tally, f"{base}{page}/live?v={version}")
            if live is not None and live.status_code == 200:  # htmx swaps in the new part
                found = VERSION.search(live.text)
                version = found[1] if found else ""
            again = timed(c, tally, f"{base}{page}", {"If-None-Match": etag} if etag else None)
            if again is not None and again.status_code == 200:  # the browser keeps the new one
                etag = again.headers.get("etag")


def floor_viewer(base: str, requests: int, tally: Tally) -> None:
    with httpx.Client(timeout=120) as c:
        for _ in range(requests):
            timed(c, tally, f"{base}/_floor")


def viewers(base: str, count: int, polls: int, stop: Callable[[], bool] | None = None) -> Tally:
    tally = Tally()
    pages = [f"/e/{EVENT}/standings", f"/e/{EVENT}/seating"]
    with ThreadPoolExecutor(max_workers=count) as pool:
        futures = [
            pool.submit(viewer, base, pages[i % 2], polls, tally, stop or (lambda: True))
            for i in range(count)
        ]
        for f in futures:
            f.result()
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--polls", type=int, default=10, help="revalidations per viewer")
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--crowd", type=int, default=500)
    parser.add_argument("--tables", type=int, default=125, help="sheets sent in phase d")
    args = parser.parse_args()
    secret_text = secrets.token_hex(16)
    secret = hashlib.sha256(secret_text.encode()).digest()  # as web/secret.py derives it
    print(f"nproc {os.cpu_count()}; load average {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="arbitro-public-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'public.sqlite3'}"
        started = time.perf_counter()
        sheets = set_up(url)
        print(f"set-up: 500 pairs, {len(sheets)} tables, {time.perf_counter() - started:.1f} s")
        process, base = serve(url, secret_text)
        try:
            for page in ("standings", "seating"):  # warm-up: event loaded, templates compiled
                httpx.get(f"{base}/e/{EVENT}/{page}", timeout=120).raise_for_status()
            # a. the floor
            floor = Tally()
            requests = 1 + 2 * args.polls
            with ThreadPoolExecutor(max_workers=args.viewers) as pool:
                for f in [
                    pool.submit(floor_viewer, base, requests, floor) for _ in range(args.viewers)
                ]:
                    f.result()
            print(floor.line(f"a. floor /_floor, {args.viewers} clients"))
            # b. 50 viewers
            t0 = time.perf_counter()
            pages = viewers(base, args.viewers, args.polls)
            elapsed = time.perf_counter() - t0
            print(pages.line(f"b. {args.viewers} viewers, standings + seating"))
            print(f"   {len(pages.ms) / elapsed:.1f} req/s, {pages.bytes / 1e6:.1f} MB on the wire")
            # c. 500 viewers, after the floor's 500 clients (3 requests each, as a viewer)
            crowd_floor = Tally()
            with ThreadPoolExecutor(max_workers=args.crowd) as pool:
                for f in [
                    pool.submit(floor_viewer, base, 3, crowd_floor) for _ in range(args.crowd)
                ]:
                    f.result()
            print(crowd_floor.line(f"c0. floor /_floor, {args.crowd} clients"))
            crowd = viewers(base, args.crowd, 1)
            print(crowd.line(f"c. {args.crowd} viewers, load + revalidate + live poll"))
            # d. sheets while the room polls
            done = threading.Event()
            posts = Tally()

            def table(t: int) -> None:
                from arbitro.web.sheet_form import entry_values
                from arbitro.web.tokens import path_line_code, table_path

                path = table_path(secret, EVENT, t, 2)
                with httpx.Client(timeout=120) as c:
                    c.get(f"{base}{path}?line=ns")
                    t0 = time.perf_counter()
                    reply = c.post(
                        f"{base}{path}",
                        data={
                            **entry_values(sheets[t]),
                            "line": "ns",
                            "round": "2",
                            "proof": path_line_code(secret, path, "ns"),
                        },
                    )
                    ok = reply.status_code == 303
                    posts.add((time.perf_counter() - t0) * 1000, None, ok, str(reply.status_code))

            room: list[Tally] = []
            watcher = threading.Thread(
                target=lambda: room.append(viewers(base, args.viewers, -1, done.is_set))
            )
            watcher.start()
            time.sleep(1.0)
            with ThreadPoolExecutor(max_workers=4) as pool:
                for f in [pool.submit(table, t) for t in sorted(sheets)[: args.tables]]:
                    f.result()
            done.set()
            watcher.join()
            print(posts.line(f"d. sheet posts ({args.tables} tables, 4 threads)"))
            print(room[0].line(f"   meanwhile {args.viewers} viewers"))
            fp99 = web_load.pct(floor.ms, 0.99)
            print(
                f"ratios to the floor's p99 ({fp99:.1f} ms): pages "
                f"{web_load.pct(pages.ms, 0.99) / fp99:.1f}x (target <= 3x), sheet posts "
                f"{web_load.pct(posts.ms, 0.99) / fp99:.1f}x (target <= 3x); "
                f"{args.crowd} viewers p99 {web_load.pct(crowd.ms, 0.99):.0f} ms "
                f"({web_load.pct(crowd.ms, 0.99) / web_load.pct(crowd_floor.ms, 0.99):.1f}x "
                f"the floor's {args.crowd} clients), errors {len(crowd.errors)}"
            )
            print(f"load average after: {os.getloadavg()}")
            if crowd.errors or pages.errors or posts.errors:
                raise SystemExit(f"FAILED: {(crowd.errors + pages.errors + posts.errors)[:5]}")
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    main()
