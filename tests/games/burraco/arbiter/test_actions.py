"""Arbiter mode records the table's real actions: regular play gives the engine's deal and
score (arts. 6, 8-10, 18-19); irregular actions are kept with the problem and article seen in
them (arts. 24, 29-33); forced discards go highest first, H D C S (art. 2 "Scarto immediato")."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import parse_card, parse_cards
from arbitro.games.burraco import Deal, GreedyBot, Line, Phase, Seat, play_deal
from arbitro.games.burraco.arbiter import (
    ArbiterDeal,
    Found,
    Irregularity,
    deal_from_layout,
    discard_order,
    run_script,
)

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def _base() -> ArbiterDeal:
    return ArbiterDeal.from_layout(
        {E: P("5H 6H 7D 9C KS QS 3C"), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P("4S 10D 10S 6D 6S JS JC 9D"),
        pozzetti=[P("AH AD AC AS KH KD KC KS QH QD QC")],
        melds={Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")], Line.EW: [P("3H 4H 5H")]},
        taken=[Line.NS],
        turn=E,
        turns_played=8,
    )


def test_art_2_scarto_immediato_order_highest_first_then_hearts_diamonds_clubs_spades() -> None:
    """Art. 2 "Scarto immediato": highest value first; equal values by suit H, D, C, S."""
    order = discard_order(P("7H KS AS KD JK 2C 5D 5H"))
    assert order == list(P("JK 2C AS KD KS 7H 5H 5D"))


def test_art_6_layout_is_the_engines() -> None:
    """Art. 6: arbiter mode lays out a deck exactly as the engine does."""
    deal = Deal.shuffled(random.Random(3), dealer=Seat.W)
    arb = ArbiterDeal(deal.deck, Seat.W)
    for s in Seat:
        assert arb.hand(s) == deal.hand(s)
    assert arb.discard_pile == deal.discard_pile
    assert len(arb.stock) == deal.stock_size
    assert len(arb.pozzetti) == deal.pozzetti_left
    assert arb.turn is deal.turn


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_art_19_regular_deal_replayed_scores_as_the_engine(seed: int) -> None:
    """Arts. 8-10, 18-19: a regular deal replayed in arbiter mode ends and scores the same."""
    rng = random.Random(seed)
    deal = play_deal(Deal.shuffled(rng), [GreedyBot()] * 4, rng)
    arb = ArbiterDeal.from_deal(deal)
    assert arb.is_over and arb.end_reason is deal.end_reason
    assert arb.problems() == []
    assert arb.scores() == deal.scores()
    assert sum(arb.card_counts().values()) == 108


def test_art_30_31_29_32_irregular_actions_are_recorded_with_their_article() -> None:
    """Irregular actions are kept as they happened, each with the article it breaks."""
    d = _base()
    a = d.meld(E, P("5H 6H 7D"))  # no draw first (art. 30) and a wrong meld (art. 29)
    assert {p.article for p in a.problems} == {"30", "29"}
    assert a.problems[0].suggests is Irregularity.MISSING_DRAW
    assert d.melds(Line.EW)[-1].cards == P("5H 6H 7D") and not d.melds(Line.EW)[-1].valid
    b = d.draw(W)  # out of turn (art. 31)
    assert [p.suggests for p in b.problems] == [Irregularity.OUT_OF_TURN_DRAW]
    assert C("4S") in d.hand(W)
    assert d.turn is E and d.phase is Phase.DRAW


def test_art_32_equal_set_and_art_24_exposed_card_are_flagged() -> None:
    """Art. 32: a second set of the same rank is flagged; art. 24: exposed card not played."""
    d = ArbiterDeal.from_layout(
        {E: P("KH KD KC 5S 9D"), W: P("4D")},
        pile=P("8C"),
        stock=P("4S 10D 10S 6D"),
        melds={Line.EW: [P("KS KS JK")]},
        turn=E,
        turns_played=8,
    )
    d.expose(E, [C("9D")])
    d.draw(E)
    a = d.meld(E, P("KH KD KC"))
    assert {p.suggests for p in a.problems} == {Irregularity.EQUAL_SETS, Irregularity.EXPOSED_CARD}


def test_art_33_closing_without_burraco_is_flagged_and_ends_until_ruled() -> None:
    """Art. 33: a closing without burraco is what the table did; it is flagged for the arbiter."""
    d = ArbiterDeal.from_layout(
        {E: P("6H")},
        pile=P("8C"),
        stock=P("9C 10D 10S 6D"),
        melds={Line.EW: [P("3H 4H 5H")]},
        taken=[Line.EW],
        turn=E,
        turns_played=8,
    )
    d.draw(E)
    d.lay_off(E, 0, [C("6H")])
    a = d.discard(E, C("9C"))
    assert d.is_over and d.closer is E
    assert [p.suggests for p in a.problems] == [Irregularity.CLOSING_WITHOUT_BURRACO]


def test_art_22_to_35_every_section_c_article_has_a_remedy_in_the_catalogue() -> None:
    """FIBAS Section C: each article 22-35 is named by at least one irregularity, and each
    irregularity leads to its article's text in the catalogue."""
    articles = {i.article.split(".")[0] for i in Irregularity}
    # arts. 6, 9, 10, 18 (misdeals, draws, pick-ups, closing al monte) have remedies too
    assert articles == {str(n) for n in range(22, 36)} | {"6", "9", "10", "18"}
    for irr in Irregularity:
        art = irr.catalogue_article()
        section_c = int(irr.article.split(".")[0]) >= 22
        assert art.section.startswith("SEZIONE C") is section_c and art.text
    assert Irregularity.GHOST_CARD.catalogue_article().title == "CARTA/E FANTASMA"


