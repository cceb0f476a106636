"""Appending records: numbering, all-or-nothing batches, bad records refused, and concurrent
writers (DESIGN.md: an event is an append-only log; FIBAS art. 21: a correction is a new record
after the sheet it corrects, and nothing already stored is lost)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import pytest
from sqlalchemy import Engine, text

from arbitro.errors import ArbitroError
from arbitro.store import ConcurrencyError, NewRecord, RecordStore


def sheet(table: int, ns_vp: int = 15) -> NewRecord:
    """A score sheet of round 1 entered at ``table`` (art. 20: VP of the two lines sum to 20)."""
    payload = {"round": 1, "table": table, "ns_vp": ns_vp, "ew_vp": 20 - ns_vp}
    return NewRecord("score-sheet-entered", payload, actor=f"table {table}")


def test_seq_numbers_run_1_2_3_per_event_art_21(record_store: RecordStore) -> None:
    """Each event numbers its own records from 1; a correction gets the next number."""
    record_store.create_event("a", "Torneo A")
    record_store.create_event("b", "Torneo B")
    assert [r.seq for r in record_store.append("a", [sheet(1), sheet(2)])] == [1, 2]
    assert [r.seq for r in record_store.append("b", [sheet(1)])] == [1]
    correction = NewRecord("score-sheet-corrected", {"table": 1}, "arbitro", reason="art. 21")
    assert [r.seq for r in record_store.append("a", [correction])] == [3]
    assert record_store.last_seq("a") == 3
    assert record_store.last_seq("b") == 1
    assert [r.seq for r in record_store.records("a", after_seq=1)] == [2, 3]
    assert record_store.records("a", after_seq=3) == []


def test_empty_append_stores_nothing_and_checks_the_event(record_store: RecordStore) -> None:
    """Appending no records is allowed and changes nothing."""
    record_store.create_event("e", "Torneo")
    assert record_store.append("e", [], expected_seq=0) == []
    assert record_store.last_seq("e") == 0


def test_bad_record_in_a_batch_stores_nothing(record_store: RecordStore) -> None:
    """A batch with a payload that is not JSON is refused whole, naming the record, in it/en."""
    record_store.create_event("e", "Torneo")
    bad = NewRecord("score-sheet-entered", {"when": datetime(2026, 1, 1)}, "table 2")
    with pytest.raises(ArbitroError) as caught:
        record_store.append("e", [sheet(1), bad, sheet(3)])
    assert "n. 2" in caught.value.message("it") and "no. 2" in caught.value.message("en")
    assert record_store.records("e") == []


@pytest.mark.parametrize(
    ("record", "what_en"),
    [
        (NewRecord("", {}, "arbitro"), "kind is missing"),
        (NewRecord("x", {}, "  "), "actor is missing"),
        (
            # deliberately not a JSON object, to check the refusal
            NewRecord("x", cast(dict[str, Any], ["not", "an", "object"]), "arbitro"),
            "must be a JSON object",
        ),
        (NewRecord("x", {"nan": float("nan")}, "arbitro"), "cannot be stored as JSON"),
        (NewRecord("x", {"name": "Ros\x00si"}, "arbitro"), "null character"),
        (NewRecord("x", {"name": "\ud800"}, "arbitro"), "cannot be stored as JSON"),
        (NewRecord("x", {}, "arbitro", recorded_at=datetime(2026, 1, 1)), "timezone-aware"),
    ],
)
def test_invalid_records_are_refused_with_a_clear_message(
    record_store: RecordStore, record: NewRecord, what_en: str
) -> None:
    """Bad input gets a clear error naming what is wrong, and nothing is stored."""
    record_store.create_event("e", "Torneo")
    with pytest.raises(ArbitroError) as caught:
        record_store.append("e", [sheet(1), record])
    assert what_en in caught.value.message("en")
    assert caught.value.message("it") != caught.value.message("en")
    assert record_store.last_seq("e") == 0


def test_large_floats_come_back_as_the_same_float(record_store: RecordStore) -> None:
    """A float printed with an exponent is not turned into another number (JSONB's numeric)."""
    record_store.create_event("e", "Torneo")
    payload = {"x": 7.205759403792289e16, "y": [-1e300, 1e16, 5e-324, 12.345]}
    (written,) = record_store.append("e", [NewRecord("k", payload, "arbitro")])
    (read,) = record_store.records("e")
    assert read.payload == written.payload == payload
    assert all(isinstance(v, float) for v in read.payload["y"])


def test_a_database_failure_mid_batch_stores_nothing(
    record_store: RecordStore, raw_engine: Engine
) -> None:
    """All or nothing: when the database refuses the third record, the first two are not kept."""
    record_store.create_event("e", "Torneo")
    record_store.append("e", [sheet(9)])
    with raw_engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(
                text(
                    "CREATE FUNCTION test_refuse_boom() RETURNS trigger LANGUAGE plpgsql AS "
                    "$$ BEGIN RAISE EXCEPTION 'boom'; END $$"
                )
            )
            connection.execute(
                text(
                    "CREATE TRIGGER test_boom BEFORE INSERT ON records FOR EACH ROW "
                    "WHEN (NEW.kind = 'boom') EXECUTE FUNCTION test_refuse_boom()"
                )
            )
        else:
            connection.execute(
                text(
                    "CREATE TRIGGER test_boom BEFORE INSERT ON records WHEN NEW.kind = 'boom' "
                    "BEGIN SELECT RAISE(ABORT, 'boom'); END"
                )
            )
    boom = NewRecord("boom", {}, "arbitro")
    with pytest.raises(Exception, match="boom"):
        record_store.append("e", [sheet(1), sheet(2), boom, sheet(3)])
    assert [r.payload["table"] for r in record_store.records("e")] == [9]
    assert record_store.append("e", [sheet(1)])[0].seq == 2


def test_expected_seq_mismatch_raises_concurrency_error(record_store: RecordStore) -> None:
    """A writer that read the log at seq 1 cannot append after someone else added seq 2."""
    record_store.create_event("e", "Torneo")
    record_store.append("e", [sheet(1)], expected_seq=0)
    record_store.append("e", [sheet(2)], expected_seq=1)
    with pytest.raises(ConcurrencyError) as caught:
        record_store.append("e", [sheet(3)], expected_seq=1)
    assert caught.value.expected_seq == 1 and caught.value.actual_seq == 2
    assert caught.value.message("en") == (
        "Event 'e' was changed by someone else meanwhile: expected its last record to be no. 1"
        " (it now has 2). Reload and try again."
    )
    assert caught.value.message("it") == (
        "La gara «e» è stata modificata da qualcun altro nel frattempo: ci si aspettava "
        "l'ultima registrazione n. 1 (ora ne ha 2). Ricaricare e riprovare."
    )
    assert "n. 3" in ConcurrencyError("e", 3).message("it")
    assert "troppi" in ConcurrencyError("e", None).message("it")
    assert record_store.last_seq("e") == 2


def test_two_writers_with_the_same_expected_seq_one_wins(database_url: str) -> None:
    """Two stores (as two processes) append at once after seq 0: exactly one succeeds."""
    stores = [RecordStore(database_url) for _ in range(2)]
    try:
        stores[0].create_event("e", "Torneo")
        barrier = threading.Barrier(2)
        outcomes: list[object] = [None, None]

        def write(index: int) -> None:
            barrier.wait()
            try:
                outcomes[index] = stores[index].append(
                    "e", [sheet(index + 1), sheet(index + 3)], expected_seq=0
                )
            except ConcurrencyError as exc:
                outcomes[index] = exc

        threads = [threading.Thread(target=write, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        errors = [o for o in outcomes if isinstance(o, ConcurrencyError)]
        winners = [o for o in outcomes if isinstance(o, list)]
        assert len(errors) == 1 and len(winners) == 1
        assert stores[1].records("e") == winners[0]
        assert [r.seq for r in winners[0]] == [1, 2]
    finally:
        for store in stores:
            store.close()


def test_writers_without_expected_seq_all_get_in(database_url: str) -> None:
    """Appends without expected_seq from several writers at once are all kept, numbered 1..n."""
    stores = [RecordStore(database_url) for _ in range(3)]
    try:
        stores[0].create_event("e", "Torneo")
        barrier = threading.Barrier(3)

        def write(index: int) -> None:
            barrier.wait()
            for table in range(5):
                stores[index].append("e", [sheet(10 * index + table)])

        threads = [threading.Thread(target=write, args=(i,)) for i in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stored = stores[0].records("e")
        assert [r.seq for r in stored] == list(range(1, 16))
        assert sorted(r.payload["table"] for r in stored) == sorted(
            10 * i + t for i in range(3) for t in range(5)
        )
    finally:
        for store in stores:
            store.close()


def test_an_import_of_thousands_of_records_is_one_ordered_batch(record_store: RecordStore) -> None:
    """An event file's 2,000 records go in at once, in order, text with tabs, newlines and
    backslashes intact (an import passes each record's original time)."""
    record_store.create_event("importato", "Torneo importato")
    start = datetime(2026, 3, 1, 14, 0, tzinfo=UTC)
    batch = [
        NewRecord(
            kind="score-sheet-entered",
            payload={"table": i % 12 + 1, "note": f"riga {i}\tcon\ttab\nnuova riga \\N è"},
            actor=f"table {i % 12 + 1}",
            reason=None if i % 2 else "importazione\tda file",
            recorded_at=start + timedelta(seconds=i),
        )
        for i in range(2000)
    ]
    stored = record_store.append("importato", batch, expected_seq=0)
    assert stored == record_store.records("importato")
    assert [r.seq for r in stored] == list(range(1, 2001))
    assert [(r.payload, r.reason, r.recorded_at) for r in stored] == [
        (n.payload, n.reason, n.recorded_at) for n in batch
    ]
    assert [r.seq for r in record_store.records("importato", after_seq=1998)] == [1999, 2000]
