"""The Scala 40 deal by article: deck (1), seat draw (3), dealing (4), draw and pick-up (6),
opening (7), discards (6, 8, 18), joker swap (6), equal melds (17), closing and the stock
(19), closing without a discard and its four worked examples (20), negative points (22),
tables of three (25)."""

from __future__ import annotations

from collections import Counter

import pytest

from arbitro.cards import JOKER, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.scala40 import (
    Deal,
    IllegalMoveError,
    MoveKind,
    Phase,
    Seat,
    arrange_deck,
    parse_move,
    penalty_points,
    scala40_deck,
    seat_draw,
)

OTHERS = (Seat.S, Seat.E, Seat.N)


def _deal(hands: dict[Seat, str], stock: str = "", up: str | None = None) -> Deal:
    """A deal dealt by N (so W plays first, then S, E, N) with the hands and stock asked."""
    deck = arrange_deck(
        {s: parse_cards(h) for s, h in hands.items()},
        up_card=parse_card(up) if up else None,
        stock=parse_cards(stock),
    )
    return Deal(deck, Seat.N)


def _play(deal: Deal, *moves: str) -> None:
    for text in moves:
        deal.push(parse_move(text))


def _pass(deal: Deal, *cards: str) -> None:
    """S, E and N each draw the stock's top card and discard it."""
    for c in cards:
        _play(deal, "draw", f"discard {c}")


