"""Letter cards of Burraco Parole (art. 1.2): notation, the deck, values, seat-draw strength.

A card is written as itself: an upper-case letter ``A``..``Z``, ``?`` for a jolly, ``!`` for a
pinella (DESIGN.md). In code a card is that one-character string; :func:`parse_cards` checks
it. A hand or a word is written as its cards side by side (``CA?A``); spaces are ignored.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TypeAlias

from arbitro.codes.burraco_parole import JOLLY, PINELLA, BurracoParoleCode, burraco_parole
from arbitro.errors import ArbitroError
from arbitro.games.parole.errors import article

Card: TypeAlias = str
"""One letter card: ``"A"``..``"Z"``, ``"?"`` (jolly) or ``"!"`` (pinella)."""

WILDS = frozenset((JOLLY, PINELLA))
"""The wilds (*matte*): jolly and pinella (art. 1.2, art. 4.4)."""


def is_wild(c: Card) -> bool:
    """True for a jolly or a pinella (art. 4.4 "Impiego delle matte")."""
    return c in WILDS


def parse_cards(text: str, code: BurracoParoleCode | None = None) -> tuple[Card, ...]:
    """Parse letter cards (``"CA?A"``, ``"c a ? a"``); unknown symbols raise ArbitroError.

    Letters are upper-cased; a foreign letter (J K W X Y) is refused unless the code plays the
    68-card deck (art. 1.2).
    """
    c = code or burraco_parole()
    allowed = set(c.alphabet) | WILDS
    out = []
    for ch in text:
        if ch.isspace() or ch in ",;":
            continue
        up = ch.upper()
        if up not in allowed:
            if up in c.foreign:
                raise ArbitroError(
                    "not a card: {card!r} (a foreign letter, out of the Italian deck); "
                    "write the letter, ? for a jolly, ! for a pinella",
                    card=ch,
                    article=article("deck"),
                    key="parole.bad_card",
                )
            raise ArbitroError(
                "not a card: {card!r}; write the letter, ? for a jolly, ! for a pinella",
                card=ch,
                article=article("deck"),
                key="parole.bad_card",
            )
        out.append(up)
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards side by side, the notation :func:`parse_cards` reads."""
    return "".join(cards)


def deck(code: BurracoParoleCode | None = None) -> tuple[Card, ...]:
    """The deck in new-deck order: 58 cards for Italian, 68 with foreign letters (art. 1.2).

    Consonants twice, vowels four times, foreign letters twice (68-card deck only), four
    pinelle, two jolly.
    """
    c = code or burraco_parole()
    out: list[Card] = []
    for letter in c.consonants:
        out += [letter] * c.consonant_copies
    for letter in c.vowels:
        out += [letter] * c.vowel_copies
    if c.foreign_letters:
        for letter in c.foreign:
            out += [letter] * c.foreign_copies
    out += [PINELLA] * c.pinelle + [JOLLY] * c.jolly
    return tuple(out)


def deck_counts(code: BurracoParoleCode | None = None) -> Counter[Card]:
    """How many of each card the deck holds (art. 1.2)."""
    return Counter(deck(code))


def shuffled_deck(rng: random.Random, code: BurracoParoleCode | None = None) -> tuple[Card, ...]:
    """The deck shuffled with ``rng`` and cut at a random place (art. 3.4)."""
    cards = list(deck(code))
    rng.shuffle(cards)
    cut = rng.randrange(1, len(cards))
    return tuple(cards[cut:] + cards[:cut])


def card_value(c: Card, code: BurracoParoleCode | None = None) -> int:
    """A card's value in points: jolly 30, pinella 20, green 15, red 10, yellow 5 (art. 1.2, 5)."""
    return (code or burraco_parole()).letter_values[c]


def cards_value(cards: Iterable[Card], code: BurracoParoleCode | None = None) -> int:
    """The values of ``cards`` added up (art. 5)."""
    values = (code or burraco_parole()).letter_values
    return sum(values[c] for c in cards)


def seat_draw_key(c: Card, code: BurracoParoleCode | None = None) -> int:
    """Strength of a card drawn for seats (art. 3.3): higher is stronger.

    The order of art. 3.3's table: jolly, pinella, H Q J K W X Y Z, B C D ... V, A E I O U.
    """
    order = (code or burraco_parole()).seat_draw_order
    return len(order) - order.index(c)


@dataclass(frozen=True, slots=True)
class SeatDraw:
    """The outcome of the seat draw (art. 3.3): who chooses and who deals.

    ``first`` drew the highest card: chooses line and place, fills in the score sheet (art.
    12.1) and is served first; ``dealer`` is the opponent who drew the lower card.
    """

    first: str
    dealer: str


def seat_draw(
    draws: Mapping[str, Card], pairs: tuple[tuple[str, str], tuple[str, str]]
) -> SeatDraw | None:
    """Resolve the seat draw of art. 3.3 for two pairs; None when a tie means drawing again.

    ``draws`` maps each player to the card turned up; ``pairs`` names the two pairs. The highest
    card wins; the dealer is the winner's opponent with the lower card. Two identical cards tie:
    if the tie is for the highest card, or between the two opponents, the draw is repeated.
    """
    players = [p for pair in pairs for p in pair]
    if sorted(players) != sorted(draws) or len(set(players)) != 4:
        raise ArbitroError(
            "the seat draw needs one card for each of the four players",
            article=article("seat_draw"),
            key="parole.seat_draw",
        )
    keys = {p: seat_draw_key(draws[p]) for p in players}
    best = max(keys.values())
    top = [p for p in players if keys[p] == best]
    if len(top) > 1:
        return None
    first = top[0]
    rivals = pairs[1] if first in pairs[0] else pairs[0]
    a, b = rivals
    if keys[a] == keys[b]:
        return None
    return SeatDraw(first, a if keys[a] < keys[b] else b)


__all__ = [
    "WILDS",
    "Card",
    "SeatDraw",
    "card_value",
    "cards_value",
    "deck",
    "deck_counts",
    "format_cards",
    "is_wild",
    "parse_cards",
    "seat_draw",
    "seat_draw_key",
    "shuffled_deck",
]
