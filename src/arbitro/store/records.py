"""The records of an event: what a caller appends, what the store returns, and event summaries.

An event is an append-only log of records (DESIGN.md, "Architecture": every change to an event
is a record saying who, when, what and why; a correction is a new record, never an overwrite).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class NewRecord:
    """A record to append: ``kind`` says what happened, ``payload`` the data (JSON-serialisable).

    ``actor`` is who did it (e.g. ``"arbitro"``, ``"director"``, ``"table 3"``), ``reason`` why
    (mandatory for corrections; the store does not check), ``recorded_at`` when (timezone-aware;
    ``None`` means now; imports pass the original time).
    """

    kind: str
    payload: dict[str, Any]
    actor: str
    reason: str | None = None
    recorded_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class StoredRecord:
    """A record as stored: numbered ``seq`` = 1, 2, 3... within its event; ``recorded_at`` in UTC."""

    event_id: str
    seq: int
    kind: str
    payload: dict[str, Any]
    actor: str
    reason: str | None
    recorded_at: datetime


@dataclass(frozen=True, slots=True)
class EventSummary:
    """An event's identity, name, creation time (UTC), how many records it holds, and its
    kind: ``rounds`` (a tournament played in rounds) or ``knockout``."""

    event_id: str
    name: str
    created_at: datetime
    record_count: int
    kind: str = "rounds"


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A record of a digital table's own log (issues 32, 33): its table (``round``,
    ``table``), its number ``seq`` = 1, 2, 3... within that table, and ``event_seq``, the
    event's last record when it was decided (where it stands among the event's records)."""

    round: int
    table: int
    seq: int
    event_seq: int
    kind: str
    payload: dict[str, Any]
    actor: str
    reason: str | None
    recorded_at: datetime
