"""The position notation (like FEN) and the perft-like property of the engine on the core:
random deals replayed from their records and from their position strings give the same
positions, legal moves and scores, and ``pop()`` takes each move back."""

from __future__ import annotations

import random

import pytest

from arbitro.cards import parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import (
    DRAW,
    PICK_UP,
    TIME_OUT,
    Deal,
    DealRecord,
    EndReason,
    GreedyBot,
    Line,
    Phase,
    RandomBot,
    Seat,
    discard,
    lay_off,
    meld,
    play_deal,
)
from arbitro.games.burraco.deal import arrange_deck


def _same(a: Deal, b: Deal) -> None:
    assert str(a) == str(b)
    assert a.legal_moves() == b.legal_moves()
    assert a.scores() == b.scores()
    assert a.turn is b.turn and a.phase is b.phase and a.is_over == b.is_over


@pytest.mark.parametrize("seed", range(6))
def test_perft_record_position_and_pop_agree(seed: int) -> None:
    """Arts. 6-19: a seeded random deal replayed from its record and, move by move, from its
    position string: same legal moves and, pushing the same moves, same scores; ``pop()``
    after each push gives back the previous position string."""
    rng = random.Random(seed)
    bot = RandomBot() if seed % 2 else GreedyBot()
    deal = play_deal(Deal.shuffled(rng), [bot] * 4, rng)
    record = DealRecord.from_deal(deal)
    again = DealRecord.from_json(record.to_json()).replay()
    _same(again, deal)
    walk = deal.initial()
    for n, (_, move) in enumerate(deal.moves):
        before = str(walk)
        read = Deal.from_position(before)
        assert str(read) == before
        assert read.legal_moves() == walk.legal_moves(), n
        assert move in walk.legal_moves() or move.kind is TIME_OUT.kind
        walk.push(move)
        read.push(move)
        _same(read, walk)
        if n % 7 == 0:  # pop replays the layout: every seventh move keeps the test quick
            back = walk.copy()
            assert back.pop() == move
            assert str(back) == before
    _same(walk, deal)
    assert walk.outcome() == deal.outcome()


def test_position_reads_back_from_a_read_position() -> None:
    """A deal read from a position records that position: its record replays, and pop()
    goes back to it (art. 19: the same scores)."""
    rng = random.Random(11)
    deal = Deal.shuffled(rng)
    for _ in range(40):
        moves = deal.legal_moves()
        deal.push(moves[int(rng.random() * len(moves))])
    read = Deal.from_position(str(deal))
    start = str(read)
    moves = read.legal_moves()
    read.push(moves[0])
    record = DealRecord.from_json(DealRecord.from_deal(read).to_json())
    assert str(record.replay()) == str(read)
    read.pop()
    assert str(read) == start
    assert repr(read) == f"Deal.from_position({start!r})"


def test_position_keeps_time_out_pozzetti_and_end() -> None:
    """Arts. 17-18, 23: the time-out's rounds left, the pozzetti taken and the end with the
    closer are in the position string."""
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    deal = Deal(arrange_deck({Seat.E: hand}))
    deal.push(TIME_OUT)
    assert "timeout 1" in str(deal)
    deal.push(DRAW)
    deal.push(meld(hand[:3]))
    deal.push(lay_off(0, hand[3:]))  # 3H-KH: a clean burraco of eleven (art. 15)
    deal.push(discard(deal.hand(Seat.E)[0]))  # the pozzetto "con lo scarto" (art. 23)
    assert deal.pozzetto_taken(Line.EW)
    assert "taken EW | unplayed E" in str(deal)
    text = str(deal)
    read = Deal.from_position(text)
    assert str(read) == text
    assert read.legal_moves() == deal.legal_moves()
    assert read.melds(Line.EW) == deal.melds(Line.EW)
    assert read.pozzetti_left == 1


def test_position_of_a_finished_deal() -> None:
    """Art. 18: a deal that ended reads back as ended, with its reason and closer."""
    rng = random.Random(3)
    deal = play_deal(Deal.shuffled(rng), [GreedyBot()] * 4, rng)
    read = Deal.from_position(str(deal))
    assert read.is_over and read.end_reason is deal.end_reason
    assert read.closer == deal.closer
    assert read.scores() == deal.scores()
    assert read.legal_moves() == []
    if deal.end_reason is EndReason.CLOSING:
        assert f"end closing {deal.closer.value}" in str(deal)  # type: ignore[union-attr]


def test_position_single_card_pickup_and_phase() -> None:
    """Art. 10: after picking up a one-card pile, that card may not be discarded at once; the
    position keeps it."""
    deal = Deal(
        arrange_deck(
            {Seat.E: parse_cards("3H 4H 5H 6D 7D 8D 9C 10C JC QS KS")}, pile=parse_cards("AS")[0]
        )
    )
    deal.push(PICK_UP)
    text = str(deal)
    assert "single AS" in text and "phase play" in text
    read = Deal.from_position(text)
    assert discard(parse_cards("AS")[0]) not in read.legal_moves()
    assert read.phase is Phase.PLAY


@pytest.mark.parametrize(
    "text",
    ["", "dealer N", "dealer X | " + " | ".join(["x -"] * 18)],
)
def test_malformed_position_is_refused(text: str) -> None:
    """A malformed position raises ArbitroError (nothing half-read)."""
    with pytest.raises(ArbitroError):
        Deal.from_position(text)


def test_bad_key_in_a_real_position_is_refused() -> None:
    """A section out of place or an unknown flag is refused."""
    text = str(Deal.shuffled(random.Random(1)))
    with pytest.raises(ArbitroError):
        Deal.from_position(text.replace("| pile", "| heap"))
    with pytest.raises(ArbitroError):
        Deal.from_position(text.replace("flags -", "flags odd"))
