"""Property tests of whole games (arts. 3-8): 40 cards conserved, 120 points, games end."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards.italian import ALL_CARDS
from arbitro.games.briscola import (
    PLAY_ORDER,
    Game,
    GreedyBot,
    Pair,
    RandomBot,
    Seat,
    play_random_game,
)

DECK = Counter(ALL_CARDS)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    dealer=st.sampled_from(list(Seat)),
    greedy=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_art3_to_art8_every_game_conserves_cards_and_ends_with_120_points(
    seed: int, dealer: Seat, greedy: list[bool]
) -> None:
    """Any game by any bots: 40 cards at every step, 3 in hand while the stock lasts (art. 3,
    7), 10 tricks, 120 points, the winner has 61 or won the last trick at 60 (art. 8)."""
    rng = random.Random(seed)
    g = Game.shuffled(rng, dealer)
    bots = {s: GreedyBot() if gr else RandomBot() for s, gr in zip(PLAY_ORDER, greedy, strict=True)}
    moves = 0
    while not g.is_over:
        assert g.card_counts() == DECK
        if not g.table and g.stock_size:
            assert all(len(g.hand(s)) == 3 for s in PLAY_ORDER)
        legal = g.legal_moves()
        assert legal == g.hand(g.turn)
        g.push(bots[g.turn].choose(g, rng))
        moves += 1
    assert moves == 40 and len(g.tricks) == 10 and g.card_counts() == DECK
    r = g.result()
    assert r.points[Pair.NS] + r.points[Pair.EW] == 120
    assert r.tricks[Pair.NS] + r.tricks[Pair.EW] == 10
    assert r.points[r.winner] >= 61 or (r.tie and r.winner is r.last_trick)
    for t in g.tricks:  # art. 4: each trick's winner leads the next one
        assert t.winner in PLAY_ORDER
    for a, b in zip(g.tricks, g.tricks[1:], strict=False):
        assert b.leader is a.winner


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_fast_random_game_is_a_legal_complete_game(seed: int) -> None:
    """The benchmark's fast path plays a whole legal game: 40 cards, 120 points."""
    g = play_random_game(random.Random(seed))
    assert g.is_over and len(g.moves) == 40 and Counter(g.moves) == DECK
    assert sum(g.result().points.values()) == 120
