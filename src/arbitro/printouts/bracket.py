"""The knockout bracket printout (Briscola regulation, art. 9, or the code the event plays):
the bracket drawn as a tree on A4 landscape, rounds as columns (their names: ottavi, quarti,
semifinali, finale), each match a box with its two pairs and the games they won (Briscola: 2 of
3 win, art. 9; the code's numbers), the winners in bold going on to the next round, round-1
byes marked, and the champion ("Campione", art. 9) at the right. Games lost by an irregularity
(Briscola art. 10) are marked with an asterisk and counted in the footer. Every article is the
event's code's."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from arbitro.i18n import message, ngettext
from arbitro.money import euros
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import (
    FONT,
    INK,
    MARGIN,
    MUTED,
    RULE,
    SHADE,
    draw_fitted,
    fit_size,
    new_canvas,
)
from arbitro.tournament.knockout import Bracket, Match, PairId
from arbitro.tournament.knockout_event import KnockoutState

PAGE = landscape(A4)
CHAMPION_FILL = colors.HexColor("#FFF3B0")


def pair_label(state: KnockoutState, pair: PairId | None) -> str:
    """A pair as printed: ``name (number)``; an unknown number is shown as such."""
    if pair is None:
        return ""
    p = state.pairs.get(pair)
    return f"{p.name} ({pair})" if p is not None else str(pair)


def _fitted(c: Canvas, text: str, x: float, y: float, w: float, size: float, **kw: object) -> None:
    """``draw_fitted`` with a little slack, so that a shrunk name is never cut by rounding."""
    bold = bool(kw.get("bold", False))
    s = fit_size(text, w, size, bold=bold, least=4) * 0.98
    draw_fitted(c, text, x, y, w, s, least=4, **kw)  # type: ignore[arg-type]  # **kw holds the font options draw_fitted takes


def _irregular_games(match: Match, pair: PairId | None) -> bool:
    return any(g.irregularity is not None and g.winner == pair for g in match.games)


def _draw_match(
    c: Canvas,
    state: KnockoutState,
    match: Match,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    lang: str,
) -> None:
    """One match box, lower-left at (x, y): two rows, each pair and its games won."""
    half = h / 2
    winner = match.winner
    c.setLineWidth(0.8)
    c.setStrokeColor(RULE)
    c.setFillColor(colors.white)
    c.rect(x, y, w, h, stroke=1, fill=1)
    c.setLineWidth(0.4)
    c.line(x, y + half, x + w, y + half)
    score_w = 16.0 if match.games else 0.0
    if match.games:
        c.line(x + w - score_w, y, x + w - score_w, y + h)
    wins = match.score
    for row, (pair, won) in enumerate(((match.first, wins[0]), (match.second, wins[1]))):
        top = y + h - row * half
        base = top - half + (half - size * 0.72) / 2
        if pair is None:
            text = tr(
                message("bye (goes through)") if match.is_bye else message("to be decided"), lang
            )
            draw_fitted(c, text, x + 3, base, w - score_w - 6, size * 0.85, color=MUTED)
            continue
        is_winner = winner is not None and pair == winner and not match.is_bye
        if match.walkover == pair:  # did not show up: lost "a tavolino" (ruling Briscola 11)
            absent = tr(message("{pair} — did not show up", pair=pair_label(state, pair)), lang)
            _fitted(c, absent, x + 3, base, w - score_w - 6, size, color=MUTED)
            continue
        if is_winner:
            c.setFillColor(SHADE)
            c.rect(x, top - half, w - score_w, half, stroke=0, fill=1)
            c.setFillColor(INK)
        _fitted(c, pair_label(state, pair), x + 3, base, w - score_w - 6, size, bold=is_winner)
        if match.games:
            mark = "*" if _irregular_games(match, pair) else ""
            draw_fitted(
                c,
                f"{won}{mark}",
                x + w - score_w,
                base,
                score_w,
                size,
                bold=is_winner,
                align="center",
            )


def _tree(c: Canvas, state: KnockoutState, bracket: Bracket, lang: str, top: float) -> None:
    """The rounds as columns and the champion's box; connectors from each match to the next."""
    width, _ = PAGE
    bottom = MARGIN + 10 * mm
    rounds = len(bracket.rounds)
    gap = 9 * mm
    col_w = (width - 2 * MARGIN - gap * rounds) / (rounds + 1)
    first = len(bracket.rounds[0])
    slot = (top - 14 - bottom) / first  # the height of one round-1 match's slot
    box_h = min(slot * 0.82, 34.0)
    size = max(4.5, min(10.0, box_h / 2 * 0.62))
    centres: dict[str, float] = {}
    for r, rnd in enumerate(bracket.rounds):
        x = MARGIN + r * (col_w + gap)
        name = tr(bracket.round_label(r + 1), lang)  # the domain's names of the rounds
        draw_fitted(c, name.upper(), x, top, col_w, 10, bold=True)
        span = slot * 2**r
        for k, m in enumerate(rnd):
            cy = top - 14 - span * (k + 0.5)
            centres[m.id] = cy
            _draw_match(c, state, m, x, cy - box_h / 2, col_w, box_h, size, lang)
            c.setStrokeColor(RULE)
            c.setLineWidth(0.6)
            mid = x + col_w + gap / 2
            target = top - 14 - span * 2 * (k // 2 + 0.5) if r + 1 < rounds else cy
            c.line(x + col_w, cy, mid, cy)
            c.line(mid, cy, mid, target)
            if k % 2 == 0 or r + 1 == rounds:
                c.line(mid, target, x + col_w + gap, target)
    # the champion
    x = MARGIN + rounds * (col_w + gap)
    cy = top - 14 - slot * first / 2
    champion = bracket.champion
    draw_fitted(c, tr(message("CHAMPION"), lang), x, top, col_w, 10, bold=True)
    ch_h = max(box_h, 30.0)
    c.setFillColor(CHAMPION_FILL if champion is not None else colors.white)
    c.setStrokeColor(INK)
    c.setLineWidth(1.4)
    c.rect(x, cy - ch_h / 2, col_w, ch_h, stroke=1, fill=1)
    c.setFillColor(INK)
    if champion is not None:
        draw_fitted(
            c,
            tr(message("Champion"), lang),
            x + 4,
            cy + 2,
            col_w - 8,
            8,
            color=MUTED,
            align="center",
        )
        _fitted(
            c, pair_label(state, champion), x + 4, cy - 10, col_w - 8, 12, bold=True, align="center"
        )
    else:
        draw_fitted(
            c,
            tr(message("to be decided"), lang),
            x + 4,
            cy - 3,
            col_w - 8,
            9,
            color=MUTED,
            align="center",
        )


def bracket_pdf(state: KnockoutState, *, lang: str = "it") -> bytes:
    """The knockout event's bracket on one A4 landscape page (art. 9): rounds as columns
    named by :meth:`Bracket.round_label`, every match with its pairs and games won, round-1
    byes, winners in bold advancing, the champion at the right; games lost by an art. 10
    irregularity marked. Before the draw, the registered pairs are listed instead."""
    check_lang(lang)
    title = tr(message("{event} — Bracket", event=state.config.name), lang)
    c, buf = new_canvas(title, PAGE)
    width, height = PAGE
    top = height - MARGIN
    draw_fitted(c, state.config.name, MARGIN, top - 16, width - 2 * MARGIN, 18, bold=True)
    bracket = state.bracket
    facts = [
        tr(ngettext("Bracket: {count} pair", "Bracket: {count} pairs", len(state.pairs)), lang)
    ]
    if bracket is not None:
        seeded = bracket.method == "seeded"
        drawn = (
            message("draw")
            if state.draw_number is None
            else message("draw (draw number {number})", number=state.draw_number)
        )
        facts.append(tr(message("seeded") if seeded else drawn, lang))
    code = state.code
    rule = ngettext(
        "matches best of {games} games: {count} won goes through ({article})",
        "matches best of {games} games: {count} won go through ({article})",
        code.match_wins,
        games=code.match_games,
        article=state.cite("knockout_match"),
    )
    facts.append(tr(rule, lang))
    draw_fitted(c, " · ".join(facts), MARGIN, top - 32, width - 2 * MARGIN, 10, color=MUTED)
    if bracket is None or not bracket.rounds:
        y = top - 60
        draw_fitted(
            c,
            tr(message("Bracket not drawn yet"), lang),
            MARGIN,
            y,
            width - 2 * MARGIN,
            14,
            bold=True,
        )
        for n in sorted(state.pairs):
            y -= 14
            if y < MARGIN:
                break
            draw_fitted(c, pair_label(state, n), MARGIN, y, width / 2, 11)
        if bracket is not None and bracket.champion is not None:
            y -= 20
            champion = pair_label(state, bracket.champion)
            text = tr(message("Champion: {pair}", pair=champion), lang)
            draw_fitted(c, text, MARGIN, y, width - 2 * MARGIN, 14, bold=True)
    else:
        _tree(c, state, bracket, lang, top - 56)
    fees = euros(state.fees_collected_cents)
    foot = [tr(message("Entry fees: € {amount}", amount=fees), lang)]
    irregular = sum(
        1 for m in (bracket.matches() if bracket else ()) for g in m.games if g.irregularity
    )
    if any(m.is_walkover for m in (bracket.matches() if bracket else ())):
        walkover = message(
            "walkover: the match is won without playing, the other pair did not show up "
            "({article})",
            article=state.cite("knockout_match"),
        )
        foot.append(tr(walkover, lang))
    if irregular:
        lost = message(
            "* games lost by an irregularity ({article}): {count}",
            article=state.cite("irregularities"),
            count=irregular,
        )
        foot.append(tr(lost, lang))
    c.setFont(FONT, 8)
    c.setFillColor(MUTED)
    c.drawString(MARGIN, MARGIN - 4, " · ".join(foot))
    c.drawRightString(width - MARGIN, MARGIN - 4, "arbitro")
    c.showPage()
    c.save()
    return buf.getvalue()


__all__ = ["bracket_pdf"]
