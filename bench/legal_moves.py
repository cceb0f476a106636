"""Benchmark: every game's ``legal_moves`` over random reachable positions (issue 32).

The digital tables offer a player the legal moves at once: the goal is ``legal_moves`` within
50 ms at the 99th percentile over 10,000 random positions per game.

Method (one process, CPU time of the process, ``time.process_time_ns``, so that the other jobs
of a shared machine do not count; wall time ``time.perf_counter_ns`` reported beside it):

1. Positions. For each game (Burraco FIBAS, Burraco Parole, Scala 40, Briscola), deals from
   seeds 0, 1, 2... are played by a sampling player that picks up the discard pile often
   (35% of the times it may: hands of 20 cards and more late in a deal), plays a Scala 40
   opening whenever it has one (only an opened player may pick up, art. 6), else mostly
   discards (85%) and otherwise plays a move of the game's bot list (``bot_moves``, or
   ``legal_moves`` for Briscola); each position on the way is kept (a ``copy``) with
   probability ``--rate``, until ``--positions`` are kept (10,000 by default, 300 with
   ``--quick``).
2. Each kept position's ``legal_moves()`` is timed once (the engine's caches warm as they are
   in a server that keeps playing); p50, p99 and max in milliseconds, the largest hand seen
   and the most moves listed.
3. The floor, measured in the same run on the same positions: the time to ``copy`` the
   position (what any move on it costs at least); each figure is also given as a ratio to the
   floor's median.
4. Burraco Parole's full list can be huge (tens of thousands of plays for a hand of 20), so
   its phone asks for ``moves_but_plays()`` (timed at every position) and, as the player taps
   cards, ``selection(selected)`` (the plays of exactly those cards, the discard of one card,
   and whether a play can still hold them, ``could_play``): at each play-phase position a
   random order of 1 to 12 hand cards is tapped, each tap timed, stopping at the first
   selection no play can hold; ``plays_with`` of the whole hand but one card is timed too.
   ``--skip-full`` leaves out the full ``legal_moves`` (its tail is seconds for Parole).
5. ``--large`` (Burraco Parole): the large selections instead of the taps, at each play-phase
   position whose hand has 6 cards or more: one selection of 6 cards to the whole hand
   without a wild (the hand's letters only) and, where the hand holds a jolly or a pinella,
   one of 6 cards to the whole hand holding one wild (the rest drawn from the whole hand, so
   a second wild may come too); each timed as ``plays_with`` (the plays of exactly those
   cards, arts. 4.1, 4.4) and as ``selection`` (what the phone asks, with ``could_play``).

Burraco Parole uses the real Italian dictionary (Hunspell, ``italian()``); its affix rules are
read once before timing. Run: .venv/bin/python bench/legal_moves.py [--quick] [--positions N]
[--game burraco|parole|scala40|briscola] [--skip-full] [--large] [--worst N] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol


class Position(Protocol):
    """What the bench asks of a game's position."""

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def push(self, move: Any) -> None: ...

    def copy(self) -> Position: ...


@dataclass(frozen=True)
class GameSpec:
    """One game: how to deal it from a seed, and its hand size (for the report)."""

    name: str
    deal: Callable[[random.Random], Position]
    hand_size: Callable[[Position], int]


def _burraco() -> GameSpec:
    from arbitro.games.burraco import Deal

    def size(p: Any) -> int:
        return int(p._tally[p._turn].size)

    return GameSpec("burraco", lambda rng: Deal.shuffled(rng), size)


def _parole() -> GameSpec:
    from arbitro.games.parole import Deal
    from arbitro.lexicon.hunspell import italian

    lexicon = italian()
    list(lexicon.spellable({"A": 1}, ()))  # reads the affix rules once, before timing
    list(lexicon.spellable({"A": 1}, (), {"A": 1}))  # and their index by reachable letters
    list(lexicon.spelled_by({"A": 1}, ()))  # and the cores by their letters (anagram lookup)

    def size(p: Any) -> int:
        return int(p._sizes[p._turn])

    return GameSpec("parole", lambda rng: Deal.shuffled(rng, lexicon=lexicon), size)


def _scala40() -> GameSpec:
    from arbitro.games.scala40 import Deal

    def size(p: Any) -> int:
        return int(p._sizes[p._turn])

    return GameSpec("scala40", lambda rng: Deal.shuffled(rng), size)


