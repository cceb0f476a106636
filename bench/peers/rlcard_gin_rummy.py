"""Peer benchmark: complete gin rummy games by random agents in rlcard (run in its own venv).

Method: ``rlcard.make("gin-rummy", config={"seed": s})`` with two ``RandomAgent``s, then
``env.run(is_training=False)`` for seeds 0..N-1; we count games per second of CPU time
(time.process_time, one core) after a short warm-up, and the players' actions per second (each
trajectory is state, action, state, ...: half its length, rounded down, is that player's
actions). Run:
  bench/peers/setup_rlcard.sh && bench/peers/.venv-rlcard/bin/python bench/peers/rlcard_gin_rummy.py
"""

from __future__ import annotations

import argparse
import json
import time

import rlcard
from rlcard.agents import RandomAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    env = rlcard.make("gin-rummy", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    for _ in range(5):
        env.run(is_training=False)
    steps = 0
    t0, w0 = time.process_time(), time.perf_counter()
    for s in range(args.games):
        env.seed(s)
        trajectories, _ = env.run(is_training=False)
        steps += sum(len(t) // 2 for t in trajectories)
    cpu, wall = time.process_time() - t0, time.perf_counter() - w0
    print(
        json.dumps(
            {
                "engine": "rlcard gin-rummy (random agents)",
                "games": args.games,
                "games_per_s_cpu": round(args.games / cpu, 1),
                "games_per_s_wall": round(args.games / wall, 1),
                "actions_per_game": round(steps / args.games, 1),
                "actions_per_s_cpu": round(steps / cpu),
            }
        )
    )


if __name__ == "__main__":
    main()
