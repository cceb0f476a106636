"""A line's hand score (FIBAS art. 19) where mutation testing found changes no test noticed
(issue 26, item Q; bench/mutation.py): a whole table scored (art. 18 one closing, art. 27 the
108-card deck), the numbers taken from the code object given (art. 3 card values, art. 15
burraco bonuses, art. 18 closing bonus, art. 19 pozzetto), the JSON form of a score, and the
errors' keys and articles, which the desk and the CLI show."""

from __future__ import annotations

import dataclasses

import pytest

from arbitro.cards import parse_cards
from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.games.burraco import (
    Line,
    LinePosition,
    check_entry,
    parse_meld,
    score_position,
    score_table,
)
from arbitro.games.burraco.errors import fibas
from arbitro.games.burraco.melds import BurracoKind

P = parse_cards
CLEAN_RUN = "3H 4H 5H 6H 7H 8H 9H"


def test_art19_a_table_is_scored_line_by_line_with_its_closing() -> None:
    """Art. 19 at a whole table: N-S closed (art. 18: one closing is the normal end) with a
    clean burraco, E-W did not take its pozzetto and holds a king; each score names its line."""
    ns = LinePosition(melds=(parse_meld(CLEAN_RUN),), hands=((),), closed=True)
    ew = LinePosition(
        melds=(parse_meld("KS KD KC"),), hands=(P("QC"), P("5S")), pozzetto_taken=False
    )
    scores = score_table({Line.NS: ns, Line.EW: ew})
    assert scores[Line.NS].line is Line.NS and scores[Line.EW].line is Line.EW
    assert (scores[Line.NS].base, scores[Line.NS].points) == (200 + 100, 45)
    assert scores[Line.EW].burrachi == ()
    assert (scores[Line.EW].base, scores[Line.EW].points) == (0, 30 - 10 - 5 - 100)


def test_art19_a_table_unplayed_pozzetto_counts_against_its_line() -> None:
    """Art. 19 "POZZETTO PRESO E NON GIOCATO (valore pozzetto)", through a table: the pozzetto
    taken and not played is the line's, with the cards of its hands."""
    ns = LinePosition(melds=(parse_meld("3C 4C 5C"),), unplayed_pozzetto=P("AS JK"))
    ew = LinePosition(melds=(parse_meld("8D 9D 10D"),), hands=(P("2C"),))
    scores = score_table({Line.NS: ns, Line.EW: ew})
    assert scores[Line.NS].pozzetto == -(15 + 30) and scores[Line.NS].total == 15 - 45
    assert scores[Line.EW].in_hand == -20 and scores[Line.EW].total == 30 - 20


def test_art19_the_code_given_is_the_one_scored_by() -> None:
    """The numbers come from the code object given (art. 3 card values, art. 15 bonuses and
    the burraco's length, art. 18 closing, art. 19 pozzetto), not from the default FIBAS code."""
    code = burraco_fibas()
    values = dict(code.card_values) | {"3": 7, "K": 12}
    variant = dataclasses.replace(
        code,
        card_values=values,
        clean_burraco=250,
        closing_bonus=140,
        pozzetto_not_taken=-130,
    )
    melds = (parse_meld(CLEAN_RUN),)
    sc = score_position(melds, [P("KS")], closed=True, code=variant)
    assert sc.burrachi == (BurracoKind.CLEAN,)
    assert (sc.burraco_bonus, sc.closing_bonus) == (250, 140)
    assert sc.melded == 7 + 4 * 5 + 2 * 10 and sc.in_hand == -12
    ew = score_position([parse_meld("3S 4S 5S")], [P("3D")], pozzetto_taken=False, code=variant)
    assert (ew.melded, ew.in_hand, ew.pozzetto) == (7 + 10, -7, -130)
    table = score_table(
        {Line.NS: LinePosition(melds=melds, closed=True), Line.EW: LinePosition()}, variant
    )
    assert table[Line.NS].total == 250 + 140 + 47
    longer = dataclasses.replace(code, burraco_min_cards=8)
    assert score_position(melds, code=longer).burrachi == ()


def test_art19_a_score_as_json_lists_every_item() -> None:
    """The JSON form of a line's score (``arbitro score --json``): every item of art. 19."""
    sc = score_position(
        [parse_meld(CLEAN_RUN)], [P("AS")], closed=True, unplayed_pozzetto=(), line=Line.EW
    )
    assert sc.as_dict() == {
        "line": "EW",
        "burrachi": ["clean"],
        "burraco_bonus": 200,
        "closing_bonus": 100,
        "melded": 45,
        "in_hand": -15,
        "pozzetto": 0,
        "base": 300,
        "points": 30,
        "total": 330,
    }
    assert score_position([]).as_dict()["line"] is None


def test_art19_an_unplayed_pozzetto_of_a_line_that_did_not_take_it_is_refused() -> None:
    """Art. 19: the pozzetto's value counts only for a line that took it."""
    with pytest.raises(ArbitroError) as err:
        score_position([], unplayed_pozzetto=P("AS"), pozzetto_taken=False)
    assert err.value.key == "burraco.bad_pozzetto"
    assert err.value.article == fibas("scoring")
    assert "pozzetto" in err.value.it


def test_art18_a_closing_without_a_burraco_has_its_key() -> None:
    """Art. 18: the refused closing carries its key (the desk's message)."""
    with pytest.raises(ArbitroError) as err:
        score_position([parse_meld("3H 4H 5H")], closed=True)
    assert err.value.key == "burraco.bad_closing"


def test_art18_art27_art32_a_table_refuses_with_its_key_and_article() -> None:
    """Art. 18 one closing per table, art. 32 one set of a rank per line, art. 27 no card
    beyond the 108-card deck: each refusal carries its key and article."""
    burraco = LinePosition(melds=(parse_meld(CLEAN_RUN),), closed=True)
    other = LinePosition(melds=(parse_meld("3S 4S 5S 6S 7S 8S 9S"),), closed=True)
    with pytest.raises(ArbitroError) as err:
        score_table({Line.NS: burraco, Line.EW: other})
    assert (err.value.key, err.value.article) == ("burraco.two_closings", fibas("closing"))
    sets = LinePosition(melds=(parse_meld("QD QH QS"), parse_meld("QC QC QD")))
    with pytest.raises(ArbitroError) as err:
        score_table({Line.NS: sets, Line.EW: LinePosition()})
    assert (err.value.key, err.value.article) == ("burraco.same_set", fibas("equal_sets"))
    many = LinePosition(melds=(parse_meld("AH AH AD"),))
    more = LinePosition(melds=(parse_meld("AH AC AS"),))
    with pytest.raises(ArbitroError) as err:
        score_table({Line.NS: many, Line.EW: more})
    assert (err.value.key, err.value.article) == ("burraco.extra_cards", fibas("deck_excess"))


def test_art21_a_wrong_entry_names_what_was_written() -> None:
    """Arts. 19, 21: the difference names the number written and the number expected."""
    expected = score_position([parse_meld(CLEAN_RUN)], closed=True)
    problems = check_entry(expected, base=250, points=40)
    assert [p.params for p in problems] == [
        {"written": 250, "expected": 300},
        {"written": 40, "expected": 45},
    ]
    assert check_entry(expected, base=300, points=45) == []
