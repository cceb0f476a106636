"""Benchmark of digital tables (issue 32): ``--tables`` (250) tables of bot phones over real
WebSockets against one ``arbitro serve`` on this machine: moves per second and the p99 time
from a move leaving its phone to the other three phones' views past it, as a ratio to a
WebSocket echo server measured in the same run (goal <= 3x).

Method:
  1. A fresh database (a SQLite file; with ``--processes``, a throwaway PostgreSQL server as
     tests/postgres.py starts it), a Burraco FIBAS pairs event with ``2 * --tables`` pairs,
     round 1 seated by draw and published, and every table opened as digital (not timed).
  2. The floor: a WebSocket echo server, Starlette's WebSocket under uvicorn (the library
     arbitro's sockets use), one worker in a subprocess: ``--tables`` groups of four
     sockets; in each group the members take turns as the seats do, each sending a message
     of a view's size that the server sends to the other three. Its time: from the send to
     each of the other three receiving it. ``--floor-moves`` turns a group.
  3. arbitro: ``arbitro serve`` (one process) in a subprocess on the same database; four
     bot phones a table (bench/phones.py: each phone sends a move its view offers when it
     is to play, the server checks and records it, and sends every phone its view); the
     phones play for ``--seconds``. Moves per second: the moves acknowledged over the
     window; the p99 from a move's leaving its phone to each other phone's view past it.
  4. The floor again after the tables (the machine is shared: a stall hits both).
  Reported: the floors' and the updates' p50/p99, the ratios of the updates' p99 to each
  floor's p99, moves per second, refusals, reconnections, ``nproc`` and the load average.

The pace: ``--think LOW-HIGH`` (or ``--think S``) seconds before each move, drawn per move
(players take 2-4 s: ``--think 2-4``), so the latency is measured at a stated load rather
than in a saturated server's queues; the echo floor's groups think the same before each
turn. ``--think 0`` (the default) is the saturated run: every phone plays at once, for the
most moves a second. The floor before the tables sends ``--size`` characters a message; the
floor after sends the median size of the messages the phones received (the views), both
reported. ``--floor-moves``: 40 turns a group saturated, 10 at a pace (about 30 s at 2-4 s).

``--processes N``: arbitro is ``scripts/production.sh N`` (N processes behind nginx, on
PostgreSQL and Redis, both started for the run) and the phones connect through nginx. A
table's phones may land on different processes; a move reaches the phones on the others
through PostgreSQL's NOTIFY on ``arbitro_tables`` (docs/workers.md); the echo floor is not
behind nginx (``bench/scale_out.py`` puts one there).

With ``--processes``, what the servers did a move over the play window (issue 33), counted by
the servers themselves: PostgreSQL's statements (``pg_stat_statements``, preloaded in the
run's server: ``BEGIN``, ``COMMIT`` and ``SET`` counted as statements, each a round trip), its
transactions and the connections opened (``pg_stat_database``: ``sessions``) and Redis's
commands (``INFO stats``), each divided by
the moves of the window (everything the processes did meanwhile: the tables' re-reads, the
seats' presence, the notifications).

The phones run in this process (one asyncio loop), the servers in their own. Only loopback
addresses; a bounded number of moves.
Run: .venv/bin/python bench/digital_tables.py [--tables 250] [--seconds 60] [--think 2-4]
     .venv/bin/python bench/digital_tables.py --processes 1 --tables 50
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.request import urlopen

from websockets.asyncio.client import connect

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
EVENT = "banco"


def load(path: Path, name: str) -> ModuleType:
    """A module by its file (bench/phones.py; the tests' helpers: tests/postgres.py,
    tests/scale/redis_server.py, tests/digital/play.py)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


