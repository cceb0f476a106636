"""The printouts of a *carte uguali* round (issue 16): dealing sheets, board labels, hand
records and travellers, all A4, in the language asked for (the message catalogue).

- Dealing sheets: per board, the cards of each pocket (N, E, S, W and the two pozzetti, FIBAS
  art. 6), the up-card and the stock in playing order, so that every copy of a board is made
  up alike; the cards of a pocket in the order of art. 3 (suits hearts, diamonds, clubs,
  spades; ranks jolly, 2, A, K ... 3), with the suit symbols in colour.
- Board labels: one cut-out label per board and copy (board number, round, copy, dealer).
- Hand records: each board as dealt, the four hands around a square as in a bridge hand
  record, the pozzetti and the up-card beside, for the players after the round.
- Board plan: per table, the board and copy it plays at each deal and where it hands its
  boards after each deal (art. 7); the seating list prints each table's boards too.
- Travellers: per board, every table's lines, the N-S MP, the datum and both lines'
  differences with three decimals (art. 20 "carte uguali"), and the check that the
  differences add up to zero over the field.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether

from arbitro.cards import Card
from arbitro.cards.card import Suit
from arbitro.errors import ArbitroError
from arbitro.games.core import SEATS, Seat
from arbitro.games.prepared_deals import BoardMaker, PreparedBoard
from arbitro.i18n import Message, message, ngettext
from arbitro.numbers import decimal_text
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import (
    FONT,
    FONT_BOLD,
    INK,
    MARGIN,
    MUTED,
    PAGE,
    RULE,
    SHADE,
    draw_fitted,
    new_canvas,
    text_width,
)
from arbitro.printouts.tables import build_document, cell, heading, list_table, note, spacer
from arbitro.tournament.boards import plan_next
from arbitro.tournament.scoring.comparison import Comparison, written

if TYPE_CHECKING:
    from arbitro.tournament.movements.boards import BoardPlan
    from arbitro.tournament.rules import EventRules

RED = colors.HexColor("#C8102E")
WIDTH = PAGE[0] - 2 * MARGIN
BOARDS_PER_PAGE = 2
LABEL_COLUMNS = 2
LABEL_ROWS = 5
LABEL_WIDTH = 90 * mm
LABEL_HEIGHT = 52 * mm

_SEAT_NAMES: dict[Seat, Message] = {
    Seat.N: message("North"),
    Seat.E: message("East"),
    Seat.S: message("South"),
    Seat.W: message("West"),
}


def seat_name(seat: Seat, lang: str) -> str:
    """The seat's name (North, East, South, West) in ``lang``."""
    return tr(_SEAT_NAMES[seat], lang)


# ------------------------------------------------------------------ cards in art. 3 order


def suit_rows(cards: Iterable[Card], maker: BoardMaker) -> list[tuple[Suit | None, list[str]]]:
    """The cards as rows in the order the game's boards write them (``maker``, its code's
    ``CodeSpec.boards``; FIBAS art. 3: the jolly first, then hearts, diamonds, clubs, spades,
    each suit's ranks 2, A, K ... 3); an empty suit has an empty row."""
    cards = sorted_art3(cards, maker)
    rows: list[tuple[Suit | None, list[str]]] = [
        (None, [maker.rank_text(x) for x in cards if x.suit is None])
    ]
    for suit in maker.suits():
        rows.append((suit, [maker.rank_text(x) for x in cards if x.suit is suit]))
    return rows


def sorted_art3(cards: Iterable[Card], maker: BoardMaker) -> list[Card]:
    """The cards in the order the game's boards write a hand (``maker``; FIBAS art. 3: jolly,
    then by suit H, D, C, S and rank 2, A, K ... 3)."""
    return sorted(cards, key=maker.card_key)


def _symbol_color(suit: Suit | None) -> colors.Color:
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else INK


def draw_card(
    c: Canvas, x: float, y: float, card: Card, size: float, lang: str, maker: BoardMaker
) -> float:
    """Draw one card (rank, as the game's boards write it, then its suit symbol in colour) at
    ``(x, y)``; return its width."""
    if card.suit is None:
        text = tr(message("Joker"), lang)
        c.setFont(FONT_BOLD, size)
        c.setFillColor(RED)
        c.drawString(x, y, text)
        c.setFillColor(INK)
        return text_width(text, size, True)
    rank = maker.rank_text(card)
    c.setFont(FONT_BOLD, size)
    c.setFillColor(INK)
    c.drawString(x, y, rank)
    w = text_width(rank, size, True)
    c.setFillColor(_symbol_color(card.suit))
    c.setFont(FONT, size)
    c.drawString(x + w, y, card.suit.symbol)
    c.setFillColor(INK)
    return w + text_width(card.suit.symbol, size)


