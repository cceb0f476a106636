"""The FIBAS articles outside Section C that now have a remedy (arts. 6, 9, 10, 18, 32 NB),
and the arbiter in the core's shape: a core :class:`Irregularity` ruled by Burraco's
:data:`REMEDIES` on a copy of the position, returning the core's :class:`Ruling` and records;
arbiter mode as a core ``Game`` whose moves are script lines (push, pop, copy, initial)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from tests.games.burraco.arbiter.obligations import against_ruling

from arbitro.cards import parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Phase, Seat
from arbitro.games.burraco.arbiter import (
    ArbiterDeal,
    Freeze,
    Irregularity,
    TurnLimit,
    run_script,
)
from arbitro.games.burraco.arbiter.irregularities import IrregularityKind
from arbitro.games.burraco.arbiter.remedies import REMEDIES, irregularity
from arbitro.games.core import arbiter as core

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"
EW_BURRACO = "3D 4D 5D 6D 7D 8D 9D"


def layout(
    e: str,
    *,
    pile: str = "8C",
    ew: Sequence[str] = (),
    taken: Sequence[Line] = (Line.NS,),
    stock: str = STOCK,
) -> ArbiterDeal:
    """E to play after eight turns; N-S hold their pozzetto, E-W's is still on the table
    unless ``taken`` says otherwise."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P(pile),
        stock=P(stock),
        pozzetti=[P("AH AD AC AS KH KD KC KS QH QD QC")],
        melds={Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=taken,
        turn=E,
        turns_played=8,
    )


def passes(d: ArbiterDeal, *seats: Seat) -> None:
    for s in seats:
        assert d.turn is s
        x = d.draw(s).cards[0]
        d.discard(s, x)


# ------------------------------------------------------------------ art. 6


def test_art_6_cards_seen_before_the_arbiters_word_the_deal_is_dealt_again() -> None:
    """FIBAS art. 6: "se i giocatori hanno visto le carte ... prima del via dell'arbitro la
    distribuzione deve essere ripetuta": a new deal (the core's NewDeal record)."""
    d = ArbiterDeal.shuffled(random.Random(7))
    ruling = REMEDIES.rule(d, irregularity(IrregularityKind.MISDEAL, N, what="cards_seen"))
    assert not d.is_over and not d.void  # the core rules on a copy
    assert ruling.position.void and ruling.position.is_over
    assert ruling.records == (core.NewDeal("misdeal"),)
    assert ruling.irregularity.article.article == "6"
    r = d.rule(Irregularity.MISDEAL, N, what="wrong_deal")
    assert r.redeal and d.void and d.next_to_act is None
    outcome = d.outcome()
    assert outcome is not None and outcome.reason == "void"
    assert d.script() == ["rule misdeal N what=wrong_deal"]
    again = ArbiterDeal.shuffled(random.Random(7))
    run_script(again, d.script())
    assert again.void and again.rulings[-1].redeal


def test_art_6_wrong_deal_found_once_play_began_the_result_stands() -> None:
    """FIBAS art. 6: "A gioco iniziato qualsiasi anomalia riscontrata nella distribuzione non
    potrà essere sanata ... il risultato effettuato resterà valido"."""
    d = ArbiterDeal.shuffled(random.Random(7))
    d.draw(d.turn)
    r = d.rule(Irregularity.MISDEAL, N, what="wrong_deal")
    assert not r.redeal and not d.void and not d.is_over and d.phase is Phase.PLAY
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.MISDEAL, N, what="a card fell")


def test_art_6_face_up_card_in_or_on_the_stock_play_goes_on() -> None:
    """FIBAS art. 6: a card face up inside the stock "devono essere ricoperte lasciandole nella
    stessa posizione. Il gioco prosegue regolarmente"; one on the stock: "come se fosse coperta"."""
    d = layout("5H 6H 7D")
    stock = d.stock
    for kind in (Irregularity.FACE_UP_IN_STOCK, Irregularity.FACE_UP_ON_STOCK):
        r = d.rule(kind, E)
        assert r.article == "6" and d.stock == stock and d.next_to_act is E
    assert d.draw(E).cards == P("4S")


# ------------------------------------------------------------------ art. 9