phones = load(HERE / "phones.py", "bench_phones")  # the bot phones, shared with the tests


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` in ms (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# ---------------------------------------------------------------- the echo floor


def echo_app() -> Any:
    """A Starlette app: ``/echo/{group}`` sends every message to the group's other sockets."""
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    groups: dict[str, set[WebSocket]] = {}

    async def echo(websocket: WebSocket) -> None:
        group = websocket.path_params["group"]
        await websocket.accept()
        members = groups.setdefault(group, set())
        members.add(websocket)
        try:
            while True:
                text = await websocket.receive_text()
                for other in list(members):
                    if other is not websocket:
                        await other.send_text(text)
        except WebSocketDisconnect:
            pass
        finally:
            members.discard(websocket)

    return Starlette(routes=[WebSocketRoute("/echo/{group}", echo)])


def start(command: list[str], env: dict[str, str], ready: str) -> subprocess.Popen[bytes]:
    """A server subprocess, once ``ready`` (a URL) answers (nginx's 502 is not an answer:
    its upstream is not up yet)."""
    process = subprocess.Popen(command, env=env, start_new_session=True)
    deadline = time.monotonic() + 180
    while True:
        if process.poll() is not None:
            raise SystemExit(f"{command[:3]} exited")
        try:
            with urlopen(ready, timeout=2):
                return process
        except OSError as err:  # an HTTP answer (but a proxy's 5xx): it is up
            code = getattr(err, "code", None)
            if code is not None and int(code) < 500:
                return process
        if time.monotonic() > deadline:
            raise SystemExit(f"{command[:3]} did not answer")
        time.sleep(0.2)


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a server subprocess and its group."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextmanager
def echo_server() -> Iterator[str]:
    """The echo app under uvicorn, one worker; its ``ws://`` base."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "digital_tables:echo_app",
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
    process = start(command, dict(os.environ), f"http://127.0.0.1:{port}/")
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        stop(process)


async def floor(
    base: str, groups: int, turns: int, size: int, think: tuple[float, float] = (0.0, 0.0)
) -> list[float]:
    """Each group's four sockets take ``turns`` turns, the sender thinking ``think`` seconds
    (drawn in the range) before each; each message's time to the other three, in seconds."""
    times: list[float] = []
    payload = "x" * size

    async def group(g: int) -> None:
        rng = random.Random(f"floor-{g}")
        sockets = [
            await connect(f"{base}/echo/{g}", ping_interval=None, max_size=2**22) for _ in range(4)
        ]
        try:
            await asyncio.sleep(0.2)  # every member registered
            for turn in range(turns):
                sender = sockets[turn % 4]
                if think[1] > 0:
                    await asyncio.sleep(rng.uniform(*think))
                left = time.perf_counter()
                await sender.send(json.dumps({"t": turn, "p": payload}))
                for other in sockets:
                    if other is not sender:
                        await other.recv()
                        times.append(time.perf_counter() - left)
        finally:
            for s in sockets:
                await s.close()

    await asyncio.gather(*(group(g) for g in range(groups)))
    return times


# ---------------------------------------------------------------- arbitro


def set_up(url: str, tables: int) -> bytes:
    """The event, its tables opened as digital; the installation's secret."""
    from arbitro.codes.registry import DEFAULT_CODE
    from arbitro.services.digital_tables import DigitalTables
    from arbitro.services.events import EventService
    from arbitro.store import RecordStore
    from arbitro.store.secret import load_secret

    helpers = load(ROOT / "tests" / "digital" / "play.py", "bench_digital_play")
    store = RecordStore(url)
    try:
        svc = EventService(store, helpers.Clock())
        helpers.seated_event(svc, EVENT, DEFAULT_CODE, tables=tables, deals=2)
        digital = DigitalTables(svc)
        for t in range(1, tables + 1):
            digital.open(EVENT, 1, t)
        return load_secret(store)
    finally:
        store.close()


Counters = Any
"""What the servers counted so far (:func:`server_counters`), or None (SQLite: no server)."""


def server_counters(database_url: str, redis_url: str) -> Any:
    """A function reading the run's PostgreSQL statements (``pg_stat_statements``),
    transactions and connections opened (``pg_stat_database``) and Redis's commands so far
    (``INFO stats``)."""
    import psycopg
    import redis

    base = "postgresql://" + database_url.split("://", 1)[1].split("?", 1)[0]

    def read() -> dict[str, int]:
        with psycopg.connect(base, autocommit=True) as connection:
            statements = connection.execute(
                "SELECT coalesce(sum(calls), 0) FROM public.pg_stat_statements "
                "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
            ).fetchone()
            xacts = connection.execute(
                "SELECT xact_commit + xact_rollback, sessions FROM pg_stat_database "
                "WHERE datname = current_database()"
            ).fetchone()
        client = redis.Redis.from_url(redis_url)
        try:
            commands = int(client.info("stats")["total_commands_processed"])
        finally:
            client.close()
        assert statements is not None and xacts is not None
        return {
            "statements": int(statements[0]),
            "transactions": int(xacts[0]),
            "connections": int(xacts[1]),
            "redis": commands,
        }

    return read


@contextmanager
def arbitro(args: argparse.Namespace, tmp: Path) -> Iterator[tuple[str, bytes, Counters]]:
    """The database set up and arbitro serving it (one ``arbitro serve``, or
    production.sh's N processes behind nginx); its base URL, secret and the servers'
    counters (None on SQLite)."""
    os.environ["ARBITRO_SECRET"] = os.environ.get("ARBITRO_SECRET") or os.urandom(16).hex()
    env = dict(os.environ)
    if not args.processes:
        url = f"sqlite:///{tmp / 'digital.sqlite3'}"
        started = time.perf_counter()
        secret = set_up(url, args.tables)
        print(f"set-up: {args.tables} tables, {time.perf_counter() - started:.0f} s")
        port = free_port()
        arbitro_bin = str(Path(sys.executable).parent / "arbitro")
        command = [arbitro_bin, "--db", url, "serve", "--port", str(port)]
        process = start(command, env, f"http://127.0.0.1:{port}/")
        try:
            yield f"http://127.0.0.1:{port}", secret, None
        finally:
            stop(process)
        return
    postgres = load(ROOT / "tests" / "postgres.py", "bench_postgres")
    redis = load(ROOT / "tests" / "scale" / "redis_server.py", "bench_redis")
    pg = postgres.PostgresServer.start()
    rd = redis.RedisServer.start()
    try:
        import psycopg

        with psycopg.connect(pg.admin_url, autocommit=True) as admin:
            admin.execute("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
        pg.restart(immediate=False)
        database = pg.create_database()
        with psycopg.connect(database, autocommit=True) as admin:
            admin.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        url = postgres.create_schema(database)
        started = time.perf_counter()
        secret = set_up(url, args.tables)
        print(f"set-up: {args.tables} tables, {time.perf_counter() - started:.0f} s")
        port = free_port()
        env.update(
            ARBITRO_DATABASE_URL=url,
            ARBITRO_REDIS_URL=rd.url,
            ARBITRO_PRODUCTION_DIR=str(tmp / "nginx"),
            ARBITRO_PYTHON=sys.executable,
        )
        script = ["bash", str(ROOT / "scripts" / "production.sh"), str(args.processes), str(port)]
        process = start(script, env, f"http://127.0.0.1:{port}/")
        try:
            yield f"http://127.0.0.1:{port}", secret, server_counters(url, rd.url)
        finally:
            stop(process)
    finally:
        rd.stop()
        pg.stop()


async def play(
    base: str, secret: bytes, args: argparse.Namespace, counters: Counters = None
) -> dict[str, Any]:
    """The phones of every table, for ``--seconds`` once all are connected (with the
    servers' counters over that window, if any)."""
    tally = phones.Tally()
    seats = ["N", "E", "S", "W"]
    bots = phones.table_phones(
        base, secret, EVENT, 1, range(1, args.tables + 1), seats, tally, args.seed, args.think
    )
    halt = asyncio.Event()
    tasks = [asyncio.create_task(p.run(halt, stop_at_sheet=False)) for p in bots]
    deadline = time.monotonic() + 120
    while len(tally.at) < args.tables and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    first = await asyncio.to_thread(counters) if counters is not None else None
    with phones.quiet_collector():  # the phones' process pauses no update it measures
        began, acked_before = time.perf_counter(), len(tally.acked)
        await asyncio.sleep(args.seconds)
        moves = len(tally.acked) - acked_before
        window = time.perf_counter() - began
    last = await asyncio.to_thread(counters) if counters is not None else None
    counted = {k: last[k] - first[k] for k in first} if first and last else {}
    halt.set()
    await asyncio.gather(*tasks)
    return {
        "moves": moves,
        "window": window,
        "latencies": tally.latencies(),
        "refusals": tally.refusals,
        "reconnects": tally.reconnects,
        "causes": tally.causes.most_common(3),
        "connected": len(tally.at),
        "size": sorted(tally.sizes)[len(tally.sizes) // 2] if tally.sizes else 0,
        "counted": counted,
    }


think_range = phones.think_range  # --think, shared with bench/scale_out.py


def gc_pauses(folder: Path) -> list[str]:
    """The server's collections as logged by ``bench/gc_pauses``: per generation, how many,
    their total and largest wall and CPU ms."""
    rows: dict[int, list[tuple[float, float]]] = {}
    for log in folder.glob("gc-*.log"):
        for line in log.read_text().splitlines():
            generation, wall, cpu = line.split()
            rows.setdefault(int(generation), []).append((float(wall), float(cpu)))
    return [
        f"gc generation {g}: {len(r)} collections (young ones only over 2 ms), wall total "
        f"{sum(w for w, _ in r):.0f} ms, max {max(w for w, _ in r):.1f} ms; cpu max "
        f"{max(c for _, c in r):.1f} ms"
        for g, r in sorted(rows.items())
    ]


def main(argv: list[str] | None = None) -> int:
    """The bench; exit status 1 if a phone was refused a move or a table never connected."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=250, help="digital tables (4 phones each)")
    parser.add_argument("--seconds", type=float, default=60, help="the tables' play window")
    parser.add_argument(
        "--floor-moves", type=int, default=None, help="echo turns a group (40; 10 at a pace)"
    )
    parser.add_argument("--size", type=int, default=1500, help="echo message size (a view's)")
    parser.add_argument("--processes", type=int, default=0, help="production.sh N behind nginx")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=think_range,
        default=(0.0, 0.0),
        help="seconds a phone thinks before each move: LOW-HIGH or S (0: saturated)",
    )
    parser.add_argument(
        "--gc-pauses",
        action="store_true",
        help="log the server's garbage collections (bench/gc_pauses) and sum them up",
    )
    args = parser.parse_args(argv)
    paced = args.think[1] > 0
    turns = args.floor_moves if args.floor_moves is not None else (10 if paced else 40)
    pace = f"{args.think[0]:g}-{args.think[1]:g} s a move" if paced else "0 (saturated)"
    random.seed(args.seed)
    print(
        f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; nproc {os.cpu_count()}; "
        f"load average {os.getloadavg()}; tables {args.tables}; processes "
        f"{args.processes or '1 (arbitro serve)'}; think {pace}; floor turns {turns}"
    )
    with tempfile.TemporaryDirectory(prefix="arbitro-digital-") as folder:
        with echo_server() as echo:
            before = asyncio.run(floor(echo, args.tables, turns, args.size, args.think))
        if args.gc_pauses:
            os.environ["ARBITRO_BENCH_GC_DIR"] = folder
            os.environ["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(ROOT / "bench" / "gc_pauses"), os.environ.get("PYTHONPATH")) if p
            )
        with arbitro(args, Path(folder)) as (base, secret, counters):
            result = asyncio.run(play(base, secret, args, counters))
        pauses = gc_pauses(Path(folder)) if args.gc_pauses else []
        size_after = result["size"] or args.size  # the views' median size
        with echo_server() as echo:
            after = asyncio.run(floor(echo, args.tables, turns, size_after, args.think))
    update = result["latencies"]
    rate = result["moves"] / result["window"]
    print(
        f"echo floor before ({args.size} chars): p50 {pct(before, 0.5):.1f} ms, "
        f"p99 {pct(before, 0.99):.1f} ms"
    )
    print(
        f"echo floor after ({size_after} chars, the views' median): p50 {pct(after, 0.5):.1f} "
        f"ms, p99 {pct(after, 0.99):.1f} ms"
    )
    print(
        f"moves: {result['moves']} in {result['window']:.1f} s = {rate:.1f} moves/s; tables "
        f"connected {result['connected']}/{args.tables}; refusals {len(result['refusals'])}; "
        f"reconnections {result['reconnects']} {result['causes']}"
    )
    print(
        f"update (a move to each other phone's view): n {len(update)}, "
        f"p50 {pct(update, 0.5):.1f} ms, p99 {pct(update, 0.99):.1f} ms"
    )
    for name, floor_times in (("before", before), ("after", after)):
        ratio = pct(update, 0.99) / max(pct(floor_times, 0.99), 1e-9)
        print(
            f"ratio of the update's p99 to the echo floor's p99 ({name}): {ratio:.1f}x (goal <= 3x)"
        )
    if result["counted"] and result["moves"]:
        each = {k: v / result["moves"] for k, v in result["counted"].items()}
        print(
            f"the servers, a move: PostgreSQL {each['statements']:.1f} statements, "
            f"{each['transactions']:.1f} transactions, {each['connections']:.3f} connections "
            f"opened; Redis {each['redis']:.2f} commands (window totals {result['counted']})"
        )
    for line in pauses:
        print(line)
    print(f"load average after: {os.getloadavg()}")
    for refusal in result["refusals"][:5]:
        print("refused:", refusal)
    return 1 if result["refusals"] or result["connected"] < args.tables else 0


if __name__ == "__main__":
    sys.exit(main())
