"""Arts. 30-31 to the last card: the missing draw, the draw or pick-up out of turn and the draw
or pick-up after the pozzetto taken al volo. Each test is a case of its article and checks the
whole ruling (offender, when found, cards returned, set apart, melds frozen, the turn's limit,
who plays next) and the table after it, read in the position's notation (issue 26: tests
that notice a changed remedy)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from tests.games.burraco.arbiter.obligations import against_ruling

from arbitro.cards import parse_card, parse_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Phase, Seat
from arbitro.games.burraco.arbiter import (
    ArbiterDeal,
    Found,
    Freeze,
    Irregularity,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.core import arbiter as core
from arbitro.i18n import Message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
POZ = "AH AD AC AS KH KD KC KS QH QD QC"


def table(
    e: str = "5H 6H 7H 9C KS QS 3C",
    *,
    w: str = "8S 8S 4D",
    pile: str = "8C",
    stock: str = STOCK,
    pozzetti: Sequence[str] = (POZ,),
    taken: Sequence[Line] = (Line.NS,),
    ew: Sequence[str] = ("3H 4H 5H",),
    code: BurracoFibasCode | None = None,
) -> ArbiterDeal:
    """E to play after eight turns; N-S hold a clean burraco and their pozzetto; E-W have the
    run 3H 4H 5H (meld 2, unless ``ew`` says otherwise) and their pozzetto still on the
    table."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P(w), N: P("JH JH"), S: P("QH")},
        pile=P(pile),
        stock=P(stock),
        pozzetti=[P(p) for p in pozzetti],
        melds={
            Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")],
            Line.EW: [P(m) for m in ew],
        },
        taken=taken,
        turn=E,
        turns_played=8,
        code=code,
    )


def pos(d: ArbiterDeal) -> dict[str, str]:
    """The position's parts by their first word (hands by seat, ``stock``, ``limits``...)."""
    parts = (part.partition(" ") for part in str(d).split(" | "))
    return {key: rest for key, _, rest in parts}


def expect(r: Ruling, irr: Irregularity, offender: Seat | None, **fields: object) -> None:
    """The ruling is exactly ``irr`` on ``offender`` with ``fields`` (the rest at their default);
    its text is a message for the user (its words are the catalogue's tests')."""
    assert isinstance(r.text, Message) and r.text.msgid
    assert r == Ruling(irr, offender, text=r.text, **fields)  # type: ignore[arg-type]  # the record's own fields, named by the test


def problems(d: ArbiterDeal) -> list[Irregularity | None]:
    """What the last action suggests to the arbiter."""
    return [p.suggests for p in d.log[-1].problems]


# ------------------------------------------------------------------ art. 30


def test_art_30_no_missing_draw_to_rule_off_turn_or_once_drawn() -> None:
    """FIBAS art. 30: the missing draw is the player's "in procinto di effettuare un qualsiasi
    gioco" without having drawn: not W, whose turn it is not, nor E once E has drawn."""
    d = table()
    before = str(d)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.MISSING_DRAW, W)  # the table is in the draw phase, but E's
    assert str(d) == before and d.rulings == []
    d.draw(E)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.MISSING_DRAW, E)  # E's turn, but E drew
    assert d.rulings == []


def test_art_30_warned_by_the_opponents_before_any_play_no_offence() -> None:
    """FIBAS art. 30: "viene avvisato dagli avversari, non esiste infrazione e può pescare e
    continuare": no limit, nothing frozen, E draws and melds freely."""
    d = table()
    r = d.rule(Irregularity.MISSING_DRAW, E, reminded_by=S)
    expect(r, Irregularity.MISSING_DRAW, E, found=Found.AT_ONCE, at=0, next_to_act=E)
    assert pos(d)["limits"] == "-" and d.limit(E) is TurnLimit.NONE
    d.draw(E)
    assert not d.meld(E, P("5H 6H 7H")).problems


def test_art_30_warned_by_the_partner_the_turn_is_draw_and_discard() -> None:
    """FIBAS art. 30: "se invece, nelle stesse condizioni, viene avvisato dal compagno,
    l'infrazione esiste ...: il giocatore avvisato ... deve interrompere il proprio gioco,
    pescare o raccogliere, e scartare": W reminds E; E may draw and discard, not meld."""
    d = table()
    r = d.rule(Irregularity.MISSING_DRAW, E, reminded_by=W)
    expect(
        r,
        Irregularity.MISSING_DRAW,
        E,
        found=Found.AT_ONCE,
        at=0,
        limit=TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD,
        next_to_act=E,
    )
    assert pos(d)["limits"] == "E draw_or_pick_up_and_discard now missing_draw"
    d.draw(E)
    assert problems(d) == []
    against_ruling(d, lambda x: x.meld(E, P("5H 6H 7H")), "missing_draw")


