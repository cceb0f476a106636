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
from arbitro.codes.registry import BotGame
from arbitro.errors import ArbitroError
from arbitro.games.briscola.game import Game
from arbitro.games.briscola.rules import winning_at
from arbitro.games.briscola.seats import SEATS, Pair
from arbitro.games.core.bots import Bot as CoreBot
from arbitro.games.core.bots import GreedyBot as CoreGreedyBot
from arbitro.games.core.bots import RandomBot, play_out

Bot: TypeAlias = CoreBot[Game]
"""Anything that picks a legal card for the player to play (the core's protocol)."""

_FIRST: float = 1_000_000.0  # above any card's cheapness: the cards the greedy player prefers


def greedy_value(game: Game, card: ItalianCard) -> float:
    """The greedy player's value of playing ``card`` (the highest is played, the first of
    equals in hand order): a simple player of the trick in front of it.

    Leading, it plays its cheapest card (no points, low, not a trump). Following: when its
    partner is winning it loads points ("carica") with a non-trump; when it can take the
    trick it does so with the cheapest winning card if there are points on the table or the
    card is not a trump; otherwise it throws its cheapest card ("liscio").
    """
    # the engine's own tables and trick (this package's): called once a card in hand
    strength, points, trump, table = (
        game._strength,
        game._trick_points,
        game.trump_suit,
        game._table,
    )
    i = card.index
    is_trump = card.suit is trump
    cheap = -(is_trump * 1000 + points[i] * 10 + strength[i])  # trumps last, points, strength
    if not table:
        return cheap
    at = winning_at(table, strength, trump)
    if at == len(table) - 2:  # the partner is winning: load points with a non-trump
        return cheap if is_trump else _FIRST + points[i] * 10 + strength[i]
    best = table[at]
    wins = strength[i] > strength[best.index] if card.suit is best.suit else is_trump
    if wins and (not is_trump or sum(points[c.index] for c in table) > 0):
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


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}
"""The bots a knockout's games may be played by (``arbitro knockout play``), by name."""


def knockout_game(rng: random.Random, bots: tuple[str, str]) -> BotGame:
    """A knockout's game played out by two bots (the first pair's N-S, the second's E-W), on a
    deck shuffled with ``rng``: each pair's points (art. 8), the last trick's pair and the
    winner; an unknown bot is refused."""
    try:
        ns_bot, ew_bot = BOTS[bots[0]](), BOTS[bots[1]]()
    except KeyError as err:
        raise ArbitroError("unknown bot: {bot}", bot=str(err)) from None
    result = play_game(Game.shuffled(rng), [ns_bot, ew_bot, ns_bot, ew_bot], rng).result()
    side = {Pair.NS: 0, Pair.EW: 1}
    return BotGame(
        (result.points[Pair.NS], result.points[Pair.EW]),
        None if result.last_trick is None else side[result.last_trick],
        side[result.winner],
    )


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "greedy_value",
    "knockout_game",
    "play_game",
    "play_random_game",
]
