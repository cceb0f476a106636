"""The cash summary at the end of the evening, on A4: each competitor's entry fee — what it
owed, what it paid, how, and who took it — then the totals expected and collected (cash and
otherwise) and who has not paid, with a line for the director's signature. The fee is per
competitor (docs/rulings.md, "Entry fees"); a pair withdrawn at the check-in owes nothing
(FIBAS art. 36)."""

from __future__ import annotations

from reportlab.platypus import Flowable

from arbitro.i18n import actor_label, message, ngettext
from arbitro.money import euros
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import INK, MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note, spacer
from arbitro.tournament.event import EventState
from arbitro.tournament.fees import (
    METHOD_NAMES,
    STATUS_NAMES,
    FeeStatus,
    cash_summary,
    fee_phrase,
)
from arbitro.tournament.records import PaymentMethod

WIDTH = PAGE[0] - 2 * MARGIN


def cash_pdf(state: EventState, *, lang: str = "it") -> bytes:
    """The cash summary of the event's entry fees on A4: one row per competitor (number,
    name, owed, paid, how, taken by, status), the totals expected, collected in cash and
    otherwise, still missing, and who has not paid."""
    check_lang(lang)
    summary = cash_summary(state)
    title = tr(message("Cash summary — entry fees"), lang)
    fee = tr(fee_phrase(state.config.event_format, summary.fee_cents), lang)
    story: list[Flowable] = [
        note(state.config.name, 12),
        heading(title, 20),
        note(tr(message("Entry fee: {fee}", fee=fee), lang), 11, INK),
        spacer(6),
    ]
    rows: list[list[object]] = [
        [
            tr(message("No."), lang),
            tr(message("Competitor"), lang),
            tr(message("Owed"), lang),
            tr(message("Paid"), lang),
            tr(message("How"), lang),
            tr(message("Taken by"), lang),
            tr(message("Status"), lang),
        ]
    ]
    for r in summary.rows:
        methods = ", ".join(dict.fromkeys(tr(METHOD_NAMES[p.method], lang) for p in r.payments))
        takers = ", ".join(dict.fromkeys(tr(actor_label(p.actor), lang) for p in r.payments))
        name = r.name if r.plays else tr(message("{name} (withdrawn)", name=r.name), lang)
        status = tr(STATUS_NAMES[r.status], lang)
        if r.status is FeeStatus.PARTIAL:  # what is missing says it better than "partly"
            status = tr(message("€ {owed} missing", owed=euros(r.owed_cents)), lang)
        rows.append(
            [
                str(r.competitor),
                cell(name, 11, bold=True),
                euros(r.due_cents) if r.due_cents else "—",
                euros(r.paid_cents) if r.paid_cents else "",
                cell(methods, 10),
                cell(takers, 10),
                cell(status, 10, bold=r.status in (FeeStatus.UNPAID, FeeStatus.PARTIAL)),
            ]
        )
    widths = [30.0, 0.0, 54.0, 54.0, 56.0, 76.0, 110.0]
    if not any(r.payments for r in summary.rows):
        # No payment yet: "how" and "taken by" would be empty columns that squeeze the names
        # into two lines (issue 28); the names take their room.
        rows = [row[:4] + row[6:] for row in rows]
        widths = widths[:4] + widths[6:]
    widths[1] = WIDTH - sum(widths)
    story.append(list_table(rows, widths, size=11, right_columns=[0, 2, 3]))
    story.append(spacer(10))
    totals: list[list[object]] = [
        [tr(message("Totals"), lang), tr(message("Amount (€)"), lang)],
        [
            tr(
                ngettext(
                    "Expected ({count} competitor playing)",
                    "Expected ({count} competitors playing)",
                    summary.playing,
                ),
                lang,
            ),
            euros(summary.expected_cents),
        ],
        [tr(message("Collected in cash"), lang), euros(summary.collected_by(PaymentMethod.CASH))],
        [
            tr(message("Collected otherwise"), lang),
            euros(summary.collected_by(PaymentMethod.OTHER)),
        ],
        [cell(tr(message("Collected"), lang), 12, bold=True), euros(summary.collected_cents)],
        [tr(message("Still owed"), lang), euros(summary.missing_cents)],
    ]
    story.append(list_table(totals, [WIDTH - 110, 110], size=12, right_columns=[1]))
    unpaid = summary.unpaid
    if unpaid:
        names = ", ".join(f"{r.competitor} {r.name} (€\u00a0{euros(r.owed_cents)})" for r in unpaid)
        story.append(note(tr(message("Not paid: {competitors}", competitors=names), lang), 11, INK))
    else:
        story.append(note(tr(message("Every competitor playing has paid."), lang), 11, INK))
    story += [
        spacer(28),
        note(
            tr(message("The Tournament Director"), lang) + "  ____________________________", 11, INK
        ),
    ]
    return build_document(f"{state.config.name} — {title}", story, lang=lang, footer=title)