def draw_hand(
    c: Canvas,
    cards: Sequence[Card],
    x: float,
    top: float,
    width: float,
    size: float,
    lang: str,
    maker: BoardMaker,
) -> float:
    """Draw a hand as five rows (jolly, ♥, ♦, ♣, ♠; art. 3 order) from ``top``; return the y
    below it. An empty row shows a dash."""
    y = top - size
    label = tr(message("Joker"), lang)
    col = max(text_width(label, size * 0.8), text_width("♥", size)) + 3
    for suit, ranks in suit_rows(cards, maker):
        if suit is None:
            c.setFont(FONT, size * 0.8)
            c.setFillColor(RED)
            c.drawString(x, y, label)
        else:
            c.setFont(FONT, size)
            c.setFillColor(_symbol_color(suit))
            c.drawString(x, y, suit.symbol)
        c.setFillColor(INK)
        text = " ".join(ranks) if ranks else "—"
        if suit is None and ranks:
            text = f"× {len(ranks)}"
        draw_fitted(c, text, x + col, y, width - col, size, bold=bool(ranks))
        y -= size * 1.3
    return y


def _header(c: Canvas, event_name: str, title: str, round_text: str) -> float:
    """The page header: the event, the printout's title and the round; the y below it."""
    top = PAGE[1] - MARGIN
    draw_fitted(c, event_name, MARGIN, top - 12, WIDTH * 0.7, 12, bold=True)
    draw_fitted(
        c, round_text, MARGIN + WIDTH * 0.7, top - 12, WIDTH * 0.3, 12, bold=True, align="right"
    )
    draw_fitted(c, title, MARGIN, top - 28, WIDTH, 14, bold=True, color=MUTED)
    c.setStrokeColor(RULE)
    c.setLineWidth(1)
    c.line(MARGIN, top - 34, PAGE[0] - MARGIN, top - 34)
    return float(top - 40)


def _footer(c: Canvas, text: str, page: int, lang: str) -> None:
    c.setFont(FONT, 8)
    c.setFillColor(MUTED)
    c.drawString(MARGIN, MARGIN / 2, text)
    c.drawRightString(PAGE[0] - MARGIN, MARGIN / 2, tr(message("Page {number}", number=page), lang))
    c.setFillColor(INK)


def _cut_line(c: Canvas, y: float) -> None:
    c.saveState()
    c.setDash(4, 4)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    c.line(8 * mm, y, PAGE[0] - 8 * mm, y)
    c.restoreState()


def _board_title(board: PreparedBoard, lang: str) -> tuple[str, str]:
    return (
        tr(message("Board {number}", number=board.number), lang),
        tr(message("Dealer: {seat}", seat=_SEAT_NAMES[board.dealer]), lang),
    )


def _pages(
    boards: Sequence[PreparedBoard],
    event_name: str,
    round_number: int,
    title: Message,
    lang: str,
    draw: Callable[[Canvas, PreparedBoard, float, float], None],
) -> bytes:
    """Two boards to an A4 page, each in its half, with the header, a cut line and the footer;
    ``draw(c, board, top, bottom)`` draws one board."""
    check_lang(lang)
    round_text = tr(message("Round {number}", number=round_number), lang)
    title_text = tr(title, lang)
    c, buf = new_canvas(f"{event_name} — {title_text} — {round_text}")
    pages = [boards[i : i + BOARDS_PER_PAGE] for i in range(0, len(boards), BOARDS_PER_PAGE)]
    for n, group in enumerate(pages or [()], start=1):
        top = _header(c, event_name, title_text, round_text)
        bottom = MARGIN + 4
        half = (top - bottom) / BOARDS_PER_PAGE
        for i, board in enumerate(group):
            t = top - i * half
            if i:
                _cut_line(c, t + 2)
            draw(c, board, t - 6, t - half + 6)
        _footer(c, f"{event_name} — {title_text} — {round_text}", n, lang)
        c.showPage()
    c.save()
    return buf.getvalue()