def _briscola() -> GameSpec:
    from arbitro.games.briscola import Game

    def size(p: Any) -> int:
        return len(p._hands[p._turn])

    return GameSpec("briscola", lambda rng: Game.shuffled(rng), size)


GAMES: dict[str, Callable[[], GameSpec]] = {
    "burraco": _burraco,
    "parole": _parole,
    "scala40": _scala40,
    "briscola": _briscola,
}


def _choose(p: Any, rng: random.Random) -> Any:
    """The sampling player's move: a Scala 40 opening when it has one, the pile often, else
    mostly a discard (so that hands grow)."""
    moves = p.bot_moves() if hasattr(p, "bot_moves") else p.legal_moves()
    by_kind: dict[str, list[Any]] = {}
    for m in moves:
        by_kind.setdefault(getattr(getattr(m, "kind", None), "name", ""), []).append(m)
    if "OPEN" in by_kind:  # Scala 40: only an opened player may pick up (art. 6)
        return by_kind["OPEN"][0]
    pick = by_kind.get("PICK_UP")
    if pick and rng.random() < 0.35:
        return pick[0]
    discards = by_kind.get("DISCARD")
    if discards and rng.random() < 0.85:
        return rng.choice(discards)
    return rng.choice(list(moves))


def positions(spec: GameSpec, n: int, rate: float, seed: int) -> list[Position]:
    """``n`` positions kept along deals played from seeds ``seed``, ``seed + 1``..."""
    out: list[Position] = []
    s = seed
    while len(out) < n:
        rng = random.Random(s)
        p = spec.deal(rng)
        for _ in range(5_000):
            if p.is_over or len(out) >= n:
                break
            if rng.random() < rate:
                out.append(p.copy())
            p.push(_choose(p, rng))
        s += 1
    return out


def _q(xs: list[float], f: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(f * len(ys)))]


def measure(
    spec: GameSpec, ps: list[Position], full: bool = True, worst: int = 0, large: bool = False
) -> dict[str, Any]:
    """Time ``legal_moves`` (unless not ``full``: then its figures are zero) and the floor
    (``copy``) on every position of ``ps``; ``worst``: Parole's slowest taps (or large
    selections) kept; ``large``: Parole's large selections instead of the taps."""
    cpu: list[float] = []
    wall: list[float] = []
    floor: list[float] = []
    most = 0
    biggest = 0
    gc.collect()
    gc.disable()
    try:
        for p in ps:
            t0, w0 = time.process_time_ns(), time.perf_counter_ns()
            moves = p.legal_moves() if full else ()
            t1, w1 = time.process_time_ns(), time.perf_counter_ns()
            p.copy()
            t2 = time.process_time_ns()
            cpu.append((t1 - t0) / 1e6)
            wall.append((w1 - w0) / 1e6)
            floor.append((t2 - t1) / 1e6)
            most = max(most, len(moves))
            biggest = max(biggest, spec.hand_size(p))
    finally:
        gc.enable()
    base = max(statistics.median(floor), 1e-6)
    return {
        "game": spec.name,
        "positions": len(ps),
        "largest_hand": biggest,
        "most_moves": most,
        "cpu_ms": {"p50": _q(cpu, 0.5), "p99": _q(cpu, 0.99), "max": max(cpu)},
        "wall_ms": {"p50": _q(wall, 0.5), "p99": _q(wall, 0.99), "max": max(wall)},
        "floor_ms_p50": base,
        "ratio_to_floor": {
            "p50": _q(cpu, 0.5) / base,
            "p99": _q(cpu, 0.99) / base,
            "max": max(cpu) / base,
        },
        "over_50ms": sum(1 for x in cpu if x > 50),
        **(_large(ps, worst) if large else _partial(ps, base, worst)),
    }


def _figures(xs: list[float]) -> dict[str, Any]:
    if not xs:
        return {"calls": 0}
    return {
        "calls": len(xs),
        "cpu_ms": {"p50": _q(xs, 0.5), "p99": _q(xs, 0.99), "max": max(xs)},
        "over_50ms": sum(1 for x in xs if x > 50),
    }


