"""Irregular actions in arbiter mode and their remedies: arts. 10.13, 10.14, 10.17, 11.6."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.games.parole import (
    DRAW,
    PICK_UP,
    TIME_OUT,
    Deal,
    DealRecord,
    IllegalMoveError,
    Line,
    LineScore,
    MoveKind,
    Phase,
    Seat,
    arrange_deck,
    cards_value,
    discard,
    parse_cards,
    parse_move,
)
from arbitro.games.parole.arbiter import REMEDIES, ruling
from arbitro.games.parole.bots import GreedyBot, RandomBot, play_deal
from arbitro.games.parole.irregular import IRREGULAR
from arbitro.lexicon.hunspell import italian

from .words import WORDS

ITALIAN = italian()  # the bots' random deals need the real vocabulary


def _deal(hands: dict[Seat, str], *, pile: str = "Z", stock: str = "") -> Deal:
    return Deal(
        arrange_deck(
            {s: parse_cards(h) for s, h in hands.items()}, pile=pile, stock=parse_cards(stock)
        ),
        lexicon=WORDS,
    )


def _pass_turn(deal: Deal) -> None:
    before = list(deal.hand(deal.turn))
    deal.push(DRAW)
    after = list(deal.hand(deal.turn))
    for x in before:
        after.remove(x)
    legal = deal.legal_moves()
    deal.push(discard(after[0]) if discard(after[0]) in legal else legal[-1])


def _finish(deal: Deal) -> dict[Line, LineScore]:
    """Call time (art. 7) and play the last round(s) drawing and discarding."""
    deal.push(TIME_OUT)
    while not deal.is_over:
        _pass_turn(deal)
    return deal.scores()


def _check_plain_score(deal: Deal, line: Line, words_value: int) -> None:
    """No burraco, no closing: the line scores its words minus the cards in hand."""
    sc = deal.scores()[line]
    seats = (Seat.N, Seat.S) if line is Line.NS else (Seat.E, Seat.W)
    in_hand = cards_value(deal.hand(seats[0]) + deal.hand(seats[1]))
    assert sc.melded == words_value and sc.in_hand == -in_hand
    assert sc.total == words_value - in_hand


def _replays(deal: Deal) -> None:
    assert (
        deal.card_counts() == Deal(arrange_deck(), lexicon=WORDS).card_counts()
    )  # no card lost or made
    again = DealRecord.from_json(DealRecord.from_deal(deal).to_json()).replay(deal.lexicon)
    assert again.words(Line.EW) == deal.words(Line.EW)
    assert again.words(Line.NS) == deal.words(Line.NS)
    assert all(again.hand(s) == deal.hand(s) for s in Seat)
    assert again.scores() == deal.scores()


def test_irregular_actions_are_rulings_never_legal_moves() -> None:
    """Arts. 10.13, 10.14, 10.17, 11.6: every irregular action and remedy is a ruling, known
    to REMEDIES; the engine never lists one and a bot's deal has none."""
    assert set(IRREGULAR) <= set(REMEDIES)
    d = _deal({Seat.E: "CANEBRT"})
    assert all(m.kind is not MoveKind.RULING for m in d.legal_moves())
    played = play_deal(
        Deal.shuffled(random.Random(7), lexicon=ITALIAN), [GreedyBot()] * 4, random.Random(7)
    )
    assert all(m.kind is not MoveKind.RULING for _, m in played.moves)


