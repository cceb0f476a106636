"""The pairs that must not meet, as the event holds them, and the report of a seating that
could not keep them apart (FIBAS art. 4 "Assegnazione del tavolo").

The report is computed from the seating and the constraints in force (not stored with the
seating): a constraint added or cancelled after a round was seated shows, or stops showing,
on that round's pages at once, and files written before constraints existed need nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.i18n import Message, msg
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, Seating
from arbitro.tournament.movements.constraints import Meeting, unkept
from arbitro.tournament.records import ConstraintAdded, ConstraintReason

REASON_NAMES: dict[ConstraintReason, Message] = {
    ConstraintReason.CLUB: Message("same club"),
    ConstraintReason.FAMILY: Message("family"),
    ConstraintReason.DIRECTOR: Message("director's list"),
}
"""How each reason reads on the desk, the seating and the CLI."""


@dataclass(frozen=True, slots=True)
class Constraint:
    """A constraint in force: its record's seq (to cancel it), the two competitors' numbers
    and names, the reason and the director's note."""

    seq: int
    first: CompetitorId
    second: CompetitorId
    first_name: str
    second_name: str
    reason: ConstraintReason
    note: str

    @property
    def reason_name(self) -> Message:
        """The reason as the pages read it."""
        return REASON_NAMES[self.reason]


def constraints(state: EventState) -> list[Constraint]:
    """The constraints in force (not cancelled), in the order they were added."""
    return [_view(state, seq, b) for seq, b in sorted(state.constraints.items())]


def _view(state: EventState, seq: int, b: ConstraintAdded) -> Constraint:
    return Constraint(
        seq,
        b.first,
        b.second,
        state.competitor(b.first).name,
        state.competitor(b.second).name,
        b.reason,
        b.note,
    )


def avoid_pairs(state: EventState) -> tuple[tuple[CompetitorId, CompetitorId], ...]:
    """The pairs a seating keeps apart where it can (art. 4)."""
    return tuple((b.first, b.second) for _seq, b in sorted(state.constraints.items()))


@dataclass(frozen=True, slots=True)
class UnkeptConstraint:
    """A constraint a round's seating does not keep: the two meet at ``table``."""

    constraint: Constraint
    table: int

    @property
    def message(self) -> Message:
        """ "Constraint not kept: Rossi–Bianchi meet at table 4 (same club)"."""
        c = self.constraint
        return msg(
            "Constraint not kept: {first}–{second} meet at table {table} ({reason})",
            first=c.first_name,
            second=c.second_name,
            table=self.table,
            reason=c.reason_name,
        )


def unkept_in(state: EventState, seating: Seating) -> list[UnkeptConstraint]:
    """The constraints in force that ``seating`` does not keep, by table (art. 4)."""
    by_pair = {frozenset((c.first, c.second)): c for c in constraints(state)}
    meetings: list[Meeting] = unkept(seating, [(c.first, c.second) for c in by_pair.values()])
    return [UnkeptConstraint(by_pair[frozenset((m.first, m.second))], m.table) for m in meetings]


def unkept_constraints(state: EventState, round_number: int) -> list[UnkeptConstraint]:
    """The constraints that round ``round_number``'s seating does not keep (none if it is not
    seated)."""
    seating = state.round(round_number).seating
    if seating is None or not state.constraints:
        return []
    return unkept_in(state, seating)
