"""The position string of a deal in arbiter mode (docs/notation-burraco.md, "Arbiter mode"):
``ArbiterDeal.from_position(str(deal))`` is the same position with the arbiter's state (freezes,
penalized cards, a prepared discard, turn limits, cards taken back), and play and rulings go
on from it as from the deal it was written from."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.burraco.arbiter.obligations import against_ruling
from tests.games.burraco.arbiter.test_properties import arbiter_prefix

from arbitro.cards import parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Phase, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Freeze, Irregularity, TurnLimit

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
STOCK = "4S 10D 10S 6D 6S JS JC 9D"


def deal(
    e: str = "5H 6H 7D 9C KS QS 3C",
    *,
    w: str = "8S 8S 4D",
    ew: Sequence[str] = ("3H 4H 5H",),
    stock: str = STOCK,
    taken: Sequence[Line] = (Line.NS,),
) -> ArbiterDeal:
    """N-S hold a clean burraco and their pozzetto; E to play after eight turns."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P(w), N: P("JH JH"), S: P("QH")},
        pile=P("8C"),
        stock=P(stock),
        pozzetti=[P("AH AD AC AS KH KD KC KS QH QD QC")],
        melds={Line.NS: [P("3C 4C 5C 6C 7C 8C 9C"), P("QC QD QS")], Line.EW: [P(m) for m in ew]},
        taken=taken,
        turn=E,
        turns_played=8,
    )


def passes(*deals: ArbiterDeal) -> None:
    """The player to act in each deal draws and discards the card drawn."""
    for d in deals:
        s = d.turn
        x = d.draw(s).cards[0]
        d.discard(s, x)


def read_back(d: ArbiterDeal) -> ArbiterDeal:
    """The position of ``d`` written and read back: the same string, cards and scores."""
    text = str(d)
    again = ArbiterDeal.from_position(text)
    assert str(again) == text
    assert repr(again) == f"ArbiterDeal.from_position({text!r})"
    assert again.card_counts() == d.card_counts()
    assert again.totals() == d.totals() and again.scores() == d.scores()
    assert again.next_to_act is d.next_to_act and again.phase is d.phase
    assert set(again.legal_moves()) == set(d.legal_moves())
    return again


def test_a_dealt_deal_reads_back_and_replays_from_its_position() -> None:
    """Art. 6's layout as a position: read back, pushed and popped like the deal."""
    d = ArbiterDeal.shuffled(random.Random(3))
    text = str(d)
    assert text.startswith("dealer N | turn E | phase draw | turns 0 | N ")
    assert text.endswith("| closenext - | nextid 0")
    again = read_back(d)
    assert again.deck is None and again.initial().move_stack == ()
    again.push("E draw")
    d.push("E draw")
    assert str(again) == str(d)
    assert again.pop() == "E draw" and str(again) == text


def test_art_25_penalized_card_at_the_side_is_in_the_position() -> None:
    """Art. 25.2.2: a card laid off wrongly, found after the discard, goes to the offender's
    side and is the next turn's discard; the position says so (``aside E 9C``) and the card
    is discarded first from the position read back too."""
    d = deal()
    d.draw(E)
    d.lay_off(E, 0, P("9C"))
    d.discard(E, C("KS"))
    d.rule(Irregularity.WRONG_LAY_OFF, E)
    assert "| aside E 9C |" in str(d)
    again = read_back(d)
    for x in (d, again):
        passes(x, x, x)  # S, W, N
        x.draw(E)
        assert not x.discard(E, C("9C")).problems
    assert str(again) == str(d) and "| aside - |" in str(again)


def test_art_30_temporary_freeze_and_turn_limit_are_in_the_position() -> None:
    """Art. 30: melds made without drawing are frozen until the offender's next turn and the
    turn is limited to a draw or pick-up and a discard; read back, the freeze and the limit
    are there, and they lift and apply as in the deal written."""
    d = deal("5D 6D 7D 6H KS QS 3C")
    d.meld(E, P("5D 6D 7D"))
    d.lay_off(E, 0, [C("6H")])
    d.rule(Irregularity.MISSING_DRAW, E)
    text = str(d)
    assert "/ temporary E 6H" in text and "/ temporary E 5D 6D 7D" in text
    assert "| limits E draw_or_pick_up_and_discard now missing_draw |" in text
    again = read_back(d)
    assert [m.freeze for m in again.melds(Line.EW)] == [Freeze.TEMPORARY] * 2
    assert again.limit(E) is TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD
    for x in (d, again):
        x.draw(E)
        x.discard(E, C("KS"))
        passes(x, x, x)  # S, W, N
        assert x.turn is E and [m.freeze for m in x.melds(Line.EW)] == [Freeze.NONE] * 2
    assert str(again) == str(d)


def test_art_31_prepared_discard_and_meld_set_apart_are_in_the_position() -> None:
    """Art. 31 points 1-4: W drew out of turn and melded; the meld is set apart (frozen), the
    discard prepared; read back, W's real turn is only that discard."""
    d = deal(stock="8H " + STOCK, w="8S 8D 4D")
    d.draw(W)
    d.meld(W, P("8S 8D 8H"))
    d.rule(Irregularity.OUT_OF_TURN_DRAW, W)
    assert "| prepared W 4D |" in str(d) and "| W - |" in str(d)
    again = read_back(d)
    assert again.prepared_discard(W) == C("4D") and again.next_to_act is E
    for x in (d, again):
        passes(x, x)  # E, S
        assert x.turn is W and x.phase is Phase.PLAY
        x.discard(W, C("4D"))
        assert x.pozzetto_taken(Line.EW) and len(x.hand(W)) == 11
    assert str(again) == str(d)


