"""The remedies that mutation testing found wrong (issue 26, "remfix"): each test is a case of
the FIBAS article (shared/seeds/000) that failed before the fix."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from arbitro.cards import parse_card, parse_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Seat
from arbitro.games.burraco.arbiter import (
    ArbiterDeal,
    Found,
    Freeze,
    Irregularity,
    PozzettoStage,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.core import arbiter as core
from arbitro.i18n import message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
POZ = "AH AD AC AS KH KD KC KS QH QD QC"
NS_BURRACO = "3C 4C 5C 6C 7C 8C 9C"
EW_BURRACO = "3S 4S 5S 6S 7S 8S 9S"


def deal(
    e: str,
    *,
    w: str = "8S 8S 4D",
    stock: str = STOCK,
    pile: str = "8C",
    ew: Sequence[str] = (),
    taken: Sequence[Line] = (Line.NS,),
    code: BurracoFibasCode | None = None,
) -> ArbiterDeal:
    """E to play after eight turns; N-S hold a clean burraco and their pozzetto."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P(w), N: P("JH JH"), S: P("QH")},
        pile=P(pile),
        stock=P(stock),
        pozzetti=[P(POZ)],
        melds={Line.NS: [P(NS_BURRACO), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=taken,
        turn=E,
        turns_played=8,
        code=code,
    )


def pos(d: ArbiterDeal) -> Mapping[str, str]:
    """The position's parts by their first word (hands by seat, ``limits``, ``pile``...)."""
    parts = (part.partition(" ") for part in str(d).split(" | "))
    return {key: rest for key, _, rest in parts}


def refused(d: ArbiterDeal, kind: Irregularity, article: str, **details: object) -> ArbitroError:
    """The ruling is refused citing ``article``, and the deal is left exactly as it was."""
    before = str(d)
    rulings = list(d.rulings)
    with pytest.raises(ArbitroError) as caught:
        d.rule(kind, **details)  # type: ignore[arg-type]  # the ruling's own keywords, named by the test
    assert caught.value.key == "arbiter.bad_ruling" and caught.value.article is not None
    assert caught.value.article.article == article
    assert str(d) == before and d.rulings == rulings
    return caught.value


# ------------------------------------------------------------------ 1. art. 23


def _regular_volo() -> ArbiterDeal:
    """E holds 5D 6D 8D, draws 7D and opens 5D 6D 7D 8D (a valid run): the empty hand takes
    E-W's pozzetto "in diretta"."""
    d = deal("5D 6D 8D", stock="7D " + STOCK)
    d.draw(E)
    d.meld(E, P("5D 6D 7D 8D"))
    assert sorted(d.hand(E)) == sorted(P(POZ)) and d.pozzetto_taken(Line.EW)
    return d


@pytest.mark.parametrize("stage", list(PozzettoStage))
def test_art_23_pozzetto_in_diretta_after_a_valid_play_is_no_irregularity(
    stage: PozzettoStage,
) -> None:
    """FIBAS art. 23 "Pozzetto preso in diretta - Il pozzetto preso in diretta prevede la
    prosecuzione del gioco. Qualora la presa pozzetto in diretta sia successiva ad una giocata
    errata...": the run 5D 6D 7D 8D is valid, so the procedure does not apply: the ruling is
    refused (in Italian and English), the pozzetto stays with E, E plays on. Before the fix
    the pozzetto went back and E's turn ended with an "immediate discard" of no card."""
    d = _regular_volo()
    err = refused(d, Irregularity.WRONG_PLAY_THEN_POZZETTO, "23", offender=E, stage=stage)
    assert err.msg == message(
        "no wrong play before the pozzetto: it was taken regularly, play goes on"
    )
    assert err.it == (
        "nessuna giocata errata prima del pozzetto: è stato preso regolarmente, il gioco "
        "prosegue (FIBAS art. 23)"
    )
    assert err.en == (
        "no wrong play before the pozzetto: it was taken regularly, play goes on (FIBAS art. 23)"
    )
    assert d.next_to_act is E and sorted(d.hand(E)) == sorted(P(POZ))


def test_art_23_the_valid_meld_named_is_refused_too() -> None:
    """FIBAS art. 23: naming the valid run as the wrong play changes nothing."""
    d = _regular_volo()
    run = d.melds(Line.EW)[0]
    refused(
        d,
        Irregularity.WRONG_PLAY_THEN_POZZETTO,
        "23",
        offender=E,
        stage=PozzettoStage.UNSEEN,
        meld=run.id,
    )


def test_art_23_pozzetto_taken_with_the_discard_and_no_play_at_all_is_refused() -> None:
    """FIBAS art. 23 "successiva ad una giocata errata": E, playing on with no cards, draws
    and discards: the pozzetto is taken with the discard and E made no play at all, so there
    is no wrong play to rule on."""
    d = deal("")
    d.draw(E)
    d.discard(E, C("4S"))
    assert d.pozzetto_of(E) is not None and d.plays == ()
    err = refused(
        d, Irregularity.WRONG_PLAY_THEN_POZZETTO, "23", offender=E, stage=PozzettoStage.UNSEEN
    )
    assert err.msg == message(
        "no wrong play before the pozzetto: it was taken regularly, play goes on"
    )


# ------------------------------------------------------------------ 7. art. 31


def test_art_31_cards_set_aside_in_the_order_of_the_deals_own_values() -> None:
    """FIBAS art. 31 point 2 with art. 25 and art. 3 "Valore delle carte": W, drawing out of
    turn, lays off 6H and KH; under a code whose 6s are worth 20 the 6H is the higher: the
    ruling and the table list it first (the order they are discarded in)."""
    fibas = burraco_fibas()
    code = replace(fibas, card_values={**fibas.card_values, "6": 20})
    d = deal("5H", w="6H KH 4D 9S", ew=("3H 4H 5H", "KC KD KS"), stock="QS " + STOCK, code=code)
    d.draw(W)
    d.lay_off(W, 0, [C("6H")])
    d.lay_off(W, 1, [C("KH")])
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, W)
    assert r.aside == P("6H KH") and pos(d)["aside"] == "W 6H KH"
    assert core.PenalizedCards(W, ("6H", "KH")) in d.records[-1]


