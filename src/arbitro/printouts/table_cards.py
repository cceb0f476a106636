"""Table cards (segnatavolo): one card per table of a round, two cards to an A4 page.

Each card shows the event, the round, the table number very large, the two lines seated there
(North-South and East-West, art. 4) and a QR code of the table's own URL, through which the
lines enter the score sheet from a phone (the URL is the public base URL and the table's
token path, built by :mod:`arbitro.web.base_url` for the desk and the command line alike). No time is printed: the code forbids telling players the time left (art. 7).

A team match is played at two tables, the open room and the closed room, where the teams swap
lines (art. 19 sample sheets): it gets one card per room, both with the match's URL.

A digital table (issue 32: played on the players' phones) gets no score-entry QR code: its
card carries each seat's own QR code, the link to that seat's phone page (what ``arbitro
digital links`` prints), each named by its seat, and says that each player scans their own
seat's code; a paper table's card is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from arbitro.errors import ArbitroError
from arbitro.i18n import message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.names import competitor_name, line_name, rest_note, seated_round
from arbitro.printouts.style import (
    FONT,
    INK,
    MARGIN,
    MUTED,
    PAGE,
    RULE,
    SHADE,
    draw_fitted,
    draw_wrapped_in_box,
    fit_size,
    new_canvas,
    text_width,
    wrap,
)
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, EventFormat, TableSeating

CARDS_PER_PAGE = 2
CARD_WIDTH = PAGE[0]
CARD_HEIGHT = PAGE[1] / CARDS_PER_PAGE
QR_SIZE = 52 * mm
QR_ERROR_LEVEL = "M"


def table_card_qr(url: str, size: float = QR_SIZE) -> QrCodeWidget:
    """The QR code widget that encodes ``url`` (error correction level M), ``size`` points
    square with its quiet zone of 4 modules."""
    return QrCodeWidget(url, barLevel=QR_ERROR_LEVEL, barWidth=size, barHeight=size)


def card_origin(index: int) -> tuple[float, float]:
    """Lower-left corner, in points on its page, of the ``index``-th card (0-based)."""
    slot = index % CARDS_PER_PAGE
    return 0.0, PAGE[1] - (slot + 1) * CARD_HEIGHT


def qr_box(index: int) -> tuple[float, float, float]:
    """``(x, y, size)`` of the ``index``-th card's QR code on its page, quiet zone included."""
    ox, oy = card_origin(index)
    return ox + CARD_WIDTH - MARGIN - QR_SIZE, oy + CARD_HEIGHT - 30 * mm - QR_SIZE, QR_SIZE


def _draw_qr(c: Canvas, url: str, x: float, y: float, size: float) -> None:
    """Draw the QR code of ``url`` as one filled path (each run of dark modules in a row is
    one rectangle): the same modules as the widget's, many times faster than drawing the
    widget's shapes one by one."""
    widget = table_card_qr(url, size)
    widget.qr.make()
    modules = widget.qr.modules
    count = len(modules)
    step = size / (count + 2 * widget.barBorder)
    path = c.beginPath()
    for r, row in enumerate(modules):
        top = y + size - (r + widget.barBorder + 1) * step
        col = 0
        while col < count:
            if row[col]:
                start = col
                while col < count and row[col]:
                    col += 1
                left = x + (start + widget.barBorder) * step
                path.rect(left, top, (col - start) * step, step)
            else:
                col += 1
    c.saveState()
    c.setFillColor(INK)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


SEAT_QR_SIZE = 30 * mm
SEAT_GAP = 8 * mm
SEAT_ROW = SEAT_QR_SIZE + 12 * mm
"""A seat's cell on a digital table's card: its name above its QR code, what it is under."""

_SEAT_NAMES = {
    "N": message("North"),
    "E": message("East"),
    "S": message("South"),
    "W": message("West"),
}


def seat_qr_boxes(index: int, count: int) -> list[tuple[float, float, float]]:
    """``(x, y, size)`` of each of ``count`` seats' QR codes (quiet zone included) on the
    ``index``-th card of a page, in seat order, two to a row from the top right."""
    ox, oy = card_origin(index)
    right = ox + CARD_WIDTH - MARGIN
    top = oy + CARD_HEIGHT - 30 * mm
    boxes = []
    for i in range(count):
        row, col = divmod(i, 2)
        x = right - (2 - col) * SEAT_QR_SIZE - (1 - col) * SEAT_GAP
        boxes.append((x, top - row * SEAT_ROW - SEAT_QR_SIZE, SEAT_QR_SIZE))
    return boxes


