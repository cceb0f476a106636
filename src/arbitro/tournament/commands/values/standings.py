"""What the standings and prizes are computed with, as command values: the prize plan, the
tie-breaks (Parole art. 6.1; issue 34)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.tiebreak_names import DRAW
from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.commands.prizes import record_prize_plan
from arbitro.tournament.commands.tiebreaks import choose_tiebreaks
from arbitro.tournament.event import EventState
from arbitro.tournament.records import PrizePlanRecorded, Record, TiebreaksChosen
from arbitro.tournament.standings.tiebreaks import check_criteria


@dataclass(frozen=True, slots=True)
class RecordPrizePlan(NoOutcome):
    """Record the event's prize plan: categories, tie rule, seed (Parole art. 6.1)."""

    plan: PrizePlanRecorded
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The plan's record."""
        return [record_prize_plan(state, self.plan, ctx.now, self.actor)]


@dataclass(frozen=True, slots=True)
class ChooseTiebreaks:
    """Record the event's tie-breaks among competitors level on V.P., in order (issue 34),
    written in either language; a draw among them keeps ``seed``, else the earlier choice's,
    else the event's, else a fresh one (as a seating's draw). Answers the record's body."""

    criteria: Sequence[str]
    seed: int | None = None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The choice's record."""
        names = check_criteria(self.criteria)
        drawn = 0
        if DRAW in names:
            earlier = state.tiebreaks.seed if state.tiebreaks is not None else 0
            drawn = self.seed if self.seed is not None else earlier or state.config.seed
            drawn = drawn or (ctx.draw_seed(None, 0) or 0)
        return [choose_tiebreaks(state, TiebreaksChosen(names, drawn), ctx.now, self.actor)]

    def outcome(self, records: Sequence[Record], state: EventState) -> TiebreaksChosen:
        """The choice as recorded."""
        body = records[0].body
        assert isinstance(body, TiebreaksChosen)
        return body
