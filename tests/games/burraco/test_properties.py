"""Property tests of the engine: the 108 cards are conserved at every step (art. 3), every
legal move is accepted and every accepted meld is valid (arts. 11-15), random deals end and
score consistently (arts. 18-19); the deal record replays (JSON)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import burraco_deck
from arbitro.games.burraco import (
    Deal,
    DealRecord,
    EndReason,
    GreedyBot,
    Line,
    MoveKind,
    RandomBot,
    make_meld,
    play_deal,
    score_table,
)
from arbitro.games.burraco.bots import Bot

DECK = Counter(burraco_deck())
# The 10,000 random deals, in chunks of 1,000 seeds that pytest-xdist spreads over the
# cores (about 3 s of CPU a chunk).
RANDOM_DEALS = 10_000
CHUNKS = 10


def _check_consistent(deal: Deal) -> None:
    """Art. 19: scores add up; art. 18: only a closing line gets the closing bonus."""
    scores = deal.scores()
    assert scores == score_table(deal.positions())
    for line, sc in scores.items():
        assert sc.total == sc.base + sc.points
        assert sc.base % 5 == 0 and sc.points % 5 == 0  # art. 3, 19: multiples of 5
        closed = deal.closer is not None and deal.closer.line is line
        assert (sc.closing_bonus == 100) is closed
        for m in deal.melds(line):
            assert make_meld(m.cards) is not None  # every meld on the table is valid


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_cards_conserved_and_legal_moves_accepted_at_every_step(seed: int) -> None:
    """Art. 3: 108 cards at every step; every listed legal move is accepted by push."""
    rng = random.Random(seed)
    deal = Deal.shuffled(rng)
    while not deal.is_over:
        assert deal.card_counts() == DECK
        moves = deal.legal_moves()
        assert moves
        for mv in moves:
            probe = deal.copy()
            probe.push(mv)
            assert probe.card_counts() == DECK
        deal.push(moves[int(rng.random() * len(moves))])
    assert deal.card_counts() == DECK
    _check_consistent(deal)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_deals_end_and_score_consistently(chunk: int) -> None:
    """Arts. 3, 18-19: 10,000 random four-handed deals (seeds 0-9,999, in chunks) end without
    an exception, conserve the 108 cards and score consistently."""
    bots = [RandomBot()] * 4
    per = RANDOM_DEALS // CHUNKS
    ends: Counter[EndReason] = Counter()
    for seed in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(seed)
        deal = play_deal(Deal.shuffled(rng), bots, rng)
        assert deal.end_reason is not None, seed
        assert deal.card_counts() == DECK, seed
        _check_consistent(deal)
        ends[deal.end_reason] += 1
    assert sum(ends.values()) == per


def test_greedy_bots_play_whole_deals_and_close() -> None:
    """Arts. 18-19: greedy bots meld and close deals four-handed; the record replays them."""
    ends: Counter[EndReason | None] = Counter()
    for seed in range(20):
        rng = random.Random(seed)
        deal = play_deal(Deal.shuffled(rng), [GreedyBot()] * 4, rng)
        ends[deal.end_reason] += 1
        _check_consistent(deal)
        record = DealRecord.from_deal(deal)
        again = DealRecord.from_json(record.to_json()).replay()
        assert again.scores() == deal.scores()
    assert ends[EndReason.CLOSING] >= 10


def test_greedy_beats_random() -> None:
    """The greedy bot (N-S) outscores random play (E-W) over a few deals."""
    total = {Line.NS: 0, Line.EW: 0}
    for seed in range(10):
        rng = random.Random(seed)
        bots: list[Bot[Deal]] = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
        deal = play_deal(Deal.shuffled(rng), bots, rng)
        for line, sc in deal.scores().items():
            total[line] += sc.total
    assert total[Line.NS] > total[Line.EW]


def test_record_replay_detects_tampering() -> None:
    """The deal record is replayable JSON; an altered result or move is refused."""
    rng = random.Random(11)
    deal = play_deal(Deal.shuffled(rng), [RandomBot()] * 4, rng)
    data = DealRecord.from_deal(deal).to_dict()
    assert DealRecord.from_dict(data).replay().scores() == deal.scores()
    bad = dict(data, result={**data["result"], "NS": {**data["result"]["NS"], "total": 1}})
    with pytest.raises(Exception, match="19"):
        DealRecord.from_dict(bad).replay()
    moves = list(data["moves"])
    first_discard = next(i for i, m in enumerate(moves) if " discard " in f" {m} ")
    seat = moves[first_discard].split()[0]
    moves[first_discard] = f"{seat} meld AH AH AH"
    with pytest.raises(Exception, match="art"):
        DealRecord.from_dict(dict(data, moves=moves, result=None)).replay()
    assert any(mv.kind is MoveKind.DISCARD for _, mv in deal.moves)