# ------------------------------------------------------------------ dealing sheets


def _draw_stock(
    c: Canvas, board: PreparedBoard, x: float, top: float, lang: str, maker: BoardMaker
) -> float:
    """The stock in playing order, ten cards a row, each row with its first position."""
    size = 9.5
    y = top
    per_row = 10
    step = (WIDTH - 18 * mm) / per_row
    for start in range(0, len(board.stock), per_row):
        c.setFont(FONT, 7.5)
        c.setFillColor(MUTED)
        c.drawRightString(x + 14 * mm, y, f"{start + 1}–{min(start + per_row, len(board.stock))}")
        c.setFillColor(INK)
        for k, card in enumerate(board.stock[start : start + per_row]):
            draw_card(c, x + 18 * mm + k * step, y, card, size, lang, maker)
        y -= size * 1.35
    return y


def _draw_dealing(
    c: Canvas, board: PreparedBoard, top: float, bottom: float, lang: str, maker: BoardMaker
) -> None:
    left = MARGIN
    name, dealer = _board_title(board, lang)
    draw_fitted(c, name, left, top - 16, WIDTH / 2, 18, bold=True)
    draw_fitted(c, dealer, left + WIDTH / 2, top - 16, WIDTH / 2, 12, bold=True, align="right")
    pockets: list[tuple[str, Sequence[Card]]] = [
        (seat_name(s, lang), board.hands[s]) for s in SEATS
    ]
    for k, p in enumerate(board.pozzetti, start=1):
        pockets.append((tr(message("Pozzetto {number}", number=k), lang), p))
    box_w = (WIDTH - 2 * 4 * mm) / 3
    box_h = 36 * mm
    y0 = top - 24
    for i, (label, cards) in enumerate(pockets):
        row, col = divmod(i, 3)
        bx = left + col * (box_w + 4 * mm)
        by = y0 - (row + 1) * box_h - row * 3 * mm
        c.setStrokeColor(RULE)
        c.setLineWidth(0.8)
        c.setFillColor(SHADE)
        c.rect(bx, by + box_h - 16, box_w, 16, stroke=0, fill=1)
        c.setFillColor(INK)
        c.rect(bx, by, box_w, box_h, stroke=1, fill=0)
        count = tr(message("{count} cards", count=len(cards)), lang)
        draw_fitted(c, label, bx + 5, by + box_h - 12, box_w * 0.6, 10.5, bold=True)
        draw_fitted(
            c,
            count,
            bx + box_w * 0.6,
            by + box_h - 12,
            box_w * 0.4 - 5,
            8.5,
            align="right",
            color=MUTED,
        )
        draw_hand(c, cards, bx + 6, by + box_h - 19, box_w - 12, 11, lang, maker)
    y = y0 - 2 * box_h - 3 * mm - 14
    up = tr(message("Up-card (the stock's first card, turned at the arbiter's signal)"), lang)
    draw_fitted(c, up, left, y, WIDTH - 20 * mm, 9.5, bold=True)
    draw_card(c, left + WIDTH - 15 * mm, y, board.up_card, 12, lang, maker)
    y -= 15
    stock = tr(
        message("Stock under the up-card, top first ({count} cards)", count=len(board.stock)),
        lang,
    )
    draw_fitted(c, stock, left, y, WIDTH, 9.5, bold=True)
    _draw_stock(c, board, left, y - 13, lang, maker)


def dealing_sheets_pdf(
    boards: Sequence[PreparedBoard],
    event_name: str,
    round_number: int,
    *,
    maker: BoardMaker,
    lang: str = "it",
) -> bytes:
    """The dealing sheets of a round (two boards to an A4 page): for each board the cards of
    the pockets N, E, S, W and of the two pozzetti (FIBAS art. 6), in the order of art. 3
    with the suit symbols in colour, the up-card and the stock in playing order."""

    def draw(c: Canvas, board: PreparedBoard, top: float, bottom: float) -> None:
        _draw_dealing(c, board, top, bottom, lang, maker)

    return _pages(boards, event_name, round_number, message("Dealing sheets"), lang, draw)


# ------------------------------------------------------------------ hand records