def test_art_33_cards_taken_back_stay_barred_from_the_partners_later_melds() -> None:
    """Art. 33 "Senza scarto": the cards taken back may not go on melds the partner opens or
    extends afterwards. The position keeps when each card was taken back and when each meld
    was touched (``9S@-n``, ``W@-m``), so the position read back flags the same lay-off."""
    d = deal(
        "9S 9D",
        w="9H 9H JK 4D",
        ew=("3S 4S 5S 6S 7S 8S 9S",),
        taken=(Line.NS, Line.EW),
        stock="9C " + STOCK,
    )
    d.draw(E)
    d.meld(E, P("9S 9D 9C"))
    d.rule(Irregularity.CLOSING_WITHOUT_DISCARD, E)
    d.discard(E, C("9C"))
    passes(d)  # S
    x = d.draw(W).cards[0]
    d.meld(W, P("9H 9H JK"))
    d.discard(W, x)
    passes(d)  # N
    assert "| barred E " in str(d) and "/ touched W@-" in str(d)
    again = read_back(d)
    for y in (d, again):
        y.draw(E)
        a = y.lay_off(E, 1, [C("9S")])
        assert [p.article for p in a.problems] == ["33"]
    assert str(again) == str(d)


def test_art_32_definitive_freeze_with_its_positive_cards_reads_back() -> None:
    """Art. 32 NB: equal sets at the closing merged and frozen for good; the position writes
    the cards that count positive and the burraco made before (none here)."""
    ew = ("3D 4D 5D 6D 7D 8D 9D", "KS KD KD")
    d = deal("KH KC 2S", ew=ew, taken=(Line.NS, Line.EW))
    d.draw(E)
    d.meld(E, P("KH KC 2S"))
    d.discard(E, C("4S"))
    d.rule(Irregularity.EQUAL_SETS, E)
    assert "/ definitive " in str(d) and "| end closing E |" in str(d)
    again = read_back(d)
    kings = again.melds(Line.EW)[1]
    assert kings.freeze is Freeze.DEFINITIVE and kings.positive == d.melds(Line.EW)[1].positive


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dealer N | turn E",
        "dealer X" + str(ArbiterDeal.shuffled(random.Random(1)))[8:],
        str(ArbiterDeal.shuffled(random.Random(1))).replace("flags -", "flags small"),
        str(ArbiterDeal.shuffled(random.Random(1))).replace("aside -", "aside E ZZ"),
        str(ArbiterDeal.shuffled(random.Random(1))).replace("limits -", "limits E none later"),
        str(ArbiterDeal.shuffled(random.Random(1))).replace("NS -", "NS 0 N 3H 4H / wrongly"),
    ],
)
def test_a_malformed_position_is_refused(text: str) -> None:
    """A text that is not an arbiter position is refused with the catalogue's message."""
    with pytest.raises(ArbitroError) as info:
        ArbiterDeal.from_position(text)
    assert info.value.key == "burraco.bad_arbiter_position"


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000), st.integers(0, 80), st.integers(0, 2), st.randoms())
def test_random_positions_with_rulings_read_back_and_play_on_alike(
    seed: int, k: int, which: int, rnd: random.Random
) -> None:
    """Arts. 25.1, 30, 31 on random deals: after the ruling, the position read back is the
    same, and the same regular actions from both keep the same position to the end."""
    arb = arbiter_prefix(seed, k)
    if not arb.is_over:
        seat = arb.turn
        if which == 0 and arb.phase is Phase.DRAW:
            other = seat.partner
            arb.draw(other)
            arb.rule(Irregularity.OUT_OF_TURN_DRAW, other)
        elif which == 1 and arb.phase is Phase.DRAW and len(arb.hand(seat)) >= 4:
            arb.meld(seat, rnd.sample(list(arb.hand(seat)), 3))
            arb.rule(Irregularity.MISSING_DRAW, seat)
        elif arb.phase is Phase.PLAY and arb.melds(seat.line) and len(arb.hand(seat)) >= 2:
            target = rnd.randrange(len(arb.melds(seat.line)))
            if arb.lay_off(seat, target, [rnd.choice(arb.hand(seat))]).problems:
                arb.rule(Irregularity.WRONG_LAY_OFF, seat)
    again = read_back(arb)
    for _ in range(30):
        if arb.is_over:
            break
        move = rnd.choice(sorted(arb.legal_moves()))
        arb.push(move)
        again.push(move)
        assert str(again) == str(arb)
    assert again.totals() == arb.totals()


def test_the_documented_example_reads_back() -> None:
    """docs/notation-burraco.md's arbiter example (art. 30): E's melds frozen until its next
    turn, E's turn limited to a draw or pick-up and a discard."""
    doc = (Path(__file__).parents[4] / "docs" / "notation-burraco.md").read_text()
    example = doc.split("## Arbiter mode", 1)[1].split("```\n", 2)[1].strip()
    d = ArbiterDeal.from_position(example)
    assert str(d) == example
    assert d.limit(E) is TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD
    assert [m.freeze for m in d.melds(Line.EW)] == [Freeze.TEMPORARY] * 2
    d.draw(E)
    against_ruling(d, lambda x: x.meld(E, P("QS KS 4S")), "missing_draw")  # art. 30