def _error(deal: Deal, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as err:
        deal.push(parse_move(move))
    return err.value


# ------------------------------------------------------------------ arts. 1, 3, 4


def test_art1_deck_of_108_with_4_jokers() -> None:
    """Art. 1: two 54-card French decks, 4 jokers; any other deck is refused."""
    deck = scala40_deck()
    assert len(deck) == 108 and Counter(deck)[JOKER] == 4
    with pytest.raises(ArbitroError) as err:
        Deal(deck[:-1])
    assert str(err.value.article) == "Scala 40 art. 1"


def test_art3_seat_draw_highest_chooses_lowest_deals() -> None:
    """Art. 3: the highest card chooses the seat, the lowest deals; equal ranks by suit."""
    draw = seat_draw(parse_cards("7S AH 2D 7H"))
    assert draw.chooser == 1 and draw.dealer == 2
    assert draw.order == (1, 3, 0, 2)  # 7H beats 7S: hearts over spades
    assert draw.redraw == ()


def test_art3_two_jokers_draw_again() -> None:
    """Art. 3: the joker is the highest card; two jokers keep their priority and draw again."""
    draw = seat_draw(parse_cards("JK KS JK 2C"))
    assert set(draw.order[:2]) == {0, 2} and draw.redraw == ((0, 2),)


def test_art4_thirteen_each_counter_clockwise_one_turned_up() -> None:
    """Art. 4: one card at a time counter-clockwise from the dealer's right up to 13 each;
    then one card turned up; the dealer's right plays first."""
    deck = scala40_deck()
    deal = Deal(deck, Seat.N)
    assert deal.order == (Seat.W, Seat.S, Seat.E, Seat.N)
    assert deal.turn is Seat.W
    assert all(len(deal.hand(s)) == 13 for s in deal.order)
    assert Counter(deal.hand(Seat.W)) == Counter(deck[0:52:4])
    assert Counter(deal.hand(Seat.N)) == Counter(deck[3:52:4])
    assert deal.discard_pile == (deck[52],)
    assert deal.stock_size == 108 - 52 - 1
    assert deal.card_counts() == Counter(deck)


def test_art25_table_of_three() -> None:
    """Art. 25: at an incomplete table three play; the empty seat is skipped."""
    deal = Deal(scala40_deck(), Seat.N, seats=(Seat.N, Seat.E, Seat.S))
    assert deal.order == (Seat.S, Seat.E, Seat.N)
    assert deal.stock_size == 108 - 39 - 1
    with pytest.raises(ArbitroError) as err:
        Deal(scala40_deck(), Seat.N, seats=(Seat.N, Seat.E))
    assert str(err.value.article) == "Scala 40 art. 2, 25"


# ------------------------------------------------------------------ arts. 6, 7 opening

JUNK = "2C 4D 9S JC 3S 8D 10C QS"


def test_art6_pick_up_only_to_open_then_open_before_discarding() -> None:
    """Art. 6: the discard is taken only by who opens with it (40 points) and then must open."""
    deal = _deal({Seat.W: "KH KD KC 5H 6H " + JUNK}, up="7H")
    assert parse_move("pickup") in deal.legal_moves()
    _play(deal, "pickup")
    assert str(_error(deal, "discard 2C").article) == "Scala 40 art. 6"
    assert [m.kind for m in deal.legal_moves()] == [MoveKind.OPEN]
    _play(deal, "open KH KD KC | 5H 6H 7H", "discard 2C")
    assert deal.has_opened(Seat.W) and deal.turn is Seat.S


def test_art6_no_pick_up_without_an_opening() -> None:
    """Art. 6: without 40 points with the discard, the player must draw from the stock."""
    deal = _deal({Seat.W: "KH KD KC 5H 6H " + JUNK}, up="9D")
    assert parse_move("pickup") not in deal.legal_moves()
    err = _error(deal, "pickup")
    assert str(err.article) == "Scala 40 art. 6" and "40" in str(err)


def test_art7_opening_needs_forty_points() -> None:
    """Art. 7: the melds of the opening are worth at least 40; ace low 1, joker as replaced."""
    deal = _deal({Seat.W: "AH 2H 3H KS KD KC JK 9C 9D 4S 6D 8C QH"}, stock="5C")
    _play(deal, "draw")
    err = _error(deal, "open AH 2H 3H | KS KD KC")  # 6 + 30
    assert str(err.article) == "Scala 40 art. 7, 19" and "36" in str(err)
    assert str(_error(deal, "meld KS KD KC").article) == "Scala 40 art. 6, 7"
    _play(deal, "open AH 2H 3H | KS KD KC | 9C 9D JK")  # 6 + 30 + 27
    assert str(_error(deal, "open 4S 5C 6D").article) == "Scala 40 art. 7"
    assert len(deal.table) == 3


def test_art6_art8_joker_taken_back_by_an_opened_player() -> None:
    """Art. 6: an opened player holding the card a joker stands for puts it there and takes
    the joker, with no obligation to lay it."""
    deal = _deal({Seat.W: "KH KD KC QH QD QC 5H JK 7H 6H 2C 9S 4D"}, stock="10C")
    _play(deal, "draw")
    assert str(_error(deal, "swap 0 6H").article) in ("Scala 40 art. 6", "Scala 40 art. 6, 8")
    _play(deal, "open KH KD KC | QH QD QC | 5H JK 7H")
    assert parse_move("swap 2 6H") in deal.legal_moves()
    assert str(_error(deal, "swap 2 2C").article) == "Scala 40 art. 6, 8"
    _play(deal, "swap 2 6H")
    assert str(deal.table[2]) == "5H 6H 7H" and JOKER in deal.hand(Seat.W)
    assert (
        str(_error(deal, "discard JK").article) == "Scala 40 art. 8"
    )  # a joker is discarded only to close


def test_art6_card_that_lays_off_is_not_discarded() -> None:
    """Art. 6: "Non si può scartare una qualsiasi carta che lega a giochi già aperti"."""
    deal = _deal({Seat.W: "KH KD KC QH QD QC 5H 6H 7H 8H 2C 9S 4D"}, stock="10C")
    _play(deal, "draw", "open KH KD KC | QH QD QC | 5H 6H 7H")
    err = _error(deal, "discard 8H")
    assert str(err.article) == "Scala 40 art. 6" and "8H" in str(err)
    assert parse_move("discard 8H") not in deal.legal_moves()
    _play(deal, "discard 2C")


def test_art6_every_card_lays_off_then_any_may_go() -> None:
    """Art. 6: a card that lays off may go "avendo tutte carte che legano"."""
    hand = "KH KD KC QH QD QC 5H 6H 7H 8H 4H KS QS"
    deal = _deal({Seat.W: hand}, stock="9D")
    _play(deal, "draw", "open KH KD KC | QH QD QC | 5H 6H 7H")
    assert (
        str(_error(deal, "discard KS").article) == "Scala 40 art. 6"
    )  # 9D does not lay off: it must go
    _play(deal, "discard 9D")
    deal = _deal({Seat.W: hand}, stock="4H")
    _play(deal, "draw", "open KH KD KC | QH QD QC | 5H 6H 7H", "discard KS")
    assert deal.turn is Seat.S


def test_art18_the_card_taken_may_be_discarded_again() -> None:
    """Art. 18: "Il giocatore può scartare la stessa carta che ha raccolto"."""
    deal = _deal({Seat.W: "KH KD KC QH QD QC 5H 6H 7H 2C 9S 4D JS"}, stock="10C 2D 3D 4S 6C")
    _play(deal, "draw", "open KH KD KC | QH QD QC | 5H 6H 7H", "discard 10C")
    _pass(deal, "2D", "3D", "4S")
    _play(deal, "pickup", "discard 4S")
    assert deal.discard_pile[-1] == parse_card("4S")


def test_art17_equal_runs_and_equal_sets() -> None:
    """Art. 17: two equal runs and two equal sets may be opened; several jokers too."""
    deal = _deal({Seat.W: "5H 6H 7H 5H 6H 7H KH KD KC KH KD KC 2S"}, stock="9C")
    _play(deal, "draw", "open 5H 6H 7H | 5H 6H 7H | KH KD KC | KH KD KC")
    assert [str(m) for m in deal.table][:2] == ["5H 6H 7H", "5H 6H 7H"]


def test_art17_lay_off_two_at_a_time() -> None:
    """Art. 17: on a run, never more than two cards at a time."""
    deal = _deal({Seat.W: "KH KD KC QH QD QC 3S 4S 5S 6S 7S 8S 2C"}, stock="9C")
    _play(deal, "draw", "open KH KD KC | QH QD QC | 3S 4S 5S")
    assert str(_error(deal, "layoff 2 6S 7S 8S").article) == "Scala 40 art. 17"
    _play(deal, "layoff 2 6S 7S", "layoff 2 8S")
    assert len(deal.table[2]) == 6


# ------------------------------------------------------------------ arts. 19, 22 closing


def test_art19_closing_melding_all_and_discarding_the_last() -> None:
    """Art. 19 (1): all cards melded, the last discarded; art. 22: the others' negative points."""
    deal = _deal({Seat.W: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"}, stock="2C")
    _play(deal, "draw", "open AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "discard 2C")
    assert deal.is_over and deal.closer is Seat.W and deal.phase is Phase.OVER
    scores = deal.scores()
    assert scores[Seat.W] == 0
    for s in OTHERS:
        assert scores[s] == penalty_points(deal.hand(s)) > 0
    assert deal.legal_moves() == []
    assert str(_error(deal, "draw").article) == "Scala 40 art. 19"


def test_art19_closing_by_laying_off_all_thirteen_without_opening() -> None:
    """Art. 19 (2): "legando tutte le 13 carte anche senza apertura"."""
    w = "3H 4H 8H 9H 3D 4D 8D 9D 3C 4C 8C 9C KS"
    s = "5H 6H 7H 5D 6D 7D 5C 6C 7C 5S 6S 7S QD"
    deal = _deal({Seat.W: w, Seat.S: s}, stock="2C JC KC KD 4S")
    _play(deal, "draw", "discard 2C")
    _play(deal, "draw", "open 5H 6H 7H | 5D 6D 7D | 5C 6C 7C | 5S 6S 7S", "discard JC")
    _pass(deal, "KC", "KD")
    _play(deal, "draw")
    err = _error(deal, "open @0 4H 3H")
    assert str(err.article) == "Scala 40 art. 7, 19"
    _play(
        deal,
        "open @0 4H 3H | @0 8H 9H | @1 4D 3D | @1 8D 9D | @2 4C 3C | @2 8C 9C | @3 4S",
        "discard KS",
    )
    assert deal.is_over and deal.closer is Seat.W and not deal.has_opened(Seat.W)


def test_art19_stock_exhausted_discards_reshuffled() -> None:
    """Art. 19: when the stock runs out, the discard pile is reshuffled into a new stock."""
    deal = Deal(arrange_deck(), Seat.N, reshuffle_seed=7)
    deck = Counter(scala40_deck())
    while deal.reshuffles == 0:
        _play(deal, "draw")
        moves = [m for m in deal.legal_moves() if m.kind is MoveKind.DISCARD]
        deal.push(moves[-1])
        assert deal.card_counts() == deck
    assert deal.stock_size > 0 and len(deal.discard_pile) == 1
    assert deal.card_counts() == deck


# ------------------------------------------------------------------ art. 20 worked examples

KINGS_QUEENS = "KH KD KC KS QH QD QC QS"


def test_art20_example_1_meld_789_discard_the_7() -> None:
    """Art. 20 ex. 1: "Calo 7 8 9 ... riprendo le tre carte e scarto il 7 se non lega"."""
    deal = _deal({Seat.W: KINGS_QUEENS + " JH JD JC 7H 8H"}, stock="2C 9C 10C 9D 9H")
    _play(deal, "draw", "open KH KD KC KS | QH QD QC QS | JH JD JC", "discard 2C")
    _pass(deal, "9C", "10C", "9D")
    _play(deal, "draw", "meld 7H 8H 9H")
    assert Counter(deal.hand(Seat.W)) == Counter(parse_cards("8H 9H"))
    assert deal.discard_pile[-1] == parse_card("7H") and len(deal.table) == 3
    assert deal.remedies[-1].taken_back == parse_cards("7H 8H 9H")
    assert deal.turn is Seat.S and not deal.is_over


def test_art20_example_1_the_7_lays_off_so_the_8_goes() -> None:
    """Art. 20 ex. 1: "... scarto il 7 se non lega altrimenti l'8 o il 9" (art. 12)."""
    deal = _deal({Seat.W: KINGS_QUEENS + " 4H 5H 6H 7H 8H"}, stock="2C 9C 10C 9D 9H")
    _play(deal, "draw", "open KH KD KC KS | QH QD QC QS | 4H 5H 6H", "discard 2C")
    _pass(deal, "9C", "10C", "9D")
    _play(deal, "draw", "meld 7H 8H 9H")
    assert deal.discard_pile[-1] == parse_card("8H")
    assert Counter(deal.hand(Seat.W)) == Counter(parse_cards("7H 9H"))


def test_art20_example_2_meld_then_lay_off_a_4() -> None:
    """Art. 20 ex. 2: "Calo 7 8 9, attacco anche un 4 ... riprendo il 4 che non potrò
    scartare, ma dovrò riprendere anche il 7 8 9 e scarto il 7"."""
    deal = _deal({Seat.W: "KH KD KC KS QH QD QC 4H 4D 4C 7H 8H 4S"}, stock="2C 9C 10C 9D 9H")
    _play(deal, "draw", "open KH KD KC KS | QH QD QC | 4H 4D 4C", "discard 2C")
    _pass(deal, "9C", "10C", "9D")
    _play(deal, "draw", "meld 7H 8H 9H", "layoff 2 4S")
    assert deal.discard_pile[-1] == parse_card("7H")
    assert Counter(deal.hand(Seat.W)) == Counter(parse_cards("4S 8H 9H"))
    assert len(deal.table) == 3 and len(deal.table[2]) == 3
    assert Counter(deal.remedies[-1].taken_back) == Counter(parse_cards("7H 8H 9H 4S"))


def test_art20_example_3_lay_off_7_8_discard_the_8() -> None:
    """Art. 20 ex. 3: "Attacco 7 8 ... riprendo le carte calate e scarto l'8"."""
    deal = _deal({Seat.W: KINGS_QUEENS + " 3H 4H 5H 6H 7H"}, stock="2C 9C 10C 9D 8H")
    _play(deal, "draw", "open KH KD KC KS | QH QD QC QS | 3H 4H 5H 6H", "discard 2C")
    _pass(deal, "9C", "10C", "9D")
    _play(deal, "draw", "layoff 2 7H 8H")
    assert deal.discard_pile[-1] == parse_card("8H")
    assert deal.hand(Seat.W) == parse_cards("7H")
    assert str(deal.table[2]) == "3H 4H 5H 6H"


def test_art20_example_4_lay_off_7_8_then_a_6() -> None:
    """Art. 20 ex. 4: "Attacco 7 8, attacco anche un 6 ... riprendo il 6 che non potrò
    scartare, ma dovrò riprendere anche il 7 8 e scartare l'8"."""
    deal = _deal({Seat.W: "KH KD KC KS 6D 6C 6S 3H 4H 5H 6H 7H 8H"}, stock="2C 9C 10C 9D 6H")
    _play(deal, "draw", "open KH KD KC KS | 6D 6C 6S | 3H 4H 5H 6H", "discard 2C")
    _pass(deal, "9C", "10C", "9D")
    _play(deal, "draw", "layoff 2 7H 8H", "layoff 1 6H")
    assert deal.discard_pile[-1] == parse_card("8H")
    assert Counter(deal.hand(Seat.W)) == Counter(parse_cards("6H 7H"))
    assert str(deal.table[1]) == "6D 6C 6S" and str(deal.table[2]) == "3H 4H 5H 6H"
