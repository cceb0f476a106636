"""The FIBAS code's numbers as the engine uses them: card values, wilds, run positions.

Numbers come from :func:`arbitro.codes.burraco_fibas.burraco_fibas` (``burraco_fibas.toml``);
this module only turns them into lookup tables indexed by :attr:`Card.index`.
"""

from __future__ import annotations

from typing import Final

from arbitro.cards import ALL_CARDS, JOKER, SUITS, Card, Rank, Suit, card
from arbitro.cards.card import JOKER_INDEX
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.games.core.cards_and_melds import code_table, rank_key

ACE_HIGH: Final = 14
"""Run position of an ace placed after the king (art. 13: "l'Asso può essere posto ... dopo il K")."""
PLAYERS: Final = 4
"""Four players at a Burraco table, two lines (art. 4)."""
TWO_INDICES: Final = frozenset(card(Rank.TWO, s).index for s in SUITS)
WILD_INDICES: Final = TWO_INDICES | {JOKER_INDEX}


def value_table(code: BurracoFibasCode | None = None) -> tuple[int, ...]:
    """Card values by :attr:`Card.index`: joker 30, 2 20, ace 15, K-8 10, 7-3 5 (art. 3)."""
    k = code or burraco_fibas()
    return code_table(
        "burraco.values", k, lambda: tuple(k.card_values[rank_key(c)] for c in ALL_CARDS)
    )


def card_value(c: Card, code: BurracoFibasCode | None = None) -> int:
    """The value of one card in match points (art. 3 "Valore delle carte")."""
    return value_table(code)[c.index]


def is_wild(c: Card) -> bool:
    """True for the wilds: the jokers and the 2s, the pinelle (art. 2 "Matta", art. 12)."""
    return c.index in WILD_INDICES


def position_card(suit: Suit, position: int) -> Card:
    """The natural card standing at ``position`` (1 = ace low ... 13 = K, 14 = ace high)."""
    return card(Rank.ACE if position == ACE_HIGH else Rank(position), suit)


def seat_draw_key(c: Card, code: BurracoFibasCode | None = None) -> tuple[int, int]:
    """Strength of a card drawn for seats: rank (Jolly, 2, A, K ... 3), then suit H>D>C>S.

    Higher is stronger (arts. 3, 5). Two jokers tie (both keep their priority and draw again).
    """
    order = (code or burraco_fibas()).rank_order
    strength = len(order) - order.index(rank_key(c))
    return (strength, -1 if c.suit is None else c.suit.strength)


__all__ = [
    "ACE_HIGH",
    "JOKER",
    "PLAYERS",
    "card_value",
    "is_wild",
    "position_card",
    "rank_key",
    "seat_draw_key",
    "value_table",
]
