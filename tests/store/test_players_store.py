"""The registry's tables in the store (migration 0005) on SQLite and PostgreSQL: created by
the migration and removed by its downgrade without touching the events; card numbers unique
when given (several players without one); links only to events that exist; the search key
folded so that the search ignores case and accents on both databases."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, inspect, text
from sqlalchemy.exc import DBAPIError

from arbitro.errors import ConflictError
from arbitro.store import RecordStore, migrate
from arbitro.store import players as registry
from arbitro.store.engine import make_engine
from arbitro.store.players import AuditLine, Entry, PlayerFields

AT = datetime(2026, 11, 25, 20, 30, tzinfo=UTC)
TABLES = {"players", "player_entries", "player_audit"}


def test_migration_0005_adds_the_registry_and_its_downgrade_keeps_the_events(
    database_url: str,
) -> None:
    """Opening a store creates the three tables; back to 0004 they go and the events stay;
    upgraded again they are back, empty."""
    with RecordStore(database_url) as store:
        store.create_event("e", "Torneo")
        registry.add_player(store, PlayerFields("Rossi Mario", "BU1"), AT)
    engine = make_engine(database_url)
    try:
        assert set(inspect(engine).get_table_names()) >= TABLES
        migrate.downgrade(engine, "0004")
        assert not TABLES & set(inspect(engine).get_table_names())
        migrate.upgrade(engine)
        assert set(inspect(engine).get_table_names()) >= TABLES
    finally:
        engine.dispose()
    with RecordStore(database_url) as store:
        assert store.has_event("e") and registry.list_players(store) == []


def test_card_numbers_are_unique_when_given(record_store: RecordStore) -> None:
    """A second player with the same card number is a conflict (the database refuses it);
    any number of players may have none."""
    registry.add_player(record_store, PlayerFields("Rossi Mario", "BU1"), AT)
    with pytest.raises(ConflictError):
        registry.add_player(record_store, PlayerFields("Altro", "BU1"), AT)
    registry.add_player(record_store, PlayerFields("Senza Tessera"), AT)
    registry.add_player(record_store, PlayerFields("Senza Tessera"), AT)
    assert [p.card for p in registry.list_players(record_store)] == ["BU1", None, None]
    assert len(registry.players_named(record_store, "senza  tessera")) == 2


def test_links_need_an_event_and_go_with_the_player(record_store: RecordStore) -> None:
    """A link names an existing event (foreign key); deleting the player deletes its links
    and nothing of the event; audit lines outlive the player."""
    record_store.create_event("e", "Torneo")
    mario = registry.add_player(record_store, PlayerFields("Rossi Mario", "BU1"), AT)
    assert registry.link(record_store, Entry(mario.id, "e", 1, AT))
    assert not registry.link(record_store, Entry(mario.id, "e", 1, AT))
    engine: Engine = record_store.engine  # foreign keys enforced, as the store runs
    with pytest.raises(DBAPIError), engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO player_entries (player_id, event_id, competitor, linked_at)"
                " VALUES (:p, 'nessuno', 1, :at)"
            ),
            {"p": mario.id, "at": AT},
        )
    registry.audit(record_store, AuditLine(AT, "ada", "delete", mario.id, "richiesta", None))
    registry.delete_player(record_store, mario.id)
    assert registry.get_player(record_store, mario.id) is None
    assert registry.entries_of(record_store, mario.id) == []
    assert record_store.has_event("e")
    assert [a.actor for a in registry.audit_lines(record_store, mario.id)] == ["ada"]


def test_the_search_ignores_case_and_accents_on_both_databases(
    record_store: RecordStore,
) -> None:
    """The search key is folded (accents off, lower case): "NICCOLO" finds "Niccolò", "ò"
    finds it too; a ``%`` or ``_`` in the text is taken literally."""
    registry.add_player(record_store, PlayerFields("Niccolò Zoè", "BU1", "Circolo Àncora"), AT)
    registry.add_player(record_store, PlayerFields("Nicola_Rossi", "BU2"), AT)
    assert [p.card for p in registry.search_players(record_store, "NICCOLO")] == ["BU1"]
    assert [p.card for p in registry.search_players(record_store, "zoè")] == ["BU1"]
    assert [p.card for p in registry.search_players(record_store, "ancora")] == ["BU1"]
    assert [p.card for p in registry.search_players(record_store, "a_r")] == ["BU2"]
    assert registry.search_players(record_store, "nic%") == []
    assert [p.card for p in registry.search_players(record_store, "nic")] == ["BU1", "BU2"]
