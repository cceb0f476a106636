"""Entry fees of an event of rounds: the fee per competitor (the pair, as the only code that
names a fee prices it: "Quota di iscrizione € 4 a coppia", Briscola premessa), set before
round 1 (FIBAS art. 4, while checking in), payments as records cancelled like any action,
the absent withdrawn at the check-in owing nothing (art. 36), a late entry owing the fee
(art. 37), and the cash summary folded from the log."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from arbitro.errors import ArbitroError, ConflictError
from arbitro.money import euros, parse_euros
from arbitro.tournament import commands
from arbitro.tournament.commands.fees import UNDONE, pay, set_fee, unpay
from arbitro.tournament.commands.setup import check_in, withdraw_absent
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.fees import FeeStatus, cash_summary
from arbitro.tournament.log_check import check_log
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import (
    EntryFeeSet,
    EventCreated,
    FeePaid,
    PaymentMethod,
    Record,
    RecordCancelled,
    body_from_json,
    body_to_json,
)

NOW = datetime(2026, 11, 25, 20, 30, tzinfo=UTC)
FEE = 400  # € 4,00 a coppia (Briscola premessa)


def config(fee: int | None = FEE) -> EventConfig:
    return EventConfig(
        name="Serata",
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.DRAW, Movement.MITCHELL),
        entry_fee_cents=fee,
    )


class Event:
    """An in-memory event: commands make records, numbered and folded as the store does (a
    cancellation folds the log again, as the service does)."""

    def __init__(self, pairs: int = 4, fee: int | None = FEE) -> None:
        self.log: list[Record] = []
        self.log.append(dataclasses.replace(commands.create_event(config(fee), NOW), seq=1))
        self.state = EventState.replay("e", self.log)
        for i in range(1, pairs + 1):
            self.do(commands.register(self.state, f"Coppia {i}", [f"G{i}a", f"G{i}b"], NOW))

    def do(self, made: Record | list[Record]) -> list[Record]:
        out = []
        for rec in made if isinstance(made, list) else [made]:
            rec = dataclasses.replace(rec, seq=len(self.log) + 1)
            self.log.append(rec)
            self.state.apply(rec)
            out.append(rec)
        if self.state.stale:
            self.state = EventState.replay("e", self.log)
        return out


def test_amounts_in_euros_the_italian_way() -> None:
    """An amount typed as 4, 4,50, 4.50 or € 10,00 is read in cents; shown with a comma and
    the thousands' dot; a wrong one is refused naming it."""
    assert [parse_euros(t) for t in ("4", "4,50", "4.5", "€ 10,00")] == [400, 450, 450, 1000]
    assert euros(400) == "4,00" and euros(124050) == "1.240,50"
    with pytest.raises(ArbitroError) as bad:
        parse_euros("4,555")
    assert "4,555" in bad.value.it


def test_old_event_files_have_no_fee_and_the_payload_is_unchanged() -> None:
    """An event-created record written before fees imports with no fee (0), and an event
    created without one writes exactly the keys it wrote before."""
    old = {
        "name": "Serata",
        "format": "pairs",
        "rounds": 1,
        "deals": [2],
        "movements": ["draw"],
    }
    body = body_from_json("event-created", old)
    assert isinstance(body, EventCreated) and body.entry_fee_cents is None
    assert "entry_fee_cents" not in body_to_json(config(None))
    assert body_to_json(config(1000))["entry_fee_cents"] == 1000
    assert Event(2, fee=None).state.entry_fee_cents == 0


def test_one_click_pays_the_fee_per_pair_premessa() -> None:
    """A pair's click records one payment of the fee per pair (€ 4 a coppia), cash by
    default, taken by the record's actor; the counts say who paid and what was collected."""
    ev = Event(4)
    ev.do(pay(ev.state, [1, 2], NOW, actor="cassa"))
    summary = cash_summary(ev.state)
    assert (summary.paid, summary.playing) == (2, 4)
    assert summary.collected_cents == 800 and summary.expected_cents == 1600
    assert summary.missing_cents == 800
    assert [r.competitor for r in summary.unpaid] == [3, 4]
    row = summary.rows[0]
    assert row.status is FeeStatus.PAID and row.payments[0].actor == "cassa"
    assert row.payments[0].method is PaymentMethod.CASH


def test_a_second_click_is_refused_and_a_part_payment_is_completed() -> None:
    """A pair that has paid is not charged twice; a pair that paid part of the fee pays the
    rest with the next click (the default amount is what it still owes)."""
    ev = Event(2)
    ev.do(pay(ev.state, [1], NOW))
    with pytest.raises(ConflictError) as twice:
        pay(ev.state, [1], NOW)
    assert "4,00" in twice.value.it
    ev.do(pay(ev.state, [2], NOW, amount=150, method=PaymentMethod.OTHER))
    assert cash_summary(ev.state).rows[1].status is FeeStatus.PARTIAL
    (rest,) = ev.do(pay(ev.state, [2], NOW))
    assert isinstance(rest.body, FeePaid) and rest.body.amount_cents == 250
    summary = cash_summary(ev.state)
    assert summary.rows[1].status is FeeStatus.PAID
    assert summary.collected_by(PaymentMethod.CASH) == 650
    assert summary.collected_by(PaymentMethod.OTHER) == 150