def test_art_30_warned_by_the_opponents_after_a_meld_the_meld_is_frozen() -> None:
    """FIBAS art. 30 "Giochi aperti - Sono momentaneamente congelati. Diventeranno validi solo
    al turno successivo": the opponents' warning excuses only a player who made no play yet."""
    d = table()
    d.meld(E, P("5H 6H 7H"))  # without drawing
    r = d.rule(Irregularity.MISSING_DRAW, E, reminded_by=S)
    run = d.melds(Line.EW)[1]
    expect(
        r,
        Irregularity.MISSING_DRAW,
        E,
        found=Found.AT_ONCE,
        at=1,
        frozen=(run.id,),
        limit=TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD,
        next_to_act=E,
    )
    assert (run.freeze, run.frozen_by) == (Freeze.TEMPORARY, E)
    assert pos(d)["limits"] == "E draw_or_pick_up_and_discard now missing_draw"
    d.draw(E)
    d.discard(E, C("4S"))
    for s in (S, W, N):
        x = d.draw(s).cards[0]
        d.discard(s, x)
    assert d.turn is E and (run.freeze, run.frozen_by) == (Freeze.NONE, None)  # valid now
    assert d.limit(E) is TurnLimit.NONE


# ------------------------------------------------------------------ art. 31


def test_art_31_draw_out_of_turn_no_play_the_card_goes_back_the_limit_is_for_next_turn() -> None:
    """FIBAS art. 31 "PESCA - Il giocatore colpevole non ha fatto alcun gioco": the card goes
    back on the stock; "al suo turno limiterà il suo gioco alla pesca ed allo scarto"."""
    d = table()
    d.draw(W)
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, W, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.OUT_OF_TURN_DRAW,
        W,
        found=Found.AT_ONCE,
        at=1,
        returned=P("4S"),
        limit=TurnLimit.DRAW_AND_DISCARD,
        next_to_act=E,
    )
    p = pos(d)
    assert p["W"] == "4D 8S 8S" and p["stock"] == STOCK and p["pile"] == "8C"
    assert p["limits"] == "W draw_and_discard next out_of_turn_draw" and p["prepared"] == "-"
    assert "mostrata" not in r.it  # E, who should play, is W's partner: nothing to show
    # E and S play their turns as usual, then W only draws and discards.
    d.draw(E)
    d.discard(E, C("4S"))
    d.draw(S)
    d.discard(S, C("10D"))
    assert (
        d.limit(W) is TurnLimit.DRAW_AND_DISCARD
        and pos(d)["limits"] == "W draw_and_discard now out_of_turn_draw"
    )
    assert d.legal_moves() == ("W draw",)
    against_ruling(d, lambda x: x.pick_up(W), "out_of_turn_draw")
    d.draw(W)
    assert problems(d) == []


def test_art_31_pick_up_out_of_turn_no_play_the_pile_is_restored_in_its_order() -> None:
    """FIBAS art. 31 "RACCOLTA - L'Arbitro ripristina il gioco ricollocando la/e carta/e sul
    monte degli scarti; il giocatore colpevole al suo turno limiterà il suo gioco alla
    raccolta obbligatoria ed allo scarto"."""
    d = table(pile="9C 8C")
    d.pick_up(W)
    r = d.rule(Irregularity.OUT_OF_TURN_PICK_UP, W, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.OUT_OF_TURN_PICK_UP,
        W,
        found=Found.AT_ONCE,
        at=1,
        returned=P("9C 8C"),
        limit=TurnLimit.PICK_UP_AND_DISCARD,
        next_to_act=E,
    )
    p = pos(d)
    assert p["W"] == "4D 8S 8S" and p["pile"] == "9C 8C" and p["stock"] == STOCK
    assert p["limits"] == "W pick_up_and_discard next out_of_turn_pick_up"


