"""Benchmark: registration, seating and the CSV import in linear time (issue 14).

Run on demand: ``.venv/bin/python bench/registration.py [--quick]``.

Targets: ``arbitro import-csv`` of 1,000 rows under 0.3 s as a whole command; registering
8,000 competitors and seating 16,000 pairs linear (the exponent fitted to log(time) against
log(n) over 4 sizes near 1).

Method, in one run (the machine's load affects every figure alike, so the ratios are the
result; ``nproc`` and the load average are printed):

- floors: ``python -c pass`` of the same interpreter, and ``arbitro import-csv`` of a 1-row
  file (the CLI's own start, the store opened, the event read), each a subprocess;
- ``arbitro import-csv`` of a 1,000-row CSV file as a whole command (subprocess, SQLite in a
  temporary directory, a new event for each run), against both floors and against the same
  1,000 registrations decided in memory (``commands.register`` and the fold) and through the
  service on SQLite in this process (``EventService.register_many``: one transaction);
- scaling, each size timed ``REPEATS`` times in CPU time (``time.process_time``, the least
  kept: the other jobs' load only ever adds to it), the exponent fitted by least squares: registrations decided in memory (1k-8k), ``register_many`` on SQLite (1k-8k), the
  XLSX file read (1k-8k), ``commands.seat`` of round 1 by draw (2k-16k pairs), of round 2 by
  the Danish system after round 1 is played (2k-16k pairs, the ranking of round 1 included),
  of round 2 by the modified Danish system (a 3-round event: round 2 is not the last, the
  top-down search runs), and ``seat_fours`` of a Scala 40 Danish round (2k-16k players);
- what the round-2 seating reads: round 1's ranking (``ranking``, the totals sorted) and,
  for comparison, round 1's standings (``_standings``, every row built, what the pages
  show), each computed afresh, with the cyclic GC on and off (is a jump the GC rescanning a
  growing heap?); the round-2 seatings' times are also given as ratios to the round-1
  seating by draw of the same size in the same run (a floor that reads no standings) and,
  for the Danish one, to ``seat_round`` alone on the same request (the issue's floor).
"""

from __future__ import annotations

import dataclasses
import gc
import io
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from arbitro.services.events import EventService
from arbitro.services.registrations import parse_registrations_csv
from arbitro.services.registrations_xlsx import parse_registrations_xlsx
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.movements import SeatingRequest, seat_round
from arbitro.tournament.movements.fours import seat_fours
from arbitro.tournament.records import Record
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.tournament.standings import standings as standings_module

NOW = datetime(2026, 11, 25, 20, 30, tzinfo=UTC)
QUICK = "--quick" in sys.argv
RUNS = 3 if QUICK else 7  # subprocess runs of each command
REPEATS = 1 if QUICK else 5  # timings of each size (the least CPU time kept)
ROWS = 1000
TARGET_CLI = 0.3  # seconds, the import-csv of 1,000 rows
TARGET_EXPONENT = 1.25  # "linear": well under the 2 of a quadratic path
BIN = Path(sys.executable).parent
PAIRS = EventConfig(
    "Serata",
    EventFormat.PAIRS,
    2,
    (2, 2),
    (Movement.DRAW, Movement.DANISH),
    seed=1,
)
MODIFIED = msgspec.structs.replace(
    PAIRS,
    rounds=3,
    deals=(2, 2, 2),
    movements=(Movement.DRAW, Movement.MODIFIED_DANISH, Movement.MODIFIED_DANISH),
)


