"""A sheet's deal checked against the engine's score of the position (FIBAS art. 19)."""

from __future__ import annotations

import random

from arbitro.codes.ids import CodeId
from arbitro.games.burraco import Deal, GreedyBot, play_deal
from arbitro.games.burraco.sheet_check import check_deal
from arbitro.services.deal_check import deal_score
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, check_sheet

FIBAS: str = CodeId.BURRACO_FIBAS.value


def test_art19_sheet_written_from_a_played_deal_agrees_and_a_wrong_one_is_named() -> None:
    """Four greedy bots play a deal; the sheet row made from the engine's score passes the
    sheet's checks and agrees with the position; a row with 5 points more on E-W is named."""
    deal = play_deal(Deal.shuffled(random.Random(5)), [GreedyBot()] * 4, random.Random(5))
    assert deal.is_over
    scores = deal.scores()
    row = deal_score(scores)
    entry = SheetEntry((row, row))
    check_sheet(rules_for(FIBAS), entry, deals=2, teams=False)
    assert check_deal(entry, 1, scores) == []
    wrong = SheetEntry((DealScore(row.ns, LineDeal(row.ew.base, row.ew.points + 5)),))
    problems = check_deal(wrong, 1, scores)
    assert len(problems) == 1 and problems[0].startswith("E-O: punti")