def test_art10_13_1_warned_while_playing_draws_and_discards_at_once() -> None:
    """Art. 10.13 1): E melds CANE without drawing; warned while playing, he stops, draws and
    discards a card of his choice; S plays next."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    with pytest.raises(IllegalMoveError) as err:
        d.push(parse_move("meld CANE"))  # the engine itself refuses a play before the draw
    assert "10.13" in str(err.value.article)
    d.push(ruling("play_no_draw", "E", cards="CANE"))
    assert d.phase is Phase.PLAY and d.hand(Seat.E) == ("B", "R", "T")
    d.push(ruling("missed_draw", "E"))
    assert d.turn is Seat.E and d.legal_moves() == [DRAW, PICK_UP]
    d.push(DRAW)
    assert d.hand(Seat.E) == ("B", "R", "S", "T")
    assert all(m.kind is MoveKind.DISCARD for m in d.legal_moves())
    with pytest.raises(IllegalMoveError):
        d.push(parse_move("layoff 0 CANES"))  # he must stop playing
    d.push(discard("T"))
    assert d.turn is Seat.S and d.hand(Seat.E) == ("B", "R", "S")  # type: ignore[comparison-overlap]  # narrowed before d.push
    assert [w.spelling for w in d.words(Line.EW)] == ["CANE"]
    _finish(d)
    _check_plain_score(d, Line.EW, cards_value(tuple("CANE")))
    _replays(d)


def test_art10_13_2_warned_after_the_discard_draws_late_plays_next_turn() -> None:
    """Art. 10.13 2): E melds CANE without drawing and discards B; warned before S begins,
    E draws now (S, the stock's top card) and waits for his next turn; S then plays."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    d.push(ruling("play_no_draw", "E", cards="CANE"))
    d.push(discard("B"))
    assert d.turn is Seat.S and d.phase is Phase.DRAW
    d.push(ruling("missed_draw", "E"))
    assert d.turn is Seat.E and d.legal_moves() == [DRAW, PICK_UP]  # type: ignore[comparison-overlap]  # narrowed before d.push
    d.push(DRAW)
    assert d.hand(Seat.E) == ("R", "S", "T")
    assert d.turn is Seat.S and d.phase is Phase.DRAW
    d.push(DRAW)
    assert "O" in d.hand(Seat.S)  # S draws the next card of the stock
    d.push(discard("O"))
    _pass_turn(d)  # W
    _pass_turn(d)  # N
    assert d.turn is Seat.E
    d.push(DRAW)  # E plays again at his next turn
    assert len(d.hand(Seat.E)) == 4
    d.push(discard(d.hand(Seat.E)[0]))
    _finish(d)
    _check_plain_score(d, Line.EW, cards_value(tuple("CANE")))
    _replays(d)


def test_art10_13_3_warned_after_the_opponent_began_plays_stand() -> None:
    """Art. 10.13 3): warned once S has drawn, E cannot recover the draw; CANE stands."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    d.push(ruling("play_no_draw", "E", cards="CANE"))
    d.push(discard("B"))
    d.push(DRAW)  # S begins his turn
    d.push(ruling("missed_draw", "E"))
    assert d.turn is Seat.S and d.phase is Phase.PLAY
    assert d.hand(Seat.E) == ("R", "T") and d.words(Line.EW)[0].spelling == "CANE"
    with pytest.raises(IllegalMoveError, match="senza pescare"):
        d.push(ruling("missed_draw", "E"))  # already ruled
    d.push(discard("S"))
    _finish(d)
    _check_plain_score(d, Line.EW, cards_value(tuple("CANE")))
    _replays(d)


def test_art11_6_closing_without_draw_frozen_then_counted_negative() -> None:
    """Art. 11.6: E, second turn, melds LIMONE without drawing and discards his last card Q:
    no closing, LIMONE frozen, Q stands, E draws late; S closes in that round, so LIMONE
    counts negative."""
    d = _deal(
        {Seat.E: "LIMONEQ", Seat.S: "CASSATH"},
        pile="Z",
        stock="ZBDFGA",
    )
    _pass_turn(d)  # E draws Z, discards it
    for m in ("draw", "meld CASSA", "discard B"):  # S: burraco CASSA
        d.push(parse_move(m))
    _pass_turn(d)  # W
    _pass_turn(d)  # N
    d.push(ruling("play_no_draw", "E", cards="LIMONE"))
    with pytest.raises(IllegalMoveError) as err:
        d.push(discard("Q"))  # the engine will not take it as a closing
    assert str(err.value.article) == "Parole UISP art. 11.6"
    d.push(ruling("closing_no_draw", "E", extra="Q"))
    assert not d.is_over and d.discard_pile[-1] == "Q" and d.hand(Seat.E) == ()
    assert 0 in d.freezes(Line.EW)
    assert d.turn is Seat.E and d.legal_moves() == [DRAW, PICK_UP]
    d.push(DRAW)  # the late draw: G
    assert d.hand(Seat.E) == ("G",) and d.turn is Seat.S  # type: ignore[comparison-overlap]  # narrowed before d.push
    for m in ("draw", "layoff 0 CASSATA", "discard H"):  # S closes within the round
        d.push(parse_move(m))
    assert d.is_over and d.closer is Seat.S
    code = d.code
    ew = d.scores()[Line.EW]
    assert ew.frozen == -cards_value(tuple("LIMONE")) and ew.melded == 0
    assert ew.burrachi == ()
    hands = cards_value(d.hand(Seat.E) + d.hand(Seat.W))
    assert ew.total == -cards_value(tuple("LIMONE")) - hands
    ns = d.scores()[Line.NS]
    assert ns.closing_bonus == code.closing_bonus and len(ns.burrachi) == 1
    assert ns.melded == cards_value(tuple("CASSATA"))
    assert ns.total == ns.base + cards_value(tuple("CASSATA")) - cards_value(d.hand(Seat.N))
    _replays(d)


def test_art11_6_frozen_words_thaw_after_a_round() -> None:
    """Art. 11.6: the culprit's plays are frozen only until his next turn; then they count
    positive again (here: the deal ends by time-out later)."""
    d = _deal({Seat.E: "LIMONEQ"}, pile="Z", stock="ZBDFGA")
    for _ in range(4):
        _pass_turn(d)
    d.push(ruling("play_no_draw", "E", cards="LIMONE"))
    d.push(ruling("closing_no_draw", "E", extra="Q"))
    d.push(DRAW)
    for _ in range(3):
        _pass_turn(d)
    assert d.turn is Seat.E and d.freezes(Line.EW) == {}
    _finish(d)
    ew = d.scores()[Line.EW]
    assert ew.frozen == 0 and len(ew.burrachi) == 1
    assert ew.melded == cards_value(tuple("LIMONE"))


def test_art10_14_1_draw_out_of_turn_card_goes_back() -> None:
    """Art. 10.14 1: S draws from the stock while E is on turn; S puts the card back, and
    E draws it; play goes on regularly."""
    d = _deal({Seat.E: "CANEBRT", Seat.S: "LIMONEQ"}, stock="SOFGH")
    stock = d.stock_size
    d.push(ruling("draw_out_of_turn", "S"))
    assert d.stock_size == stock - 1
    assert d.hand(Seat.S) == tuple(sorted("LIMONEQS"))
    assert d.turn is Seat.E and d.phase is Phase.DRAW
    d.push(ruling("put_back", "S"))
    assert d.hand(Seat.S) == tuple(sorted("LIMONEQ")) and d.stock_size == stock
    d.push(DRAW)
    assert "S" in d.hand(Seat.E)
    d.push(discard("S"))
    assert d.turn is Seat.S  # type: ignore[comparison-overlap]  # narrowed before d.push
    _finish(d)
    _check_plain_score(d, Line.NS, 0)
    _replays(d)


def test_art10_14_2a_pickup_out_of_turn_without_plays() -> None:
    """Art. 10.14 2 a): W takes the discard pile out of turn and plays nothing: the cards
    go back to the pile and S, on turn, may pick it up."""
    d = _deal({Seat.E: "CANEBRT", Seat.W: "CANERTI"}, pile="Z", stock="OSFGH")
    d.push(DRAW)
    d.push(discard("O"))
    d.push(ruling("pickup_out_of_turn", "W"))
    assert d.discard_pile == () and "Z" in d.hand(Seat.W) and "O" in d.hand(Seat.W)
    d.push(ruling("put_back", "W"))
    assert d.discard_pile == ("Z", "O") and d.hand(Seat.W) == tuple(sorted("CANERTI"))  # type: ignore[comparison-overlap]  # narrowed before d.push
    assert d.turn is Seat.S
    d.push(PICK_UP)
    assert {"Z", "O"} <= set(d.hand(Seat.S))
    d.push(discard("O"))
    _finish(d)
    _check_plain_score(d, Line.EW, 0)
    _replays(d)


def test_art10_14_2b_pickup_out_of_turn_after_plays() -> None:
    """Art. 10.14 2 b): W takes the pile (Z, O) out of turn, melds CANE with his own cards
    and RIO with the pile's O; the pile's cards go back: RIO is undone, CANE stands."""
    d = _deal({Seat.E: "CANEBRT", Seat.W: "CANERTI"}, pile="Z", stock="OSFGH")
    d.push(DRAW)
    d.push(discard("O"))
    d.push(ruling("pickup_out_of_turn", "W"))
    d.push(ruling("play_out_of_turn", "W", cards="CANE"))
    d.push(ruling("play_out_of_turn", "W", cards="RIO"))
    assert [w.spelling for w in d.words(Line.EW)] == ["CANE", "RIO"]
    d.push(ruling("put_back", "W"))
    assert [w.spelling for w in d.words(Line.EW)] == ["CANE"]
    assert d.hand(Seat.W) == ("I", "R", "T") and d.discard_pile == ("Z", "O")
    assert d.turn is Seat.S and d.phase is Phase.DRAW
    with pytest.raises(IllegalMoveError, match="fuori turno"):
        d.push(ruling("put_back", "W"))
    _finish(d)
    _check_plain_score(d, Line.EW, cards_value(tuple("CANE")))
    _replays(d)


def test_art10_17_multiple_discard_taken_back_one_discarded() -> None:
    """Art. 10.17: E discards B and R together; he takes both back and discards one."""
    d = _deal({Seat.E: "CANEBRT"}, pile="Z", stock="SOFGH")
    d.push(DRAW)
    d.push(ruling("discard_several", "E", cards="BR"))
    assert d.discard_pile[-2:] == ("B", "R") and d.legal_moves() == []
    with pytest.raises(IllegalMoveError) as err:
        d.push(DRAW)
    assert str(err.value.article) == "Parole UISP art. 10.17"
    d.push(ruling("multiple_discard", "E"))
    assert d.discard_pile == ("Z",) and d.hand(Seat.E) == tuple(sorted("CANEBRTS"))
    assert all(m.kind is MoveKind.DISCARD for m in d.legal_moves())
    d.push(discard("R"))
    assert d.turn is Seat.S and d.discard_pile == ("Z", "R")  # type: ignore[comparison-overlap]  # narrowed before d.push
    assert d.hand(Seat.E) == tuple(sorted("CANEBTS"))
    _finish(d)
    _check_plain_score(d, Line.EW, 0)
    _replays(d)


def test_irregular_rulings_that_do_not_fit_are_refused() -> None:
    """Arts. 10.13, 10.14, 10.17, 11.6: a ruling that does not fit the position is refused."""
    d = _deal({Seat.E: "CANEBRT"}, stock="SOFGH")
    with pytest.raises(IllegalMoveError, match="non ha giocato"):
        d.push(ruling("missed_draw", "S"))
    with pytest.raises(IllegalMoveError, match="fuori turno"):
        d.push(ruling("draw_out_of_turn", "E"))
    with pytest.raises(IllegalMoveError, match="non ha pescato"):
        d.push(ruling("put_back", "S"))
    with pytest.raises(IllegalMoveError, match="dopo la pesca") as err:
        d.push(ruling("discard_several", "E", cards="BR"))  # before the draw
    assert str(err.value.article) == "Parole UISP art. 10.17"
    d.push(DRAW)
    with pytest.raises(IllegalMoveError, match="ha pescato"):
        d.push(ruling("closing_no_draw", "E", extra="B"))
    with pytest.raises(IllegalMoveError, match="prima della pesca"):
        d.push(ruling("play_no_draw", "E", cards="CANE"))
    with pytest.raises(IllegalMoveError, match="almeno due"):
        d.push(ruling("discard_several", "E", cards="B"))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), source=st.sampled_from("dp"))
def test_art10_14_put_back_restores_the_position(seed: int, steps: int, source: str) -> None:
    """Art. 10.14: whatever the position, a draw or pick-up out of turn put back at once
    leaves hands, stock and pile as they were, and the deal goes on with the same moves."""
    rng = random.Random(seed)
    d = Deal.shuffled(rng, lexicon=ITALIAN)
    bot = RandomBot()
    for _ in range(steps):
        if d.is_over:
            break
        d.push(bot.choose(d, rng))
    if d.is_over or (source == "p" and not d.discard_pile):
        return
    before = d.copy()
    culprit = d.turn.left
    d.push(ruling("draw_out_of_turn" if source == "d" else "pickup_out_of_turn", culprit.value))
    assert d.turn is before.turn and d.phase is before.phase  # the turn stays where it was
    d.push(ruling("put_back", culprit.value))
    assert all(d.hand(s) == before.hand(s) for s in Seat)
    assert d.discard_pile == before.discard_pile and d.stock_size == before.stock_size
    assert d.legal_moves() == before.legal_moves() and d.turn is before.turn
    _replays(d)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_art10_17_multiple_discard_restores_the_hand(seed: int, steps: int) -> None:
    """Art. 10.17: wherever a player discards two cards at once, he takes both back (pile and
    hand as before) and may then only discard, one card."""
    rng = random.Random(seed)
    d = Deal.shuffled(rng, lexicon=ITALIAN)
    bot = RandomBot()
    for _ in range(steps):
        if d.is_over:
            break
        d.push(bot.choose(d, rng))
    if d.is_over:
        return
    if d.phase is Phase.DRAW:
        d.push(DRAW)
    if d.is_over or len(d.hand(d.turn)) < 2:
        return
    before = d.copy()
    seat = d.turn.value
    d.push(ruling("discard_several", seat, cards=d.hand(d.turn)[:2]))
    assert d.legal_moves() == []
    d.push(ruling("multiple_discard", seat))
    assert d.hand(d.turn) == before.hand(before.turn) and d.discard_pile == before.discard_pile
    legal = d.legal_moves()
    assert legal and all(m.kind is MoveKind.DISCARD for m in legal)
    d.push(legal[0])
    assert d.is_over or d.turn is before.turn.left
    _replays(d)
