"""PostgreSQL: the unique (event_id, seq) constraint is the last guard between two writers.

Two writers that both read seq 0 both try to insert seq 1; the database makes the second wait
for the first and then refuses it. The store turns that into ConcurrencyError (expected_seq
given) or retries after the new last record (no expected_seq). Nothing is lost either way
(FIBAS art. 21: every sheet and correction is kept).
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime

import pytest
from sqlalchemy import Connection, Engine, create_engine, text

from arbitro.store import ConcurrencyError, NewRecord, RecordStore, StoredRecord

POLL_SECONDS = 0.01
WAIT_LIMIT_SECONDS = 30


def _insert_seq_1_uncommitted(connection: Connection) -> None:
    connection.execute(
        text(
            "INSERT INTO records (event_id, seq, kind, payload, actor, recorded_at) "
            "VALUES ('e', 1, 'score-sheet-entered', '{\"table\": 1}', 'table 1', :now)"
        ),
        {"now": datetime.now(UTC)},
    )


def _wait_until_someone_waits_for_a_lock(engine: Engine) -> None:
    deadline = time.monotonic() + WAIT_LIMIT_SECONDS
    with engine.connect() as connection:
        while time.monotonic() < deadline:
            waiting = connection.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND datname = current_database()"
                )
            ).scalar_one()
            connection.rollback()
            if waiting:
                return
            time.sleep(POLL_SECONDS)
    raise AssertionError("the second writer never waited for the first")


def _race(url: str, expected_seq: int | None) -> list[StoredRecord] | ConcurrencyError:
    """Hold an uncommitted seq 1, let the store try to append, then commit the seq 1."""
    store = RecordStore(url)
    engine = create_engine(url)
    outcome: list[list[StoredRecord] | ConcurrencyError] = []
    try:
        store.create_event("e", "Torneo")
        with engine.connect() as holder:
            holder.begin()
            _insert_seq_1_uncommitted(holder)

            def write() -> None:
                try:
                    record = NewRecord("score-sheet-entered", {"table": 2}, "table 2")
                    outcome.append(store.append("e", [record], expected_seq=expected_seq))
                except ConcurrencyError as exc:
                    outcome.append(exc)

            writer = threading.Thread(target=write)
            writer.start()
            _wait_until_someone_waits_for_a_lock(engine)
            holder.commit()
            writer.join()
        assert store.records("e")[0].payload["table"] == 1
        return outcome[0]
    finally:
        store.close()
        engine.dispose()


@pytest.mark.postgres
def test_unique_seq_refuses_the_second_writer_with_concurrency_error(
    postgres_database_url: str,
) -> None:
    """With expected_seq=0, the writer that lost the race gets ConcurrencyError, stores nothing."""
    outcome = _race(postgres_database_url, expected_seq=0)
    assert isinstance(outcome, ConcurrencyError)
    with RecordStore(postgres_database_url) as store:
        assert store.last_seq("e") == 1


@pytest.mark.postgres
def test_unique_seq_conflict_is_retried_without_expected_seq(postgres_database_url: str) -> None:
    """Without expected_seq, the writer that lost the race appends after the winner (seq 2)."""
    outcome = _race(postgres_database_url, expected_seq=None)
    assert isinstance(outcome, list)
    assert [r.seq for r in outcome] == [2]
    with RecordStore(postgres_database_url) as store:
        assert [r.payload["table"] for r in store.records("e")] == [1, 2]
