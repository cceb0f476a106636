"""The Scala 40 bots on the core's: random legal play (:class:`RandomBot`) and the greedy
player (:class:`GreedyBot`, the core's greedy bot with the Scala 40 :func:`greedy_value`
hook); :func:`play_deal` plays whole deals with one bot per seat in playing order.

They choose among :meth:`Deal.bot_moves`, a short part of :meth:`Deal.legal_moves`, so every
deal they play is legal by the code.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from arbitro.cards import Card
from arbitro.games.core.bots import Bot, play_out
from arbitro.games.core.bots import GreedyBot as CoreGreedyBot
from arbitro.games.core.bots import RandomBot as CoreRandomBot
from arbitro.games.core.cards_and_melds import draw_value
from arbitro.games.scala40.deal import Deal
from arbitro.games.scala40.moves import Move, MoveKind
from arbitro.games.scala40.rules import penalty_table
from arbitro.games.scala40.solver import best_opening


def greedy_value(deal: Deal, move: Move) -> float:
    """How much the greedy player likes ``move``: it opens as soon as it can with the
    solver's best opening (art. 7), then takes jokers back with their cards (art. 6), melds,
    lays off naturals (a joker only near the end), and discards its least useful card; it
    takes the discard when the card goes down at once."""
    k = move.kind
    if k is MoveKind.DRAW or k is MoveKind.PICK_UP:
        return draw_value(k.value, lambda: _takes(deal)) or 0.0
    if k is MoveKind.OPEN:
        return 1000.0
    if k is MoveKind.SWAP:
        return 900.0
    if k is MoveKind.MELD:
        return 800.0 + len(move.melds[0])
    if k is MoveKind.LAY_OFF:
        joker = move.layoffs[0].tokens[0][0].is_joker
        return 700.0 if not joker or len(deal.hand(deal.turn)) <= 3 else -1e9
    use, penalty = _usefulness(_hand(deal), move, penalty_table(deal.code))
    return -use * 1000.0 + penalty


_LAST: list[tuple[object, object, tuple[Card, ...]]] = [(None, None, ())]


def _hand(deal: Deal) -> tuple[Card, ...]:
    """The hand of the player to play, computed once for all the discards valued in a row
    (kept for the same deal object and the same last move object, both held)."""
    last = deal.moves[-1] if deal.moves else None
    held, move, hand = _LAST[0]
    if held is not deal or move is not last or last is None:
        hand = deal.hand(deal.turn)
        _LAST[0] = (deal, last, hand)
    return hand


class RandomBot(CoreRandomBot):
    """The core's random bot among :meth:`Deal.bot_moves` (the short list)."""

    def __init__(self) -> None:
        super().__init__(Deal.bot_moves)


class GreedyBot(CoreGreedyBot[Deal, Move]):
    """The core's greedy bot valuing moves by :func:`greedy_value` (or ``value``) among
    :meth:`Deal.bot_moves` (the short list)."""

    def __init__(self, value: Callable[[Deal, Move], float] = greedy_value) -> None:
        super().__init__(value, Deal.bot_moves)


def _takes(deal: Deal) -> bool:
    hand = deal.hand(deal.turn)
    top = deal.discard_pile[-1]
    if deal.has_opened(deal.turn):
        if deal.lays_off(top) and not top.is_joker:
            return True
        found = best_opening([*hand, top], min_points=0, code=deal.code)
        return found is not None and any(top in m.cards for m in found.melds)
    found = best_opening([*hand, top], code=deal.code)
    return found is not None and any(top in m.cards for m in found.melds)


def _usefulness(hand: tuple[Card, ...], move: Move, table: Sequence[int]) -> tuple[int, int]:
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
    return (score, table[c.index])


def play_deal(
    deal: Deal, bots: Sequence[Bot[Deal]], rng: random.Random, *, max_moves: int = 20_000
) -> Deal:
    """Play ``deal`` to its closing with ``bots[i]`` at ``deal.order[i]`` (the core's
    :func:`~arbitro.games.core.bots.play_out`); more than ``max_moves`` raise RuntimeError."""
    return play_out(deal, dict(zip(deal.order, bots, strict=True)), rng, max_moves=max_moves)


__all__ = ["Bot", "GreedyBot", "RandomBot", "greedy_value", "play_deal"]
