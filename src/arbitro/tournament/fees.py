"""The entry fees of an event of rounds, as the desk's check-in and the cash summary show
them: what each competitor owes and has paid, and the totals expected and collected.

The fee is per competitor — the pair, the team, or the player of an individual event — as
the only code that names one says ("Quota di iscrizione € 4 a coppia", Briscola premessa);
see docs/rulings.md, "Entry fees". A competitor owes the fee if it plays at least one round:
a pair withdrawn at the check-in (FIBAS art. 36) owes nothing; a late entry (FIBAS art. 37,
Scala 40 art. 26) owes it like the others."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from arbitro.i18n import Message, msg
from arbitro.money import euros
from arbitro.tournament.event import Competitor, EventState, Payment
from arbitro.tournament.model import CompetitorId, EventFormat
from arbitro.tournament.records import PaymentMethod


class FeeStatus(StrEnum):
    """Where a competitor stands with its entry fee."""

    PAID = "paid"  # paid at least what it owes (and something)
    PARTIAL = "partial"  # paid part of it
    UNPAID = "unpaid"  # owes the fee, paid nothing
    NOTHING_DUE = "nothing-due"  # owes nothing (no fee, or it plays no round), paid nothing


STATUS_NAMES = {
    FeeStatus.PAID: Message("paid"),
    FeeStatus.PARTIAL: Message("partly paid"),
    FeeStatus.UNPAID: Message("not paid"),
    FeeStatus.NOTHING_DUE: Message("nothing due"),
}
"""How the desk, the CLI and the printout name each status."""

METHOD_NAMES = {PaymentMethod.CASH: Message("cash"), PaymentMethod.OTHER: Message("other")}
"""How a payment was made, as the pages name it."""


def fee_phrase(event_format: EventFormat, cents: int) -> Message:
    """The fee as the page and the printout say it: "€ 4,00 per pair" (per team, per
    player), or "no entry fee"."""
    if cents <= 0:
        return Message("no entry fee")
    fee = euros(cents)
    if event_format is EventFormat.TEAMS:
        return msg("€ {fee} per team", fee=fee)
    if event_format is EventFormat.INDIVIDUAL:
        return msg("€ {fee} per player", fee=fee)
    return msg("€ {fee} per pair", fee=fee)


@dataclass(frozen=True, slots=True)
class FeeRow:
    """One competitor's entry fee: what it owes, what it paid and how, by whom taken."""

    competitor: CompetitorId
    name: str
    players: tuple[str, ...]
    plays: bool
    due_cents: int
    payments: tuple[Payment, ...]

    @property
    def paid_cents(self) -> int:
        """The sum of its payments."""
        return sum(p.amount_cents for p in self.payments)

    @property
    def owed_cents(self) -> int:
        """What it still owes (0 once paid)."""
        return max(0, self.due_cents - self.paid_cents)

    @property
    def status(self) -> FeeStatus:
        """Paid, partly paid, unpaid, or nothing due."""
        paid = self.paid_cents
        if paid > 0 and paid >= self.due_cents:
            return FeeStatus.PAID
        if paid > 0:
            return FeeStatus.PARTIAL
        return FeeStatus.UNPAID if self.due_cents > 0 else FeeStatus.NOTHING_DUE


@dataclass(frozen=True, slots=True)
class CashSummary:
    """The desk's cash at the end: every competitor's fee, and the totals."""

    fee_cents: int
    rows: tuple[FeeRow, ...]

    @property
    def expected_cents(self) -> int:
        """The fees due: the fee times the competitors who play."""
        return sum(r.due_cents for r in self.rows)

    @property
    def collected_cents(self) -> int:
        """Everything paid."""
        return sum(r.paid_cents for r in self.rows)

    def collected_by(self, method: PaymentMethod) -> int:
        """What was paid in cash, or otherwise."""
        return sum(p.amount_cents for r in self.rows for p in r.payments if p.method is method)

    @property
    def missing_cents(self) -> int:
        """What the competitors who play still owe."""
        return sum(r.owed_cents for r in self.rows)

    @property
    def playing(self) -> int:
        """How many competitors play (and so owe the fee)."""
        return sum(1 for r in self.rows if r.plays)

    @property
    def paid(self) -> int:
        """How many competitors who play have paid their fee in full."""
        return sum(1 for r in self.rows if r.plays and r.status is FeeStatus.PAID)

    @property
    def unpaid(self) -> tuple[FeeRow, ...]:
        """The competitors who play and still owe something, in registration order."""
        return tuple(r for r in self.rows if r.owed_cents > 0)


def plays(competitor: Competitor) -> bool:
    """True if the competitor plays at least one round: not withdrawn (or expelled, or
    abandoned) before the round it joins."""
    gone = competitor.withdrawn_from_round
    return gone is None or gone > competitor.joined_round


def fee_row(state: EventState, competitor: CompetitorId) -> FeeRow:
    """One competitor's entry fee: owed if it plays, its payments not cancelled."""
    comp = state.competitor(competitor)
    playing = plays(comp)
    return FeeRow(
        comp.number,
        comp.name,
        comp.players,
        playing,
        state.entry_fee_cents if playing else 0,
        tuple(p for p in state.payments.values() if p.competitor == competitor),
    )


def cash_summary(state: EventState) -> CashSummary:
    """Every competitor's entry fee, in registration order, and the totals."""
    by_competitor: dict[CompetitorId, list[Payment]] = {}
    for p in state.payments.values():
        by_competitor.setdefault(p.competitor, []).append(p)
    fee = state.entry_fee_cents
    rows = []
    for comp in state.competitors.values():
        playing = plays(comp)
        rows.append(
            FeeRow(
                comp.number,
                comp.name,
                comp.players,
                playing,
                fee if playing else 0,
                tuple(by_competitor.get(comp.number, ())),
            )
        )
    return CashSummary(fee, tuple(rows))
