"""A perft-like property test (issue 15): random games by any bots, replayed from their
records and from their position strings, give the same positions and scores at every card
(seed 001, arts. 3-8, 10); pop takes every card back to the deal."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.games.briscola import PLAY_ORDER, Game, GameRecord, GreedyBot, RandomBot, Seat


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    dealer=st.sampled_from(list(Seat)),
    greedy=st.lists(st.booleans(), min_size=4, max_size=4),
    stop=st.integers(min_value=0, max_value=40),
    ruling=st.booleans(),
)
def test_records_and_position_strings_replay_to_the_same_positions(
    seed: int, dealer: Seat, greedy: list[bool], stop: int, ruling: bool
) -> None:
    """Every position of a game reads back from its string to the same string, legal moves
    and turn (arts. 3-5, 7); the record replays through the same positions to the same result
    (art. 8, with an art. 10 ruling after ``stop`` cards if ``ruling``); pop undoes it all."""
    rng = random.Random(seed)
    g = Game.shuffled(rng, dealer)
    bots = {s: GreedyBot() if gr else RandomBot() for s, gr in zip(PLAY_ORDER, greedy, strict=True)}
    seen = [str(g)]
    while not g.is_over:
        if ruling and len(g.moves) == stop:
            g.declare_irregularity(g.turn, "communication", "n. 3")
            seen[-1] = str(g)
            break
        g.push(bots[g.turn].choose(g, rng))
        text = str(g)
        h = Game.from_position(text)
        assert str(h) == text and h.turn is g.turn and h.legal_moves() == g.legal_moves()
        assert h.is_over is g.is_over
        seen.append(text)
    record = GameRecord.from_json(GameRecord.from_game(g).to_json())
    positions: list[str] = []
    again = record.replay(visit=lambda n, seat, move, game: positions.append(str(game)))
    if g.irregularity is None:
        assert positions == seen[1:]
    assert str(again) == str(g) and again.result() == g.result()
    h = Game.from_position(str(g))
    assert h.outcome() == g.outcome() and h.result() == g.result()
    for before in reversed(seen[:-1]):
        g.pop()
        assert str(g) == before
