"""The engine core on its own (issue 15), tested on a toy game: seats and the turn order of
the codes (FIBAS art. 6 to the left; Scala 40 art. 4 and Briscola arts. 3-4 to the right), the
one deal record and its replay, pop, the bots, the arbiter's remedies."""

from __future__ import annotations

import json
import random

import pytest
from tests.games.core.toy import Heap, HeapRules

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.core import (
    LINES,
    SEATS,
    DealRecord,
    Freeze,
    GreedyBot,
    IllegalMoveError,
    Irregularity,
    Line,
    NewDeal,
    Outcome,
    RandomBot,
    Remedies,
    Ruling,
    Seat,
    TurnOrder,
    play_out,
    undo_last,
)


def test_seats_lines_and_partners() -> None:
    assert [s.value for s in SEATS] == ["N", "E", "S", "W"]
    assert [ln.value for ln in LINES] == ["NS", "EW"]
    for seat in SEATS:
        assert seat.partner.partner is seat
        assert seat.partner.line is seat.line
        assert seat.left.right is seat
        assert seat in seat.line.seats
    assert Line.NS.other is Line.EW and Line.EW.other is Line.NS


def test_turn_orders_of_the_codes() -> None:
    """FIBAS art. 6: play starts at the dealer's left and goes clockwise; Scala 40 art. 4 and
    Briscola arts. 3-4: to the right, N -> W -> S -> E."""
    assert TurnOrder.LEFT.cycle(Seat.N) == (Seat.N, Seat.E, Seat.S, Seat.W)
    assert TurnOrder.RIGHT.cycle(Seat.N) == (Seat.N, Seat.W, Seat.S, Seat.E)
    # Three players at a Scala 40 table: the empty seat is skipped.
    assert TurnOrder.RIGHT.cycle(Seat.E, (Seat.N, Seat.E, Seat.S)) == (Seat.E, Seat.N, Seat.S)


def test_the_record_round_trips_and_replays_with_a_visitor() -> None:
    game = Heap(7)
    for move in (3, 1, 2, 1):
        game.push(move)
    record = DealRecord.of(game, HeapRules())
    text = record.to_json()
    data = json.loads(text)
    assert data["format"] == "arbitro.test.heap/1"
    assert data["counters"] == 7 and data["moves"] == ["N 3", "E 1", "S 2", "W 1"]
    seen: list[tuple[int, str, int]] = []
    again = DealRecord.from_json(text, HeapRules()).replay(
        lambda n, seat, move, g: seen.append((n, seat.value, g.counters))
    )
    assert seen == [(1, "N", 4), (2, "E", 3), (3, "S", 1), (4, "W", 0)]
    assert again.outcome() == game.outcome()
    assert again.outcome() == Outcome("last_counter", {Line.EW: 1, Line.NS: 0}, Line.EW, Seat.W)


def test_a_move_by_the_wrong_seat_or_a_changed_result_is_refused() -> None:
    game = Heap(3)
    game.push(3)
    data = DealRecord.of(game, HeapRules()).to_dict()
    wrong_seat = {**data, "moves": ["E 3"]}
    with pytest.raises(ArbitroError) as err:
        DealRecord.from_dict(wrong_seat, HeapRules()).replay()
    assert err.value.key == "record.wrong_seat"
    assert err.value.article == cite(CodeId.BURRACO_FIBAS, "turn")
    changed = {**data, "result": {**data["result"], "winner": "EW"}}
    with pytest.raises(ArbitroError) as err:
        DealRecord.from_dict(changed, HeapRules()).replay()
    assert err.value.key == "record.result_mismatch"
    illegal = {**data, "moves": ["N 4"], "result": None}
    with pytest.raises(IllegalMoveError):
        DealRecord.from_dict(illegal, HeapRules()).replay()


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "{",
        '{"format": "other/1", "moves": []}',
        '{"format": "arbitro.test.heap/1", "moves": ["N"]}',
        '{"format": "arbitro.test.heap/1", "moves": ["X 1"]}',
    ],
)
def test_malformed_records_are_refused(text: str) -> None:
    with pytest.raises(ArbitroError) as err:
        DealRecord.from_json(text, HeapRules()).replay()
    assert err.value.key == "record.bad"


