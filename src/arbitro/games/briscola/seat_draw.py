"""The draw for the dealer (art. 1): each player draws a card; the highest deals.

"Valore" is read by the order of art. 5 (asso highest, then 3, re, cavallo, fante, 7 ... 2).
Players tied on the highest value draw again with different cards until one is highest;
the others are out of the draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbitro.cards.italian import ALL_CARDS, ItalianCard, shuffled
from arbitro.codes.briscola import BriscolaCode
from arbitro.errors import ArbitroError
from arbitro.games.briscola.errors import article
from arbitro.games.briscola.rules import tables
from arbitro.games.briscola.seats import PLAY_ORDER, Seat


@dataclass(frozen=True, slots=True)
class DealerDraw:
    """The draw for the dealer: each round's cards by seat, and the dealer it found (art. 1)."""

    rounds: tuple[tuple[tuple[Seat, ItalianCard], ...], ...]
    dealer: Seat

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"rounds": [{"N": "3B", ...}, ...], "dealer": "N"}``."""
        return {
            "rounds": [{seat.value: str(c) for seat, c in rnd} for rnd in self.rounds],
            "dealer": self.dealer.value,
        }


def highest(
    draws: Mapping[Seat, ItalianCard], code: BriscolaCode | None = None
) -> tuple[Seat, ...]:
    """The seats that drew the highest value (art. 1, by the order of art. 5).

    One seat: the dealer. More: a tie, those players draw again. Two seats holding the same
    card is impossible and raises ArbitroError.
    """
    if not draws:
        raise ArbitroError(
            "no card drawn for the dealer",
            article=article("seat_draw"),
            key="briscola.empty_draw",
        )
    if len(set(draws.values())) != len(draws):
        raise ArbitroError(
            "two players cannot draw the same card",
            article=article("seat_draw"),
            key="briscola.same_card",
        )
    strength = tables(code)[0]
    top = max(strength[c.index] for c in draws.values())
    return tuple(s for s in PLAY_ORDER if s in draws and strength[draws[s].index] == top)


def draw_for_dealer(
    rng: random.Random,
    seats: Sequence[Seat] = PLAY_ORDER,
    code: BriscolaCode | None = None,
) -> DealerDraw:
    """Draw for the dealer with ``rng`` (art. 1): ties on the highest value draw again.

    Every round uses cards not drawn before ("con carte diverse"); should the deck run out
    (practically never) it is shuffled again.
    """
    deck = list(shuffled(ALL_CARDS, rng))
    contenders = list(seats)
    rounds: list[tuple[tuple[Seat, ItalianCard], ...]] = []
    while True:
        if len(deck) < len(contenders):
            deck = list(shuffled(ALL_CARDS, rng))
        drawn = {seat: deck.pop() for seat in contenders}
        rounds.append(tuple(drawn.items()))
        top = highest(drawn, code)
        if len(top) == 1:
            return DealerDraw(tuple(rounds), top[0])
        contenders = list(top)


__all__ = ["DealerDraw", "draw_for_dealer", "highest"]