def test_art_25_28_33_script_replays_actions_and_rulings_to_the_same_position() -> None:
    """The record of a deal in arbiter mode (actions and rulings, arts. 25, 28, 33) replayed on
    the same layout rebuilds the same position and score: what an event stores."""
    layout = {
        "hands": {"E": "8H 6H 4H 5H 7H 9C 3C", "W": "8S 8S 4D", "N": "JH JH", "S": "QH"},
        "pile": "8C",
        "stock": "4S 10D 10S 6D 6S JS JC 9D",
        "pozzetti": ["AH AD AC AS KH KD KC KS QH QD QC"],
        "melds": {"NS": ["3C 4C 5C 6C 7C 8C 9C", "QC QD QS"], "EW": ["3D 4D 5D"]},
        "taken": ["NS"],
        "turn": "E",
        "turns_played": 8,
    }
    d = deal_from_layout(layout)
    d.draw(E)
    d.meld(E, P("8H 6H 4H"))
    d.rule(Irregularity.INCOMPLETE_MELD, E, healing=P("5H 7H"))
    d.lay_off(E, 0, [C("9C")])
    d.rule(Irregularity.WRONG_LAY_OFF, E, found=Found.AT_ONCE)
    d.draw(S)
    d.lay_off(S, 1, [C("QH")])
    d.discard(S, C("10D"))
    assert d.is_over
    lines = d.script()
    assert lines[2] == "rule incomplete_meld E healing=5H,7H"
    assert lines[4] == "rule wrong_lay_off E found=at_once"
    again = deal_from_layout(layout)
    run_script(again, lines)
    assert again.scores() == d.scores() and again.is_over
    assert [again.hand(s) for s in Seat] == [d.hand(s) for s in Seat]
    assert again.discard_pile == d.discard_pile
    assert [r.discarded for r in again.rulings] == [r.discarded for r in d.rulings]


def test_art_17_time_out_replayed_in_arbiter_mode_ends_as_the_engine() -> None:
    """Art. 17: a deal with the time called replays to the same end and score."""
    from arbitro.games.burraco import TIME_OUT, MoveKind

    for seed in (1, 2):
        rng = random.Random(seed)
        deal = Deal.shuffled(rng)
        bot = GreedyBot()
        for _ in range(30):
            deal.push(bot.choose(deal, rng))
        if not deal.is_over:
            deal.push(TIME_OUT)
        while not deal.is_over:
            deal.push(bot.choose(deal, rng))
        arb = ArbiterDeal.from_deal(deal)
        assert arb.end_reason is deal.end_reason and arb.scores() == deal.scores()
        called = any(m.kind is MoveKind.TIME_OUT for _, m in deal.moves)
        assert ("time" in arb.script()) == called
