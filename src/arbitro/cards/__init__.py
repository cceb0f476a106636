"""French playing cards: cards, the notation of DESIGN.md, decks, seeded shuffle, cut and deal.

Italian 40-card decks live in :mod:`arbitro.cards.italian`; this package exports only the
French-card API.
"""

from arbitro.cards.card import (
    ALL_CARDS,
    JOKER,
    RANKS,
    SUITS,
    Card,
    Rank,
    Suit,
    card,
    card_from_index,
    format_cards,
    parse_card,
    parse_cards,
    sort_cards,
)
from arbitro.cards.deck import (
    burraco_deck,
    cut,
    deal_one_at_a_time,
    french_deck,
    missing_and_extra,
    random_cut,
    shuffled,
)

__all__ = [
    "ALL_CARDS",
    "JOKER",
    "RANKS",
    "SUITS",
    "Card",
    "Rank",
    "Suit",
    "burraco_deck",
    "card",
    "card_from_index",
    "cut",
    "deal_one_at_a_time",
    "format_cards",
    "french_deck",
    "missing_and_extra",
    "parse_card",
    "parse_cards",
    "random_cut",
    "shuffled",
    "sort_cards",
]
