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
  3. 500 phones connect, in a process of their own (``--phones``: one asyncio loop, a bare
     HTTP/1.1 reader, no client library, so that the phones' side is not what is measured):
     each table's N-S and E-W streams, ``/t/{token}/events?line=..&round=2&seen=missing``,
     as table-push.js opens them; each gets its first status (not timed). The times are
     ``time.perf_counter`` (the machine's monotonic clock, the same in both processes).
  4. The floors once before the phones connect (for reference); with the 500 streams open,
     in this order: the floors, ``--sheets`` GETs of ``/_floor``
     by ``--posters`` concurrent clients on each server (the same number of requests and the
     same concurrency as the sheets); then the sheets, with the floors measured again in the
     same seconds (one client a server, a GET every 50 ms: a stall of the shared machine
     hits them as it hits the updates): ``--sheets`` tables' N-S lines post
     their sheet (the table page's form, 4 concurrent by default). An update's time runs from
     the moment the N-S post leaves until that table's E-W stream brings the fragment with
     the new status (``status-pending``): the post itself, the commit, the hub's wake, the
     one read of the watched tables and the E-W phone's render.
  5. Reported: p50/p99 of the floors and of the updates (E-W; N-S's own stream too), the
     ratio of the updates' p99 to each floor's p99 (goal <= 3x), errors, ``nproc`` and the
     load average. ``--runs`` runs (5 by default), each on a fresh database and fresh
     servers; at the end the ratios' median and spread over the runs.

``PHONE_UPDATES_PYSPY=/some/folder`` samples both servers with py-spy (raw stacks, one file
each; py-spy installed in the venv) to see where a run's time goes.

Only loopback addresses; a bounded number of requests.
Run: .venv/bin/python bench/phone_updates.py [--sheets 250] [--posters 4] [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import secrets
import signal
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
    profile = os.environ.get("PHONE_UPDATES_PYSPY")  # a folder: the servers sampled by py-spy
    if profile:
        name = factory.replace(":", "-")
        spy = [str(Path(sys.executable).with_name("py-spy")), "record", "--format", "raw"]
        command = [*spy, "-r", "200", "-o", f"{profile}/{name}.txt", "--", *command]
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


async def phone(
    host: str, port: int, target: str, key: str, out: asyncio.Queue[str], again: float = 3.0
) -> None:
    """One phone's stream, read with a bare HTTP/1.1 reader (no client library: the phones'
    side must not be what is measured): prints ``connected KEY`` on its first status
    (``status-missing``) and ``got KEY TIME`` (``time.perf_counter``, the machine's monotonic
    clock, the same in every process) when the status ``status-pending`` arrives; opened
    again, as EventSource does, when the server ends it."""
    first = True
    request = (
        f"GET {target} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n"
    ).encode()
    while True:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(request)
        status = await reader.readline()
        if b" 200 " not in status:
            out.put_nowait(f"error {key} {status.decode().strip()}")
            return
        while text := await reader.readline():
            if text.startswith(b"retry: "):
                again = int(text[len(b"retry: ") :]) / 1000
            elif not text.startswith(b"data: "):
                if text == b"0\r\n":  # the last chunk: the server ended the stream
                    break
            elif first and b"status-missing" in text:
                first = False
                out.put_nowait(f"connected {key}")
            elif b"status-pending" in text:
                out.put_nowait(f"got {key} {time.perf_counter()!r}")
                writer.close()
                return
        writer.close()
        out.put_nowait(f"again {key}")
        await asyncio.sleep(again)


async def phones_main(base: str, targets: list[tuple[str, str]]) -> None:
    """The phones' process: every stream in ``targets`` (key, path) at once; what they see is
    printed, one line each, on stdout."""
    host, port = base.removeprefix("http://").split(":")
    out: asyncio.Queue[str] = asyncio.Queue()

    async def one(key: str, target: str) -> None:
        try:
            await phone(host, int(port), target, key, out)
        except OSError as err:
            out.put_nowait(f"error {key} {err!r}")

    tasks = [asyncio.create_task(one(key, target)) for key, target in targets]
    while not all(task.done() for task in tasks) or not out.empty():
        line = await out.get()
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class Phones:
    """The 500 phones, in a process of their own (``--phones``, one asyncio loop, a bare
    reader): when each table's line got its new status."""

    def __init__(self, base: str, targets: list[tuple[str, str]]) -> None:
        self.connected = 0
        self.errors: list[str] = []
        self.got: dict[tuple[int, str], float] = {}
        self.waiting: dict[tuple[int, str], asyncio.Event] = {}
        self.reconnections = 0
        self.targets = targets
        self.base = base
        for key, _ in targets:
            t, line = key.split("-")
            self.waiting[(int(t), line)] = asyncio.Event()

    async def run(self) -> None:
        """Start the phones' process and read what it prints until it ends."""
        command = [sys.executable, str(Path(__file__).resolve()), "--phones", self.base]
        process = await asyncio.create_subprocess_exec(
            *command, stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("".join(f"{k} {t}\n" for k, t in self.targets).encode())
        await process.stdin.drain()
        process.stdin.close()
        try:
            while text := await process.stdout.readline():
                what, key, *rest = text.decode().split()
                t, line = key.split("-")
                if what == "connected":
                    self.connected += 1
                elif what == "got":
                    self.got[(int(t), line)] = float(rest[0])
                    self.waiting[(int(t), line)].set()
                elif what == "again":
                    self.reconnections += 1
                else:
                    self.errors.append(" ".join([key, *rest]))
                    self.waiting[(int(t), line)].set()
        finally:
            if process.returncode is None:
                process.kill()
            await process.wait()


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
) -> dict[str, float]:
    """One run on the servers ``base`` (arbitro) and ``bare``: the floors, the 500 phones
    connected, the floors again, the sheets; prints the figures and returns the p99s."""
    from arbitro.web.sheet_form import entry_values
    from arbitro.web.tokens import path_line_code, table_path

    tables = sorted(sheets)
    query = "round=2&seen=missing&lang=it"
    targets = [
        (f"{t}-{line}", f"{table_path(secret, EVENT, t, 2)}/events?line={line}&{query}")
        for t in tables
        for line in ("ns", "ew")
    ]
    phones = Phones(base, targets)
    quiet_arbitro = await floor(base, args.sheets, args.posters)
    quiet_bare = await floor(bare, args.sheets, args.posters)
    print(line("floor before the phones connect, arbitro's app", quiet_arbitro))
    print(line("floor before the phones connect, bare FastAPI", quiet_bare))
    t0 = time.perf_counter()
    reading = asyncio.create_task(phones.run())
    while phones.connected + len(phones.errors) < len(targets):
        await asyncio.sleep(0.05)
        if time.perf_counter() - t0 > 300 or reading.done():
            raise SystemExit(f"only {phones.connected} phones connected: {phones.errors[:5]}")
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
                data["proof"] = path_line_code(secret, path, "ns")  # issue 29
                sent[t] = time.perf_counter()
                reply = await c.post(f"{base}{path}", data=data)
                answered[t] = time.perf_counter()
                posts.append((answered[t] - sent[t]) * 1000)
                if reply.status_code != 303:
                    post_errors.append(f"{t} {reply.status_code}")
                await phones.waiting[(t, "ew")].wait()

    beside_bare: list[float] = []
    beside_arbitro: list[float] = []
    posting = True

    async def beside(url: str, times: list[float]) -> None:
        # The floor in the same seconds as the sheets: one keep-alive client a server, a GET
        # every 50 ms, so that a stall of the machine hits the floor as it hits the updates.
        async with httpx.AsyncClient(timeout=120) as c:
            while posting:
                t0 = time.perf_counter()
                reply = await c.get(f"{url}/_floor")
                times.append((time.perf_counter() - t0) * 1000)
                assert reply.status_code == 200
                await asyncio.sleep(0.05)

    floors = [
        asyncio.create_task(beside(bare, beside_bare)),
        asyncio.create_task(beside(base, beside_arbitro)),
    ]
    await asyncio.gather(*(poster() for _ in range(args.posters)))
    posting = False
    await asyncio.gather(*floors)
    await asyncio.wait_for(asyncio.gather(*(phones.waiting[(t, "ns")].wait() for t in sent)), 60)
    reading.cancel()
    await asyncio.gather(reading, return_exceptions=True)
    ew = [(phones.got[(t, "ew")] - sent[t]) * 1000 for t in sent if (t, "ew") in phones.got]
    ns = [(phones.got[(t, "ns")] - sent[t]) * 1000 for t in sent if (t, "ns") in phones.got]
    print(line("floor during the sheets, arbitro's app (1 client, every 50 ms)", beside_arbitro))
    print(line("floor during the sheets, bare FastAPI (1 client, every 50 ms)", beside_bare))
    print(line(f"sheet posts (N-S, {args.posters} concurrent)", posts, len(post_errors)))
    print(line("update on the E-W phone (post sent -> pushed status)", ew))
    print(line("update on the N-S phone's own stream", ns))
    after = [(phones.got[(t, "ew")] - answered[t]) * 1000 for t in sent if (t, "ew") in phones.got]
    print(line("E-W update after the post's answer (negative: the push came first)", after))
    missed = len(sent) - len(ew)
    p99 = pct(ew, 0.99)
    figures = {
        "bare": pct(floor_bare, 0.99),
        "arbitro": pct(floor_arbitro, 0.99),
        "update": p99,
        "update_p50": statistics.median(ew),
        "post": pct(posts, 0.99),
        "bare during": pct(beside_bare, 0.99),
        "arbitro during": pct(beside_arbitro, 0.99),
    }
    print(
        f"ratio of the E-W update's p99 ({p99:.1f} ms) to the floor's p99: "
        f"bare FastAPI {p99 / figures['bare']:.1f}x, "
        f"arbitro's app {p99 / figures['arbitro']:.1f}x (goal <= 3x); to the floor's p99 "
        f"during the sheets: bare {p99 / figures['bare during']:.1f}x, arbitro's app "
        f"{p99 / figures['arbitro during']:.1f}x; "
        f"missed updates {missed}, stream errors {len(phones.errors)}, "
        f"streams opened again {phones.reconnections}"
    )
    if missed or phones.errors or post_errors:
        raise SystemExit(f"FAILED: {(phones.errors + post_errors)[:5]}, missed {missed}")
    return figures


def one_run(args: argparse.Namespace) -> dict[str, float]:
    """A fresh database and two fresh servers, then :func:`run`."""
    secret_text = secrets.token_hex(16)
    secret = hashlib.sha256(secret_text.encode()).digest()  # as web/secret.py derives it
    with tempfile.TemporaryDirectory(prefix="arbitro-push-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'push.sqlite3'}"
        started = time.perf_counter()
        sheets = public_pages.set_up(url)
        print(f"set-up: 500 pairs, {len(sheets)} tables, {time.perf_counter() - started:.1f} s")
        app, base = serve("public_pages:floor_app", url, secret_text)
        bare, bare_base = serve("phone_updates:bare_app", url, secret_text)
        try:
            return asyncio.run(run(args, base, bare_base, secret, sheets))
        finally:
            for process in (app, bare):
                process.send_signal(signal.SIGINT)  # py-spy, when sampling, writes its file
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


def main() -> None:
    """The bench (``--runs`` runs, each with its own database and servers), or, with
    ``--phones BASE``, the phones' process (the streams read on stdin, ``key path`` a line)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--sheets", type=int, default=250, help="tables sending a sheet")
    parser.add_argument("--posters", type=int, default=4, help="sheets posted at once")
    parser.add_argument("--runs", type=int, default=5, help="runs, each on fresh servers")
    parser.add_argument("--phones", metavar="BASE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phones:
        targets = [tuple(text.split()) for text in sys.stdin.read().splitlines()]
        asyncio.run(phones_main(args.phones, [(k, t) for k, t in targets]))
        return
    results: list[dict[str, float]] = []
    for number in range(1, args.runs + 1):
        print(
            f"run {number}: {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; "
            f"nproc {os.cpu_count()}; load average {os.getloadavg()}"
        )
        results.append(one_run(args))
        print(f"load average after: {os.getloadavg()}\n")
    print(
        "run | floor p99 bare / arbitro (before the sheets; during them) | update p50 / p99 "
        "| ratio to bare / to arbitro (before; during)"
    )
    for number, r in enumerate(results, 1):
        print(
            f"{number} | {r['bare']:.1f} / {r['arbitro']:.1f} ms; {r['bare during']:.1f} / "
            f"{r['arbitro during']:.1f} ms | {r['update_p50']:.1f} / {r['update']:.1f} ms | "
            f"{r['update'] / r['bare']:.1f}x / {r['update'] / r['arbitro']:.1f}x; "
            f"{r['update'] / r['bare during']:.1f}x / {r['update'] / r['arbitro during']:.1f}x"
        )
    for floor_name in ("bare", "arbitro", "bare during", "arbitro during"):
        ratios = sorted(r["update"] / r[floor_name] for r in results)
        print(
            f"ratio of the update's p99 to the {floor_name} floor's p99 over {len(ratios)} runs: "
            f"median {statistics.median(ratios):.1f}x, from {ratios[0]:.1f}x to "
            f"{ratios[-1]:.1f}x (goal <= 3x)"
        )


if __name__ == "__main__":
    main()
