"""Art. 23 to the last card: pozzetti short or long, left from the previous deal, seen out of
turn, taken straight after a wrong play. Each test is a case of the article and checks the
whole ruling and the table after it, read in the position's notation (issue 26: tests that
notice a changed remedy)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from tests.games.burraco.arbiter.obligations import against_ruling

from arbitro.cards import parse_card, parse_cards
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
from arbitro.i18n import Message

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
POZ = "AH AD AC AS KH KD KC KS QH QD QC"


def table(
    e: str = "5D 6D",
    *,
    stock: str = "7D " + STOCK,
    pozzetti: Sequence[str] = (POZ,),
    taken: Sequence[Line] = (Line.NS,),
) -> ArbiterDeal:
    """E to play after eight turns; N-S hold a clean burraco and their pozzetto; E-W have the
    run 3H 4H 5H (meld 2)."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(stock),
        pozzetti=[P(p) for p in pozzetti],
        melds={
            Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")],
            Line.EW: [P("3H 4H 5H")],
        },
        taken=taken,
        turn=E,
        turns_played=8,
    )


def volo(pozzetto: str, *, other: Sequence[str] = ()) -> ArbiterDeal:
    """E draws 7D and melds 5D 6D 7D: the hand is empty, E takes ``pozzetto`` al volo."""
    d = table(pozzetti=(pozzetto, *other))
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    assert sorted(d.hand(E)) == sorted(P(pozzetto))
    return d


def pos(d: ArbiterDeal) -> dict[str, str]:
    """The position's parts by their first word (hands by seat, ``stock``, ``limits``...)."""
    parts = (part.partition(" ") for part in str(d).split(" | "))
    return {key: rest for key, _, rest in parts}


def expect(r: Ruling, irr: Irregularity, offender: Seat | None, **fields: object) -> None:
    """The ruling is exactly ``irr`` on ``offender`` with ``fields`` (the rest at their default);
    its text is a message for the user (its words are the catalogue's tests')."""
    assert isinstance(r.text, Message) and r.text.msgid
    assert r == Ruling(irr, offender, text=r.text, **fields)  # type: ignore[arg-type]  # the record's own fields, named by the test


# ------------------------------------------------------------ short and long


def test_art_23_pozzetto_two_cards_short_completed_from_the_stock_bottom_in_order() -> None:
    """FIBAS art. 23 "Con meno di 11 carte": "deve reintegrarlo prendendo la prima carta dal
    fondo del tallone"; two cards missing: the bottom card, then the next one; the other
    pozzetto, short by one, "lo ripristina con la carta successiva"."""
    short = "AH AD AC AS KH KD KC KS QH"
    d = volo(short, other=("2H 2D 3S 3S 4C 4C 5S 5S 6C 6C",))
    taken_at = d.pozzetto_of(E)
    assert taken_at is not None
    r = d.rule(Irregularity.POZZETTO_SHORT, E, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.POZZETTO_SHORT,
        E,
        found=Found.AT_ONCE,
        at=2,
        returned=P("9D JC"),
        next_to_act=E,
    )
    assert sorted(d.hand(E)) == sorted(P(short + " 9D JC"))
    assert d.pozzetto_of(E) == (P(short + " 9D JC"), taken_at[1])
    assert d.pozzetti == (P("2H 2D 3S 3S 4C 4C 5S 5S 6C 6C JS"),)
    assert pos(d)["stock"] == "4S 10D 10S 6D 6S"


def test_art_23_pozzetto_of_eleven_cards_is_neither_short_nor_long() -> None:
    """FIBAS art. 23: only a pozzetto "costituito da meno di undici carte" is completed and
    only one "da più di undici carte" is cut: eleven cards are regular, nothing moves."""
    d = volo(POZ)
    before = str(d)
    for kind in (Irregularity.POZZETTO_SHORT, Irregularity.POZZETTO_LONG):
        with pytest.raises(ArbitroError):
            d.rule(kind, E)
    assert str(d) == before and d.rulings == []


