"""Burraco Parole moves (arts. 4-4.3, 7) and their notation.

A turn is: ``draw`` (*pesca*) or ``pickup`` (the whole discard pile, art. 4, 4.2); then any
``meld`` (open a word, art. 4.1) and ``layoff`` (*legare*: the word rewritten whole with the
new letters in place) moves; then one ``discard`` (art. 4.3). ``timeout`` is the arbiter's call
of art. 7. Notation, one move a line (cards in the letter notation, ``?`` jolly, ``!`` pinella)::

    draw | pickup | meld CASA | meld CA?A | layoff 0 CASSA | discard Q | timeout

``layoff N`` names the line's word by its 0-based place in the order the line opened them.
"""

from __future__ import annotations

from typing import NamedTuple

from arbitro.codes.burraco_parole import BurracoParoleCode
from arbitro.errors import ArbitroError
from arbitro.games.core.words_and_melds import MoveKind
from arbitro.games.parole.letters import Card, format_cards, parse_cards


class Move(NamedTuple):
    """One move: ``kind``, its ``cards`` (a word in table order, or the discard), ``target``.

    For a lay-off ``cards`` is the whole new word and ``target`` the word's number. An
    arbiter's ruling (:mod:`~arbitro.games.parole.arbiter`) also names its ``remedy``, the
    ``seat`` it concerns and ``extra`` cards (a healed word, or the discard of a closing).
    """

    kind: MoveKind
    cards: tuple[Card, ...] = ()
    target: int = -1
    remedy: str = ""
    seat: str = ""
    extra: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind is MoveKind.RULING:
            cards = format_cards(self.cards) or "-"
            extra = format_cards(self.extra) or "-"
            return f"ruling {self.remedy} {self.seat} {self.target} {cards} {extra}"
        words = [self.kind.value]
        if self.kind is MoveKind.LAY_OFF:
            words.append(str(self.target))
        if self.cards:
            words.append(format_cards(self.cards))
        return " ".join(words)


DRAW = Move(MoveKind.DRAW)
"""Draw the stock's top card (art. 4)."""
PICK_UP = Move(MoveKind.PICK_UP)
"""Take the whole discard pile (art. 4, 4.2)."""
TIME_OUT = Move(MoveKind.TIME_OUT)
"""The arbiter calls time (art. 7)."""


def meld(cards: tuple[Card, ...]) -> Move:
    """A move that opens a word with ``cards`` in table order (art. 4.1)."""
    return Move(MoveKind.MELD, tuple(cards))


def lay_off(target: int, cards: tuple[Card, ...]) -> Move:
    """A move that turns the line's word ``target`` into ``cards`` (art. 4.1, *legare*)."""
    return Move(MoveKind.LAY_OFF, tuple(cards), target)


def discard(c: Card) -> Move:
    """A move that discards ``c`` and ends the turn (art. 4.3)."""
    return Move(MoveKind.DISCARD, (c,))


def parse_move(text: str, code: BurracoParoleCode | None = None) -> Move:
    """Parse one move in the notation of this module; raises :class:`ArbitroError` if malformed."""
    words = text.split()
    head = words[0].lower() if words else ""
    try:
        if head in ("draw", "pickup", "timeout") and len(words) == 1:
            return Move(MoveKind(head))
        if head == "meld" and len(words) == 2:
            return meld(parse_cards(words[1].split("=", 1)[0], code))
        if head == "discard" and len(words) == 2:
            cards = parse_cards(words[1], code)
            if len(cards) == 1:
                return discard(cards[0])
        if head == "layoff" and len(words) == 3:
            return lay_off(int(words[1]), parse_cards(words[2].split("=", 1)[0], code))
        if head == "ruling" and len(words) == 6:
            _, remedy, seat, target, played, extra = words
            if seat.upper() in ("N", "E", "S", "W"):
                return Move(
                    MoveKind.RULING,
                    parse_cards("" if played == "-" else played, code),
                    int(target),
                    remedy,
                    seat.upper(),
                    parse_cards("" if extra == "-" else extra, code),
                )
    except (ValueError, ArbitroError):
        pass
    raise ArbitroError(
        "not a move: {text!r} (e.g. draw, pickup, meld CASA, layoff 0 CASSA, discard Q)",
        text=text,
        key="parole.bad_move",
    )


__all__ = [
    "DRAW",
    "PICK_UP",
    "TIME_OUT",
    "Move",
    "MoveKind",
    "discard",
    "lay_off",
    "meld",
    "parse_move",
]
