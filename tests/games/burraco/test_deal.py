"""The deal by the FIBAS code: layout (art. 6), turn (arts. 8-10), wild discards (art. 16),
time-out (art. 17), closings and stock exhaustion (arts. 18, 33), art. 32, score (art. 19)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from arbitro.cards import Card, burraco_deck, parse_card, parse_cards
from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.games.burraco import (
    DRAW,
    PICK_UP,
    TIME_OUT,
    Deal,
    EndReason,
    IllegalMoveError,
    Line,
    Move,
    Phase,
    Seat,
    card_value,
    discard,
    lay_off,
    meld,
    seat_draw_key,
)
from arbitro.games.burraco.deal import arrange_deck

C = parse_card
P = parse_cards

E_BURRACO = "3H 4H 5H 6H 7H 8H 9H 10H 5C 5D 5S"
POZ = "AH AH AD AD AC AC AS AS KH KH QD"


def _article(deal: Deal, move: Move) -> str:
    with pytest.raises(IllegalMoveError) as err:
        deal.push(move)
    cited = err.value.article
    assert isinstance(cited, Citation) and cited.code is CodeId.BURRACO_FIBAS
    return cited.article


def _burraco_deal(hands: Mapping[Seat, Sequence[Card]] | None = None) -> Deal:
    """East holds 3H-10H and three 5s; the stock starts with JH: a burraco and the pozzetto."""
    return Deal(
        arrange_deck(
            {Seat.E: P(E_BURRACO), **(hands or {})},
            pile=C("KS"),
            stock=P("JH 6S 6S 7S 7S 4D 4D 4C 4C JD"),
            pozzetti=[P(POZ)],
        )
    )


def test_art6_layout_11_each_two_pozzetti_of_11_one_card_up() -> None:
    """Art. 6: 11 cards each, two pozzetti of 11 from the bottom, the stock's first card up."""
    d = Deal.shuffled(random.Random(1))
    assert [len(d.hand(s)) for s in Seat] == [11, 11, 11, 11]
    assert d.pozzetti_left == 2 and len(d.discard_pile) == 1 and d.stock_size == 41
    assert d.card_counts() == Counter(burraco_deck())
    assert d.turn is Seat.E  # the dealer's left plays first


def test_art6_deal_one_at_a_time_and_pozzetti_alternate_from_bottom() -> None:
    """Art. 6 points 2-4: one card at a time clockwise from the dealer's left; pozzetti alternate
    from the bottom, the one completed first is taken first."""
    deck = Deal.shuffled(random.Random(5)).deck
    d = Deal(deck, Seat.N)
    assert d.hand(Seat.E) == tuple(sorted(deck[0:44:4]))
    assert d.hand(Seat.N) == tuple(sorted(deck[3:44:4]))
    first_pozzetto = deck[::-1][0:22:2]
    assert d.discard_pile == (deck[44],)
    d._take_pozzetto(1)
    assert Counter(d.hand(Seat.E)) - Counter(deck[0:44:4]) == Counter(first_pozzetto)


def test_art6_shuffle_is_reproducible() -> None:
    """Art. 6: a seeded shuffle and cut give the same deal."""
    assert Deal.shuffled(random.Random(9)).deck == Deal.shuffled(random.Random(9)).deck


def test_art3_art5_seat_draw_order() -> None:
    """Arts. 3, 5: the joker is highest, then 2, A, K ... 3; equal cards by suit H>D>C>S."""
    order = sorted(P("3S KH AH 2S JK 3H"), key=seat_draw_key, reverse=True)
    assert [str(c) for c in order] == ["JK", "2S", "AH", "KH", "3H", "3S"]


def test_art8_draw_then_play_then_discard() -> None:
    """Art. 8: draw (or pick up), then melds and lay-offs, then one discard ends the turn."""
    d = _burraco_deal()
    assert d.legal_moves() == [DRAW, PICK_UP]
    assert _article(d, meld(P("5C 5D 5S"))) == "8, 30"  # no play before drawing
    d.push(DRAW)
    assert C("JH") in d.hand(Seat.E)
    assert _article(d, DRAW) == "8"  # one draw only
    d.push(discard(C("JH")))
    assert d.turn is Seat.S and d.phase is Phase.DRAW
    assert d.discard_pile[-1] == C("JH")


def test_art10_pick_up_takes_the_whole_pile() -> None:
    """Art. 10: the player who picks up takes every card of the discard pile."""
    d = _burraco_deal()
    d.push(DRAW)
    d.push(discard(C("JH")))
    d.push(PICK_UP)
    assert d.discard_pile == ()
    assert Counter(d.hand(Seat.S))[C("JH")] >= 1 and Counter(d.hand(Seat.S))[C("KS")] >= 1