def test_art_23_pozzetto_short_by_one_takes_one_card_only() -> None:
    """FIBAS art. 23 "Con meno di 11 carte": ten cards, one from the stock's bottom."""
    short = "AH AD AC AS KH KD KC KS QH QD"
    d = volo(short)
    r = d.rule(Irregularity.POZZETTO_SHORT, E)
    assert r.returned == P("9D") and len(d.hand(E)) == 11
    assert pos(d)["stock"] == "4S 10D 10S 6D 6S JS JC"


def test_art_23_irregular_pozzetto_seen_the_game_goes_on_nothing_moves() -> None:
    """FIBAS art. 23: "Se è stata vista o giocata anche una sola carta del pozzetto non
    regolare il gioco proseguirà normalmente": short or long, nothing moves."""
    for kind, poz in (
        (Irregularity.POZZETTO_SHORT, "AH AD AC AS KH KD KC KS QH"),
        (Irregularity.POZZETTO_LONG, "JK 2C " + POZ),
    ):
        d = volo(poz)
        before = str(d)
        r = d.rule(kind, E, seen=True, found=Found.LATER)
        expect(r, kind, E, found=Found.LATER, at=2, next_to_act=E)
        assert str(d) == before


def test_art_23_pozzetto_two_cards_long_the_top_two_go_under_the_stock() -> None:
    """FIBAS art. 23 "Con più di 11 carte": "deve eliminare le carte in soprannumero
    prendendole dal di sopra del pozzetto e ponendole sotto il tallone"."""
    d = volo("JK 2C " + POZ)
    taken = d.pozzetto_of(E)
    assert taken is not None
    r = d.rule(Irregularity.POZZETTO_LONG, E, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.POZZETTO_LONG,
        E,
        found=Found.AT_ONCE,
        at=2,
        returned=P("JK 2C"),
        next_to_act=E,
    )
    assert sorted(d.hand(E)) == sorted(P(POZ))
    assert d.pozzetto_of(E) == (P(POZ), taken[1])
    assert pos(d)["stock"] == STOCK + " JK 2C"


# ------------------------------------------------------------ previous deal


def test_art_23_pozzetto_of_the_previous_deal_the_one_named_stays_unused() -> None:
    """FIBAS art. 23 "Della smazzata precedente": "il pozzetto eccedente resterà
    inutilizzato": the arbiter names which of the three; a number out of the table is
    refused."""
    old = "JK JK 2H 2H 2D 2D 2C 2C 2S 2S AS"
    three = (POZ, "KH KD KC KS QH QD QC JH JD JC JS", old)
    d = table("5H 6H 7H", pozzetti=three, taken=())
    before = str(d)
    for k in (None, -1, 3):
        with pytest.raises(ArbitroError):
            d.rule(Irregularity.POZZETTO_PREVIOUS_DEAL, N, pozzetto=k)
    assert str(d) == before
    r = d.rule(Irregularity.POZZETTO_PREVIOUS_DEAL, N, pozzetto=2, found=Found.LATER)
    expect(r, Irregularity.POZZETTO_PREVIOUS_DEAL, N, found=Found.LATER, at=0, next_to_act=E)
    assert d.pozzetti == (P(three[0]), P(three[1]))
    d = table("5H 6H 7H", pozzetti=three, taken=())
    d.rule(Irregularity.POZZETTO_PREVIOUS_DEAL, N, pozzetto=0)
    assert d.pozzetti == (P(three[1]), P(old))


