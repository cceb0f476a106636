"""The Scala 40 code's numbers as the engine uses them: card values, deck, seat draw, smallest.

Numbers come from :func:`arbitro.codes.scala40.scala40` (``scala40.toml``); this module only
turns them into lookup tables indexed by :attr:`Card.index`. Run places go from 1 (ace low)
to 14 (ace high, after the K), as in art. 9 ("l'Asso ... può essere legato sia al 2 o al K").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from arbitro.cards import ALL_CARDS, SUITS, Card, Rank, Suit, card, french_deck
from arbitro.cards.card import JOKER_INDEX
from arbitro.codes.scala40 import Scala40Code, scala40
from arbitro.games.core.cards_and_melds import code_table, rank_key

ACE_LOW: Final = 1
"""Run place of an ace before the 2."""
ACE_HIGH: Final = 14
"""Run place of an ace after the K (art. 9)."""


def scala40_deck(code: Scala40Code | None = None) -> tuple[Card, ...]:
    """The Scala 40 deck in new-deck order: two French decks of 54, 108 cards, 4 jokers (art. 1)."""
    c = code or scala40()
    return french_deck(c.cards_per_deck - 52) * c.french_decks


def penalty_table(code: Scala40Code | None = None) -> tuple[int, ...]:
    """Negative points by :attr:`Card.index`: joker 25, ace 11, K-10 ten, 9-2 face (art. 22)."""
    c = code or scala40()
    return code_table(
        "scala40.penalty", c, lambda: tuple(c.penalty_values[rank_key(x)] for x in ALL_CARDS)
    )


def opening_table(code: Scala40Code | None = None) -> tuple[int, ...]:
    """Opening value by :attr:`Card.index` of a natural card (art. 7); the joker's entry is 0.

    The ace's entry is 11; an ace standing before the 2 in a run is worth
    :attr:`Scala40Code.ace_low_value` instead (see :func:`place_value`).
    """
    c = code or scala40()
    return code_table(
        "scala40.opening",
        c,
        lambda: tuple(0 if x.rank is None else c.opening_values[x.rank.symbol] for x in ALL_CARDS),
    )


def penalty_points(cards: Sequence[Card], code: Scala40Code | None = None) -> int:
    """The negative points of ``cards`` left in hand at the end of a deal (art. 22)."""
    table = penalty_table(code)
    return sum(table[x.index] for x in cards)


def opening_value(c: Card, code: Scala40Code | None = None) -> int:
    """The opening value of a natural card outside a low run (art. 7): ace 11, K-10 ten..."""
    return opening_table(code)[c.index]


def place_value(place: int, code: Scala40Code | None = None) -> int:
    """The opening value of the card at run ``place`` (art. 7): the ace low is worth 1."""
    c = code or scala40()
    if place == ACE_LOW:
        return c.ace_low_value
    return c.opening_values["A" if place == ACE_HIGH else Rank(place).symbol]


def place_card(suit: Suit, place: int) -> Card:
    """The natural card standing at run ``place`` of ``suit`` (1 = ace low ... 14 = ace high)."""
    return card(Rank.ACE if place == ACE_HIGH else Rank(place), suit)


def places(c: Card) -> tuple[int, ...]:
    """The run places a natural card can stand at: the ace 1 or 14, the others their rank."""
    if c.rank is None:
        return ()
    return (ACE_LOW, ACE_HIGH) if c.rank is Rank.ACE else (c.rank.value,)


def strength(c: Card, code: Scala40Code | None = None) -> tuple[int, int]:
    """How high ``c`` ranks (art. 1): card rank (joker, A, K ... 2), then suit (H > D > C > S).

    Higher is stronger. Used for the seat draw (art. 3) and for the "smallest card" to discard
    (arts. 12, 20).
    """
    order = (code or scala40()).rank_order
    return (len(order) - order.index(rank_key(c)), -1 if c.suit is None else c.suit.strength)


def smallest(cards: Sequence[Card], code: Scala40Code | None = None) -> Card:
    """The smallest of ``cards`` by art. 1's rank (2 lowest ... ace, joker highest; arts. 12, 20)."""
    return min(cards, key=lambda x: strength(x, code))


def seat_draw_key(c: Card, code: Scala40Code | None = None) -> tuple[int, int]:
    """Strength of a card drawn for seats (art. 3): rank, then suit; two jokers tie and redraw."""
    return strength(c, code)


SUIT_INDEX: Final = {s: i for i, s in enumerate(SUITS)}
JOKER_I: Final = JOKER_INDEX


def highest(cards: Sequence[Card], code: Scala40Code | None = None) -> Card:
    """The card of highest value among ``cards`` (art. 16: "la carta di valore più alto"): by
    the points of art. 22 (joker 25, ace 11, K-10 ten, 9-2 face), equal values by art. 1's rank
    and suit (:func:`strength`)."""
    values = penalty_table(code)
    return max(cards, key=lambda x: (values[x.index], strength(x, code)))


__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "highest",
    "opening_table",
    "opening_value",
    "penalty_points",
    "penalty_table",
    "place_card",
    "place_value",
    "places",
    "rank_key",
    "scala40_deck",
    "seat_draw_key",
    "smallest",
    "strength",
]
