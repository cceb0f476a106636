"""The engine on games/core: the core's seats and protocol, the position notation (round trip,
perft-like replays), pop, the outcome, the greedy bot's hook and the arbiter's registry."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.errors import ArbitroError
from arbitro.games import core
from arbitro.games.parole import (
    DRAW,
    PICK_UP,
    TIME_OUT,
    Deal,
    DealRecord,
    GreedyBot,
    Line,
    Move,
    MoveKind,
    RandomBot,
    Seat,
    arrange_deck,
    discard,
    greedy_value,
    parse_cards,
    parse_move,
    play_deal,
)
from arbitro.games.parole.arbiter import ARBITER, irregularity, ruling
from arbitro.lexicon.hunspell import italian

from .words import WORDS

ITALIAN = italian()


def _deal(hands: dict[Seat, str], *, pile: str = "Z", stock: str = "") -> Deal:
    return Deal(
        arrange_deck(
            {s: parse_cards(h) for s, h in hands.items()}, pile=pile, stock=parse_cards(stock)
        ),
        lexicon=WORDS,
    )


def _same(a: Deal, b: Deal) -> None:
    assert str(a) == str(b)
    assert a.bot_moves() == b.bot_moves()  # the full list: test_reachability.py
    assert a.scores() == b.scores()
    assert a.card_counts() == b.card_counts()
    assert (a.turn, a.phase, a.is_over, a.end_reason) == (b.turn, b.phase, b.is_over, b.end_reason)


def test_seats_lines_and_error_are_the_cores() -> None:
    """Art. 3: the seats and lines of every game, one illegal-move error."""
    from arbitro.games import parole

    assert parole.Seat is core.Seat and parole.Line is core.Line
    assert parole.IllegalMoveError is core.IllegalMoveError
    assert parole.Phase is core.table.Phase and parole.EndReason is core.table.EndReason


def test_art3_4_position_of_a_fresh_deal() -> None:
    """Art. 3.4: seven cards each, one at a time from the dealer's left; the first stock card
    turned up starts the pile; the player at the dealer's left plays first."""
    d = _deal({Seat.E: "CANEBRT"}, pile="Z")
    text = str(d)
    assert text.startswith("E:draw dealer=N turns=0 hands=")
    assert "pile=Z" in text
    assert text.split()[3].split("=")[1].split("/")[1] == "ABCENRT"
    assert repr(d) == f"Deal.from_position({text!r})"
    again = Deal.from_position(text, lexicon=WORDS)
    _same(d, again)
    assert again.move_stack == [] and str(again.initial()) == text


def test_position_with_arbiter_state_round_trips() -> None:
    """Arts. 10.8, 10.9, 10.11, 10.13, 10.14, 10.17: penalized, burned, frozen words, a play
    without a draw, cards taken out of turn, a multiple discard all round-trip."""
    d = _deal({Seat.E: "CANEBRT", Seat.S: "SOLEMAI"}, stock="OFGHI")
    d.push(ruling("play_no_draw", "E", cards="CANE"))
    d.push(ruling("draw_out_of_turn", "W"))
    d.push(ruling("freeze", "E", target=0))
    d.push(ruling("penalize", "S", cards="SO"))
    d.push(ruling("burn", "N", cards="H"))
    for text in (str(d),):
        assert "undrawn=0.-" in text and "taken=W:draw:" in text and "freezes=EW:0:d:0:-" in text
        assert "penalized=-/-/SO/-" in text
        assert "burned=H" in text
        _same(d, Deal.from_position(text, lexicon=WORDS))
    d.push(ruling("discard_several", "E", cards="BR"))
    _same(d, Deal.from_position(str(d), lexicon=WORDS))
    assert "several=BR" in str(d)