def _draw_record(
    c: Canvas, board: PreparedBoard, top: float, bottom: float, lang: str, maker: BoardMaker
) -> None:
    left = MARGIN
    name, dealer = _board_title(board, lang)
    draw_fitted(c, name, left, top - 16, WIDTH / 2, 16, bold=True)
    draw_fitted(c, dealer, left + WIDTH / 2, top - 16, WIDTH / 2, 11, bold=True, align="right")
    col = 42 * mm
    block = 37 * mm
    size = 11
    y_top = top - 26
    spots = {
        Seat.N: (left + col, y_top),
        Seat.W: (left, y_top - block),
        Seat.E: (left + 2 * col, y_top - block),
        Seat.S: (left + col, y_top - 2 * block),
    }
    for seat, (x, y) in spots.items():
        label = seat_name(seat, lang) + (" ●" if seat is board.dealer else "")
        draw_fitted(c, label, x, y - 10, col - 4, 10, bold=True, color=MUTED)
        draw_hand(c, board.hands[seat], x, y - 13, col - 4, size, lang, maker)
    # The square with the compass.
    sq = 28 * mm
    sx, sy = left + col + (col - sq) / 2 - 2 * mm, y_top - block - sq - 4 * mm
    c.setStrokeColor(RULE)
    c.setLineWidth(1)
    c.setFillColor(SHADE)
    c.rect(sx, sy, sq, sq, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 10)
    c.drawCentredString(sx + sq / 2, sy + sq - 11, "N")
    c.drawCentredString(sx + sq / 2, sy + 4, "S")
    c.drawString(sx + 3, sy + sq / 2 - 3.5, "W" if lang == "en" else "O")
    c.drawRightString(sx + sq - 3, sy + sq / 2 - 3.5, "E")
    c.setFont(FONT_BOLD, 18)
    c.drawCentredString(sx + sq / 2, sy + sq / 2 - 6, str(board.number))
    # Pozzetti and up-card beside.
    px = left + 3 * col + 6 * mm
    pw = WIDTH - 3 * col - 6 * mm
    c.setStrokeColor(SHADE)
    c.setLineWidth(2)
    c.line(px - 4 * mm, y_top, px - 4 * mm, y_top - 3 * block + 4 * mm)
    y = y_top
    for k, p in enumerate(board.pozzetti, start=1):
        label = tr(message("Pozzetto {number}", number=k), lang)
        draw_fitted(c, label, px, y - 10, pw, 10, bold=True, color=MUTED)
        draw_hand(c, p, px, y - 13, pw, size, lang, maker)
        y -= block
    label = tr(message("Up-card"), lang)
    draw_fitted(c, label, px, y - 10, pw, 10, bold=True, color=MUTED)
    draw_card(c, px, y - 26, board.up_card, 13, lang, maker)


def hand_records_pdf(
    boards: Sequence[PreparedBoard],
    event_name: str,
    round_number: int,
    *,
    maker: BoardMaker,
    lang: str = "it",
) -> bytes:
    """The hand records of a round for the players (two boards to an A4 page): each board as
    dealt (FIBAS art. 6), the four hands around a square as in a bridge hand record (the
    dealer marked ●), the two pozzetti and the up-card beside; cards in the order of art. 3."""

    def draw(c: Canvas, board: PreparedBoard, top: float, bottom: float) -> None:
        _draw_record(c, board, top, bottom, lang, maker)

    return _pages(boards, event_name, round_number, message("Hand records"), lang, draw)


# ------------------------------------------------------------------ board labels


