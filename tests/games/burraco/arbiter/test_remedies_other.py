"""The other remedies of FIBAS Section C: request and loss of the penalty (art. 22), pozzetti
(art. 23), exposed and dropped cards (art. 24), throwing cards (art. 26), missing or excess
cards (art. 27), points not counted (art. 34), ghost cards (art. 35)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from arbitro.cards import Card, burraco_deck, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Phase, Seat
from arbitro.games.burraco.arbiter import (
    ArbiterDeal,
    Found,
    Freeze,
    Irregularity,
    PozzettoStage,
    TurnLimit,
)

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
POZ = "AH AD AC AS KH KD KC KS QH QD QC"


def deal(
    e: str = "5H 6H 7D 9C KS QS 3C",
    *,
    w: str = "8S 8S 4D",
    ew: Sequence[str] = ("3H 4H 5H",),
    stock: str = STOCK,
    pozzetti: Sequence[str] = (POZ,),
    taken: Sequence[Line] = (Line.NS,),
    turn: Seat = E,
) -> ArbiterDeal:
    """N-S hold a clean burraco and their pozzetto; S can close at its next turn."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P(w), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(stock),
        pozzetti=[P(p) for p in pozzetti],
        melds={
            Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")],
            Line.EW: [P(m) for m in ew],
        },
        taken=taken,
        turn=turn,
        turns_played=8,
    )


def s_closes(d: ArbiterDeal) -> None:
    x = d.draw(S).cards[0]
    d.lay_off(S, 1, [C("QH")])
    d.discard(S, x)
    assert d.is_over and d.closer is S