def test_bad_positions_are_refused() -> None:
    """A malformed position raises ArbitroError."""
    for text in ("", "N:draw", "N:nowhere dealer=N turns=0 hands=-/-/-/- penalized=-/-/-/-"):
        with pytest.raises(ArbitroError):
            Deal.from_position(text, lexicon=WORDS)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_perft_records_positions_and_pop_agree(seed: int, greedy: bool) -> None:
    """Arts. 4-7: a random deal replayed from its record and, move by move, from each position
    string gives the same positions, legal moves and scores; ``pop()`` gives back the previous
    position string; every move replays from the position before it."""
    rng = random.Random(seed)
    bot: core.Bot[Deal] = GreedyBot() if greedy else RandomBot()
    deal = play_deal(Deal.shuffled(rng, lexicon=ITALIAN), [bot] * 4, rng)
    positions = [str(deal.initial())]
    seen: list[Deal] = []

    def visit(n: int, seat: Seat, move: object, game: Deal) -> None:
        positions.append(str(game))
        seen.append(game.copy())

    record = DealRecord.from_json(DealRecord.from_deal(deal).to_json())
    again = record.replay_with(ITALIAN, visit=visit)
    _same(again, deal)
    assert positions[-1] == str(deal)
    for i, (seat, move) in enumerate(deal.move_stack):
        before = Deal.from_position(positions[i], lexicon=ITALIAN)
        assert before.turn is seat or move.kind.value == "timeout"
        assert move in before.bot_moves() or move == TIME_OUT  # the bots' list
        before.push(move)
        _same(before, seen[i])
    for i in range(len(deal.move_stack), max(0, len(deal.move_stack) - 3), -1):
        deal.pop()
        assert str(deal) == positions[i - 1]
        assert len(deal.move_stack) == i - 1


def test_pop_on_a_set_up_position_and_an_empty_stack() -> None:
    """``pop`` replays from the position set up; with no move it raises IndexError."""
    d = Deal.from_position(str(_deal({Seat.E: "CANEBRT"})), lexicon=WORDS)
    start = str(d)
    d.push(DRAW)
    assert d.pop() == DRAW and str(d) == start
    with pytest.raises(IndexError):
        d.pop()


def test_pop_takes_back_a_ruling() -> None:
    """Arts. 10.8: a ruling recorded as a move is taken back like any move."""
    d = _deal({Seat.E: "CANEBRT"}, stock="S")
    d.push(DRAW)
    mid = str(d)
    d.push(ruling("penalize", "E", cards="BR"))
    assert d.pop() == ruling("penalize", "E", cards="BR") and str(d) == mid


def test_art5_outcome_of_a_closing() -> None:
    """Arts. 5-6: the outcome names the reason, each line's total, the winner and the closer."""
    rng = random.Random(3)
    deal = play_deal(Deal.shuffled(rng, lexicon=ITALIAN), [GreedyBot()] * 4, rng)
    out = deal.outcome()
    assert out is not None and out.reason == deal.end_reason.value  # type: ignore[union-attr]
    totals = {ln: sc.total for ln, sc in deal.scores().items()}
    assert out.points == totals and out.closer is deal.closer
    best = max(totals, key=lambda ln: totals[ln])
    assert out.winner is (None if totals[Line.NS] == totals[Line.EW] else best)
    assert Deal(arrange_deck(), lexicon=WORDS).outcome() is None


def test_art7_time_out_before_the_first_draw_outcome() -> None:
    """Art. 7: time called before the first draw, the deal is not played and scores nothing."""
    d = Deal(arrange_deck(), lexicon=WORDS)
    d.push(TIME_OUT)
    out = d.outcome()
    assert out is not None and out.reason == "not_started" and out.winner is None
    assert set(out.points.values()) == {0}


def test_greedy_hook_prefers_plays_then_its_least_useful_letter() -> None:
    """The greedy value: any word before any discard, a wild never discarded first."""
    d = _deal({Seat.E: "CANEBR?"}, stock="Z")
    d.push(DRAW)
    move = GreedyBot().choose(d, random.Random(0))
    assert move.kind.value in ("meld", "layoff")
    assert greedy_value(d, discard("?")) < greedy_value(d, discard("Z")) < 0 < greedy_value(d, move)


def test_art10_8_registry_penalize_returns_position_and_records() -> None:
    """Art. 10.8 through the core's registry: a copy is ruled, the deal itself unchanged; the
    ruling records the penalized cards, and it is a move of the new position's record."""
    d = _deal({Seat.E: "CANEBRT"}, stock="S")
    d.push(DRAW)
    before = str(d)
    r = ARBITER.rule(d, irregularity(ruling("penalize", "E", cards="BR")))
    assert str(d) == before
    assert sorted(r.position.penalized(Seat.E)) == ["B", "R"]
    assert core.PenalizedCards(Seat.E, r.position.penalized(Seat.E)) in r.records
    assert "10.7" in str(r.irregularity.article) or "10.8" in str(r.irregularity.article)
    again = DealRecord.from_json(DealRecord.from_deal(r.position).to_json()).replay_with(WORDS)
    assert str(again) == str(r.position)


