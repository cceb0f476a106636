"""The most common remedies of FIBAS Section C, each with the situation its article describes:
penalized cards (art. 25, three detection times), healing an incomplete meld (art. 28) and a
wrong meld (art. 29), missing draw (art. 30), draw or pick-up out of turn (art. 31), equal sets
(art. 32), invalid closings (art. 33). Each test checks the hands, melds, freezes, who plays
next and, where the deal ends, the final score."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from tests.games.burraco.arbiter.obligations import against_ruling

from arbitro.cards import Card, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import BurracoKind, Line, Phase, Seat
from arbitro.games.burraco.arbiter import (
    ArbiterDeal,
    Found,
    Freeze,
    Irregularity,
    TurnLimit,
)

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS_BURRACO = "3C 4C 5C 6C 7C 8C 9C"
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
NS_CLOSED = 365  # clean burraco 200 + closing 100 + melds 45 + 40 - N's JH JH 20


def deal(
    e: str = "5H 6H 7D 9C KS QS 3C",
    *,
    w: str = "8S 8S 4D",
    ew: Sequence[str] = ("3H 4H 5H",),
    stock: str = STOCK,
    pozzetti: Sequence[str] = ("AH AD AC AS KH KD KC KS QH QD QC",),
    taken: Sequence[Line] = (Line.NS,),
    turn: Seat = E,
    turns: int = 8,
    hands: Mapping[Seat, str] | None = None,
) -> ArbiterDeal:
    """N-S hold a clean burraco and their pozzetto; S can close at its next turn."""
    h = {E: P(e), W: P(w), N: P("JH JH"), S: P("QH")}
    for s, cards in (hands or {}).items():
        h[s] = P(cards)
    return ArbiterDeal.from_layout(
        h,
        pile=P("8C"),
        stock=P(stock),
        pozzetti=[P(p) for p in pozzetti],
        melds={Line.NS: [P(NS_BURRACO), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=taken,
        turn=turn,
        turns_played=turns,
    )


def s_closes(d: ArbiterDeal) -> None:
    """S draws, lays the QH off on the Q set and discards the card drawn: a valid closing."""
    assert d.turn is S
    x = d.draw(S).cards[0]
    d.lay_off(S, 1, [C("QH")])
    d.discard(S, x)
    assert d.is_over and d.closer is S and not d.log[-1].problems


def passes(d: ArbiterDeal, *seats: Seat) -> None:
    """Each seat in turn draws and discards the card drawn."""
    for s in seats:
        assert d.turn is s
        x = d.draw(s).cards[0]
        d.discard(s, x)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(P(text)))


def hand(d: ArbiterDeal, s: Seat) -> tuple[Card, ...]:
    return tuple(sorted(d.hand(s)))


# ------------------------------------------------------------------ art. 25


def test_art_25_1_card_laid_off_wrongly_found_at_once_is_discarded_immediately() -> None:
    """Art. 25.1: a card laid off wrongly (9C on a run of hearts) is discarded at once; the
    turn stops and play passes to S."""
    d = deal()
    d.draw(E)
    a = d.lay_off(E, 0, [C("9C")])
    assert [p.suggests for p in a.problems] == [Irregularity.WRONG_LAY_OFF]
    r = d.rule(Irregularity.WRONG_LAY_OFF, E)
    assert r.found is Found.AT_ONCE and r.discarded == P("9C") and r.article == "25.1"
    assert d.melds(Line.EW)[0].cards == P("3H 4H 5H") and d.melds(Line.EW)[0].valid
    assert hand(d, E) == cards("5H 6H 7D KS QS 3C 4S")
    assert d.discard_pile == P("8C 9C")
    assert d.next_to_act is S and d.phase is Phase.DRAW and d.turns_played == 9
    s_closes(d)
    scores = d.scores()
    assert scores[Line.NS].total == NS_CLOSED
    assert scores[Line.EW].total == 15 - 45 - 25 - 100  # meld, E's hand, W's hand, no pozzetto


def test_art_25_2_2_excess_card_found_after_the_discard_is_next_turns_discard() -> None:
    """Art. 25.2.2: found after the discard, before the next player draws: the excess card goes
    to the side and is the obligatory discard of the next turn; the meld stands, not frozen."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    d.discard(E, C("KS"))
    r = d.rule(Irregularity.EXCESS_CARD, E)
    assert r.found is Found.AFTER_DISCARD and r.aside == P("9C")
    meld = d.melds(Line.EW)[1]
    assert meld.cards == P("5D 6D 7D") and meld.valid and meld.freeze is Freeze.NONE
    assert d.aside(E) == P("9C") and d.next_to_act is S
    passes(d, S, W, N)
    d.draw(E)
    assert d.legal_moves() == ("E discard 9C",)
    against_ruling(d, lambda x: x.discard(E, C("QS")), "penalized_cards")  # not the 9C
    assert not d.discard(E, C("9C")).problems and d.aside(E) == ()


