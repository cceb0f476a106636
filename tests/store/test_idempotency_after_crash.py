"""An idempotency key claimed by a request whose server was killed (SIGKILL between claiming
the key and settling it) must not answer "already being recorded" forever: after
``PENDING_STALE`` it is claimed again, by one request only (found by bench/chaos.py: 14 keys
left pending by 4 kills, their phones refused for good; issue 13, "Everything done once")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from arbitro.store import RecordStore, users

T0 = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)


def test_a_key_left_pending_by_a_dead_request_is_claimed_again(record_store: RecordStore) -> None:
    """A fresh PENDING key is in use; one older than PENDING_STALE is taken over once."""
    assert users.claim_key(record_store, "path:/t/x", "chiave-0001", now=T0) is None
    soon = T0 + users.PENDING_STALE - timedelta(seconds=1)
    running = users.claim_key(record_store, "path:/t/x", "chiave-0001", now=soon)
    assert running is not None and running.status == users.PENDING
    later = T0 + users.PENDING_STALE + timedelta(seconds=1)
    assert users.claim_key(record_store, "path:/t/x", "chiave-0001", now=later) is None
    again = users.claim_key(record_store, "path:/t/x", "chiave-0001", now=later)
    assert again is not None and again.status == users.PENDING  # taken over by one request


def test_a_settled_key_is_answered_with_its_first_answer_however_late(
    record_store: RecordStore,
) -> None:
    """A settled key never becomes claimable again: the repeat gets the first answer."""
    assert users.claim_key(record_store, "path:/t/x", "chiave-0002", now=T0) is None
    users.settle_key(record_store, "path:/t/x", "chiave-0002", 303, "/t/x?sent=1", None)
    first = users.claim_key(record_store, "path:/t/x", "chiave-0002", now=T0 + timedelta(days=1))
    assert first is not None and (first.status, first.location) == (303, "/t/x?sent=1")
