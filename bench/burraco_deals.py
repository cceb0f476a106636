"""Benchmark: complete four-handed Burraco deals played by the random bot, in deals per second.

Method: for seeds 0..N-1, ``Deal.shuffled(random.Random(seed))`` (shuffle, cut, layout of
art. 6), then four ``RandomBot``s play it to its end (each move drawn uniformly from
``Deal.legal_moves()`` and applied with ``Deal.push``, which validates it), then
``Deal.scores()``. One process, one core; we report deals per second of CPU time
(time.process_time) and of wall time, best of ``--repeat`` runs, plus moves per deal and how
deals ended. The same for the greedy bot. ``--check`` instead plays 10,000 random deals with
the property checks of the test suite (108 cards conserved, scores consistent), as
tests/games/burraco/test_properties.py does in ten chunks of 1,000.
Actions per second: the moves applied (each draw, pick-up, meld, lay-off, discard is one
``Deal.push``) per second of CPU time.
``--peer`` also runs, in the same run and after the Burraco figures, the two peer engines,
each from its own venv: rlcard gin rummy with random agents (Python;
bench/peers/setup_rlcard.sh) and OpenSpiel's gin_rummy with random players (C++ behind
pybind11; bench/peers/setup_openspiel.sh), each reporting games and actions per second of CPU
time; the ratios of the Burraco random bot to each are printed too (same run, same load).
Target (issue 3): at least 200 complete deals per second.
The load average is printed too: figures taken on a busy machine are lower bounds.
Run: .venv/bin/python bench/burraco_deals.py [--deals 1000] [--check] [--peer [--peer-games 300]]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from arbitro.cards import burraco_deck
from arbitro.games.burraco import Deal, GreedyBot, RandomBot, play_deal, score_table
from arbitro.games.burraco.bots import Bot

HERE = Path(__file__).resolve().parent


def run(n: int, bot: Bot[Deal], start: int = 0) -> dict[str, object]:
    """Play ``n`` deals with four copies of ``bot``; time them."""
    bots = [bot] * 4
    moves, ends = 0, Counter[str]()  # moves: the actions applied
    c0, w0 = time.process_time(), time.perf_counter()
    for seed in range(start, start + n):
        rng = random.Random(seed)
        deal = play_deal(Deal.shuffled(rng), bots, rng)
        deal.scores()
        moves += len(deal.moves)
        ends[deal.end_reason.value if deal.end_reason else "?"] += 1
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return {
        "deals": n,
        "deals_per_s_cpu": round(n / cpu, 1),
        "deals_per_s_wall": round(n / wall, 1),
        "moves_per_deal": round(moves / n, 1),
        "actions_per_s_cpu": round(moves / cpu),
        "ends": dict(ends),
    }


def check(n: int) -> None:
    """The suite's property test at full size: n random deals end, conserve, score right."""
    deck = Counter(burraco_deck())
    bots = [RandomBot()] * 4
    t0 = time.perf_counter()
    for seed in range(n):
        rng = random.Random(seed)
        deal = play_deal(Deal.shuffled(rng), bots, rng)
        assert deal.end_reason is not None, seed
        assert deal.card_counts() == deck, seed
        scores = deal.scores()
        assert scores == score_table(deal.positions()), seed
        for line, sc in scores.items():
            assert sc.total == sc.base + sc.points and sc.total % 5 == 0, seed
            closed = deal.closer is not None and deal.closer.line is line
            assert (sc.closing_bonus > 0) is closed, seed
    print(f"check: {n} random deals OK in {time.perf_counter() - t0:.1f} s")


PEERS = {
    "rlcard_gin_rummy": ("rlcard_gin_rummy.py", ".venv-rlcard", "setup_rlcard.sh"),
    "openspiel_gin_rummy": ("openspiel_gin_rummy.py", ".venv-openspiel", "setup_openspiel.sh"),
}


def peer(name: str, games: int) -> dict[str, object]:
    """Run the peer ``name`` (a key of :data:`PEERS`) in its own venv: its JSON line, or what
    is missing."""
    script, venv, setup = PEERS[name]
    py = HERE / "peers" / venv / "bin" / "python"
    if not py.exists():
        print(f"peer venv missing: run bench/peers/{setup}", file=sys.stderr)
        return {"missing": f"bench/peers/{setup}"}
    out = subprocess.run(
        [str(py), str(HERE / "peers" / script), "--games", str(games)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return result


def ratios(burraco: dict[str, object], other: dict[str, object]) -> dict[str, float]:
    """Burraco random bot ÷ a peer: deals/s over games/s, actions/s over actions/s (CPU)."""
    out: dict[str, float] = {}
    for ours, theirs, key in (
        ("deals_per_s_cpu", "games_per_s_cpu", "deals_per_s_over_games_per_s"),
        ("actions_per_s_cpu", "actions_per_s_cpu", "actions_per_s_ratio"),
    ):
        a, b = burraco.get(ours), other.get(theirs)
        if isinstance(a, int | float) and isinstance(b, int | float) and b:
            out[key] = round(a / b, 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--check-deals", type=int, default=10_000)
    parser.add_argument("--peer", action="store_true", help="run both peer engines too")
    parser.add_argument("--peer-games", type=int, default=300)
    args = parser.parse_args()
    if args.check:
        check(args.check_deals)
        return
    run(50, RandomBot())  # warm-up
    best = max(
        (run(args.deals, RandomBot()) for _ in range(args.repeat)),
        key=lambda r: float(r["deals_per_s_cpu"]),  # type: ignore[arg-type]  # the row's values are printed figures
    )
    greedy = run(max(args.deals // 5, 1), GreedyBot())
    report: dict[str, object] = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "random_bot": best,
        "greedy_bot": greedy,
        "target_deals_per_s": 200,
    }
    if args.peer:
        peers = {name: peer(name, args.peer_games) for name in PEERS}
        report["peers"] = peers
        report["burraco_vs_peers"] = {name: ratios(best, row) for name, row in peers.items()}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