def test_art_25_2_2_penalized_card_discarded_next_turn_then_score() -> None:
    """Art. 25.2.2: E discards the 9C put aside at its next turn; S then closes."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    d.discard(E, C("KS"))
    d.rule(Irregularity.EXCESS_CARD, E)
    passes(d, S, W, N)
    d.draw(E)
    ok = d.discard(E, C("9C"))
    assert not ok.problems and d.aside(E) == ()
    s_closes(d)
    # EW: melds 15 + 15; E holds QS 3C 4S 6S; W 8S 8S 4D; pozzetto not taken.
    assert d.scores()[Line.EW].total == 30 - 25 - 25 - 100


def test_art_25_2_3_excess_card_found_later_freezes_the_meld_for_good() -> None:
    """Art. 25.2.3: found later, the meld is frozen for good; the excess card is not discarded
    but counts negative at the end."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    d.discard(E, C("KS"))
    passes(d, S)
    r = d.rule(Irregularity.EXCESS_CARD, E)
    assert r.found is Found.LATER and r.negative == P("9C")
    meld = d.melds(Line.EW)[1]
    assert meld.freeze is Freeze.DEFINITIVE and meld.cards == P("5D 6D 7D 9C")
    assert d.next_to_act is W
    passes(d, W, N, E)
    s_closes(d)
    # EW: 3H 4H 5H 15, frozen 5D 6D 7D +15 and 9C -10; E: QS 3C 4S; W: 8S 8S 4D.
    assert d.scores()[Line.EW].total == 15 + 15 - 10 - 20 - 25 - 100
    assert d.scores()[Line.NS].total == NS_CLOSED


# ------------------------------------------------------------------ art. 28


def test_art_28_incomplete_meld_healed_and_play_goes_on() -> None:
    """Art. 28: 8-6-4 of hearts healed with the 5 and the 7: the player goes on."""
    d = deal("8H 6H 4H 5H 7H KS 3C", ew=())
    d.draw(E)
    a = d.meld(E, P("8H 6H 4H"))
    assert [p.suggests for p in a.problems] == [Irregularity.INCOMPLETE_MELD]
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("5H 7H"))
    assert r.discarded == () and d.turn is E and d.phase is Phase.PLAY
    assert d.melds(Line.EW)[0].cards == P("4H 5H 6H 7H 8H")
    assert hand(d, E) == cards("KS 3C 4S")


