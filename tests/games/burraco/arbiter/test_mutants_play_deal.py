"""Arts. 6, 9, 10, 18 to the last card: misdeals and face-up cards, two cards drawn, a partial
pick-up or a pile card lifted, a closing "al monte" with more than two cards in the pile. Each
test is a case of its article and checks the whole ruling and the table after it, read in the
position's notation (issue 26: tests that notice a changed remedy)."""

from __future__ import annotations

from collections.abc import Sequence
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
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies.deal import MISDEALS
from arbitro.i18n import Message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
POZ = "AH AD AC AS KH KD KC KS QH QD QC"
EW_BURRACO = "3D 4D 5D 6D 7D 8D 9D"


def table(
    e: str = "5H 6H 7H 9C KS QS 3C",
    *,
    pile: str = "8C",
    ew: Sequence[str] = ("3H 4H 5H",),
    taken: Sequence[Line] = (Line.NS,),
    turns: int = 8,
    stock: str = STOCK,
    code: BurracoFibasCode | None = None,
) -> ArbiterDeal:
    """E to play after ``turns`` turns; N-S hold a clean burraco and their pozzetto."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P(pile),
        stock=P(stock),
        pozzetti=[P(POZ)],
        melds={
            Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")],
            Line.EW: [P(m) for m in ew],
        },
        taken=taken,
        turn=E,
        turns_played=turns,
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


def passes(d: ArbiterDeal, *seats: Seat) -> None:
    """Each seat in turn draws and discards the card drawn."""
    for s in seats:
        assert d.turn is s
        x = d.draw(s).cards[0]
        d.discard(s, x)


# ------------------------------------------------------------------ art. 6


def test_art_6_every_misdeal_before_play_is_dealt_again() -> None:
    """FIBAS art. 6: cards seen "prima del via dell'arbitro", the stock's card turned early, a
    card seen while dealing, a wrong deal (the default): "la distribuzione deve essere
    ripetuta"; anything else is no misdeal of art. 6."""
    for what in (*MISDEALS, None):
        d = table(turns=0)
        r = d.rule(Irregularity.MISDEAL, N, what=what, found=Found.AT_ONCE)
        expect(
            r,
            Irregularity.MISDEAL,
            N,
            found=Found.AT_ONCE,
            at=0,
            redeal=True,
            next_to_act=None,
        )
        assert d.void and d.is_over and d.next_to_act is None
    assert MISDEALS == ("cards_seen", "stock_turned_early", "card_seen_in_deal", "wrong_deal")
    d = table(turns=0)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.MISDEAL, N, what="card_dropped")
    assert not d.void


def test_art_6_play_started_at_the_first_draw_or_pick_up_or_a_turn_played() -> None:
    """FIBAS art. 6: "A gioco iniziato qualsiasi anomalia riscontrata nella distribuzione non
    potrà essere sanata ... il risultato effettuato resterà valido": play has started once a
    turn was played, or the first player drew or picked up; not before."""
    started = []
    d = table(turns=1)
    started.append(d)
    d = table(turns=0)
    d.pick_up(E)
    started.append(d)
    d = table(turns=0)
    d.draw(E)
    started.append(d)
    for d in started:
        before = str(d)
        r = d.rule(Irregularity.MISDEAL, N, what="wrong_deal", found=Found.LATER)
        expect(
            r,
            Irregularity.MISDEAL,
            N,
            found=Found.LATER,
            at=len(d.log),
            next_to_act=E,
        )
        assert not d.void and str(d) == before
    d = table(turns=0)
    d.expose(E, P("KS"))  # a card seen is no draw: play has not started
    r = d.rule(Irregularity.MISDEAL, N, what="card_seen_in_deal")
    assert r.redeal and d.void


