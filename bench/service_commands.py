"""Benchmark: the cost of running one action through the event service (issue 30: every
action a command value run by ``EventLog.run``), against appending the same record to the
store directly, in the same run.

Method: a fresh SQLite database in a temporary directory; a 200-pair event. Timed, in
``--repeats`` interleaved pairs of batches:
  0. the floor: ``--actions`` check-in records (FIBAS art. 36: a competitor marked present,
     then absent again), decided once in memory beforehand, each appended by
     ``RecordStore.append`` in a transaction of its own (what any action costs the store);
  1. the service: the same number of check-ins, one ``EventService.check_in`` call each
     (the lock, the state refreshed, the command decided, the append with the expected seq,
     the fold, the listeners).
The time of each batch is this process's CPU time (``time.process_time``: what the service
adds; the disk's waits and the other jobs of a shared machine left out). Reported: the best
and the median of each, the ratio of the service to the floor (the median of the pairs'
ratios, and best to best), ``nproc`` and the load average.
Run: .venv/bin/python bench/service_commands.py [--actions N] [--repeats K]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from arbitro.services.event_log import to_store
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import check_in
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

NOW = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
PAIRS = 200


def set_up(store: RecordStore, event_id: str) -> EventService:
    service = EventService(store, lambda: NOW)
    config = EventConfig(event_id, EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW,) * 2, seed=1)
    service.create_event(event_id, config)
    service.register_many(event_id, [(f"Coppia {n}", ()) for n in range(1, PAIRS + 1)])
    return service


def floor(store: RecordStore, service: EventService, event_id: str, actions: int) -> float:
    state = service.state(event_id)
    made = [
        to_store(r)
        for n in range(actions)
        for r in check_in(state, [n % PAIRS + 1], NOW, n // PAIRS % 2 == 0)
    ]
    start = time.process_time()
    for record in made:
        store.append(event_id, [record])
    return time.process_time() - start


def through_service(service: EventService, event_id: str, actions: int) -> float:
    start = time.process_time()
    for n in range(actions):
        service.run(event_id, values.CheckIn([n % PAIRS + 1], present=n // PAIRS % 2 == 0))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    floors: list[float] = []
    runs: list[float] = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        RecordStore.open(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}") as store,
    ):
        for k in range(args.repeats):
            base = set_up(store, f"floor{k}")
            floors.append(floor(store, base, f"floor{k}", args.actions))
            service = set_up(store, f"run{k}")
            runs.append(through_service(service, f"run{k}", args.actions))
    ratios = [r / f for r, f in zip(runs, floors, strict=True)]
    per = 1e3 / args.actions
    print(
        f"nproc {os.cpu_count()}, load {os.getloadavg()[0]:.1f}; {args.actions} actions x {args.repeats}"
    )
    print(
        f"floor (store.append): best {min(floors) * per:.3f} ms/action, median {statistics.median(floors) * per:.3f}"
    )
    print(
        f"service (check_in):   best {min(runs) * per:.3f} ms/action, median {statistics.median(runs) * per:.3f}"
    )
    print(
        f"ratio service/floor: median of pairs {statistics.median(ratios):.2f}x, best/best {min(runs) / min(floors):.2f}x"
    )


if __name__ == "__main__":
    main()
