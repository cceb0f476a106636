"""One command for production on one machine (issue 33, docs/deploy.md):
``bash scripts/production.sh 3 PORT`` starts three arbitro processes (each what a worker of
``arbitro serve --workers`` runs) behind a real nginx (Debian's), on a real PostgreSQL and a
real Redis; a director logs in through nginx, and nginx spreads the requests over the three;
a process killed (SIGKILL) is skipped by nginx and started again by the script."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy
import tests.postgres as postgres
from tests.scale.redis_server import RedisServer, free_port

from arbitro.store import RecordStore, migrate
from arbitro.store.migrate import newest_revision
from arbitro.store.users import add_user
from arbitro.web.factory import WORKER_HEADER

SCRIPT = Path(__file__).parents[2] / "scripts" / "production.sh"
DIRECTOR = ("direttore", "una-password-lunga")
PROCESSES = 3
READY_WITHIN = 180.0


@pytest.fixture(scope="module")
def production_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The script's own files (nginx's configuration, the processes' pid files)."""
    return tmp_path_factory.mktemp("production") / "nginx"


@pytest.fixture(scope="module")
def production(
    postgres_test_database: str, redis_server: RedisServer, production_dir: Path
) -> Iterator[str]:
    """The script running (its own process group, ended at the end; its files in
    ``production_dir``); nginx's URL once all three processes answer through it. One start
    for the module's tests that use it (a start was a third of each test's time): the test
    that kills a process ends only when the script has started it again, so the next test
    meets three processes as the first did."""
    postgres_database_url = postgres.create_schema(postgres_test_database)
    store = RecordStore.open(postgres_database_url)
    add_user(store, *DIRECTOR)
    store.close()
    port = free_port()
    env = {
        **os.environ,
        "ARBITRO_DATABASE_URL": postgres_database_url,
        "ARBITRO_REDIS_URL": redis_server.url,
        "ARBITRO_PRODUCTION_DIR": str(production_dir),
        "ARBITRO_PYTHON": sys.executable,
        "ARBITRO_LANG": "en",
    }
    script = subprocess.Popen(
        ["bash", str(SCRIPT), str(PROCESSES), str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_WITHIN
        seen: set[str] = set()
        while len(seen) < PROCESSES:
            assert script.poll() is None, script.stdout.read() if script.stdout else ""
            assert time.monotonic() < deadline, f"not all processes answer: {seen}"
            try:
                with httpx.Client(base_url=base, timeout=30) as client:
                    answer = client.get("/api/events")
                if answer.status_code == 200:
                    seen.add(answer.headers[WORKER_HEADER])
                    continue
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        yield base
    finally:
        os.killpg(script.pid, signal.SIGTERM)
        try:
            script.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(script.pid, signal.SIGKILL)
            script.wait()
        postgres.drop_schema(postgres_database_url)


def answers(base: str, path: str, count: int, token: str = "") -> list[httpx.Response]:
    """``count`` GETs of ``path`` through nginx (new connections: nginx's round robin)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    out = []
    for _ in range(count):
        with httpx.Client(base_url=base, timeout=60, headers=headers) as client:
            out.append(client.get(path))
    return out


@pytest.mark.postgres
@pytest.mark.slow
def test_a_director_logs_in_through_nginx_and_a_killed_process_comes_back(
    production: str, production_dir: Path
) -> None:
    with httpx.Client(base_url=production, timeout=60) as client:
        issued = client.post("/api/token", json={"username": DIRECTOR[0], "password": DIRECTOR[1]})
        assert issued.status_code == 200, issued.text
        token = issued.json()["access_token"]
    first = answers(production, "/api/events", 2 * PROCESSES, token)  # nginx's round robin
    assert all(a.status_code == 200 for a in first)
    labels = {a.headers[WORKER_HEADER] for a in first}
    assert len(labels) == PROCESSES
    # The first process killed: nginx sends its requests to the two others (no error seen),
    # and the script starts it again (a new label) on its port.
    pid_file = production_dir / "process-0.pid"
    killed = int(pid_file.read_text())
    os.kill(killed, signal.SIGKILL)
    deadline = time.monotonic() + READY_WITHIN
    seen: set[str] = set()
    while not seen - labels:
        assert time.monotonic() < deadline, f"the killed process did not come back: {seen}"
        for answer in answers(production, "/api/events", PROCESSES, token):
            assert answer.status_code == 200, answer.text  # never the dead process's error
            seen.add(answer.headers[WORKER_HEADER])
        time.sleep(0.2)
    assert int(pid_file.read_text()) != killed
    assert len(seen - labels) == 1  # one process started again; the two others unchanged
    assert len(labels & seen) == PROCESSES - 1


@pytest.mark.postgres
@pytest.mark.slow
def test_a_sheet_entered_through_one_process_is_on_the_others_standings(
    production: str,
) -> None:
    """Through nginx: the event created, the pairs registered and seated, the round's sheets
    entered and the standings published (nginx spreading the posts over the processes), and
    read through each of the three: the same rows."""
    with httpx.Client(base_url=production, timeout=60) as client:
        token = client.post(
            "/api/token", json={"username": DIRECTOR[0], "password": DIRECTOR[1]}
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}

    def post(path: str, body: object = None) -> httpx.Response:
        with httpx.Client(base_url=production, timeout=60, headers=headers) as client:
            return client.post(path, json=body)

    event = {"event_id": "serata", "name": "Serata", "format": "pairs", "rounds": 1}
    created = post("/api/events", {**event, "deals": [2], "movements": ["draw"]})
    assert created.status_code == 201, created.text
    for i in range(1, 5):
        assert post("/api/events/serata/competitors", {"name": f"Coppia {i}"}).is_success
    assert post("/api/events/serata/rounds/1/seat", {"publish": True}).is_success
    deal = {"ns_base": 300, "ns_points": 120, "ew_base": 100, "ew_points": 45}
    for table in (1, 2):
        entered = post(f"/api/events/serata/rounds/1/tables/{table}/sheet", {"deals": [deal] * 2})
        assert entered.status_code == 200, entered.text
    published = post("/api/events/serata/rounds/1/publish-standings")
    assert published.status_code == 200, published.text
    bodies: dict[str, object] = {}
    for read in answers(production, "/api/events/serata/standings", 2 * PROCESSES):
        assert read.status_code == 200, read.text
        bodies.setdefault(read.headers[WORKER_HEADER], read.json())
    assert len(bodies) == PROCESSES
    first, *others = bodies.values()
    assert isinstance(first, dict) and len(first["rows"]) == 4 and first["after_round"] == 1
    assert all(other == first for other in others)


@pytest.mark.postgres
@pytest.mark.slow
def test_the_script_migrates_a_fresh_database_once_before_the_processes(
    postgres_database_url: str, redis_server: RedisServer, tmp_path: Path
) -> None:
    """On a fresh PostgreSQL (no table yet) the script says it brought the schema to the
    newest revision before any process started; the two processes then serve it."""
    engine = sqlalchemy.create_engine(postgres_database_url)
    with engine.connect() as connection:
        assert sqlalchemy.inspect(connection).get_table_names() == []  # fresh
    port = free_port()
    env = {
        **os.environ,
        "ARBITRO_DATABASE_URL": postgres_database_url,
        "ARBITRO_REDIS_URL": redis_server.url,
        "ARBITRO_PRODUCTION_DIR": str(tmp_path / "nginx"),
        "ARBITRO_PYTHON": sys.executable,
        "ARBITRO_LANG": "en",
    }
    script = subprocess.Popen(
        ["bash", str(SCRIPT), "2", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        assert script.stdout is not None
        said = script.stdout.readline()
        assert said.startswith("The database's schema is up to date (revision ")
        assert newest_revision() in said
        deadline = time.monotonic() + READY_WITHIN
        while True:
            assert script.poll() is None
            assert time.monotonic() < deadline, "nginx's processes did not answer"
            try:
                with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                    if client.get("/api/events").status_code == 200:
                        break
            except httpx.TransportError:
                pass
            time.sleep(0.1)
    finally:
        os.killpg(script.pid, signal.SIGTERM)
        try:
            script.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(script.pid, signal.SIGKILL)
            script.wait()
    with engine.connect() as connection:
        assert migrate.current_revisions(engine) == migrate.head_revisions()
        assert "records" in sqlalchemy.inspect(connection).get_table_names()
    engine.dispose()