# ------------------------------------------------------------------ 2, 4. arts. 28-29


def _left_for_another() -> ArbiterDeal:
    """E draws, opens 6H 8H (incomplete) and, without healing it, opens KD KC KC: the 6H 8H
    became a "gioco errato" (art. 28)."""
    d = deal("6H 8H KD KC KC 7H 5H 3C")
    d.draw(E)
    d.meld(E, P("6H 8H"))
    d.meld(E, P("KD KC KC"))
    return d


def test_art_28_meld_left_for_another_healed_with_one_card_the_turn_is_interrupted() -> None:
    """FIBAS art. 28: "Un gioco incompleto diventa 'Gioco errato' nel momento in cui il
    giocatore passi ad altro gioco ... In questo caso i giochi successivamente aperti o
    incrementati saranno congelati temporaneamente e il gioco dovrà essere interrotto";
    art. 29: healed "con una sola carta ... interrompendo il gioco". Healed with the 7H there
    is no excess card: the kings are frozen, E's play stops and E discards now (the turn is
    interrupted: the core records it). Before the fix E played on, with a message of an
    "immediate discard of the excess" of nothing."""
    d = _left_for_another()
    run, kings = d.melds(Line.EW)
    r = d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("7H"))
    text = message(
        "meld healed with {cards}, no card in excess: play stops, discard now", cards="7H"
    )
    assert r == Ruling(
        Irregularity.INCOMPLETE_MELD,
        E,
        Found.AT_ONCE,
        3,
        text,
        frozen=(kings.id,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    assert d.records[-1] == (core.Freeze(Line.EW, (str(kings.id),)), core.InterruptedTurn(E))
    assert run.cards == P("6H 7H 8H") and kings.freeze is Freeze.TEMPORARY
    assert pos(d)["limits"] == "E discard_only now incomplete_meld"
    d.discard(E, C("5H"))
    assert d.next_to_act is S and pos(d)["pile"] == "8C 5H"


def test_art_29_wrong_meld_healed_with_one_card_and_no_excess_the_turn_is_interrupted() -> None:
    """FIBAS art. 29: "potrà sanare l'errore con una sola carta, estratta dal ventaglio e
    interrompendo il gioco": the arbiter rules the 6H 8H a wrong meld; the 7H heals it with
    nothing in excess, and E's play stops all the same (a discard now)."""
    d = deal("6H 8H 7H 3C")
    d.draw(E)
    d.meld(E, P("6H 8H"))
    r = d.rule(Irregularity.WRONG_MELD, E, healing=P("7H"))
    assert r.limit is TurnLimit.DISCARD_ONLY and r.discarded == () and r.frozen == ()
    assert r.text == message(
        "meld healed with {cards}, no card in excess: play stops, discard now", cards="7H"
    )
    assert d.melds(Line.EW)[0].cards == P("6H 7H 8H") and d.hand(E) == P("3C 4S")
    d.discard(E, C("4S"))
    assert d.next_to_act is S


def test_art_28_refused_healing_leaves_the_deal_as_it_was() -> None:
    """FIBAS arts. 28-29: a meld left for another heals with one card only: two cards (5H 7H)
    are refused, and the refusal changes nothing (before the fix the kings stayed frozen on
    the deal, the freeze made before the check)."""
    d = _left_for_another()
    kings = d.melds(Line.EW)[1]
    err = refused(d, Irregularity.INCOMPLETE_MELD, "28", offender=E, healing=P("5H 7H"))
    assert err.msg == message("heal with at most {count} card", count=1)
    assert kings.freeze is Freeze.NONE


# ------------------------------------------------------------------ 3. art. 35.2


def test_art_35_2_ghost_in_a_healed_meld_freezes_the_melds_opened_after_it() -> None:
    """FIBAS art. 35 point 2: "Rinvenuta in un gioco aperto in quel turno ma dopo aver aperto
    altri giochi ... nella eventualità non potesse essere sanata tutti i giochi aperti
    successivamente sono congelati". E opens 8H 6H 4H, heals it with 5H 7H (art. 28 example),
    then opens KD KC KC; the 8H is found a ghost card in the run: discarded at once, and the
    kings, opened after the run, are frozen (before the fix the healed run was recorded at
    the kings' own moment and the kings were left out)."""
    d = deal("8H 6H 4H 5H 7H KD KC KC 3C")
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("5H 7H"))
    d.meld(E, P("KD KC KC"))
    run, kings = d.melds(Line.EW)
    r = d.rule(Irregularity.GHOST_CARD, E, cards=P("8H"), meld=run.id)
    assert r.frozen == (kings.id,) and r.discarded == P("8H") and r.next_to_act is S
    assert kings.freeze is Freeze.TEMPORARY and run.cards == P("4H 5H 6H 7H")
    assert r.text == message(
        "ghost card cannot be healed: immediate discard of {cards}; melds opened after it "
        "frozen until the next turn",
        cards="8H",
    )


# ------------------------------------------------------------------ 6. art. 18


def _al_monte(code: BurracoFibasCode | None = None) -> ArbiterDeal:
    """E picks up the three cards of the pile (8C 9C 4D), melds 8C 9C 10C JC QC and 4S 4D 4H
    and closes with the 5S: a closing "al monte" with three cards in the pile."""
    d = deal(
        "10C JC QC 4S 4H 5S",
        pile="8C 9C 4D",
        ew=(EW_BURRACO,),
        taken=(Line.NS, Line.EW),
        code=code,
    )
    d.pick_up(E)
    d.meld(E, P("8C 9C 10C JC QC"))
    d.meld(E, P("4S 4D 4H"))
    d.discard(E, C("5S"))
    assert d.is_over and d.closer is E
    return d


def test_art_18_the_pile_limit_is_the_codes_own() -> None:
    """FIBAS art. 18 "Al monte - Quando nel Monte degli scarti sono presenti massimo due carte":
    under the FIBAS code three cards make the closing irregular (its melds frozen); under a
    code whose limit is three (``al_monte_max_discards``) the same closing is regular and the
    ruling is refused, naming the code's limit (before the fix the limit was a constant 2)."""
    fibas = _al_monte()
    clubs, fours = fibas.melds(Line.EW)[1:]
    assert fibas.rule(Irregularity.CLOSING_AT_PILE, E).frozen == (clubs.id, fours.id)
    three = _al_monte(replace(burraco_fibas(), al_monte_max_discards=3))
    err = refused(three, Irregularity.CLOSING_AT_PILE, "18", offender=E)
    assert (
        err.it == "al massimo 3 carte negli scarti: la chiusura al monte è regolare (FIBAS art. 18)"
    )
    assert err.en == "at most 3 cards in the pile: the closing al monte is regular (FIBAS art. 18)"


# ------------------------------------------------------------------ 9. art. 33


def _closes_laying_off_three() -> ArbiterDeal:
    """E-W hold a burraco; E draws 8H and lays 6H 7H 8H off on 3H 4H 5H in one play: the hand
    is empty with no discard (E-W took their pozzetto)."""
    d = deal(
        "6H 7H",
        stock="8H " + STOCK,
        ew=("3H 4H 5H", EW_BURRACO),
        taken=(Line.NS, Line.EW),
    )
    d.draw(E)
    d.lay_off(E, 0, P("6H 7H 8H"))
    assert d.is_over and d.closer is E
    return d


def test_art_33_laying_off_the_discard_too_only_the_last_card_is_discarded() -> None:
    """FIBAS art. 33 "Senza scarto - legando anche la carta di scarto - Il penultimo gioco
    effettuato è ripreso in mano e l'ultima carta impropriamente legata viene scartata": the
    lay-off of 6H 7H 8H is E's only play; one card of it is the discard laid improperly (the
    highest, 8H, as in an immediate discard, art. 2), the rest (6H 7H) goes back in hand as
    the play before it; E may close only at the next round. Before the fix all three cards
    were discarded."""
    d = _closes_laying_off_three()
    run = d.melds(Line.EW)[0]
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    assert r.discarded == P("8H") and r.returned == P("6H 7H") and r.next_to_act is S
    assert r.text == message(
        "closing by laying off the discard too: the play before {cards} taken back, "
        "{discarded} discarded",
        cards="6H 7H",
        discarded="8H",
    )
    assert run.cards == P("3H 4H 5H") and sorted(d.hand(E)) == sorted(P("6H 7H"))
    assert pos(d)["pile"] == "8C 8H" and not d.is_over


def test_art_33_the_arbiter_names_the_card_laid_improperly() -> None:
    """FIBAS art. 33: the arbiter may name which card of the lay-off was the discard (6H): it
    is discarded, 7H 8H go back in hand; a card not in the lay-off is refused."""
    d = _closes_laying_off_three()
    refused(d, Irregularity.CLOSING_WITHOUT_DISCARD, "33", offender=E, cards=P("9D"))
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E, cards=P("6H"))
    assert r.discarded == P("6H") and sorted(d.hand(E)) == sorted(P("7H 8H"))


