"""Scala 40 moves (arts. 6-8, 19) and their notation.

A turn is ``draw`` (*pesca* from the stock) or ``pickup`` (*raccolta* of the discard, art. 6);
then, for a player who has not opened, one ``open`` (the opening of at least 40 points, art. 7,
several melds at once); for a player who has opened, any ``meld``, ``layoff`` and ``swap``
(taking a joker from the table with the card it stands for, art. 6); then one ``discard``.
Notation, one move a line::

    draw | pickup | open 7H 8H 9H | KS KD KC JK | meld 5C 6C 7C | layoff 2 8C 9C
    layoff 0 JK low | swap 3 7D | discard KS

Melds on the table are numbered from 0 in the order they were laid, whoever laid them.
A joker may be declared: ``JK=7D`` (art. 8). ``low`` puts a joker (or an ace that fits both
ends) at a run's low end. Inside ``open``, a group ``@N cards`` lays cards off on meld N: a
player who has not opened may close by laying off all the cards but the discard (art. 19).
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from arbitro.cards import Card, parse_card
from arbitro.errors import ArbitroError
from arbitro.games.scala40.melds import Token, format_tokens, parse_tokens, tokens_of


class MoveKind(Enum):
    """What a move does."""

    DRAW = "draw"
    PICK_UP = "pickup"
    OPEN = "open"
    MELD = "meld"
    LAY_OFF = "layoff"
    SWAP = "swap"
    DISCARD = "discard"
    RULING = "ruling"


class LayOff(NamedTuple):
    """Cards laid off on the table's meld number ``target`` (``low``: at a run's low end)."""

    target: int
    tokens: tuple[Token, ...]
    low: bool = False

    def __str__(self) -> str:
        return f"{self.target} {format_tokens(self.tokens)}" + (" low" if self.low else "")


class Move(NamedTuple):
    """One move: ``kind``; the ``melds`` it lays; the ``layoffs``; the ``card`` discarded or
    swapped and the ``target`` meld of a swap; a ``ruling`` (kind RULING) is the arbiter's
    change of the position (arts. 11-17) in words: ``freeze N``, ``penalize S cards``,
    ``restrict S draw_only no_draw must_discard|- no_close_turns``, ``discard X``, ``draw S``,
    ``split N keep`` (see the mutators of :class:`~arbitro.games.scala40.deal.Deal`)."""

    kind: MoveKind
    melds: tuple[tuple[Token, ...], ...] = ()
    layoffs: tuple[LayOff, ...] = ()
    card: Card | None = None
    target: int = -1
    ruling: tuple[str, ...] = ()

    def __str__(self) -> str:
        k = self.kind
        if k is MoveKind.OPEN:
            groups = [format_tokens(m) for m in self.melds]
            groups += [f"@{lo}" for lo in self.layoffs]
            return "open " + " | ".join(groups)
        if k is MoveKind.MELD:
            return f"meld {format_tokens(self.melds[0])}"
        if k is MoveKind.LAY_OFF:
            return f"layoff {self.layoffs[0]}"
        if k is MoveKind.SWAP:
            return f"swap {self.target} {self.card}"
        if k is MoveKind.DISCARD:
            return f"discard {self.card}"
        if k is MoveKind.RULING:
            return "ruling " + " ".join(self.ruling)
        return str(k.value)

    @property
    def played(self) -> tuple[Card, ...]:
        """The cards the move takes from the hand (melded, laid off, swapped or discarded)."""
        out = [c for m in self.melds for c, _ in m]
        out += [c for lo in self.layoffs for c, _ in lo.tokens]
        if self.card is not None:
            out.append(self.card)
        return tuple(out)


DRAW = Move(MoveKind.DRAW)
"""Draw the stock's top card (art. 6)."""
PICK_UP = Move(MoveKind.PICK_UP)
"""Take the discard pile's top card (art. 6)."""


def open_move(
    melds: tuple[tuple[Card | Token, ...], ...], layoffs: tuple[LayOff, ...] = ()
) -> Move:
    """The opening: ``melds`` laid at once for at least 40 points (art. 7), and lay-offs."""
    return Move(MoveKind.OPEN, tuple(tokens_of(m) for m in melds), layoffs)


def meld(cards: tuple[Card | Token, ...]) -> Move:
    """A move that lays a new meld (art. 9) by a player who has opened."""
    return Move(MoveKind.MELD, (tokens_of(cards),))


def lay_off(target: int, cards: tuple[Card | Token, ...], *, low: bool = False) -> Move:
    """A move that lays ``cards`` off on the table's meld ``target`` (art. 6 "legare")."""
    return Move(MoveKind.LAY_OFF, (), (LayOff(target, tokens_of(cards), low),))


def swap(target: int, c: Card) -> Move:
    """Put ``c`` in place of the joker of meld ``target`` that stands for it; take the joker."""
    return Move(MoveKind.SWAP, card=c, target=target)


def discard(c: Card) -> Move:
    """A move that discards ``c`` and ends the turn (art. 6)."""
    return Move(MoveKind.DISCARD, card=c)


def ruling(*words: str) -> Move:
    """The arbiter's ruling in words (``ruling("freeze", "3")``), a move of the stack so that
    :meth:`~arbitro.games.scala40.deal.Deal.pop` and the record replay it."""
    return Move(MoveKind.RULING, ruling=tuple(words))


def _layoff(words: list[str]) -> LayOff:
    low = words[-1].lower() == "low"
    tokens = parse_tokens(" ".join(words[1 : len(words) - low]))
    if not tokens:
        raise ValueError("no cards")
    return LayOff(int(words[0]), tokens, low)


def parse_move(text: str) -> Move:
    """Parse one move in the notation of this module; raises :class:`ArbitroError` if malformed."""
    words = text.split()
    head = words[0].lower() if words else ""
    try:
        if head in ("draw", "pickup") and len(words) == 1:
            return Move(MoveKind(head))
        if head == "open" and len(words) > 1:
            melds: list[tuple[Token, ...]] = []
            layoffs: list[LayOff] = []
            for group in " ".join(words[1:]).split("|"):
                g = group.split()
                if g and g[0].startswith("@"):
                    layoffs.append(_layoff([g[0][1:], *g[1:]]))
                elif g:
                    melds.append(parse_tokens(" ".join(g)))
            if melds or layoffs:
                return Move(MoveKind.OPEN, tuple(melds), tuple(layoffs))
        if head == "meld" and len(words) > 1:
            return Move(MoveKind.MELD, (parse_tokens(" ".join(words[1:])),))
        if head == "layoff" and len(words) > 2:
            return Move(MoveKind.LAY_OFF, (), (_layoff(words[1:]),))
        if head == "swap" and len(words) == 3:
            return swap(int(words[1]), parse_card(words[2]))
        if head == "discard" and len(words) == 2:
            return discard(parse_card(words[1]))
        if head == "ruling" and len(words) > 2:
            return ruling(*words[1:])
    except (ValueError, IndexError):
        pass
    raise ArbitroError(
        "not a move: {text!r} (e.g. draw, pickup, open 7H 8H 9H | KS KD KC, "
        "meld 5C 6C 7C, layoff 0 8C, swap 1 7D, discard KS)",
        text=text,
        key="scala40.bad_move",
    )


__all__ = [
    "DRAW",
    "PICK_UP",
    "LayOff",
    "Move",
    "MoveKind",
    "discard",
    "lay_off",
    "meld",
    "open_move",
    "parse_move",
    "ruling",
    "swap",
]
