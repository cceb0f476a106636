"""The records of an event's append-only log: every change to an event is one record
(who, when, what, why). The event's state and its standings are a fold of its records."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any


class RecordKind(StrEnum):
    """What a record says happened."""

    EVENT_CREATED = "event-created"
    COMPETITOR_REGISTERED = "competitor-registered"
    COMPETITOR_RENAMED = "competitor-renamed"
    COMPETITOR_WITHDRAWN = "competitor-withdrawn"
    ROUND_SEATED = "round-seated"
    SEATING_PUBLISHED = "seating-published"
    SHEET_ENTERED = "sheet-entered"
    SHEET_CORRECTED = "sheet-corrected"
    LATENESS_RECORDED = "lateness-recorded"
    SANCTION_GIVEN = "sanction-given"
    ARBITRAL_SCORE = "arbitral-score"
    ABANDON_RECORDED = "abandon-recorded"
    STANDINGS_PUBLISHED = "standings-published"
    COMPLAINT_LODGED = "complaint-lodged"
    COMPLAINT_RESOLVED = "complaint-resolved"
    BOARD_RULING = "board-ruling"
    BRACKET_DRAWN = "bracket-drawn"
    GAME_RESULT = "game-result"
    IRREGULARITY = "irregularity"


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of an event's log. ``seq`` is 0 until the store has appended it."""

    kind: RecordKind
    payload: Mapping[str, Any]
    at: datetime
    actor: str = "arbitro"
    reason: str | None = None
    seq: int = 0


def utc(at: datetime) -> datetime:
    """``at`` as an aware UTC datetime (naive values are taken as UTC)."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
