"""A cancellation as a command value: an earlier action undone by a new record, with the
reason (a sanction, a lateness, an abandon, an arbitral score, a correction, a withdrawal, a
board ruling, a seating's edit, a constraint)."""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.tournament.commands.cancel import cancel
from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.commands.rulings import ruling_parts
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record


@dataclass(frozen=True, slots=True)
class Cancel(NoOutcome):
    """Cancel the record ``seq``: the standings are computed again."""

    seq: int
    reason: str | None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The cancellation's record; a ruling's (issue 31) with those of the warnings and
        the sheet appended with it, in one transaction."""
        out = [cancel(state, self.seq, self.reason, ctx.now, self.actor)]
        for part in ruling_parts(state, self.seq):
            out.append(cancel(state, part, self.reason, ctx.now, self.actor))
        return out
