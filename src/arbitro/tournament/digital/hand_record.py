"""A finished deal of a digital table as a record people read (issue 32: "every deal is
replayable", "hand records printed", kibitzers see a deal once it is over): the hands as
dealt round the table (North at the top), the dealer, every move said in words in the
reader's language, the melds on the table, the cards left and the deal's score; the full
position in the engine's notation kept for the arbiter. The hand records PDF and the public
page of a table both read it.

Every part comes from the engine's seat views (``hand``, ``areas``, ``scores``, ``faces``:
docs/digital-tables.md), so it never asks which game is played. A card is its view's
``faces`` label, else a French card with its suit's symbol (red for hearts and diamonds),
else as written (a Burraco Parole letter)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbitro.cards.card import Suit, parse_card
from arbitro.errors import ArbitroError
from arbitro.games.core.seats import Seat
from arbitro.i18n import N_, msg, ngettext, render
from arbitro.i18n.seats import named
from arbitro.tournament.digital.table import DigitalTable

SEAT_NAMES: dict[Seat, str] = {
    Seat.N: N_("North"),
    Seat.E: N_("East"),
    Seat.S: N_("South"),
    Seat.W: N_("West"),
}
PLACES: dict[Seat, tuple[int, int]] = {
    Seat.N: (0, 1),
    Seat.W: (1, 0),
    Seat.E: (1, 2),
    Seat.S: (2, 1),
}
"""A hand's place round the table: (row, column) of a 3x3 grid, North at the top."""
# The notation's verbs (docs/digital-tables.md) said as a record says them: who did what.
VERBS: dict[str, str] = {
    "draw": N_("draws from the stock"),
    "pickup": N_("picks up the discard pile"),
    "meld": N_("melds"),
    "open": N_("opens with"),
    "discard": N_("discards"),
    "timeout": N_("runs out of time"),
}
# Verbs whose first word is the number of a meld on the table (from 0; said from 1, as the
# phone numbers them).
TARGETED: dict[str, str] = {
    "layoff": N_("lays off on meld {meld}:"),
    "swap": N_("takes the joker from meld {meld}:"),
}
# The notation's other words: a wild laid at a run's low end (docs/notation-burraco.md).
WORDS: dict[str, str] = {"low": N_("at the low end")}


@dataclass(frozen=True, slots=True)
class Face:
    """A card as shown: its label and whether it is printed red."""

    text: str
    red: bool = False


Piece = Face | str
"""A word of a move said: a card, or text."""


@dataclass(frozen=True, slots=True)
class SeatCards:
    """A seat's cards: its name in the reader's language, its place round the table."""

    seat: Seat
    name: str
    place: tuple[int, int]
    cards: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class SaidMove:
    """A move: its number, the seat's name in the reader's language, its words."""

    n: int
    seat: str
    words: tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A finished deal, said in one language (:func:`deal_record`)."""

    deal: int
    dealer: str | None
    moves_said: str
    hands: tuple[SeatCards, ...]
    pile: tuple[Face, ...]
    moves: tuple[SaidMove, ...]
    melds: tuple[tuple[str, tuple[tuple[Face, ...], ...]], ...]
    left: tuple[SeatCards, ...]
    scores: tuple[tuple[str, str], ...]
    notation: str


def face(text: str, faces: Mapping[str, Any]) -> Face:
    """A card as shown: the view's face label (red if the face says so), else a French
    card with its suit's symbol, red for hearts and diamonds, else the text as written."""
    wild, sep, stands = text.partition("=")
    if sep and wild and stands:  # a wild and the card it stands for (Scala 40's JK=4S)
        stood = face(stands, faces)
        return Face(f"{face(wild, faces).text}({stood.text})", stood.red)
    given = faces.get(text)
    if isinstance(given, dict) and given.get("label"):
        return Face(str(given["label"]), bool(given.get("red")))
    try:
        card = parse_card(text)
    except ArbitroError:  # not a French card: a letter, as written
        return Face(text)
    return Face(card.unicode, card.suit in (Suit.HEARTS, Suit.DIAMONDS))