def median_time(call: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def children_cpu() -> float:
    """The CPU time (user + system) of the finished subprocesses so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def median_cpu(call: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median wall time and the median CPU time of a call running a subprocess."""
    walls, cpus = [], []
    for _ in range(runs):
        cpu, start = children_cpu(), time.perf_counter()
        call()
        walls.append(time.perf_counter() - start)
        cpus.append(children_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def exponent(sizes: Sequence[int], times: Sequence[float]) -> float:
    """The slope of log(time) against log(n), least squares."""
    xs = [math.log(n) for n in sizes]
    ys = [math.log(max(t, 1e-9)) for t in times]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def rows(n: int) -> list[tuple[str, list[str]]]:
    return [(f"Coppia {i}", [f"Anna {i}", f"Bruno {i}"]) for i in range(1, n + 1)]


def do(state: EventState, made: Record | list[Record]) -> None:
    """Number and fold records as the service does with the store."""
    for rec in made if isinstance(made, list) else [made]:
        state.apply(dataclasses.replace(rec, seq=state.last_seq + 1))


def new_state(config: EventConfig = PAIRS) -> EventState:
    first = dataclasses.replace(commands.create_event(config, NOW), seq=1)
    return EventState.replay("bench", [first])


def register_in_memory(n: int, config: EventConfig = PAIRS) -> EventState:
    state = new_state(config)
    for name, players in rows(n):
        do(state, commands.register(state, name, players, NOW))
    return state


def register_many_sqlite(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, RecordStore.open(f"sqlite:///{tmp}/b.db") as store:
        service = EventService(store)
        service.create_event("bench", PAIRS)
        assert len(service.register_many("bench", rows(n))) == n


def xlsx_file(n: int) -> bytes:
    from openpyxl import Workbook  # type: ignore[import-untyped]  # openpyxl ships no type hints

    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Coppia", "Giocatore 1", "Giocatore 2"])
    for name, players in rows(n):
        sheet.append([name, *players])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def played_round_1(n: int, config: EventConfig = PAIRS) -> EventState:
    """``n`` pairs, round 1 seated by draw, every sheet entered, standings published."""
    state = register_in_memory(n, config)
    do(state, commands.seat(state, 1, NOW))
    do(state, commands.publish_seating(state, 1, NOW))
    seating = state.round(1).seating
    assert seating is not None
    for t in seating.tables:
        if t.is_incomplete:
            continue
        deal = DealScore(LineDeal(100, 5 * (t.table % 40)), LineDeal(0, 5 * (t.table % 7)))
        do(state, commands.enter_sheet(state, 1, t.table, SheetEntry((deal, deal), None), NOW))
    do(state, commands.publish_standings(state, 1, NOW))
    return state


def _ranking_afresh(state: EventState, after_round: int) -> object:
    """The ranking computed afresh: from the totals (``_ranking``) or, on sources without it
    (the "before" run), from the standings' rows as ``ranking`` did then."""
    lean = getattr(standings_module, "_ranking", None)
    if lean is not None:
        return lean(state, after_round)
    return [row.competitor for row in standings_module._standings(state, after_round)]


def scaling(
    label: str,
    sizes: Sequence[int],
    prepare: Callable[[int], Callable[[], object]],
    *,
    collect: bool = True,
    floor: Sequence[float] | None = None,
) -> tuple[float, list[float]]:
    """Time ``prepare(n)()`` at each size (the cyclic GC off during the call unless
    ``collect``); print the times (and their ratios to ``floor``, times of the same sizes)
    and the fitted exponent; return the exponent and the times."""
    times = []
    for n in sizes:
        timed = [0.0] * REPEATS
        for i in range(REPEATS):
            call = prepare(n)
            gc.collect()  # the garbage of the preparation is not the timed call's
            if not collect:
                gc.disable()
            try:
                start = time.process_time()
                call()
                timed[i] = time.process_time() - start
            finally:
                gc.enable()
        times.append(min(timed))
    k = exponent(sizes, times)
    shown = "  ".join(f"{n:>6,}: {t * 1000:8.1f} ms" for n, t in zip(sizes, times, strict=True))
    print(f"{label:<44} {shown}   exponent {k:4.2f}")
    if floor is not None:
        ratios = "  ".join(
            f"{n:>6,}: {t / f:8.1f}x    " for n, t, f in zip(sizes, times, floor, strict=True)
        )
        print(f"{'  over round 1 by draw':<44} {ratios}")
    return k, times


def run(args: list[str], env: dict[str, str]) -> None:
    subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL)


def cli(tmp: Path) -> tuple[tuple[float, float], ...]:
    """``python -c pass``, ``arbitro import-csv`` of a 1-row file (the CLI's start, the store
    opened, the event read: everything but the rows) and of the 1,000-row file: the median
    wall time and the median CPU time of each, in seconds."""
    db = f"sqlite:///{tmp}/cli.sqlite3"
    env = {**os.environ, "ARBITRO_DATABASE_URL": db, "ARBITRO_LANG": "en"}
    header = "nome,giocatore1,giocatore2\n"
    one, csv = tmp / "one.csv", tmp / "iscritti.csv"
    one.write_text(header + "Sola,Anna,Bruno\n", "utf-8")
    csv.write_text(
        header + "".join(f"{n},{a},{b}\n" for n, (a, b) in rows(ROWS)),
        "utf-8",
    )
    with RecordStore.open(db) as store:
        service = EventService(store)
        for i in range(2 * RUNS + 1):
            service.create_event(f"e{i}", PAIRS)
    arbitro = str(BIN / "arbitro")
    run([arbitro, "import-csv", "e0", str(csv)], env)  # warm: bytecode, the page cache
    events = iter(range(1, 2 * RUNS + 1))
    floor = median_cpu(lambda: run([sys.executable, "-c", "pass"], env), RUNS)
    single = median_cpu(
        lambda: run([arbitro, "import-csv", f"e{next(events)}", str(one)], env), RUNS
    )
    imported = median_cpu(
        lambda: run([arbitro, "import-csv", f"e{next(events)}", str(csv)], env), RUNS
    )
    with RecordStore.open(db) as store:
        assert len(EventService(store).state(f"e{2 * RUNS}").competitors) == ROWS
    return floor, single, imported


def main() -> int:
    # Events of 8,000 pairs are measured: past an installation's default limit (issue 29).
    os.environ.setdefault("ARBITRO_MAX_COMPETITORS", "1000000")
    print(
        f"registration and seating, Python {sys.version.split()[0]}, nproc {os.cpu_count()}, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        floor, single, imported = cli(Path(tmp))
    text = "nome,giocatore1,giocatore2\n" + "".join(f"{n},{a},{b}\n" for n, (a, b) in rows(ROWS))

    def decide_in_memory() -> None:
        state = new_state()
        for name, players in parse_registrations_csv(text):
            do(state, commands.register(state, name, players, NOW))

    in_memory = median_time(decide_in_memory, RUNS)
    service = median_time(lambda: register_many_sqlite(ROWS), RUNS)
    print(f"import-csv of {ROWS:,} rows, median of {RUNS} runs (wall, CPU of the process):")
    for label, (wall, cpu) in (
        ("python -c pass", floor),
        ("arbitro import-csv, 1 row", single),
        (f"arbitro import-csv, {ROWS:,} rows", imported),
    ):
        print(
            f"  {label:<30} {wall * 1000:8.1f} ms {cpu * 1000:8.1f} ms CPU   "
            f"{cpu / floor[1]:5.1f}x python -c pass (CPU)"
        )
    print(
        f"  the {ROWS - 1:,} rows more: {(imported[0] - single[0]) * 1000:.1f} ms wall, "
        f"{(imported[1] - single[1]) * 1000:.1f} ms CPU; decided in memory "
        f"{in_memory * 1000:.1f} ms; register_many on SQLite in this process "
        f"{service * 1000:.1f} ms (one transaction)"
    )

    small, large = (1000, 2000, 4000, 8000), (2000, 4000, 8000, 16000)
    exponents = {
        "registrations decided in memory": scaling(
            "registrations decided in memory", small, lambda n: lambda: register_in_memory(n)
        )[0],
        "register_many on SQLite": scaling(
            "register_many on SQLite (one transaction)",
            small,
            lambda n: lambda: register_many_sqlite(n),
        )[0],
    }

    def xlsx(n: int) -> Callable[[], object]:
        data = xlsx_file(n)
        return lambda: parse_registrations_xlsx(data)

    exponents["XLSX file read"] = scaling("XLSX file read", small, xlsx)[0]

    def seat_1(n: int) -> Callable[[], object]:
        state = register_in_memory(n)
        return lambda: commands.seat(state, 1, NOW)

    def seat_2(config: EventConfig) -> Callable[[int], Callable[[], object]]:
        def prepare(n: int) -> Callable[[], object]:
            state = played_round_1(n, config)
            return lambda: commands.seat(state, 2, NOW)

        return prepare

    def seat_round_2(n: int) -> Callable[[], object]:
        """``seat_round`` alone on the request ``commands.seat`` makes for round 2 (Danish):
        the issue's floor for the seating command."""
        state = played_round_1(n)
        first = state.round(1).seating
        assert first is not None
        request = SeatingRequest(
            movement=Movement.DANISH,
            round_number=2,
            total_rounds=state.config.rounds,
            event_format=state.config.event_format,
            competitors=tuple(state.active(2)),
            ranking=tuple(standings_module.ranking(state, 1)),
            history=(first,),
            session_start_round=state.config.session_start(2),
            seed=state.config.seed * 1000 + 2,
            mitchell_step=state.config.mitchell_step,
            arbiter_tables=None,
        )
        return lambda: seat_round(request)

    def fours(n: int) -> Callable[[], object]:
        ids = tuple(range(1, n + 1))
        first = seat_fours(Movement.REGISTRATION_ORDER, 1, ids, ids, None)
        ranking = ids[::-1]
        return lambda: seat_fours(Movement.DANISH, 2, ids[: n - 3], ranking, first)

    exponents["commands.seat round 1"], drawn = scaling(
        "commands.seat, round 1 by draw (pairs)", large, seat_1
    )
    _, alone = scaling("seat_round alone, round 2 Danish (pairs)", large, seat_round_2)
    exponents["commands.seat round 2"], danish = scaling(
        "commands.seat, round 2 Danish (pairs)", large, seat_2(PAIRS), floor=drawn
    )
    print(
        f"{'  over seat_round alone':<44} "
        + "  ".join(
            f"{n:>6,}: {t / f:8.1f}x    " for n, t, f in zip(large, danish, alone, strict=True)
        )
    )
    exponents["commands.seat round 2 modified"] = scaling(
        "commands.seat, round 2 modified Danish", large, seat_2(MODIFIED), floor=drawn
    )[0]
    exponents["Scala 40 Danish"] = scaling("seat_fours, Scala 40 Danish (players)", large, fours)[0]
    print("round 1's ranking and standings, computed afresh (what round 2 reads; the pages):")
    for collect in (True, False):
        gc_state = "GC on" if collect else "GC off"
        for label, compute in (
            ("ranking", _ranking_afresh),
            ("standings", standings_module._standings),
        ):

            def afresh(
                n: int, compute: Callable[[EventState, int], object] = compute
            ) -> Callable[[], object]:
                state = played_round_1(n)
                return lambda: compute(state, 1)

            scaling(f"  {label}, round 1 ({gc_state})", large, afresh, collect=collect)
    worst = max(exponents.values())
    cli_met = imported[0] < TARGET_CLI
    print(
        f"targets: import-csv under {TARGET_CLI} s — {'met' if cli_met else 'MISSED'}; "
        f"linear (every exponent under {TARGET_EXPONENT}) — "
        f"{'met' if worst < TARGET_EXPONENT else 'MISSED'} (worst {worst:.2f})"
    )
    return 0 if cli_met and worst < TARGET_EXPONENT else 1


if __name__ == "__main__":
    raise SystemExit(main())