def board_labels_pdf(
    boards: Sequence[PreparedBoard],
    copies: int | Sequence[int],
    event_name: str,
    round_number: int,
    *,
    lang: str = "it",
) -> bytes:
    """Cut-out labels for the boards of a round (90 × 52 mm, ten to an A4 page): one for each
    board and copy, with the board number, the round, the copy and the dealer (art. 6).
    ``copies`` is their count (copies 1..n, at least one) or the plan's numbers of the
    copies made (a copy only digital tables would play is not made: :func:`paper_copies`,
    issue 32); none made (every table on the phones) is refused."""
    check_lang(lang)
    if isinstance(copies, int) and copies < 1:
        raise ValueError("at least one copy of the boards")
    made = tuple(range(1, copies + 1)) if isinstance(copies, int) else tuple(copies)
    if not made:
        raise ArbitroError(
            "round {round}: every table plays on the phones, no copy of the boards to label",
            round=round_number,
        )
    round_text = tr(message("Round {number}", number=round_number), lang)
    title = tr(message("Board labels"), lang)
    c, buf = new_canvas(f"{event_name} — {title} — {round_text}")
    labels = [(b, k) for b in boards for k in made]
    per_page = LABEL_COLUMNS * LABEL_ROWS
    x0 = (PAGE[0] - LABEL_COLUMNS * LABEL_WIDTH) / 2
    y0 = (PAGE[1] + LABEL_ROWS * LABEL_HEIGHT) / 2
    for i, (board, copy) in enumerate(labels):
        if i and i % per_page == 0:
            c.showPage()
        row, col = divmod(i % per_page, LABEL_COLUMNS)
        x, y = x0 + col * LABEL_WIDTH, y0 - (row + 1) * LABEL_HEIGHT
        c.saveState()
        c.setDash(3, 3)
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.5)
        c.rect(x, y, LABEL_WIDTH, LABEL_HEIGHT, stroke=1, fill=0)
        c.restoreState()
        pad = 5 * mm
        inner = LABEL_WIDTH - 2 * pad
        draw_fitted(c, event_name, x + pad, y + LABEL_HEIGHT - pad - 8, inner, 9, color=MUTED)
        draw_fitted(c, round_text, x + pad, y + LABEL_HEIGHT - pad - 21, inner, 12, bold=True)
        draw_fitted(
            c,
            tr(message("BOARD"), lang),
            x + pad,
            y + LABEL_HEIGHT - pad - 21,
            inner,
            12,
            bold=True,
            align="right",
        )
        draw_fitted(c, str(board.number), x + pad, y + 13 * mm, inner, 46, bold=True, align="right")
        copy_text = tr(copy_label(copy, made), lang)
        dealer = tr(message("Dealer: {seat}", seat=_SEAT_NAMES[board.dealer]), lang)
        draw_fitted(c, dealer, x + pad, y + pad + 12, inner * 0.6, 11, bold=True)
        draw_fitted(c, copy_text, x + pad, y + pad, inner * 0.6, 10)
    c.showPage()
    c.save()
    return buf.getvalue()


def copy_label(copy: int, made: Sequence[int]) -> Message:
    """A board label's copy: «Copy 2 of 3» when the copies made are 1..n, else «Copy 3
    (copies 2, 3)»: the plan's own number, which a copy only digital tables would play
    leaves out (:func:`paper_copies`, issue 32)."""
    if tuple(made) == tuple(range(1, len(made) + 1)):
        return message("Copy {copy} of {copies}", copy=copy, copies=len(made))
    return message(
        "Copy {copy} (copies {copies})", copy=copy, copies=", ".join(str(k) for k in made)
    )


# ------------------------------------------------------------------ travellers


def travellers_pdf(
    travellers: Mapping[int, Sequence[Comparison]],
    names: Mapping[int, tuple[str, str]],
    event_name: str,
    round_number: int,
    *,
    rules: EventRules,
    lang: str = "it",
) -> bytes:
    """The travellers of a round: for each board every table's N-S and E-W lines
    (``names[table]`` = (N-S names, E-W names)), the N-S MP, the datum and the two lines'
    differences with three decimals (FIBAS art. 20, "carte uguali"), and the sum check: a
    board's differences add up to zero over the field; the article cited is the event's
    code's (``rules``)."""
    check_lang(lang)
    round_text = tr(message("Round {number}", number=round_number), lang)
    title = tr(message("Travellers"), lang)
    story: list[Flowable] = [note(event_name, 12), heading(f"{title} — {round_text}", 18)]
    widths = [16 * mm, 0.0, 0.0, 18 * mm, 22 * mm, 21 * mm, 21 * mm]
    rest = (WIDTH - sum(widths)) / 2
    widths[1] = widths[2] = rest
    head: list[object] = [
        tr(message("Table"), lang),
        tr(message("North-South"), lang),
        tr(message("East-West"), lang),
        tr(message("N-S MP"), lang),
        tr(message("Datum"), lang),
        tr(message("N-S diff."), lang),
        tr(message("E-W diff."), lang),
    ]
    if not travellers:
        story.append(note(tr(message("No results on the boards yet."), lang), 11, INK))
    for board, rows in sorted(travellers.items()):
        table: list[list[object]] = [head]
        total = Fraction(0)
        for r in sorted(rows, key=lambda r: r.table):
            ns, ew = names.get(r.table, ("", ""))
            total += r.ns
            table.append(
                [
                    str(r.table),
                    cell(ns, 9),
                    cell(ew, 9),
                    str(r.ns_mp),
                    decimal_text(written(r.datum), lang),  # "0,001" in Italian (art. 20)
                    decimal_text(written(r.ns), lang, signed=True),
                    decimal_text(written(r.ew), lang, signed=True),
                ]
            )
        check = (
            message(
                "Sum of the differences: {total} (correct)",
                total=decimal_text(written(total), lang),
            )
            if total == 0
            else message(
                "Sum of the differences: {total} (NOT zero)",
                total=decimal_text(written(total), lang),
            )
        )
        block: list[Flowable] = [
            spacer(8),
            heading(tr(message("Board {number}", number=board), lang), 13),
            list_table(table, widths, size=10, right_columns=[0, 3, 4, 5, 6], bold_columns=[5]),
            note(tr(check, lang), 9, INK if total == 0 else RED),
        ]
        story.append(KeepTogether(block))
    story.append(spacer(6))
    story.append(
        note(
            tr(
                message(
                    "Each line is compared with the datum of the lines that played the board"
                    " in its direction; differences with three decimals ({article}).",
                    article=rules.cite("vp"),
                ),
                lang,
            ),
            9,
        )
    )
    return build_document(
        f"{event_name} — {title} — {round_text}",
        story,
        lang=lang,
        footer=f"{event_name} — {title} — {round_text}",
    )