def test_art_6_face_up_card_in_or_on_the_stock_nothing_moves() -> None:
    """FIBAS art. 6: a card face up in the stock "devono essere ricoperte lasciandole nella
    stessa posizione. Il gioco prosegue regolarmente"; one face up on the stock counts "come se
    fosse coperta"."""
    for kind in (Irregularity.FACE_UP_IN_STOCK, Irregularity.FACE_UP_ON_STOCK):
        d = table()
        before = str(d)
        r = d.rule(kind, S, found=Found.AT_ONCE)
        expect(r, kind, S, found=Found.AT_ONCE, at=0, next_to_act=E)
        assert str(d) == before
        # in the stock it is turned down where it lies; on the stock it only counts as such
        assert ("where it lies" in r.text.msgid) is (kind is Irregularity.FACE_UP_IN_STOCK)


# ------------------------------------------------------------------ art. 9


def test_art_9_two_cards_drawn_the_second_back_on_the_stock_whole_ruling() -> None:
    """FIBAS art. 9: "la prima spetterà al giocatore ...; la seconda verrà ricollocata sul
    tallone dopo averla fatta visionare all'avversario che segue"."""
    d = table()
    d.draw(E)
    d.draw(E)
    r = d.rule(Irregularity.TWO_CARDS_DRAWN, E, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.TWO_CARDS_DRAWN,
        E,
        found=Found.AT_ONCE,
        at=2,
        returned=P("10D"),
        next_to_act=E,
    )
    p = pos(d)
    assert p["stock"] == "10D 10S 6D 6S JS JC 9D" and p["phase"] == "play"
    assert sorted(d.hand(E)) == sorted(P("5H 6H 7H 9C KS QS 3C 4S"))


def test_art_9_the_arbiter_names_the_second_card() -> None:
    """FIBAS art. 9: the two cards came up together; the arbiter names which is the second
    (the 4S, not the card the log shows last): it goes back on the stock."""
    d = table()
    d.draw(E)
    d.draw(E)
    r = d.rule(Irregularity.TWO_CARDS_DRAWN, E, cards=P("4S"))
    assert r.returned == P("4S") and pos(d)["stock"] == "4S 10S 6D 6S JS JC 9D"
    assert C("10D") in d.hand(E) and C("4S") not in d.hand(E)


def test_art_9_two_cards_drawn_only_within_one_turn() -> None:
    """FIBAS art. 9 is about one draw of two cards: one draw in this turn and one in an earlier
    turn, or two in an earlier turn, are no case of it."""
    d = table()
    d.draw(E)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.TWO_CARDS_DRAWN, E)  # one draw only
    d.discard(E, C("4S"))
    passes(d, S, W, N)
    d.draw(E)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.TWO_CARDS_DRAWN, E)  # one now, one the turn before
    d = table()
    d.draw(E)
    d.draw(E)
    d.discard(E, C("10D"))
    before = str(d)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.TWO_CARDS_DRAWN, E)  # both in the turn already over
    assert str(d) == before


def test_art_9_a_draw_then_a_meld_is_not_two_cards_drawn() -> None:
    """FIBAS art. 9 is about two cards drawn: a draw followed by a meld is one card drawn."""
    d = table()
    d.draw(E)
    d.meld(E, P("5H 6H 7H"))
    before = str(d)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.TWO_CARDS_DRAWN, E)
    assert str(d) == before and d.rulings == []


def test_art_9_two_cards_drawn_in_the_third_turn_the_second_of_this_turn_goes_back() -> None:
    """FIBAS art. 9: E drew one card in each of two turns, then two in the third: the second of
    this turn (the KD) goes back on the stock, the first (the KH) is E's; the cards of the
    earlier turns have nothing to do with it."""
    d = table(stock=STOCK + " KH KD QH QD JD 10H 10C")
    for x in ("4S", "6S"):
        d.draw(E)
        d.discard(E, C(x))
        passes(d, S, W, N)
    d.draw(E)
    d.draw(E)
    r = d.rule(Irregularity.TWO_CARDS_DRAWN, E, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.TWO_CARDS_DRAWN,
        E,
        found=Found.AT_ONCE,
        at=len(d.log),
        returned=P("KD"),
        next_to_act=E,
    )
    assert pos(d)["stock"] == "KD QH QD JD 10H 10C" and C("KH") in d.hand(E)


# ------------------------------------------------------------------ art. 10


