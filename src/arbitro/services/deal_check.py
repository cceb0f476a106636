"""Score sheets checked against the game: a deal's entry on a sheet compared with the score
of the position the engine computed (FIBAS art. 19, and art. 21 for what a mismatch means)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Deal, GreedyBot, Line, play_deal
from arbitro.games.burraco.scoring import LineScore, check_entry
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry


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


def check_deal(
    entry: SheetEntry,
    deal_number: int,
    scores: Mapping[Line, LineScore],
    *,
    closed_room: bool = False,
) -> list[str]:
    """Differences between deal ``deal_number`` (1-based) of a sheet and the scored position;
    empty when the sheet agrees with the game."""
    deals = entry.closed_room if closed_room else entry.deals
    if deals is None or not 1 <= deal_number <= len(deals):
        raise ArbitroError(
            "the sheet has no deal {deal}",
            deal=deal_number,
            article=cite(CodeId.BURRACO_FIBAS, "score_sheet"),
        )
    row = deals[deal_number - 1]
    problems = []
    for side, line, written in (("N-S", Line.NS, row.ns), ("E-O", Line.EW, row.ew)):
        problems += [
            f"{side}: {p}"
            for p in check_entry(scores[line], base=written.base, points=written.points)
        ]
    return problems


def played_deal(rng: random.Random) -> DealScore:
    """A deal played to its end by four greedy bots, as the sheet's row (art. 19)."""
    deal = play_deal(Deal.shuffled(rng), [GreedyBot()] * 4, rng)
    return deal_score(deal.scores())