def srt(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


# ------------------------------------------------------------------ art. 22


def test_art_22_table_acted_before_calling_the_arbiter_loses_the_penalty() -> None:
    """Art. 22 "Perdita del diritto alla penalità": the table acted first: nothing changes."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    r = d.rule(Irregularity.WRONG_LAY_OFF, E, table_acted=True)
    assert r.forfeited and r.discarded == ()
    assert C("9C") in d.melds(Line.EW)[0].cards and d.turn is E


def test_art_22_playing_on_before_the_ruling_is_warned() -> None:
    """Art. 22: no player may go on before the arbiter explains the rectification: warned."""
    d = deal()
    r = d.rule(Irregularity.PLAYED_BEFORE_RULING, W)
    assert r.warned == (W,) and d.warnings == [(W, "22", Irregularity.PLAYED_BEFORE_RULING.italian)]


# ------------------------------------------------------------------ art. 23


def test_art_23_pozzetto_with_fewer_than_11_cards_completed_from_the_stock_bottom() -> None:
    """Art. 23 "Con meno di 11 carte": completed with the stock's bottom card; the other short
    pozzetto with the next one."""
    d = deal("5D 6D", stock="7D " + STOCK, pozzetti=(POZ[:-3], "2H 2D 3S 3S 4C 4C 5S 5S 6C 6C"))
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    assert len(d.hand(E)) == 10
    r = d.rule(Irregularity.POZZETTO_SHORT, E)
    assert r.returned == P("9D") and C("9D") in d.hand(E) and len(d.hand(E)) == 11
    assert len(d.pozzetti[0]) == 11 and d.pozzetti[0][-1] == C("JC")
    assert d.stock == P("4S 10D 10S 6D 6S JS") and d.turn is E and d.phase is Phase.PLAY


def test_art_23_irregular_pozzetto_already_seen_play_goes_on() -> None:
    """Art. 23: if a card of the irregular pozzetto was seen or played, play goes on."""
    d = deal("5D 6D", stock="7D " + STOCK, pozzetti=(POZ[:-3],))
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    before = d.hand(E)
    d.rule(Irregularity.POZZETTO_SHORT, E, seen=True)
    assert d.hand(E) == before


def test_art_23_pozzetto_with_more_than_11_cards_extra_from_its_top_under_the_stock() -> None:
    """Art. 23 "Con più di 11 carte": the extra cards, from the top of the pozzetto, go under
    the stock."""
    d = deal("5D 6D", stock="7D " + STOCK, pozzetti=("JK " + POZ,))
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    r = d.rule(Irregularity.POZZETTO_LONG, E)
    assert r.returned == P("JK") and C("JK") not in d.hand(E) and len(d.hand(E)) == 11
    assert d.stock[-1] == C("JK")


def test_art_23_pozzetto_of_the_previous_deal() -> None:
    """Art. 23 "Della smazzata precedente": the extra pozzetto stays unused; if a line used it,
    the other line still takes the second pozzetto."""
    d = deal(pozzetti=("JK JK 2H 2H 2D 2D 2C 2C 2S 2S AS", POZ, POZ), taken=())
    d.rule(Irregularity.POZZETTO_PREVIOUS_DEAL, pozzetto=0)
    assert d.pozzetti == (P(POZ), P(POZ))
    d2 = deal(pozzetti=(POZ, "JK JK 2H 2H 2D 2D 2C 2C 2S 2S AS"), taken=(Line.NS,))
    d2.rule(Irregularity.POZZETTO_PREVIOUS_DEAL, used=True)
    assert d2.pozzetti == (P("JK JK 2H 2H 2D 2D 2C 2C 2S 2S AS"),)


def test_art_23_pozzetto_seen_before_the_partners_discard_is_warned() -> None:
    """Art. 23 "Visti fuori turno": E took the pozzetto with the discard and looks at it while
    W has not discarded yet: warning (art. 22 sum of warnings)."""
    d = deal("5D 6D 9C", taken=(Line.NS,), stock="7D " + STOCK)
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    d.discard(E, C("9C"))  # E now holds the pozzetto, unplayed
    assert len(d.hand(E)) == 11 and d.turn is S
    a = d.look_at_pozzetto(E)  # S plays; W has not discarded
    assert [p.suggests for p in a.problems] == [Irregularity.POZZETTO_SEEN_EARLY]
    r = d.rule(Irregularity.POZZETTO_SEEN_EARLY, E, information=True)
    assert r.warned == (E,) and "linea danneggiata" in r.it


def _wrong_then_volo() -> ArbiterDeal:
    d = deal("5D 6D 9C", stock="7D " + STOCK, pozzetti=(POZ, POZ))
    d.draw(E)
    a = d.meld(E, P("5D 6D 7D 9C"))  # wrong: 9C; the hand is empty: pozzetto al volo
    assert [p.suggests for p in a.problems] == [Irregularity.WRONG_MELD]
    assert d.pozzetto_taken(Line.EW)
    return d


def test_art_23_wrong_play_then_pozzetto_not_seen_goes_back() -> None:
    """Art. 23 case 1: pozzetto not opened: "il pozzetto dovrà essere rimesso al suo posto",
    out of the player's hand; immediate discard."""
    d = _wrong_then_volo()
    r = d.rule(Irregularity.WRONG_PLAY_THEN_POZZETTO, E, stage=PozzettoStage.UNSEEN)
    assert r.discarded == P("9C") and d.discard_pile[-1] == C("9C")
    assert d.melds(Line.EW)[1].cards == P("5D 6D 7D")
    # back in its place and out of the hand: the penalty discard does not take it again
    assert len(d.pozzetti) == 2 and d.hand(E) == () and d.next_to_act is S
    assert not d.pozzetto_taken(Line.EW) and d.pozzetto_of(E) is None


def test_art_23_wrong_play_then_pozzetto_seen_frozen_in_hand_partner_cannot_close() -> None:
    """Art. 23 case 2: seen, no play: immediate discard; the pozzetto stays in hand, the
    partner may not close until the offender plays again."""
    d = _wrong_then_volo()
    d.rule(Irregularity.WRONG_PLAY_THEN_POZZETTO, E, stage=PozzettoStage.SEEN)
    assert d.discard_pile[-1] == C("9C") and len(d.hand(E)) == 11
    assert d.closing_barred(Line.EW) and d.next_to_act is S
    for s in (S, W, N):
        x = d.draw(s).cards[0]
        d.discard(s, x)
    assert not d.closing_barred(Line.EW)


def test_art_23_wrong_play_then_pozzetto_played_freezes_and_counts_wrong_cards_negative() -> None:
    """Art. 23 case 3: melds made with the pozzetto frozen; the wrong play's cards set apart,
    negative at the end."""
    d = _wrong_then_volo()
    d.meld(E, P("AH AD AC"))
    r = d.rule(Irregularity.WRONG_PLAY_THEN_POZZETTO, E, stage=PozzettoStage.PLAYED)
    aces = d.melds(Line.EW)[2]
    assert aces.freeze is Freeze.TEMPORARY and r.frozen == (aces.id,)
    assert d.negative_cards(Line.EW) == P("9C") and r.limit is TurnLimit.DISCARD_ONLY
    d.discard(E, C("KH"))
    s_closes(d)
    ew = d.scores()[Line.EW]
    # 3H 4H 5H 15 + 5D 6D 7D 15 - aces 45 - 9C 10; E: AS KD KC KS QH QD QC 75; W 25
    assert ew.melded == 15 + 15 - 45 - 10 and ew.total == -25 - 75 - 25


# ------------------------------------------------------------------ art. 24


def test_art_24_exposed_card_not_played_first_is_discarded_at_once() -> None:
    """Art. 24: an exposed card must be played first, else discarded at once (turn stops)."""
    d = deal("5D 6D 7D 9C KS QS 3C")
    d.draw(E)
    d.expose(E, [C("KS")])
    a = d.meld(E, P("5D 6D 7D"))
    assert [p.suggests for p in a.problems] == [Irregularity.EXPOSED_CARD]
    r = d.rule(Irregularity.EXPOSED_CARD, E)
    assert r.discarded == P("KS") and d.next_to_act is S
    assert srt(d.hand(E)) == srt(P("9C QS 3C 4S"))
    s_closes(d)
    assert d.scores()[Line.EW].total == 30 - 30 - 25 - 100  # melds; E's hand; W's hand


def test_art_24_card_dropped_during_others_turn_played_at_own_turn_or_discarded() -> None:
    """Art. 24 point 2: dropped while others play: at its own turn the card is played at once,
    else discarded immediately."""
    d = deal()
    d.expose(W, [C("8S")])
    r = d.rule(Irregularity.EXPOSED_CARD, W)
    assert r.discarded == () and d.exposed(W) == P("8S")
    for s in (E, S):
        x = d.draw(s).cards[0]
        if s is S:
            d.discard(s, x)
        else:
            d.discard(s, C("KS"))
    d.draw(W)
    r2 = d.rule(Irregularity.EXPOSED_CARD, W)
    assert r2.discarded == P("8S") and d.next_to_act is N


def test_art_24_exposed_card_on_partners_new_meld_is_discarded() -> None:
    """Art. 24: the offender may not lay the exposed card on a meld the partner opened after."""
    d = deal("8H KS QS", w="5H 6H 7H 4D", turn=W)
    d.expose(E, [C("8H")])
    d.draw(W)
    d.meld(W, P("5H 6H 7H"))
    d.discard(W, C("4D"))
    for s in (N,):
        x = d.draw(s).cards[0]
        d.discard(s, x)
    d.draw(E)
    a = d.lay_off(E, 1, [C("8H")])
    assert Irregularity.EXPOSED_ON_PARTNER_MELD in [p.suggests for p in a.problems]
    r = d.rule(Irregularity.EXPOSED_ON_PARTNER_MELD, E)
    assert r.discarded == P("8H") and d.melds(Line.EW)[1].cards == P("5H 6H 7H")
    assert d.next_to_act is S


# ------------------------------------------------------------------ art. 26


def test_art_26_cards_thrown_onto_another_meld_are_discarded_by_art_25() -> None:
    """Art. 26: cards thrown that fall on another meld (doubt): discarded per art. 25."""
    d = deal(ew=("3H 4H 5H", "KD KC KC"))
    d.draw(E)
    d.lay_off(E, 1, [C("KS")])  # meant for another meld, fell on the kings
    meld = d.melds(Line.EW)[1]
    r = d.rule(Irregularity.THROWN_CARDS, E, cards=[C("KS")], meld=meld.id)
    assert r.discarded == P("KS") and srt(d.melds(Line.EW)[1].cards) == srt(P("KD KC KC"))
    assert d.next_to_act is S
    s_closes(d)
    assert d.scores()[Line.EW].total == 45 - 45 - 25 - 100


def test_art_26_cards_passed_to_partner_without_declaring_are_discarded() -> None:
    """Art. 26: passing one or two cards to the partner without declaring where: discarded
    per art. 25, highest first (KS before QS: same value, same suit, higher rank)."""
    d = deal()
    d.draw(E)
    r = d.rule(Irregularity.THROWN_CARDS, E, cards=P("QS KS"))
    assert r.discarded == P("KS QS") and d.discard_pile[-2:] == P("KS QS")
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.THROWN_CARDS, W)