def test_art10_11_registry_freeze_records_the_frozen_word() -> None:
    """Art. 10.11: a frozen word is recorded by its line and spelling."""
    d = _deal({Seat.E: "CANEBRT"}, stock="S")
    d.push(DRAW)
    d.push(parse_move("meld CANE"))
    r = ARBITER.rule(d, irregularity(ruling("freeze", "E", target=0)))
    assert r.records == (core.Freeze(Line.EW, ("CANE",)),)
    assert 0 in r.position.freezes(Line.EW) and d.freezes(Line.EW) == {}


def test_art10_17_registry_multiple_discard_interrupts_nothing_until_ruled() -> None:
    """Art. 10.17: every kind is registered; an unknown kind is refused, naming it."""
    assert set(ARBITER) >= {"wrong_word", "penalize", "multiple_discard", "put_back"}
    with pytest.raises(ArbitroError):
        irregularity(ruling("nothing", "N"))
    with pytest.raises(ArbitroError):
        ARBITER.rule(
            Deal(arrange_deck(), lexicon=WORDS),
            core.Irregularity("nothing", irregularity(ruling("burn", "N")).article, Seat.N),
        )


def test_art11_registry_discard_no_closing_interrupts_the_turn() -> None:
    """Art. 11.2-11.3: the discard stands, no closing; the turn passes (an interrupted turn)."""
    d = _deal({Seat.E: "CANEBRT"}, stock="S")
    d.push(DRAW)
    r = ARBITER.rule(d, irregularity(ruling("discard_no_closing", "E", extra="T")))
    assert core.InterruptedTurn(Seat.E) in r.records and r.position.turn is Seat.S


def test_legal_moves_are_accepted_by_push() -> None:
    """Arts. 4-4.3: every listed move is accepted by push (from a copy each)."""
    d = _deal({Seat.E: "CANEBR?"}, stock="SO")
    for step in (DRAW, None):
        for m in d.legal_moves():
            probe = d.copy()
            probe.push(m)
        if step is not None:
            d.push(step)
    assert PICK_UP in Deal(arrange_deck(), lexicon=WORDS).legal_moves()
    assert isinstance(d.legal_moves()[0], Move)


def _accepted(d: Deal, candidates: set[Move]) -> set[Move]:
    out = set()
    for m in candidates:
        probe = d.copy()
        try:
            probe.push(m)
        except core.IllegalMoveError:
            continue
        out.add(m)
    return out


@pytest.mark.parametrize(
    ("hand", "stock", "opened"),
    [
        ("CANEBR?", "S", ""),  # a wild in hand (art. 4.4)
        ("CASABRT", "E", "CASA"),  # lay-offs on an opened word (art. 4.1, legare)
        ("CA?ABRT", "S", "CA?A"),  # the wild's letter put in its place and the wild moved
        ("CANEOTT", "A", "CANE"),
    ],
)
def test_arts4_legal_moves_are_every_one_card_play_push_accepts(
    hand: str, stock: str, opened: str
) -> None:
    """Arts. 4-4.4: on small positions, every discard, every three-card word and every lay-off
    of one card (each spelling of the word with one hand card added, anywhere) that push
    accepts is listed by bot_moves (the bots' short list), and nothing else of those kinds
    is listed; legal_moves lists them too."""
    d = _deal({Seat.E: hand}, stock=stock + "OFG")
    d.push(DRAW)
    if opened:
        d.push(parse_move(f"meld {opened}"))
    held = d.hand(Seat.E)
    candidates: set[Move] = {discard(x) for x in held}
    candidates |= {Move(MoveKind.MELD, p) for p in permutations(held, 3)}
    for j, w in enumerate(d.words(Line.EW)):
        for x in set(held):
            for p in set(permutations((*w.cards, x))):
                candidates.add(Move(MoveKind.LAY_OFF, p, j))
    legal = set(d.bot_moves())
    assert legal <= set(d.legal_moves())
    one_card = {m for m in legal if len(m.cards) <= 3 or m.target >= 0}
    assert legal == one_card
    assert _accepted(d, candidates) == legal
