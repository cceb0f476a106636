"""Two bots on the engine: random legal play and a greedy player; whole games.

Both choose only among :meth:`Game.legal_moves` and look only at what their seat may see
(their hand, the cards on the table, the trump): never at the cards won (art. 6).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from arbitro.cards.italian import ItalianCard
from arbitro.games.briscola.game import Game
from arbitro.games.briscola.rules import tables
from arbitro.games.briscola.seats import PLAY_ORDER, SEATS


class Bot(Protocol):
    """Anything that picks a legal card for the player to play."""

    def choose(self, game: Game, rng: random.Random) -> ItalianCard:
        """A legal card for ``game.turn``."""
        ...


class RandomBot:
    """Plays a card drawn uniformly from the legal moves."""

    def choose(self, game: Game, rng: random.Random) -> ItalianCard:
        """A uniformly random card of the hand."""
        moves = game.legal_moves()
        return moves[int(rng.random() * len(moves))]


class GreedyBot:
    """A simple player of the trick in front of it.

    Leading, it plays its cheapest card (no points, low, not a trump). Following: when its
    partner is winning it loads points ("carica") with a non-trump; when it can take the
    trick it does so with the cheapest winning card if there are points on the table or the
    winner is not a trump; otherwise it throws its cheapest card ("liscio").
    """

    def choose(self, game: Game, rng: random.Random) -> ItalianCard:
        """The greedy card: see the class docstring."""
        hand = game.legal_moves()
        strength, points = tables(game.code)
        trump = game.trump_suit

        def cheap(c: ItalianCard) -> tuple[int, int, int]:
            return (c.suit is trump, points[c.index], strength[c.index])

        table = [c for _, c in game.table]
        if not table:
            return min(hand, key=cheap)
        best_at = 0
        for i in range(1, len(table)):
            c, b = table[i], table[best_at]
            if (c.suit is b.suit and strength[c.index] > strength[b.index]) or (
                c.suit is not b.suit and c.suit is trump
            ):
                best_at = i
        best = table[best_at]
        partner_winning = len(table) >= 2 and best_at == len(table) - 2
        if partner_winning:
            loads = [c for c in hand if c.suit is not trump]
            if loads:
                return max(loads, key=lambda c: (points[c.index], strength[c.index]))
            return min(hand, key=cheap)
        on_table = sum(points[c.index] for c in table)
        winners = [
            c
            for c in hand
            if (c.suit is best.suit and strength[c.index] > strength[best.index])
            or (c.suit is not best.suit and c.suit is trump)
        ]
        if winners:
            take = min(winners, key=cheap)
            if on_table > 0 or take.suit is not trump:
                return take
        return min(hand, key=cheap)


def play_game(
    game: Game, bots: Sequence[Bot], rng: random.Random, *, max_moves: int = 1_000
) -> Game:
    """Play ``game`` to its end with ``bots[i]`` at seat ``SEATS[i]`` (N, E, S, W).

    ``max_moves`` is a safety stop: a game still on after it raises RuntimeError.
    """
    by_turn = {seat: bots[SEATS.index(seat)] for seat in PLAY_ORDER}
    for _ in range(max_moves):
        if game.is_over:
            return game
        game.push(by_turn[game.turn].choose(game, rng))
    raise RuntimeError("game did not end within max_moves")


def play_random_game(rng: random.Random) -> Game:
    """One whole game with four random bots on a deck shuffled and cut with ``rng``.

    The fast path the benchmark measures: the same moves as :func:`play_game` with
    :class:`RandomBot` (a uniformly random card of the hand, pushed through the engine).
    """
    game = Game.shuffled(rng)
    rand = rng.random
    hands = game._hands
    push = game.push
    for _ in range(len(game.deck)):
        hand = hands[game._turn]
        push(hand[int(rand() * len(hand))])
    return game


__all__ = ["Bot", "GreedyBot", "RandomBot", "play_game", "play_random_game"]