def test_art_33_a_lay_off_of_two_cards_discards_the_higher_one() -> None:
    """FIBAS art. 33 with art. 2 "Scarto immediato" (equal values: the higher rank first): of
    the lay-off 6H 7H, the 7H is the card laid improperly, the 6H goes back in hand."""
    d = deal("6H", stock="7H " + STOCK, ew=("3H 4H 5H", EW_BURRACO), taken=(Line.NS, Line.EW))
    d.draw(E)
    d.lay_off(E, 0, P("6H 7H"))
    assert d.is_over and d.closer is E
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    assert r.discarded == P("7H") and r.returned == P("6H") and d.hand(E) == P("6H")


def test_art_33_the_card_discarded_is_the_highest_by_the_deals_own_values() -> None:
    """FIBAS art. 33 with art. 3 "Valore delle carte": under a code whose 6s are worth 20, the
    6H is the highest of the lay-off 6H 7H 8H: it is discarded, 7H 8H go back in hand."""
    fibas = burraco_fibas()
    code = replace(fibas, card_values={**fibas.card_values, "6": 20})
    d = deal(
        "6H 7H",
        stock="8H " + STOCK,
        ew=("3H 4H 5H", EW_BURRACO),
        taken=(Line.NS, Line.EW),
        code=code,
    )
    d.draw(E)
    d.lay_off(E, 0, P("6H 7H 8H"))
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    assert r.discarded == P("6H") and r.returned == P("7H 8H")


