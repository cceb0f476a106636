"""The competitors' entries as command values (FIBAS art. 2, 36, 37): renamed, checked in
before round 1, withdrawn, re-admitted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.commands.setup import (
    check_in,
    check_in_all,
    readmit,
    rename,
    withdraw,
    withdraw_absent,
)
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import CompetitorWithdrawn, Record


@dataclass(frozen=True, slots=True)
class Rename(NoOutcome):
    """Rename a competitor and, if ``players`` is given, change its players; ``reason`` is
    kept on the record (the registry's anonymisation says why)."""

    competitor: CompetitorId
    name: str
    players: Sequence[str] | None = None
    actor: str = "director"
    reason: str | None = None

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The renaming's record (FIBAS art. 2)."""
        made = rename(state, self.competitor, self.name, ctx.now, self.actor, self.players)
        return [made if self.reason is None else replace(made, reason=self.reason)]


@dataclass(frozen=True, slots=True)
class CheckIn(NoOutcome):
    """Mark competitors present (or absent again) at the check-in before round 1."""

    competitors: Sequence[CompetitorId]
    present: bool = True
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """One record per competitor whose presence changes (FIBAS art. 36)."""
        return check_in(state, self.competitors, ctx.now, self.present, self.actor)


@dataclass(frozen=True, slots=True)
class CheckInAll:
    """Mark every competitor playing round 1 present; answers how many were marked."""

    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """One record per competitor not yet present (FIBAS art. 36)."""
        return check_in_all(state, ctx.now, self.actor)

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """How many competitors were marked present."""
        return len(records)


@dataclass(frozen=True, slots=True)
class WithdrawAbsent:
    """Withdraw every competitor not checked in; answers their numbers (FIBAS art. 36)."""

    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """One withdrawal per competitor absent at the check-in."""
        return withdraw_absent(state, ctx.now, self.actor)

    def outcome(self, records: Sequence[Record], state: EventState) -> list[CompetitorId]:
        """The numbers of the competitors withdrawn."""
        return [r.body.competitor for r in records if isinstance(r.body, CompetitorWithdrawn)]


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Withdraw a competitor; answers the first round it no longer plays (FIBAS art. 36)."""

    competitor: CompetitorId
    reason: str | None = None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The withdrawal's record."""
        return [withdraw(state, self.competitor, ctx.now, self.reason, self.actor)]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The first round the competitor no longer plays."""
        body = records[0].body
        assert isinstance(body, CompetitorWithdrawn)
        return body.from_round


@dataclass(frozen=True, slots=True)
class Readmit(NoOutcome):
    """Re-admit a withdrawn competitor (its withdrawal cancelled, with the reason); a late
    pair is seated at round 1's incomplete table (FIBAS art. 37)."""

    competitor: CompetitorId
    reason: str | None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The cancellation of the withdrawal and, for a late pair, its seat."""
        return readmit(state, self.competitor, self.reason, ctx.now, self.actor)
