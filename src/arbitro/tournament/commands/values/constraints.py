"""The pairing constraints as command values: two competitors who must not meet (same club,
family, the director's list: FIBAS art. 4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.errors import ConflictError
from arbitro.tournament.commands.command import Context, NoOutcome, last_seq
from arbitro.tournament.commands.constraints import add_constraint
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import ConstraintReason, Record


@dataclass(frozen=True, slots=True)
class AddConstraint:
    """Record that two competitors must not meet; answers the record's seq (what cancels
    it)."""

    first: CompetitorId
    second: CompetitorId
    reason: ConstraintReason | str = ConstraintReason.DIRECTOR
    note: str = ""
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The constraint's record (FIBAS art. 4)."""
        return [
            add_constraint(
                state, self.first, self.second, self.reason, ctx.now, self.actor, self.note
            )
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The constraint's seq."""
        return last_seq(records)


@dataclass(frozen=True, slots=True)
class AddConstraints(NoOutcome):
    """Record several constraints at once, all or none (one transaction): each pair is
    decided against the state and the pairs before it (a pair twice is refused)."""

    pairs: Sequence[tuple[CompetitorId, CompetitorId, ConstraintReason, str]]
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """One record per pair (FIBAS art. 4)."""
        made: list[Record] = []
        seen: set[frozenset[CompetitorId]] = set()
        for first, second, reason, note in self.pairs:
            rec = add_constraint(state, first, second, reason, ctx.now, self.actor, note)
            key = frozenset((first, second))
            if key in seen:
                raise ConflictError(
                    "competitors {first} and {second} are already kept apart",
                    first=first,
                    second=second,
                )
            seen.add(key)
            made.append(rec)
        return made