def test_art_23_pozzetto_of_the_previous_deal_used_the_other_line_takes_the_second() -> None:
    """FIBAS art. 23: "Nel caso in cui venga utilizzato il pozzetto della mano precedente, il
    gioco resta valido; la seconda linea deve utilizzare comunque il secondo pozzetto": the
    first on the table goes, play stands."""
    d = table("5H 6H 7H", pozzetti=(POZ, "JK JK 2H 2H 2D 2D 2C 2C 2S 2S AS"))
    hands = {s: d.hand(s) for s in Seat}
    r = d.rule(Irregularity.POZZETTO_PREVIOUS_DEAL, S, used=True, found=Found.LATER)
    expect(r, Irregularity.POZZETTO_PREVIOUS_DEAL, S, found=Found.LATER, at=0, next_to_act=E)
    assert d.pozzetti == (P("JK JK 2H 2H 2D 2D 2C 2C 2S 2S AS"),)
    assert {s: d.hand(s) for s in Seat} == hands
    empty = table("5H 6H 7H", pozzetti=(), taken=(Line.NS, Line.EW))
    with pytest.raises(ArbitroError):
        empty.rule(Irregularity.POZZETTO_PREVIOUS_DEAL, S, used=True)


# ------------------------------------------------------------ seen out of turn


def test_art_23_pozzetto_seen_before_the_partners_discard_warns_the_offender() -> None:
    """FIBAS art. 23 "Visti fuori turno": "l'Arbitro ammonisce il giocatore colpevole"
    (art. 22: two warnings cost the line); nothing else moves."""
    d = table("5D 6D 9C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D"))
    d.discard(E, C("9C"))  # E takes the pozzetto with the discard
    d.look_at_pozzetto(E)
    before = str(d)
    r = d.rule(Irregularity.POZZETTO_SEEN_EARLY, E, found=Found.AT_ONCE)
    expect(
        r,
        Irregularity.POZZETTO_SEEN_EARLY,
        E,
        found=Found.AT_ONCE,
        at=4,
        warned=(E,),
        next_to_act=S,
    )
    assert d.warnings == [(E, "23", Irregularity.POZZETTO_SEEN_EARLY.italian)]
    assert str(d) == before


# ------------------------------------------------- wrong play, then the pozzetto


def _wrong_then_volo() -> ArbiterDeal:
    """E lays 6H off on the run and opens 5D 6D 7D 9C (the 9C does not belong): the hand is
    empty, E takes the pozzetto al volo."""
    d = table("5D 6D 9C 6H", pozzetti=(POZ, POZ))
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    d.meld(E, P("5D 6D 7D 9C"))
    assert d.pozzetto_taken(Line.EW)
    return d


def test_art_23_wrong_play_then_pozzetto_the_arbiter_must_hear_the_stage() -> None:
    """FIBAS art. 23 "Pozzetto preso in diretta": the remedy depends on whether the pozzetto
    was seen and played (cases 1-3): without it there is no ruling."""
    d = _wrong_then_volo()
    before = str(d)
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.WRONG_PLAY_THEN_POZZETTO, E)
    assert str(d) == before


def test_art_23_wrong_play_then_pozzetto_unseen_the_named_meld_back_in_place() -> None:
    """FIBAS art. 23 case 1: "il gioco si interrompe con la modalità dello scarto immediato;
    il pozzetto dovrà essere rimesso al suo posto": the wrong play the arbiter names (meld 3,
    the last before the pozzetto) loses the 9C, discarded at once."""
    d = _wrong_then_volo()
    new = d.melds(Line.EW)[1]
    r = d.rule(Irregularity.WRONG_PLAY_THEN_POZZETTO, E, stage=PozzettoStage.UNSEEN, meld=new.id)
    expect(
        r,
        Irregularity.WRONG_PLAY_THEN_POZZETTO,
        E,
        found=Found.AT_ONCE,
        at=3,
        discarded=P("9C"),
        next_to_act=S,
    )
    assert new.cards == P("5D 6D 7D") and d.melds(Line.EW)[0].cards == P("3H 4H 5H 6H")
    p = pos(d)
    # the pozzetto is back first on the table, out of E's hand (issue 31): the immediate
    # discard that leaves E with no cards does not take it again
    assert p["pile"] == "8C 9C" and p["taken"] == "NS" and p["unplayed"] == "-"
    assert p["E"] == "-" and p["took"] == "-" and d.pozzetti == (P(POZ), P(POZ))
    assert "pozzetto put back" in r.en
    # E plays on with no cards and takes it by a regular discard at the next turn
    for s in (S, W, N):
        d.discard(s, d.draw(s).cards[0])
    d.discard(E, d.draw(E).cards[0])
    assert d.pozzetto_taken(Line.EW) and sorted(d.hand(E)) == sorted(P(POZ))
    assert pos(d)["unplayed"] == "E"


