"""Benchmark: standings of a 1,000-pair, 10-round event, and replaying its event file.

Method: build the event in memory through the domain's commands (1,000 pairs; round 1 by
draw, rounds 2-10 modified Danish; random plausible 2-deal sheets; seed 1), export it as an
event file, then time (best and median of N runs, time.perf_counter):
  1. standings after round 10 from the folded state;
  2. replay: parse + validate the event file (JSON Schema), fold the records, standings;
  3. import: the same file stored into a new SQLite database (append-only records) and
     replayed from the database, standings included.
Targets (issue 2): standings < 0.2 s; replaying the event file < 3 s.
Run: .venv/bin/python bench/events.py
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from arbitro.services.demo import random_deal
from arbitro.services.event_file import import_event, parse_event_file
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.tournament.standings.standings import standings

PAIRS, ROUNDS = 1000, 10


def build() -> tuple[EventState, list[Record]]:
    now = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
    config = EventConfig(
        "Bench",
        EventFormat.PAIRS,
        ROUNDS,
        (2,) * ROUNDS,
        (Movement.DRAW,) + (Movement.MODIFIED_DANISH,) * (ROUNDS - 1),
        seed=1,
    )
    log = [dataclasses.replace(commands.create_event(config, now), seq=1)]
    state = EventState.replay("bench", log)

    def do(recs: Record | list[Record]) -> None:
        for r in recs if isinstance(recs, list) else [recs]:
            r = dataclasses.replace(r, seq=len(log) + 1)
            log.append(r)
            state.apply(r)

    for i in range(PAIRS):
        do(commands.register(state, f"Coppia {i + 1}", [], now))
    rng = random.Random(1)
    for rnd in range(1, ROUNDS + 1):
        do(commands.seat(state, rnd, now))
        do(commands.publish_seating(state, rnd, now))
        for t in state.round(rnd).seating.tables:  # type: ignore[union-attr]  # every round here is seated
            if not t.is_incomplete:
                do(
                    commands.enter_sheet(
                        state, rnd, t.table, SheetEntry((random_deal(rng), random_deal(rng))), now
                    )
                )
        do(commands.publish_standings(state, rnd, now))
    return state, log


def event_file(log: list[Record]) -> dict[str, object]:
    return {
        "format": "arbitro-event-file",
        "version": 1,
        "event_id": "bench",
        "name": "Bench",
        "records": [
            {
                "seq": r.seq,
                "kind": r.kind.value,
                "payload": dict(r.payload),
                "actor": r.actor,
                "reason": r.reason,
                "recorded_at": r.at.isoformat(),
            }
            for r in log
        ],
    }


def timed(label: str, fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    print(
        f"{label:<58} best {min(times):.3f} s  median {statistics.median(times):.3f} s  ({runs} runs)"
    )
    return statistics.median(times)


def main() -> int:
    t0 = time.perf_counter()
    state, log = build()
    print(
        f"built {PAIRS} pairs x {ROUNDS} rounds: {len(log)} records in {time.perf_counter() - t0:.1f} s"
    )
    data = event_file(log)
    s = timed("standings after round 10", lambda: standings(state, ROUNDS), 7)

    def replay() -> None:
        eid, _, records = parse_event_file(data)
        standings(EventState.replay(eid, records), ROUNDS)

    r = timed("replay event file (validate + fold + standings)", replay, 3)
    with tempfile.TemporaryDirectory() as tmp:
        counter = iter(range(100))

        def imported() -> None:
            svc = EventService(RecordStore(f"sqlite:///{Path(tmp) / f'b{next(counter)}.sqlite3'}"))
            import_event(svc, data)
            standings(EventService(svc.store).state("bench"), ROUNDS)

        i = timed("import into SQLite + replay from the database + standings", imported, 3)
    ok = s < 0.2 and r < 3
    print(
        "targets: standings < 0.2 s, replay < 3 s:",
        "met" if ok else "NOT met",
        f"(import {i:.2f} s)",
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