def test_art_31_the_offender_made_no_play_though_the_player_on_turn_did() -> None:
    """FIBAS art. 31 "Il giocatore colpevole non ha fatto alcun gioco": N draws in E's turn;
    E draws and melds before the arbiter comes: only N's own plays count, N made none, so
    N's card goes back on the stock."""
    d = table()
    d.draw(N)
    d.draw(E)
    d.meld(E, P("5H 6H 7H"))
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, N, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.OUT_OF_TURN_DRAW,
        N,
        found=Found.AT_ONCE,
        at=3,
        returned=P("4S"),
        limit=TurnLimit.DRAW_AND_DISCARD,
        next_to_act=E,
    )
    p = pos(d)
    assert p["N"] == "JH JH" and p["stock"] == "4S 10S 6D 6S JS JC 9D"
    assert d.melds(Line.EW)[1].freeze is Freeze.NONE and p["prepared"] == "-"


def test_art_31_draw_out_of_turn_then_plays_set_apart_lay_off_penalized_discard_prepared() -> None:
    """FIBAS art. 31 "Se il giocatore colpevole FA GIOCO": 1. play stops; 2. the new meld is
    set apart, frozen until the real turn ("per le carte legate vedi art. 25": the card laid
    off is penalized); 3. the discard prepared face down, the highest of the hand unless
    named; the turn goes back to E."""
    d = table(w="8S 8D 6H 4D KH", stock="8H " + STOCK)
    d.draw(W)
    d.meld(W, P("8S 8D 8H"))
    d.lay_off(W, 0, [C("6H")])
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, W, found=Found.AT_ONCE)
    eights = d.melds(Line.EW)[1]
    expect(
        r,
        Irregularity.OUT_OF_TURN_DRAW,
        W,
        found=Found.AT_ONCE,
        at=3,
        aside=P("6H"),
        frozen=(eights.id,),
        limit=TurnLimit.DISCARD_PREPARED,
        next_to_act=E,
    )
    p = pos(d)
    assert p["W"] == "4D" and p["prepared"] == "W KH" and p["aside"] == "W 6H"
    assert (
        p["EW"] == "2 E 3H 4H 5H / touched W@-1, 3 W 8H 8D 8S / temporary W 8H 8D 8S / touched W@-2"
    )
    assert p["limits"] == "W discard_prepared next out_of_turn_draw"
    assert eights.freeze is Freeze.TEMPORARY and eights.frozen_by is W
    assert d.melds(Line.EW)[0].freeze is Freeze.NONE


def test_art_31_the_discard_prepared_is_the_one_the_offender_names() -> None:
    """FIBAS art. 31 point 3: "preparare la carta di scarto": the offender chooses it (the
    4D, not the highest card); at the real turn only that discard (point 4)."""
    d = table(w="8S 8D 4D KH", stock="8H " + STOCK)
    d.draw(W)
    d.meld(W, P("8S 8D 8H"))
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, W, prepared=C("4D"))
    assert r.limit is TurnLimit.DISCARD_PREPARED and r.frozen == (d.melds(Line.EW)[1].id,)
    assert d.prepared_discard(W) == C("4D") and d.hand(W) == P("KH")


def test_art_31_two_cards_laid_off_out_of_turn_are_both_penalized() -> None:
    """FIBAS art. 31 point 2 "per le carte legate vedi art. 25": W, drawing out of turn, lays
    off 6H on the hearts and KH on the kings: both go to the side, discarded highest first.
    The ruling and the core's record list them as the table holds them, highest first (the
    order of art. 2 "Scarto immediato", docs/rulings.md "The arbiter's remedies" 1), not in
    the order laid off (issue 26, bug 7)."""
    d = table(w="6H KH 4D 9S", ew=("3H 4H 5H", "KC KD KS"), stock="QS " + STOCK)
    d.draw(W)
    d.lay_off(W, 0, [C("6H")])
    d.lay_off(W, 1, [C("KH")])
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, W)
    expect(
        r,
        Irregularity.OUT_OF_TURN_DRAW,
        W,
        found=None,
        at=3,
        aside=P("KH 6H"),
        limit=TurnLimit.DISCARD_PREPARED,
        next_to_act=E,
    )
    p = pos(d)
    assert p["aside"] == "W KH 6H" and p["prepared"] == "W QS" and p["W"] == "4D 9S"
    assert core.PenalizedCards(W, ("KH", "6H")) in d.records[-1]
    hearts, kings = d.melds(Line.EW)
    assert hearts.cards == P("3H 4H 5H") and sorted(kings.cards) == sorted(P("KC KD KS"))