def test_art_9_two_cards_drawn_the_second_goes_back_on_the_stock() -> None:
    """FIBAS art. 9: "la prima spetterà al giocatore ...; la seconda verrà ricollocata sul
    tallone dopo averla fatta visionare all'avversario che segue"."""
    d = layout("5H 6H 7D")
    d.draw(E)
    a = d.draw(E)
    assert [p.suggests for p in a.problems] == [Irregularity.TWO_CARDS_DRAWN]
    r = d.rule(Irregularity.TWO_CARDS_DRAWN, E)
    assert r.returned == P("10D") and d.stock[0] == C("10D")
    assert C("4S") in d.hand(E) and C("10D") not in d.hand(E)
    assert d.turn is E and d.phase is Phase.PLAY  # the player goes on regularly
    d.discard(E, C("4S"))
    assert d.draw(S).cards == P("10D")  # S, who saw it, may take it


# ------------------------------------------------------------------ art. 10


def test_art_10_one_card_left_in_the_pick_up_is_the_discard() -> None:
    """FIBAS art. 10: "Se nel raccogliere le carte ne lascia una sola quella costituisce
    automaticamente lo scarto ... il giocatore non potrà fare alcun gioco"."""
    d = layout("5H 6H 7D", pile="9C 8C")
    d.pick_up(E)
    ruling = REMEDIES.rule(d, irregularity(IrregularityKind.PARTIAL_PICK_UP, E, cards=P("8C")))
    assert ruling.records == (core.InterruptedTurn(E),)
    after = ruling.position
    assert after.discard_pile == P("8C") and C("9C") in after.hand(E)
    assert after.next_to_act is S


def test_art_10_several_cards_left_the_highest_ranked_is_the_discard() -> None:
    """FIBAS art. 10: "Nel caso ne lasciasse più di una, la carta più alta di rango
    rappresenterà lo scarto" (the others are picked up)."""
    d = layout("5H 6H 7D", pile="4C 9C KC")
    d.pick_up(E)
    r = d.rule(Irregularity.PARTIAL_PICK_UP, E, cards=P("9C KC"))
    assert r.discarded == P("KC") and d.discard_pile == P("KC")
    assert C("9C") in d.hand(E) and C("4C") in d.hand(E) and d.turn is S


def test_art_10_a_lifted_pile_card_forces_the_pick_up() -> None:
    """FIBAS art. 10: "se solleva il dorso o parte di esso anche di una sola carta è costretto
    a raccogliere": a draw is then against the ruling, the pick-up is not."""
    d = layout("5H 6H 7C", pile="9C 8C")
    r = d.rule(Irregularity.PILE_CARD_LIFTED, E)
    assert r.limit is TurnLimit.MUST_PICK_UP and d.limit(E) is TurnLimit.MUST_PICK_UP
    it = against_ruling(d, lambda x: x.draw(E), "pile_card_lifted")
    assert "E deve raccogliere il monte degli scarti (FIBAS art. 10)" in it
    a = d.pick_up(E)
    assert not a.problems and a.cards == P("9C 8C")
    assert not d.meld(E, P("7C 8C 9C")).problems  # then the player plays on
    d.discard(E, C("5H"))
    assert d.limit(E) is TurnLimit.NONE


# ------------------------------------------------------------------ art. 18


def test_art_18_closing_al_monte_with_more_than_two_cards_frozen_and_valid_next_turn() -> None:
    """FIBAS art. 18: "Qualora nel monte degli scarti fossero presenti più di due carte ... tutti
    i giochi realizzati al 'monte' saranno momentaneamente congelati e la chiusura sarà resa
    valida al turno successivo"."""
    d = layout("JC QC 5S", pile="8C 9C 10C", ew=(EW_BURRACO,), taken=(Line.NS, Line.EW))
    d.pick_up(E)
    d.meld(E, P("8C 9C 10C JC QC"))
    d.discard(E, C("5S"))
    assert d.is_over and d.closer is E
    r = d.rule(Irregularity.CLOSING_AT_PILE, E)
    run = d.melds(Line.EW)[1]
    assert r.frozen == (run.id,) and run.freeze is Freeze.TEMPORARY
    assert not d.is_over and d.next_to_act is S
    passes(d, S, W, N)
    assert d.is_over and d.closer is E and run.freeze is Freeze.NONE
    assert d.totals()[Line.EW] > 0


def test_art_18_at_most_two_cards_in_the_pile_the_closing_al_monte_is_regular() -> None:
    """FIBAS art. 18: "Quando nel Monte degli scarti sono presenti massimo due carte è possibile
    'raccogliere virtualmente'": no remedy to apply."""
    d = layout("10C JC QC 5S", pile="8C 9C", ew=(EW_BURRACO,), taken=(Line.NS, Line.EW))
    d.pick_up(E)
    d.meld(E, P("8C 9C 10C JC QC"))
    d.discard(E, C("5S"))
    with pytest.raises(ArbitroError):
        d.rule(Irregularity.CLOSING_AT_PILE, E)
    assert d.is_over and d.closer is E


