"""The deal engine (arts. 1, 3.4, 4-4.4, 6, 7): layout, turn, closing, end of the deal."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.games.parole import (
    DRAW,
    PICK_UP,
    TIME_OUT,
    Deal,
    EndReason,
    IllegalMoveError,
    Line,
    MoveKind,
    Phase,
    Seat,
    arrange_deck,
    deck,
    discard,
    parse_cards,
    parse_move,
)

from .words import WORDS


def _deal(hands: dict[Seat, str], *, pile: str = "Z", stock: str = "") -> Deal:
    return Deal(
        arrange_deck(
            {s: parse_cards(h) for s, h in hands.items()},
            pile=pile,
            stock=parse_cards(stock),
        ),
        lexicon=WORDS,
    )


def _play(deal: Deal, *moves: str) -> None:
    for m in moves:
        deal.push(parse_move(m))


def _pass_turn(deal: Deal) -> None:
    """Draw and discard the card drawn (always legal)."""
    before = list(deal.hand(deal.turn))
    deal.push(DRAW)
    after = list(deal.hand(deal.turn))
    for x in before:
        after.remove(x)
    deal.push(discard(after[0]))


def test_art3_4_layout() -> None:
    """Art. 3.4: 7 cards one at a time clockwise from the dealer's left; first stock card up."""
    cards = deck()
    d = Deal(cards, Seat.N, lexicon=WORDS)
    assert d.hand(Seat.E) == tuple(sorted(cards[0:28:4], key="ABCDEFGHIJKLMNOPQRSTUVWXYZ!?".index))
    assert all(len(d.hand(s)) == 7 for s in Seat)
    assert d.discard_pile == (cards[28],) and d.stock_size == 58 - 28 - 1
    assert d.turn is Seat.E and d.phase is Phase.DRAW
    assert d.legal_moves() == [DRAW, PICK_UP]


def test_art1_2_wrong_deck_refused() -> None:
    """Art. 1.2, 10.6: a deck with missing or extra cards is not dealt."""
    with pytest.raises(ArbitroError, match="58") as err:
        Deal(deck()[1:], lexicon=WORDS)
    assert "1.2" in str(err.value.article)


def test_art4_draw_before_playing() -> None:
    """Art. 4, 10.13: a player draws or picks up before any play; only once."""
    d = _deal({Seat.E: "CANEBRT"})
    with pytest.raises(IllegalMoveError, match="pescare") as err:
        d.push(parse_move("meld CANE"))
    assert "4" in str(err.value.article)
    d.push(DRAW)
    with pytest.raises(IllegalMoveError, match="una sola volta"):
        d.push(DRAW)


def test_art4_pick_up_takes_the_whole_pile() -> None:
    """Art. 4, 4.2: the whole discard pile is taken."""
    d = _deal({Seat.E: "CANEBRT"}, pile="O")
    d.push(PICK_UP)
    assert "O" in d.hand(Seat.E) and d.discard_pile == () and len(d.hand(Seat.E)) == 8


def test_art4_1_open_and_lay_off() -> None:
    """Art. 4.1: open CANE, lay off R inside it (CARNE); wrong plays leave the position."""
    d = _deal({Seat.E: "CANEBRT"}, stock="S")
    _play(d, "draw", "meld CANE")
    assert [w.spelling for w in d.words(Line.EW)] == ["CANE"]
    assert len(d.hand(Seat.E)) == 4
    with pytest.raises(IllegalMoveError, match="non è una parola"):
        d.push(parse_move("layoff 0 CANBE"))
    with pytest.raises(IllegalMoveError, match="non in mano"):
        d.push(parse_move("meld PANE"))
    with pytest.raises(IllegalMoveError, match="parola numero 3"):
        d.push(parse_move("layoff 3 CANTE"))
    d.push(parse_move("layoff 0 CARNE"))
    assert [w.spelling for w in d.words(Line.EW)] == ["CARNE"]
    assert d.has_burraco(Line.EW) and sorted(d.hand(Seat.E)) == ["B", "S", "T"]


def test_art4_2_one_card_pile_twin_rule() -> None:
    """Art. 4.2, 10.16: a one-card pile taken cannot be discarded back without its twin."""
    d = _deal({Seat.E: "CANEBRT"}, pile="Z")
    d.push(PICK_UP)
    with pytest.raises(IllegalMoveError, match="doppione") as err:
        d.push(discard("Z"))
    assert "4.2" in str(err.value.article)
    assert discard("Z") not in d.legal_moves()
    d.push(discard("B"))
    twin = _deal({Seat.E: "CANEBRZ"}, pile="Z")
    twin.push(PICK_UP)
    twin.push(discard("Z"))  # the twin is shown
    assert twin.turn is Seat.S


def _closing_deal() -> Deal:
    # E: C A S S A T Q; stock: E draws A, S/W/N draw B D F, E draws E.
    return _deal({Seat.E: "CASSATQ"}, pile="Z", stock="ABDFE")


def test_art11_5_no_closing_in_the_first_round() -> None:
    """Art. 1, 11.5: nobody closes in the first round (E, dealer N: E only after N played)."""
    d = _closing_deal()
    d.push(DRAW)
    with pytest.raises(IllegalMoveError, match="primo giro") as err:
        d.push(parse_move("meld CASSATA"))
    assert "11.5" in str(err.value.article)


