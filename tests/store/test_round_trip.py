"""Records come back exactly as they were appended: kinds, unicode payloads, actors, reasons and
timezone-aware times (DESIGN.md: every change to an event is a record of who, when, what, why;
FIBAS art. 21: a score sheet's correction is recorded, never overwritten)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.store import NewRecord, RecordStore, StoredRecord

EVENT_NUMBERS = itertools.count(1)
ROME_WINTER = timezone(timedelta(hours=1))


def test_round_trip_of_italian_names_and_times_art_21(record_store: RecordStore) -> None:
    """A registration with accented names, a sheet and its art. 21 correction come back intact."""
    record_store.create_event("natale-2026", "Torneo di Natale — Città di Forlì")
    registered_at = datetime(2026, 12, 20, 15, 30, 5, 123456, tzinfo=ROME_WINTER)
    new = [
        NewRecord(
            kind="competitor-registered",
            payload={"pair": 7, "players": ["Niccolò Bonfà", "Lucía Dell'Orto", "Zoë Perù"]},
            actor="director",
            recorded_at=registered_at,
        ),
        NewRecord(
            kind="score-sheet-entered",
            payload={"round": 1, "table": 3, "ns": {"mp": 1250, "vp": 15}, "ew": {"vp": 5}},
            actor="table 3",
        ),
        NewRecord(
            kind="score-sheet-corrected",
            payload={"round": 1, "table": 3, "ns": {"vp": 5}, "ew": {"vp": 15}},
            actor="arbitro",
            reason="Art. 21: le coppie hanno invertito i punteggi, il tavolo riconosce l'errore",
        ),
    ]
    before = datetime.now(UTC)
    stored = record_store.append("natale-2026", new)
    after = datetime.now(UTC)

    assert stored == record_store.records("natale-2026")
    first, sheet, correction = stored
    assert [r.seq for r in stored] == [1, 2, 3]
    assert first.payload == new[0].payload
    assert first.recorded_at == registered_at
    assert first.recorded_at.tzinfo == UTC
    assert first.recorded_at.hour == 14  # 15:30 in Rome in winter is 14:30 UTC
    assert before <= sheet.recorded_at <= after  # None means now
    assert sheet.recorded_at.tzinfo == UTC
    assert sheet.actor == "table 3" and sheet.reason is None
    assert correction.reason == new[2].reason
    assert correction.kind == "score-sheet-corrected"


def test_records_survive_closing_and_reopening_the_store(database_url: str) -> None:
    """Nothing recorded is lost when the program stops: a new store reads the same records."""
    with RecordStore(database_url) as store:
        store.create_event("e", "Gara sociale")
        written = store.append("e", [NewRecord("competitor-registered", {"n": "Però"}, "d")])
    with RecordStore(database_url) as store:
        assert store.records("e") == written


JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"))
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.text(max_size=8).filter(lambda k: "\x00" not in k), children, max_size=4
        )
    ),
    max_leaves=12,
)
PAYLOADS = st.dictionaries(st.text(max_size=10).filter(lambda k: "\x00" not in k), JSON_VALUES)
TIMES = st.datetimes(
    min_value=datetime(1990, 1, 1),
    max_value=datetime(2100, 1, 1),
    timezones=st.sampled_from([UTC, ROME_WINTER, timezone(timedelta(hours=-9, minutes=-30))]),
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    batches=st.lists(
        st.lists(
            st.builds(
                NewRecord,
                kind=st.sampled_from(["competitor-registered", "round-seated", "sheet-entered"]),
                payload=PAYLOADS,
                actor=st.sampled_from(["arbitro", "director", "tavolo 3", "Niccolò"]),
                reason=st.none() | st.text(max_size=20).filter(lambda r: "\x00" not in r),
                recorded_at=st.none() | TIMES,
            ),
            max_size=4,
        ),
        min_size=1,
        max_size=3,
    )
)
def test_any_json_payloads_and_batches_come_back_in_order(
    record_store: RecordStore, batches: list[list[NewRecord]]
) -> None:
    """Property: any batches of JSON records are read back in order, numbered 1, 2, 3..."""
    event_id = f"e{next(EVENT_NUMBERS)}"
    record_store.create_event(event_id, "proprietà")
    stored: list[StoredRecord] = []
    for batch in batches:
        stored += record_store.append(event_id, batch)
    flat = [record for batch in batches for record in batch]

    assert record_store.records(event_id) == stored
    assert [r.seq for r in stored] == list(range(1, len(flat) + 1))
    for new, back in zip(flat, stored, strict=True):
        assert _same_json(back.payload, new.payload)
        assert (back.kind, back.actor, back.reason) == (new.kind, new.actor, new.reason)
        assert back.recorded_at.tzinfo == UTC
        if new.recorded_at is not None:
            assert back.recorded_at == new.recorded_at


def _same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values (PostgreSQL's JSONB may give 1e16 back as an integer)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)
