"""Pairs that must not meet (same club, family, the director's list): the director adds one
with a record; it is cancelled like every action (FIBAS art. 4 "Assegnazione del tavolo")."""

from __future__ import annotations

from datetime import datetime

from arbitro.errors import ArbitroError, ConflictError
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import ConstraintAdded, ConstraintReason, Record

MAX_NOTE = 500  # as a reason's form field


def add_constraint(
    state: EventState,
    first: CompetitorId,
    second: CompetitorId,
    reason: ConstraintReason | str,
    now: datetime,
    actor: str = "director",
    note: str = "",
) -> Record:
    """Record that ``first`` and ``second`` must not meet, for ``reason`` (club, family,
    director): the seatings made from now on keep them apart where they can (art. 4).
    Refused for an unknown competitor, a competitor with itself, a pair already constrained,
    or a note longer than the form allows."""
    state.competitor(first)
    state.competitor(second)
    if first == second:
        raise ArbitroError("a competitor cannot be kept apart from itself")
    pair = {first, second}
    if any({b.first, b.second} == pair for b in state.constraints.values()):
        raise ConflictError(
            "competitors {first} and {second} are already kept apart", first=first, second=second
        )
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise ArbitroError(
            "the note is too long ({length} characters, at most {limit})",
            length=len(note),
            limit=MAX_NOTE,
        )
    try:
        why = ConstraintReason(reason)
    except ValueError:
        raise ArbitroError(
            "«{value}» is not one of: {choices}",
            value=reason,
            choices=", ".join(r.value for r in ConstraintReason),
        ) from None
    body = ConstraintAdded(min(first, second), max(first, second), why, note)
    return make_record(body, now, actor)