def _seat_under(state: EventState, table: TableSeating, seat: str, i: int, lang: str) -> str:
    """What a seat's code is, under it: its line (North-South, East-West: FIBAS art. 4) or,
    at a table of individuals seated in seat order, its player (Scala 40 art. 2)."""
    if table.players is not None:
        return competitor_name(state, table.players[i]) if i < len(table.players) else ""
    return tr(message("North-South") if seat in ("N", "S") else message("East-West"), lang)


def _draw_seats(
    c: Canvas,
    state: EventState,
    table: TableSeating,
    seat_urls: Mapping[str, str],
    index: int,
    lang: str,
) -> float:
    """Each seat's QR code (its phone page's link, a link in the PDF too) named by its seat,
    two to a row at the card's top right; the bottom of the last row."""
    boxes = seat_qr_boxes(index, len(seat_urls))
    for i, ((seat, url), (x, y, size)) in enumerate(zip(seat_urls.items(), boxes, strict=True)):
        name = _SEAT_NAMES.get(seat)
        label = tr(name, lang) if name is not None else seat
        draw_fitted(c, label, x, y + size + 2, size, 10, bold=True, align="center")
        _draw_qr(c, url, x, y, size)
        c.linkURL(url, (x, y, x + size, y + size), relative=0)
        under = _seat_under(state, table, seat, i, lang)
        draw_fitted(c, under, x, y - 8, size, 7, color=MUTED, align="center")
    return min(y for _, y, _ in boxes) - 8


def _url_lines(url: str, width: float, size: float) -> list[str]:
    """``url`` broken anywhere into lines no wider than ``width`` (a URL has no spaces)."""
    lines = [""]
    for ch in url:
        if lines[-1] and text_width(lines[-1] + ch, size) > width:
            lines.append("")
        lines[-1] += ch
    return lines


def cards_of(
    state: EventState, tables: Sequence[TableSeating], lang: str
) -> list[tuple[TableSeating, str | None]]:
    """The cards to print: one per table; for a team match two, the open room's (team A
    North-South) and the closed room's, where the teams swap lines (art. 19 sample sheets)."""
    if state.config.event_format is not EventFormat.TEAMS:
        return [(t, None) for t in tables]
    cards: list[tuple[TableSeating, str | None]] = []
    for t in tables:
        if t.is_incomplete:
            cards.append((t, None))
        else:
            cards.append((t, tr(message("OPEN ROOM"), lang)))
            cards.append((TableSeating(t.table, t.ew, t.ns), tr(message("CLOSED ROOM"), lang)))
    return cards


def cards_of_closed(room: str, lang: str) -> bool:
    """Whether a card's ``room`` (as :func:`cards_of` names it) is the closed room, where the
    team seated N-S in the open room sits E-O (art. 19 sample sheets)."""
    return room == tr(message("CLOSED ROOM"), lang)