# ------------------------------------------------------------------ art. 32 NB


def test_art_32_nb_equal_sets_at_the_closing_with_one_wild_the_closing_is_validated() -> None:
    """FIBAS art. 32 NB: "la chiusura sarà convalidata solo ed esclusivamente se una volta
    congelato il gioco in esso vi sia la presenza di massimo UNA MATTA"."""
    d = layout("KH KC 2S", ew=(EW_BURRACO, "KS KD KD"), taken=(Line.NS, Line.EW))
    d.draw(E)
    d.meld(E, P("KH KC 2S"))
    d.discard(E, C("4S"))
    assert d.is_over and d.closer is E
    r = d.rule(Irregularity.EQUAL_SETS, E)
    kings = d.melds(Line.EW)[1]
    assert r.frozen == (kings.id,) and kings.freeze is Freeze.DEFINITIVE
    assert len(kings.cards) == 6 and d.is_over and d.closer is E


def test_art_32_nb_equal_sets_at_the_closing_with_two_wilds_the_closing_is_not_validated() -> None:
    """FIBAS art. 32 NB: with two wilds once frozen the closing is not validated: the second
    wild is discarded (art. 32) and play goes on."""
    d = layout("KH KC 2S", ew=(EW_BURRACO, "KS KD JK"), taken=(Line.NS, Line.EW))
    d.draw(E)
    d.meld(E, P("KH KC 2S"))
    d.discard(E, C("4S"))
    assert d.is_over
    r = d.rule(Irregularity.EQUAL_SETS, E)
    kings = d.melds(Line.EW)[1]
    assert r.discarded == P("2S") and d.discard_pile[-1] == C("2S")
    assert tuple(sorted(kings.cards)) == tuple(sorted(P("KS KD JK KH KC")))
    assert kings.freeze is Freeze.DEFINITIVE
    assert not d.is_over and d.closer is None and d.next_to_act is S


# ------------------------------------------------------------- the core's shape


def test_art_22_to_35_every_kind_has_a_remedy_in_the_core_registry() -> None:
    """FIBAS Section C and arts. 6, 9, 10, 18: every irregularity kind has its remedy."""
    assert set(REMEDIES) == {k.value for k in IrregularityKind}
    with pytest.raises(ArbitroError):
        REMEDIES.rule(
            layout("5H"), core.Irregularity("no_such", IrregularityKind.MISDEAL.citation, E)
        )


def test_art_25_the_core_ruling_records_penalized_cards_and_leaves_the_position_alone() -> None:
    """FIBAS art. 25.1 through the core: a card laid off wrongly, found after the discard, is
    penalized at the side (the core's PenalizedCards); the position ruled on is unchanged."""
    d = layout("5H 6H 9C KS", ew=("3H 4H 5H",))
    d.draw(E)
    d.lay_off(E, 0, P("9C"))
    d.discard(E, C("KS"))
    before = d.script()
    ruling = REMEDIES.rule(
        d, irregularity(IrregularityKind.WRONG_LAY_OFF, E, found="after_discard")
    )
    assert ruling.records == (core.PenalizedCards(E, ("9C",)),)
    assert ruling.position.aside(E) == P("9C") and d.aside(E) == ()
    assert d.script() == before and ruling.irregularity.details == {"found": "after_discard"}


def test_art_9_arbiter_mode_is_a_core_game_push_pop_replay_the_script() -> None:
    """FIBAS art. 9 as script lines: push records a line, pop takes it back by replaying the
    layout (the core's undo_last), initial is the layout with nothing recorded."""
    d = layout("5H 6H 7D")
    d.push("E draw")
    d.push("E draw")
    d.push("rule two_cards_drawn E")
    assert [line for _, line in d.move_stack][-1] == "rule two_cards_drawn E"
    assert d.stock[0] == C("10D")
    assert d.pop() == "rule two_cards_drawn E"
    assert C("10D") in d.hand(E) and len(d.rulings) == 0
    assert d.initial().script() == [] and d.initial().hand(E) == P("5H 6H 7D")
    again = layout("5H 6H 7D")
    run_script(again, d.script())
    assert again.hand(E) == d.hand(E) and again.stock == d.stock
    assert "E draw" not in d.legal_moves() and "E discard 4S" in d.legal_moves()
