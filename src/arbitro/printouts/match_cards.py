"""Match cards of a knockout (Briscola): one card per match to play, two cards to an A4 page,
as the table cards of events in rounds.

Each card shows the event, the round and the match, the two pairs, a grid of the match's
games (best of 3, art. 9: each pair's points, 120 in all, art. 8) with a line for each pair's
signature, and the QR code of the match's phone page (:mod:`arbitro.web.knockout_match`),
through which the pairs enter and confirm the games. No time is printed.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from arbitro.codes.citation import cite
from arbitro.errors import ArbitroError
from arbitro.i18n import message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import (
    FONT,
    INK,
    MARGIN,
    MUTED,
    RULE,
    SHADE,
    draw_fitted,
    new_canvas,
    wrap,
)
from arbitro.printouts.table_cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    CARDS_PER_PAGE,
    _draw_qr,
    _url_lines,
    card_origin,
    qr_box,
)
from arbitro.tournament.knockout import Match
from arbitro.tournament.knockout_event import KnockoutState


def _name(state: KnockoutState, pair: int | None) -> str:
    p = state.pairs.get(pair) if pair is not None else None
    return "" if p is None else f"{p.number}. {p.name}"


def _draw_card(c: Canvas, state: KnockoutState, m: Match, url: str, index: int, lang: str) -> None:
    assert state.bracket is not None
    ox, oy = card_origin(index)
    left, right = ox + MARGIN, ox + CARD_WIDTH - MARGIN
    top = oy + CARD_HEIGHT - MARGIN
    width = right - left
    code = state.config.code
    # Heading: event, round and match.
    round_text = tr(state.bracket.round_label(m.round), lang).capitalize()
    draw_fitted(c, state.config.name, left, top - 16, width - 60 * mm, 16, bold=True)
    draw_fitted(c, round_text, right - 58 * mm, top - 16, 58 * mm, 16, bold=True, align="right")
    c.setStrokeColor(RULE)
    c.setLineWidth(1.2)
    c.line(left, top - 24, right, top - 24)
    qx, qy, qsize = qr_box(index)
    text_right = qx - 12 * mm
    heading = tr(message("MATCH {match}", match=m.id), lang)
    draw_fitted(c, heading, left, top - 52, text_right - left, 26, bold=True)
    # The two pairs.
    y = top - 80
    for pair in (m.first, m.second):
        draw_fitted(c, _name(state, pair), left, y, text_right - left, 17, bold=True)
        y -= 24
    rule = tr(
        message(
            "Best of 3 games: 2 won go through ({article}). 120 points a game, 61 win; at "
            "60-60 the last trick ({points}).",
            article=cite(code, "knockout_match"),
            points=cite(code, "result_points"),
        ),
        lang,
    )
    c.setFillColor(MUTED)
    c.setFont(FONT, 8)
    for line in wrap(rule, text_right - left, 8)[:2]:
        c.drawString(left, y, line)
        y -= 10
    c.setFillColor(INK)
    # The games' grid: one row a game, each pair's points.
    rows = state.bracket.match_games
    col0 = 24 * mm
    col = (text_right - left - col0) / 2
    row_h = 8 * mm
    grid_top = y - 6
    c.setStrokeColor(RULE)
    c.setLineWidth(0.8)
    c.setFillColor(SHADE)
    c.rect(left, grid_top - row_h, text_right - left, row_h, stroke=1, fill=1)
    c.setFillColor(INK)
    for i, pair in enumerate((m.first, m.second)):
        draw_fitted(
            c,
            _name(state, pair),
            left + col0 + i * col + 4,
            grid_top - row_h + 8,
            col - 8,
            9,
            bold=True,
        )
    for r in range(1, rows + 1):
        ry = grid_top - (r + 1) * row_h
        c.rect(left, ry, text_right - left, row_h, stroke=1, fill=0)
        draw_fitted(c, tr(message("Game {number}", number=r), lang), left + 4, ry + 8, col0 - 8, 10)
    for x in (left + col0, left + col0 + col):
        c.line(x, grid_top, x, grid_top - (rows + 1) * row_h)
    # Both pairs sign.
    sign_y = oy + MARGIN + 4
    half = (text_right - left - 6 * mm) / 2
    for i, pair in enumerate((m.first, m.second)):
        sx = left + i * (half + 6 * mm)
        c.setStrokeColor(MUTED)
        c.line(sx, sign_y + 12, sx + half, sign_y + 12)
        label = tr(message("Signature: {pair}", pair=_name(state, pair)), lang)
        draw_fitted(c, label, sx, sign_y, half, 8, color=MUTED)
    # The QR code, how to use it, and the URL in small print.
    _draw_qr(c, url, qx, qy, qsize)
    text_w = qsize + 8 * mm
    ty = qy - 10
    c.setFillColor(MUTED)
    scan = tr(message("Scan the code: each pair enters the games from its phone"), lang)
    for line in wrap(scan, text_w, 8)[:2]:
        c.setFont(FONT, 8)
        c.drawRightString(right, ty, line)
        ty -= 10
    c.setFont(FONT, 6.5)
    for line in _url_lines(url, text_w, 6.5):
        c.drawRightString(right, ty, line)
        ty -= 8
    c.setFillColor(INK)
    if index % CARDS_PER_PAGE == 0:
        c.setDash(4, 4)
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.5)
        c.line(ox + 8 * mm, oy, ox + CARD_WIDTH - 8 * mm, oy)
        c.setDash()


def match_cards_pdf(state: KnockoutState, urls: Mapping[str, str], *, lang: str = "it") -> bytes:
    """One card per match in ``urls`` (its phone page's URL), two to an A4 page, in bracket
    order: round, match, the two pairs, the grid of the games (Briscola art. 8-9), both pairs'
    signatures and the QR code. No match to print raises ArbitroError."""
    check_lang(lang)
    if state.bracket is None or not urls:
        raise ArbitroError("no match to play now: no card to print")
    matches = [m for m in state.bracket.matches() if m.id in urls]
    title = tr(message("{event} — Match cards", event=state.config.name), lang)
    c, buf = new_canvas(title)
    for i, m in enumerate(matches):
        if i and i % CARDS_PER_PAGE == 0:
            c.showPage()
        _draw_card(c, state, m, urls[m.id], i, lang)
    c.showPage()
    c.save()
    return buf.getvalue()