# ------------------------------------------------------------------ art. 27


def test_art_27_missing_card_before_play_redeal() -> None:
    """Art. 27 "Prima che inizi il gioco": the deck is restored and dealt again."""
    deck = burraco_deck()[:-1]
    d = ArbiterDeal(deck)
    r = d.rule(Irregularity.DECK_MISSING_OR_EXCESS)
    assert r.redeal and d.void and d.is_over and r.next_to_act is None


def test_art_27_missing_card_during_the_deal_result_stands() -> None:
    """Art. 27 "Durante il corso di una smazzata": play goes on to a valid result."""
    deck = (*burraco_deck()[:-1],)
    d = ArbiterDeal(deck)
    d.draw(d.turn)
    r = d.rule(Irregularity.DECK_MISSING_OR_EXCESS)
    assert not r.redeal and not d.is_over and "risultato è valido" in r.it
    with pytest.raises(ArbitroError):
        ArbiterDeal(burraco_deck()).rule(Irregularity.DECK_MISSING_OR_EXCESS)


# ------------------------------------------------------------------ art. 34


def test_art_34_points_not_counted_rebuilt_or_arbitral_score() -> None:
    """Art. 34: the arbiter rebuilds the hand (here from the record); if impossible, an
    arbitral score replaces the line's total."""
    d = deal()
    passes_e = d.draw(E).cards[0]
    d.discard(E, passes_e)
    s_closes(d)
    before = d.totals()
    d.rule(Irregularity.POINTS_NOT_COUNTED, W)
    assert d.totals() == before
    d.rule(Irregularity.POINTS_NOT_COUNTED, W, rebuilt=False, arbitral_score=-150)
    assert d.totals()[Line.EW] == -150 and d.totals()[Line.NS] == before[Line.NS]