def test_art_28_incomplete_meld_not_healed_is_discarded_highest_first() -> None:
    """Art. 28: not healed, the turn stops with an immediate discard, highest first."""
    d = deal("8H 6H 4H 5D KS 3C 9C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    r = d.rule(Irregularity.INCOMPLETE_MELD, E)
    assert r.discarded == P("8H 6H 4H")
    assert d.melds(Line.EW) == () and d.discard_pile == P("8C 8H 6H 4H")
    assert d.next_to_act is S


def test_art_28_incomplete_meld_left_for_another_becomes_wrong_and_freezes_later_melds() -> None:
    """Art. 28: passing to another meld without healing makes it a wrong meld: the melds opened
    after it are frozen temporarily and the turn stops; if S closes meanwhile, they are
    negative (art. 30)."""
    d = deal("8H 6H 4H 5H KD KC KC", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.meld(E, P("KD KC KC"))
    r = d.rule(Irregularity.INCOMPLETE_MELD, E)
    kset = d.melds(Line.EW)[0]
    assert kset.cards == P("KD KC KC") and kset.freeze is Freeze.TEMPORARY
    assert r.frozen == (kset.id,) and r.discarded == P("8H 6H 4H")
    assert hand(d, E) == cards("5H 4S") and d.next_to_act is S
    s_closes(d)
    assert d.scores()[Line.EW].total == -30 - 10 - 25 - 100


def test_art_28_temporary_freeze_lifts_when_the_turn_returns_to_the_offender() -> None:
    """Art. 2 "Congelamento temporaneo": in play again when the turn returns to the offender."""
    d = deal("8H 6H 4H 5H KD KC KC", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.meld(E, P("KD KC KC"))
    d.rule(Irregularity.INCOMPLETE_MELD, E)
    passes(d, S, W)
    assert d.melds(Line.EW)[0].freeze is Freeze.TEMPORARY
    passes(d, N)
    assert d.turn is E and d.melds(Line.EW)[0].freeze is Freeze.NONE


def test_art_28_lay_off_leaving_a_gap_healed_or_discarded() -> None:
    """Art. 28 last paragraph: 4H on 8-7-6 of hearts: healed with the 5, else the 4 is
    discarded."""
    d = deal("4H 5H KS 3C", ew=("6H 7H 8H",))
    d.draw(E)
    d.lay_off(E, 0, [C("4H")])
    d.rule(Irregularity.INCOMPLETE_MELD, E, healing=[C("5H")])
    assert d.melds(Line.EW)[0].cards == P("4H 5H 6H 7H 8H") and d.turn is E
    d2 = deal("4H 9S KS 3C", ew=("6H 7H 8H",))
    d2.draw(E)
    d2.lay_off(E, 0, [C("4H")])
    r = d2.rule(Irregularity.INCOMPLETE_MELD, E)
    assert r.discarded == P("4H") and d2.melds(Line.EW)[0].cards == P("6H 7H 8H")
    assert d2.next_to_act is S


# ------------------------------------------------------------------ art. 29


def test_art_29_wrong_meld_healed_with_one_card_and_excess_discarded() -> None:
    """Art. 29: 5H 6H 7D healed with one card (7H): the run stays, the 7D is discarded."""
    d = deal("5H 6H 7D 7H KS 3C 9C", ew=())
    d.draw(E)
    a = d.meld(E, P("5H 6H 7D"))
    assert [p.suggests for p in a.problems] == [Irregularity.WRONG_MELD]
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.WRONG_MELD, E, healing=P("7H KS"))
    r = d.rule(Irregularity.WRONG_MELD, E, healing=[C("7H")])
    assert r.discarded == P("7D") and r.article == "29"
    assert d.melds(Line.EW)[0].cards == P("5H 6H 7H")
    assert hand(d, E) == cards("KS 3C 9C 4S") and d.next_to_act is S


def test_art_29_wrong_meld_not_healed_all_its_cards_discarded() -> None:
    """Art. 29: without healing, no valid meld is left: its cards are discarded at once."""
    d = deal("5H 6H 7D 7H KS 3C 9C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7D"))
    r = d.rule(Irregularity.WRONG_MELD, E)
    assert r.discarded == P("6H 5H 7D") and d.melds(Line.EW) == ()  # equal values: H before D


# ------------------------------------------------------------------ art. 30


def test_art_30_reminded_by_opponents_before_playing_is_no_offence() -> None:
    """Art. 30: warned by the opponents before any play: no offence, draw and go on."""
    d = deal()
    r = d.rule(Irregularity.MISSING_DRAW, E, reminded_by=S)
    assert "nessuna infrazione" in r.it and d.limit(E) is TurnLimit.NONE
    d.draw(E)
    assert d.phase is Phase.PLAY


def test_art_30_play_without_drawing_freezes_melds_and_lay_offs() -> None:
    """Art. 30: melds opened without drawing are frozen (all negative if someone closes); a
    lay-off freezes the whole meld, but only the cards laid off count negative."""
    d = deal("5D 6D 7D 6H KS QS 3C")
    d.meld(E, P("5D 6D 7D"))
    d.lay_off(E, 0, [C("6H")])
    r = d.rule(Irregularity.MISSING_DRAW, E)
    run, new = d.melds(Line.EW)
    assert run.freeze is Freeze.TEMPORARY and new.freeze is Freeze.TEMPORARY
    assert set(r.frozen) == {run.id, new.id}
    assert d.limit(E) is TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD
    d.draw(E)
    d.discard(E, C("KS"))
    s_closes(d)
    ew = d.scores()[Line.EW]
    # 3H 4H 5H +15, 6H -5; 5D 6D 7D -15; E: QS 3C 4S; W: 8S 8S 4D.
    assert ew.melded == 15 - 5 - 15 and ew.total == -5 - 20 - 25 - 100


def test_art_30_partner_reminder_limits_the_turn_to_draw_and_discard() -> None:
    """Art. 30: reminded by the partner, the player must draw or pick up and discard; a play
    after that is refused (issue 31)."""
    d = deal("5D 6D 7D 6H KS QS 3C")
    r = d.rule(Irregularity.PARTNER_REMINDER, E)
    assert r.limit is TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD
    d.draw(E)
    against_ruling(d, lambda x: x.meld(E, P("5D 6D 7D")), "partner_reminder")


# ------------------------------------------------------------------ art. 31


def test_art_31_pick_up_out_of_turn_without_play_is_restored() -> None:
    """Art. 31 "Raccolta": the pile is restored; at its turn the offender must pick up and
    discard."""
    d = deal()
    d.pick_up(W)
    r = d.rule(Irregularity.OUT_OF_TURN_PICK_UP, W)
    assert d.discard_pile == P("8C") and C("8C") not in d.hand(W)
    assert d.limit(W) is TurnLimit.PICK_UP_AND_DISCARD and r.next_to_act is E
    passes(d, E, S)
    against_ruling(d, lambda x: x.draw(W), "out_of_turn_pick_up")  # W has to pick up
    assert not d.pick_up(W).problems


def test_art_31_draw_out_of_turn_without_play_goes_back_on_the_stock() -> None:
    """Art. 31 "Pesca": N draws in E's turn: the card is shown to E (the opponent who should
    play) and put back on the stock; N will only draw and discard."""
    d = deal()
    d.draw(N)
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, N)
    assert d.stock[0] == C("4S") and hand(d, N) == cards("JH JH")
    assert "mostrata a E" in r.it and d.limit(N) is TurnLimit.DRAW_AND_DISCARD
    assert d.next_to_act is E


