"""Property tests: the 108 cards are conserved at every step (art. 1), every listed move is
accepted, bots play whole deals to a closing (art. 19) four-handed and three-handed (art. 25),
the negative points are those of the cards left (art. 22), the deal record replays."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.errors import ArbitroError
from arbitro.games.scala40 import (
    SEATS,
    Deal,
    DealRecord,
    GreedyBot,
    RandomBot,
    Seat,
    make_meld,
    parse_move,
    penalty_points,
    play_deal,
    scala40_deck,
)

DECK = Counter(scala40_deck())


def _check_over(deal: Deal) -> None:
    """Art. 19: one closer with no cards; art. 22: the others score their cards."""
    assert deal.is_over and deal.closer is not None
    scores = deal.scores()
    assert scores[deal.closer] == 0 and deal.hand(deal.closer) == ()
    for seat in deal.order:
        assert scores[seat] == penalty_points(deal.hand(seat))
    for m in deal.table:
        assert make_meld(m.tokens) == m  # every meld on the table is valid (art. 9)
    assert deal.card_counts() == DECK


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_art1_cards_conserved_and_legal_moves_accepted_at_every_step(seed: int) -> None:
    """Art. 1: 108 cards at every step; every listed legal move is accepted by push."""
    rng = random.Random(seed)
    deal = Deal.shuffled(rng)
    for _ in range(3000):
        if deal.is_over:
            break
        moves = deal.legal_moves()
        assert moves
        for mv in moves:
            assert parse_move(str(mv)) == mv  # the notation round-trips
            probe = deal.copy()
            probe.push(mv)
            assert probe.card_counts() == DECK
        deal.push(moves[int(rng.random() * len(moves))])
        assert deal.card_counts() == DECK
    if deal.is_over:
        _check_over(deal)


@pytest.mark.parametrize("seed", range(8))
def test_art19_random_bots_play_whole_deals(seed: int) -> None:
    """Art. 19: four random bots play a deal to a closing; arts. 1, 22 hold at the end."""
    rng = random.Random(seed)
    deal = play_deal(Deal.shuffled(rng), [RandomBot()] * 4, rng)
    _check_over(deal)


@pytest.mark.parametrize("seed", range(8))
def test_art19_greedy_bots_play_whole_deals(seed: int) -> None:
    """Art. 19: four greedy bots (opening solver) play a deal to a closing."""
    rng = random.Random(1000 + seed)
    deal = play_deal(Deal.shuffled(rng, Seat(SEATS[seed % 4].value)), [GreedyBot()] * 4, rng)
    _check_over(deal)
    assert any(deal.has_opened(s) for s in deal.order) or not deal.table


@pytest.mark.parametrize("seed", range(3))
def test_art25_three_handed_deals(seed: int) -> None:
    """Art. 25: at a table of three, bots play whole deals with one seat empty."""
    rng = random.Random(2000 + seed)
    seats = (Seat.N, Seat.E, Seat.W)
    deal = play_deal(Deal.shuffled(rng, seats=seats), [GreedyBot(), RandomBot(), GreedyBot()], rng)
    _check_over(deal)
    assert set(deal.scores()) == set(seats)


def test_mixed_bots_and_the_record_replays() -> None:
    """The JSON deal record replays to the same negative points (art. 22)."""
    rng = random.Random(7)
    deal = play_deal(Deal.shuffled(rng), [GreedyBot(), RandomBot()] * 2, rng)
    record = DealRecord.from_deal(deal)
    again = DealRecord.from_json(record.to_json()).replay()
    assert again.scores() == deal.scores() and again.closer is deal.closer
    data = record.to_dict()
    data["result"]["negative_points"][deal.order[0].value] += 1
    with pytest.raises(ArbitroError) as err:
        DealRecord.from_dict(data).replay()
    assert str(err.value.article) == "Scala 40 art. 22"
    with pytest.raises(ArbitroError):
        DealRecord.from_json('{"format": "other"}')
