"""The schema comes from the Alembic migrations packaged in arbitro.store: opening a store on a
new database creates it, on an older one upgrades it, on a current one changes nothing (DESIGN.md,
"store": SQLAlchemy models + Alembic migrations; nothing already stored is lost)."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect, text
from sqlalchemy.exc import DBAPIError

from arbitro.store import NewRecord, RecordStore, engine, migrate
from arbitro.store.engine import make_engine
from arbitro.store.schema import events, metadata, records


def test_opening_an_empty_database_creates_the_schema(database_url: str) -> None:
    """A new database gets events, records (unique event_id+seq, an index) at the head revision."""
    engine = make_engine(database_url)
    try:
        assert migrate.current_revisions(engine) == frozenset()
        RecordStore(database_url).close()
        assert migrate.current_revisions(engine) == migrate.head_revisions()
        inspector = inspect(engine)
        assert {"events", "records", "alembic_version"} <= set(inspector.get_table_names())
        uniques = {
            tuple(u["column_names"]) for u in inspector.get_unique_constraints("records")
        } | {tuple(i["column_names"]) for i in inspector.get_indexes("records") if i["unique"]}
        assert ("event_id", "seq") in uniques
        indexes = {i["name"]: i["column_names"] for i in inspector.get_indexes("records")}
        assert indexes["ix_records_event_id_kind"] == ["event_id", "kind"]
        foreign = inspector.get_foreign_keys("records")
        assert [(f["referred_table"], f["constrained_columns"]) for f in foreign] == [
            ("events", ["event_id"])
        ]
    finally:
        engine.dispose()


def test_the_migrated_schema_matches_the_tables_the_store_queries(database_url: str) -> None:
    """Alembic's autogenerate finds no difference between the migrations and ``schema.py``."""
    RecordStore(database_url).close()
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    finally:
        engine.dispose()


def test_upgrading_twice_changes_nothing_and_keeps_the_records(database_url: str) -> None:
    """Migrations are idempotent: reopening and re-running upgrade keep schema and records."""
    with RecordStore(database_url) as store:
        store.create_event("e", "Torneo")
        written = store.append("e", [NewRecord("competitor-registered", {"n": "Nicolò"}, "d")])
    engine = make_engine(database_url)
    try:
        migrate.upgrade(engine)
        migrate.upgrade(engine)
        with engine.connect() as conn:
            versions = conn.execute(text("SELECT version_num FROM alembic_version")).all()
        assert [v[0] for v in versions] == sorted(migrate.head_revisions())
    finally:
        engine.dispose()
    with RecordStore(database_url) as store:
        assert store.records("e") == written


def test_a_database_at_an_older_revision_is_upgraded(database_url: str) -> None:
    """A database left at an older revision (here: base, all downgraded) is brought to head."""
    RecordStore(database_url).close()
    engine = make_engine(database_url)
    try:
        migrate.downgrade(engine, "base")
        assert migrate.current_revisions(engine) == frozenset()
        assert "records" not in inspect(engine).get_table_names()
        with RecordStore(database_url) as store:
            store.create_event("e", "Torneo")
            assert store.append("e", [NewRecord("k", {}, "arbitro")])[0].seq == 1
        assert migrate.current_revisions(engine) == migrate.head_revisions()
    finally:
        engine.dispose()


def open_at_once(url: str) -> tuple[list[RecordStore], list[BaseException]]:
    """Two stores opened on ``url`` by two threads released together: the stores opened and
    the failures."""
    barrier = threading.Barrier(2)
    stores: list[RecordStore] = []
    failures: list[BaseException] = []

    def open_store() -> None:
        barrier.wait()
        try:
            stores.append(RecordStore(url))
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=open_store) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return stores, failures


def test_two_programs_opening_a_new_database_at_once_both_work(database_url: str) -> None:
    """Two stores opened together on a new database do not both create the schema."""
    stores, failures = open_at_once(database_url)
    try:
        assert failures == []
        stores[0].create_event("e", "Torneo")
        assert stores[1].has_event("e")
    finally:
        for store in stores:
            store.close()