# ------------------------------------------------------------------ the board plan


def plan_cell(plan: BoardPlan, table: int, lang: str, digital: bool = False) -> str:
    """The boards ``table`` plays, in deal order, and their copy, as the seating list and
    the plan print them: «1 · 2 (copia 1)» (FIBAS art. 7, a carte preparate); a digital
    table (issue 32) plays board ``k`` at deal ``k`` on the phones, no copy brought:
    «1 · 2 (digitale)»."""
    if digital:
        boards = " · ".join(str(k) for k in range(1, plan.boards + 1))
        return tr(message("{boards} (on the phones)", boards=boards), lang)
    got = plan.at(table)
    boards = " · ".join(str(a.board) for a in got)
    return tr(message("{boards} (copy {copy})", boards=boards, copy=got[0].copy), lang)


def paper_copies(plan: BoardPlan, digital: Collection[int]) -> tuple[int, ...]:
    """The copies of the round's boards the room makes, by the plan's numbers (FIBAS art. 7:
    one copy to each group of tables): those a paper table plays. A copy that only the
    ``digital`` tables would play is not made: the server deals a digital table board k at
    deal k, never a paper copy (issue 32, docs/rulings.md digital 20a); the plan is not
    renumbered, so the copies made keep the plan's numbers."""
    return tuple(
        sorted({plan.at(t)[0].copy for t in range(1, plan.tables + 1) if t not in digital})
    )


def copies_note(plan: BoardPlan, digital: Collection[int], lang: str) -> str:
    """The plan's sentence on the copies not made (only digital tables would play them:
    :func:`paper_copies`), empty when every copy of the plan is made."""
    made = paper_copies(plan, digital)
    skipped = [k for k in range(1, plan.copies + 1) if k not in made]
    if not skipped:
        return ""
    gone = ngettext(
        "Copy {copies} would go only to digital tables: it is not made.",
        "Copies {copies} would go only to digital tables: they are not made.",
        len(skipped),
        copies=", ".join(str(k) for k in skipped),
    )
    made_text = message("The copies made: {made}.", made=", ".join(str(k) for k in made) or "—")
    return f"{tr(gone, lang)} {tr(made_text, lang)}"


def digital_note(digital: Collection[int], lang: str) -> str:
    """The plan's sentence on its digital tables (issue 32), empty when none."""
    if not digital:
        return ""
    return tr(
        message(
            "Digital tables ({tables}): the server deals them board k at deal k on the "
            "phones; no board goes to them, and a board the plan would hand to one of them "
            "waits on the relay stand for the next table.",
            tables=", ".join(str(t) for t in sorted(digital)),
        ),
        lang,
    )