def _large(ps: list[Position], worst: int = 0) -> dict[str, Any]:
    """Burraco Parole's large selections (issue 32): at each play-phase position of a hand of
    6 cards or more, a selection of 6 cards to the whole hand of its letters only, and one
    holding a wild where the hand has one (see the module's doc, 5.); each timed as
    ``plays_with`` and as ``selection``, by kind. ``worst``: the slowest kept."""
    times: dict[str, list[float]] = {}
    slow: list[tuple[float, str, str, list[Any]]] = []
    sizes: list[int] = []
    rng = random.Random(7)
    gc.disable()
    try:
        for p in ps:
            if getattr(p, "selection", None) is None:
                continue
            phase = getattr(p, "_phase", None)
            if phase is None or phase.name != "PLAY":
                continue
            hand = list(p.hand(p.turn))  # type: ignore[attr-defined]
            if len(hand) < 6:
                continue
            wild = [x for x in hand if x in "?!"]
            letters = [x for x in hand if x not in "?!"]
            picks: list[tuple[str, list[Any]]] = []
            if len(letters) >= 6:
                picks.append(("letters", rng.sample(letters, rng.randint(6, len(letters)))))
            if wild:
                one = rng.choice(wild)
                others = list(hand)
                others.remove(one)
                picks.append(("wild", [one, *rng.sample(others, rng.randint(5, len(others)))]))
            for kind, cards in picks:
                sizes.append(len(cards))
                for what in ("plays_with", "selection"):
                    t0 = time.process_time_ns()
                    getattr(p, what)(cards)
                    ms = (time.process_time_ns() - t0) / 1e6
                    times.setdefault(f"{what} {kind}", []).append(ms)
                    times.setdefault(what, []).append(ms)
                    if worst:
                        slow.append((ms, what, str(p), cards))
                        if len(slow) > 4 * worst:
                            slow = sorted(slow, key=lambda x: -x[0])[:worst]
    finally:
        gc.enable()
    if not sizes:
        return {}
    out: dict[str, Any] = {
        "large_selection": {
            "selections": len(sizes),
            "cards": {
                "min": min(sizes),
                "p50": _q([float(x) for x in sizes], 0.5),
                "max": max(sizes),
            },
            **{k: _figures(v) for k, v in sorted(times.items())},
        }
    }
    if worst:
        out["worst_taps"] = [
            {"cpu_ms": ms, "position": pos, "cards": "".join(cards), "call": what}
            for ms, what, pos, cards in sorted(slow, key=lambda x: -x[0])[:worst]
        ]
    return out


def _partial(ps: list[Position], base: float, worst: int = 0) -> dict[str, Any]:
    """Burraco Parole's phone path (issue 32), where the game has it: ``moves_but_plays()``
    at every position (draw, pick up, the discards), and at each play-phase position the
    player's taps: a random order of 1 to 12 hand cards (never the whole hand), each tap
    asking ``selection(selected)`` (the plays of exactly those cards, the discard of one card,
    and ``could_play``: can a play still hold them); ``plays_with`` of the whole hand but one
    card (the largest selection a play may take) is timed as before. ``worst``: the slowest
    taps kept (the position's notation and the cards tapped) to be profiled (``--worst``)."""
    taps: list[float] = []
    slow: list[tuple[float, str, list[Any]]] = []
    whole: list[float] = []
    rest: list[float] = []
    dead = 0
    rng = random.Random(7)
    gc.disable()
    try:
        for p in ps:
            check = getattr(p, "selection", None)
            if check is None:
                continue
            t0 = time.process_time_ns()
            p.moves_but_plays()  # type: ignore[attr-defined]
            rest.append((time.process_time_ns() - t0) / 1e6)
            phase = getattr(p, "_phase", None)
            if phase is None or phase.name != "PLAY":
                continue
            hand = list(p.hand(p.turn))  # type: ignore[attr-defined]
            if len(hand) < 2:
                continue
            order = rng.sample(hand, rng.randint(1, min(12, len(hand) - 1)))
            for k in range(1, len(order) + 1):
                t0 = time.process_time_ns()
                offer = check(order[:k])
                taps.append((time.process_time_ns() - t0) / 1e6)
                if worst:
                    slow.append((taps[-1], str(p), order[:k]))
                    if len(slow) > 4 * worst:
                        slow = sorted(slow, key=lambda x: -x[0])[:worst]
                if not offer.grows:
                    dead += 1
                    break  # the phone says no play holds these cards: the player untaps
            t0 = time.process_time_ns()
            p.plays_with(hand[1:])  # type: ignore[attr-defined]
            whole.append((time.process_time_ns() - t0) / 1e6)
    finally:
        gc.enable()
    if not taps:
        return {}
    out: dict[str, Any] = {}
    if worst:
        out["worst_taps"] = [
            {"cpu_ms": ms, "position": pos, "cards": "".join(cards)}
            for ms, pos, cards in sorted(slow, key=lambda x: -x[0])[:worst]
        ]
    return out | {
        "selection_per_tap": {
            "calls": len(taps),
            "cannot_grow": dead,
            "cpu_ms": {"p50": _q(taps, 0.5), "p99": _q(taps, 0.99), "max": max(taps)},
            "ratio_to_floor_p99": _q(taps, 0.99) / base,
            "over_50ms": sum(1 for x in taps if x > 50),
        },
        "plays_with_hand_but_one": {
            "calls": len(whole),
            "cpu_ms": {"p50": _q(whole, 0.5), "p99": _q(whole, 0.99), "max": max(whole)},
            "over_50ms": sum(1 for x in whole if x > 50),
        },
        "moves_but_plays": {
            "calls": len(rest),
            "cpu_ms": {"p50": _q(rest, 0.5), "p99": _q(rest, 0.99), "max": max(rest)},
            "over_50ms": sum(1 for x in rest if x > 50),
        },
    }


