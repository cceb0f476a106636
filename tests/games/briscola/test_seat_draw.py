"""The draw for the dealer (art. 1): the highest card deals; ties draw again."""

from __future__ import annotations

import random

import pytest

from arbitro.cards.italian import parse_card
from arbitro.errors import ArbitroError
from arbitro.games.briscola import Seat, draw_for_dealer, highest


def test_art1_highest_value_deals_by_the_order_of_art5() -> None:
    """Art. 1: the highest card deals; "valore" is the order of art. 5 (asso, 3, re...)."""
    draws = {
        Seat.N: parse_card("10B"),
        Seat.E: parse_card("3C"),
        Seat.S: parse_card("1D"),
        Seat.W: parse_card("9S"),
    }
    assert highest(draws) == (Seat.S,)
    draws[Seat.S] = parse_card("7D")
    assert highest(draws) == (Seat.E,)


def test_art1_equal_values_tie() -> None:
    """Art. 1: two players with an equal value tie and draw again."""
    draws = {
        Seat.N: parse_card("1B"),
        Seat.E: parse_card("2C"),
        Seat.S: parse_card("1D"),
        Seat.W: parse_card("9S"),
    }
    assert set(highest(draws)) == {Seat.N, Seat.S}


def test_art1_the_same_card_twice_is_refused() -> None:
    """Art. 1: each player draws a different card."""
    with pytest.raises(ArbitroError) as err:
        highest({Seat.N: parse_card("1B"), Seat.E: parse_card("1B")})
    assert str(err.value.article) == "Briscola art. 1"


def test_art1_draw_ends_with_one_dealer_and_ties_redraw_only_the_tied() -> None:
    """Art. 1: "ripetono la scelta con carte diverse finché non viene individuato il mazziere"."""
    redraws = 0
    for seed in range(300):
        d = draw_for_dealer(random.Random(seed))
        assert len(d.rounds[0]) == 4
        cards = [c for rnd in d.rounds for _, c in rnd]
        assert len(cards) == len(set(cards))  # always different cards
        for before, after in zip(d.rounds, d.rounds[1:], strict=False):
            assert {s for s, _ in after} == set(highest(dict(before)))
            redraws += 1
        assert highest(dict(d.rounds[-1])) == (d.dealer,)
    assert redraws > 0  # some seeds had a tie
    assert draw_for_dealer(random.Random(9)) == draw_for_dealer(random.Random(9))
    assert draw_for_dealer(random.Random(9)).to_dict()["dealer"] in "NESW"
