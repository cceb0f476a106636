"""Peer benchmark: complete gin rummy games by random players in OpenSpiel (run in its own venv).

OpenSpiel's ``gin_rummy`` is C++ (pyspiel, pybind11); the players' loop is Python, as for the
Burraco bots and rlcard's agents. Method: ``pyspiel.load_game("gin_rummy")`` (default
parameters: 10-card hands, knock at 10, gin and undercut bonuses 25); for seeds 0..N-1 a
``random.Random(seed)`` plays a game from ``new_initial_state()`` to its end: at a chance node
(the deal, each draw from the stock) an outcome drawn by its probability, else an action drawn
uniformly from ``legal_actions()``, applied with ``apply_action`` (which the engine checks).
We count games and the players' actions (decisions; the chance outcomes apart) per second of
CPU time (time.process_time, one core) after a short warm-up, and of wall time. Run:
  bench/peers/setup_openspiel.sh && bench/peers/.venv-openspiel/bin/python \
      bench/peers/openspiel_gin_rummy.py --games 300
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import pyspiel


def play(game: Any, rng: random.Random) -> tuple[int, int]:
    """One game by random players: (players' actions, chance outcomes)."""
    state = game.new_initial_state()
    actions = chances = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights=probs)[0])
            chances += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions, chances


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    game = pyspiel.load_game("gin_rummy")
    for seed in range(5):  # warm-up
        play(game, random.Random(-1 - seed))
    actions = chances = 0
    t0, w0 = time.process_time(), time.perf_counter()
    for seed in range(args.games):
        a, c = play(game, random.Random(seed))
        actions += a
        chances += c
    cpu, wall = time.process_time() - t0, time.perf_counter() - w0
    print(
        json.dumps(
            {
                "engine": f"OpenSpiel {pyspiel.__version__} gin_rummy, C++ (random players)"
                if hasattr(pyspiel, "__version__")
                else "OpenSpiel gin_rummy, C++ (random players)",
                "games": args.games,
                "games_per_s_cpu": round(args.games / cpu, 1),
                "games_per_s_wall": round(args.games / wall, 1),
                "actions_per_game": round(actions / args.games, 1),
                "actions_per_s_cpu": round(actions / cpu),
                "chance_outcomes_per_game": round(chances / args.games, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