def test_art_10_three_cards_left_the_highest_is_the_discard_no_play() -> None:
    """FIBAS art. 10: "Nel caso ne lasciasse più di una, la carta più alta di rango
    rappresenterà lo scarto"; "il giocatore non potrà fare alcun gioco": the turn ends."""
    d = table(pile="4C 9C KC 10C")
    d.pick_up(E)
    r = d.rule(Irregularity.PARTIAL_PICK_UP, E, cards=P("9C KC 10C"), found=Found.LATER)
    expect(
        r,
        Irregularity.PARTIAL_PICK_UP,
        E,
        found=Found.AT_ONCE,
        at=1,
        discarded=P("KC"),
        interrupted=True,
        next_to_act=S,
    )
    p = pos(d)
    assert p["pile"] == "KC" and p["turn"] == "S" and p["turns"] == "9"
    assert sorted(d.hand(E)) == sorted(P("5H 6H 7H 9C KS QS 3C 4C 9C 10C"))


def test_art_10_the_highest_card_left_by_the_deals_own_values() -> None:
    """FIBAS art. 10 "la carta più alta di rango rappresenterà lo scarto", ranked by the values
    of the code the deal is played under (art. 3): under a code whose 9s are worth 12, the 9C
    left beats the KC."""
    fibas = burraco_fibas()
    code = replace(fibas, card_values={**fibas.card_values, "9": 12})
    d = table(pile="4C 9C KC", code=code)
    d.pick_up(E)
    r = d.rule(Irregularity.PARTIAL_PICK_UP, E, cards=P("9C KC"))
    assert r.discarded == P("9C") and d.discard_pile == P("9C") and C("KC") in d.hand(E)


def test_art_10_partial_pick_up_only_just_after_the_players_own_pick_up() -> None:
    """FIBAS art. 10 is about the player who picks up: the arbiter must name the cards left;
    a player who drew, or picked up out of turn, or made a play since, is no case of it."""
    d = table(pile="9C KC")
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.PARTIAL_PICK_UP, E, cards=P("KC"))  # E has done nothing yet
    d.pick_up(E)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.PARTIAL_PICK_UP, E)  # no cards named
    d = table(pile="9C KC")
    d.draw(E)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.PARTIAL_PICK_UP, E, cards=P("KC"))  # E drew
    d = table(pile="9C KC")
    d.pick_up(W)
    before = str(d)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.PARTIAL_PICK_UP, W, cards=P("KC"))  # not W's turn
    assert str(d) == before
    d = table("5H 6H 7H 9C KS QS 3C", pile="8H KC")
    d.pick_up(E)
    d.meld(E, P("5H 6H 7H"))
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.PARTIAL_PICK_UP, E, cards=P("KC"))  # E has played since


def test_art_10_pile_card_lifted_whole_ruling_and_only_for_the_player_to_draw() -> None:
    """FIBAS art. 10: "se solleva il dorso o parte di esso anche di una sola carta è costretto
    a raccogliere": for the player on turn before drawing (W is not, E after drawing is not)."""
    d = table(pile="9C 8C")
    for who in (W, S):
        with pytest.raises(ArbitroError):
            d.copy().rule(Irregularity.PILE_CARD_LIFTED, who)
    drawn = d.copy()
    drawn.draw(E)
    with pytest.raises(ArbitroError):
        drawn.rule(Irregularity.PILE_CARD_LIFTED, E)
    r = d.rule(Irregularity.PILE_CARD_LIFTED, E, found=Found.LATER)
    expect(
        r,
        Irregularity.PILE_CARD_LIFTED,
        E,
        found=Found.AT_ONCE,
        at=0,
        limit=TurnLimit.MUST_PICK_UP,
        next_to_act=E,
    )
    assert pos(d)["limits"] == "E must_pick_up now pile_card_lifted"


# ------------------------------------------------------------------ art. 18


