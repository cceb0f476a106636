"""Events in the store: creating, listing, finding, and clear it/en errors for unknown or
duplicate events (DESIGN.md: bad input gets a clear error naming what is wrong)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, cast

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
    assert caught.value.message("it") == "Esiste già una gara con identificativo «e»."
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
    record_store: RecordStore, call: Callable[[RecordStore], object]
) -> None:
    """Naming an event that does not exist raises NotFoundError with an it/en message."""
    record_store.create_event("noto", "Torneo noto")
    with pytest.raises(NotFoundError) as caught:
        call(record_store)
    assert caught.value.message("it") == "La gara «ignoto» non esiste."
    assert caught.value.message("en") == "There is no event 'ignoto'."
    assert record_store.last_seq("noto") == 0


def test_an_event_keeps_the_kind_it_was_created_with(record_store: RecordStore) -> None:
    """An event is played in rounds unless created as a knockout; the store says which
    (``event_kind``, and ``kind`` of each summary), whatever its records hold."""
    rounds = record_store.create_event("serata", "Serata di Burraco")
    knockout = record_store.create_event("coppa", "Coppa di Briscola", kind="knockout")
    assert (rounds.kind, knockout.kind) == ("rounds", "knockout")
    record_store.append("serata", [NewRecord("event-created", {"competition": "knockout"}, "d")])
    assert record_store.event_kind("serata") == "rounds"
    assert record_store.event_kind("coppa") == "knockout"
    assert [(e.event_id, e.kind) for e in record_store.list_events()] == [
        ("serata", "rounds"),
        ("coppa", "knockout"),
    ]
    assert record_store.list_events()[1] == knockout


def test_unknown_kind_or_event_is_refused(record_store: RecordStore) -> None:
    """Only ``rounds`` and ``knockout`` are kinds of event; the kind of an event that does not
    exist is not found."""
    with pytest.raises(ArbitroError) as caught:
        record_store.create_event("e", "Torneo", kind="swiss")
    assert (
        caught.value.message("it")
        == "Tipo di gara 'swiss' sconosciuto (uno tra: rounds, knockout)."
    )
    assert (
        caught.value.message("en") == "Event kind 'swiss' is not known (one of: rounds, knockout)."
    )
    assert record_store.list_events() == []
    with pytest.raises(NotFoundError) as missing:
        record_store.event_kind("ignoto")
    assert missing.value.message("it") == "La gara «ignoto» non esiste."


def test_missing_or_too_long_texts_are_named_in_both_languages(record_store: RecordStore) -> None:
    """Each refused text names its field, worded whole in Italian and in English."""
    with pytest.raises(ArbitroError) as missing:
        record_store.create_event("", "Torneo")
    assert missing.value.message("it") == (
        "Manca l'identificativo della gara (serve un testo non vuoto, non '')."
    )
    assert missing.value.message("en") == (
        "The event id is missing (a non-empty text is needed, not '')."
    )
    with pytest.raises(ArbitroError) as long_kind:
        record_store.create_event("e", "Torneo")
        record_store.append("e", [NewRecord("k" * 101, {}, "d")])
    assert long_kind.value.message("it") == (
        "Il tipo della registrazione è troppo lungo (101 caratteri, massimo 100)."
    )
    with pytest.raises(ArbitroError) as bad_payload:
        # deliberately not a JSON object, to check the refusal
        record_store.append("e", [NewRecord("k", cast(dict[str, Any], []), "d")])
    assert bad_payload.value.message("it") == (
        "Registrazione n. 1 ('k') non valida: i dati devono essere un oggetto JSON, non list."
    )
    assert bad_payload.value.message("en") == (
        "Record no. 1 ('k') is not valid: the payload must be a JSON object, not list."
    )
