"""The record store over DB-API connections (issue 14): an up-to-date SQLite file is opened and
written with ``sqlite3`` alone, never loading SQLAlchemy; the rows are those SQLAlchemy wrote
and read, both ways, so an existing database reads the same (FIBAS art. 21: every sheet and
correction is kept as it was recorded, with its time)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, insert, select

from arbitro.errors import ArbitroError
from arbitro.store import ConcurrencyError, NewRecord, RecordStore, StoredRecord, migrate, users
from arbitro.store.dbapi import POOL_SIZE, SQLiteFile, sqlite_time
from arbitro.store.engine import connect_sqlite, make_engine, sqlite_file
from arbitro.store.schema import events, records
from arbitro.web.errors import crash_answer

ROME = timezone(timedelta(hours=1))
CREATED = datetime(2026, 3, 14, 20, 30, 5, 123456, tzinfo=ROME)
SHEET_TIME = datetime(2026, 3, 14, 21, 0, tzinfo=ROME)  # whole seconds: ".000000" on SQLite
CORRECTED = datetime(2026, 3, 14, 21, 45, 10, 7, tzinfo=UTC)
PAYLOADS: list[dict[str, Any]] = [
    {"competition": "pairs", "name": "Società «Burraco» di Mestre", "tables": 12},
    {"table": 3, "ns": 1320, "eo": -40, "deals": [{"base": 7.205759403792289e16}, None]},
    {"table": 3, "ns": 1300, "note": "cartellino è «sbagliato» \u2013 art. 21", "ok": True},
]

PROBE = """
import sys
from datetime import UTC, datetime
from arbitro.store import NewRecord, RecordStore
loaded_at_import = sorted(m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "alembic"))
store = RecordStore(sys.argv[1])
first = NewRecord("event-created", {"name": "Torneo di Natale"}, "director")
store.create_event("natale", "Torneo di Natale", "rounds", [first])
store.append("natale", [NewRecord("sheet", {"table": 1}, "table 1")], expected_seq=1)
store.append("natale", [NewRecord("sheet", {"table": 2}, "table 2", "corretto")])
assert [r.seq for r in store.records("natale")] == [1, 2, 3]
assert store.last_seq("natale") == 3 and store.has_event("natale")
assert store.event_kind("natale") == "rounds"
assert [e.record_count for e in store.list_events()] == [3]
store.close()
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "alembic"))
print("AT-IMPORT", " ".join(loaded_at_import))
print("LOADED", " ".join(heavy))
"""


def run_probe(url: str) -> tuple[list[str], list[str]]:
    """Run :data:`PROBE` on ``url`` in a fresh interpreter: the SQLAlchemy and Alembic modules
    loaded by ``import arbitro.store``, and by the end."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, url], capture_output=True, text=True, check=True
    )
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    return lines.get("AT-IMPORT", "").split(), lines.get("LOADED", "").split()


def test_an_up_to_date_sqlite_store_is_written_without_loading_sqlalchemy(tmp_path: Path) -> None:
    """Issue 14: opening an up-to-date SQLite file, creating an event, appending (with and
    without expected_seq) and reading load neither SQLAlchemy nor Alembic."""
    url = f"sqlite:///{tmp_path / 'arbitro.sqlite3'}"
    RecordStore(url).close()  # created (and migrated) beforehand
    at_import, loaded = run_probe(url)
    assert at_import == []
    assert loaded == []
    with RecordStore(url) as store:  # what the probe wrote is there
        assert [r.payload for r in store.records("natale")][1:] == [{"table": 1}, {"table": 2}]


def test_a_new_sqlite_database_is_created_without_loading_sqlalchemy(tmp_path: Path) -> None:
    """Issue 14: a new, empty file is created from the head schema's script with ``sqlite3``
    (no Alembic migration), then written and read as above."""
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    at_import, loaded = run_probe(url)
    assert at_import == []
    assert loaded == []
    with RecordStore(url) as store:
        assert store.last_seq("natale") == 3