def test_art_31_the_discard_prepared_is_the_highest_by_the_deals_own_values() -> None:
    """FIBAS art. 31 point 3 with art. 3 "Valore delle carte": the discard prepared, when the
    offender names none, is the highest card by the values of the code the deal is played
    under (here a code whose 4s are worth 20: the 4D before the king)."""
    fibas = burraco_fibas()
    code = replace(fibas, card_values={**fibas.card_values, "4": 20})
    d = table(w="8S 8D 4D KH", stock="8H " + STOCK, code=code)
    d.draw(W)
    d.meld(W, P("8S 8D 8H"))
    r = d.rule(Irregularity.OUT_OF_TURN_DRAW, W)
    assert r.limit is TurnLimit.DISCARD_PREPARED
    assert d.prepared_discard(W) == C("4D") and d.hand(W) == P("KH")


# ------------------------------------------------------- art. 31, pozzetto al volo


def _volo(pozzetto: str = POZ) -> ArbiterDeal:
    """E draws 7D, melds 5D 6D 7D and so takes the pozzetto al volo."""
    d = table("5D 6D", stock="7D " + STOCK, pozzetti=(pozzetto,))
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    assert d.pozzetto_taken(Line.EW) and sorted(d.hand(E)) == sorted(P(pozzetto))
    return d


def test_art_31_draw_after_the_pozzetto_al_volo_no_play() -> None:
    """FIBAS art. 31 "PESCA dopo aver preso il pozzetto al volo": the card goes back on the
    stock, "farà scartare il giocatore colpevole rimandando il gioco del pozzetto al prossimo
    turno": a discard now, no meld."""
    d = _volo()
    d.draw(E)
    r = d.rule(Irregularity.DRAW_AFTER_POZZETTO, E, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.DRAW_AFTER_POZZETTO,
        E,
        found=Found.AT_ONCE,
        at=3,
        returned=P("4S"),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    p = pos(d)
    assert p["stock"] == STOCK and sorted(d.hand(E)) == sorted(P(POZ))
    assert p["limits"] == "E discard_only now draw_after_pozzetto" and p["unplayed"] == "E"
    against_ruling(d, lambda x: x.meld(E, P("AH AD AC")), "draw_after_pozzetto")


def test_art_31_pick_up_after_the_pozzetto_al_volo_no_play() -> None:
    """FIBAS art. 31 "RACCOLTA dopo aver preso il pozzetto al volo: ... si ripristina il monte
    degli scarti ed il giocatore potrà effettuare solo lo scarto"."""
    d = table("5D 6D", stock="7D " + STOCK, pile="9C 8C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    d.pick_up(E)
    r = d.rule(Irregularity.PICK_UP_AFTER_POZZETTO, E, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.PICK_UP_AFTER_POZZETTO,
        E,
        found=Found.AT_ONCE,
        at=3,
        returned=P("9C 8C"),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    p = pos(d)
    assert p["pile"] == "9C 8C" and p["stock"] == "4S 10D 10S 6D 6S JS JC 9D"
    assert sorted(d.hand(E)) == sorted(P(POZ)) and p["unplayed"] == "E"
    assert p["limits"] == "E discard_only now pick_up_after_pozzetto"


def test_art_31_draw_after_the_pozzetto_al_volo_then_plays() -> None:
    """FIBAS art. 31: "Nel caso in cui il giocatore colpevole, fa gioco, l'Arbitro si regola
    come al caso precedente (punto 1 e 2) con l'unica differenza che il giocatore colpevole
    deve subito scartare": the aces set apart and frozen, the 6H laid off penalized (art. 25),
    the card drawn stays in hand; a discard now, the rest of the pozzetto next turn."""
    d = _volo("AH AD AC AS KH KD KC KS QH QD 6H")
    d.draw(E)
    d.meld(E, P("AH AD AC"))
    d.lay_off(E, 0, [C("6H")])
    r = d.rule(Irregularity.DRAW_AFTER_POZZETTO, E, found=Found.AT_ONCE)
    aces = d.melds(Line.EW)[2]
    expect(
        r,
        Irregularity.DRAW_AFTER_POZZETTO,
        E,
        found=Found.AT_ONCE,
        at=5,
        frozen=(aces.id,),
        aside=P("6H"),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    p = pos(d)
    assert (
        sorted(d.hand(E)) == sorted(P("4S AS KD KC KS KH QD QH"))
        and p["stock"] == "10D 10S 6D 6S JS JC 9D"
    )
    assert p["aside"] == "E 6H" and p["limits"] == "E discard_only now draw_after_pozzetto"
    assert p["unplayed"] == "E" and aces.freeze is Freeze.TEMPORARY
    assert d.melds(Line.EW)[0].cards == P("3H 4H 5H") and d.phase is Phase.PLAY