def test_art10_single_card_pile_not_discarded_at_once_without_a_twin() -> None:
    """Art. 10: a one-card pile cannot be discarded again at once unless the player holds a
    twin."""
    d = _burraco_deal()
    d.push(PICK_UP)  # the KS, alone
    assert discard(C("KS")) not in d.legal_moves()
    assert _article(d, discard(C("KS"))) == "10"
    twin = _burraco_deal(hands={Seat.E: P("3H 4H 5H 6H 7H 8H 9H 10H 5C 5D KS")})
    twin.push(PICK_UP)
    assert discard(C("KS")) in twin.legal_moves()
    twin.push(discard(C("KS")))


def _others_draw_and_discard(d: Deal, seats: int = 3) -> None:
    for _ in range(seats):
        d.push(DRAW)
        drawn = d.moves[-1]
        assert drawn[1] is DRAW
        d.push(discard(d.hand(d.turn)[-1]))


def test_art2_art23_pozzetto_al_volo_play_goes_on() -> None:
    """Arts. 2, 23: emptying the hand by melding takes the pozzetto "al volo"; play goes on."""
    d = _burraco_deal()
    d.push(DRAW)
    d.push(meld(P("3H 4H 5H 6H 7H 8H 9H 10H JH")))
    d.push(meld(P("5C 5D 5S")))
    assert d.pozzetto_taken(Line.EW) and d.phase is Phase.PLAY
    assert Counter(d.hand(Seat.E)) == Counter(P(POZ))
    assert d.pozzetti_left == 1
    d.push(discard(C("QD")))
    assert d.turn is Seat.S


def test_art23_art19_pozzetto_con_lo_scarto_played_next_turn() -> None:
    """Art. 23: emptying the hand with the discard takes the pozzetto, played from the next
    turn; until then it counts negative as "pozzetto preso e non giocato" (art. 19)."""
    d = _burraco_deal()
    d.push(DRAW)
    d.push(meld(P("3H 4H 5H 6H 7H 8H 9H 10H")))
    d.push(meld(P("5C 5D 5S")))
    d.push(discard(C("JH")))
    assert d.pozzetto_taken(Line.EW) and d.turn is Seat.S
    poz_value = 4 * 15 * 2 + 10 + 10 + 10  # eight aces, KH KH QD
    assert d.scores()[Line.EW].pozzetto == -poz_value
    assert d.scores()[Line.EW].in_hand == -sum(
        card_value(c) for c in d.hand(Seat.W)
    )  # East's hand is the unplayed pozzetto, not counted twice
    _others_draw_and_discard(d)
    d.push(DRAW)
    assert d.scores()[Line.EW].pozzetto == 0


def test_art16_wild_discard_to_go_to_pozzetto() -> None:
    """Art. 16: "Per andare a pozzetto è possibile scartare una matta"."""
    d = _burraco_deal(hands={Seat.E: P("4H 5H 6H 7H 8H 9H 10H 5C 5D 5S JK")})
    d.push(DRAW)
    d.push(meld(P("4H 5H 6H 7H 8H 9H 10H JH")))
    d.push(meld(P("5C 5D 5S")))
    assert discard(C("JK")) in d.legal_moves()
    d.push(discard(C("JK")))
    assert d.pozzetto_taken(Line.EW)


def _east_with_pozzetto_and_burraco(fourth: str = "4D", poz: str = POZ) -> Deal:
    """East makes a clean burraco and takes the pozzetto al volo in the first turn."""
    d = Deal(
        arrange_deck(
            {Seat.E: P(E_BURRACO)},
            pile=C("KS"),
            stock=P(f"JH 6S 6S 7S {fourth}"),
            pozzetti=[P(poz)],
        )
    )
    d.push(DRAW)
    d.push(meld(P("3H 4H 5H 6H 7H 8H 9H 10H JH")))
    d.push(meld(P("5C 5D 5S")))
    return d


CLOSING_POZ = "AH AH AD AD AC AC AS AS QH KH 9S"


def test_art18_art33_closing_from_the_second_round() -> None:
    """Art. 18: pozzetto taken, a burraco made, all cards melded but one, discarded; art. 33:
    "si può chiudere solo a partire dal secondo giro"."""
    d = _east_with_pozzetto_and_burraco(poz=CLOSING_POZ)
    d.push(meld(P("AH AH AD AD AC AC AS AS")))
    d.push(lay_off(0, (C("QH"),)))
    assert _article(d, lay_off(0, (C("KH"),))) == "33"  # would leave 9S to close in round 1
    assert lay_off(0, (C("KH"),)) not in d.legal_moves()
    d.push(discard(C("9S")))
    _others_draw_and_discard(d)
    d.push(DRAW)  # 4D
    d.push(lay_off(0, (C("KH"),)))
    d.push(discard(C("4D")))
    assert d.is_over and d.end_reason is EndReason.CLOSING and d.closer is Seat.E
    ew = d.scores()[Line.EW]
    assert ew.burrachi and ew.burraco_bonus == 400  # run 3H-KH and eight aces, both clean
    assert ew.closing_bonus == 100 and ew.base == 500
    assert ew.melded == 85 + 15 + 120
    assert ew.in_hand == -sum(card_value(c) for c in d.hand(Seat.W))
    ns = d.scores()[Line.NS]
    assert ns.pozzetto == -100 and ns.base == 0
    assert (
        ns.total
        == ns.points
        == -100 - sum(card_value(c) for s in (Seat.N, Seat.S) for c in d.hand(s))
    )
    assert not d.legal_moves()
    assert _article(d, DRAW) == "18"


