"""The shared steps of the FIBAS remedies on the table, case by case (issue 26, mutants of
``remedies/common.py``): the excess cards of a lay-off (art. 2 "Carta eccedente"), when the
error was found (art. 25.2), cards taken off a meld (art. 25), the immediate discard (art. 2
"Scarto immediato"), the offender's plays (arts. 25, 30) and temporary freezes (art. 30). Each
test compares the whole ruling and the table it leaves."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from arbitro.cards import Card, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Phase, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Found, Freeze, Irregularity, TurnLimit
from arbitro.games.burraco.arbiter.deal import Play
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies.common import freeze_plays, plays_in_turn, pull
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
K = Irregularity
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
AT_ONCE = "found at once: immediate discard of {cards}"
LATER = "found later: meld frozen for good; {cards} count negative at the end"


def deal(
    e: str = "5H 6H 7D 9C KS QS 3C",
    *,
    ew: Sequence[str] = ("3H 4H 5H",),
    stock: str = STOCK,
    taken: Sequence[Line] = (Line.NS,),
    pozzetti: Sequence[str] = ("AH AD AC AS KH KD KC KS QH QD QC",),
) -> ArbiterDeal:
    """E to play after eight turns; N-S hold a clean burraco and their pozzetto."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(stock),
        pozzetti=[P(p) for p in pozzetti],
        melds={Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=taken,
        turn=E,
        turns_played=8,
    )


def passes(d: ArbiterDeal, *seats: Seat) -> None:
    """Each seat in turn draws and discards the card drawn."""
    for s in seats:
        assert d.turn is s
        x = d.draw(s).cards[0]
        d.discard(s, x)


def hand(d: ArbiterDeal, s: Seat) -> tuple[Card, ...]:
    return tuple(sorted(d.hand(s)))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(P(text)))


# ------------------------------------------------------------------ art. 2, art. 25.1


def test_art_25_1_only_the_card_that_does_not_fit_is_discarded_of_a_lay_off() -> None:
    """FIBAS art. 2 "Si definisce eccedente la carta che figuri incompatibile nei giochi ...
    ai quali venga legata" and art. 25.1: E lays off the 9C and the 6H on 3H 4H 5H; the 6H
    fits, only the 9C is discarded at once; the run keeps the 6H."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C"), C("6H")])
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="9C"),
        discarded=P("9C"),
        next_to_act=S,
    )
    run = d.melds(Line.EW)[0]
    assert run.cards == P("3H 4H 5H 6H") and run.valid and run.freeze is Freeze.NONE
    assert d.discard_pile == P("8C 9C") and hand(d, E) == cards("5H 7D KS QS 3C 4S")
    assert d.next_to_act is S and d.phase is Phase.DRAW


def test_art_25_1_the_card_that_fits_goes_to_its_place_in_the_run() -> None:
    """FIBAS art. 25.1 and art. 13 (a run in order): the 9C and the 3H laid off on 4H 5H 6H;
    the 9C is discarded, the 3H stays at the run's low end."""
    d = deal("5H 3H 7D 9C KS QS 3C", ew=("4H 5H 6H",))
    d.draw(E)
    d.lay_off(E, 0, [C("9C"), C("3H")])
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="9C"),
        discarded=P("9C"),
        next_to_act=S,
    )
    run = d.melds(Line.EW)[0]
    assert run.cards == P("3H 4H 5H 6H") and run.valid
    assert d.discard_pile == P("8C 9C") and hand(d, E) == cards("5H 7D KS QS 3C 4S")


def test_art_25_1_the_arbiter_names_one_card_the_meld_is_left_as_it_is() -> None:
    """FIBAS art. 25.1: E lays off the 9C and the KS on 3H 4H 5H; the arbiter names the 9C
    alone: it is discarded at once, the KS stays on the meld (not valid, four cards)."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C"), C("KS")])
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E, cards=[C("9C")])
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="9C"),
        discarded=P("9C"),
        next_to_act=S,
    )
    meld = d.melds(Line.EW)[0]
    assert meld.cards == P("3H 4H 5H KS") and meld.meld is None and not meld.valid
    assert d.discard_pile == P("8C 9C") and hand(d, E) == cards("5H 6H 7D QS 3C 4S")


# ------------------------------------------------------------------ art. 25.2: when found


def test_art_25_2_3_found_when_the_offenders_turn_came_back_is_later() -> None:
    """FIBAS art. 25.2.3 "Errore rilevato nelle fasi successive": the 9C laid off wrongly in
    E's turn, found when E is on turn again: the meld is frozen for good, the 9C negative."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    d.discard(E, C("KS"))
    passes(d, S, W, N)
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    meld = d.melds(Line.EW)[0]
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.LATER,
        at,
        message(LATER, cards="9C"),
        negative=P("9C"),
        frozen=(meld.id,),
        next_to_act=E,
    )
    assert meld.cards == P("3H 4H 5H 9C") and meld.freeze is Freeze.DEFINITIVE
    assert meld.positive == P("3H 4H 5H") and d.turn is E and d.phase is Phase.DRAW


