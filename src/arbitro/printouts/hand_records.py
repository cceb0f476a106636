"""The hand records of a round's digital tables (issue 32: after the session, hand records
printed), A4, Italian or English: per table and deal, the position as dealt (each hand, the
face-down packets and the stock, in the engine's notation, one part a row), the moves in
order, and the final position. The engine writes the notation; the printout lays its parts
(``key cards | key cards | ...``) out whatever the game."""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether

from arbitro.errors import ArbitroError
from arbitro.i18n import message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note, spacer
from arbitro.services.digital_desk import replay, round_tables
from arbitro.tournament.event import EventState

WIDTH = PAGE[0] - 2 * MARGIN


def _parts(position: str) -> list[list[object]]:
    """A position's notation as rows: its part's name, the rest of it."""
    rows: list[list[object]] = []
    for part in position.split(" | "):
        key, _, rest = part.partition(" ")
        rows.append([cell(key, 9, bold=True), cell(rest or "—", 9)])
    return rows


def hand_records_pdf(state: EventState, round_number: int, *, lang: str = "it") -> bytes:
    """The hand records of round ``round_number``'s digital tables: each deal played, as
    dealt, its moves and its final position (the deals in play are left out: the public
    sees a deal once it is over). A round without a digital table is refused."""
    check_lang(lang)
    state.round(round_number)
    tables = round_tables(state, round_number)
    if not tables:
        raise ArbitroError(
            "round {round} has no digital table", round=round_number, key="digital.none"
        )
    title = tr(message("Hand records — Round {round}", round=round_number), lang)
    story: list[Flowable] = [note(state.config.name, 12), heading(title, 20)]
    head = [tr(message("Part"), lang), tr(message("Cards"), lang)]
    for t in tables:
        for d in t.deals:
            final = replay(t, d.number)
            if not final["over"]:
                continue
            dealt = replay(t, d.number, 0)
            moves = "  ".join(f"{m['n']}. {m['seat']} {m['move']}" for m in final["moves"])
            block: list[Flowable] = [
                heading(
                    tr(message("Table {table}, deal {deal}", table=t.table, deal=d.number), lang),
                    14,
                ),
                note(tr(message("As dealt"), lang), 10),
                list_table(
                    [head, *_parts(dealt["position"])], [22 * 2.8, WIDTH - 22 * 2.8], size=9
                ),
            ]
            story.append(KeepTogether(block))
            story += [
                note(tr(message("Moves"), lang), 10),
                note(moves, 8),
                note(tr(message("Final position"), lang), 10),
                list_table(
                    [head, *_parts(final["position"])], [22 * 2.8, WIDTH - 22 * 2.8], size=9
                ),
                spacer(12),
            ]
    footer = f"{state.config.name} · {title}"
    return build_document(title, story, lang=lang, footer=footer)
