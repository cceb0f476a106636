"""Bots on the engine core: random legal play (the core's :class:`RandomBot`), a greedy player
(the core's :class:`GreedyBot` with Briscola's :func:`greedy_value` hook); whole games.

Both choose only among :meth:`Game.legal_moves` and look only at what their seat may see
(their hand, the cards on the table, the trump): never at the cards won (art. 6).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeAlias

from arbitro.cards.italian import ItalianCard
from arbitro.games.briscola.game import Game
from arbitro.games.briscola.rules import tables, winning_at
from arbitro.games.briscola.seats import SEATS
from arbitro.games.core.bots import Bot as CoreBot
from arbitro.games.core.bots import GreedyBot as CoreGreedyBot
from arbitro.games.core.bots import RandomBot, play_out

Bot: TypeAlias = CoreBot[Game]
"""Anything that picks a legal card for the player to play (the core's protocol)."""

_FIRST: float = 1_000_000.0  # above any card's cheapness: the cards the greedy player prefers


def _cheap(c: ItalianCard, trump: object, strength: Sequence[int], points: Sequence[int]) -> int:
    """How much a card is worth keeping: trumps last, then by points, then by strength."""
    return (c.suit is trump) * 1000 + points[c.index] * 10 + strength[c.index]


def greedy_value(game: Game, card: ItalianCard) -> float:
    """The greedy player's value of playing ``card`` (the highest is played, the first of
    equals in hand order): a simple player of the trick in front of it.

    Leading, it plays its cheapest card (no points, low, not a trump). Following: when its
    partner is winning it loads points ("carica") with a non-trump; when it can take the
    trick it does so with the cheapest winning card if there are points on the table or the
    card is not a trump; otherwise it throws its cheapest card ("liscio").
    """
    strength, points = tables(game.code)
    trump = game.trump_suit
    cheap = -_cheap(card, trump, strength, points)
    table = [c for _, c in game.table]
    if not table:
        return cheap
    at = winning_at(table, strength, trump)
    if len(table) >= 2 and at == len(table) - 2:  # the partner is winning: load points
        if card.suit is trump:
            return cheap
        return _FIRST + points[card.index] * 10 + strength[card.index]
    best = table[at]
    wins = (card.suit is best.suit and strength[card.index] > strength[best.index]) or (
        card.suit is not best.suit and card.suit is trump
    )
    if wins and (card.suit is not trump or any(points[c.index] for c in table)):
        return _FIRST + cheap
    return cheap


class GreedyBot(CoreGreedyBot[Game, ItalianCard]):
    """The core's greedy bot valuing cards by :func:`greedy_value`."""

    def __init__(self) -> None:
        super().__init__(greedy_value)


def play_game(
    game: Game, bots: Sequence[Bot], rng: random.Random, *, max_moves: int = 1_000
) -> Game:
    """Play ``game`` to its end with ``bots[i]`` at seat ``SEATS[i]`` (N, E, S, W), by the
    core's :func:`~arbitro.games.core.play_out`.

    ``max_moves`` is a safety stop: a game still on after it raises RuntimeError.
    """
    return play_out(game, dict(zip(SEATS, bots, strict=True)), rng, max_moves=max_moves)


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


__all__ = ["Bot", "GreedyBot", "RandomBot", "greedy_value", "play_game", "play_random_game"]
