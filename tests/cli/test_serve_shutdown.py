"""``arbitro serve`` stops on SIGTERM without waiting for the phones' pushed streams (issue
28): a phone's stream (``/t/{token}/events``) would otherwise keep the server up for as long
as it lasts (about five minutes); the server ends the streams when it starts stopping, and
cuts whatever is still open after ``SHUTDOWN_SECONDS``."""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web import base_url
from arbitro.web.secret import SECRET_ENV
from arbitro.web.tokens import make_token


def free_port() -> int:
    """A TCP port free on the loopback address now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_sigterm_ends_the_phones_streams_and_the_server_exits(tmp_path: Path) -> None:
    """The real server (``arbitro serve`` in its own process) with a phone's stream open on
    an evening's table 1, round 1 seated (its status sent, FIBAS art. 20): on SIGTERM the stream is ended
    by the server (its last line asks the phone to come back soon) and the process exits
    with status 0, well before the stream would have ended on its own."""
    database = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    store = RecordStore.open(database)
    service = EventService(store)
    config = EventConfig(
        name="Serata",
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.DRAW, Movement.MITCHELL),
    )
    service.create_event("serata", config)
    for i in range(1, 9):
        service.run("serata", Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    service.seat("serata", 1, publish=True)
    store.close()
    port = free_port()
    secret_text = "segreto-della-prova"
    env = {**os.environ, "ARBITRO_DATABASE_URL": database, SECRET_ENV: secret_text}
    env.pop(base_url.BASE_URL_ENV, None)
    command = [str(Path(sys.executable).with_name("arbitro")), "serve", "--port", str(port)]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                assert process.poll() is None, process.communicate()[0]
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)
        secret = hashlib.sha256(secret_text.encode()).digest()  # as web/secret.py derives it
        token = make_token(secret, "serata", 1, 1)
        url = f"{base}/t/{token}/events?line=ns&round=1&seen=missing"
        lines: list[str] = []
        with httpx.Client(timeout=60) as client, client.stream("GET", url) as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            stream = response.iter_lines()
            for text in stream:
                lines.append(text)
                if text == "event: status":
                    break
            process.send_signal(signal.SIGTERM)
            given_up = time.monotonic() + 30  # the stream beats every 15 s: seen by then
            for text in stream:  # until the server ends the stream
                lines.append(text)
                assert time.monotonic() < given_up, "the stream outlived the server's stop"
        assert "event: status" in lines
        assert "retry: 200" in lines[-2:]  # ended by the server: the phone comes back soon
        assert process.wait(timeout=30) in (0, -signal.SIGTERM)  # uvicorn raises it again
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
