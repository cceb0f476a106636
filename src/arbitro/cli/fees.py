"""CLI: entry fees of an event of rounds — set the fee per competitor before round 1, record
who paid at the desk (or undo a payment), and the cash summary at the end, as text, JSON or a
PDF (docs/rulings.md, "Entry fees")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli import words
from arbitro.cli.common import EventArg, JsonOpt, emit, errors, lang, service
from arbitro.errors import ArbitroError
from arbitro.i18n import _, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import money
    from arbitro.printouts import cash as printouts_cash
    from arbitro.printouts import labels
    from arbitro.tournament import fees, records
    from arbitro.tournament.commands import values
    from arbitro.tournament.event import EventState
    from arbitro.tournament.fees import CashSummary
else:
    # Loaded on first use: the command line's start-up (issue 14).
    money = lazy_module("arbitro.money")
    printouts_cash = lazy_module("arbitro.printouts.cash")
    labels = lazy_module("arbitro.printouts.labels")
    fees = lazy_module("arbitro.tournament.fees")
    records = lazy_module("arbitro.tournament.records")
    values = lazy_module("arbitro.tournament.commands.values")


def summary_data(summary: CashSummary) -> dict[str, Any]:
    """The cash summary as JSON: every competitor's fee and payments, and the totals."""
    return {
        "fee_cents": summary.fee_cents,
        "competitors": [
            {
                "competitor": r.competitor,
                "name": r.name,
                "plays": r.plays,
                "due_cents": r.due_cents,
                "paid_cents": r.paid_cents,
                "status": r.status.value,
                "payments": [
                    {
                        "seq": p.seq,
                        "amount_cents": p.amount_cents,
                        "method": p.method.value,
                        "by": p.actor,
                        "at": p.at.isoformat(),
                    }
                    for p in r.payments
                ],
            }
            for r in summary.rows
        ],
        "playing": summary.playing,
        "paid": summary.paid,
        "expected_cents": summary.expected_cents,
        "collected_cents": summary.collected_cents,
        "cash_cents": summary.collected_by(records.PaymentMethod.CASH),
        "other_cents": summary.collected_by(records.PaymentMethod.OTHER),
        "missing_cents": summary.missing_cents,
        "unpaid": [r.competitor for r in summary.unpaid],
    }


def summary_text(state: EventState) -> str:
    """The cash summary as the terminal shows it: the fee, one line per competitor, totals."""
    s = fees.cash_summary(state)
    lines = [
        _("Entry fee: {fee}", fee=render(fees.fee_phrase(state.config.event_format, s.fee_cents)))
    ]
    for r in s.rows:
        how = ", ".join(
            f"€ {money.euros(p.amount_cents)} {render(fees.METHOD_NAMES[p.method])} ({words.actor(p.actor)})"
            for p in r.payments
        )
        lines.append(
            f"{r.competitor:>4}  {r.name:<30} {render(fees.STATUS_NAMES[r.status]):<17} {how}".rstrip()
        )
    lines += [
        _(
            "Paid: {paid} of {total} · collected € {collected}",
            paid=s.paid,
            total=s.playing,
            collected=money.euros(s.collected_cents),
        ),
        _(
            "Expected € {expected} · cash € {cash} · otherwise € {other} · still owed € {missing}",
            expected=money.euros(s.expected_cents),
            cash=money.euros(s.collected_by(records.PaymentMethod.CASH)),
            other=money.euros(s.collected_by(records.PaymentMethod.OTHER)),
            missing=money.euros(s.missing_cents),
        ),
    ]
    return "\n".join(lines)


def _amount(text: str | None) -> int | None:
    return None if text is None else money.parse_euros(text)


def register(app: typer.Typer) -> None:
    """Add ``fee``, ``pay`` and ``cash`` to ``app``."""

    @app.command("fee", help=_("Set the entry fee per competitor (before round 1)."))
    def fee(
        event_id: EventArg,
        amount: Annotated[str, typer.Argument(help=_("Euros, e.g. 10 or 10,00 (0: no fee)"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Set or change the entry fee per competitor while checking in (FIBAS art. 4)."""
        with errors(json_out):
            cents = money.parse_euros(amount)
            svc = service()
            svc.run(event_id, values.SetFee(cents))
            emit({"fee_cents": cents}, _("Entry fee: € {fee}", fee=money.euros(cents)), json_out)

    @app.command("pay", help=_("Record the entry fee paid by competitors."))
    def pay(
        event_id: EventArg,
        numbers: Annotated[list[int], typer.Argument(help=_("Competitor numbers"))],
        amount: Annotated[
            str | None,
            typer.Option("--amount", help=_("Euros paid by each (default: what each owes)")),
        ] = None,
        other: Annotated[
            bool, typer.Option("--other", help=_("Paid otherwise than in cash (transfer, card)"))
        ] = False,
        undo: Annotated[
            bool, typer.Option("--undo", help=_("Undo the last payment of each"))
        ] = False,
        reason: Annotated[str | None, typer.Option(help=_("Why the payment is undone"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Record who paid at the desk; ``--undo`` cancels a payment taken by mistake."""
        with errors(json_out):
            svc = service()
            if undo:
                for n in numbers:
                    svc.run(event_id, values.Unpay(n, reason))
            else:
                method = records.PaymentMethod.OTHER if other else records.PaymentMethod.CASH
                svc.run(event_id, values.Pay(numbers, _amount(amount), method))
            state = svc.state(event_id)
            emit(summary_data(fees.cash_summary(state)), summary_text(state), json_out)

    @app.command("cash", help=_("The cash summary of the entry fees."))
    def cash(
        event_id: EventArg,
        pdf: Annotated[
            Path | None, typer.Option("--pdf", help=_("Also write the printout to this PDF file"))
        ] = None,
        language: Annotated[
            str | None, typer.Option("--lang", help=_("Language of the printout: it | en"))
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Who paid what, who did not, the total expected and collected."""
        with errors(json_out):
            state = service().state(event_id)
            if pdf is not None:
                data = printouts_cash.cash_pdf(state, lang=labels.check_lang(language or lang()))
                try:
                    pdf.write_bytes(data)
                except OSError as exc:
                    raise ArbitroError(
                        "cannot write {file}: {reason}", file=str(pdf), reason=exc.strerror
                    ) from None
            emit(summary_data(fees.cash_summary(state)), summary_text(state), json_out)
