"""Scala 40 on the engine core: the core's seats (play to the right, art. 4), its error, bots
and record; a perft-like property test: random deals replayed from their records and from
their position strings give the same positions and scores, and ``pop`` gives back the
position before each move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.errors import ArbitroError
from arbitro.games import core
from arbitro.games.scala40 import (
    RULES,
    Deal,
    DealRecord,
    GreedyBot,
    IllegalMoveError,
    Move,
    RandomBot,
    Seat,
    arrange_deck,
    parse_move,
    play_deal,
)
from arbitro.games.scala40.deal import ORDER


def test_core_names_are_the_games_names() -> None:
    """Art. 4: play goes to the right (counter-clockwise) with the core's seats and error."""
    assert Seat is core.Seat and IllegalMoveError is core.IllegalMoveError
    assert ORDER is core.TurnOrder.RIGHT
    deal = Deal(arrange_deck(), Seat.N)
    assert deal.order == (Seat.W, Seat.S, Seat.E, Seat.N)
    assert isinstance(RandomBot(), core.RandomBot)
    assert isinstance(GreedyBot(), core.GreedyBot)
    game: core.Game[Move] = deal  # the Deal follows the core's Game protocol (checked by mypy)
    assert game.outcome() is None and game.initial().move_stack == []


def test_art4_arrange_deck_deals_the_named_hands_three_handed() -> None:
    """Arts. 4, 25: a prepared deck deals the named cards to a table of three."""
    seats = (Seat.N, Seat.E, Seat.W)
    deck = arrange_deck({Seat.E: parse_move("meld 7H 8H 9H").played}, seats=seats)
    deal = Deal(deck, Seat.N, seats=seats)
    assert {"7H", "8H", "9H"} <= {str(x) for x in deal.hand(Seat.E)}
    assert len(deal.hand(Seat.W)) == 13 and deal.order == (Seat.W, Seat.E, Seat.N)


def _check_replays(deal: Deal, rng: random.Random) -> None:
    """Every position string read back prints the same; ``pop`` restores the position."""
    positions = [str(deal)]
    while not deal.is_over:
        moves = deal.legal_moves()
        assert moves
        deal.push(moves[int(rng.random() * len(moves))])
        text = str(deal)
        assert str(Deal.from_position(text)) == text
        assert repr(Deal.from_position(text)) == f"Deal.from_position({text!r})"
        positions.append(text)
        if len(positions) % 17 == 0:
            move = deal.pop()
            assert str(deal) == positions[-2]
            deal.push(move)
            assert str(deal) == text
    record = DealRecord.from_deal(deal)
    seen: list[str] = []
    again = DealRecord.from_json(record.to_json()).replay(lambda n, s, m, g: seen.append(str(g)))
    assert seen == positions[1:]
    assert again.scores() == deal.scores() and again.outcome() == deal.outcome()
    half = len(deal.moves) // 2
    middle = Deal.from_position(positions[half])
    for _, move in deal.moves[half:]:
        middle.push(move)
    assert str(middle) == positions[-1] and middle.scores() == deal.scores()
    assert str(deal.initial()) == positions[0]


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_perft_random_deals_replay_from_records_and_positions(seed: int) -> None:
    """Arts. 19, 22: random deals replayed from their records and from their position
    strings give the same positions and negative points; pop gives back each position."""
    rng = random.Random(seed)
    _check_replays(Deal.shuffled(rng, Seat.E), rng)


def test_perft_three_handed() -> None:
    """Art. 25: the same at a table of three."""
    rng = random.Random(5)
    _check_replays(Deal.shuffled(rng, seats=(Seat.N, Seat.S, Seat.W)), rng)


@pytest.mark.parametrize("seed", range(4))
def test_greedy_bots_play_on_the_core(seed: int) -> None:
    """Art. 19: the core's greedy bot with the Scala 40 hook plays deals to a closing."""
    rng = random.Random(300 + seed)
    deal = play_deal(Deal.shuffled(rng), [GreedyBot()] * 4, rng)
    outcome = deal.outcome()
    assert outcome is not None and outcome.reason == "closing"
    assert deal.closer is not None and outcome.winner is deal.closer
    assert outcome.points[deal.closer] == 0


def test_record_of_a_position_and_bad_positions() -> None:
    """A deal read from a position writes it in its record and replays from it."""
    rng = random.Random(11)
    deal = Deal.shuffled(rng)
    for _ in range(9):
        deal.push(RandomBot().choose(deal, rng))
    with pytest.raises(RuntimeError):
        play_deal(deal.copy(), [RandomBot()] * 4, rng, max_moves=1)
    start = Deal.from_position(str(deal))
    play_deal(start, [RandomBot()] * 4, rng)
    data = DealRecord.from_deal(start).to_dict()
    assert data["format"] == RULES.format and "position" in data and "deck" not in data
    assert DealRecord.from_dict(data).replay().scores() == start.scores()
    with pytest.raises(ArbitroError):
        Deal.from_position("chess rnbqkbnr/pppppppp")
    with pytest.raises(ArbitroError):
        Deal.from_position(str(deal).replace("pile=", "pile=AH,", 1))