def main() -> None:
    """Run the bench and print one line per game (or JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="300 positions per game")
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--rate", type=float, default=0.2, help="chance a position is kept")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--game", choices=sorted(GAMES), action="append")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--skip-full", action="store_true", help="time the phone's path only (Parole)")
    ap.add_argument(
        "--worst", type=int, default=0, help="write Parole's N slowest taps (position, cards)"
    )
    ap.add_argument(
        "--large",
        action="store_true",
        help="Parole: selections of 6 cards to the whole hand, with and without a wild",
    )
    a = ap.parse_args()
    n = 300 if a.quick else a.positions
    out: dict[str, Any] = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {platform.processor() or platform.machine()}",
        "python": platform.python_version(),
        "games": [],
    }
    for name in a.game or list(GAMES):
        spec = GAMES[name]()
        t0 = time.perf_counter()
        ps = positions(spec, n, a.rate, a.seed)
        made = time.perf_counter() - t0
        r = measure(spec, ps, full=not a.skip_full, worst=a.worst, large=a.large)
        r["positions_made_s"] = round(made, 1)
        out["games"].append(r)
        if not a.json:
            c, f = r["cpu_ms"], r["ratio_to_floor"]
            print(
                f"{name:9} n={r['positions']} hand<={r['largest_hand']} moves<={r['most_moves']}"
                f" | CPU ms p50 {c['p50']:.2f} p99 {c['p99']:.2f} max {c['max']:.2f}"
                f" | wall p99 {r['wall_ms']['p99']:.2f} | floor {r['floor_ms_p50']:.4f} ms"
                f" | x floor p50 {f['p50']:.0f} p99 {f['p99']:.0f} | >50ms {r['over_50ms']}",
                flush=True,
            )
            for key, label in (
                ("selection_per_tap", "selection() per tap"),
                ("plays_with_hand_but_one", "plays_with(hand but one)"),
                ("moves_but_plays", "moves_but_plays()"),
            ):
                if key in r:
                    c = r[key]["cpu_ms"]
                    print(
                        f"{'':9} {label}: {r[key]['calls']} calls"
                        f" | CPU ms p50 {c['p50']:.2f} p99 {c['p99']:.2f} max {c['max']:.2f}"
                        f" | >50ms {r[key]['over_50ms']}",
                        flush=True,
                    )
            big = r.get("large_selection")
            if big:
                c = big["cards"]
                print(
                    f"{'':9} large selections: {big['selections']}"
                    f" of {c['min']} to {c['max']} cards (median {c['p50']:.0f})",
                    flush=True,
                )
                for key, fig in big.items():
                    if key in ("selections", "cards") or not fig.get("calls"):
                        continue
                    c = fig["cpu_ms"]
                    print(
                        f"{'':9} {key}: {fig['calls']} calls"
                        f" | CPU ms p50 {c['p50']:.2f} p99 {c['p99']:.2f} max {c['max']:.2f}"
                        f" | >50ms {fig['over_50ms']}",
                        flush=True,
                    )
            for w in r.get("worst_taps", ()):
                print(
                    f"{'':9} slow {w.get('call', 'tap')} {w['cpu_ms']:.2f} ms:"
                    f" {w['cards']} at {w['position']}"
                )
    if a.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
