"""The prize list for the ceremony (Parole art. 6.1): a block per category in the order the
director gave them (overall first), each prize with its place, the competitor and the prize in
large type, ties said with the rule that decided them, and the rule that one competitor takes
one prize."""

from __future__ import annotations

from reportlab.platypus import CondPageBreak, Flowable, KeepTogether

from arbitro.i18n import Message, message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import INK, MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note, spacer
from arbitro.services.prizes import (
    TIE_RULE_NAMES,
    PrizeLine,
    PrizeList,
    places_text,
    prize_text,
)
from arbitro.tournament.standings.prizes import TieRule

WIDTH = PAGE[0] - 2 * MARGIN
SIZE = 16  # the names read from the back of the room, and by the one reading them out


def _tie_note(line: PrizeLine) -> Message | None:
    if not line.tied_with:
        return None
    names = ", ".join(line.tied_with)
    if line.tie is TieRule.SPLIT:
        return message("level with {names}: prizes added and divided", names=names)
    if line.tie is TieRule.WINNERS_DECIDE:
        return message("level with {names}: the winners decide", names=names)
    return message("level with {names}: drawn by lot", names=names)


def _prize_of(line: PrizeLine, lang: str) -> str:
    """A line's prize; for tied winners who decide (art. 6.1 b) the prizes once, in all."""
    text = prize_text(line.prize)
    if line.tied_with and line.tie is TieRule.WINNERS_DECIDE:
        return tr(message("{prize} in all, for the winners to share", prize=text), lang)
    return text


def prizes_pdf(found: PrizeList, *, lang: str = "it", provisional: bool = False) -> bytes:
    """The prize list on A4 for the ceremony: per category its name and who may take it,
    then place, competitor (name and number) and prize, a tie's rule under the name; the
    rules of the list at the end (one competitor one prize, art. 6.1 for ties)."""
    check_lang(lang)
    title = tr(message("Prize list"), lang)
    story: list[Flowable] = [
        note(found.event_name, 12),
        heading(title, 26),
        note(
            tr(message("On the standings after round {round}.", round=found.after_round), lang),
            11,
            INK,
        ),
    ]
    if provisional:  # the standings may still change by a complaint (art. 14.1, FIBAS art. 39)
        story.append(
            note(tr(message("PROVISIONAL: the standings are not final yet."), lang), 14, INK)
        )
    story.append(spacer(8))
    header = [
        tr(message("Place"), lang),
        tr(message("Competitor"), lang),
        tr(message("Prize"), lang),
    ]
    widths = [56.0, 0.0, 160.0]
    widths[1] = WIDTH - sum(widths)
    for cat in found.categories:
        block: list[Flowable] = [heading(cat.name, 20), note(cat.rule.render(lang), 11)]
        if not cat.lines:
            block.append(note(tr(message("no prize given"), lang), 12, INK))
        else:
            rows: list[list[object]] = [list(header)]
            for line in cat.lines:
                tie = _tie_note(line)
                name = f"{line.name} ({line.competitor})"
                who: object = cell(name, SIZE, bold=True)
                if tie is not None:
                    who = [cell(name, SIZE, bold=True), note(tr(tie, lang), 10, INK)]
                rows.append(
                    [
                        cell(places_text(line.places), SIZE + 4, bold=True),
                        who,
                        cell(_prize_of(line, lang), SIZE, right=True),
                    ]
                )
            block.append(list_table(rows, widths, size=SIZE, right_columns=[2]))
        block.append(spacer(14))
        story += [CondPageBreak(120), KeepTogether(block)]
    rules = [
        tr(
            message(
                "One competitor takes one prize: the categories are given in the order above, each prize passing to the next eligible competitor."
            ),
            lang,
        ),
        tr(
            message(
                "Ties ({article}): {rule}.",
                article=found.tie_article,
                rule=TIE_RULE_NAMES[found.tie_rule],
            ),
            lang,
        ),
    ]
    if found.tie_rule is not TieRule.WINNERS_DECIDE:
        rules.append(tr(message("Seed of the draws: {seed}.", seed=found.seed), lang))
    story.append(note(" ".join(rules), 10))
    return build_document(f"{found.event_name} — {title}", story, lang=lang, footer=title)