def test_art_25_2_3_found_after_the_next_player_drew_is_later() -> None:
    """FIBAS art. 25.2.2 holds only "prima che l'avversario di turno abbia iniziato il proprio
    gioco (pesca o raccolta)": once S drew, the 9C laid off wrongly is found later (25.2.3)."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    d.discard(E, C("KS"))
    d.draw(S)
    at = len(d.log)
    r = d.rule(K.WRONG_LAY_OFF, E)
    meld = d.melds(Line.EW)[0]
    assert r == Ruling(
        K.WRONG_LAY_OFF,
        E,
        Found.LATER,
        at,
        message(LATER, cards="9C"),
        negative=P("9C"),
        frozen=(meld.id,),
        next_to_act=S,
    )
    assert meld.freeze is Freeze.DEFINITIVE and d.aside(E) == () and d.turn is S


def test_art_2_an_immediate_discard_happens_only_in_the_offenders_turn() -> None:
    """FIBAS art. 2 "Scarto immediato ... l'immediata interruzione del gioco": it stops the
    offender's turn, so it cannot be ordered once the turn has passed to S."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    d.discard(E, C("KS"))
    with pytest.raises(ArbitroError) as err:
        d.rule(K.WRONG_LAY_OFF, E, found=Found.AT_ONCE)
    assert err.value.key == "arbiter.bad_ruling" and err.value.article == fibas("immediate_discard")
    assert err.value.msg == message("an immediate discard happens in the offender's turn")
    assert d.rulings == [] and d.discard_pile == P("8C KS")


def test_art_24_the_last_card_discarded_by_penalty_is_no_closing() -> None:
    """FIBAS art. 24 and art. 2 "Scarto immediato": E (pozzetto taken) draws, lays the 6H off
    and shows its last card, the KS, which must be discarded at once: the hand is empty by a
    penalty, not a closing (art. 18): the deal goes on with S."""
    d = deal("KS", stock="6H " + STOCK, taken=(Line.NS, Line.EW), pozzetti=())
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    at = len(d.log)
    r = d.rule(K.EXPOSED_CARD, E, cards=[C("KS")])
    assert r == Ruling(
        K.EXPOSED_CARD,
        E,
        Found.AT_ONCE,
        at,
        message("exposed card not played first: immediate discard of {cards}", cards="KS"),
        discarded=P("KS"),
        next_to_act=S,
    )
    assert d.hand(E) == () and not d.is_over and d.closer is None
    assert d.turn is S and d.phase is Phase.DRAW and d.discard_pile == P("8C KS")


# ------------------------------------------------------------------ art. 25: which play