def test_art_31_draw_out_of_turn_with_play_melds_aside_and_prepared_discard() -> None:
    """Art. 31 points 1-4: play stops, the meld is set apart (frozen), the discard prepared;
    the turn goes back to E; at W's real turn only the discard, and the meld is valid."""
    d = deal(stock="8H " + STOCK, w="8S 8D 4D")
    d.draw(W)
    d.meld(W, P("8S 8D 8H"))
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, W)
    meld = d.melds(Line.EW)[1]
    assert meld.freeze is Freeze.TEMPORARY and r.frozen == (meld.id,)
    assert d.prepared_discard(W) == C("4D") and d.hand(W) == ()
    assert d.next_to_act is E
    passes(d, E, S)
    assert d.turn is W and d.phase is Phase.PLAY and meld.freeze is Freeze.NONE  # type: ignore[comparison-overlap]  # narrowed before passes()
    d.discard(W, C("4D"))
    assert d.pozzetto_taken(Line.EW) and len(d.hand(W)) == 11  # took it with the discard


def test_art_31_draw_after_pozzetto_al_volo() -> None:
    """Art. 31: drawing after taking the pozzetto al volo: the card goes back on the stock,
    the offender discards at once and plays the pozzetto next turn."""
    d = deal("5D 6D", taken=(Line.NS,), stock="7D " + STOCK)
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    assert d.pozzetto_taken(Line.EW) and len(d.hand(E)) == 11
    a = d.draw(E)
    assert [p.suggests for p in a.problems] == [Irregularity.DRAW_AFTER_POZZETTO]
    r = d.rule(Irregularity.DRAW_AFTER_POZZETTO, E)
    assert d.stock[0] == C("4S") and r.limit is TurnLimit.DISCARD_ONLY
    d.discard(E, C("QC"))
    assert d.next_to_act is S
    s_closes(d)
    # E's pozzetto is unplayed: its value (AH AD AC AS 60, KH KD KC KS QH QD 60) is negative.
    ew = d.scores()[Line.EW]
    assert ew.pozzetto == -120 and ew.total == 15 + 15 - 120 - 25


def test_art_31_pick_up_after_pozzetto_al_volo_restores_the_pile() -> None:
    """Art. 31: picking up after the pozzetto al volo: the pile is restored, only a discard."""
    d = deal("5D 6D", stock="7D " + STOCK)
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    d.pick_up(E)
    d.rule(Irregularity.PICK_UP_AFTER_POZZETTO, E)
    assert d.discard_pile == P("8C") and d.limit(E) is TurnLimit.DISCARD_ONLY


