"""Benchmark of arbitro on several processes behind nginx (issue 33): digital tables of bots
plus standings viewers, on 1, 2 and 4 processes, against a WebSocket echo behind the same
nginx.

Method:
  1. A private PostgreSQL (``tests/postgres.py``) and Redis (``tests/scale/redis_server.py``).
  2. The floor: a WebSocket echo (a bare Starlette app, one uvicorn process) behind nginx with
     the production template (``tests/scale/proxy.py``, as the processes' tests use it);
     ``--tables`` clients each send a message, wait for its echo, pause 20 ms, for
     ``--seconds / 2``: the echo's round trip, p50/p99. With ``--think LOW-HIGH`` (the
     players' pace, e.g. 2-4 s) the phones think that long before each move and the echo's
     clients pause as long between two round trips, for ``--seconds``.
  3. For each number of processes (``--processes 1,2,4``): a fresh database; a FIBAS pairs
     event of ``2 x --tables`` pairs, one round of two deals, every table opened as digital
     (no robots: the four seats are bots); ``scripts/production.sh P PORT`` (the store's
     migrations, P processes, nginx); then, through nginx, four bot phones a table
     (``bench/phones.py``, the one client of the benches and the chaos test: one WebSocket a
     seat, the seat's code in its cookie; a bot whose seat is to play sends a random offered
     move at once, a refused move again at most 3 times, a lost socket connects again).
     The tables' phones connect ``--ramp`` tables a second (players arrive over some
     seconds, not all in one instant). Once every table's phones connected, ``--viewers`` clients poll the standings
     display's live part (``/e/{event}/standings/live``) once a second for ``--seconds``.
     An update's latency runs from the move's sending to the arrival of the new view at
     each of the table's three other phones (each possibly on another process: the fan-out
     of issue 33; each phone notes the process of its socket's handshake).
  4. Reported per P: moves per second (the moves sent in the window and acknowledged, i.e.
     a view past them came back: the store holds them, whatever its layout of the moves),
     the updates' p50/p99 and the ratio of their p99 to the echo's p99 (goal <= 3x), the
     refusals, how the tables' phones were spread over the processes, the connecting (how
     many tables got a first view and when, from their phones' start; the sockets lost to
     handshake timeouts meanwhile); then the scaling
     factor moves/s(2) / moves/s(1) (goal >= 1.7x on 2 cores); ``nproc`` and the load
     average, which on a shared machine dominate the figures. The phones and viewers run in
     this one process (one asyncio loop), on the same cores as the servers.

Only loopback addresses. Run:
    .venv/bin/python bench/scale_out.py [--tables 500] [--viewers 500] [--seconds 30]
        [--processes 1,2,4]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import uvicorn
import websockets
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from arbitro.services.registering import Register

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "production.sh"
READY_WITHIN = 180.0


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


phones = _load("bench_phones", ROOT / "bench" / "phones.py")  # the one bot-phone client


# ------------------------------------------------------------------ the echo (the floor)


async def _echo(websocket: WebSocket) -> None:
    await websocket.accept()
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await websocket.send_text(await websocket.receive_text())


echo_app = Starlette(routes=[WebSocketRoute("/echo", _echo)])


async def echo_floor(
    url: str, clients: int, seconds: float, think: tuple[float, float] = (0.0, 0.0)
) -> list[float]:
    """Round trips of ``clients`` echo clients for ``seconds``, each pausing 20 ms between
    two (or ``think`` seconds, drawn per round trip, at the phones' pace)."""
    times: list[float] = []
    ends = time.perf_counter() + seconds
    rng = random.Random(0)

    async def client() -> None:
        if think[1] > 0:  # the clients spread over the pace, as the phones' first moves
            await asyncio.sleep(rng.uniform(0, think[1]))
        async with websockets.connect(url) as ws:
            while time.perf_counter() < ends:
                start = time.perf_counter()
                await ws.send(json.dumps({"deal": 1, "n": 1, "move": "draw"}))
                await ws.recv()
                times.append(time.perf_counter() - start)
                await asyncio.sleep(rng.uniform(*think) if think[1] > 0 else 0.02)

    await asyncio.gather(*(client() for _ in range(clients)))
    return times


# ------------------------------------------------------------------ the tables' phones


TLS = ssl.create_default_context()
"""One TLS context for every viewer's client: httpx builds one a client otherwise (its CA
file read: ~130 ms of this loop each, 500 viewers ~65 s during which no phone's view is
read: the runs before 2026-12-03 timed that stall as the server's latency)."""


async def viewer(base: str, event_id: str, counts: Counter[str], ends: float) -> None:
    """A standings viewer polling the display's live part once a second."""
    async with httpx.AsyncClient(base_url=base, timeout=30, verify=TLS) as client:
        while time.perf_counter() < ends:
            try:
                answer = await client.get(f"/e/{event_id}/standings/live")
                counts["polls"] += 1
                if answer.status_code >= 400:
                    counts[f"standings {answer.status_code}"] += 1
            except httpx.HTTPError as error:
                counts[f"standings {type(error).__name__}"] += 1
            await asyncio.sleep(1.0)


def p(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, in ms."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def prepare(url: str, tables: int) -> tuple[str, bytes]:
    """The event and its digital tables; the event's id and the installation's secret."""
    from arbitro.services.digital_tables import DigitalTables
    from arbitro.services.events import EventService
    from arbitro.store import RecordStore
    from arbitro.store.secret import load_secret
    from arbitro.tournament.event import EventConfig
    from arbitro.tournament.model import EventFormat, Movement

    store = RecordStore.open(url)
    svc = EventService(store)
    event_id = "online"
    config = EventConfig(
        name="Online",
        event_format=EventFormat.PAIRS,
        rounds=1,
        deals=(2,),
        movements=(Movement.DRAW,),
    )
    svc.create_event(event_id, config)
    for i in range(1, 2 * tables + 1):
        svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat(event_id, 1, publish=True)
    digital = DigitalTables(svc, random.Random(1))
    for t in range(1, tables + 1):
        digital.open(event_id, 1, t)
    secret = load_secret(store)
    store.close()
    return event_id, secret


def start_production(env: dict[str, str], processes: int, port: int) -> subprocess.Popen[str]:
    script = subprocess.Popen(
        ["bash", str(SCRIPT), str(processes), str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    labels: set[str] = set()
    deadline = time.monotonic() + READY_WITHIN
    while len(labels) < processes:
        if script.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("production.sh did not start")
        with contextlib.suppress(httpx.TransportError):
            answer = httpx.get(f"http://127.0.0.1:{port}/api/events", timeout=30)
            if answer.status_code == 200:
                labels.add(answer.headers.get("X-Arbitro-Worker", ""))
                continue
        time.sleep(0.2)
    return script


def stop(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def wait_listening(port: int, process: subprocess.Popen[bytes]) -> None:
    """Wait until ``process`` accepts connections on ``port`` (before nginx is put in front
    of it: a refused first connection would make nginx skip it for 5 s)."""
    deadline = time.monotonic() + READY_WITHIN
    while True:
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the echo server did not start")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)


def in_window(tally: Any, began: float, ended: float) -> tuple[int, list[float]]:
    """The moves acknowledged (a view past them came back: the store holds them, whatever
    its layout) among those sent in the window, and their updates' times to each other phone
    of their table."""
    moves, latencies = 0, list[float]()
    for key, (_, _, sent) in tally.sent.items():
        if began <= sent < ended:
            moves += key in tally.acked
            latencies.extend(t - sent for t in tally.seen.get(key, []))
    return moves, latencies


async def play(base: str, event_id: str, secret: bytes, args: argparse.Namespace) -> dict[str, Any]:
    """The tables' four bot phones a table (bench/phones.py) through nginx, and the
    viewers, for ``--seconds`` once every table's phones connected."""
    tally = phones.Tally()
    bots = phones.table_phones(
        base, secret, event_id, 1, range(1, args.tables + 1), "NESW", tally, args.seed, args.think
    )
    halt = asyncio.Event()

    async def arrive(bot: Any) -> None:  # the tables' players arrive over a few seconds
        await asyncio.sleep((bot.table - 1) / args.ramp)
        await bot.run(halt, stop_at_sheet=True)

    arrived = time.perf_counter()
    tasks = [asyncio.create_task(arrive(bot)) for bot in bots]
    first_view: dict[int, float] = {}  # table -> seconds from its phones' start to a view

    def note_views() -> None:
        now = time.perf_counter()
        for t in tally.at.keys() - first_view.keys():
            first_view[t] = now - arrived - (t - 1) / args.ramp

    deadline = time.monotonic() + 180 + args.tables / args.ramp
    while len(tally.at) < args.tables and time.monotonic() < deadline:
        note_views()
        await asyncio.sleep(0.1)
    note_views()
    connected_in = time.perf_counter() - arrived
    lost_before = tally.reconnects
    counts: Counter[str] = Counter()
    with phones.quiet_collector():  # the phones' process pauses no update it measures
        began, cpu = time.perf_counter(), time.process_time()
        ends = began + args.seconds
        viewers = [
            asyncio.create_task(viewer(base, event_id, counts, ends)) for _ in range(args.viewers)
        ]
        await asyncio.sleep(args.seconds)
        ended, cpu = time.perf_counter(), time.process_time() - cpu
    halt.set()
    await asyncio.gather(*viewers, *tasks)
    moves, latencies = in_window(tally, began, ended)
    return {
        "first_view": list(first_view.values()),
        "connected_in": connected_in,
        "lost_before": lost_before,
        "moves": moves,
        "window": ended - began,
        "latencies": latencies,
        "tally": tally,
        "counts": counts,
        "cpu": cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--viewers", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ramp", type=float, default=25.0, help="tables whose phones connect per second"
    )
    parser.add_argument(
        "--think",
        type=phones.think_range,
        default=(0.0, 0.0),
        help="seconds a phone thinks before each move, LOW-HIGH (players: 2-4; 0: saturated)",
    )
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        uvicorn.run(echo_app, host="127.0.0.1", port=args.echo_server, log_level="warning")
        return
    sys.path.insert(0, str(ROOT))
    postgres = _load("arbitro_bench_postgres", ROOT / "tests" / "postgres.py")
    from tests.scale.proxy import Proxy
    from tests.scale.redis_server import RedisServer, free_port

    print(
        f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; nproc {os.cpu_count()};"
        f" load average {os.getloadavg()}; {args.tables} tables, {args.viewers} viewers,"
        f" {args.seconds:.0f} s a run; think {args.think[0]:g}-{args.think[1]:g} s"
    )
    pg = postgres.PostgresServer.start()
    redis = RedisServer.start()
    work = Path(tempfile.mkdtemp(prefix="arbitro-scale-out-"))
    try:
        echo_port = free_port()
        echo = subprocess.Popen(
            [sys.executable, __file__, "--echo-server", str(echo_port)], start_new_session=True
        )
        wait_listening(echo_port, echo)
        proxy = Proxy.start(work / "echo", [echo_port])
        try:
            floor = asyncio.run(
                echo_floor(
                    f"ws://127.0.0.1:{proxy.port}/echo",
                    args.tables,
                    args.seconds / 2 if args.think[1] == 0 else args.seconds,
                    args.think,
                )
            )
        finally:
            proxy.stop()
            os.killpg(echo.pid, signal.SIGTERM)
            echo.wait()
        print(f"echo behind nginx: p50 {p(floor, 0.5):.1f} ms, p99 {p(floor, 0.99):.1f} ms")
        rates: dict[int, float] = {}
        for processes in [int(x) for x in args.processes.split(",")]:
            url = postgres.create_schema(pg.create_database())
            env = {
                **os.environ,
                "ARBITRO_DATABASE_URL": url,
                "ARBITRO_REDIS_URL": redis.url,
                "ARBITRO_PRODUCTION_DIR": str(work / f"p{processes}"),
                "ARBITRO_PYTHON": sys.executable,
            }
            env.pop("ARBITRO_SECRET", None)
            started = time.perf_counter()
            event_id, secret = prepare(url, args.tables)
            setup = time.perf_counter() - started
            port = free_port()
            script = start_production(env, processes, port)
            try:
                result = asyncio.run(play(f"http://127.0.0.1:{port}", event_id, secret, args))
                result["setup"] = setup
            finally:
                stop(script)
            tally = result["tally"]
            rates[processes] = result["moves"] / result["window"]
            latencies = result["latencies"]
            ratio = p(latencies, 0.99) / p(floor, 0.99)
            spread = ", ".join(f"{k}: {v}" for k, v in sorted(tally.spread().items()))
            print(
                f"{processes} process(es): {result['moves']} moves in {result['window']:.1f} s ="
                f" {rates[processes]:.1f} moves/s; updates (n {len(latencies)}) p50"
                f" {p(latencies, 0.5):.1f} ms, p99 {p(latencies, 0.99):.1f} ms ="
                f" {ratio:.1f}x the echo's p99; {result['counts']['polls']} standings polls;"
                f" refusals {len(tally.refusals)} (sent again {tally.retried});"
                f" reconnections {tally.reconnects} {tally.causes.most_common(2)};"
                f" tables connected {len(tally.at)}; tables by processes their phones were on"
                f" {{{spread}}}; {len(tally.finished)}/{args.tables} tables finished;"
                f" load average {os.getloadavg()}"
            )
            print(
                f"  connecting: {args.tables} tables' phones started {args.ramp:g} tables a"
                f" second ({4 * args.ramp:g} handshakes/s); {len(result['first_view'])} tables"
                f" had a view within {result['connected_in']:.1f} s; a table's first view"
                f" after its phones' start p50 {p(result['first_view'], 0.5):.0f} ms, p99"
                f" {p(result['first_view'], 0.99):.0f} ms, max"
                f" {p(result['first_view'], 1.0):.0f} ms; sockets lost while connecting"
                f" {result['lost_before']}"
            )
            print(
                f"  this client's CPU (phones and viewers, one asyncio loop):"
                f" {result['cpu'] / result['window']:.0%} of a core; set-up {result['setup']:.0f} s"
            )
            errors = {k: v for k, v in result["counts"].items() if k != "polls"}
            if errors:
                print("  viewers' errors:", errors)
            if tally.refusals:
                print(f"  refused moves, e.g.: {tally.refusals[0][:160]}")
        if 1 in rates and 2 in rates:
            print(f"scaling 1 -> 2 processes: {rates[2] / rates[1]:.2f}x")
    finally:
        redis.stop()
        pg.stop()


if __name__ == "__main__":
    main()
