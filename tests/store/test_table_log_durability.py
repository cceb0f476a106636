"""The durability of a digital table's moves (issue 32; docs/architecture.md, "Durability of a
table's moves"): a move's append commits without waiting for the disk (SQLite's
``synchronous=NORMAL`` in WAL mode, PostgreSQL's ``synchronous_commit = off`` for its
transaction), while an event record's append (a sheet, a ruling) stays a durable commit.

Each test reads the setting inside the very transaction the store runs the append in (the
store's database wrapped so that every transaction it opens is asked first), on SQLite and on
a real PostgreSQL."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from arbitro.store import RecordStore
from arbitro.store.dbapi import Transaction
from arbitro.store.errors import ConcurrencyError
from arbitro.store.records import NewRecord

SHEET = NewRecord(
    kind="sheet-entered", payload={"table": 1, "ns": 120, "ew": -120}, actor="table 1"
)
MOVE = NewRecord(
    kind="digital-move", payload={"table": 1, "deal": 1, "n": 1, "move": "draw"}, actor="N"
)


def watch(store: RecordStore, monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, str]]:
    """Every write transaction the store opens from now: whether it was asked to be durable,
    and the commit setting read inside it (``PRAGMA synchronous`` as its number on SQLite:
    2 FULL, 1 NORMAL; ``SHOW synchronous_commit`` on PostgreSQL)."""
    seen: list[tuple[bool, str]] = []
    db = store._db
    original = db.transaction

    @contextmanager
    def asked(write: bool, *, durable: bool = True) -> Iterator[Transaction]:
        with original(write, durable=durable) as tx:
            if write:
                query = (
                    "PRAGMA synchronous" if tx.dialect == "sqlite" else "SHOW synchronous_commit"
                )
                row = tx.one(query)
                assert row is not None
                seen.append((durable, str(row[0])))
            yield tx

    monkeypatch.setattr(db, "transaction", asked)
    return seen


def durable_url(database_url: str) -> str:
    """On PostgreSQL, the URL with the sessions' ``synchronous_commit`` on (the tests' server
    runs with it off, for speed): what the store's durable commits then read is PostgreSQL's
    default, and the move's ``off`` is the store's own doing."""
    if not database_url.startswith("postgresql"):
        return database_url
    return database_url.replace("options=-c", "options=-csynchronous_commit%3Don%20-c", 1)


def test_a_move_commits_without_fsync_and_a_sheet_with_it(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table's move is appended in a transaction whose commit does not wait for the disk;
    the event's records (the sheet) keep the durable commit, before and after the move, on
    the same store."""
    with RecordStore(durable_url(database_url)) as store:
        store.create_event("e1", "Serata")
        seen = watch(store, monkeypatch)
        store.append("e1", [SHEET])
        stored = store.append_table("e1", 1, 1, [MOVE], expected_seq=0, event_seq=1)
        store.append("e1", [SHEET])
        assert [t.seq for t in stored] == [1]
        assert [r.seq for r in store.records("e1")] == [1, 2]
        assert [t.seq for t in store.table_records("e1", 1, 1)] == [1]
    sqlite = not database_url.startswith("postgresql")
    full, relaxed = ("2", "1") if sqlite else ("on", "off")
    assert seen == [(True, full), (False, relaxed), (True, full)]


def test_the_relaxed_commit_keeps_the_expected_sequence(database_url: str) -> None:
    """The table's order is still the store's: a move decided on a stale seq is refused and
    nothing of it is stored; the next seq is accepted."""
    with RecordStore(database_url) as store:
        store.create_event("e1", "Serata")
        store.append_table("e1", 1, 1, [MOVE], expected_seq=0, event_seq=0)
        with pytest.raises(ConcurrencyError):
            store.append_table("e1", 1, 1, [MOVE], expected_seq=0, event_seq=0)
        store.append_table("e1", 1, 1, [MOVE], expected_seq=1, event_seq=0)
        assert [t.seq for t in store.table_records("e1", 1, 1)] == [1, 2]


def test_sqlite_pools_keep_their_settings_apart(tmp_path: Path) -> None:
    """The moves' connections (NORMAL) go back to their own pool: a sheet's append after many
    moves still gets a FULL connection, and the file itself is in WAL mode (NORMAL is safe
    against a killed process only in WAL mode)."""
    path = tmp_path / "arbitro.sqlite3"
    with RecordStore(f"sqlite:///{path}") as store:
        store.create_event("e1", "Serata")
        for n in range(8):
            store.append_table("e1", 1, 1, [MOVE], expected_seq=n, event_seq=0)
        with store._db.transaction(write=True) as tx:
            assert tx.one("PRAGMA synchronous") == (2,)
        with store._db.transaction(write=True, durable=False) as tx:
            assert tx.one("PRAGMA synchronous") == (1,)
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA journal_mode").fetchone() == ("wal",)
