"""The store's last seqs of an event and of one digital table's log in one query (issue 32:
what a phone's view compares with the state its process folded), on SQLite and on a real
PostgreSQL."""

from __future__ import annotations

from arbitro.store import RecordStore
from arbitro.store.records import NewRecord

SHEET = NewRecord(
    kind="sheet-entered", payload={"table": 1, "ns": 120, "ew": -120}, actor="table 1"
)
MOVE = NewRecord(
    kind="digital-move", payload={"table": 1, "deal": 1, "n": 1, "move": "draw"}, actor="N"
)


def test_the_last_seqs_follow_the_events_log_and_each_tables_own(database_url: str) -> None:
    """0 before any record; the event's moves with its appends, a table's with its moves
    only (another table's and another round's are theirs); None for an unknown event."""
    with RecordStore(database_url) as store:
        assert store.last_seqs("e1", 1, 1) is None
        store.create_event("e1", "Serata")
        store.create_event("e2", "Altra serata")
        assert store.last_seqs("e1", 1, 1) == (0, 0)
        store.append("e1", [SHEET, SHEET])
        store.append_table("e1", 1, 1, [MOVE, MOVE], expected_seq=0, event_seq=2)
        store.append_table("e1", 1, 2, [MOVE], expected_seq=0, event_seq=2)
        store.append_table("e1", 2, 1, [MOVE], expected_seq=0, event_seq=2)
        store.append_table("e2", 1, 1, [MOVE], expected_seq=0, event_seq=0)
        assert store.last_seqs("e1", 1, 1) == (2, 2)
        assert store.last_seqs("e1", 1, 2) == (2, 1)
        assert store.last_seqs("e1", 1, 3) == (2, 0)
        assert store.last_seqs("e2", 1, 1) == (0, 1)
        store.append("e1", [SHEET])
        assert store.last_seqs("e1", 1, 1) == (3, 2)
