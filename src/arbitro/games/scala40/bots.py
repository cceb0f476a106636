"""Two bots on the engine: random legal play and a greedy player; whole deals, four-handed.

Both choose only among moves the engine accepts, so every deal they play is legal by the code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from arbitro.cards import Card
from arbitro.games.scala40.deal import Deal, Phase
from arbitro.games.scala40.moves import DRAW, PICK_UP, Move, MoveKind, meld
from arbitro.games.scala40.rules import penalty_table
from arbitro.games.scala40.solver import best_opening


class Bot(Protocol):
    """Anything that picks a legal move for the player to play."""

    def choose(self, deal: Deal, rng: random.Random) -> Move:
        """A legal move for ``deal.turn``."""
        ...


class RandomBot:
    """Plays a move drawn uniformly from :meth:`Deal.legal_moves`."""

    def choose(self, deal: Deal, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        moves = deal.legal_moves()
        return moves[int(rng.random() * len(moves))]


class GreedyBot:
    """Opens as soon as it can with the solver's best opening (art. 7), then melds what the
    solver finds, lays off naturals, takes jokers back with their cards (art. 6), and discards
    its least useful card. It takes the discard when the card goes down at once."""

    def choose(self, deal: Deal, rng: random.Random) -> Move:
        """The greedy move: see the class docstring."""
        moves = deal.legal_moves()
        seat = deal.turn
        hand = deal.hand(seat)
        if deal.phase is Phase.DRAW:
            if PICK_UP in moves and self._takes(deal, hand):
                return PICK_UP
            return DRAW
        if not deal.has_opened(seat):
            opening = [m for m in moves if m.kind is MoveKind.OPEN]
            if opening:
                return opening[0]
        else:
            swaps = [m for m in moves if m.kind is MoveKind.SWAP]
            if swaps:
                return swaps[0]
            found = best_opening(hand, min_points=0, code=deal.code)
            if found is not None and found.melds:
                return meld(found.melds[0].tokens)
            lays = [
                m
                for m in moves
                if m.kind is MoveKind.LAY_OFF
                and (not m.layoffs[0].tokens[0][0].is_joker or len(hand) <= 3)
            ]
            if lays:
                return lays[0]
        discards = [m for m in moves if m.kind is MoveKind.DISCARD]
        return min(discards, key=lambda m: self._usefulness(deal, hand, m))

    @staticmethod
    def _takes(deal: Deal, hand: tuple[Card, ...]) -> bool:
        top = deal.discard_pile[-1]
        if deal.has_opened(deal.turn):
            if deal.lays_off(top) and not top.is_joker:
                return True
            found = best_opening([*hand, top], min_points=0, code=deal.code)
            return found is not None and any(top in m.cards for m in found.melds)
        found = best_opening([*hand, top], code=deal.code)
        return found is not None and any(top in m.cards for m in found.melds)

    @staticmethod
    def _usefulness(deal: Deal, hand: tuple[Card, ...], move: Move) -> tuple[int, int]:
        c = move.card
        assert c is not None
        if c.is_joker:
            return (100, 0)
        score = 0
        for other in hand:
            if other is c or other.is_joker or other.rank is None or c.rank is None:
                continue
            if other.rank is c.rank and other.suit is not c.suit:
                score += 3
            elif other.suit is c.suit:
                gap = abs(other.rank.value - c.rank.value)
                if 0 < gap <= 2:
                    score += 3 - gap
        return (score, -penalty_table(deal.code)[c.index])


def play_deal(
    deal: Deal, bots: Sequence[Bot], rng: random.Random, *, max_moves: int = 20_000
) -> Deal:
    """Play ``deal`` to its closing with ``bots[i]`` at ``deal.order[i]``; returns the deal.

    ``max_moves`` is a safety stop: a deal still on after it raises RuntimeError.
    """
    order = list(deal.order)
    for _ in range(max_moves):
        if deal.is_over:
            return deal
        deal.push(bots[order.index(deal.turn)].choose(deal, rng))
    raise RuntimeError("deal did not end within max_moves")


__all__ = ["Bot", "GreedyBot", "RandomBot", "play_deal"]
