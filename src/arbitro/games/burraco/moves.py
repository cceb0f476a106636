"""Burraco moves (arts. 8-10, 16-18) and their notation.

A turn is a sequence of moves: ``draw`` (*pesca*, art. 9) or ``pickup`` (*raccolta* of the whole
discard pile, art. 10); then any ``meld`` (*apertura*) and ``layoff`` (*legare*) moves; then one
``discard`` (*scarto*). ``timeout`` is the arbiter's call of art. 17. Notation, one move a line::

    draw | pickup | meld 3H 4H 5H | layoff 2 6H | layoff 0 JK low | discard KS | timeout

``layoff N`` names the line's meld by its 0-based place in the order the line opened its melds.
"""

from __future__ import annotations

from typing import NamedTuple

from arbitro.cards import Card, format_cards, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.core.words_and_melds import MoveKind as MoveKind  # shared with Parole


class Move(NamedTuple):
    """One move: ``kind``, the ``cards`` it plays, the ``target`` meld of a lay-off.

    For a meld, ``cards`` are written in table order (see :mod:`~arbitro.games.burraco.melds`).
    ``low`` puts a wild laid off on a run at its low end instead of the high end.
    """

    kind: MoveKind
    cards: tuple[Card, ...] = ()
    target: int = -1
    low: bool = False

    def __str__(self) -> str:
        if self.kind is MoveKind.MELD:
            return f"meld {format_cards(self.cards)}"
        if self.kind is MoveKind.LAY_OFF:
            return f"layoff {self.target} {format_cards(self.cards)}" + (" low" if self.low else "")
        if self.kind is MoveKind.DISCARD:
            return f"discard {format_cards(self.cards)}"
        return str(self.kind.value)


# The moves without cards: draw the stock's top card (art. 9), take the whole discard pile
# (art. 10), the arbiter's call of time (art. 17).
DRAW, PICK_UP, TIME_OUT = (Move(k) for k in (MoveKind.DRAW, MoveKind.PICK_UP, MoveKind.TIME_OUT))


def meld(cards: tuple[Card, ...]) -> Move:
    """A move that opens a meld with ``cards`` (art. 11)."""
    return Move(MoveKind.MELD, cards)


def lay_off(target: int, cards: tuple[Card, ...], *, low: bool = False) -> Move:
    """A move that lays ``cards`` off on the line's meld number ``target`` (art. 2 "Legare")."""
    return Move(MoveKind.LAY_OFF, cards, target, low)


def discard(c: Card) -> Move:
    """A move that discards ``c`` and ends the turn (art. 8)."""
    return Move(MoveKind.DISCARD, (c,))


def parse_move(text: str) -> Move:
    """Parse one move in the notation of this module; raises :class:`ArbitroError` if malformed."""
    words = text.split()
    head = words[0].lower() if words else ""
    try:
        if head in ("draw", "pickup", "timeout") and len(words) == 1:
            return Move(MoveKind(head))
        if head == "meld" and len(words) > 1:
            return meld(parse_cards(" ".join(words[1:])))
        if head == "discard" and len(words) == 2:
            return discard(parse_cards(words[1])[0])
        if head == "layoff" and len(words) > 2:
            low = words[-1].lower() == "low"
            cards = parse_cards(" ".join(words[2 : len(words) - low]))
            if cards:
                return lay_off(int(words[1]), cards, low=low)
    except (ValueError, IndexError):
        pass
    raise ArbitroError(
        "not a move: {text!r} (e.g. draw, pickup, meld 3H 4H 5H, layoff 0 6H, discard KS)",
        text=text,
        key="burraco.bad_move",
    )
