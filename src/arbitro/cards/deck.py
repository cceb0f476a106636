"""Decks of French cards and the dealer's operations: seeded shuffle, cut and deal.

A deck is a tuple of cards, top card first (index 0 is the top, the last item the bottom).
Randomness only comes from the ``random.Random`` the caller passes in, so a seed replays a deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from arbitro.cards.card import Card, iter_french
from arbitro.codes.citation import FRENCH, deck_citation
from arbitro.errors import ArbitroError

BURRACO_DECKS = 2
"""Burraco is played with two 54-card French decks (FIBAS art. 2 "Mazzo", art. 3)."""
JOKERS_PER_DECK = 2
"""A French deck of 54 cards holds 52 cards and 2 jokers (FIBAS art. 3)."""


def french_deck(jokers: int = JOKERS_PER_DECK) -> tuple[Card, ...]:
    """One French deck in new-deck order: 52 cards (H, D, C, S; A..K) then ``jokers`` jokers."""
    return tuple(iter_french(jokers))


def burraco_deck() -> tuple[Card, ...]:
    """The Burraco deck: two 54-card French decks, 108 cards with 4 jokers (FIBAS art. 3)."""
    return french_deck() * BURRACO_DECKS


def shuffled(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """The cards shuffled with ``rng`` (art. 6 point 1); the same seed gives the same order."""
    out = list(cards)
    rng.shuffle(out)
    return tuple(out)


def cut(cards: Sequence[Card], at: int) -> tuple[Card, ...]:
    """Cut the deck: lift the top ``at`` cards and put them under the rest (art. 2 "Tagliare").

    The cutter must lift at least one card and leave at least one (art. 2).
    """
    if not 1 <= at <= len(cards) - 1:
        raise ArbitroError(
            "invalid cut: {at} cards of {total} (at least one card each side)",
            at=at,
            total=len(cards),
            article=deck_citation(FRENCH, "cut"),
            key="cards.bad_cut",
        )
    return tuple(cards[at:]) + tuple(cards[:at])


def random_cut(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """Cut the deck at a place drawn with ``rng`` (at least one card each side, art. 2)."""
    return cut(cards, rng.randint(1, len(cards) - 1))


def deal_one_at_a_time(
    cards: Sequence[Card], hands: int, per_hand: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``per_hand`` cards to each of ``hands`` hands from the top, one card at a time.

    Hand 0 gets the first card (the player after the dealer, art. 6 point 2). Returns the hands
    and the cards left, top first.
    """
    need = hands * per_hand
    if need > len(cards):
        raise ArbitroError(
            "not enough cards: {need} needed, the deck has {have}",
            need=need,
            have=len(cards),
            article=deck_citation(FRENCH, "deal"),
            key="cards.short_deck",
        )
    dealt = tuple(tuple(cards[i:need:hands]) for i in range(hands))
    return dealt, tuple(cards[need:])


def missing_and_extra(
    cards: Sequence[Card], expected: Sequence[Card]
) -> tuple[Counter[Card], Counter[Card]]:
    """Cards missing from ``cards`` and cards in excess, against ``expected`` (art. 5, 27)."""
    have, want = Counter(cards), Counter(expected)
    return want - have, have - want
