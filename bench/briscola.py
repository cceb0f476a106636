"""Benchmark: complete Briscola games (seed 001) played by the random bot, in games per second.

Method: for seeds 0..N-1, a ``random.Random(seed)`` shuffles and cuts the 40 cards (art. 2),
the game is laid out (art. 3) and four random bots play it to its end: every card is drawn
uniformly from the hand and applied with ``Game.push``, which checks it is in hand (art. 4),
wins the trick (art. 5), draws (arts. 4, 7) and counts points (art. 8); then ``Game.result``.
Two paths are timed: ``play_random_game`` (the engine's fast loop) and ``play_game`` with four
``RandomBot`` objects (the engine core's bot protocol and ``play_out``). One process, one
core; we report games per second of CPU time (time.process_time) and of wall time, best of
``--repeat`` runs. The greedy bot (the core's ``GreedyBot`` with Briscola's value hook) and
the draw for the dealer (art. 1) are timed too. ``--check`` instead plays 10,000 random games
with the property checks of the test suite (40 cards, 120 points, 10 tricks).
Target (issue 8): 5,000+ complete games per second by the random bot on one core.
Run: .venv/bin/python bench/briscola.py [--games 5000] [--repeat 3] [--check]
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime

from arbitro.cards.italian import ALL_CARDS
from arbitro.games.briscola import (
    Game,
    GreedyBot,
    Pair,
    RandomBot,
    draw_for_dealer,
    play_game,
    play_random_game,
)


def _time(n: int, one: Callable[[int], object]) -> dict[str, float]:
    c0, w0 = time.process_time(), time.perf_counter()
    for seed in range(n):
        one(seed)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return {"n": n, "per_s_cpu": round(n / cpu, 1), "per_s_wall": round(n / wall, 1)}


def fast(seed: int) -> None:
    play_random_game(random.Random(seed)).result()


_RANDOM = [RandomBot()] * 4
_GREEDY = [GreedyBot()] * 4


def generic(seed: int) -> None:
    rng = random.Random(seed)
    play_game(Game.shuffled(rng), _RANDOM, rng).result()


def greedy(seed: int) -> None:
    rng = random.Random(seed)
    play_game(Game.shuffled(rng), _GREEDY, rng).result()


def dealer_draw(seed: int) -> None:
    draw_for_dealer(random.Random(seed))


def check(n: int) -> None:
    """The suite's property test at full size: n random games end, conserve, score right."""
    deck = Counter(ALL_CARDS)
    t0 = time.perf_counter()
    wins: Counter[str] = Counter()
    for seed in range(n):
        g = play_random_game(random.Random(seed))
        assert g.is_over and len(g.tricks) == 10 and g.card_counts() == deck, seed
        r = g.result()
        assert r.points[Pair.NS] + r.points[Pair.EW] == 120, seed
        assert r.points[r.winner] >= 61 or (r.tie and r.winner is r.last_trick), seed
        wins["tie" if r.tie else r.winner.value] += 1
    print(f"check: {n} random games OK in {time.perf_counter() - t0:.1f} s; {dict(wins)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--check-games", type=int, default=10_000)
    args = parser.parse_args()
    if args.check:
        check(args.check_games)
        return
    _time(200, fast)  # warm-up

    def best(one: Callable[[int], object], n: int) -> dict[str, float]:
        return max((_time(n, one) for _ in range(args.repeat)), key=lambda r: r["per_s_cpu"])

    report: dict[str, object] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "random_bot_fast_games": best(fast, args.games),
        "random_bot_games": best(generic, args.games),
        "greedy_bot_games": _time(max(args.games // 5, 1), greedy),
        "dealer_draws": _time(args.games, dealer_draw),
        "target_games_per_s": 5000,
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