def _al_monte(*, discard: bool = True) -> ArbiterDeal:
    """E opens 6H 7H 8H in a turn; at the next, E picks up the five cards of the pile, melds
    8C 9C 10C JC QC and 4S 4D 4H and closes (with the 5S, or without a discard)."""
    d = ArbiterDeal.from_layout(
        {
            E: P("6H 7H 8H JC QC 4H" + (" 5S" if discard else "")),
            W: P("8S 8S"),
            N: P("JH JH"),
            S: P("QH"),
        },
        pile=P("8C"),
        stock=P("4S 9C 4D 10C " + STOCK),
        pozzetti=[],
        melds={
            Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")],
            Line.EW: [P(EW_BURRACO)],
        },
        taken=(Line.NS, Line.EW),
        turn=E,
        turns_played=8,
    )
    d.draw(E)
    d.meld(E, P("6H 7H 8H"))
    d.discard(E, C("4S"))
    passes(d, S, W, N)
    assert d.discard_pile == P("8C 4S 9C 4D 10C")
    d.pick_up(E)
    d.meld(E, P("8C 9C 10C JC QC"))
    d.meld(E, P("4S 4D 4H"))
    if discard:
        d.discard(E, C("5S"))
    assert d.is_over and d.closer is E
    return d


def test_art_18_closing_al_monte_melds_of_this_turn_frozen_offender_the_closer() -> None:
    """FIBAS art. 18: "Qualora nel monte degli scarti fossero presenti più di due carte ...
    tutti i giochi realizzati al 'monte' saranno momentaneamente congelati e la chiusura sarà
    resa valida al turno successivo": the two melds of the closing turn, not the hearts of the
    turn before; with no offender named, the closer is."""
    d = _al_monte()
    hearts, clubs, fours = d.melds(Line.EW)[1:]
    r = d.rule(Irregularity.CLOSING_AT_PILE)
    expect(
        r,
        Irregularity.CLOSING_AT_PILE,
        E,
        found=Found.AT_ONCE,
        at=len(d.log),
        frozen=(clubs.id, fours.id),
        next_to_act=S,
    )
    assert hearts.freeze is Freeze.NONE
    assert clubs.freeze is Freeze.TEMPORARY and fours.freeze is Freeze.TEMPORARY
    p = pos(d)
    assert p["turns"] == "13" and p["turn"] == "S" and p["phase"] == "draw"
    assert p["closenext"] == "E" and p["end"] == "-" and d.closer is None
    passes(d, S, W, N)
    assert d.is_over and d.closer is E and clubs.freeze is Freeze.NONE


def test_art_18_closing_al_monte_without_a_discard_the_turn_is_counted() -> None:
    """FIBAS art. 18 with art. 33 "Senza scarto": the closing turn ended on a meld, with no
    discard to count it: the arbiter counts it and the turn passes to S."""
    d = _al_monte(discard=False)
    turns = d.turns_played
    r = d.rule(Irregularity.CLOSING_AT_PILE, E)
    assert r.next_to_act is S and len(r.frozen) == 2
    assert d.turns_played == turns + 1 and pos(d)["turn"] == "S"


def test_art_18_no_closing_al_monte_to_rule_on() -> None:
    """FIBAS art. 18 is about the closer who closed with the pile: not another seat, not a
    deal still going, not a closing made with a draw."""
    d = _al_monte()
    before = str(d)
    for who in (S, W):
        with pytest.raises(ArbitroError):
            d.rule(Irregularity.CLOSING_AT_PILE, who)
    assert str(d) == before
    going = table("JC QC 5S", pile="8C 9C 10C", ew=(EW_BURRACO,), taken=(Line.NS, Line.EW))
    going.pick_up(E)
    with pytest.raises(ArbitroError):
        going.rule(Irregularity.CLOSING_AT_PILE, E)
    drawn = table("4S 4D 4H 5S", ew=(EW_BURRACO,), taken=(Line.NS, Line.EW))
    drawn.draw(E)
    drawn.meld(E, P("4S 4D 4H 4S"))
    drawn.discard(E, C("5S"))
    assert drawn.is_over and drawn.closer is E
    with pytest.raises(ArbitroError):
        drawn.rule(Irregularity.CLOSING_AT_PILE, E)
