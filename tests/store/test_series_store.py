"""The series' tables in the store (migration 0006) on SQLite and PostgreSQL: created by the
migration and removed by its downgrade without touching the events; a series' events kept in
order, once each, only events that exist (foreign key); the scheme kept as JSON."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import inspect

from arbitro.errors import ConflictError, NotFoundError
from arbitro.store import RecordStore, migrate
from arbitro.store import series as kept
from arbitro.store.engine import make_engine

AT = datetime(2026, 11, 27, 21, 0, tzinfo=UTC)
TABLES = {"series", "series_events"}
SCHEME = {"kind": "placement", "table": [10, 8, 6], "beyond": 1, "best": 2}


def test_migration_0006_adds_the_series_and_its_downgrade_keeps_the_events(
    database_url: str,
) -> None:
    """Opening a store creates the two tables; back to 0005 they go and the events and the
    registry stay; upgraded again they are back, empty."""
    with RecordStore(database_url) as store:
        store.create_event("e", "Torneo")
        kept.create_series(store, "stagione", "Stagione", SCHEME, AT)
        kept.add_event(store, "stagione", "e")
    engine = make_engine(database_url)
    try:
        assert set(inspect(engine).get_table_names()) >= TABLES
        migrate.downgrade(engine, "0005")
        names = set(inspect(engine).get_table_names())
        assert not TABLES & names and "players" in names
        migrate.upgrade(engine)
        assert set(inspect(engine).get_table_names()) >= TABLES
    finally:
        engine.dispose()
    with RecordStore(database_url) as store:
        assert store.has_event("e") and kept.list_series(store) == []


def test_a_series_keeps_its_events_in_order_and_its_scheme(record_store: RecordStore) -> None:
    """Events in the order added, each once (a conflict otherwise), only existing events;
    removing one moves the later ones up; the scheme reads back as written (JSON/JSONB)."""
    for event_id in ("a", "b", "c"):
        record_store.create_event(event_id, event_id.upper())
    made = kept.create_series(record_store, "club", "Club", SCHEME, AT)
    assert made.created_at == AT
    with pytest.raises(ConflictError):
        kept.create_series(record_store, "club", "Again", SCHEME, AT)
    assert [kept.add_event(record_store, "club", e) for e in ("c", "a", "b")] == [1, 2, 3]
    with pytest.raises(ConflictError):
        kept.add_event(record_store, "club", "a")
    with pytest.raises(ConflictError):  # the foreign key: no such event
        kept.add_event(record_store, "club", "zz")
    assert kept.remove_event(record_store, "club", "c")
    assert not kept.remove_event(record_store, "club", "c")
    got = kept.get_series(record_store, "club")
    assert (got.name, got.scheme, got.events) == ("Club", SCHEME, ("a", "b"))
    assert kept.add_event(record_store, "club", "c") == 3
    kept.set_scheme(record_store, "club", {"kind": "vp", "table": [], "beyond": 0, "best": None})
    assert kept.get_series(record_store, "club").scheme["kind"] == "vp"
    with pytest.raises(NotFoundError):
        kept.get_series(record_store, "nessuna")
