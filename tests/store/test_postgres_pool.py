"""The record store's own pool of PostgreSQL connections (issue 33, store/dbapi.py): no ping
before each use, yet a connection the server closed is never handed out; a bounded number
of connections a process."""

from __future__ import annotations

import os
import resource
import threading
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from arbitro.store import NewRecord, RecordStore, dbapi

pytestmark = pytest.mark.postgres


@pytest.fixture
def store(postgres_database_url: str) -> Iterator[RecordStore]:
    opened = RecordStore(postgres_database_url)
    try:
        opened.create_event("pool", "Pool", records=[NewRecord("note", {"n": 1}, "test")])
        yield opened
    finally:
        opened.close()


def _terminate(url: str) -> int:
    """End every server process of the test's schema but ours (as a restart of the server
    or an administrator would): the pool's idle connections are closed by the server."""
    name = url.rsplit("application_name=", 1)[1]
    base = "postgresql://" + url.split("://", 1)[1].split("?", 1)[0]
    with psycopg.connect(base, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            "WHERE application_name = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchall()
    return len(rows)


def test_a_connection_the_server_closed_is_not_used_again(
    store: RecordStore, postgres_database_url: str
) -> None:
    assert [r.seq for r in store.records("pool")] == [1]
    assert _terminate(postgres_database_url) >= 1
    # no ping, no error: the closed connection is seen on its socket and replaced
    assert [r.seq for r in store.records("pool")] == [1]
    assert [r.seq for r in store.append("pool", [NewRecord("note", {"n": 2}, "test")])] == [2]


class Noting:
    """A pool's connection, noting the statements sent through it."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self.connection = connection
        self.closed = connection.closed
        self.broken = connection.broken
        self.sent: list[str] = []

    def fileno(self) -> int:
        return self.connection.fileno()

    def execute(self, query: str) -> object:
        self.sent.append(query)
        return self.connection.execute(query)


def test_a_long_idle_connection_is_pinged_first(postgres_database_url: str) -> None:
    base = "postgresql://" + postgres_database_url.split("://", 1)[1].split("?", 1)[0]
    with psycopg.connect(base, autocommit=True) as connection:
        noting = Noting(connection)
        assert dbapi._usable(noting, 0.5)
        assert noting.sent == []  # just used: no round trip
        assert dbapi._usable(noting, dbapi.PING_IDLE_SECONDS + 1)
        assert noting.sent == [";"]


def test_the_connections_of_a_process_are_bounded(
    store: RecordStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dbapi, "POSTGRES_CONNECTIONS", 3)
    monkeypatch.setattr(dbapi, "POSTGRES_WAIT_SECONDS", 0.3)
    database = store._db
    assert isinstance(database, dbapi.PostgresDatabase)
    held = threading.Event()
    release = threading.Event()
    inside = threading.Semaphore(0)

    def hold() -> None:
        with database.transaction(write=False) as tx:
            tx.one("SELECT 1")
            inside.release()
            release.wait(10)

    threads = [threading.Thread(target=hold) for _ in range(3)]
    for thread in threads:
        thread.start()
    for _ in threads:
        assert inside.acquire(timeout=10)
    try:
        with pytest.raises(psycopg.OperationalError, match="3 connections"):
            store.last_seq("pool")
    finally:
        held.set()
        release.set()
        for thread in threads:
            thread.join(10)
    assert store.last_seq("pool") == 1  # a connection given back serves the next


def test_a_connection_of_a_process_with_thousands_of_sockets_is_used_again(
    postgres_database_url: str,
) -> None:
    # A server process holding 2,000 phones' sockets gives its new connections descriptors
    # above 1024, which select() cannot watch: the check must not take them for dead (a new
    # connection, a new server process, at every transaction).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    base = "postgresql://" + postgres_database_url.split("://", 1)[1].split("?", 1)[0]
    fillers = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        with psycopg.connect(base, autocommit=True) as connection:
            assert connection.fileno() > 1024
            assert dbapi._usable(connection, 0.5)
    finally:
        for descriptor in fillers:
            os.close(descriptor)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
