"""Benchmark of the table pages' pushed status (issue 28): 250 tables' phones (N-S and E-W,
500 server-sent-event streams) connected to one uvicorn worker; the N-S lines send their
sheets; the time until the E-W phone of each table gets the new status, against a trivial
route in the same run, in a bare FastAPI app AND in arbitro's own app (its middleware).

Method:
  1. A fresh SQLite database; a 500-pair event (250 tables) of 2 rounds, round 1 scored and
     its standings published, round 2 seated and published (bench/public_pages.py's set-up,
     not timed).
  2. Two servers, each uvicorn with one worker in a subprocess on 127.0.0.1, started the same
     way: arbitro's app plus a trivial route ``/_floor`` (bench/public_pages.py's
     ``floor_app``), and a bare FastAPI app with only ``/_floor`` and no middleware
     (:func:`bare_app`). Both routes are plain ``def`` (the thread pool), answering "ok".
  3. 500 phones connect (one asyncio client each, in this process): each table's N-S and E-W
     streams, ``/t/{token}/events?line=..&round=2&seen=missing``, as table-push.js opens
     them; each gets its first status (not timed).
  4. The floors once before the phones connect (for reference); with the 500 streams open,
     in this order: the floors, ``--sheets`` GETs of ``/_floor``
     by ``--posters`` concurrent clients on each server (the same number of requests and the
     same concurrency as the sheets); then the sheets: ``--sheets`` tables' N-S lines post
     their sheet (the table page's form, 4 concurrent by default). An update's time runs from
     the moment the N-S post leaves until that table's E-W stream brings the fragment with
     the new status (``status-pending``): the post itself, the commit, the hub's wake, the
     one read of the watched tables and the E-W phone's render.
  5. Reported: p50/p99 of the floors and of the updates (E-W; N-S's own stream too), the
     ratio of the updates' p99 to each floor's p99 (goal <= 3x), errors, ``nproc`` and the
     load average.

Only loopback addresses; a bounded number of requests.
Run: .venv/bin/python bench/phone_updates.py [--sheets 250] [--posters 4]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:  # mypy reads them as the modules they are
    import bench.public_pages as public_pages
    import bench.web_load as web_load
else:  # run as a script, or imported by uvicorn as ``phone_updates`` (--app-dir bench)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import public_pages
    import web_load

EVENT = web_load.EVENT
HERE = Path(__file__).resolve().parent


def bare_app() -> Any:
    """The floor without arbitro: a bare FastAPI app, one trivial route, no middleware."""
    from fastapi import FastAPI
    from fastapi.responses import PlainTextResponse

    app = FastAPI()

    @app.get("/_floor")
    def floor() -> PlainTextResponse:
        return PlainTextResponse("ok")

    return app


def serve(factory: str, url: str, secret_text: str) -> tuple[subprocess.Popen[bytes], str]:
    """``factory`` (``module:function`` in bench/) under uvicorn, one worker, a subprocess."""
    port = web_load.free_port()
    env = dict(os.environ, ARBITRO_DATABASE_URL=url, ARBITRO_SECRET=secret_text)
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        factory,
        "--factory",
        "--app-dir",
        str(HERE),
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
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/_floor", timeout=2).status_code == 200:
                return process, base
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"{factory} did not start")
        time.sleep(0.1)


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    return web_load.pct(values, q)


def line(name: str, ms: list[float], errors: int = 0) -> str:
    """A result's line: count, p50, p99, worst."""
    return (
        f"{name}: {len(ms)}, p50 {statistics.median(ms):.1f} ms, p99 {pct(ms, 0.99):.1f} ms, "
        f"worst {max(ms):.1f} ms, errors {errors}"
    )


class Phones:
    """The 500 phones' streams: when each table's line got its new status."""

    def __init__(self) -> None:
        self.connected = 0
        self.errors: list[str] = []
        self.got: dict[tuple[int, str], float] = {}
        self.waiting: dict[tuple[int, str], asyncio.Event] = {}
        self.reconnections = 0

    async def phone(
        self, client: httpx.AsyncClient, base: str, secret: bytes, t: int, line: str
    ) -> None:
        """One phone: the stream of table ``t``'s line until its status is pending, opened
        again as a browser's EventSource does when the server ends it (after ``retry``)."""
        from arbitro.web.tokens import table_path

        key = (t, line)
        self.waiting[key] = asyncio.Event()
        url = f"{base}{table_path(secret, EVENT, t, 2)}/events"
        params = {"line": line, "round": "2", "seen": "missing", "lang": "it"}
        first = True
        try:
            while True:
                retry = 3.0
                async with client.stream("GET", url, params=params) as response:
                    if response.status_code != 200:
                        self.errors.append(f"{key} {response.status_code}")
                        return
                    async for text in response.aiter_lines():
                        if text.startswith("retry: "):
                            retry = int(text[len("retry: ") :]) / 1000
                        if not text.startswith("data: "):
                            continue
                        if first and "status-missing" in text:
                            first = False
                            self.connected += 1
                        elif "status-pending" in text:
                            self.got[key] = time.perf_counter()
                            return
                self.reconnections += 1
                await asyncio.sleep(retry)
        except httpx.HTTPError as err:
            self.errors.append(f"{key} {err!r}")
        finally:
            self.waiting[key].set()