def test_art_25_2_the_meld_named_is_the_one_ruled_on() -> None:
    """FIBAS art. 25.2: E opens 5D 6D 7D 9C (an excess card) and then lays the 9H off wrongly
    on 3H 4H 5H; the arbiter rules on the new meld (named): its 9C is discarded, the other
    meld is left for its own ruling."""
    d = deal("5D 6D 7D 9C 9H QS 3C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    d.lay_off(E, 0, [C("9H")])
    new = d.melds(Line.EW)[1]
    at = len(d.log)
    r = d.rule(K.EXCESS_CARD, E, meld=new.id)
    assert r == Ruling(
        K.EXCESS_CARD,
        E,
        Found.AT_ONCE,
        at,
        message(AT_ONCE, cards="9C"),
        discarded=P("9C"),
        next_to_act=S,
    )
    assert new.cards == P("5D 6D 7D") and new.valid
    assert d.melds(Line.EW)[0].cards == P("3H 4H 5H 9H") and d.discard_pile == P("8C 9C")
    with pytest.raises(ArbitroError) as err:
        deal().rule(K.EXCESS_CARD, E, meld=7)
    assert err.value.key == "arbiter.bad_ruling" and err.value.article == K.EXCESS_CARD.citation
    assert err.value.msg == message("{seat} made no play on meld {meld}", seat="E", meld=7)
    with pytest.raises(ArbitroError) as err:
        deal().rule(K.EXPOSED_ON_PARTNER_MELD, E)
    assert err.value.msg == message("{seat} made no play", seat="E")
    assert err.value.article == K.EXPOSED_ON_PARTNER_MELD.citation


def test_art_24_exposed_card_on_the_partners_meld_is_the_last_play() -> None:
    """FIBAS art. 24 (exposed card laid on the partner's meld, discarded at once): the card is
    taken off the meld of E's last play (the 6S on the run 3S 4S 5S), not off the meld E laid
    the 9C on wrongly before."""
    d = deal("5H 6S 7D 9C KS QS 3C", ew=("3H 4H 5H", "3S 4S 5S"))
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    d.lay_off(E, 1, [C("6S")])
    at = len(d.log)
    r = d.rule(K.EXPOSED_ON_PARTNER_MELD, E)
    assert r == Ruling(
        K.EXPOSED_ON_PARTNER_MELD,
        E,
        Found.AT_ONCE,
        at,
        message(
            "exposed card laid on the partner's meld: immediate discard of {cards}", cards="6S"
        ),
        discarded=P("6S"),
        next_to_act=S,
    )
    first, second = d.melds(Line.EW)
    assert first.cards == P("3H 4H 5H 9C") and second.cards == P("3S 4S 5S")
    assert d.discard_pile == P("8C 6S")


# ------------------------------------------------------------------ art. 30


def test_art_30_only_the_plays_of_this_turn_are_frozen() -> None:
    """FIBAS art. 30 "Giochi aperti - Sono momentaneamente congelati": E laid the 6H off in an
    earlier turn; now it opens 5D 6D 7D without drawing: only the new meld is frozen."""
    d = deal("5H 6H 5D 6D 7D KS QS 3C", stock="4S 10D 10S 6D 6S JS JC 9D 8D 8S")
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    d.discard(E, C("4S"))
    passes(d, S, W, N)
    d.meld(E, P("5D 6D 7D"))
    run, new = d.melds(Line.EW)
    at = len(d.log)
    r = d.rule(K.MISSING_DRAW, E)
    assert r.frozen == (new.id,) and r.at == at
    assert r.limit is TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD
    assert new.freeze is Freeze.TEMPORARY and new.pending == P("5D 6D 7D")
    assert run.freeze is Freeze.NONE and run.pending == () and run.cards == P("3H 4H 5H 6H")
    assert d.limit(E) is TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD
    assert [p.meld for p in plays_in_turn(d, E)] == [new.id]
    assert [p.meld for p in plays_in_turn(d, E, 8)] == [run.id]
    assert plays_in_turn(d, S, 9) == []


def test_art_30_a_card_pulled_off_a_temporarily_frozen_meld_no_longer_counts() -> None:
    """FIBAS art. 30 "solo le carte legate saranno conteggiate negativamente" and art. 25.1: E
    lays the 6H and the 9C off without drawing (meld frozen, both pending); the 9C, laid off
    wrongly, is then discarded at once: only the 6H is still pending."""
    d = deal()
    d.lay_off(E, 0, [C("6H"), C("9C")])
    d.rule(K.MISSING_DRAW, E)
    meld = d.melds(Line.EW)[0]
    assert meld.freeze is Freeze.TEMPORARY and meld.pending == P("6H 9C")
    r = d.rule(K.WRONG_LAY_OFF, E)
    assert r.discarded == P("9C") and r.found is Found.AT_ONCE
    assert meld.cards == P("3H 4H 5H 6H") and meld.freeze is Freeze.TEMPORARY
    assert meld.pending == P("6H") and meld.positive == ()


def test_art_25_2_3_a_card_pulled_off_a_meld_frozen_for_good_no_longer_counts() -> None:
    """FIBAS art. 25.2.3: 3H 4H 5H 6H 9C frozen for good, the 9C negative; a card then taken
    off the meld (art. 25) leaves the cards counted positive; the meld's other cards stay."""
    d = deal(ew=("3H 4H 5H 6H",))
    d.draw(E)
    d.lay_off(E, 0, [C("9C")])
    d.discard(E, C("KS"))
    passes(d, S)
    d.rule(K.WRONG_LAY_OFF, E)
    meld = d.melds(Line.EW)[0]
    assert meld.freeze is Freeze.DEFINITIVE and meld.positive == P("3H 4H 5H 6H")
    assert pull(d, meld, P("6H")) == P("6H")
    assert meld.cards == P("3H 4H 5H 9C") and meld.meld is None
    assert meld.positive == P("3H 4H 5H") and meld.pending == ()
    assert pull(d, meld, P("9C")) == P("9C")
    assert meld.cards == P("3H 4H 5H") and meld.valid and meld.positive == P("3H 4H 5H")
    with pytest.raises(ArbitroError) as err:
        pull(d, meld, P("KD"))
    assert err.value.key == "arbiter.bad_ruling" and err.value.article == fibas("penalized_cards")
    assert err.value.msg == message(
        "cards {cards} are not in meld {meld}", cards="KD", meld=str(meld)
    )


def test_art_30_a_play_on_a_meld_gone_from_the_table_freezes_nothing() -> None:
    """FIBAS art. 30: the plays of the turn are frozen; one whose meld has left the table (taken
    back by an earlier ruling) is passed over, the next ones are still frozen."""
    d = deal()
    d.meld(E, P("5H 6H 7D"))  # not valid: still on the table until ruled
    run, new = d.melds(Line.EW)
    gone = Play(0, E, 8, 99, P("9C"), False)
    kept = Play(1, E, 8, run.id, P("6H"), False)
    opened = Play(2, E, 8, new.id, new.cards, True)
    assert freeze_plays(d, [gone, kept, opened], E) == (run.id, new.id)
    assert run.freeze is Freeze.TEMPORARY and run.pending == P("6H")
    assert new.freeze is Freeze.TEMPORARY and new.pending == P("5H 6H 7D")
    assert run.frozen_by is E and new.frozen_by is E
