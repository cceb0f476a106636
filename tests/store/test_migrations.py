"""The schema comes from the Alembic migrations packaged in arbitro.store: opening a store on a
new database creates it, on an older one upgrades it, on a current one changes nothing (DESIGN.md,
"store": SQLAlchemy models + Alembic migrations; nothing already stored is lost)."""

from __future__ import annotations

import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

from arbitro.store import NewRecord, RecordStore, migrate
from arbitro.store.engine import make_engine
from arbitro.store.schema import metadata


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


def test_two_programs_opening_a_new_database_at_once_both_work(database_url: str) -> None:
    """Two stores opened together on a new database do not both create the schema."""
    barrier = threading.Barrier(2)
    stores: list[RecordStore] = []
    failures: list[BaseException] = []

    def open_store() -> None:
        barrier.wait()
        try:
            stores.append(RecordStore(database_url))
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=open_store) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert failures == []
        stores[0].create_event("e", "Torneo")
        assert stores[1].has_event("e")
    finally:
        for store in stores:
            store.close()


def test_sqlite_runs_in_wal_mode_with_foreign_keys_and_a_busy_timeout(tmp_path: object) -> None:
    """SQLite settings: WAL journal, foreign keys enforced, a busy timeout for waiting writers."""
    url = f"sqlite:///{tmp_path}/arbitro.sqlite3"
    RecordStore(url).close()
    engine: Engine = make_engine(url)
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000
    finally:
        engine.dispose()


def test_sqlite_payload_is_readable_json_text(tmp_path: object) -> None:
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
