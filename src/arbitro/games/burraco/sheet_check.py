"""Burraco's score sheets checked against the game: a deal's entry on a sheet compared with
the score of the position the engine computed (FIBAS art. 19, and art. 21 for what a mismatch
means), and a deal played by bots for a sheet (the demo's evening). Named by the code's spec
(``CodeSpec.bot_deal``), so that the services never name the game."""

from __future__ import annotations

import random
from collections.abc import Mapping

from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.codes.citation import cite
from arbitro.errors import ArbitroError
from arbitro.games.burraco.bots import GreedyBot, play_deal
from arbitro.games.burraco.deal import Deal
from arbitro.games.burraco.scoring import LineScore, check_entry
from arbitro.games.core import Line
from arbitro.tournament.scoring.sheet import SheetEntry


def check_deal(
    entry: SheetEntry,
    deal_number: int,
    scores: Mapping[Line, LineScore],
    *,
    closed_room: bool = False,
) -> list[str]:
    """Differences between deal ``deal_number`` (1-based) of a sheet and the scored position
    (FIBAS art. 19); empty when the sheet agrees with the game."""
    deals = entry.closed_room if closed_room else entry.deals
    if deals is None or not 1 <= deal_number <= len(deals):
        raise ArbitroError(
            "the sheet has no deal {deal}",
            deal=deal_number,
            article=cite(burraco_fibas().code_id, "score_sheet"),
        )
    row = deals[deal_number - 1]
    problems = []
    for side, line, written in (("N-S", Line.NS, row.ns), ("E-O", Line.EW, row.ew)):
        problems += [
            f"{side}: {p}"
            for p in check_entry(scores[line], base=written.base, points=written.points)
        ]
    return problems


def played_scores(rng: random.Random) -> Mapping[Line, LineScore]:
    """A deal shuffled from ``rng`` and played to its end by four greedy bots: each line's
    score (base and card points, art. 19), for a sheet's row."""
    deal = play_deal(Deal.shuffled(rng), [GreedyBot()] * 4, rng)
    return deal.scores()