def plan_note(
    plan: BoardPlan, lang: str, rules: EventRules, digital: Collection[int] = frozenset()
) -> str:
    """How the boards move, in a sentence for the room (FIBAS art. 7, cited from the event's
    code, ``rules``; the bridge relay as the model, :mod:`arbitro.tournament.movements.boards`),
    counting the copies the paper tables play (none for the ``digital`` tables, issue 32)."""
    copies = len(paper_copies(plan, digital))
    return tr(
        message(
            "After each deal every table hands the board it has just played to the table "
            "shown; a board with no table to go to waits on the relay stand. Every table plays "
            "each board once ({boards}, {copies} of each board; {article}).",
            boards=ngettext("{count} board", "{count} boards", plan.boards),
            copies=ngettext("{count} copy", "{count} copies", copies),
            article=rules.cite("round_time"),
        ),
        lang,
    )


def board_plan_pdf(
    plan: BoardPlan,
    event_name: str,
    round_number: int,
    names: Mapping[int, tuple[str, str]] | None = None,
    *,
    rules: EventRules,
    lang: str = "it",
    digital: Collection[int] = frozenset(),
) -> bytes:
    """The board plan of a round on A4 (FIBAS art. 7, "a carte preparate"; art. 20): for
    each table where two lines play, the board and copy it plays at each deal and the table
    it hands its boards to after each deal (the relay stand when none), with its lines'
    names (``names[table]`` = (N-S names, E-W names)) when given. The ``digital`` tables
    (issue 32) are sent no board: their row says they play board k at deal k on the phones,
    and a board the plan would hand one of them goes to the relay stand; the copies counted
    are those a paper table plays (:func:`paper_copies`)."""
    check_lang(lang)
    round_text = tr(message("Round {number}", number=round_number), lang)
    title = tr(message("Board plan"), lang)
    story: list[Flowable] = [
        note(event_name, 12),
        heading(f"{title} — {round_text}", 18),
        note(
            tr(
                message(
                    "{tables}, {boards}, {copies} of each board",
                    tables=ngettext("{count} table", "{count} tables", plan.tables),
                    boards=ngettext("{count} board", "{count} boards", plan.boards),
                    copies=ngettext(
                        "{count} copy", "{count} copies", len(paper_copies(plan, digital))
                    ),
                ),
                lang,
            ),
            11,
            INK,
        ),
        spacer(6),
    ]
    head: list[object] = [tr(message("Table"), lang)]
    head += [tr(message("deal {number}", number=d), lang) for d in range(1, plan.boards + 1)]
    head.append(tr(message("Then to"), lang))
    first, last = 16 * mm, 26 * mm
    deal_w = (WIDTH - first - last) / plan.boards
    rows: list[list[object]] = [head]
    for table in range(1, plan.tables + 1):
        row: list[object] = [cell(str(table), 14, bold=True)]
        if table in digital:  # on the phones: the server deals board k at deal k
            phones = tr(message("on the phones"), lang)
            for k in range(1, plan.boards + 1):
                text = tr(message("Board {number}", number=k), lang)
                row.append(cell(f"{text} · {phones}", 11, bold=False))
            row.append(cell("—", 11))
            rows.append(row)
            continue
        nxt = plan_next(plan, table, digital)
        for a in plan.at(table):
            text = tr(message("Board {number}", number=a.board), lang)
            copy = tr(message("copy {copy}", copy=a.copy), lang)
            row.append(cell(f"{text} · {copy}", 11, bold=False))
        row.append(
            cell(
                tr(message("table {number}", number=nxt), lang)
                if nxt is not None
                else tr(message("relay stand"), lang),
                11,
            )
        )
        rows.append(row)
    story.append(list_table(rows, [first, *([deal_w] * plan.boards), last], size=11))
    if names:
        story.append(spacer(8))
        story.append(heading(tr(message("Lines at each table"), lang), 12))
        lines: list[list[object]] = [
            [
                tr(message("Table"), lang),
                tr(message("North-South"), lang),
                tr(message("East-West"), lang),
            ]
        ]
        for table in range(1, plan.tables + 1):
            ns, ew = names.get(table, ("", ""))
            lines.append([str(table), cell(ns, 10), cell(ew, 10)])
        half = (WIDTH - first) / 2
        story.append(list_table(lines, [first, half, half], size=10))
    story.append(spacer(6))
    story.append(note(plan_note(plan, lang, rules, digital), 10, INK))
    if digital:
        story.append(note(digital_note(digital, lang), 10, INK))
        skipped = copies_note(plan, digital, lang)
        if skipped:
            story.append(note(skipped, 10, INK))
    return build_document(
        f"{event_name} — {title} — {round_text}",
        story,
        lang=lang,
        footer=f"{event_name} — {title} — {round_text}",
    )