def test_an_older_sqlite_database_is_upgraded_with_alembic(tmp_path: Path) -> None:
    """The counterpart: a file at an older revision is migrated (SQLAlchemy and Alembic are
    loaded for it), so the probe above does see them when they are used."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    RecordStore(url).close()
    engine = make_engine(url)
    try:
        migrate.downgrade(engine, "0006")
    finally:
        engine.dispose()
    _, loaded = run_probe(url)
    assert "sqlalchemy" in loaded and "alembic" in loaded


def _written_by_sqlalchemy(url: str) -> None:
    """An event and three records inserted with SQLAlchemy Core and the schema's tables (the
    way the store wrote them before it used DB-API connections)."""
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                insert(events),
                {
                    "id": "mestre",
                    "name": "Coppa di Mestre",
                    "created_at": CREATED,
                    "kind": "rounds",
                },
            )
            connection.execute(
                insert(records),
                [
                    {
                        "event_id": "mestre",
                        "seq": seq,
                        "kind": kind,
                        "payload": payload,
                        "actor": actor,
                        "reason": reason,
                        "recorded_at": at,
                    }
                    for seq, kind, payload, actor, reason, at in (
                        (1, "event-created", PAYLOADS[0], "director", None, CREATED),
                        (2, "sheet", PAYLOADS[1], "table 3", None, SHEET_TIME),
                        (3, "sheet-corrected", PAYLOADS[2], "director", "art. 21", CORRECTED),
                    )
                ],
            )
    finally:
        engine.dispose()


EXPECTED = [
    StoredRecord("mestre", 1, "event-created", PAYLOADS[0], "director", None, CREATED),
    StoredRecord("mestre", 2, "sheet", PAYLOADS[1], "table 3", None, SHEET_TIME),
    StoredRecord("mestre", 3, "sheet-corrected", PAYLOADS[2], "director", "art. 21", CORRECTED),
]


def test_rows_written_by_sqlalchemy_read_the_same_through_the_store(database_url: str) -> None:
    """A database written by the SQLAlchemy code reads identically: times (UTC, microseconds),
    payloads (a float printed with an exponent, Italian text), seq, reasons."""
    RecordStore(database_url).close()
    _written_by_sqlalchemy(database_url)
    with RecordStore(database_url) as store:
        stored = store.records("mestre")
        assert stored == EXPECTED
        assert all(r.recorded_at.tzinfo is UTC for r in stored)
        assert stored[1].payload["deals"][0]["base"] == 7.205759403792289e16
        (summary,) = store.list_events()
        assert (summary.event_id, summary.name, summary.record_count) == (
            "mestre",
            "Coppa di Mestre",
            3,
        )
        assert summary.created_at == CREATED and summary.created_at.tzinfo is UTC
        assert store.records("mestre", after_seq=2) == EXPECTED[2:]
        assert store.append("mestre", [NewRecord("sheet", {"table": 4}, "table 4")])[0].seq == 4


def test_rows_written_by_the_store_read_the_same_through_sqlalchemy(database_url: str) -> None:
    """The reverse: what the store writes, SQLAlchemy's columns read as the same values."""
    with RecordStore(database_url) as store:
        first = NewRecord("event-created", PAYLOADS[0], "director", recorded_at=CREATED)
        summary = store.create_event("mestre", "Coppa di Mestre", "rounds", [first])
        store.append("mestre", [NewRecord("sheet", PAYLOADS[1], "table 3", None, SHEET_TIME)])
        store.append(
            "mestre",
            [NewRecord("sheet-corrected", PAYLOADS[2], "director", "art. 21", CORRECTED)],
            expected_seq=2,
        )
        written = store.records("mestre")
    assert written == EXPECTED
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(select(records).order_by(records.c.seq)).mappings().all()
            created = connection.execute(select(events.c.created_at)).scalar_one()
            assert connection.execute(select(func.count()).select_from(records)).scalar() == 3
    finally:
        engine.dispose()
    read = [
        StoredRecord(
            r["event_id"],
            r["seq"],
            r["kind"],
            r["payload"],
            r["actor"],
            r["reason"],
            r["recorded_at"],
        )
        for r in rows
    ]
    assert read == EXPECTED
    assert created == summary.created_at


def test_sqlite_rows_hold_sqlalchemys_text_for_times_and_json(tmp_path: Path) -> None:
    """On SQLite the stored text is byte for byte what SQLAlchemy's DateTime and the JSON
    serialiser wrote: ``YYYY-MM-DD HH:MM:SS.ffffff`` in UTC, the payload's JSON text."""
    by_store = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    by_sqlalchemy = f"sqlite:///{tmp_path / 'sqlalchemy.sqlite3'}"
    with RecordStore(by_store) as store:
        store.create_event("mestre", "Coppa di Mestre")
        for record in EXPECTED:
            store.append(
                "mestre",
                [
                    NewRecord(
                        record.kind, record.payload, record.actor, record.reason, record.recorded_at
                    )
                ],
            )
    RecordStore(by_sqlalchemy).close()
    _written_by_sqlalchemy(by_sqlalchemy)
    query = "SELECT seq, kind, payload, actor, reason, recorded_at FROM records ORDER BY seq"
    texts = []
    for url in (by_store, by_sqlalchemy):
        connection = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            texts.append(connection.execute(query).fetchall())
        finally:
            connection.close()
    assert texts[0] == texts[1]
    assert [row[5] for row in texts[0]] == [
        "2026-03-14 19:30:05.123456",
        "2026-03-14 20:00:00.000000",
        "2026-03-14 21:45:10.000007",
    ]
    assert texts[0][1][2] == (
        '{"table": 3, "ns": 1320, "eo": -40, "deals": [{"base": 72057594037922890.0}, null]}'
    )
    assert sqlite_time(CREATED) == "2026-03-14 19:30:05.123456"


