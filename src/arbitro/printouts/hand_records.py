"""The hand records of a round's digital tables (issue 32: after the session, hand records
printed), A4, Italian or English, for any game: per table and deal, the hands as dealt laid
out round the table (North at the top, as a bridge hand record), the dealer, the moves in
order in words, then the melds on the table, the cards left in hand and the deal's score,
and last the full position as dealt in the engine's notation (the stock and the face-down
packets, for the arbiter).

Every part comes from the engine's seat views (its ``hand``, ``areas``, ``scores`` and
``faces``: docs/digital-tables.md), so the printout never asks which game is played. A card
is printed as its view's ``faces`` label, else a French card with its suit's symbol (red for
hearts and diamonds), else as written (a Burraco Parole letter)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table, TableStyle

from arbitro.cards.card import Suit, parse_card
from arbitro.errors import ArbitroError
from arbitro.games.core.seats import Seat
from arbitro.i18n import N_, Message, message, msg, ngettext
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.style import FONT, FONT_BOLD, MARGIN, MUTED, PAGE, RULE, register_fonts
from arbitro.printouts.tables import build_document, heading, note, spacer
from arbitro.services.digital_desk import round_tables
from arbitro.tournament.digital.table import DigitalTable
from arbitro.tournament.event import EventState

WIDTH = PAGE[0] - 2 * MARGIN
RED = "#C8102E"

SEAT_NAMES: dict[Seat, Message] = {
    Seat.N: message("North"),
    Seat.E: message("East"),
    Seat.S: message("South"),
    Seat.W: message("West"),
}
# A hand's place round the table: (row, column) of a 3x3 grid, North at the top.
PLACES: dict[Seat, tuple[int, int]] = {
    Seat.N: (0, 1),
    Seat.W: (1, 0),
    Seat.E: (1, 2),
    Seat.S: (2, 1),
}
# The notation's verbs (docs/digital-tables.md) said as a record says them: who did what.
VERBS: dict[str, str] = {
    "draw": N_("draws from the stock"),
    "pickup": N_("picks up the discard pile"),
    "meld": N_("melds"),
    "open": N_("opens with"),
    "discard": N_("discards"),
    "timeout": N_("runs out of time"),
}
# The notation's other words: a wild laid at a run's low end (docs/notation-burraco.md).
WORDS: dict[str, str] = {"low": N_("at the low end")}
# Verbs whose first word is the number of a meld on the table (from 0; printed from 1, as
# the phone numbers them).
TARGETED: dict[str, str] = {
    "layoff": N_("lays off on meld {meld}:"),
    "swap": N_("takes the joker from meld {meld}:"),
}


def _style(size: float, *, bold: bool = False, color: Any = RULE) -> ParagraphStyle:
    register_fonts()
    return ParagraphStyle(
        "hand",
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=size * 1.25,
        textColor=color,
    )


def card_markup(text: str, faces: Mapping[str, Any]) -> str:
    """A card's printed form, as paragraph markup: the view's face label (red if the face
    says so), else a French card with its suit's symbol, red for hearts and diamonds, else
    the text as written."""
    face = faces.get(text)
    if isinstance(face, dict) and face.get("label"):
        label, red = str(face["label"]), bool(face.get("red"))
    else:
        try:
            card = parse_card(text)
        except ArbitroError:  # not a French card: a letter, as written
            return escape(text)
        label, red = card.unicode, card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    return f'<font color="{RED}">{escape(label)}</font>' if red else escape(label)


def cards_markup(cards: Sequence[str], faces: Mapping[str, Any]) -> str:
    """Cards as markup, a space between them; a dash when there are none."""
    return " ".join(card_markup(c, faces) for c in cards) or "—"


def move_markup(text: str, faces: Mapping[str, Any], lang: str) -> str:
    """A move in the notation said in words in ``lang``: its verb as the phone's button says
    it (a lay-off's meld numbered from 1, as the phone numbers them), its cards printed as
    cards; a move that is a card alone is that card played."""
    verb, *rest = text.split()
    if verb in TARGETED and rest and rest[0].isdigit():
        said = tr(msg(TARGETED[verb], meld=int(rest[0]) + 1), lang)
        rest = rest[1:]
    elif verb in VERBS:
        said = tr(msg(VERBS[verb]), lang)
    elif not rest:  # a card alone: that card played
        return f"{escape(tr(message('plays'), lang))} {card_markup(verb, faces)}"
    else:  # a move this printout has no words for: as written
        return escape(text)
    return " ".join([escape(said), *(_token(t, faces, lang) for t in rest)])


def _token(text: str, faces: Mapping[str, Any], lang: str) -> str:
    """A word of a move after its verb: a card, a wild and the card it stands for
    (``JK=4S``), one of the notation's :data:`WORDS`, or as written."""
    if text in WORDS:
        return escape(tr(msg(WORDS[text]), lang))
    wild, sep, stands = text.partition("=")
    if sep and wild and stands:
        return f"{card_markup(wild, faces)}({card_markup(stands, faces)})"
    return card_markup(text, faces)


def _table_melds(views: Sequence[Mapping[str, Any]]) -> list[tuple[Message, list[list[str]]]]:
    """The melds on the table, each group under its title as any seat reads it: a group a
    view calls its own ("your melds") is taken from a seat that does not own it, so that
    each title names its owner."""
    seen: dict[tuple[str, tuple[tuple[str, str], ...]], list[list[str]]] = {}
    for view in views:
        for area in view.get("areas") or []:
            if area.get("own"):
                continue
            args = tuple(sorted((str(k), str(v)) for k, v in (area.get("args") or {}).items()))
            seen.setdefault((str(area["title"]), args), [list(m["cards"]) for m in area["melds"]])
    return [(msg(title, **dict(args)), melds) for (title, args), melds in seen.items()]


def _deal_flowables(t: DigitalTable, deal: int, lang: str) -> list[Flowable]:
    """One deal's record: the hands round the table, the moves, the end, the notation."""
    engine = t.engine
    d = t.deals[deal - 1]
    game = engine.start(d.layout)
    dealt_views = [engine.view(game, s) for s in engine.seats]
    notation = engine.position(game)
    faces: dict[str, Any] = {}
    for v in dealt_views:
        faces.update(v.get("faces") or {})
    for _, text in d.moves:
        turn = getattr(game, "turn", None)
        if isinstance(turn, Seat) and turn in engine.seats:  # the mover's hand holds the card
            faces.update(engine.view(game, turn).get("faces") or {})
        game.push(engine.parse_move(text))
    final_views = [engine.view(game, s) for s in engine.seats]
    for v in final_views:
        faces.update(v.get("faces") or {})

    small, body, bold = _style(7.5), _style(8.5), _style(8.5, bold=True)
    dealer = str(dealt_views[0].get("dealer") or "")
    title = tr(message("Table {table}, deal {deal}", table=t.table, deal=deal), lang)
    facts = [tr(ngettext("{count} move", "{count} moves", len(d.moves)), lang)]
    if dealer in Seat.__members__:
        seat_name = tr(SEAT_NAMES[Seat(dealer)], lang)
        facts.insert(0, tr(message("dealer: {seat}", seat=seat_name), lang))

    grid: list[list[Any]] = [["", "", ""] for _ in range(3)]
    for seat, view in zip(engine.seats, dealt_views, strict=True):
        row, col = PLACES[seat]
        name = escape(tr(SEAT_NAMES[seat], lang))
        grid[row][col] = Paragraph(
            f"<b>{name}</b> ({len(view['hand'])})<br/>{cards_markup(view['hand'], faces)}", body
        )
    pile = dealt_views[0].get("pile") or []
    if pile:
        grid[1][1] = Paragraph(
            f"{escape(tr(message('Discard pile'), lang))}<br/>{cards_markup(pile, faces)}", small
        )
    hands = Table(grid, colWidths=[WIDTH / 3] * 3)
    hands.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))

    per_row = 3
    entries = [
        Paragraph(f"<b>{n}.</b> {escape(seat)} {move_markup(text, faces, lang)}", small)
        for n, (seat, text) in enumerate(d.moves, 1)
    ]
    rows = [entries[i : i + per_row] for i in range(0, len(entries), per_row)]
    if rows:
        rows[-1] += [""] * (per_row - len(rows[-1]))
    moves = Table(rows or [[""] * per_row], colWidths=[WIDTH / per_row] * per_row)
    moves.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])
    )

    end: list[list[Any]] = []
    for label, melds in _table_melds(final_views):
        shown = " · ".join(cards_markup(m, faces) for m in melds) or "—"
        end.append([Paragraph(escape(tr(label, lang)), bold), Paragraph(shown, body)])
    for seat, view in zip(engine.seats, final_views, strict=True):
        left = tr(message("Left in hand: {seat}", seat=tr(SEAT_NAMES[seat], lang)), lang)
        end.append(
            [Paragraph(escape(left), bold), Paragraph(cards_markup(view["hand"], faces), body)]
        )
    for score in final_views[0].get("scores") or []:
        said = tr(msg(str(score["title"]), **score.get("args", {})), lang)
        end.append([Paragraph(escape(said), bold), Paragraph(escape(str(score["value"])), body)])
    ending = Table(end, colWidths=[WIDTH * 0.3, WIDTH * 0.7])
    ending.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, MUTED),
            ]
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
        Paragraph(escape(notation), _style(6.5, color=MUTED)),
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
        for d in t.deals:
            if t.position(d.number).is_over:
                story += _deal_flowables(t, d.number, lang)
    footer = f"{state.config.name} · {title}"
    return build_document(title, story, lang=lang, footer=footer)
