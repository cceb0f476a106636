"""Events in the store: creating, listing, finding, and clear it/en errors for unknown or
duplicate events (DESIGN.md: bad input gets a clear error naming what is wrong)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.store import EventSummary, NewRecord, RecordStore


def test_create_list_and_has_events(record_store: RecordStore) -> None:
    """Events are listed oldest first with their record counts; has_event finds them."""
    assert record_store.list_events() == []
    before = datetime.now(UTC)
    first = record_store.create_event("forli-2026", "Torneo di Forlì")
    second = record_store.create_event("cesena-2026", "Gara sociale di Cesena")
    assert first == EventSummary("forli-2026", "Torneo di Forlì", first.created_at, 0)
    assert before <= first.created_at <= second.created_at <= datetime.now(UTC)
    assert first.created_at.tzinfo == UTC
    record_store.append("cesena-2026", [NewRecord("k", {"i": i}, "d") for i in range(3)])

    assert record_store.list_events() == [
        first,
        EventSummary("cesena-2026", "Gara sociale di Cesena", second.created_at, 3),
    ]
    assert record_store.has_event("forli-2026")
    assert not record_store.has_event("rimini-2026")


def test_creating_an_existing_event_is_a_conflict(record_store: RecordStore) -> None:
    """A second event with the same id is refused; the first keeps its name and records."""
    record_store.create_event("e", "Primo")
    record_store.append("e", [NewRecord("k", {}, "d")])
    with pytest.raises(ConflictError) as caught:
        record_store.create_event("e", "Secondo")
    assert caught.value.message("it") == "Esiste già un torneo con identificativo «e»."
    assert caught.value.message("en") == "An event with id 'e' already exists."
    assert [(s.name, s.record_count) for s in record_store.list_events()] == [("Primo", 1)]


@pytest.mark.parametrize(("event_id", "name"), [("", "Torneo"), ("e", "  "), ("x" * 101, "T")])
def test_event_needs_an_id_and_a_name(record_store: RecordStore, event_id: str, name: str) -> None:
    """An empty id or name, or an id longer than 100 characters, is refused."""
    with pytest.raises(ArbitroError):
        record_store.create_event(event_id, name)
    assert record_store.list_events() == []


@pytest.mark.parametrize(
    "call",
    [
        lambda store: store.append("ignoto", [NewRecord("k", {}, "d")]),
        lambda store: store.append("ignoto", [], expected_seq=0),
        lambda store: store.records("ignoto"),
        lambda store: store.records("ignoto", after_seq=5),
        lambda store: store.last_seq("ignoto"),
    ],
    ids=["append", "append-empty", "records", "records-after", "last_seq"],
)
def test_unknown_event_is_not_found_in_italian_and_english(
    record_store: RecordStore, call: object
) -> None:
    """Naming an event that does not exist raises NotFoundError with an it/en message."""
    record_store.create_event("noto", "Torneo noto")
    with pytest.raises(NotFoundError) as caught:
        call(record_store)  # type: ignore[operator]
    assert caught.value.message("it") == "Il torneo «ignoto» non esiste."
    assert caught.value.message("en") == "There is no event 'ignoto'."
    assert record_store.last_seq("noto") == 0