def test_art16_art33_no_closing_with_a_wild() -> None:
    """Arts. 16, 33: the closing discard cannot be a wild."""
    d = _east_with_pozzetto_and_burraco(fourth="2C", poz=CLOSING_POZ)
    d.push(meld(P("AH AH AD AD AC AC AS AS")))
    d.push(lay_off(0, (C("QH"),)))
    d.push(discard(C("9S")))
    _others_draw_and_discard(d)
    d.push(DRAW)  # 2C
    assert _article(d, lay_off(0, (C("KH"),))) == "16, 33"


def test_art18_art33_no_closing_without_burraco() -> None:
    """Arts. 18, 33: a line without a burraco cannot meld down to its last card."""
    d = Deal(
        arrange_deck(
            {Seat.E: P("3H 4H 5H 6H 7H 8H 5C 5D 5S 9D 9C")},
            pile=C("KS"),
            stock=P("9S"),
            pozzetti=[P("JC JC JD QS QS QD KC KC KD KS 7S")],
        )
    )
    d.push(DRAW)
    for text in ("3H 4H 5H 6H 7H 8H", "5C 5D 5S", "9D 9C 9S", "JC JC JD", "QS QS QD"):
        d.push(meld(P(text)))
    assert d.pozzetto_taken(Line.EW)
    assert _article(d, meld(P("KC KC KD KS"))) == "18, 33"
    assert meld(P("KD KC KC")) in d.legal_moves()  # leaves two cards: allowed


def test_art18_art33_no_closing_without_discard() -> None:
    """Arts. 18, 33: with the pozzetto taken, the hand cannot be emptied without a discard."""
    d = _east_with_pozzetto_and_burraco(poz="AH AH AD AD AC AC AS AS QH KH 2C")
    d.push(meld(P("AH AH AD AD AC AC AS AS")))
    assert _article(d, lay_off(0, P("QH KH 2C"))) == "18, 33"


def test_art32_no_second_set_of_the_same_rank() -> None:
    """Art. 32: "Non è possibile aprire combinazioni uguali" (for a line)."""
    d = _east_with_pozzetto_and_burraco()
    d.push(meld(P("AH AD AC")))
    assert _article(d, meld(P("AH AD AS"))) == "32"
    assert all(
        m.cards[0].rank is not C("AS").rank for m in d.legal_moves() if m.kind.value == "meld"
    )


def test_art18_stock_exhaustion_last_two_cards_not_playable() -> None:
    """Art. 18: the last two stock cards are not playable; the deal ends with the discard of the
    player who drew the third-to-last card, without closing bonus."""
    d = Deal.shuffled(random.Random(3))
    while not d.is_over:
        d.push(DRAW)
        d.push(discard(d.hand(d.turn)[-1]))
    assert d.end_reason is EndReason.STOCK_EXHAUSTED and d.stock_size == 2
    assert d.moves[-2][0] is d.moves[-1][0] and d.moves[-2][1] is DRAW
    assert all(s.closing_bonus == 0 for s in d.scores().values())
    assert len(d.moves) == 2 * 39


@pytest.mark.parametrize(("draws_before", "turns"), [(0, 4), (1, 8)])
def test_art17_time_out_one_last_round_after_the_dealer(draws_before: int, turns: int) -> None:
    """Art. 17: after the call, play goes on to the dealer's discard, then one last round. Called
    before the player after the dealer draws: the round ends at the dealer; called after: back
    to the dealer, then one more round. No closing bonus."""
    d = Deal.shuffled(random.Random(4))
    if draws_before:
        d.push(DRAW)
    d.push(TIME_OUT)
    assert _article(d, TIME_OUT) == "17"
    n = 0
    while not d.is_over:
        if d.phase is Phase.DRAW:
            d.push(DRAW)
        d.push(discard(d.hand(d.turn)[-1]))
        n += 1
    assert n == turns and d.end_reason is EndReason.TIME_OUT
    assert d.moves[-1][0] is Seat.N  # the dealer
    assert all(s.closing_bonus == 0 for s in d.scores().values())


def test_deck_must_be_the_burraco_deck() -> None:
    """Arts. 3, 5: the deal is laid out only from the full 108-card deck."""
    with pytest.raises(Exception) as err:
        Deal(burraco_deck()[:-1])
    assert "108" in str(err.value)