# ------------------------------------------------------------------ art. 35


def test_art_35_ghost_card_in_the_meld_just_opened_healed() -> None:
    """Art. 35 point 1: the ghost 9H in the run just opened is healed with the 8H (art. 28)."""
    d = deal("5H 6H 7H 9H 8H QS 3C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 9H"))
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")], healing=[C("8H")])
    assert r.discarded == () and d.melds(Line.EW)[0].cards == P("5H 6H 7H 8H 9H")
    assert d.turn is E and d.phase is Phase.PLAY


def test_art_35_ghost_card_not_healable_after_other_melds_freezes_them() -> None:
    """Art. 35 point 2: not healable, the ghost is discarded at once and the melds opened
    after it are frozen until the next turn."""
    d = deal("5H 6H 7H 9H KD KC KC", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 9H"))
    d.meld(E, P("KD KC KC"))
    run = d.melds(Line.EW)[0]
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")], meld=run.id)
    kings = d.melds(Line.EW)[1]
    assert r.discarded == P("9H") and run.cards == P("5H 6H 7H")
    assert kings.freeze is Freeze.TEMPORARY and r.frozen == (kings.id,)
    assert d.next_to_act is S
    s_closes(d)
    ew = d.scores()[Line.EW]
    assert ew.melded == 15 - 30 and ew.total == -15 - 5 - 25 - 100  # kings frozen: negative


def test_art_35_ghost_card_found_later_freezes_for_good_and_counts_negative() -> None:
    """Art. 35 point 3: found later: meld frozen for good, no healing, ghost paid negative."""
    d = deal("5H 6H 7H 9H KS QS 3C", ew=())
    d.draw(E)
    d.meld(E, P("5H 6H 7H 9H"))
    d.discard(E, C("KS"))
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9H")], found=Found.LATER)
    run = d.melds(Line.EW)[0]
    assert run.freeze is Freeze.DEFINITIVE and r.negative == P("9H")
    s_closes(d)
    ew = d.scores()[Line.EW]
    assert ew.melded == 15 - 10 and ew.total == 5 - 20 - 25 - 100  # E: QS 3C 4S


def test_art_35_ghost_card_with_the_discard_is_an_exposed_card() -> None:
    """Art. 35: a ghost card found with the discard goes back as an exposed card (art. 24.2)."""
    d = deal()
    d.draw(E)
    d.discard(E, C("KS"), hidden=[C("9C")])
    assert d.discard_pile == P("8C 9C KS")
    r = d.rule(Irregularity.GHOST_CARD, E, cards=[C("9C")])
    assert d.discard_pile == P("8C KS") and d.exposed(E) == P("9C")
    assert C("9C") in d.hand(E) and r.returned == P("9C") and d.next_to_act is S