def _draw_card(
    c: Canvas,
    state: EventState,
    round_number: int,
    table: TableSeating,
    room: str | None,
    url: str | None,
    index: int,
    lang: str,
    codes: Mapping[str, str] | None = None,
    seat_urls: Mapping[str, str] | None = None,
) -> None:
    ox, oy = card_origin(index)
    left, right = ox + MARGIN, ox + CARD_WIDTH - MARGIN
    top = oy + CARD_HEIGHT - MARGIN
    width = right - left
    # Heading: event and round.
    round_text = tr(message("Round {number}", number=round_number), lang)
    draw_fitted(c, round_text, right - 45 * mm, top - 16, 45 * mm, 20, bold=True, align="right")
    draw_fitted(c, state.config.name, left, top - 16, width - 50 * mm, 16, bold=True)
    c.setStrokeColor(RULE)
    c.setLineWidth(1.2)
    c.line(left, top - 24, right, top - 24)
    # Table number, very large, left of the QR code.
    qx, qy, qsize = qr_box(index)
    if seat_urls:  # a digital table: its seats' codes take the QR code's place
        qx = seat_qr_boxes(index, len(seat_urls))[0][0]
    number_width = qx - left - 8 * mm
    if seat_urls:
        heading = tr(message("DIGITAL TABLE"), lang)
    else:
        heading = tr(message("TABLE — {room}", room=room) if room else message("TABLE"), lang)
    draw_fitted(c, heading, left, top - 50, number_width, 22, bold=True)
    high = top - 58
    if seat_urls:
        high = top - 70
        # how to play it, under the heading: each player scans their own seat's code
        use = message(
            "Played on the phones: each player scans their own seat's code with their own "
            "phone (one phone per seat)"
        )
        for line in wrap(tr(use, lang), number_width, 10)[:3]:
            draw_fitted(c, line, left, high, number_width, 10, color=MUTED)
            high -= 13
        high -= 4
    box_h = 17 * mm
    box_y = oy + MARGIN
    if table.players is not None:
        box_h = players_height(table)
    low = box_y + box_h + 14
    size = min(200.0, (high - low) / 0.73)
    used = fit_size(str(table.table), number_width, size, bold=True, least=40)
    baseline = low + (high - low - used * 0.73) / 2
    draw_fitted(c, str(table.table), left, baseline, number_width, used, bold=True, align="center")
    # QR code, how to use it, and the URL in small print; a digital table's seats' codes.
    if seat_urls:
        _draw_seats(c, state, table, seat_urls, index, lang)
        codes = None  # its sheet is signed on the seats' phones, not with a line's code
    elif url is not None:
        _draw_qr(c, url, qx, qy, qsize)
        text_w = qsize + 14 * mm
        y = qy - 10
        c.setFillColor(MUTED)
        # A resting line enters no sheet (FIBAS art. 37): its phone only reads the rest score.
        use = (
            message("Scan the code to see the rest score on a phone")
            if table.is_incomplete
            else message("Scan the code to enter the score sheet from a phone")
        )
        for line in wrap(tr(use, lang), text_w, 8)[:2]:
            c.setFont(FONT, 8)
            c.drawRightString(right, y, line)
            y -= 10
        c.setFont(FONT, 6.5)
        for line in _url_lines(url, text_w, 6.5):
            c.drawRightString(right, y, line)
            y -= 8
        c.setFillColor(INK)
    if table.players is not None:
        _draw_players(c, state, table.players, left, box_y, width, lang, codes)
    else:
        _draw_lines(c, state, table, left, box_y, width, box_h, lang, codes)
    if table.is_incomplete:
        draw_fitted(c, tr(rest_note(state), lang), left, box_y + box_h + 6, width, 9, color=MUTED)
    # Cut line between cards.
    if index % CARDS_PER_PAGE == 0:
        c.setDash(4, 4)
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.5)
        c.line(ox + 8 * mm, oy, ox + CARD_WIDTH - 8 * mm, oy)
        c.setDash()


CODE_WIDTH: float = 46 * mm


def _draw_code(c: Canvas, code: str, right: float, y: float, lang: str) -> None:
    """A line's (or player's) code, right-aligned at ``right``: "Code 123 456"."""
    text = tr(message("Code {code}", code=f"{code[:3]} {code[3:]}"), lang)
    draw_fitted(c, text, right - CODE_WIDTH, y, CODE_WIDTH, 11, bold=True, align="right")


PLAYER_BOX_H: float = 12 * mm
PLAYER_GAP: float = 3 * mm


def _draw_lines(
    c: Canvas,
    state: EventState,
    table: TableSeating,
    left: float,
    box_y: float,
    width: float,
    box_h: float,
    lang: str,
    codes: Mapping[str, str] | None = None,
) -> None:
    """The two lines of a table of pairs or teams, North-South and East-West (art. 4), each
    with its own line's code when ``codes`` are given (``codes[line]``: the line signs the
    sheet with it from a phone, FIBAS art. 20)."""
    half = (width - 6 * mm) / 2
    sides = (
        (message("North-South"), table.ns, "ns"),
        (message("East-West"), table.ew, "ew"),
    )
    for i, (side, seated, line) in enumerate(sides):
        bx = left + i * (half + 6 * mm)
        c.setFillColor(SHADE)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.8)
        c.roundRect(bx, box_y, half, box_h, 6, stroke=1, fill=1)
        code = codes.get(line) if codes else None
        label_w = half - 16 - (CODE_WIDTH if code else 0)
        draw_fitted(c, tr(side, lang), bx + 8, box_y + box_h - 15, label_w, 10, bold=True)
        if code:
            _draw_code(c, code, bx + half - 8, box_y + box_h - 15, lang)
        name = line_name(state, seated, lang)
        draw_wrapped_in_box(
            c, name, bx + 4, box_y + 2, half - 8, box_h - 17, 17, bold=True, align="left"
        )