@pytest.mark.parametrize("expected_seq", [0, None])
def test_a_write_held_by_another_connection_is_waited_for_then_seen(
    tmp_path: Path, expected_seq: int | None
) -> None:
    """Another connection holds SQLite's write lock with seq 1 uncommitted: the store waits
    for it, then sees seq 1 — ConcurrencyError with expected_seq=0, seq 2 without."""
    path = tmp_path / "arbitro.sqlite3"
    store = RecordStore(f"sqlite:///{path}")
    try:
        store.create_event("e", "Torneo")
        holder = connect_sqlite(str(path))
        outcome: list[list[StoredRecord] | ConcurrencyError] = []
        try:
            holder.execute("BEGIN IMMEDIATE")
            holder.execute(
                "INSERT INTO records (event_id, seq, kind, payload, actor, recorded_at) "
                "VALUES ('e', 1, 'sheet', '{\"table\": 1}', 'table 1', ?)",
                (sqlite_time(datetime.now(UTC)),),
            )

            def write() -> None:
                try:
                    record = NewRecord("sheet", {"table": 2}, "table 2")
                    outcome.append(store.append("e", [record], expected_seq=expected_seq))
                except ConcurrencyError as exc:
                    outcome.append(exc)

            writer = threading.Thread(target=write)
            writer.start()
            holder.execute("COMMIT")
            writer.join()
        finally:
            holder.close()
        (result,) = outcome
        if expected_seq is None:
            assert isinstance(result, list) and [r.seq for r in result] == [2]
        else:
            assert isinstance(result, ConcurrencyError)
            assert (result.expected_seq, result.actual_seq) == (0, 1)
        assert [r.payload["table"] for r in store.records("e")] == (
            [1, 2] if expected_seq is None else [1]
        )
    finally:
        store.close()


def test_many_threads_share_one_sqlite_store(tmp_path: Path) -> None:
    """The web app's threads share one store: appends and reads from eight threads at once
    are all kept, numbered 1..n, each connection used by one thread at a time."""
    store = RecordStore(f"sqlite:///{tmp_path / 'arbitro.sqlite3'}")
    try:
        store.create_event("e", "Torneo")
        barrier = threading.Barrier(8)
        failures: list[BaseException] = []

        def work(index: int) -> None:
            barrier.wait()
            try:
                for table in range(10):
                    store.append("e", [NewRecord("sheet", {"table": 10 * index + table}, "t")])
                    assert store.records("e", after_seq=store.last_seq("e") - 1)
            except BaseException as exc:
                failures.append(exc)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        stored = store.records("e")
        assert [r.seq for r in stored] == list(range(1, 81))
        assert sorted(r.payload["table"] for r in stored) == list(range(80))
        assert isinstance(store._db, SQLiteFile) and len(store._db._idle) <= POOL_SIZE
    finally:
        store.close()


def test_the_engine_is_made_only_for_the_other_tables(tmp_path: Path) -> None:
    """An up-to-date SQLite store makes no SQLAlchemy engine until the desk's users (another
    table) need it; both see the same database."""
    url = f"sqlite:///{tmp_path / 'arbitro.sqlite3'}"
    RecordStore(url).close()
    with RecordStore(url) as store:
        store.create_event("e", "Torneo")
        assert store._engine is None
        users.add_user(store, "direttore", "password-lunga")
        assert store._engine is not None
        assert [u.name for u in users.list_users(store)] == ["direttore"]
        with store.engine.connect() as connection:
            assert connection.execute(select(events.c.id)).scalars().all() == ["e"]


def test_a_file_that_is_not_a_database_cannot_be_opened(tmp_path: Path) -> None:
    """A file that is not SQLite: the usual "Cannot open the database" naming the file."""
    path = tmp_path / "appunti.sqlite3"
    path.write_bytes(b"Burraco: appunti del direttore, non un database.\n" * 200)
    with pytest.raises(ArbitroError) as caught:
        RecordStore(f"sqlite:///{path}")
    assert caught.value.key == "store.cannot_open"
    assert "Cannot open the database" in caught.value.message("en")
    assert "appunti.sqlite3" in caught.value.message("en")


def test_a_locked_database_is_answered_retry_later() -> None:
    """Issue 13 §9: the store's own DB-API error for a busy SQLite file ("database is
    locked") is a 503 with Retry-After, as SQLAlchemy's OperationalError was."""
    status, _, headers = crash_answer(sqlite3.OperationalError("database is locked"))
    assert status == 503 and "Retry-After" in headers
    assert crash_answer(ValueError("a bug"))[0] == 500


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:///arbitro.sqlite3",
        "sqlite:////srv/circolo/arbitro.sqlite3",
        "sqlite:////srv/circolo%20mestre/arbitro.sqlite3",
        "sqlite+pysqlite:///torneo.db",
    ],
)
def test_a_plain_sqlite_url_names_the_file_sqlalchemy_would_open(url: str) -> None:
    """The file read from the URL without SQLAlchemy is the database SQLAlchemy's URL names."""
    from sqlalchemy.engine import make_url

    assert sqlite_file(url) == make_url(url).database


@pytest.mark.parametrize(
    "url", ["sqlite://", "sqlite:///:memory:", "sqlite:///a.db?mode=ro", "postgresql://db/x"]
)
def test_other_urls_are_left_to_the_sqlalchemy_engine(url: str) -> None:
    """In memory (one connection shared with the other tables), with options, or PostgreSQL:
    the store uses the engine's pooled connections."""
    assert sqlite_file(url) is None