def test_art_33_one_card_laid_off_alone_the_earlier_turns_stand() -> None:
    """FIBAS art. 33 "legando anche la carta di scarto": E opens the 9s, drops the KS and the
    QD face up and discards them at once (art. 24): the hand is empty and E plays on with no
    cards (docs/rulings.md "The arbiter's remedies" 11). At the next turn E draws the 6H and
    lays it off: the closing turn's only play. The 6H is discarded and nothing is taken back:
    the 9s of the turn before stand (ruling 21)."""
    d = deal(
        "9D 9S 9C KS",
        stock="QD QS JS 10S 6H " + STOCK,
        ew=("3H 4H 5H", EW_BURRACO),
        taken=(Line.NS, Line.EW),
    )
    d.draw(E)
    d.meld(E, P("9D 9S 9C"))
    d.expose(E, P("KS QD"))
    d.rule(Irregularity.EXPOSED_CARD, E)
    assert d.hand(E) == () and d.next_to_act is S and not d.is_over
    for seat in (S, W, N):
        d.discard(seat, d.draw(seat).cards[0])
    d.draw(E)
    d.lay_off(E, 0, P("6H"))
    assert d.is_over and d.closer is E
    nines = d.melds(Line.EW)[2]
    r = d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    assert r.discarded == P("6H") and r.returned == () and r.next_to_act is S
    assert sorted(nines.cards) == sorted(P("9D 9S 9C"))
    assert d.melds(Line.EW)[0].cards == P("3H 4H 5H")


def test_art_33_closing_by_a_meld_no_card_to_name() -> None:
    """FIBAS art. 33 "Senza scarto - calando una combinazione": the meld goes back in hand and
    the player discards one of its cards: a card named by the arbiter is refused."""
    d = deal("9S 9D", stock="9C " + STOCK, ew=(EW_BURRACO,), taken=(Line.NS, Line.EW))
    d.draw(E)
    d.meld(E, P("9S 9D 9C"))
    assert d.is_over and d.closer is E
    refused(d, Irregularity.CLOSING_WITHOUT_DISCARD, "33", offender=E, cards=P("9S"))