def test_undo_cancels_the_payment_record_which_stays_in_the_log() -> None:
    """«Undo» is a record-cancelled of the last payment, with the desk's reason; the payment
    no longer counts, the log keeps both, and the pair may pay again."""
    ev = Event(2)
    (paid,) = ev.do(pay(ev.state, [1], NOW))
    (undo,) = ev.do(unpay(ev.state, 1, NOW))
    assert isinstance(undo.body, RecordCancelled) and undo.body.target == paid.seq
    assert undo.reason == UNDONE
    assert cash_summary(ev.state).collected_cents == 0
    assert cash_summary(ev.state).rows[0].status is FeeStatus.UNPAID
    ev.do(pay(ev.state, [1], NOW))
    assert ev.state.paid_cents(1) == FEE
    with pytest.raises(ArbitroError):
        unpay(ev.state, 2, NOW)


def test_the_absent_withdrawn_at_check_in_owe_nothing_art36() -> None:
    """A pair withdrawn as absent at the check-in (art. 36) plays no round: nothing is due
    from it, and the expected total counts only those who play."""
    ev = Event(4)
    ev.do(check_in(ev.state, [1, 2, 3], NOW))
    ev.do(withdraw_absent(ev.state, NOW))
    summary = cash_summary(ev.state)
    assert summary.playing == 3 and summary.expected_cents == 1200
    assert summary.rows[3].status is FeeStatus.NOTHING_DUE
    with pytest.raises(ArbitroError) as nothing:
        pay(ev.state, [4], NOW)
    assert "give the amount" in nothing.value.en


def test_fee_changed_while_checking_in_and_closed_with_round_1_art4() -> None:
    """The fee may be changed before round 1 is seated (a record); a pair that paid the old
    fee then owes the difference; once round 1 is seated the fee stands (art. 4)."""
    ev = Event(4)
    ev.do(pay(ev.state, [1], NOW))
    (changed,) = ev.do(set_fee(ev.state, 500, NOW))
    assert isinstance(changed.body, EntryFeeSet) and ev.state.entry_fee_cents == 500
    assert cash_summary(ev.state).rows[0].owed_cents == 100
    with pytest.raises(ConflictError):
        set_fee(ev.state, 500, NOW)
    ev.do(commands.seat(ev.state, 1, NOW))
    with pytest.raises(ArbitroError) as closed:
        set_fee(ev.state, 600, NOW)
    assert closed.value.article is not None and closed.value.article.article == "4"
    # payments are still taken after round 1 is seated (a late entry, art. 37)
    ev.do(pay(ev.state, [2], NOW))
    assert ev.state.paid_cents(2) == 500


def test_no_fee_needs_an_amount_and_an_impossible_fee_is_refused() -> None:
    """Without a fee a payment needs its amount; a negative or huge fee is refused at
    creation and when changed."""
    ev = Event(2, fee=None)
    with pytest.raises(ArbitroError):
        pay(ev.state, [1], NOW)
    ev.do(pay(ev.state, [1], NOW, amount=1000))
    assert cash_summary(ev.state).rows[0].status is FeeStatus.PAID
    with pytest.raises(ArbitroError):
        commands.create_event(config(-1), NOW)
    with pytest.raises(ArbitroError):
        set_fee(ev.state, 10**9, NOW)
    with pytest.raises(ArbitroError):
        pay(ev.state, [2], NOW, amount=0)


def test_an_imported_log_re_decides_each_payment() -> None:
    """An event file's payments are checked as the live action: a log with fees replays to
    the same cash; a second payment of a pair already paid is refused naming the record."""
    ev = Event(3)
    ev.do(set_fee(ev.state, 1000, NOW))
    ev.do(pay(ev.state, [1, 2], NOW))
    ev.do(unpay(ev.state, 2, NOW))
    state = check_log("e", ev.log, NOW)
    assert isinstance(state, EventState)
    assert cash_summary(state).collected_cents == 1000 and state.entry_fee_cents == 1000
    twice = dataclasses.replace(ev.log[-3], seq=len(ev.log) + 1)  # pair 1 pays again
    assert isinstance(twice.body, FeePaid) and twice.body.competitor == 1
    with pytest.raises(ArbitroError) as refused:
        check_log("e", [*ev.log, twice], NOW)
    assert "fee-paid" in refused.value.en
