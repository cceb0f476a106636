"""Numbers no Scala 40 deal can give are refused with the article (seed 004; issue 27 saw
a deal with two players at 0, 1,500 negative points and 1-point hands accepted):

- only the player who closes ends a deal with no card (art. 19 "Chiusura del gioco";
  "Definizioni — Chiusura": "Aver calato tutte le carte in proprio possesso"): one 0 a deal;
- the cards left in hand count 25 a joker, 11 an ace, 10 the figures and ten, face value
  9 to 2 (art. 22): a hand with cards is worth 2 at least, never 1;
- a hand is at most the 13 cards dealt (art. 4), one more where an extra card was dealt
  and the result stands (art. 13): 4 jokers, 8 aces and 2 tens: 208 at most."""

from __future__ import annotations

import pytest

from arbitro.codes.scala40_scoring import (
    ScoreSheet,
    check_possible,
    impossible_points,
    max_hand_points,
)
from arbitro.errors import ArbitroError

PLAYERS = ("1", "2", "3", "4")


def test_art4_art22_the_largest_hand_is_208() -> None:
    """Art. 1, 4, 22: two decks give 4 jokers (25) and 8 aces (11); 14 cards at most:
    4x25 + 8x11 + 2x10 = 208."""
    assert max_hand_points() == 4 * 25 + 8 * 11 + 2 * 10 == 208


@pytest.mark.parametrize(
    ("row", "column", "words"),
    [
        ((0, 0, 30, 60), 1, "only the player who closes"),  # two closers (art. 19)
        ((0, 1, 30, 60), 1, "less than 2"),  # a 1-point hand (art. 22)
        ((0, 1500, 30, 60), 1, "more than 208"),  # 1,500 in one deal
    ],
)
def test_art19_art22_impossible_deals_are_named(
    row: tuple[int, ...], column: int, words: str
) -> None:
    """Art. 19, 22: each impossible number is named by deal and column; the sheet is
    refused citing art. 22."""
    sheet = ScoreSheet(PLAYERS, ((0, 10, 20, 30), row))
    ((deal, col, why),) = impossible_points(sheet)
    assert (deal, col) == (2, column) and words in why.render("en")
    with pytest.raises(ArbitroError) as refused:
        check_possible(sheet)
    assert "Scala 40 art. 22" in refused.value.message("it")


def test_art19_possible_deals_pass() -> None:
    """Art. 19, 21-22: one closer at 0, hands of 2 to 208; a deal without a closer (time out,
    art. 21) and the departed player's column (art. 25) are not refused."""
    sheet = ScoreSheet(PLAYERS, ((0, 2, 208, 60), (5, 10, 20, 30), (0, 7, None, 9)), "3")
    assert impossible_points(sheet) == []
    check_possible(sheet)