def said_move(text: str, faces: Mapping[str, Any], lang: str) -> tuple[Piece, ...]:
    """A move in the notation said in words in ``lang``: its verb as a record says it (a
    lay-off's meld numbered from 1, as the phone numbers them), its cards as cards (a wild
    with the card it stands for: ``JK(4♠)``); a move that is a card alone is that card
    played; a move with no words here stays as written."""
    verb, *rest = text.split()
    if verb in TARGETED and rest and rest[0].isdigit():
        said = render(msg(TARGETED[verb], meld=int(rest[0]) + 1), lang)
        rest = rest[1:]
    elif verb in VERBS:
        said = render(msg(VERBS[verb]), lang)
    elif not rest:
        return (render(msg(N_("plays")), lang), face(verb, faces))
    else:
        return (text,)
    words: list[Piece] = [said]
    for token in rest:
        words.append(render(msg(WORDS[token]), lang) if token in WORDS else face(token, faces))
    return tuple(words)


def _titled(item: Mapping[str, Any], lang: str) -> str:
    """An area's or a score's title in ``lang``, a seat it names by its name (``Melds of
    {seat}``: "Giochi di Ovest", not "di W")."""
    args = {k: named(str(v), lang) for k, v in (item.get("args") or {}).items()}  # N-S, E-O
    return render(msg(str(item["title"]), **args), lang)


def _seat_cards(
    seats: Sequence[Seat], views: Sequence[Mapping[str, Any]], faces: Mapping[str, Any], lang: str
) -> tuple[SeatCards, ...]:
    return tuple(
        SeatCards(
            s, render(msg(SEAT_NAMES[s]), lang), PLACES[s], tuple(face(c, faces) for c in v["hand"])
        )
        for s, v in zip(seats, views, strict=True)
    )


def _melds(
    views: Sequence[Mapping[str, Any]], faces: Mapping[str, Any], lang: str
) -> tuple[tuple[str, tuple[tuple[Face, ...], ...]], ...]:
    """The melds on the table, each group under its title as a seat that does not own it
    reads it (“your melds” names nobody), so that each title names its owner."""
    seen: dict[str, tuple[tuple[Face, ...], ...]] = {}
    for view in views:
        for area in view.get("areas") or []:
            if area.get("own"):
                continue
            title = _titled(area, lang)
            seen.setdefault(
                title, tuple(tuple(face(c, faces) for c in m["cards"]) for m in area["melds"])
            )
    return tuple(seen.items())


def deal_record(t: DigitalTable, deal: int, lang: str) -> DealRecord:
    """Deal ``deal`` of table ``t`` said in ``lang``: the hands as dealt, the dealer, the
    moves in words, the melds, the cards left, the score, the notation as dealt. The deal
    must be over (kibitzers see no deal in play)."""
    engine = t.engine
    d = t.deals[deal - 1]
    seats = t.seats_of(deal)  # three at a Scala 40 table of three (arts. 25, 26)
    game = engine.start(d.layout)
    dealt = [engine.view(game, s) for s in seats]
    notation = engine.position(game)
    faces: dict[str, Any] = {}
    for v in dealt:
        faces.update(v.get("faces") or {})
    for _, text in d.moves:
        turn = getattr(game, "turn", None)
        if isinstance(turn, Seat) and turn in seats:  # the mover's hand holds the card
            faces.update(engine.view(game, turn).get("faces") or {})
        game.push(engine.parse_move(text))
    if not game.is_over:
        raise ArbitroError("deal {deal} is not over yet", deal=deal, key="digital.in_play")
    final = [engine.view(game, s) for s in seats]
    for v in final:
        faces.update(v.get("faces") or {})
    dealer = str(dealt[0].get("dealer") or "")
    return DealRecord(
        deal=deal,
        dealer=render(msg(SEAT_NAMES[Seat(dealer)]), lang) if dealer in Seat.__members__ else None,
        moves_said=render(ngettext("{count} move", "{count} moves", len(d.moves)), lang),
        hands=_seat_cards(seats, dealt, faces, lang),
        pile=tuple(face(c, faces) for c in dealt[0].get("pile") or []),
        moves=tuple(
            SaidMove(n, render(msg(SEAT_NAMES[Seat(seat)]), lang), said_move(text, faces, lang))
            for n, (seat, text) in enumerate(d.moves, 1)
        ),
        melds=_melds(final, faces, lang),
        left=_seat_cards(seats, final, faces, lang),
        scores=tuple((_titled(s, lang), str(s["value"])) for s in final[0].get("scores") or []),
        notation=notation,
    )


def finished_records(t: DigitalTable, lang: str) -> list[DealRecord]:
    """Every finished deal of table ``t`` said in ``lang`` (a deal in play is left out)."""
    return [deal_record(t, d.number, lang) for d in t.deals if t.position(d.number).is_over]
