"""The login throttle held across three real server processes (issue 33): three
``arbitro serve`` processes on one PostgreSQL (``tests/postgres.py``) and one Redis
(``tests/scale/redis_server.py``, ``$ARBITRO_REDIS_URL``); wrong passwords from one address
spread over the three count together (docs/security.md: the fifth wrong password within an
hour makes the source wait a minute), so the process that saw only one of them refuses the
next try."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from tests.scale.redis_server import RedisServer, free_port

from arbitro.store import RecordStore
from arbitro.store.users import add_user
from arbitro.web.throttle import REDIS_URL_ENV, SOURCE_FAILURES, SOURCE_FIRST_WAIT

DIRECTOR = ("direttore", "una-password-lunga")
PROCESSES = 3
READY_WITHIN = 120.0


def start_server(env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    """One ``arbitro serve`` process on a free port, and its base URL."""
    port = free_port()
    command = [str(Path(sys.executable).with_name("arbitro")), "serve", "--port", str(port)]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    return process, f"http://127.0.0.1:{port}"


def wait_ready(process: subprocess.Popen[str], base: str) -> None:
    """Wait until the process answers."""
    deadline = time.monotonic() + READY_WITHIN
    while True:
        assert process.poll() is None, process.stdout.read() if process.stdout else ""
        assert time.monotonic() < deadline, f"{base} did not start"
        try:
            with httpx.Client(base_url=base, timeout=30) as client:
                if client.get("/api/events").status_code == 200:
                    return
        except httpx.TransportError:
            pass
        time.sleep(0.1)


def stop(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def three_servers(postgres_database_url: str, redis_server: RedisServer) -> Iterator[list[str]]:
    """Three ``arbitro serve`` processes on one PostgreSQL and one Redis, once all answer."""
    store = RecordStore.open(postgres_database_url)
    add_user(store, *DIRECTOR)
    store.close()
    env = {
        **os.environ,
        "ARBITRO_DATABASE_URL": postgres_database_url,
        "ARBITRO_LANG": "en",
        REDIS_URL_ENV: redis_server.url,
    }
    env.pop("ARBITRO_BASE_URL", None)
    with ExitStack() as stack:
        started = []
        for _ in range(PROCESSES):
            process, base = start_server(env)
            stack.callback(stop, process)
            started.append((process, base))
        for process, base in started:
            wait_ready(process, base)
        yield [base for _, base in started]


def login(base: str, password: str) -> httpx.Response:
    """One login on a new connection; a 429 of the hashing budget (a short wait, no password
    checked, nothing counted) is tried again after its Retry-After."""
    while True:
        with httpx.Client(base_url=base, timeout=60) as client:
            answer = client.post("/api/token", json={"username": DIRECTOR[0], "password": password})
        wait = int(answer.headers.get("retry-after", "0"))
        if answer.status_code != 429 or wait >= SOURCE_FIRST_WAIT / 2:
            return answer
        time.sleep(wait)


@pytest.mark.postgres
@pytest.mark.slow
def test_the_login_throttle_holds_across_three_processes(three_servers: list[str]) -> None:
    first, second, third = three_servers
    spread = [first, second, first, second, third][:SOURCE_FAILURES]
    answers = [login(base, "sbagliata") for base in spread]
    assert [a.status_code for a in answers] == [401] * SOURCE_FAILURES
    # The third process saw one wrong password; it refuses as if it had seen all five.
    refused = login(third, DIRECTOR[1])
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= SOURCE_FIRST_WAIT / 2
    assert login(first, DIRECTOR[1]).status_code == 429
