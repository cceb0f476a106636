"""The log is append-only in the database itself: triggers refuse UPDATE and DELETE of records
(and DELETE of events), whoever connects (DESIGN.md: a correction is a new record, never an
overwrite; FIBAS art. 21: the sheet handed to the arbiter stays, a correction is added)."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import DBAPIError

from arbitro.store import NewRecord, RecordStore

SHEET = NewRecord("score-sheet-entered", {"table": 3, "ns_vp": 15, "ew_vp": 5}, "table 3")


@pytest.fixture
def stored_sheet(record_store: RecordStore) -> RecordStore:
    """A store whose event ``e`` holds one score sheet."""
    record_store.create_event("e", "Torneo")
    record_store.append("e", [SHEET])
    return record_store


@pytest.mark.parametrize(
    "statement",
    [
        'UPDATE records SET payload = \'{"table": 3, "ns_vp": 5, "ew_vp": 15}\'',
        "UPDATE records SET reason = 'ritoccato'",
        "DELETE FROM records",
        "DELETE FROM records WHERE seq = 1",
        "DELETE FROM events",
    ],
)
def test_raw_update_or_delete_is_refused_art_21(
    stored_sheet: RecordStore, raw_engine: Engine, statement: str
) -> None:
    """An UPDATE or DELETE issued straight to the database fails and changes nothing."""
    with pytest.raises(DBAPIError, match=r"append-only|never deleted"), raw_engine.begin() as conn:
        conn.execute(text(statement))
    (record,) = stored_sheet.records("e")
    assert record.payload == SHEET.payload and record.reason is None
    assert stored_sheet.has_event("e")


@pytest.mark.postgres
def test_truncate_is_refused_on_postgresql(postgres_database_url: str) -> None:
    """PostgreSQL's TRUNCATE (which skips row triggers) is refused by a statement trigger."""
    with RecordStore(postgres_database_url) as store:
        store.create_event("e", "Torneo")
        store.append("e", [SHEET])
        engine = create_engine(postgres_database_url)
        try:
            for table in ("records", "events CASCADE"):
                with pytest.raises(DBAPIError, match="append-only"), engine.begin() as conn:
                    conn.execute(text(f"TRUNCATE {table}"))
        finally:
            engine.dispose()
        assert [r.seq for r in store.records("e")] == [1]


def test_inserting_more_records_is_allowed(stored_sheet: RecordStore, raw_engine: Engine) -> None:
    """Append-only still means appending: the triggers let new rows in."""
    stored_sheet.append("e", [NewRecord("score-sheet-corrected", {}, "arbitro", reason="art. 21")])
    with raw_engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM records")).scalar_one() == 2
