"""Property tests: bots play whole deals; the 58 cards are conserved at every step (art. 1.2);
every legal move is accepted; deals end (art. 6) and score consistently (arts. 5-6); the JSON
deal record replays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.errors import ArbitroError
from arbitro.games.parole import (
    Deal,
    DealRecord,
    EndReason,
    GreedyBot,
    Line,
    MoveKind,
    RandomBot,
    Seat,
    deck,
    play_deal,
    score_table,
)
from arbitro.games.parole.letters import deck_counts
from arbitro.lexicon.hunspell import italian

DECK = deck_counts()
ITALIAN = italian()


def _check_end(deal: Deal) -> None:
    assert deal.is_over
    assert deal.card_counts() == DECK
    scores = deal.scores()
    assert scores == score_table(deal.positions())
    for line, sc in scores.items():
        closed = deal.closer is not None and deal.closer.line is line
        assert sc.closing_bonus == (50 if closed else 0)
        assert sc.total % 5 == 0
    if deal.end_reason is EndReason.CLOSING:
        assert deal.closer is not None and not deal.hand(deal.closer)
        assert deal.has_burraco(deal.closer.line)
        assert deal.discard_pile[-1] not in "?!"
    elif deal.end_reason is EndReason.STOCK_EXHAUSTED:
        assert deal.stock_size == 2


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)))
def test_art6_random_deals_end_and_conserve_cards(seed: int, dealer: Seat) -> None:
    """Arts. 1.2, 6: random legal play conserves the 58 cards and always ends, scored right."""
    rng = random.Random(seed)
    deal = Deal.shuffled(rng, dealer, lexicon=ITALIAN)
    bots = [RandomBot()] * 4
    while not deal.is_over:
        moves = deal.bot_moves()  # what the random bot draws from
        assert moves
        deal.push(bots[0].choose(deal, rng))
        assert deal.card_counts() == DECK
    _check_end(deal)


@pytest.mark.parametrize("seed", range(12))
def test_art1_greedy_deals_make_burrachi_and_close(seed: int) -> None:
    """Art. 1: greedy bots make burrachi and close; the record replays to the same result."""
    rng = random.Random(seed)
    deal = play_deal(Deal.shuffled(rng, lexicon=ITALIAN), [GreedyBot()] * 4, rng)
    _check_end(deal)
    for line in (Line.NS, Line.EW):
        for w in deal.words(line):
            assert len(w.cards) >= 3 and sum(1 for x in w.cards if x in "?!") <= 1
            assert w.readings
    record = DealRecord.from_deal(deal)
    again = DealRecord.from_json(record.to_json()).replay(ITALIAN)
    assert again.scores() == deal.scores()


def test_every_legal_move_is_accepted() -> None:
    """Every move legal_moves lists is accepted by push (arts. 4-4.4)."""
    rng = random.Random(7)
    deal = Deal.shuffled(rng, lexicon=ITALIAN)
    for _ in range(60):
        if deal.is_over:
            break
        for mv in deal.legal_moves():
            probe = deal.copy()
            probe.push(mv)
            if mv.kind in (MoveKind.MELD, MoveKind.LAY_OFF):
                assert probe.card_counts() == DECK
        deal.push(GreedyBot().choose(deal, rng))


def test_record_refuses_tampering() -> None:
    """The deal record: a changed result or a wrong seat is refused (arts. 4.3, 5-6)."""
    rng = random.Random(3)
    deal = play_deal(Deal.shuffled(rng, lexicon=ITALIAN), [GreedyBot()] * 4, rng)
    data = DealRecord.from_deal(deal).to_dict()
    data["result"]["NS"]["total"] += 5
    with pytest.raises(ArbitroError, match="risultato"):
        DealRecord.from_dict(data).replay(ITALIAN)
    data = DealRecord.from_deal(deal).to_dict()
    first = data["moves"][0]
    data["moves"][0] = ("N" if not first.startswith("N") else "E") + first[1:]
    with pytest.raises(ArbitroError, match="tocca a"):
        DealRecord.from_dict(data).replay(ITALIAN)
    with pytest.raises(ArbitroError, match="non valida"):
        DealRecord.from_dict({"format": "x"})
    with pytest.raises(ArbitroError, match="JSON"):
        DealRecord.from_json("{")


def test_foreign_deck_deal() -> None:
    """Art. 1.2: the 68-card deck plays too (foreign letters in)."""
    from arbitro.codes.burraco_parole import burraco_parole

    code = burraco_parole().with_foreign_letters()
    rng = random.Random(5)
    deal = play_deal(Deal.shuffled(rng, code=code, lexicon=ITALIAN), [GreedyBot()] * 4, rng)
    assert deal.card_counts() == deck_counts(code) and len(deck(code)) == 68
    again = DealRecord.from_json(DealRecord.from_deal(deal).to_json()).replay(ITALIAN)
    assert again.scores() == deal.scores()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 30), dealer=st.sampled_from(list(Seat)))
def test_art7_time_out_everyone_plays_the_same_number_of_turns(
    seed: int, stop: int, dealer: Seat
) -> None:
    """Art. 7: after the time-out the round ends with the dealer's discard, so every player
    has played the same number of turns (unless someone closed or the stock ran out)."""
    from collections import Counter

    from arbitro.games.parole import TIME_OUT

    rng = random.Random(seed)
    deal = Deal.shuffled(rng, dealer, lexicon=ITALIAN)
    bot = GreedyBot()
    for _ in range(stop):
        if deal.is_over:
            break
        deal.push(bot.choose(deal, rng))
    if not deal.is_over:
        deal.push(TIME_OUT)
    while not deal.is_over:
        deal.push(bot.choose(deal, rng))
    if deal.end_reason is not EndReason.NOT_STARTED:
        _check_end(deal)
    if deal.end_reason is EndReason.TIME_OUT:
        turns = Counter(seat for seat, m in deal.moves if m.kind is MoveKind.DISCARD)
        assert len(set(turns.values())) == 1 and len(turns) == 4
        assert deal.moves[-1][0] is dealer