# ------------------------------------------------------------------ art. 32


def test_art_32_equal_sets_merged_and_frozen_for_good() -> None:
    """Art. 32: the second set of kings joins the first, frozen for good; the turn ends. A king
    laid off later counts negative and the seven kings make no burraco."""
    d = deal("KH KC KC 5S 9D", w="KH 8S 4D", ew=("KS KS KD",))
    d.draw(E)
    a = d.meld(E, P("KH KC KC"))
    assert [p.suggests for p in a.problems] == [Irregularity.EQUAL_SETS]
    r = d.rule(Irregularity.EQUAL_SETS, E)
    (kings,) = d.melds(Line.EW)
    assert cards("KS KS KD KH KC KC") == tuple(sorted(kings.cards))
    assert kings.freeze is Freeze.DEFINITIVE
    assert r.frozen == (kings.id,) and r.limit is TurnLimit.DISCARD_ONLY
    d.discard(E, C("9D"))
    passes(d, S)
    d.draw(W)
    d.lay_off(W, 0, [C("KH")])
    assert len(d.melds(Line.EW)[0].cards) == 7
    d.discard(W, C("10S"))
    passes(d, N, E)
    s_closes(d)
    ew = d.scores()[Line.EW]
    assert ew.burrachi == () and ew.melded == 60 - 10
    assert ew.total == 50 - 10 - 15 - 100  # E: 5S 4S; W: 8S 4D


def test_art_32_equal_sets_both_with_a_wild_discard_the_second_wild() -> None:
    """Art. 32: both sets hold a wild: the second wild is discarded at once."""
    d = deal("KH KC 2S 5S 9D", ew=("KS KD JK",))
    d.draw(E)
    d.meld(E, P("KH KC 2S"))
    r = d.rule(Irregularity.EQUAL_SETS, E)
    assert r.discarded == P("2S") and d.discard_pile[-1] == C("2S")
    assert tuple(sorted(d.melds(Line.EW)[0].cards)) == cards("KS KD KH KC JK")
    assert d.next_to_act is S


# ------------------------------------------------------------------ art. 33


def test_art_33_closing_without_burraco_last_play_penalized_discard_stays() -> None:
    """Art. 33 A-C: everything before stays valid except the last play, whose cards are
    penalized and put aside; the discard stays; play goes on with S."""
    d = deal("6H", w="4D", taken=(Line.NS, Line.EW), stock="9C " + STOCK)
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    d.discard(E, C("9C"))
    assert d.is_over
    r = d.rule(Irregularity.CLOSING_WITHOUT_BURRACO)
    assert not d.is_over and r.aside == P("6H") and d.aside(E) == P("6H")
    assert d.melds(Line.EW)[0].cards == P("3H 4H 5H") and d.discard_pile[-1] == C("9C")
    assert d.next_to_act is S
    s_closes(d)
    assert d.scores()[Line.EW].total == 15 - 5 - 5  # 6H aside and W's 4D negative


def test_art_33_closing_in_the_first_round_is_invalid() -> None:
    """Art. 33: no closing before all four players have played once."""
    d = deal(
        "6H",
        w="4D",
        ew=("3H 4H 5H", "3S 4S 5S 6S 7S 8S 9S"),
        taken=(Line.NS, Line.EW),
        stock="9C " + STOCK,
        turns=1,
    )
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    a = d.discard(E, C("9C"))
    assert [p.suggests for p in a.problems] == [Irregularity.CLOSING_FIRST_ROUND]
    d.rule(Irregularity.CLOSING_FIRST_ROUND)
    assert d.aside(E) == P("6H") and d.next_to_act is S


def test_art_33_closing_discarding_a_wild_takes_the_last_play_back() -> None:
    """Art. 33: closing by discarding a wild: the last play goes back in hand, the wild stays
    discarded; the player may close next round."""
    d = deal(
        "7H 2C",
        ew=("3H 4H 5H 6H", "3S 4S 5S 6S 7S 8S 9S"),
        taken=(Line.NS, Line.EW),
        stock="8H " + STOCK,
    )
    d.draw(E)
    d.lay_off(E, 0, P("7H 8H"))
    a = d.discard(E, C("2C"))
    assert [p.suggests for p in a.problems] == [Irregularity.CLOSING_WITH_WILD]
    r = d.rule(Irregularity.CLOSING_WITH_WILD, E)
    assert r.returned == P("7H 8H") and hand(d, E) == cards("7H 8H")
    assert d.melds(Line.EW)[0].cards == P("3H 4H 5H 6H")
    assert d.discard_pile[-1] == C("2C") and d.next_to_act is S


