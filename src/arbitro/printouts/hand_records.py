"""The hand records of a round's digital tables (issue 32: after the session, hand records
printed), A4, Italian or English, for any game: per table and deal, the hands as dealt laid
out round the table (North at the top, as a bridge hand record), the dealer, the moves in
order in words, then the melds on the table, the cards left in hand and the deal's score,
and last the full position as dealt in the engine's notation (the stock and the face-down
packets, for the arbiter). The deal's record is
:func:`arbitro.tournament.digital.hand_record.deal_record`'s; this module lays it out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table, TableStyle

from arbitro.errors import ArbitroError
from arbitro.i18n import message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import FONT, FONT_BOLD, MARGIN, MUTED, PAGE, RULE, register_fonts
from arbitro.printouts.tables import build_document, heading, note, spacer
from arbitro.services.digital_desk import round_tables
from arbitro.tournament.digital.hand_record import DealRecord, Face, Piece, finished_records
from arbitro.tournament.event import EventState

WIDTH = PAGE[0] - 2 * MARGIN
RED = "#C8102E"


def _style(size: float, *, bold: bool = False, color: Any = RULE) -> ParagraphStyle:
    register_fonts()
    return ParagraphStyle(
        "hand",
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=size * 1.25,
        textColor=color,
    )


def markup(pieces: Sequence[Piece]) -> str:
    """Cards and words as paragraph markup, a red card in red, a space between them; a dash
    when there is nothing."""
    shown = []
    for piece in pieces:
        text = escape(piece.text if isinstance(piece, Face) else piece)
        red = isinstance(piece, Face) and piece.red
        shown.append(f'<font color="{RED}">{text}</font>' if red else text)
    return " ".join(shown) or "—"


def _deal(table: int, r: DealRecord, lang: str) -> list[Flowable]:
    small, body, bold = _style(7.5), _style(8.5), _style(8.5, bold=True)
    title = tr(message("Table {table}, deal {deal}", table=table, deal=r.deal), lang)
    facts = [r.moves_said]
    if r.dealer:
        facts.insert(0, tr(message("dealer: {seat}", seat=r.dealer), lang))

    grid: list[list[Any]] = [["", "", ""] for _ in range(3)]
    for h in r.hands:
        row, col = h.place
        grid[row][col] = Paragraph(
            f"<b>{escape(h.name)}</b> ({len(h.cards)})<br/>{markup(h.cards)}", body
        )
    if r.pile:
        pile = escape(tr(message("Discard pile"), lang))
        grid[1][1] = Paragraph(f"{pile}<br/>{markup(r.pile)}", small)
    hands = Table(grid, colWidths=[WIDTH / 3] * 3)
    hands.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))

    per_row = 3
    entries: list[Any] = [
        Paragraph(f"<b>{m.n}.</b> {escape(m.seat)} {markup(m.words)}", small) for m in r.moves
    ]
    entries += [""] * (-len(entries) % per_row)
    rows = [entries[i : i + per_row] for i in range(0, len(entries), per_row)]
    moves = Table(rows or [[""] * per_row], colWidths=[WIDTH / per_row] * per_row)
    moves.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])
    )

    end: list[list[Any]] = []
    for label, melds in r.melds:
        shown = " · ".join(markup(m) for m in melds) or "—"
        end.append([Paragraph(escape(label), bold), Paragraph(shown, body)])
    for h in r.left:
        left = tr(message("Left in hand: {seat}", seat=h.name), lang)
        end.append([Paragraph(escape(left), bold), Paragraph(markup(h.cards), body)])
    for label, value in r.scores:
        end.append([Paragraph(escape(label), bold), Paragraph(escape(value), body)])
    ending = Table(end, colWidths=[WIDTH * 0.3, WIDTH * 0.7])
    ending.setStyle(
        TableStyle(
            [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, MUTED)]
        )
    )
    return [
        KeepTogether(
            [
                heading(title, 14),
                note(" · ".join(facts), 9),
                note(tr(message("As dealt"), lang), 10),
                hands,
            ]
        ),
        note(tr(message("Moves"), lang), 10),
        moves,
        KeepTogether([note(tr(message("At the end of the deal"), lang), 10), ending]),
        note(tr(message("Full position as dealt (notation)"), lang), 8),
        Paragraph(escape(r.notation), _style(6.5, color=MUTED)),
        spacer(14),
    ]


def hand_records_pdf(state: EventState, round_number: int, *, lang: str = "it") -> bytes:
    """The hand records of round ``round_number``'s digital tables: each deal played (the
    deals in play are left out: the public sees a deal once it is over), its hands as dealt
    round the table, its moves in words, its end and its score. A round without a digital
    table is refused."""
    check_lang(lang)
    state.round(round_number)
    tables = round_tables(state, round_number)
    if not tables:
        raise ArbitroError(
            "round {round} has no digital table", round=round_number, key="digital.none"
        )
    title = tr(message("Hand records — Round {round}", round=round_number), lang)
    story: list[Flowable] = [note(state.config.name, 12), heading(title, 20)]
    for t in tables:
        for record in finished_records(t, lang):
            story += _deal(t.table, record, lang)
    footer = f"{state.config.name} · {title}"
    return build_document(title, story, lang=lang, footer=footer)
