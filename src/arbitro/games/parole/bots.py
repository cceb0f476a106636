"""Bots on the engine, the core's (:mod:`arbitro.games.core.bots`): random legal play, and a
greedy player whose Parole value hook is :func:`greedy_value`; whole four-handed deals.

Both choose only among :meth:`Deal.bot_moves`, a short part of :meth:`Deal.legal_moves` (the
three-card words and one-card lay-offs), so every deal they play is legal by the code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arbitro.games.core.bots import Bot, play_out
from arbitro.games.core.bots import GreedyBot as CoreGreedyBot
from arbitro.games.core.bots import RandomBot as CoreRandomBot
from arbitro.games.core.seats import SEATS
from arbitro.games.parole.deal import Deal
from arbitro.games.parole.letters import WILDS
from arbitro.games.parole.moves import PICK_UP, Move, MoveKind

# Letters from the most to the least useful in Italian words (rough frequency order).
_USEFUL = "EAIONLRTSCDPUMVGBFHZQJKWXY"


def greedy_value(deal: Deal, move: Move) -> float:
    """The greedy player's value of ``move``: it lays off before opening, prefers plays that
    make a burraco or use many cards, keeps wilds, discards its least useful letter and picks
    up a discard pile it can use at once. Any play is worth more than any discard."""
    k = move.kind
    if k is MoveKind.PICK_UP:
        return 1.0 if _pile_useful(deal) else -1.0
    if k is MoveKind.DRAW:
        return 0.0
    if k is MoveKind.DISCARD:
        x = move.cards[0]
        useless = -1 if x in WILDS else (_USEFUL.index(x) if x in _USEFUL else len(_USEFUL))
        return float(useless - 100)
    wilds = sum(1 for x in move.cards if x in WILDS)
    burraco = len(move.cards) >= deal.code.burraco_min_cards
    # the lexicographic (burraco, lay-off, -wilds, length) of the old greedy bot, as a number
    return 1e6 * burraco + 1e4 * (k is MoveKind.LAY_OFF) + 1e2 * (10 - wilds) + len(move.cards)


def _pile_useful(deal: Deal) -> bool:
    if len(deal.discard_pile) != 1:
        return len(deal.discard_pile) >= 3
    probe = deal.copy()
    probe.push(PICK_UP)
    top = deal.discard_pile[-1]
    return any(m.kind is MoveKind.MELD and top in m.cards for m in probe.bot_moves())


class RandomBot(CoreRandomBot):
    """The core's random bot among :meth:`Deal.bot_moves` (the short list)."""

    def __init__(self) -> None:
        super().__init__(Deal.bot_moves)


class GreedyBot(CoreGreedyBot[Deal, Move]):
    """The core's greedy bot with Burraco Parole's :func:`greedy_value`, among
    :meth:`Deal.bot_moves` (the short list)."""

    def __init__(self) -> None:
        super().__init__(greedy_value, Deal.bot_moves)


def play_deal(
    deal: Deal, bots: Sequence[Bot[Deal]], rng: random.Random, *, max_moves: int = 5_000
) -> Deal:
    """Play ``deal`` to its end with ``bots[i]`` at seat i (N, E, S, W); returns the deal.

    ``max_moves`` is a safety stop: a deal still on after it raises RuntimeError.
    """
    return play_out(deal, dict(zip(SEATS, bots, strict=True)), rng, max_moves=max_moves)


__all__ = ["Bot", "GreedyBot", "RandomBot", "greedy_value", "play_deal"]
