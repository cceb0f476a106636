"""A deal's row of a score sheet from the engine's score of each line (FIBAS art. 19; Parole
art. 5): the arbiter's deal carried into the event, and the demo's deals played by bots of
the event's game (its code's ``CodeSpec.bot_deal``). The checks of a typed deal against the
engine are the game's own (Burraco's: ``games/burraco/sheet_check.py``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from arbitro.codes.registry import bot_deal
from arbitro.games.core import Line
from arbitro.tournament.scoring.sheet import DealScore, LineDeal


class LineTotals(Protocol):
    """What a sheet's row takes of a line's score in a game of two lines: its base and its
    card points (FIBAS art. 19; Parole art. 5)."""

    @property
    def base(self) -> int:
        """The line's base (bonuses)."""
        ...

    @property
    def points(self) -> int:
        """The line's card points."""
        ...


def deal_score(scores: Mapping[Line, LineTotals]) -> DealScore:
    """A sheet's deal row from the engine's score of each line (base and card points)."""
    ns, ew = scores[Line.NS], scores[Line.EW]
    return DealScore(LineDeal(ns.base, ns.points), LineDeal(ew.base, ew.points))


def played_deal(rng: random.Random, code: str) -> DealScore:
    """A deal of ``code``'s game played to its end by bots (its spec's ``bot_deal``), as the
    sheet's row (art. 19)."""
    scores: Mapping[Line, LineTotals] = bot_deal(code)(rng)
    return deal_score(scores)
