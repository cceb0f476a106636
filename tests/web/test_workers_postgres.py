"""Several worker processes on PostgreSQL (``arbitro serve --workers N``): the store's
expected-seq check is the guard between processes, each process's cached states catch up with
the records the others appended, and the same event read through either worker is the same.

The real app runs (``arbitro serve --workers 2``, uvicorn's worker processes each building its
app with :func:`arbitro.web.factory.app_from_environment`) on a real PostgreSQL
(``tests/postgres.py``); each answer names its worker (``X-Arbitro-Worker``)."""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.web.lines import proof
from typer.testing import CliRunner

from arbitro.cli.main import app as cli_app
from arbitro.store import RecordStore
from arbitro.store.users import add_user
from arbitro.web.factory import WORKER_HEADER, app_from_environment, is_sqlite
from arbitro.web.secret import load_secret
from arbitro.web.tokens import make_token

EVENT = "serata"
PAIRS = 40
TABLES = PAIRS // 2
WARNINGS = 60
DIRECTOR = ("direttore", "una-password-lunga")
DEAL = {"ns_base": 300, "ns_points": 120, "ew_base": 100, "ew_points": 45}
PHONE_TABLES = range(TABLES // 2 + 1, TABLES + 1)
"""Tables whose two lines send the sheet from their phones (the others: the director's API)."""
PHONE_SHEET = {
    "o1_ns_base": "300",
    "o1_ns_points": "150",
    "o1_ew_base": "100",
    "o1_ew_points": "35",
    "o2_ns_base": "0",
    "o2_ns_points": "-40",
    "o2_ew_base": "250",
    "o2_ew_points": "120",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def served(postgres_database_url: str) -> Iterator[str]:
    """``arbitro serve --workers 2`` on a fresh PostgreSQL schema with a director account:
    the base URL, once both worker processes answer."""
    store = RecordStore.open(postgres_database_url)
    add_user(store, *DIRECTOR)
    store.close()
    port = free_port()
    env = {**os.environ, "ARBITRO_DATABASE_URL": postgres_database_url, "ARBITRO_LANG": "en"}
    env.pop("ARBITRO_BASE_URL", None)
    command = [str(Path(sys.executable).with_name("arbitro")), "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--workers", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        seen: set[str] = set()
        while len(seen) < 2:  # both workers have built their app and answer
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            assert time.monotonic() < deadline, f"the workers did not start: {seen}"
            try:
                seen.add(fresh_get(base, "/api/events").headers[WORKER_HEADER])
            except httpx.TransportError:
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


def fresh_get(base: str, path: str, **kw: Any) -> httpx.Response:
    """A GET on a new connection (so that any worker may accept it)."""
    with httpx.Client(base_url=base, timeout=60) as client:
        return client.get(path, **kw)


def fresh_post(base: str, path: str, token: str, body: Any = None) -> httpx.Response:
    """A POST with the director's token on a new connection."""
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, timeout=60, headers=headers) as client:
        return client.post(path, json=body)


def phone_post(base: str, path: str, line: str, secret: bytes) -> httpx.Response:
    """A line's phone opens its table page and sends the sheet (on one new connection)."""
    with httpx.Client(base_url=base, timeout=60) as phone:
        opened = phone.get(path, params={"line": line})
        assert opened.status_code == 200, opened.text
        return phone.post(
            path,
            data={**PHONE_SHEET, "line": line, "round": "1", "proof": proof(secret, path, line)},
        )


def send(base: str, post: tuple[str, str, dict[str, Any]], token: str) -> httpx.Response:
    """One of the concurrent posts: a phone's sheet, else the director's API call."""
    kind, path, body = post
    if kind == "phone":
        return phone_post(base, path, body["line"], body["secret"])
    return fresh_post(base, path, token, body)


def ok(answer: httpx.Response) -> bool:
    """Acknowledged: the API's 200, a phone's 303 to its table page."""
    return answer.status_code == 200 or (
        answer.status_code == 303 and answer.headers["location"].startswith("/t/")
    )


def director_token(base: str) -> str:
    with httpx.Client(base_url=base, timeout=60) as client:
        issued = client.post("/api/token", json={"username": DIRECTOR[0], "password": DIRECTOR[1]})
    assert issued.status_code == 200, issued.text
    token: str = issued.json()["access_token"]
    return token


def test_two_workers_share_one_event_on_postgres(served: str, postgres_database_url: str) -> None:
    """Sheets (the director's, and both lines' from their phones) and warnings posted at once
    to both workers of the same event: no 500, every acknowledged post stored exactly once, a lost race decided again on the new state; then
    the standings read through either worker are the same, read after read."""
    base = served
    token = director_token(base)
    created = fresh_post(
        base,
        "/api/events",
        token,
        {
            "event_id": EVENT,
            "name": "Serata a due processi",
            "format": "pairs",
            "rounds": 2,
            "deals": [2, 2],
            "movements": ["draw", "mitchell"],
            "seed": 3,
        },
    )
    assert created.status_code == 201, created.text
    for i in range(1, PAIRS + 1):  # registrations alternate between the workers' caches
        done = fresh_post(base, f"/api/events/{EVENT}/competitors", token, {"name": f"Coppia {i}"})
        assert done.status_code == 201 and done.json() == {"competitor": i}, done.text
    seated = fresh_post(base, f"/api/events/{EVENT}/rounds/1/seat", token, {"publish": True})
    assert seated.status_code == 200, seated.text

    store = RecordStore.open(postgres_database_url)
    try:
        secret = load_secret(store)  # the installation's, as the workers read it
    finally:
        store.close()
    rng = random.Random(14)
    posts: list[tuple[str, str, dict[str, Any]]] = [
        ("sheet", f"/api/events/{EVENT}/rounds/1/tables/{t}/sheet", {"deals": [DEAL, DEAL]})
        for t in range(1, PHONE_TABLES.start)
    ]
    posts += [
        (
            "phone",
            f"/t/{make_token(secret, EVENT, t)}",
            {"line": line, "table": t, "secret": secret},
        )
        for t in PHONE_TABLES
        for line in ("ns", "ew")
    ]
    posts += [
        (
            "warning",
            f"/api/events/{EVENT}/rounds/1/warnings",
            {"competitor": rng.randint(1, PAIRS), "reason": f"avvertimento {n}"},
        )
        for n in range(WARNINGS)
    ]
    rng.shuffle(posts)
    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(pool.map(lambda p: (p, send(base, p, token)), posts))

    statuses = Counter(r.status_code for _, r in answers)
    assert all(code < 500 for code in statuses), statuses
    assert set(statuses) <= {200, 303, 409}, [(p, r.text) for p, r in answers if not ok(r)]
    workers = Counter(r.headers[WORKER_HEADER] for _, r in answers)
    assert len(workers) == 2, f"one worker answered every post: {workers}"

    store = RecordStore.open(postgres_database_url)
    try:
        records = store.records(EVENT)
    finally:
        store.close()
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    entered = Counter(
        (r.payload["table"], r.payload.get("line")) for r in records if r.kind == "sheet-entered"
    )
    warned = Counter(r.reason for r in records if r.kind == "sanction-given")
    acked: set[tuple[str, object]] = set()
    refused: set[tuple[str, object]] = set()
    for (kind, path, body), answer in answers:
        if kind == "warning":
            label: object = body["reason"]
        elif kind == "phone":
            label = (body["table"], body["line"])
        else:
            label = (int(path.split("/")[-2]), None)
        (acked if ok(answer) else refused).add((kind, label))
    assert set(warned.values()) <= {1} and set(entered.values()) <= {1}
    assert {("warning", reason) for reason in warned} == {a for a in acked if a[0] == "warning"}
    assert {("sheet" if line is None else "phone", (table, line)) for table, line in entered} == {
        a for a in acked if a[0] != "warning"
    }
    assert not refused & {("warning", reason) for reason in warned}

    # Fill in what a lost race refused (if any), then publish through either worker.
    for p, r in answers:
        if p[0] != "warning" and not ok(r):
            again = send(base, p, token)
            assert ok(again), again.text
    director = {"Authorization": f"Bearer {token}"}  # before publication: the director's
    sheets = fresh_get(base, f"/api/events/{EVENT}/rounds/1/sheets", headers=director).json()
    assert sheets["missing"] == [] and {s["status"] for s in sheets["sheets"]} == {"confirmed"}
    published = fresh_post(base, f"/api/events/{EVENT}/rounds/1/publish-standings", token)
    assert published.status_code == 200, published.text

    bodies: dict[str, list[Any]] = {}
    reads = 0
    while reads < 200 and (len(bodies) < 2 or min(len(b) for b in bodies.values()) < 10):
        read = fresh_get(base, f"/api/events/{EVENT}/standings")
        assert read.status_code == 200, read.text
        bodies.setdefault(read.headers[WORKER_HEADER], []).append(read.json())
        reads += 1
    assert len(bodies) == 2, f"one worker answered every read: {list(bodies)}"
    first = next(iter(bodies.values()))[0]
    assert len(first["rows"]) == PAIRS and first["after_round"] == 1
    assert all(body == first for answered in bodies.values() for body in answered)


def test_workers_are_refused_on_sqlite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--workers 2`` on SQLite is refused before anything starts, with what to do instead."""
    monkeypatch.setenv("ARBITRO_DATABASE_URL", f"sqlite:///{tmp_path / 'a.sqlite3'}")
    monkeypatch.setenv("ARBITRO_LANG", "en")
    result = CliRunner().invoke(cli_app, ["serve", "--workers", "2"])
    assert result.exit_code != 0
    assert "--workers 2 needs PostgreSQL" in result.output
    assert "ARBITRO_DATABASE_URL" in result.output
    assert not (tmp_path / "a.sqlite3").exists()  # refused before the database is opened
    zero = CliRunner().invoke(cli_app, ["serve", "--workers", "0"])
    assert zero.exit_code != 0 and "between 1 and 64, not 0" in zero.output


def test_sqlite_urls_are_recognised() -> None:
    assert is_sqlite("sqlite:///arbitro.sqlite3") and is_sqlite("sqlite+pysqlite:///:memory:")
    assert not is_sqlite("postgresql+psycopg://app@127.0.0.1:5432/arbitro")
    assert not is_sqlite("postgresql://app@localhost/sqlite")


def test_the_factory_builds_the_app_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a worker process imports: the app on ``$ARBITRO_DATABASE_URL``, each answer
    naming the worker."""
    from fastapi.testclient import TestClient

    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    monkeypatch.setenv("ARBITRO_DATABASE_URL", url)
    application = app_from_environment()
    assert application.state.web.store.url == url
    with TestClient(application) as client:
        answer = client.get("/api/events")
    assert answer.status_code == 200 and answer.json() == []
    assert answer.headers[WORKER_HEADER] == application.state.worker
