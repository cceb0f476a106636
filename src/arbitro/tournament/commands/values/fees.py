"""The entry fees as command values: the fee set, paid, a payment undone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.commands.fees import pay, set_fee, unpay
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import FeePaid, PaymentMethod, Record


@dataclass(frozen=True, slots=True)
class SetFee(NoOutcome):
    """Set or change the entry fee per competitor before round 1 is seated."""

    cents: int
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The fee's record."""
        return [set_fee(state, self.cents, ctx.now, self.actor)]


@dataclass(frozen=True, slots=True)
class Pay:
    """Record the entry fee paid by each competitor (``amount`` cents, or what each still
    owes); answers the total taken."""

    competitors: Sequence[CompetitorId]
    amount: int | None = None
    method: PaymentMethod = PaymentMethod.CASH
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """One payment per competitor that owes."""
        return pay(state, self.competitors, ctx.now, self.amount, self.method, self.actor)

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The total taken, in cents."""
        return sum(r.body.amount_cents for r in records if isinstance(r.body, FeePaid))


@dataclass(frozen=True, slots=True)
class Unpay(NoOutcome):
    """Undo a competitor's last payment (a cancellation, with the reason)."""

    competitor: CompetitorId
    reason: str | None = None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The cancellation of the payment."""
        return [unpay(state, self.competitor, ctx.now, self.reason, self.actor)]
