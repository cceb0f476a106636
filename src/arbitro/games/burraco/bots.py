"""Two bots on the engine: random legal play and a greedy player; whole four-handed deals.

Both choose only among :meth:`Deal.legal_moves`, so every deal they play is legal by the code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from arbitro.games.burraco.deal import Deal, Phase, Seat
from arbitro.games.burraco.moves import DRAW, PICK_UP, Move, MoveKind
from arbitro.games.burraco.rules import WILD_INDICES, value_table


class Bot(Protocol):
    """Anything that picks a legal move for the player to play."""

    def choose(self, deal: Deal, rng: random.Random) -> Move:
        """A legal move for ``deal.turn``."""
        ...


class RandomBot:
    """Plays a move drawn uniformly from the legal moves."""

    def choose(self, deal: Deal, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        moves = deal.legal_moves()
        return moves[int(rng.random() * len(moves))]


class GreedyBot:
    """Melds whatever it can (naturals before wilds), then discards its least useful card.

    It picks up the discard pile when the top card can be melded or laid off at once.
    """

    def choose(self, deal: Deal, rng: random.Random) -> Move:
        """The greedy move: see the class docstring."""
        moves = deal.legal_moves()
        if deal.phase is Phase.DRAW:
            if PICK_UP in moves and self._pile_useful(deal):
                return PICK_UP
            return DRAW
        plays = [m for m in moves if m.kind is not MoveKind.DISCARD]
        if plays:
            natural = [m for m in plays if not any(c.index in WILD_INDICES for c in m.cards)]
            pool = natural or plays
            lay = [m for m in pool if m.kind is MoveKind.LAY_OFF]
            return (lay or pool)[0]
        discards = [m for m in moves if m.kind is MoveKind.DISCARD]
        return min(discards, key=lambda m: self._usefulness(deal, m))

    @staticmethod
    def _pile_useful(deal: Deal) -> bool:
        probe = deal.copy()
        probe.push(PICK_UP)
        top = deal.discard_pile[-1]
        return any(
            m.kind in (MoveKind.MELD, MoveKind.LAY_OFF) and top in m.cards
            for m in probe.legal_moves()
        )

    @staticmethod
    def _usefulness(deal: Deal, move: Move) -> tuple[int, int]:
        c = move.cards[0]
        if c.index in WILD_INDICES:
            return (100, 0)
        hand = deal.hand(deal.turn)
        score = 0
        for other in hand:
            if other is c or other.index in WILD_INDICES:
                continue
            if other.rank is c.rank:
                score += 3
            elif other.suit is c.suit and c.rank and other.rank:
                gap = abs(other.rank.value - c.rank.value)
                if gap <= 2:
                    score += 3 - gap
        return (score, -value_table(deal.code)[c.index])


def play_deal(
    deal: Deal, bots: Sequence[Bot], rng: random.Random, *, max_moves: int = 20_000
) -> Deal:
    """Play ``deal`` to its end with ``bots[i]`` at seat i (N, E, S, W); returns the deal.

    ``max_moves`` is a safety stop: a deal still on after it raises RuntimeError.
    """
    seats = list(Seat)
    for _ in range(max_moves):
        if deal.is_over:
            return deal
        deal.push(bots[seats.index(deal.turn)].choose(deal, rng))
    raise RuntimeError("deal did not end within max_moves")


__all__ = ["Bot", "GreedyBot", "RandomBot", "play_deal"]
