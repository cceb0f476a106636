"""The remedies of arts. 6-31 that cannot be applied say which article they could not apply:
the arbiter who names no offender, or one who did not do what the irregularity says, is
refused citing the irregularity's own article (issue 26: tests that notice a changed remedy;
the refusal's article is what the desk shows next to it)."""

from __future__ import annotations

import pytest

from arbitro.cards import parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Irregularity, PozzettoStage

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
POZ = "AH AD AC AS KH KD KC KS QH QD QC"
EW_BURRACO = "3D 4D 5D 6D 7D 8D 9D"


def table(
    e: str = "5D 6D", *, pile: str = "8C", taken: tuple[Line, ...] = (Line.NS,)
) -> ArbiterDeal:
    """E to play after eight turns; E-W have a clean burraco (meld 2)."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P(pile),
        stock=P("7D " + STOCK),
        pozzetti=[P(POZ)],
        melds={
            Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")],
            Line.EW: [P(EW_BURRACO)],
        },
        taken=taken,
        turn=E,
        turns_played=8,
    )


def refused(d: ArbiterDeal, kind: Irregularity, offender: Seat | None = None, **kw: object) -> str:
    """The article the refusal of ``kind`` cites; the table is left as it was."""
    before = str(d)
    with pytest.raises(ArbitroError) as err:
        d.rule(kind, offender, **kw)  # type: ignore[arg-type]  # the details named by the test
    assert str(d) == before and d.rulings == []
    assert err.value.article is not None
    return err.value.article.article


@pytest.mark.parametrize(
    "kind",
    [
        Irregularity.MISSING_DRAW,
        Irregularity.OUT_OF_TURN_DRAW,
        Irregularity.DRAW_AFTER_POZZETTO,
        Irregularity.POZZETTO_SHORT,
        Irregularity.POZZETTO_SEEN_EARLY,
        Irregularity.WRONG_PLAY_THEN_POZZETTO,
        Irregularity.TWO_CARDS_DRAWN,
        Irregularity.PARTIAL_PICK_UP,
        Irregularity.PILE_CARD_LIFTED,
    ],
)
def test_arts_9_to_31_no_remedy_without_an_offender(kind: Irregularity) -> None:
    """FIBAS arts. 9, 10, 23, 30, 31 each penalize "il giocatore colpevole": without one named,
    the remedy is refused under the irregularity's own article."""
    d = table()
    d.draw(E)
    assert refused(d, kind) == kind.article


def test_art_31_the_offender_named_did_not_draw() -> None:
    """FIBAS art. 31 "PESCA ... fuori turno" and "PESCA dopo aver preso il pozzetto al volo":
    the offender named must have drawn."""
    d = table()
    assert refused(d, Irregularity.OUT_OF_TURN_DRAW, W) == "31"
    assert refused(d, Irregularity.DRAW_AFTER_POZZETTO, E) == "31"


def test_art_23_the_wrong_play_named_is_not_the_offenders() -> None:
    """FIBAS art. 23 "Pozzetto preso in diretta ... successiva ad una giocata errata": the
    wrong play named must be one of the offender's (N-S's meld 0 is not E's)."""
    d = table("5D 6D 9C")
    d.draw(E)
    d.meld(E, P("5D 6D 7D 9C"))
    assert d.pozzetto_taken(Line.EW)
    ns = d.melds(Line.NS)[0].id
    assert (
        refused(d, Irregularity.WRONG_PLAY_THEN_POZZETTO, E, stage=PozzettoStage.SEEN, meld=ns)
        == "23"
    )


def test_art_18_the_closing_was_made_with_a_draw() -> None:
    """FIBAS art. 18 is about a closing "al monte": E drew, closed with a meld and a discard;
    there is no pile taken to rule on."""
    d = table("4S 4D 4H", taken=(Line.NS, Line.EW))
    d.draw(E)
    d.meld(E, P("4S 4D 4H"))
    d.discard(E, C("7D"))
    assert d.is_over and d.closer is E
    assert refused(d, Irregularity.CLOSING_AT_PILE, E) == "18"


def test_art_18_a_pile_taken_out_of_turn_is_no_closing_al_monte_of_its_taker() -> None:
    """FIBAS art. 18 concerns the player who closed: W picked up the three cards of the pile
    out of turn while E, the partner, closed with a draw; W is not the closer."""
    d = table("4S 4D 4H", pile="8C 9C 10C", taken=(Line.NS, Line.EW))
    d.draw(E)
    d.pick_up(W)
    d.meld(E, P("4S 4D 4H"))
    d.discard(E, C("7D"))
    assert d.is_over and d.closer is E
    assert refused(d, Irregularity.CLOSING_AT_PILE, W) == "18"


def test_art_18_two_cards_in_the_pile_the_closing_al_monte_is_regular() -> None:
    """FIBAS art. 18: "Quando nel Monte degli scarti sono presenti massimo due carte è
    possibile 'raccogliere virtualmente'": no irregularity, the refusal cites art. 18."""
    d = table("10C JC QC 5S", pile="8C 9C", taken=(Line.NS, Line.EW))
    d.pick_up(E)
    d.meld(E, P("8C 9C 10C JC QC"))
    d.discard(E, C("5S"))
    assert d.is_over and d.closer is E
    assert refused(d, Irregularity.CLOSING_AT_PILE, E) == "18"


def test_art_9_a_draw_then_a_card_exposed_is_not_two_cards_drawn() -> None:
    """FIBAS art. 9 is about two cards drawn: E drew one card and then let the KS be seen
    (art. 24): one card drawn, nothing goes back on the stock."""
    d = table("5D 6D KS")
    d.draw(E)
    d.expose(E, P("KS"))
    assert refused(d, Irregularity.TWO_CARDS_DRAWN, E) == "9"
