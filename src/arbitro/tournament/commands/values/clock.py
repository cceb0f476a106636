"""The round's clock as command values: started, its start corrected (FIBAS art. 7)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from arbitro.tournament.clock import correct_start, start_round
from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record


@dataclass(frozen=True, slots=True)
class StartRound(NoOutcome):
    """Start the round's clock, now or at the time given (FIBAS art. 7)."""

    round_number: int
    started_at: datetime | None = None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The start's record."""
        return [
            start_round(
                state, self.round_number, ctx.now, started_at=self.started_at, actor=self.actor
            )
        ]


@dataclass(frozen=True, slots=True)
class CorrectStart(NoOutcome):
    """Correct the start of the round's clock, with the reason: the time played and the
    lateness count from the corrected start (FIBAS art. 7)."""

    round_number: int
    started_at: datetime
    reason: str | None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The correction's record."""
        return [
            correct_start(
                state,
                self.round_number,
                ctx.now,
                self.started_at,
                self.reason,
                actor=self.actor,
            )
        ]
