"""Bad luck, a crash mid-send (issue 29, "Bad luck"): after a SIGKILL of the server, a phone
whose send was interrupted re-sends its sheet with the same idempotency key; before, the key
stayed pending for ``PENDING_STALE`` (30 s) and the phone read "already being recorded" (22 of
75 phones for 26-28 s). A start-up now releases the pending keys of the processes that are
gone, and never those of a live process (several servers on one database). The sheet is the
line's signature of the score sheet, recorded once (FIBAS art. 20)."""

from __future__ import annotations

import importlib.util
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from sqlalchemy import select, text

from arbitro.store import RecordStore, users
from arbitro.store.schema import idempotency_keys
from arbitro.tournament.records import RecordKind
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import path_line_code, table_path

BENCH = Path(__file__).resolve().parents[2] / "bench"
KEY = "chiave-crash-0001"


def _web_load() -> ModuleType:
    """bench/web_load.py (its event set-up and app start), loaded by path."""
    loaded = sys.modules.get("web_load")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("web_load", BENCH / "web_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["web_load"] = module
    spec.loader.exec_module(module)
    return module


def _pending(store: RecordStore) -> list[str]:
    with store.engine.connect() as connection:
        return list(
            connection.execute(
                select(idempotency_keys.c.key).where(idempotency_keys.c.status == users.PENDING)
            ).scalars()
        )


def _sheets(store: RecordStore, event: str, table: int, line: str) -> int:
    return sum(
        1
        for r in store.records(event)
        if r.kind == RecordKind.SHEET_ENTERED.value
        and r.payload.get("table") == table
        and r.payload.get("line") == line
    )


class Server:
    """The app under uvicorn in its own process, as ``arbitro serve`` runs it."""

    def __init__(self, url: str, secret_text: str) -> None:
        self.web_load = _web_load()
        self.url = url
        self.secret_text = secret_text
        self.port = self.web_load.free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = self.web_load.start_app(self.url, self.secret_text, self.port, self.log)
        assert self.web_load.wait_until_up(self.base, self.process, timeout=120)

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        self.log.close()


@pytest.fixture
def server_on_postgres(postgres_database_url: str) -> Iterator[tuple[Server, dict[int, Any]]]:
    sheets, _ = _web_load().set_up(postgres_database_url, random.Random(7), pairs=8)
    server = Server(postgres_database_url, secrets.token_hex(16))
    server.start()
    try:
        yield server, sheets
    finally:
        server.stop()


@pytest.mark.postgres
def test_a_phone_resending_after_a_crash_mid_send_is_answered_at_once(
    server_on_postgres: tuple[Server, dict[int, Any]],
) -> None:
    """The server is SIGKILLed while the N-S phone's sheet is being recorded (its key claimed,
    its record held back by a lock on the records); restarted, the phone's re-send with the
    same key is recorded, not refused as "already being recorded", and once (FIBAS art. 20)."""
    server, sheets = server_on_postgres
    web_load = server.web_load
    secret = __import__("hashlib").sha256(server.secret_text.encode()).digest()
    path = table_path(secret, web_load.EVENT, 1)
    data = {**entry_values(sheets[1]), "line": "ns", "round": "1", "_key": KEY}
    data["proof"] = path_line_code(secret, path, "ns")  # the line's code (issue 29)
    store = RecordStore(server.url)
    phone = httpx.Client(base_url=server.base, timeout=60, cookies={"lang": "en"})
    try:
        assert phone.get(f"{path}?line=ns").status_code == 200
        outcome: list[object] = []

        def send() -> None:
            try:
                outcome.append(phone.post(path, data=data))
            except httpx.TransportError as exc:  # the kill cut it
                outcome.append(exc)

        with store.engine.connect() as lock:
            lock.execute(text("LOCK TABLE records IN EXCLUSIVE MODE"))  # the append waits
            sender = threading.Thread(target=send)
            sender.start()
            for _ in range(600):
                if _pending(store) == [KEY]:
                    break
                time.sleep(0.05)
            assert _pending(store) == [KEY]  # claimed, not yet recorded
            server.kill()
            lock.rollback()
        sender.join(timeout=60)
        assert outcome and isinstance(outcome[0], httpx.TransportError)
        assert _sheets(store, web_load.EVENT, 1, "ns") == 0

        server.start()
        again = phone.post(path, data=data)
        assert again.status_code == 303, again.text[-300:]
        assert "Idempotent-Replayed" not in again.headers
        assert _sheets(store, web_load.EVENT, 1, "ns") == 1
        replay = phone.post(path, data=data)  # a third tap: the first answer, nothing new
        assert replay.status_code == 303
        assert replay.headers["Idempotent-Replayed"] == "true"
        assert _sheets(store, web_load.EVENT, 1, "ns") == 1
        assert _pending(store) == []
    finally:
        phone.close()
        store.close()


CLAIMER = """
import sys, time
from arbitro.store import RecordStore, users
store = RecordStore(sys.argv[1])
assert users.claim_key(store, "path:/t/x", sys.argv[2]) is None
print("claimed", flush=True)
time.sleep(120)
"""


def _claimer(url: str, key: str) -> subprocess.Popen[str]:
    """Another server process holding ``key`` pending (claimed, its request still running)."""
    process = subprocess.Popen(
        [sys.executable, "-c", CLAIMER, url, key], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "claimed"
    return process


def test_a_start_up_releases_the_keys_of_dead_processes_only(database_url: str) -> None:
    """Two processes hold a pending key each; one is SIGKILLed. A start-up (a new app on the
    database) releases the dead one's key and leaves the live one's: two servers on one
    database never steal each other's writes."""
    from arbitro.web.app import create_app

    dead = _claimer(database_url, "chiave-morta-0001")
    live = _claimer(database_url, "chiave-viva-0001")
    store = RecordStore(database_url)
    try:
        os.kill(dead.pid, signal.SIGKILL)
        dead.wait(timeout=30)
        assert sorted(_pending(store)) == ["chiave-morta-0001", "chiave-viva-0001"]
        create_app(database_url).state.web.store.close()
        assert _pending(store) == ["chiave-viva-0001"]
        answer = users.claim_key(store, "path:/t/x", "chiave-viva-0001")
        assert answer is not None and answer.status == users.PENDING  # still being recorded
        assert users.claim_key(store, "path:/t/x", "chiave-morta-0001") is None  # sent again
    finally:
        live.kill()
        live.wait(timeout=30)
        store.close()


def test_a_process_on_another_machine_is_never_taken_for_gone() -> None:
    """Its pid means nothing here: its keys go stale after ``PENDING_STALE`` as before."""
    here = users.process_holder()
    host, boot, namespace, _pid, _start = here.split(users.HOLDER_SEPARATOR)
    elsewhere = users.HOLDER_SEPARATOR.join(("altra-macchina", boot, namespace, "999999", "1"))
    assert not users.holder_is_gone(elsewhere)
    rebooted = users.HOLDER_SEPARATOR.join((host, "another-boot", namespace, "1", "1"))
    assert users.holder_is_gone(rebooted)
    assert not users.holder_is_gone(here)
    assert users.holder_is_gone(
        users.HOLDER_SEPARATOR.join((host, boot, namespace, str(os.getpid()), "0"))
    )  # this pid, but another process before it (a container restarted with the same pid)
