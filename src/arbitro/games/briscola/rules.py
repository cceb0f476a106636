"""The regulation's numbers as the engine uses them: trick strength, card points, winner.

Numbers come from :func:`arbitro.codes.briscola.briscola` (``briscola.toml``); this module
turns them into lookup tables indexed by :attr:`ItalianCard.index`.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.cards.italian import ALL_CARDS, ItalianCard, Suit
from arbitro.codes.briscola import BriscolaCode, briscola

_TABLES: dict[int, tuple[BriscolaCode, tuple[int, ...], tuple[int, ...]]] = {}


def tables(code: BriscolaCode | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(strength, points) by card index: trick order of art. 5 (0 = the 2 ... 9 = the asso)
    and card points of art. 8 (asso 11, 3 10, re 4, cavallo 3, fante 2, others 0)."""
    code = code or briscola()
    hit = _TABLES.get(id(code))
    if hit is not None and hit[0] is code:
        return hit[1], hit[2]
    strength = tuple(code.trick_order.index(c.rank.value) for c in ALL_CARDS)
    points = tuple(code.card_points[c.rank.value] for c in ALL_CARDS)
    _TABLES[id(code)] = (code, strength, points)
    return strength, points


def card_points(c: ItalianCard, code: BriscolaCode | None = None) -> int:
    """The points of one card (art. 8 "carichi"): asso 11, 3 10, re 4, cavallo 3, fante 2."""
    return tables(code)[1][c.index]


def trick_strength(c: ItalianCard, code: BriscolaCode | None = None) -> int:
    """The card's place in the trick order of art. 5: 0 for the 2 ... 9 for the asso.

    It is also the card's "value" for the draw for the dealer (art. 1).
    """
    return tables(code)[0][c.index]


def beats(c: ItalianCard, best: ItalianCard, trump: Suit, code: BriscolaCode | None = None) -> bool:
    """True when ``c`` takes a trick that ``best`` is winning (art. 5).

    A trump beats any non-trump; otherwise only a higher card of the same suit beats.
    """
    if c.suit is best.suit:
        strength = tables(code)[0]
        return strength[c.index] > strength[best.index]
    return c.suit is trump


def winning_at(cards: Sequence[ItalianCard], strength: Sequence[int], trump: Suit) -> int:
    """The position (0 = the leader) of the card that wins ``cards`` by the trick order
    ``strength`` (indexed by card) and the ``trump`` suit (art. 5); see :func:`trick_winner`."""
    best = cards[0]
    at = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is best.suit:
            if strength[c.index] > strength[best.index]:
                best, at = c, i
        elif c.suit is trump:
            best, at = c, i
    return at


def trick_winner(
    cards: Sequence[ItalianCard], trump: Suit, code: BriscolaCode | None = None
) -> int:
    """The position (0 = the leader) of the card that wins the trick (art. 5).

    The highest trump wins; without trumps, the highest card of the suit led; a player who
    does not follow the suit led cannot win, so with no other card of that suit the leader wins.
    """
    return winning_at(cards, tables(code)[0], trump)


def trick_points(cards: Sequence[ItalianCard], code: BriscolaCode | None = None) -> int:
    """The points of the cards of a trick added up (art. 8)."""
    points = tables(code)[1]
    return sum(points[c.index] for c in cards)


__all__ = [
    "beats",
    "card_points",
    "tables",
    "trick_points",
    "trick_strength",
    "trick_winner",
    "winning_at",
]
