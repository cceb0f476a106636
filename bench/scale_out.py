"""Benchmark of arbitro on several processes behind nginx (issue 33): digital tables of bots
plus standings viewers, on 1, 2 and 4 processes, against a WebSocket echo behind the same
nginx.

Method:
  1. A private PostgreSQL (``tests/postgres.py``) and Redis (``tests/scale/redis_server.py``).
  2. The floor: a WebSocket echo (a bare Starlette app, one uvicorn process) behind nginx with
     the production template (``scripts/nginx-arbitro.conf.template``); ``--tables`` clients
     each send a message, wait for its echo, pause 20 ms, for ``--seconds``: the echo's
     round trip, p50/p99.
  3. For each number of processes (``--processes 1,2,4``): a fresh database; a FIBAS pairs
     event of ``2 x --tables`` pairs, one round of two deals, every table opened as digital
     (no robots: the four seats are bots); ``scripts/production.sh P PORT`` (the store's
     migrations, P processes, nginx); then, through nginx, four bot phones a table (one
     WebSocket a seat, the seat's code in its cookie) play: a bot whose seat is to play sends
     a random offered move at once. ``--viewers`` clients poll the standings display's live
     part (``/e/{event}/standings/live``) once a second meanwhile. An update's latency runs
     from the move's sending to the arrival of the new view at each of the table's three
     other phones (each possibly on another process: the fan-out of issue 33).
  4. Reported per P: moves per second (the moves the store recorded in the ``--seconds``
     window, over the window), the
     updates' p50/p99 and the ratio of their p99 to the echo's p99 (goal <= 3x); then the
     scaling factor moves/s(2) / moves/s(1) (goal >= 1.7x on 2 cores); ``nproc`` and the load
     average, which on a shared machine dominate the figures.

Only loopback addresses. Run:
    .venv/bin/python bench/scale_out.py [--tables 20] [--viewers 20] [--seconds 20]
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
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import httpx
import uvicorn
import websockets
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from arbitro.services.registering import Register

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "production.sh"
TEMPLATE = ROOT / "scripts" / "nginx-arbitro.conf.template"
READY_WITHIN = 180.0


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ the echo (the floor)


async def _echo(websocket: WebSocket) -> None:
    await websocket.accept()
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await websocket.send_text(await websocket.receive_text())


echo_app = Starlette(routes=[WebSocketRoute("/echo", _echo)])


def nginx_conf(directory: Path, listen: int, ports: list[int]) -> Path:
    """The production template for ``ports``, written into ``directory``."""
    upstreams = "".join(f"        server 127.0.0.1:{p};\n" for p in ports)
    text = TEMPLATE.read_text().replace("@DIR@", str(directory)).replace("@LISTEN@", str(listen))
    text = text.replace("@UPSTREAMS@\n", upstreams)
    directory.mkdir(parents=True, exist_ok=True)
    conf = directory / "nginx.conf"
    conf.write_text(text)
    return conf


async def echo_floor(url: str, clients: int, seconds: float) -> list[float]:
    """Round trips of ``clients`` echo clients for ``seconds``."""
    times: list[float] = []
    ends = time.perf_counter() + seconds

    async def client() -> None:
        async with websockets.connect(url) as ws:
            while time.perf_counter() < ends:
                start = time.perf_counter()
                await ws.send(json.dumps({"deal": 1, "n": 1, "move": "draw"}))
                await ws.recv()
                times.append(time.perf_counter() - start)
                await asyncio.sleep(0.02)

    await asyncio.gather(*(client() for _ in range(clients)))
    return times


# ------------------------------------------------------------------ the tables' bots


@dataclass
class Run:
    """What a run measured."""

    sent: dict[tuple[int, int, int], tuple[float, str]] = field(default_factory=dict)
    seen: set[tuple[tuple[int, int, int], str]] = field(default_factory=set)
    messages: set[str] = field(default_factory=set)
    played: set[tuple[tuple[int, int, int], str]] = field(default_factory=set)
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    polls: int = 0
    done_tables: int = 0


async def bot(
    url: str, cookie: str, table: int, seat: str, run: Run, ends: float, rng: random.Random
) -> None:
    """One seat's phone: plays a random offered move whenever its seat is to play; a move
    refused (a race lost 5 times: the event's sequence is shared by all its tables) is sent
    again, at most 3 times, as a player would."""
    last: str | None = None
    again = 0
    async with websockets.connect(url, additional_headers={"Cookie": cookie}) as ws:
        while time.perf_counter() < ends:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, ends - time.perf_counter()))
            except TimeoutError:
                return
            data = json.loads(raw)
            if data["type"] == "error":
                run.errors += 1
                run.messages.add(data["message"][:80])
                if last is not None and again < 3:
                    again += 1
                    await ws.send(last)
                continue
            view = data["view"]
            key = (table, view["deal"], view["n"])
            sent = run.sent.get(key)
            if sent is not None and sent[1] != seat and (key, seat) not in run.seen:
                run.seen.add((key, seat))  # one of the three other phones told of the move
                run.latencies.append(time.perf_counter() - sent[0])
            if view["sheet"]:
                if seat == "N":
                    run.done_tables += 1
                return
            if view["turn"] == seat and view["moves"] and (key, seat) not in run.played:
                run.played.add((key, seat))  # a view sent again (a second wake) is not a turn
                move = rng.choice(view["moves"])
                key = (table, view["deal"], view["n"] + 1)
                run.sent[key] = (time.perf_counter(), seat)
                run.moves += 1
                last, again = (
                    json.dumps({"deal": view["deal"], "n": view["n"] + 1, "move": move}),
                    0,
                )
                await ws.send(last)


async def viewer(base: str, event_id: str, run: Run, ends: float) -> None:
    """A standings viewer polling the display's live part once a second."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while time.perf_counter() < ends:
            answer = await client.get(f"/e/{event_id}/standings/live")
            run.polls += 1
            if answer.status_code >= 400:
                run.errors += 1
                run.messages.add(f"standings {answer.status_code}")
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


def recorded_moves(url: str, event_id: str) -> int:
    """The moves the store recorded (a refused one is not a move)."""
    from arbitro.store import RecordStore

    store = RecordStore.open(url)
    try:
        old = sum(1 for r in store.records(event_id) if r.kind == "digital-move")
        return old + len(store.all_table_records(event_id))  # each table's own log
    finally:
        store.close()


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


async def play(
    base: str, event_id: str, secret: bytes, tables: int, viewers: int, seconds: float
) -> tuple[Run, float]:
    from arbitro.web.digital_table import seat_code
    from arbitro.web.tokens import make_token

    run = Run()
    rng = random.Random(7)
    ws_base = base.replace("http", "ws")
    start = time.perf_counter()
    ends = start + seconds
    jobs = []
    for t in range(1, tables + 1):
        token = make_token(secret, event_id, t, 1)
        for seat in ("N", "E", "S", "W"):
            cookie = f"arbitro_seat_{seat}={seat_code(secret, token, seat)}"
            url = f"{ws_base}/t/{token}/digital/{seat}/ws"
            jobs.append(bot(url, cookie, t, seat, run, ends, rng))
    jobs += [viewer(base, event_id, run, ends) for _ in range(viewers)]
    await asyncio.gather(*jobs)
    return run, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--viewers", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        uvicorn.run(echo_app, host="127.0.0.1", port=args.echo_server, log_level="warning")
        return
    sys.path.insert(0, str(ROOT))
    postgres = _load("arbitro_bench_postgres", ROOT / "tests" / "postgres.py")
    redis_server = _load("arbitro_bench_redis", ROOT / "tests" / "scale" / "redis_server.py")
    pg = postgres.PostgresServer.start()
    redis = redis_server.RedisServer.start()
    work = Path(tempfile.mkdtemp(prefix="arbitro-scale-out-"))
    try:
        echo_port, proxy_port = redis_server.free_port(), redis_server.free_port()
        echo = subprocess.Popen(
            [sys.executable, __file__, "--echo-server", str(echo_port)], start_new_session=True
        )
        conf = nginx_conf(work / "echo", proxy_port, [echo_port])
        nginx = subprocess.Popen(["nginx", "-c", str(conf)], start_new_session=True)
        time.sleep(2.0)
        floor = asyncio.run(
            echo_floor(f"ws://127.0.0.1:{proxy_port}/echo", args.tables, args.seconds / 2)
        )
        for process in (nginx, echo):
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
        print(f"nproc {os.cpu_count()}, load average {os.getloadavg()}")
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
            event_id, secret = prepare(url, args.tables)
            port = redis_server.free_port()
            script = start_production(env, processes, port)
            try:
                run, elapsed = asyncio.run(
                    play(
                        f"http://127.0.0.1:{port}",
                        event_id,
                        secret,
                        args.tables,
                        args.viewers,
                        args.seconds,
                    )
                )
            finally:
                stop(script)
            run.moves = recorded_moves(url, event_id)  # what the store holds, not what was sent
            rates[processes] = run.moves / elapsed
            ratio = p(run.latencies, 0.99) / p(floor, 0.99)
            print(
                f"{processes} process(es): {run.moves} moves in {elapsed:.1f} s ="
                f" {rates[processes]:.1f} moves/s; updates p50 {p(run.latencies, 0.5):.1f} ms,"
                f" p99 {p(run.latencies, 0.99):.1f} ms = {ratio:.1f}x the echo's p99;"
                f" {run.polls} standings polls, {run.errors} errors,"
                f" {run.done_tables}/{args.tables} tables finished;"
                f" load average {os.getloadavg()}"
            )
            if run.messages:
                print("  errors:", sorted(run.messages))
        if 1 in rates and 2 in rates:
            print(f"scaling 1 -> 2 processes: {rates[2] / rates[1]:.2f}x")
    finally:
        redis.stop()
        pg.stop()


if __name__ == "__main__":
    main()