def test_two_programs_opening_new_sqlite_files_at_once_never_see_a_lock(tmp_path: Path) -> None:
    """Two programs opening the same new SQLite file at once: the second may find the first
    turning the file to WAL, and SQLite answers it "database is locked" at once (without its
    busy timeout); it tries again instead. 15 new files (before the fix about one in five
    failed)."""
    for n in range(15):
        stores, failures = open_at_once(f"sqlite:///{tmp_path}/new-{n}.sqlite3")
        for store in stores:
            store.close()
        assert failures == [], (n, failures)


def test_a_program_waits_for_another_programs_migration_longer_than_a_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program opening a new database while another migrates it (holding the write lock
    longer than a writer's busy timeout, as on a loaded machine) waits for it and opens the
    database, instead of answering "database is locked"."""
    monkeypatch.setattr(engine, "SQLITE_BUSY_TIMEOUT_MS", 100)
    path = tmp_path / "arbitro.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA journal_mode=WAL")  # what every arbitro connection does first
    other.execute("BEGIN IMMEDIATE")  # the other program's migration under way
    released = threading.Timer(1.0, lambda: other.execute("ROLLBACK"))
    released.start()
    try:
        store = RecordStore(f"sqlite:///{path}")
        try:
            store.create_event("e", "Torneo")
            assert store.has_event("e")
        finally:
            store.close()
    finally:
        released.join()
        other.close()


def test_sqlite_runs_in_wal_mode_with_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    """SQLite settings: WAL journal, foreign keys enforced, a busy timeout for waiting writers."""
    url = f"sqlite:///{tmp_path}/arbitro.sqlite3"
    RecordStore(url).close()
    engine: Engine = make_engine(url)
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            timeout = conn.exec_driver_sql("PRAGMA busy_timeout").scalar()
            assert timeout is not None and timeout >= 5000
    finally:
        engine.dispose()


def test_sqlite_payload_is_readable_json_text(tmp_path: Path) -> None:
    """On SQLite the payload is stored as JSON text, accents as they are (not \\u escapes)."""
    url = f"sqlite:///{tmp_path}/arbitro.sqlite3"
    with RecordStore(url) as store:
        store.create_event("e", "Torneo")
        store.append("e", [NewRecord("competitor-registered", {"name": "Niccolò"}, "d")])
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            stored = conn.exec_driver_sql("SELECT typeof(payload), payload FROM records").one()
        assert tuple(stored) == ("text", '{"name": "Niccolò"}')
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_postgresql_payload_is_jsonb(postgres_database_url: str) -> None:
    """On PostgreSQL the payload column is JSONB."""
    RecordStore(postgres_database_url).close()
    engine = make_engine(postgres_database_url)
    try:
        with engine.connect() as conn:
            kind = conn.execute(
                text(
                    "SELECT data_type FROM information_schema.columns WHERE table_name = 'records'"
                    " AND column_name = 'payload' AND table_schema = current_schema()"
                )
            ).scalar_one()
        assert kind == "jsonb"
    finally:
        engine.dispose()


def _at_0002_with_events(url: str) -> None:
    """A database made at revision 0002 (before events had a kind), holding a knockout, a
    tournament of rounds, an event still empty, and an event whose first record is not a
    knockout though a later one mentions it."""
    engine = make_engine(url)
    at = datetime(2026, 11, 1, 20, 30, tzinfo=UTC)
    created = {
        "coppa": {"name": "Coppa", "game": "briscola", "competition": "knockout"},
        "serata": {"name": "Serata", "game": "burraco", "format": "pairs"},
        "tardiva": {"name": "Tardiva", "game": "burraco"},
    }
    try:
        migrate.upgrade(engine, "0002")
        assert migrate.current_revisions(engine) == {"0002"}
        assert "kind" not in {c["name"] for c in inspect(engine).get_columns("events")}
        with engine.begin() as conn:
            for event_id in ("coppa", "serata", "vuoto", "tardiva"):
                row: dict[str, object] = {
                    "id": event_id,
                    "name": event_id.title(),
                    "created_at": at,
                }
                conn.execute(events.insert().values(**row))
            for event_id, payload in created.items():
                row = {
                    "event_id": event_id,
                    "seq": 1,
                    "kind": "event-created",
                    "payload": payload,
                    "actor": "director",
                    "reason": None,
                    "recorded_at": at,
                }
                conn.execute(records.insert().values(**row))
            later = {"note": "la coppa", "competition": "knockout"}
            conn.execute(
                records.insert().values(
                    event_id="tardiva",
                    seq=2,
                    kind="note",
                    payload=later,
                    actor="director",
                    reason=None,
                    recorded_at=at,
                )
            )
    finally:
        engine.dispose()


def test_upgrading_from_0002_gives_every_event_its_kind_from_its_first_record(
    database_url: str,
) -> None:
    """Migration 0003: an event whose first record says ``"competition": "knockout"`` is a
    knockout; every other one (no records, a later record mentioning it) is played in rounds.
    Nothing stored is lost, and the records stay append-only."""
    _at_0002_with_events(database_url)
    with RecordStore(database_url) as store:
        assert {e.event_id: e.kind for e in store.list_events()} == {
            "coppa": "knockout",
            "serata": "rounds",
            "vuoto": "rounds",
            "tardiva": "rounds",
        }
        assert [store.event_kind(e) for e in ("coppa", "serata", "vuoto", "tardiva")] == [
            "knockout",
            "rounds",
            "rounds",
            "rounds",
        ]
        assert [(e.event_id, e.record_count) for e in store.list_events()] == [
            ("coppa", 1),
            ("serata", 1),
            ("tardiva", 2),
            ("vuoto", 0),
        ]
        assert store.records("coppa")[0].payload["competition"] == "knockout"
        store.create_event("nuova", "Nuova coppa", kind="knockout")
        assert store.event_kind("nuova") == "knockout"
    engine = make_engine(database_url)
    try:
        assert migrate.current_revisions(engine) == migrate.head_revisions()
        for statement in ("UPDATE records SET actor = 'x'", "DELETE FROM events"):
            with pytest.raises(DBAPIError), engine.begin() as conn:
                conn.execute(text(statement))
    finally:
        engine.dispose()


def test_the_database_refuses_an_unknown_event_kind(database_url: str, raw_engine: Engine) -> None:
    """``events.kind`` is checked by the database too: only ``rounds`` and ``knockout``."""
    RecordStore(database_url).close()
    insert_event = "INSERT INTO events (id, name, created_at, kind) VALUES (:id, 'T', :at, :kind)"
    at = datetime.now(UTC)
    with pytest.raises(DBAPIError), raw_engine.begin() as conn:
        conn.execute(text(insert_event), {"id": "e", "at": at, "kind": "swiss"})
    with raw_engine.begin() as conn:
        conn.execute(text(insert_event), {"id": "k", "at": at, "kind": "knockout"})
        conn.execute(
            text("INSERT INTO events (id, name, created_at) VALUES ('r', 'T', :at)"), {"at": at}
        )
    with RecordStore(database_url) as store:
        assert (store.event_kind("k"), store.event_kind("r")) == ("knockout", "rounds")


def test_downgrading_0003_drops_the_kind_and_keeps_the_events(database_url: str) -> None:
    """Back to 0002 the column goes (the first records still say what each event is); the
    upgrade after it classifies the events again."""
    _at_0002_with_events(database_url)
    RecordStore(database_url).close()
    engine = make_engine(database_url)
    try:
        migrate.downgrade(engine, "0002")
        assert "kind" not in {c["name"] for c in inspect(engine).get_columns("events")}
    finally:
        engine.dispose()
    with RecordStore(database_url) as store:
        assert store.event_kind("coppa") == "knockout"
        assert store.event_kind("tardiva") == "rounds"


def test_the_newest_revision_read_from_the_file_names_is_alembics_head() -> None:
    """Opening an up-to-date database checks its revision without loading Alembic; the
    revision it compares with, read from the files' names, is the one Alembic finds."""
    from arbitro.store.migrate import head_revisions, newest_revision

    assert head_revisions() == {newest_revision()}
