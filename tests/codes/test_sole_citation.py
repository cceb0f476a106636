"""A rule only one code writes is cited from the registry where no event's code is at hand
(issue 30: shared code names no code): a prize tie's split (Parole UISP art. 6.1), the
arbiter's report (art. 14.2)."""

from __future__ import annotations

import pytest

from arbitro.codes.citation import sole_citation
from arbitro.errors import ArbitroError
from arbitro.printouts.report import arbiter_report_article
from arbitro.tournament.standings.prizes import split_prize


def test_the_one_code_with_the_rule_is_cited() -> None:
    """Parole art. 6.1 (prize ties) and 14.2 (the report); a topic of several codes, or of
    none, is a programming error."""
    assert str(sole_citation("prize_ties")) == "Parole UISP art. 6.1"
    assert str(arbiter_report_article()) == "Parole UISP art. 14.2"
    with pytest.raises(LookupError):
        sole_citation("seating")  # every code of rounds has one
    with pytest.raises(LookupError):
        sole_citation("no-such-topic")


def test_an_indivisible_prize_cites_parole_6_1() -> None:
    """Art. 6.1: prizes that cannot be split evenly among the tied are drawn."""
    with pytest.raises(ArbitroError) as err:
        split_prize([10000, 5001])
    assert str(err.value.article) == "Parole UISP art. 6.1"
