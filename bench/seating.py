"""Benchmark: a modified Danish round (FIBAS art. 4) for 1,000 pairs (500 tables).

Run on demand: ``.venv/bin/python bench/seating.py``. Target: under 1 s per round.

Method: round 1 by registration order; round 2 Danish on a seeded random ranking; round 3
modified Danish on a ranking where every round-2 table's two pairs stay next to each other
(winner first by a coin flip), so plain Danish would repeat all 500 meetings of round 2. Each
scenario is seated several times; the median and worst wall-clock times are reported, and every
seating is checked: everyone seated once, no rematch of the previous round.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.movements import SeatingRequest, opponents, seat_round

RUNS = 15


def setup(pairs: int, seed: int) -> SeatingRequest:
    """The modified Danish request of round 3 (of 10) for ``pairs`` pairs."""
    rng = random.Random(seed)
    ids = tuple(range(1, pairs + 1))
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 10, EventFormat.PAIRS, ids, ids)
    )
    ranking_1 = list(ids)
    rng.shuffle(ranking_1)
    second = seat_round(
        SeatingRequest(Movement.DANISH, 2, 10, EventFormat.PAIRS, ids, tuple(ranking_1), (first,))
    )
    ranking_2: list[int] = []
    for table in second.tables:
        lines = [line[0] for line in table.lines]
        if rng.random() < 0.5:
            lines.reverse()
        ranking_2.extend(lines)
    return SeatingRequest(
        Movement.MODIFIED_DANISH, 3, 10, EventFormat.PAIRS, ids, tuple(ranking_2), (first, second)
    )


def check(request: SeatingRequest, seating: Seating) -> None:
    """Everyone seated once; nobody meets last round's opponent (art. 4)."""
    assert sorted(seating.competitors()) == sorted(request.competitors)
    met = opponents(request.history[-1])
    for table in seating.tables:
        if table.ns and table.ew:
            assert table.ew[0] not in met[table.ns[0]], table


def bench(label: str, pairs: int, seed: int) -> float:
    """Time ``RUNS`` seatings of the scenario; print median and worst; return the worst."""
    request = setup(pairs, seed)
    danish = seat_round(
        SeatingRequest(
            Movement.DANISH,
            3,
            10,
            EventFormat.PAIRS,
            request.competitors,
            request.ranking,
            request.history,
        )
    )
    met = opponents(request.history[-1])
    rematches = sum(1 for t in danish.tables if t.ns and t.ew and t.ew[0] in met[t.ns[0]])
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        seating = seat_round(request)
        times.append(time.perf_counter() - start)
        check(request, seating)
    print(
        f"{label:<34} plain Danish rematches {rematches:>4}   "
        f"median {statistics.median(times) * 1000:7.1f} ms   worst {max(times) * 1000:7.1f} ms"
    )
    return max(times)


def main() -> int:
    """Run the scenarios; exit 1 if any worst time is over 1 s."""
    print(f"modified Danish, {RUNS} runs each, Python {sys.version.split()[0]}")
    worst = max(
        bench("1,000 pairs (500 tables), seed 1", 1000, 1),
        bench("1,000 pairs (500 tables), seed 2", 1000, 2),
        bench("999 pairs (499 tables + rest)", 999, 3),
    )
    print("target: under 1 s —", "met" if worst < 1 else "MISSED")
    return 0 if worst < 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