def _draw_players(
    c: Canvas,
    state: EventState,
    players: Sequence[CompetitorId],
    left: float,
    box_y: float,
    width: float,
    lang: str,
    codes: Mapping[str, str] | None = None,
) -> None:
    """The players of a table of individuals by seat, two to a row (Scala 40 art. 2: four
    players at a table, three at a table of three, art. 25), each with their own code when
    ``codes`` are given (each player signs the sheet, art. 23)."""
    half = (width - 6 * mm) / 2
    rows = -(-len(players) // 2)
    for i, number in enumerate(players):
        bx = left + (i % 2) * (half + 6 * mm)
        by = box_y + (rows - 1 - i // 2) * (PLAYER_BOX_H + PLAYER_GAP)
        c.setFillColor(SHADE)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.8)
        c.roundRect(bx, by, half, PLAYER_BOX_H, 6, stroke=1, fill=1)
        seat = tr(message("Seat {seat}", seat=i + 1), lang)
        code = codes.get(str(number)) if codes else None
        seat_w = half - 16 - (CODE_WIDTH if code else 0)
        draw_fitted(c, seat, bx + 8, by + PLAYER_BOX_H - 12, seat_w, 9, bold=True)
        if code:
            _draw_code(c, code, bx + half - 8, by + PLAYER_BOX_H - 12, lang)
        name = competitor_name(state, number)
        draw_fitted(c, name, bx + 8, by + 6, half - 16, 15, bold=True)


def players_height(table: TableSeating) -> float:
    """The height the seats' boxes take on a card (two players to a row), 0 for lines."""
    if table.players is None:
        return 0.0
    rows = -(-len(table.players) // 2)
    return rows * PLAYER_BOX_H + (rows - 1) * PLAYER_GAP


def table_cards_pdf(
    state: EventState,
    round_number: int,
    table_urls: Mapping[int, str],
    *,
    lang: str = "it",
    codes: Mapping[int, Mapping[str, str]] | None = None,
    seat_urls: Mapping[int, Mapping[str, str]] | None = None,
) -> bytes:
    """One card per table of round ``round_number`` (two to an A4 page): event, round, table
    number, the N-S and E-O lines (art. 4) and the QR code of ``table_urls[table]``; a team
    match gets a card for each room, the closed room's with the teams' lines swapped (art. 19). Every
    complete table needs its URL; an incomplete table (a resting line, art. 37) gets one only
    if given. No playing time is printed (art. 7). ``codes`` (per table, per line or player:
    :func:`arbitro.web.tokens.card_codes`) prints each line's code on its half of the card:
    a phone signs a line's sheet only with it (issue 29). A table of ``seat_urls`` (per
    digital table, each seat's link to its phone page, in seat order: issue 32) is played on
    the phones: its card carries each seat's QR code, named by its seat, instead of the
    score-entry QR code and the lines' codes."""
    check_lang(lang)
    seating = seated_round(state, round_number)
    missing = [t.table for t in seating.tables if not t.is_incomplete and t.table not in table_urls]
    if missing:
        tables = ", ".join(str(t) for t in missing)
        raise ArbitroError("the score-entry URL is missing for tables {tables}", tables=tables)
    title = tr(
        message(
            "{event} — Table card — Round {round}", event=state.config.name, round=round_number
        ),
        lang,
    )
    c, buf = new_canvas(title)
    for i, (table, room) in enumerate(cards_of(state, seating.tables, lang)):
        if i and i % CARDS_PER_PAGE == 0:
            c.showPage()
        mine = codes.get(table.table) if codes else None
        if mine is not None and room is not None and cards_of_closed(room, lang):
            mine = {"ns": mine.get("ew", ""), "ew": mine.get("ns", "")}  # the teams swapped
        url = table_urls.get(table.table)
        seats = seat_urls.get(table.table) if seat_urls else None
        _draw_card(c, state, round_number, table, room, url, i, lang, mine, seats)
    c.showPage()
    c.save()
    return buf.getvalue()