async def floor(base: str, requests: int, concurrency: int) -> list[float]:
    """``requests`` GETs of ``/_floor`` by ``concurrency`` keep-alive clients: their times."""
    times: list[float] = []
    queue = list(range(requests))

    async def client() -> None:
        async with httpx.AsyncClient(timeout=120) as c:
            while queue:
                queue.pop()
                t0 = time.perf_counter()
                reply = await c.get(f"{base}/_floor")
                times.append((time.perf_counter() - t0) * 1000)
                assert reply.status_code == 200

    await asyncio.gather(*(client() for _ in range(concurrency)))
    return times


async def run(
    args: argparse.Namespace, base: str, bare: str, secret: bytes, sheets: dict[int, Any]
) -> None:
    from arbitro.web.sheet_form import entry_values
    from arbitro.web.tokens import table_path

    phones = Phones()
    tables = sorted(sheets)
    quiet_arbitro = await floor(base, args.sheets, args.posters)
    quiet_bare = await floor(bare, args.sheets, args.posters)
    print(line("floor before the phones connect, arbitro's app", quiet_arbitro))
    print(line("floor before the phones connect, bare FastAPI", quiet_bare))
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(timeout=httpx.Timeout(120, read=None), limits=limits) as streams:
        t0 = time.perf_counter()
        tasks = [
            asyncio.create_task(phones.phone(streams, base, secret, t, line))
            for t in tables
            for line in ("ns", "ew")
        ]
        while phones.connected + len(phones.errors) < len(tasks):
            await asyncio.sleep(0.05)
            if time.perf_counter() - t0 > 300:
                raise SystemExit(f"only {phones.connected} phones connected")
        print(f"{phones.connected} phones connected in {time.perf_counter() - t0:.1f} s")
        await asyncio.sleep(1.0)
        floor_arbitro = await floor(base, args.sheets, args.posters)
        floor_bare = await floor(bare, args.sheets, args.posters)
        print(line(f"floor, arbitro's app /_floor ({args.posters} clients)", floor_arbitro))
        print(line(f"floor, bare FastAPI /_floor ({args.posters} clients)", floor_bare))

        sent: dict[int, float] = {}
        answered: dict[int, float] = {}
        posts: list[float] = []
        post_errors: list[str] = []
        todo = tables[: args.sheets]

        async def poster() -> None:
            async with httpx.AsyncClient(timeout=120) as c:
                while todo:
                    t = todo.pop(0)
                    path = table_path(secret, EVENT, t, 2)
                    await c.get(f"{base}{path}?line=ns")
                    data = {**entry_values(sheets[t]), "line": "ns", "round": "2"}
                    sent[t] = time.perf_counter()
                    reply = await c.post(f"{base}{path}", data=data)
                    answered[t] = time.perf_counter()
                    posts.append((answered[t] - sent[t]) * 1000)
                    if reply.status_code != 303:
                        post_errors.append(f"{t} {reply.status_code}")
                    await phones.waiting[(t, "ew")].wait()

        await asyncio.gather(*(poster() for _ in range(args.posters)))
        await asyncio.wait_for(
            asyncio.gather(*(phones.waiting[(t, "ns")].wait() for t in sent)), 60
        )
        ew = [(phones.got[(t, "ew")] - sent[t]) * 1000 for t in sent if (t, "ew") in phones.got]
        ns = [(phones.got[(t, "ns")] - sent[t]) * 1000 for t in sent if (t, "ns") in phones.got]
        print(line(f"sheet posts (N-S, {args.posters} concurrent)", posts, len(post_errors)))
        print(line("update on the E-W phone (post sent -> pushed status)", ew))
        print(line("update on the N-S phone's own stream", ns))
        after = [
            (phones.got[(t, "ew")] - answered[t]) * 1000 for t in sent if (t, "ew") in phones.got
        ]
        print(line("E-W update after the post's answer (negative: the push came first)", after))
        missed = len(sent) - len(ew)
        p99 = pct(ew, 0.99)
        print(
            f"ratio of the E-W update's p99 ({p99:.1f} ms) to the floor's p99: "
            f"bare FastAPI {p99 / pct(floor_bare, 0.99):.1f}x, "
            f"arbitro's app {p99 / pct(floor_arbitro, 0.99):.1f}x (goal <= 3x); "
            f"missed updates {missed}, stream errors {len(phones.errors)}, "
            f"streams opened again {phones.reconnections}"
        )
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if missed or phones.errors or post_errors:
            raise SystemExit(f"FAILED: {(phones.errors + post_errors)[:5]}, missed {missed}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sheets", type=int, default=250, help="tables sending a sheet")
    parser.add_argument("--posters", type=int, default=4, help="sheets posted at once")
    args = parser.parse_args()
    secret_text = secrets.token_hex(16)
    secret = hashlib.sha256(secret_text.encode()).digest()  # as web/secret.py derives it
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; nproc {os.cpu_count()}; "
        f"load average {os.getloadavg()}"
    )
    with tempfile.TemporaryDirectory(prefix="arbitro-push-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'push.sqlite3'}"
        started = time.perf_counter()
        sheets = public_pages.set_up(url)
        print(f"set-up: 500 pairs, {len(sheets)} tables, {time.perf_counter() - started:.1f} s")
        app, base = serve("public_pages:floor_app", url, secret_text)
        bare, bare_base = serve("phone_updates:bare_app", url, secret_text)
        try:
            asyncio.run(run(args, base, bare_base, secret, sheets))
            print(f"load average after: {os.getloadavg()}")
        finally:
            for process in (app, bare):
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


if __name__ == "__main__":
    main()