def test_art_33_closing_without_discard_by_a_meld_takes_it_back() -> None:
    """Art. 33 "Senza scarto - calando": the last meld comes back to the hand and one of its
    cards must be the discard."""
    d = deal("9S 9D", ew=("3S 4S 5S 6S 7S 8S 9S",), taken=(Line.NS, Line.EW), stock="9C " + STOCK)
    d.draw(E)
    a = d.meld(E, P("9S 9D 9C"))
    assert d.is_over and [p.suggests for p in a.problems] == [Irregularity.CLOSING_WITHOUT_DISCARD]
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    assert tuple(sorted(r.returned)) == cards("9S 9D 9C") and len(d.melds(Line.EW)) == 1
    assert d.turn is E and d.phase is Phase.PLAY and r.limit is TurnLimit.DISCARD_ONLY
    assert not d.discard(E, C("9C")).problems and d.next_to_act is S
    assert hand(d, E) == cards("9S 9D")


def test_art_33_closing_without_discard_by_laying_off_the_last_card() -> None:
    """Art. 33 "legando anche la carta di scarto": the play before comes back to the hand and
    the card laid off is discarded."""
    d = deal(
        "9S 9D 6H",
        ew=("3H 4H 5H", "3S 4S 5S 6S 7S 8S 9S"),
        taken=(Line.NS, Line.EW),
        stock="9C " + STOCK,
    )
    d.draw(E)
    d.meld(E, P("9S 9D 9C"))
    d.lay_off(E, 0, [C("6H")])
    assert d.is_over
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    assert r.discarded == P("6H") and tuple(sorted(r.returned)) == cards("9S 9D 9C")
    assert hand(d, E) == cards("9S 9D 9C") and d.next_to_act is S
    assert d.melds(Line.EW)[0].cards == P("3H 4H 5H")
    assert d.scores()[Line.EW].burrachi == (BurracoKind.CLEAN,)


def test_art_28_incomplete_meld_healed_with_one_card_and_a_wild() -> None:
    """Art. 28 example: 8-6-4 of hearts healed with the 5 and a wild (for the 7)."""
    d = deal("8H 6H 4H 5H JK KS 3C", ew=())
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("5H JK"))
    run = d.melds(Line.EW)[0]
    assert run.cards == P("4H 5H 6H JK 8H") and run.valid and d.turn is E


def test_art_31_melds_set_apart_count_negative_if_someone_closes_first() -> None:
    """Art. 31 point 2 with art. 30: the meld set apart is frozen until W's real turn; S closes
    before it: the meld and the prepared discard count negative."""
    d = deal(stock="8H " + STOCK, w="8S 8D 4D")
    d.draw(W)
    d.meld(W, P("8S 8D 8H"))
    d.rule(Irregularity.OUT_OF_TURN_DRAW, W)
    d.draw(E)
    d.discard(E, C("KS"))
    s_closes(d)
    ew = d.scores()[Line.EW]
    assert ew.melded == 15 - 30
    # W's prepared 4D and E's 5H 6H 7D 9C QS 3C 4S in hand; pozzetto not taken
    assert ew.total == -15 - 5 - 45 - 100


def test_art_33_cards_taken_back_may_not_go_on_the_partners_new_melds() -> None:
    """Art. 33 "Senza scarto": the offender may not play the cards taken back on melds the
    partner opens or extends afterwards, until the end of the deal (see art. 24)."""
    d = deal(
        "9S 9D",
        w="9H 9H JK 4D",
        ew=("3S 4S 5S 6S 7S 8S 9S",),
        taken=(Line.NS, Line.EW),
        stock="9C " + STOCK,
    )
    d.draw(E)
    d.meld(E, P("9S 9D 9C"))
    d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    d.discard(E, C("9C"))
    passes(d, S)
    x = d.draw(W).cards[0]
    d.meld(W, P("9H 9H JK"))
    d.discard(W, x)
    passes(d, N)
    d.draw(E)
    a = d.lay_off(E, 1, [C("9S")])
    assert [p.article for p in a.problems] == ["33"]
