"""The draw-and-discard table of the core (issue 15): prepared decks laid out as the dealer
deals (FIBAS art. 6: eleven cards each, one at a time, from the dealer's left), the time-out
call (FIBAS art. 17) and the shared views."""

from __future__ import annotations

import pytest

from arbitro.cards import burraco_deck, parse_cards
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.core import Seat
from arbitro.games.core.table import (
    DrawDiscardTable,
    EndReason,
    Phase,
    PreparedDeck,
    dealt_one_at_a_time,
    hands_from_dealer,
    last_rounds,
)

FIBAS_DECK = cite(CodeId.BURRACO_FIBAS, "deck_excess")


def test_a_prepared_deck_takes_the_named_cards_and_fills_in_new_deck_order() -> None:
    deck = PreparedDeck(burraco_deck(), FIBAS_DECK, "burraco.extra_cards")
    named = deck.take(parse_cards("AH AH 3S"))
    with pytest.raises(ArbitroError) as refused:  # two decks: two AH
        PreparedDeck(burraco_deck(), FIBAS_DECK, "burraco.extra_cards").take(
            parse_cards("AH AH AH")
        )
    assert refused.value.article == FIBAS_DECK and refused.value.key == "burraco.extra_cards"
    hand = deck.fill(named, 5)
    assert hand == list(parse_cards("AH AH 3S 2H 3H"))
    rest = deck.rest()
    assert len(rest) == 108 - 5 and rest[0] == parse_cards("4H")[0]
    assert sorted(c.index for c in hand + rest) == sorted(c.index for c in burraco_deck())
    with pytest.raises(RuntimeError):
        deck.take(parse_cards("KS"))


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """FIBAS art. 6: clockwise from the dealer's left; North deals, East receives first."""
    order = hands_from_dealer(Seat.N, lambda s: s.left, {Seat.S: [1, 2]})
    assert [s for s, _ in order] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert order[1] == (Seat.S, [1, 2])
    assert dealt_one_at_a_time([["e1", "e2"], ["s1", "s2"], ["w1", "w2"]]) == [
        "e1",
        "s1",
        "w1",
        "e2",
        "s2",
        "w2",
    ]


def test_time_called_leaves_one_or_two_rounds() -> None:
    """FIBAS art. 17: the round under way ends with the dealer's discard, then one more."""
    assert last_rounds(Seat.N, Seat.E, drawing=True) == 1
    assert last_rounds(Seat.N, Seat.E, drawing=False) == 2
    assert last_rounds(Seat.N, Seat.S, drawing=True) == 2


def test_the_shared_views_read_the_engines_fields() -> None:
    class Table(DrawDiscardTable[str]):
        def __init__(self) -> None:
            self._turn, self._phase, self._end, self._closer, self._turns = (
                2,
                Phase.PLAY,
                None,
                -1,
                3,
            )
            self._stock, self._pile, self.moves = ["a", "b"], ["x", "y"], []

    t = Table()
    assert (t.turn, t.phase, t.is_over, t.closer, t.turns_played) == (
        Seat.S,
        Phase.PLAY,
        False,
        None,
        3,
    )
    assert (t.stock_size, t.discard_pile) == (2, ("x", "y"))
    t._closer = 2
    t._finish(EndReason.CLOSING)
    assert t.is_over and t.end_reason is EndReason.CLOSING and t.closer is Seat.S
