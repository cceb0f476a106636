"""A round's steps as command values: seated (drawn, again on corrected standings, edited by
hand), published, its standings published, its complaints lodged and decided (FIBAS art. 4,
19-21, 38-39)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.errors import ArbitroError
from arbitro.tournament.commands.command import Context, NoOutcome, last_seq
from arbitro.tournament.commands.rounds import (
    lodge_complaint,
    publish_seating,
    publish_standings,
    resolve_complaint,
    seat,
)
from arbitro.tournament.commands.seating_edit import move_competitor, swap_competitors
from arbitro.tournament.commands.sheets import correct_sheet
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, Movement, TableSeating
from arbitro.tournament.records import Record, SheetCorrected
from arbitro.tournament.seating_changes import SeatingChanged, seating_changes


@dataclass(frozen=True, slots=True)
class Seat(NoOutcome):
    """Seat a round. A draw uses ``seed`` if given, the event's seed if it was created with
    one, else a fresh seed from a secure source; the record keeps it (FIBAS art. 4:
    "sorteggio")."""

    round_number: int
    movement: Movement | None = None
    seed: int | None = None
    arbiter_tables: tuple[TableSeating, ...] | None = None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The seating's record."""
        return [
            seat(
                state,
                self.round_number,
                ctx.now,
                movement=self.movement,
                seed=ctx.draw_seed(self.seed, state.config.seed),
                arbiter_tables=self.arbiter_tables,
                actor=self.actor,
            )
        ]


@dataclass(frozen=True, slots=True)
class Redraw(NoOutcome):
    """Draw an unpublished seating again, with its movement and seed, on the corrected
    standings (FIBAS art. 21 a), once the director confirms."""

    round_number: int
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The new seating's record."""
        r = state.round(self.round_number)
        if r.seating is None or r.movement is None:
            raise ArbitroError("round {round} is not seated yet", round=self.round_number)
        return [
            seat(
                state,
                self.round_number,
                ctx.now,
                movement=r.movement,
                seed=r.seed,
                actor=self.actor,
            )
        ]


@dataclass(frozen=True, slots=True)
class PublishSeating(NoOutcome):
    """Publish a round's seating (FIBAS art. 4, art. 21 b: from then on it stands). With
    ``seen``, the round's version the director looked at: refused with the tables that
    differ (:class:`SeatingChanged`) when the round was seated again or edited since and its
    tables are no longer the ones seen (issue 29)."""

    round_number: int
    actor: str = "director"
    seen: int | None = None

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The publication's record."""
        n, seen = self.round_number, self.seen
        if seen is not None and seen != state.round(n).version:
            changes = seating_changes(ctx.earlier(seen), state, n)
            if changes:
                raise SeatingChanged(n, changes)
            return [publish_seating(state, n, ctx.now, self.actor)]  # the same tables
        return [publish_seating(state, n, ctx.now, self.actor, seen=seen)]


@dataclass(frozen=True, slots=True)
class SwapSeats:
    """Swap two competitors in the round's unpublished seating (FIBAS art. 4;
    docs/rulings.md, "Seating by hand"); answers the edit's seq (to cancel it)."""

    round_number: int
    first: CompetitorId
    second: CompetitorId
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The edit's record."""
        return [
            swap_competitors(state, self.round_number, self.first, self.second, ctx.now, self.actor)
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The edit's seq."""
        return last_seq(records)


@dataclass(frozen=True, slots=True)
class MoveSeat:
    """Move a competitor to a table and line of the round's unpublished seating (the line's
    occupant takes its place; the table after the last is a new one, FIBAS art. 37); answers
    the edit's seq (to cancel it)."""

    round_number: int
    competitor: CompetitorId
    table: int
    line: str
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The edit's record."""
        return [
            move_competitor(
                state,
                self.round_number,
                self.competitor,
                self.table,
                self.line,
                ctx.now,
                self.actor,
            )
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The edit's seq."""
        return last_seq(records)


@dataclass(frozen=True, slots=True)
class PublishStandings(NoOutcome):
    """Publish a round's standings (provisional during the complaints window, FIBAS art.
    39); with ``seen``, only while the round is the version the director saw."""

    round_number: int
    actor: str = "director"
    seen: int | None = None

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The publication's record."""
        return [publish_standings(state, self.round_number, ctx.now, self.actor, seen=self.seen)]


@dataclass(frozen=True, slots=True)
class LodgeComplaint:
    """Lodge a complaint (FIBAS art. 39); answers its number (its record's seq)."""

    round_number: int
    competitor: CompetitorId
    text: str
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The complaint's record."""
        return [
            lodge_complaint(
                state, self.round_number, self.competitor, self.text, ctx.now, self.actor
            )
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The complaint's number."""
        return last_seq(records)


@dataclass(frozen=True, slots=True)
class ResolveComplaint(NoOutcome):
    """Settle a complaint (FIBAS art. 38)."""

    round_number: int
    complaint: int
    decision: str | None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The settlement's record."""
        return [
            resolve_complaint(
                state, self.round_number, self.complaint, self.decision, ctx.now, self.actor
            )
        ]


@dataclass(frozen=True, slots=True)
class DecideComplaint:
    """Accept or reject a complaint about a round's standings (FIBAS art. 38-39). Accepted
    with ``table``: the table acknowledged scores written on the wrong lines, and its sheet
    is corrected (art. 21) in the same step, before the complaint is settled, so that the
    correction counts in the standings of the round the complaint concerns. Answers the
    round the correction counts from (None without a correction)."""

    round_number: int
    complaint: int
    decision: str | None
    accepted: bool
    table: int | None = None
    by_arbiter: bool = False
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The correction (if any), then the settlement."""
        made = []
        if self.accepted and self.table is not None:
            made.append(
                correct_sheet(
                    state,
                    self.round_number,
                    self.table,
                    ctx.now,
                    kind="inverted",
                    reason=self.decision,
                    table_agrees=True,
                    by_arbiter=self.by_arbiter,
                    actor=self.actor,
                    complaint=self.complaint,
                )
            )
        made.append(
            resolve_complaint(
                state,
                self.round_number,
                self.complaint,
                self.decision,
                ctx.now,
                self.actor,
                accepted=self.accepted,
            )
        )
        return made

    def outcome(self, records: Sequence[Record], state: EventState) -> int | None:
        """The round the correction counts from, or None."""
        first = records[0].body
        return first.effective_round if isinstance(first, SheetCorrected) else None
