"""The digital table's records folded into an event's state (issue 32), registered with the
event's folds (:mod:`arbitro.tournament.event_folds`): the scores are not touched (a table's
score is its sheet, filled and signed like the phones')."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbitro.tournament.digital.table import DigitalDeal, DigitalTable
from arbitro.tournament.event_caches import keeps_scores
from arbitro.tournament.event_folds import folds
from arbitro.tournament.records import DigitalDealt, DigitalMove, Record

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState


@folds(DigitalDealt, keeps_scores)
def _dealt(state: EventState, b: DigitalDealt, rec: Record, parsed: Any) -> None:
    """A deal laid out at a digital table (the first opens the table as digital)."""
    table = state.digital.get((b.round, b.table))
    if table is None:
        table = state.digital[(b.round, b.table)] = DigitalTable(
            b.round, b.table, str(state.config.code)
        )
    table.deals.append(DigitalDeal(b.deal, dict(b.layout), tuple(b.robots)))


@folds(DigitalMove, keeps_scores)
def _move(state: EventState, b: DigitalMove, rec: Record, parsed: Any) -> None:
    """One move at a digital table, in its deal's order."""
    state.digital[(b.round, b.table)].deals[b.deal - 1].moves.append((b.seat, b.move))
