"""The remedies read the deal's own code, not the FIBAS numbers by default (issue 26, mutants
of ``remedies/common.py``): the excess cards (art. 2 "Carta eccedente", arts. 11-13 valid
melds) and the order of an immediate discard or of penalized cards (art. 2 "Scarto immediato",
art. 3 values). Each case runs under a code object of its own, changed from FIBAS in one
number, so that the answer differs from the one the FIBAS numbers would give (the lesson of
bench/RESULTS.md: a new code object, never a result met before)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arbitro.cards import Card, parse_card, parse_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.games.burraco import Line, Phase, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Found, Freeze, Irregularity
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.i18n import message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
K = Irregularity
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
AT_ONCE = "found at once: immediate discard of {cards}"


def no_wilds() -> BurracoFibasCode:
    """FIBAS with no wild allowed in a meld (art. 12 allows one): a 2 is only a natural."""
    return replace(burraco_fibas(), meld_max_wilds=0)


def dear_kings() -> BurracoFibasCode:
    """FIBAS with the kings worth 15 (art. 3 gives them 10, like the 9)."""
    return replace(burraco_fibas(), card_values={**burraco_fibas().card_values, "K": 15})


def deal(e: str, code: BurracoFibasCode, *, ew: Sequence[str] = ("3H 4H 5H",)) -> ArbiterDeal:
    """E to play after eight turns under ``code``; N-S hold a clean burraco and their pozzetto."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(STOCK),
        pozzetti=[P("AH AD AC AS KH KD KC KS QH QD QC")],
        melds={Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=(Line.NS,),
        turn=E,
        turns_played=8,
        code=code,
    )


def hand(d: ArbiterDeal, s: Seat) -> tuple[Card, ...]:
    return tuple(sorted(d.hand(s)))


def test_art_2_excess_card_of_a_new_meld_under_a_code_without_wilds() -> None:
    """FIBAS art. 2 "Carta eccedente" and art. 25.2.1, under a code allowing no wild: E opens
    5D 6D 7D 2C; the 2C fits no meld of that code: it is the excess card, discarded at once."""
    d = deal("5D 6D 7D 2C KS QS 3C", no_wilds())
    d.draw(E)
    d.meld(E, P("5D 6D 7D 2C"))
    at = len(d.log)
    r = d.rule(K.EXCESS_CARD, E)
    assert r == Ruling(
        K.EXCESS_CARD,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="2C"),
        discarded=P("2C"),
        next_to_act=S,
    )
    new = d.melds(Line.EW)[1]
    assert new.cards == P("5D 6D 7D") and new.valid
    assert d.discard_pile == P("8C 2C") and hand(d, E) == tuple(sorted(P("KS QS 3C 4S")))


def test_art_25_1_a_lay_off_on_a_meld_not_valid_in_the_code_is_all_excess() -> None:
    """FIBAS art. 25.1 under a code allowing no wild: E opens 3H 2C 5H (not a meld there) and
    lays the 9C and the 6H off on it: with no valid meld to lay off on, both cards are
    discarded at once (higher value first); 3H 2C 5H stays, still not a meld."""
    d = deal("3H 2C 5H 9C 6H KS QS", no_wilds())
    d.draw(E)
    d.meld(E, P("3H 2C 5H"))
    d.lay_off(E, 1, [C("9C"), C("6H")])
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="9C 6H"),
        discarded=P("9C 6H"),
        next_to_act=S,
    )
    meld = d.melds(Line.EW)[1]
    assert meld.cards == P("3H 2C 5H") and meld.meld is None and not meld.valid
    assert d.discard_pile == P("8C 9C 6H") and hand(d, E) == tuple(sorted(P("4S QS KS")))


def test_art_25_1_a_wild_laid_off_under_a_code_without_wilds_is_excess() -> None:
    """FIBAS art. 25.1 "CARTA/E LEGATA ERRONEAMENTE, compresa la matta", under a code allowing
    no wild: the 9C and the 2C laid off on 3H 4H 5H both fit nowhere: both discarded."""
    d = deal("9C 2C 7D KS QS 3C", no_wilds())
    d.draw(E)
    d.lay_off(E, 0, [C("9C"), C("2C")])
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="2C 9C"),
        discarded=P("2C 9C"),
        next_to_act=S,
    )
    run = d.melds(Line.EW)[0]
    assert run.cards == P("3H 4H 5H") and run.valid and run.freeze is Freeze.NONE
    assert d.discard_pile == P("8C 2C 9C") and d.phase is Phase.DRAW


def test_art_2_immediate_discard_in_the_order_of_the_codes_values() -> None:
    """FIBAS art. 2 "Scarto immediato ... dal valore più alto a quello più basso": under a code
    valuing the king 15, the KS goes to the pile before the 9C (FIBAS: equal values, clubs
    before spades)."""
    d = deal("5H 6H 7D 9C KS QS 3C", dear_kings())
    d.draw(E)
    d.lay_off(E, 0, [C("9C"), C("KS")])
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="KS 9C"),
        discarded=P("KS 9C"),
        next_to_act=S,
    )
    assert d.discard_pile == P("8C KS 9C") and d.melds(Line.EW)[0].cards == P("3H 4H 5H")


def test_art_25_2_2_penalized_cards_aside_in_the_order_of_the_codes_values() -> None:
    """FIBAS art. 25.2.2 (found after the discard: the cards at the side, discarded one a turn)
    and art. 2's order, under a code valuing the king 15: the KS is discarded first."""
    d = deal("5H 6H 7D 9C KS QS 3C", dear_kings())
    d.draw(E)
    d.lay_off(E, 0, [C("9C"), C("KS")])
    d.discard(E, C("QS"))
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AFTER_DISCARD,
        at,
        r.text,
        aside=P("KS 9C"),
        next_to_act=S,
    )
    assert d.aside(E) == P("KS 9C") and d.melds(Line.EW)[0].cards == P("3H 4H 5H")
