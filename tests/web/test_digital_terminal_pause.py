"""``arbitro digital pause`` and ``resume`` typed in a terminal beside a running server (issue
32, FIBAS art. 7: the arbiter stops the play): the pause is recorded by another process, so
no desk form wakes the phones' sockets; each socket's periodic re-read of its table brings
the paused view (no move offered), and the resumed one, within seconds. The server is a real
uvicorn on the test's SQLite file, the terminal a real ``arbitro`` process on the same file."""

from __future__ import annotations

import os
import queue
import random
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.web.digital_phones import Phone, seat_phones

from arbitro.cli import digital as cli_digital
from arbitro.games.core import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.store.notify import CommitChannel
from arbitro.web import digital_table


def _terminal(database_file: Path, *args: str) -> None:
    """Run ``arbitro`` in its own process on the server's database."""
    env = {**os.environ, "ARBITRO_DATABASE_URL": f"sqlite:///{database_file}", "ARBITRO_LANG": "en"}
    command = [str(Path(sys.executable).with_name("arbitro")), *args]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_pause_typed_in_the_terminal_reaches_the_phones_socket(
    web_app: FastAPI, make_event: Any, live_server: str, database_file: Path
) -> None:
    """The seat to play sees «paused» and no move offered after ``arbitro digital pause``
    from another process, then its moves again after ``arbitro digital resume`` (before the
    fix the socket re-read only the deal and its moves, and the phone kept offering moves
    to a paused table until the next move)."""
    assert digital_table.RECHECK_SECONDS <= 2.0  # «within a few seconds»
    web = web_app.state.web
    event = make_event("terminale", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    turn = tables.table(event, 1, 1).position().turn.value
    with ExitStack() as stack:
        stack.callback(digital_table.wake_table, (event, 1, 1))  # the server's socket ends
        phone = seat_phones(stack, Phone, live_server, web.secret, event, [turn])[turn]
        assert not phone.view["paused"] and phone.view["moves"]
        _terminal(database_file, "digital", "pause", event, "1", "1")
        phone.read_until(lambda v: bool(v["paused"]), timeout=10)
        assert phone.view["moves"] == []
        _terminal(database_file, "digital", "resume", event, "1", "1")
        phone.read_until(lambda v: not v["paused"], timeout=10)
        assert phone.view["moves"]


def test_on_postgresql_the_terminal_tells_the_servers_at_once(
    postgres_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several server processes on PostgreSQL (issue 33): the terminal's pause sends the
    table's notice on the channel the processes share for their moves, so that every
    process's sockets of that table read it at once (what :func:`share_moves` wires)."""
    heard: queue.SimpleQueue[tuple[str, int, int]] = queue.SimpleQueue()
    channel = CommitChannel(postgres_database_url, lambda event_id: None)
    channel.on_table.append(heard.put)
    try:
        assert channel.ready.wait(20)
        monkeypatch.setenv("ARBITRO_DATABASE_URL", postgres_database_url)
        cli_digital.tell_phones(("terminale", 2, 7))
        assert heard.get(timeout=10) == ("terminale", 2, 7)
    finally:
        channel.close()


def test_a_notice_that_cannot_be_sent_is_said_not_swallowed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FIBAS art. 7 from the terminal: when the PostgreSQL notice to the web processes cannot
    be sent, ``tell_phones`` says so (the command then tells the director the phones show the
    pause within the re-read's seconds) instead of passing over it; on SQLite there is nothing
    to send."""
    from arbitro.cli.digital import tell_phones

    monkeypatch.setenv("ARBITRO_DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    assert tell_phones(("serata", 1, 1)) is False
    monkeypatch.setenv("ARBITRO_DATABASE_URL", "sqlite:////tmp/none.sqlite3")
    assert tell_phones(("serata", 1, 1)) is True
