"""Hand score by art. 19: bonuses (art. 15, 18), card values (art. 3), penalties."""

from __future__ import annotations

import pytest

from arbitro.cards import parse_cards
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.burraco import (
    Line,
    LinePosition,
    check_entry,
    parse_meld,
    score_position,
    score_table,
)

P = parse_cards


def test_art19_positive_and_negative_items() -> None:
    """Art. 19: clean burraco 200, closing 100, melds at card value, minus cards in hand."""
    melds = [parse_meld("3H 4H 5H 6H 7H 8H 9H"), parse_meld("KS KD KC")]
    sc = score_position(melds, [P("AS"), P("JK 3C")], closed=True)
    assert sc.burraco_bonus == 200 and sc.closing_bonus == 100 and sc.base == 300
    assert sc.melded == 5 * 5 + 2 * 10 + 30
    assert sc.in_hand == -(15 + 30 + 5)
    assert sc.points == 75 - 50 and sc.total == 300 + 25


def test_art19_pozzetto_not_taken_costs_100() -> None:
    """Art. 19: "POZZETTO NON PRESO 100 M.P." (negative)."""
    sc = score_position([parse_meld("3H 4H 5H")], [P("KS")], pozzetto_taken=False)
    assert sc.pozzetto == -100 and sc.points == 15 - 10 - 100


def test_art19_pozzetto_taken_and_not_played_counts_its_value() -> None:
    """Art. 19: "POZZETTO PRESO E NON GIOCATO (valore pozzetto)" (negative)."""
    sc = score_position([], [], unplayed_pozzetto=P("AH 2S JK KD 3C 3C 4D 5D 6D 7D 8D"))
    assert sc.pozzetto == -(15 + 20 + 30 + 10 + 5 * 6 + 10)


@pytest.mark.parametrize(
    ("melds", "base"),
    [
        (["4C 5C 6C 7C 8C 9C 10C"], 200),
        (["4C 5C 6C 7C 8C 9C 10C JK"], 150),
        (["4C 5C 6C JK 8C 9C 10C"], 100),
        (["4C 5C 6C 7C 8C 9C 10C", "QD QD QH QS QC QC 2S"], 300),
    ],
)
def test_art15_art19_burraco_bonuses(melds: list[str], base: int) -> None:
    """Arts. 15, 19: 200 clean, 150 semi-clean, 100 dirty, added per burraco."""
    assert score_position([parse_meld(m) for m in melds]).base == base


def test_art18_closing_needs_pozzetto_and_burraco() -> None:
    """Art. 18: a closing line must have taken its pozzetto and made a burraco."""
    with pytest.raises(ArbitroError) as err:
        score_position([parse_meld("3H 4H 5H")], closed=True)
    assert err.value.article == cite(CodeId.BURRACO_FIBAS, "closing")
    assert str(err.value.article) == "FIBAS art. 18"
    with pytest.raises(ArbitroError):
        score_position([parse_meld("3H 4H 5H 6H 7H 8H 9H")], closed=True, pozzetto_taken=False)


def test_art3_art27_table_refuses_impossible_positions() -> None:
    """Arts. 3, 27: no card more often than in the deck; art. 18: one closing; art. 32."""
    ns = LinePosition(melds=(parse_meld("AH AH AD"),))
    ew = LinePosition(melds=(parse_meld("AH AC AS"),))
    with pytest.raises(ArbitroError) as err:
        score_table({Line.NS: ns, Line.EW: ew})
    assert "AH" in err.value.it
    burraco = parse_meld("3H 4H 5H 6H 7H 8H 9H")
    both = LinePosition(melds=(burraco,), closed=True)
    other = LinePosition(melds=(parse_meld("3S 4S 5S 6S 7S 8S 9S"),), closed=True)
    with pytest.raises(ArbitroError):
        score_table({Line.NS: both, Line.EW: other})
    twice = LinePosition(melds=(parse_meld("5H 5D 5C"), parse_meld("5S 5S 5D")))
    with pytest.raises(ArbitroError) as err:
        score_table({Line.NS: twice})
    assert str(err.value.article) == "FIBAS art. 32"


def test_art19_art21_check_a_score_sheet_entry() -> None:
    """Arts. 19, 21: a sheet entry is checked against the scored position."""
    sc = score_position([parse_meld("3H 4H 5H 6H 7H 8H 9H")], [P("KS")], closed=True)
    assert check_entry(sc, base=300, points=35) == []  # 45 melded - 10 in hand
    problems = check_entry(sc, base=200, points=25)
    assert len(problems) == 2 and "300" in str(problems[0]) and "35" in str(problems[1])
    assert problems[1].render("it") == "punti 25 ≠ 35"
    assert problems[1].render("en") == "card points 25 ≠ 35"
    assert sc.as_dict()["total"] == 335
