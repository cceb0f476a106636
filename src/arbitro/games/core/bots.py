"""Bots that play any game of the core: one :class:`Bot` protocol, random legal play and a
greedy player scored by the game's own hook. They choose only among
:meth:`~arbitro.games.core.game.Game.legal_moves`, so whatever they play is legal by the code."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from arbitro.games.core.game import Game
from arbitro.games.core.seats import Seat

G = TypeVar("G", bound=Game[Any])
G_contra = TypeVar("G_contra", bound=Game[Any], contravariant=True)
M = TypeVar("M")


class Bot(Protocol[G_contra]):
    """Anything that picks a legal move for the player to play."""

    def choose(self, game: G_contra, rng: random.Random) -> Any:
        """A legal move for ``game.turn``."""
        ...


class RandomBot:
    """Plays a move drawn uniformly from the legal moves, or from ``moves(game)``: a game
    whose complete list is long may give its bots a shorter one that still reaches every
    position (Burraco: the three-card openings and one-card lay-offs, which the longer
    openings and lay-offs are sequences of)."""

    def __init__(self, moves: Callable[[Any], Sequence[Any]] | None = None) -> None:
        self._moves = moves

    def choose(self, game: Game[M], rng: random.Random) -> M:
        """A uniformly random move of the list (one ``rng.random()`` draw, so that a seed
        replays the same deal whatever the game)."""
        moves: Sequence[M] = game.legal_moves() if self._moves is None else self._moves(game)
        return moves[int(rng.random() * len(moves))]


class GreedyBot(Generic[G, M]):
    """Plays the legal move its game's hook values most: ``value(game, move)``, the first of
    equal values in the order of :meth:`~arbitro.games.core.game.Game.legal_moves` (each game
    says what it prefers: melding naturals first, discarding its least useful card...), or of
    ``moves(game)`` where the game gives its bots a shorter list (see :class:`RandomBot`)."""

    def __init__(
        self,
        value: Callable[[G, M], float],
        moves: Callable[[G], Sequence[M]] | None = None,
    ) -> None:
        self._value = value
        self._moves = moves

    def choose(self, game: G, rng: random.Random) -> M:
        """The move of highest value for ``game.turn``."""
        moves: Sequence[M] = game.legal_moves() if self._moves is None else self._moves(game)
        best, best_value = moves[0], self._value(game, moves[0])
        for move in moves[1:]:
            v = self._value(game, move)
            if v > best_value:
                best, best_value = move, v
        return best


def play_out(
    game: G,
    bots: Bot[G] | Mapping[Seat, Bot[G]],
    rng: random.Random,
    *,
    max_moves: int = 100_000,
) -> G:
    """Play ``game`` to its end with ``bots`` (one for all seats, or one per seat); return it.
    More than ``max_moves`` moves raise ``RuntimeError`` (a game that cannot end is a bug)."""
    if isinstance(bots, Mapping):
        for _ in range(max_moves):
            if game.is_over:
                return game
            game.push(bots[game.turn].choose(game, rng))
    else:
        for _ in range(max_moves):
            if game.is_over:
                return game
            game.push(bots.choose(game, rng))
    raise RuntimeError(f"no end after {max_moves} moves")
