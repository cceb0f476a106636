"""Benchmark: the fold alone (``EventState.replay`` of a log held in memory) of an N-pair,
10-round event, against ``json.loads`` of the same log's event file measured in the same run
(issue 14; issue 30: the fold as one function per record kind must stay as fast).

Method: build the event in memory through the domain's commands (as ``bench/events.py``:
round 1 by draw, rounds 2-10 modified Danish, random 2-deal sheets, seed 1); then time, in
CPU (``time.process_time``) with the cyclic collector paused, ``json.loads`` of the event
file's text (the floor) and ``EventState.replay`` of the records (each sheet parsed by the
game's kind, every record folded), in interleaved pairs; the ratio is the median of the pairs'
ratios; the creation and the registrations alone are timed too (the
``competitor-registered`` fast path), then the whole log (mostly ``sheet-entered``).
Run: .venv/bin/python bench/fold.py [PAIRS] [--pairs-timed N]   (default: 4000, 7)
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from arbitro.services.demo import played_log
from arbitro.tournament.event import EventState
from arbitro.tournament.records import CompetitorRegistered, EventCreated, Record, SheetEntered

ROUNDS = 10


def file_text(log: Sequence[Record]) -> str:
    """The log as an event file's JSON text (what ``json.loads`` reads as the floor)."""
    return json.dumps(
        {
            "records": [
                {
                    "seq": r.seq,
                    "kind": r.kind.value,
                    "payload": r.payload,
                    "actor": r.actor,
                    "reason": r.reason,
                    "recorded_at": r.at.isoformat(),
                }
                for r in log
            ]
        }
    )


def cpu(fn: Callable[[], object]) -> float:
    """The CPU time of one call, the collector paused."""
    gc.disable()
    try:
        t0 = time.process_time()
        fn()
        return time.process_time() - t0
    finally:
        gc.enable()


def timed(name: str, log: Sequence[Record], runs: int) -> None:
    text = file_text(log)
    EventState.replay("bench", log)  # once untimed: the modules warm
    pairs = [
        (cpu(lambda: json.loads(text)), cpu(lambda: EventState.replay("bench", log)))
        for _ in range(runs)
    ]
    floor = min(f for f, _ in pairs)
    best = min(t for _, t in pairs)
    ratio = statistics.median(t / f for f, t in pairs)
    print(
        f"  {name:<34} {len(log):>7} records: json.loads {floor:.3f} s, fold {best:.3f} s "
        f"(best of {runs}) = {ratio:.2f}x json.loads (median of {runs} interleaved pairs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("pairs", type=int, nargs="?", default=4000)
    parser.add_argument("--pairs-timed", type=int, default=7)
    args = parser.parse_args()
    print(f"nproc {os.cpu_count()}, load average {os.getloadavg()}")
    t0 = time.perf_counter()
    _state, log = played_log(
        "bench", args.pairs, ROUNDS, 1, datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
    )
    sheets = sum(type(r.body) is SheetEntered for r in log)
    print(
        f"{args.pairs} pairs x {ROUNDS} rounds: {len(log)} records ({sheets} sheets), "
        f"built in {time.perf_counter() - t0:.1f} s"
    )
    registrations = [r for r in log if type(r.body) in (EventCreated, CompetitorRegistered)]
    timed("creation and registrations", registrations, args.pairs_timed)
    timed("whole log", log, args.pairs_timed)
    print(f"load average {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
