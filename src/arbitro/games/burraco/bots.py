"""The core's bots on Burraco: random legal play (:class:`~arbitro.games.core.RandomBot`) and a
greedy player (:func:`GreedyBot`, the core's greedy bot with :func:`value`); whole deals.

Both choose only among :meth:`Deal.legal_moves`, so every deal they play is legal by the code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arbitro.games.burraco.deal import Deal
from arbitro.games.burraco.moves import PICK_UP, Move, MoveKind
from arbitro.games.burraco.rules import WILD_INDICES, value_table
from arbitro.games.core import SEATS, Bot, play_out
from arbitro.games.core import GreedyBot as CoreGreedyBot
from arbitro.games.core import RandomBot as CoreRandomBot
from arbitro.games.core.table import Phase

_DISCARD_FLOOR = -1_000_000.0


def value(deal: Deal, move: Move) -> float:
    """How much the greedy player likes ``move``; the first of the highest is played.

    Draw phase: pick up the pile when its top card can be melded or laid off at once (1),
    else draw (0). Play phase: melds and lay-offs before any discard; naturals before wilds;
    a lay-off before an opening (natural lay-off 4, natural opening 3, lay-off with a wild 2,
    opening with a wild 1). Discards: the least useful card (fewest neighbours of its rank or
    suit in hand, a wild the most useful), the highest value first among equals.
    """
    k = move.kind
    if k is MoveKind.DRAW:
        return 0.0
    if k is MoveKind.PICK_UP:
        return 1.0 if _pile_useful(deal) else -1.0
    if k is MoveKind.DISCARD:
        score, points = _usefulness(deal, move)
        return _DISCARD_FLOOR - (score * 1000 - points)
    if k is MoveKind.TIME_OUT:
        return _DISCARD_FLOOR * 2
    natural = not any(c.index in WILD_INDICES for c in move.cards)
    return (2.0 if natural else 0.0) + (2.0 if k is MoveKind.LAY_OFF else 1.0)


def _pile_useful(deal: Deal) -> bool:
    probe = deal.copy()
    probe.push(PICK_UP)
    top = deal.discard_pile[-1]
    # a card in a longer meld or lay-off is in a three-card one or a one-card lay-off too
    return any(
        m.kind in (MoveKind.MELD, MoveKind.LAY_OFF) and top in m.cards for m in probe.bot_moves()
    )


def _usefulness(deal: Deal, move: Move) -> tuple[int, int]:
    """How much the rest of the hand needs the discarded card: 3 for each natural of its rank,
    3 - gap for each natural of its suit up to two places away (a wild: 100)."""
    i = move.cards[0].index
    if i in WILD_INDICES:
        return (100, 0)
    h = deal._hands[deal._turn]
    q, r = divmod(i, 13)
    score = 0
    for other in range(4):
        if other != q:
            score += 3 * h[other * 13 + r]
    for gap in (1, 2):
        for rr in (r - gap, r + gap):
            if 0 <= rr < 13 and rr != 1:  # rank index 1 is the 2: a wild
                score += (3 - gap) * h[q * 13 + rr]
    return (score, value_table(deal.code)[i])


def RandomBot() -> CoreRandomBot:  # a bot's name, as callers use it
    """Random play: the core's :class:`~arbitro.games.core.RandomBot` among
    :meth:`Deal.bot_moves`."""
    return CoreRandomBot(Deal.bot_moves)


def GreedyBot() -> CoreGreedyBot[Deal, Move]:  # a bot's name, as callers use it
    """The greedy player: the core's :class:`~arbitro.games.core.GreedyBot` with :func:`value`
    among :meth:`Deal.bot_moves`."""
    return CoreGreedyBot(value, _greedy_moves)


def _greedy_moves(deal: Deal) -> list[Move]:
    """The moves the greedy player weighs: its melds and lay-offs while it has any (it plays
    them all before discarding, :func:`value`), else the discards; the draw phase's as listed."""
    moves = deal.bot_moves()
    if deal.phase is Phase.PLAY:
        plays = [m for m in moves if m.kind is MoveKind.MELD or m.kind is MoveKind.LAY_OFF]
        return plays or moves
    return moves


def play_deal(
    deal: Deal, bots: Sequence[Bot[Deal]], rng: random.Random, *, max_moves: int = 20_000
) -> Deal:
    """Play ``deal`` to its end with ``bots[i]`` at seat i (N, E, S, W); returns the deal.

    ``max_moves`` is a safety stop: a deal still on after it raises RuntimeError.
    """
    return play_out(deal, dict(zip(SEATS, bots, strict=True)), rng, max_moves=max_moves)


__all__ = ["Bot", "GreedyBot", "Phase", "RandomBot", "play_deal", "value"]
