"""Properties of arbiter mode over random deals: whatever irregularity is injected and ruled on
(arts. 25.1, 30, 31), no card is lost or created (art. 3: the deck's 108 cards), and the deal
goes on with a player to act or ends."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import burraco_deck
from arbitro.games.burraco import Deal, GreedyBot, MoveKind, Phase, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Freeze, Irregularity, run_script


def arbiter_prefix(seed: int, k: int) -> ArbiterDeal:
    """An arbiter deal after the first ``k`` moves of a greedy-bot deal."""
    rng = random.Random(seed)
    deal = Deal.shuffled(rng)
    arb = ArbiterDeal(deal.deck, deal.dealer)
    bot = GreedyBot()
    for _ in range(k):
        if deal.is_over:
            break
        mv = bot.choose(deal, rng)
        seat = deal.turn
        deal.push(mv)
        if mv.kind is MoveKind.DRAW:
            arb.draw(seat)
        elif mv.kind is MoveKind.PICK_UP:
            arb.pick_up(seat)
        elif mv.kind is MoveKind.MELD:
            arb.meld(seat, mv.cards)
        elif mv.kind is MoveKind.LAY_OFF:
            arb.lay_off(seat, mv.target, mv.cards, low=mv.low)
        else:
            arb.discard(seat, mv.cards[0])
    return arb


def _conserved(arb: ArbiterDeal) -> bool:
    return arb.card_counts() == Counter(burraco_deck())


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 100_000), st.integers(0, 60), st.integers(0, 2), st.randoms())
def test_art_25_30_31_remedies_keep_every_card_and_the_deal_goes_on(
    seed: int, k: int, which: int, rnd: random.Random
) -> None:
    """Arts. 25.1, 30, 31: after any of these rulings the 108 cards are all still there."""
    arb = arbiter_prefix(seed, k)
    if arb.is_over:
        return
    seat = arb.turn
    if which == 0 and arb.phase is Phase.DRAW:
        other = Seat.S if seat is not Seat.S else Seat.N
        arb.draw(other)
        r = arb.rule(Irregularity.OUT_OF_TURN_DRAW, other)
        assert r.next_to_act is seat and arb.turn is seat
    elif which == 1 and arb.phase is Phase.DRAW and len(arb.hand(seat)) >= 4:
        cards = rnd.sample(list(arb.hand(seat)), 3)
        arb.meld(seat, cards)
        arb.rule(Irregularity.MISSING_DRAW, seat)
        assert all(m.freeze is Freeze.TEMPORARY for m in arb.melds(seat.line)[-1:])
        x = arb.draw(seat).cards[0]
        arb.discard(seat, x)
    elif arb.phase is Phase.PLAY and arb.melds(seat.line) and len(arb.hand(seat)) >= 2:
        target = rnd.randrange(len(arb.melds(seat.line)))
        card = rnd.choice(arb.hand(seat))
        a = arb.lay_off(seat, target, [card])
        if a.problems:
            r = arb.rule(Irregularity.WRONG_LAY_OFF, seat)
            assert r.discarded == (card,) and arb.discard_pile[-1] == card
            assert arb.turn is not seat or arb.is_over
    assert _conserved(arb)
    assert arb.is_over or arb.next_to_act is not None
    assert arb.deck is not None
    again = ArbiterDeal(arb.deck, arb.dealer)
    run_script(again, arb.script())
    assert [again.hand(s) for s in Seat] == [arb.hand(s) for s in Seat]
    assert again.scores() == arb.scores() and again.discard_pile == arb.discard_pile