def test_art_23_wrong_play_then_pozzetto_unseen_the_cards_named_are_discarded() -> None:
    """FIBAS art. 23 case 1 with art. 25.1: the arbiter names the wrong cards: the 6H laid off
    on the run (meld 2) goes to the pile at once, the pozzetto back in its place."""
    d = _wrong_then_volo()
    run = d.melds(Line.EW)[0]
    r = d.rule(
        Irregularity.WRONG_PLAY_THEN_POZZETTO,
        E,
        stage=PozzettoStage.UNSEEN,
        meld=run.id,
        cards=P("6H"),
    )
    assert r.discarded == P("6H") and run.cards == P("3H 4H 5H")
    assert d.melds(Line.EW)[1].cards == P("5D 6D 7D 9C") and pos(d)["pile"] == "8C 6H"


def test_art_23_wrong_play_then_pozzetto_seen_no_play_frozen_in_hand() -> None:
    """FIBAS art. 23 case 2: "scarto immediato; il pozzetto rimane congelato in mano al
    giocatore ...; il compagno non potrà chiudere fino al ripristino del gioco regolare"."""
    d = _wrong_then_volo()
    r = d.rule(Irregularity.WRONG_PLAY_THEN_POZZETTO, E, stage=PozzettoStage.SEEN)
    expect(
        r,
        Irregularity.WRONG_PLAY_THEN_POZZETTO,
        E,
        found=Found.AT_ONCE,
        at=3,
        discarded=P("9C"),
        next_to_act=S,
    )
    p = pos(d)
    assert p["pile"] == "8C 9C" and p["noclose"] == "EW E" and d.closing_barred(Line.EW)
    assert sorted(d.hand(E)) == sorted(P(POZ)) and d.pozzetti == (P(POZ),)


def test_art_23_wrong_play_then_pozzetto_played_melds_frozen_wrong_cards_negative() -> None:
    """FIBAS art. 23 case 3: "tutti i giochi integrati con carte del pozzetto o i giochi nuovi
    aperti sono temporaneamente congelati ... Le carte del gioco errato saranno messe da parte
    e conteggiate negativamente": only the plays after the pozzetto are frozen; a discard now."""
    d = _wrong_then_volo()
    d.meld(E, P("AH AD AC"))
    r = d.rule(Irregularity.WRONG_PLAY_THEN_POZZETTO, E, stage=PozzettoStage.PLAYED)
    run, diamonds, aces = d.melds(Line.EW)
    expect(
        r,
        Irregularity.WRONG_PLAY_THEN_POZZETTO,
        E,
        found=Found.AT_ONCE,
        at=4,
        negative=P("9C"),
        frozen=(aces.id,),
        limit=TurnLimit.DISCARD_ONLY,
        next_to_act=E,
    )
    assert aces.freeze is Freeze.TEMPORARY and aces.frozen_by is E
    assert run.freeze is Freeze.NONE and diamonds.freeze is Freeze.NONE
    assert diamonds.cards == P("5D 6D 7D")
    p = pos(d)
    assert p["negative"] == "EW 9C" and p["limits"] == "E discard_only now wrong_play_then_pozzetto"
    against_ruling(d, lambda x: x.meld(E, P("KH KD KC")), "wrong_play_then_pozzetto")