def test_art1_6_closing_with_burraco() -> None:
    """Arts. 1, 6 A: burraco CASSA, then CASSATE and the last card discarded: closing +50."""
    d = _closing_deal()
    _play(d, "draw", "meld CASSA", "discard Q")
    for _ in range(3):
        _pass_turn(d)
    assert d.turn is Seat.E and d.has_burraco(Line.EW)
    _play(d, "draw", "layoff 0 CASSATE")
    d.push(discard("A"))
    assert d.is_over and d.end_reason is EndReason.CLOSING and d.closer is Seat.E
    ew = d.scores()[Line.EW]
    assert ew.closing_bonus == 50 and ew.burraco_bonus == 100 and ew.base == 150
    assert ew.melded == 10 + 5 + 10 + 10 + 5 + 10 + 5
    assert d.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="terminata"):
        d.push(DRAW)


def test_art11_7_no_closing_with_a_wild() -> None:
    """Arts. 1, 11.7: the closing discard cannot be a jolly or a pinella."""
    d = _deal({Seat.E: "CASSAT?"}, pile="Z", stock="QBDFE")
    _play(d, "draw", "meld CASSA", "discard Q")
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)  # E holds T ? E
    with pytest.raises(IllegalMoveError, match="matta") as err:
        d.push(parse_move("layoff 0 CASSATE"))
    assert "11.7" in str(err.value.article)
    listed = d.legal_moves()
    assert parse_move("layoff 0 CASSATE") not in listed
    # the two-card lay-offs listed keep a letter to close with, never the wild
    assert all("?" in m.cards for m in listed if m.kind is MoveKind.LAY_OFF and len(m.cards) == 7)


def test_art11_4_no_closing_without_burraco() -> None:
    """Art. 11.4: with no burraco the line cannot play down to its last card."""
    d = _deal({Seat.E: "CANEBRT"}, pile="Z", stock="OBDFA")
    _play(d, "draw", "meld CANE", "discard B")  # E holds O R T
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)  # E holds A O R T
    with pytest.raises(IllegalMoveError, match="burraco") as err:
        d.push(parse_move("meld ORA"))
    assert "11.4" in str(err.value.article)


def test_art11_1_no_closing_without_a_discard() -> None:
    """Art. 11.1: a play that leaves no card to discard is refused."""
    d = _deal({Seat.E: "CANEBRT"}, pile="Z", stock="OBDFA")
    _play(d, "draw", "meld CANE", "discard B")
    for _ in range(3):
        _pass_turn(d)
    d.push(DRAW)  # E holds A O R T
    with pytest.raises(IllegalMoveError, match="senza scarto") as err:
        d.push(parse_move("meld ORTA"))
    assert "11.1" in str(err.value.article)


def test_art6_b1_deal_ends_with_two_stock_cards() -> None:
    """Art. 6 B.1: the last two stock cards are not played; the deal ends at that discard."""
    d = Deal(deck(), lexicon=WORDS)
    while not d.is_over:
        _pass_turn(d)
    assert d.end_reason is EndReason.STOCK_EXHAUSTED and d.stock_size == 2
    assert d.turns_played == 58 - 28 - 1 - 2


def test_art7_time_out_dealer_plays_last() -> None:
    """Art. 7: after time is called, a full round after the dealer's discard, dealer last."""
    d = Deal(deck(), Seat.N, lexicon=WORDS)
    _pass_turn(d)  # E
    d.push(TIME_OUT)
    with pytest.raises(IllegalMoveError, match="già chiamato"):
        d.push(TIME_OUT)
    seats = []
    while not d.is_over:
        seats.append(d.turn)
        _pass_turn(d)
    assert seats == [Seat.S, Seat.W, Seat.N, Seat.E, Seat.S, Seat.W, Seat.N]
    assert d.end_reason is EndReason.TIME_OUT


def test_art7_time_out_right_after_the_dealer() -> None:
    """Art. 7: called when the dealer has just discarded, one round is left."""
    d = Deal(deck(), Seat.N, lexicon=WORDS)
    for _ in range(4):
        _pass_turn(d)
    d.push(TIME_OUT)
    n = 0
    while not d.is_over:
        _pass_turn(d)
        n += 1
    assert n == 4 and d.end_reason is EndReason.TIME_OUT


def test_art7_time_out_before_the_first_draw() -> None:
    """Art. 7: time called with the first stock card up and no draw yet: no play is begun,
    the deal scores nothing."""
    d = Deal(deck(), Seat.N, lexicon=WORDS)
    d.push(TIME_OUT)
    assert d.is_over and d.end_reason is EndReason.NOT_STARTED
    assert all(s.total == 0 for s in d.scores().values())
    assert d.legal_moves() == []


def test_move_notation_round_trip() -> None:
    """The move notation reads back what it writes; a bad move is refused clearly."""
    for text in ("draw", "pickup", "meld CA?A", "layoff 2 CASSA", "discard Q", "timeout"):
        assert str(parse_move(text)) == text
    with pytest.raises(ArbitroError, match="mossa non valida"):
        parse_move("meld")
    with pytest.raises(ArbitroError, match="mossa non valida"):
        parse_move("discard QQ")
