"""Two bots on the engine: random legal play and a greedy player; whole four-handed deals.

Both choose only among :meth:`Deal.legal_moves`, so every deal they play is legal by the code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from arbitro.games.parole.deal import SEATS, Deal, Phase
from arbitro.games.parole.letters import WILDS
from arbitro.games.parole.moves import DRAW, PICK_UP, Move, MoveKind

# Letters from the most to the least useful in Italian words (rough frequency order).
_USEFUL = "EAIONLRTSCDPUMVGBFHZQJKWXY"


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
    """Lays off before opening, prefers plays that make a burraco or use many points, keeps
    wilds, and discards its least useful letter. It picks up a discard pile it can use at once.
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
            return max(plays, key=lambda m: self._gain(deal, m))
        discards = [m for m in moves if m.kind is MoveKind.DISCARD]
        return max(discards, key=lambda m: self._uselessness(m.cards[0]))

    @staticmethod
    def _gain(deal: Deal, m: Move) -> tuple[int, int, int, int]:
        wilds = sum(1 for x in m.cards if x in WILDS)
        burraco = len(m.cards) >= deal.code.burraco_min_cards
        return (int(burraco), int(m.kind is MoveKind.LAY_OFF), -wilds, len(m.cards))

    @staticmethod
    def _uselessness(x: str) -> int:
        if x in WILDS:
            return -1
        return _USEFUL.index(x) if x in _USEFUL else len(_USEFUL)

    @staticmethod
    def _pile_useful(deal: Deal) -> bool:
        if len(deal.discard_pile) != 1:
            return len(deal.discard_pile) >= 3
        probe = deal.copy()
        probe.push(PICK_UP)
        top = deal.discard_pile[-1]
        return any(
            m.kind is MoveKind.MELD and top in m.cards
            for m in probe.legal_moves()
            if m.kind is not MoveKind.DISCARD
        )


def play_deal(
    deal: Deal, bots: Sequence[Bot], rng: random.Random, *, max_moves: int = 5_000
) -> Deal:
    """Play ``deal`` to its end with ``bots[i]`` at seat i (N, E, S, W); returns the deal.

    ``max_moves`` is a safety stop: a deal still on after it raises RuntimeError.
    """
    for _ in range(max_moves):
        if deal.is_over:
            return deal
        deal.push(bots[SEATS.index(deal.turn)].choose(deal, rng))
    raise RuntimeError("deal did not end within max_moves")


__all__ = ["Bot", "GreedyBot", "RandomBot", "play_deal"]
