"""The digital table's records folded into an event's state (issue 32), registered with the
event's folds (:mod:`arbitro.tournament.event_folds`): the scores are not touched (a table's
score is its sheet, filled and signed like the phones')."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbitro.tournament.digital.table import DigitalCall, dealt, moved
from arbitro.tournament.event_caches import keeps_scores
from arbitro.tournament.event_folds import folds
from arbitro.tournament.records import (
    DigitalAnswered,
    DigitalCalled,
    DigitalDealt,
    DigitalMove,
    DigitalPaused,
    DigitalSettings,
    Record,
)

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState


@folds(DigitalDealt, keeps_scores)
def _dealt(state: EventState, b: DigitalDealt, rec: Record, parsed: Any) -> None:
    """A deal laid out at a digital table (the first opens the table as digital)."""
    dealt(state.digital, str(state.config.code), b).since = rec.at


@folds(DigitalMove, keeps_scores)
def _move(state: EventState, b: DigitalMove, rec: Record, parsed: Any) -> None:
    """One move at a digital table, in its deal's order (an event's log held them before each
    table had its own: issue 33)."""
    moved(state.digital, b).since = rec.at


@folds(DigitalPaused, keeps_scores)
def _paused(state: EventState, b: DigitalPaused, rec: Record, parsed: Any) -> None:
    """The director paused or resumed the table (a resume restarts the move's time)."""
    table = state.digital[(b.round, b.table)]
    table.paused = b.paused
    table.since = rec.at


@folds(DigitalCalled, keeps_scores)
def _called(state: EventState, b: DigitalCalled, rec: Record, parsed: Any) -> None:
    """A call of the arbiter to the table."""
    calls = state.digital[(b.round, b.table)].calls
    calls.append(DigitalCall(len(calls) + 1, b.seat, b.reason, rec.at))


@folds(DigitalAnswered, keeps_scores)
def _answered(state: EventState, b: DigitalAnswered, rec: Record, parsed: Any) -> None:
    """The director answered a call."""
    call = state.digital[(b.round, b.table)].calls[b.call - 1]
    call.answered_at, call.answered_by = rec.at, rec.actor


@folds(DigitalSettings, keeps_scores)
def _settings(state: EventState, b: DigitalSettings, rec: Record, parsed: Any) -> None:
    """The director's settings of the digital tables, for a round or the event (0)."""
    state.digital_settings[b.round] = b
