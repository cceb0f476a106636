"""What one digital move costs the store (issue 33): its SQL statements, the same on SQLite and
on a real PostgreSQL, and on PostgreSQL its round trips to the server, counted on the wire.

A move and the four phones' views are read under the service's one lock: on SQLite a
statement is a call in the process, on PostgreSQL a round trip to another process, so a
round trip more a statement (SQLAlchemy's pre-ping, a ``BEGIN`` and a ``COMMIT`` around every
read) made a move on PostgreSQL many times dearer (bench/RESULTS.md, session 15: 15 moves/s
against SQLite's 184). The round trips are counted by libpq's own trace of the messages the
client sends (``Query`` or ``Sync``: each asks the server for an answer), on connections of
the record store's pool."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from tests.digital.play import Clock, seated_event

from arbitro.codes.registry import DEFAULT_CODE
from arbitro.games.core.seats import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.store import RecordStore, dbapi

STATEMENTS = 29
"""The most SQL statements of one move and the four seats' views after it, on either database:
the phone's table read (the event: its row and its new records in one statement; the
table's log: 1), the move's decision (the same 2), the append (the table's last seq with
the event's row, 1; the insert, 1), what follows it (the same 2 reads); a view reads the
event and the table twice and the table's log once more (5 each). Before (main ac7fdc0): 41
(each read of the event was two statements, the append three)."""
WRITE_TRIPS = 2
"""The round trips of the append's transaction besides its statements: ``BEGIN`` with
``SET LOCAL synchronous_commit = off`` (one trip), ``COMMIT``. A read is its statement alone."""


class Statements:
    """Counts the SQL statements the record store runs (not its ``BEGIN`` or ``COMMIT``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        execute, executemany = dbapi.Transaction.execute, dbapi.Transaction.executemany

        def counted_execute(tx: dbapi.Transaction, statement: str, params: Any = ()) -> Any:
            self.count += 1
            return execute(tx, statement, params)

        def counted_executemany(tx: dbapi.Transaction, statement: str, rows: Any) -> None:
            self.count += 1
            executemany(tx, statement, rows)

        monkeypatch.setattr(dbapi.Transaction, "execute", counted_execute)
        monkeypatch.setattr(dbapi.Transaction, "executemany", counted_executemany)


class Wire:
    """libpq's trace of every connection psycopg opens (the record store's, whatever its
    pool): the messages the client sent that ask the server for an answer (round trips)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
        self.files: list[Path] = []
        self.marks: dict[Path, int] = {}
        connect = psycopg.connect
        flags = psycopg.pq.Trace.SUPPRESS_TIMESTAMPS

        def traced(*args: Any, **kwargs: Any) -> Any:
            connection = connect(*args, **kwargs)
            path = folder / f"trace-{len(self.files)}.txt"
            self.files.append(path)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            connection.pgconn.trace(descriptor)
            connection.pgconn.set_trace_flags(flags)
            return connection

        monkeypatch.setattr(psycopg, "connect", traced)

    def _trips(self, path: Path) -> int:
        trips = 0
        for line in path.read_text().splitlines():
            fields = line.split("\t")
            if len(fields) > 2 and fields[0] == "F" and fields[2] in ("Query", "Sync"):
                trips += 1
        return trips

    def mark(self) -> None:
        """Start counting from now."""
        self.marks = {path: self._trips(path) for path in self.files}

    def trips(self) -> int:
        """The round trips since :meth:`mark`, on every traced connection."""
        return sum(self._trips(path) - self.marks.get(path, 0) for path in self.files)


@pytest.fixture
def tables(database_url: str) -> Iterator[tuple[DigitalTables, RecordStore]]:
    store = RecordStore(database_url)
    try:
        svc = EventService(store, Clock())
        seated_event(svc, "banco", DEFAULT_CODE, tables=2, deals=2)
        digital = DigitalTables(svc, random.Random(3))
        digital.open("banco", 1, 1)
        digital.open("banco", 1, 2)
        for seat in Seat:
            digital.view("banco", 1, 1, seat)
        yield digital, store
    finally:
        store.close()


def move_and_views(digital: DigitalTables) -> None:
    """The seat to play at table 1 plays its first offered move; then the four seats' views."""
    t = digital.table("banco", 1, 1)
    game = t.position()
    move = t.engine.moves(game)[0]
    n = len(t.current.moves) + 1
    assert digital.play("banco", 1, 1, game.turn, t.current.number, n, move) == n
    for seat in Seat:
        assert digital.view("banco", 1, 1, seat)["n"] == n


def test_a_move_and_its_views_make_the_same_few_statements_on_either_database(
    tables: tuple[DigitalTables, RecordStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    digital, _ = tables
    move_and_views(digital)  # the first move of the deal: every cache warm
    statements = Statements(monkeypatch)
    move_and_views(digital)
    assert statements.count <= STATEMENTS


@pytest.mark.postgres
def test_a_move_on_postgres_costs_a_round_trip_a_statement(
    postgres_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with tempfile.TemporaryDirectory(prefix="arbitro-trace-") as folder:
        wire = Wire(monkeypatch, Path(folder))
        store = RecordStore(postgres_database_url)
        try:
            svc = EventService(store, Clock())
            seated_event(svc, "banco", DEFAULT_CODE, tables=2, deals=2)
            digital = DigitalTables(svc, random.Random(3))
            digital.open("banco", 1, 1)
            move_and_views(digital)
            statements = Statements(monkeypatch)
            wire.mark()
            move_and_views(digital)
            trips = wire.trips()
        finally:
            store.close()
    assert wire.files, "the record store's connections were not traced"
    assert trips <= statements.count + WRITE_TRIPS, (trips, statements.count)
    assert statements.count <= STATEMENTS
    print(f"a move and four views: {statements.count} statements, {trips} round trips")
