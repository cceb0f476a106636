"""Entry fees of an event of rounds: the director sets the fee per competitor before round 1
(while checking in, FIBAS art. 4), and records each payment at the desk; a payment taken by
mistake is cancelled like any action (docs/rulings.md, "Entry fees")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_
from arbitro.money import MAX_FEE_CENTS, euros
from arbitro.tournament.commands.cancel import cancel
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.event import EventState
from arbitro.tournament.fees import fee_row
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import EntryFeeSet, FeePaid, PaymentMethod, Record

UNDONE = N_("payment undone at the desk")
"""The reason of a payment cancelled by the desk's «Undo» (one click, as the check-in's)."""


def set_fee(state: EventState, cents: int, now: datetime, actor: str = "director") -> Record:
    """Set or change the entry fee per competitor (cents, 0 for none): only before round 1
    is seated, while the check-in is taken (FIBAS art. 4), so that every competitor of the
    evening is asked the same."""
    if not state.check_in_open:
        raise ArbitroError(
            "the entry fee is set before round 1 is seated", article=state.code.cite("seating")
        )
    if not 0 <= cents <= MAX_FEE_CENTS:
        raise ArbitroError(
            "the entry fee must be between € 0 and € {most}", most=euros(MAX_FEE_CENTS)
        )
    if cents == state.entry_fee_cents:
        raise ConflictError("the entry fee is already € {fee}", fee=euros(cents))
    return make_record(EntryFeeSet(cents), now, actor)


def pay(
    state: EventState,
    competitors: Sequence[CompetitorId],
    now: datetime,
    amount: int | None = None,
    method: PaymentMethod = PaymentMethod.CASH,
    actor: str = "director",
) -> list[Record]:
    """Record the payment of each competitor's entry fee, one record each: ``amount`` cents,
    or what it still owes of the event's fee. Refused for a competitor who has already paid
    what it owes (a second click), and without an amount when nothing is owed (no fee, or a
    competitor withdrawn before playing, FIBAS art. 36)."""
    if not competitors:
        raise ArbitroError("give the competitors who paid")
    if amount is not None and not 0 < amount <= MAX_FEE_CENTS:
        raise ArbitroError(
            "the amount must be more than € 0 and at most € {most}", most=euros(MAX_FEE_CENTS)
        )
    out: list[Record] = []
    for number in dict.fromkeys(competitors):
        row = fee_row(state, number)
        if row.paid_cents > 0 and row.paid_cents >= row.due_cents:
            raise ConflictError(
                "«{name}» has already paid € {paid}", name=row.name, paid=euros(row.paid_cents)
            )
        cents = amount if amount is not None else row.owed_cents
        if cents <= 0:
            raise ArbitroError("«{name}» owes no entry fee: give the amount", name=row.name)
        out.append(make_record(FeePaid(number, cents, method), now, actor))
    return out


def unpay(
    state: EventState,
    competitor: CompetitorId,
    now: datetime,
    reason: str | None = None,
    actor: str = "director",
) -> Record:
    """Undo a competitor's last payment: a cancellation of its record, with ``reason`` (the
    desk's «Undo» gives :data:`UNDONE`); the payment stays in the log."""
    comp = state.competitor(competitor)
    seqs = [seq for seq, p in state.payments.items() if p.competitor == competitor]
    if not seqs:
        raise NotFoundError("«{name}» has no payment to undo", name=comp.name)
    return cancel(state, max(seqs), reason or UNDONE, now, actor)