def test_a_layout_that_cannot_be_dealt_is_a_malformed_record() -> None:
    data = {"format": "arbitro.test.heap/1", "first": "N", "moves": []}
    with pytest.raises(ArbitroError) as err:
        DealRecord.from_dict(data, HeapRules()).replay()
    assert err.value.key == "record.bad"


def test_extra_fields_are_kept_apart_from_the_layout() -> None:
    game = Heap(2)
    record = DealRecord.of(game, HeapRules(), draw={"dealer": "S"})
    again = DealRecord.from_dict(record.to_dict(), HeapRules(), frozenset({"draw"}))
    assert again.extra == {"draw": {"dealer": "S"}}
    assert "draw" not in again.layout


def test_pop_restores_the_position_before_the_move() -> None:
    game = Heap(9)
    for move in (2, 3, 1):
        game.push(move)
    before = game.copy()
    game.push(2)
    assert game.pop() == 2
    assert (game.counters, game.turn, game.moves) == (before.counters, before.turn, before.moves)
    earlier, last = undo_last(game)
    assert last == 1 and earlier.counters == 4 and earlier.turn is Seat.S
    while game.moves:
        game.pop()
    assert (game.counters, game.turn) == (9, Seat.N)
    with pytest.raises(IndexError):
        game.pop()


def test_random_bots_play_legal_games_and_a_seed_replays_the_same() -> None:
    def play(seed: int) -> list[tuple[Seat, int]]:
        return play_out(Heap(30), RandomBot(), random.Random(seed)).moves

    assert play(5) == play(5)
    assert any(play(5) != play(s) for s in range(6, 12))
    game = play_out(Heap(30), RandomBot(), random.Random(5))
    assert game.is_over and sum(m for _, m in game.moves) == 30


def test_the_greedy_bot_plays_the_move_its_game_values_most() -> None:
    """The toy's greedy hook: leave a multiple of four (the first of equals otherwise)."""

    def value(game: Heap, move: int) -> float:
        return 1.0 if (game.counters - move) % 4 == 0 else 0.0

    greedy = GreedyBot(value)
    rng = random.Random(0)
    assert greedy.choose(Heap(10), rng) == 2
    assert greedy.choose(Heap(8), rng) == 1  # no move leaves a multiple of 4: the first
    per_seat = {s: (greedy if s.line is Line.NS else RandomBot()) for s in SEATS}
    assert play_out(Heap(10), per_seat, rng).is_over


def test_a_game_without_end_is_stopped() -> None:
    with pytest.raises(RuntimeError):
        play_out(Heap(50), RandomBot(), random.Random(0), max_moves=3)


def test_remedies_rule_on_a_copy_and_name_unknown_irregularities() -> None:
    """A misdeal found before play (FIBAS art. 6): a new deal, the old position untouched."""

    def misdeal(game: Heap, irregularity: Irregularity) -> Ruling[Heap]:
        game.counters = 0
        return Ruling(irregularity, game, (NewDeal("misdeal"), Freeze(Line.NS, ("heap",))))

    remedies: Remedies[Heap] = Remedies({"misdeal": misdeal})
    art6 = cite(CodeId.BURRACO_FIBAS, "deal")
    game = Heap(5)
    ruling = remedies.rule(game, Irregularity("misdeal", art6, Seat.S, {"cards_seen": 2}))
    assert game.counters == 5 and ruling.position.counters == 0
    assert ruling.records[0] == NewDeal("misdeal")
    assert list(remedies) == ["misdeal"] and "misdeal" in remedies and len(remedies) == 1
    assert remedies.get("misdeal") is misdeal and remedies.get("other") is None
    with pytest.raises(ValueError):
        remedies.add("misdeal", misdeal)
    with pytest.raises(ArbitroError) as err:
        remedies.rule(game, Irregularity("two_cards_drawn", art6, Seat.N))
    assert err.value.key == "arbiter.unknown_irregularity" and err.value.article == art6
