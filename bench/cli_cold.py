"""Cold start of the ``arbitro`` command line against ``python -c pass`` (issue 14).

Each command is run as a new process, as a user types it; every run of a command is paired
with a run of ``python -c pass`` of the same venv just before it (A B A B interleaved), so the
ratio is taken side by side on a machine whose load moves. Reported per command: wall-time
median and min-max, CPU (user+system of the child) median, the ratio of the medians and the
median of the pairwise ratios. Targets (issue 14): ``arbitro --help`` and ``arbitro vp`` at most
10x ``python -c pass``; ``arbitro import-csv`` of 1,000 rows under 0.3 s as a whole command
(each run into a new event, made beforehand with ``arbitro event create``).

Run: ``.venv/bin/python bench/cli_cold.py [--runs 15]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path


@dataclass
class Series:
    """The timings of one command (seconds)."""

    name: str
    argv: list[str]
    each_run: Callable[[int], list[str]] | None = None  # the arguments of run i, if they change
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    ratios: list[float] = field(default_factory=list)


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one run of ``argv``; a failure stops the bench."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def arbitro_argv() -> list[str]:
    """The ``arbitro`` console script of this venv (``python -m arbitro`` if there is none)."""
    script = Path(sys.executable).with_name("arbitro")
    return [str(script)] if script.exists() else [sys.executable, "-m", "arbitro"]


def cpu_model() -> str:
    """The CPU model named in /proc/cpuinfo (the platform's processor otherwise)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=15, help="runs of each command")
    parser.add_argument(
        "--src",
        type=Path,
        default=None,
        help="time the arbitro of this source folder instead (put first on PYTHONPATH), e.g. "
        "an older commit's src/ from `git archive`, set up as scripts/setup.sh does "
        "(`python -m compileall -q DIR` and `tools/i18n.py compile` run with it on PYTHONPATH)",
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/bench.sqlite3"
        imports = f"sqlite:///{tmp}/imports.sqlite3"  # apart: ``event list`` lists no event
        rows = Path(tmp) / "iscritti.csv"
        rows.write_text(
            "nome,giocatore1,giocatore2\n"
            + "".join(f"Coppia {i},Anna {i},Bruno {i}\n" for i in range(1, 1001)),
            "utf-8",
        )
        env = dict(os.environ)
        env.pop("ARBITRO_LANG", None)  # the default language (Italian), as a user runs it
        if args.src is not None:
            env["PYTHONPATH"] = str(args.src.resolve())
        arbitro = arbitro_argv()
        floor = Series("python -c pass", [sys.executable, "-c", "pass"])
        commands = [
            Series("arbitro --help", [*arbitro, "--help"]),
            Series(
                "arbitro vp --code burraco-fibas --deals 2 130",
                [*arbitro, "vp", "--code", "burraco-fibas", "--deals", "2", "130"],
            ),
            Series(
                'arbitro articles search "pozzetto"', [*arbitro, "articles", "search", "pozzetto"]
            ),
            Series(
                "arbitro --db sqlite:///<tmp> event list", [*arbitro, "--db", db, "event", "list"]
            ),
            Series(
                "arbitro --db sqlite:///<tmp> import-csv <1,000 rows>",
                [*arbitro, "--db", imports, "import-csv", "e0", str(rows)],
                each_run=lambda i: [*arbitro, "--db", imports, "import-csv", f"e{i}", str(rows)],
            ),
        ]
        # The events the CSV imports go into: one for the untimed run, one for each run.
        for i in range(args.runs + 1):
            create = ["event", "create", f"e{i}", "--name", f"Bench {i}", "--movements", "draw"]
            run_once([*arbitro, "--db", imports, *create, "--rounds", "1"], env)
        # One untimed run of each: bytecode written, the database created and migrated.
        for series in [floor, *commands]:
            run_once(series.argv, env)
        for i in range(1, args.runs + 1):
            for series in commands:
                base_wall, base_cpu = run_once(floor.argv, env)
                floor.wall.append(base_wall)
                floor.cpu.append(base_cpu)
                argv = series.each_run(i) if series.each_run else series.argv
                wall, cpu = run_once(argv, env)
                series.wall.append(wall)
                series.cpu.append(cpu)
                series.ratios.append(wall / base_wall)

    base = statistics.median(floor.wall)
    print(f"{date.today()}  nproc={os.cpu_count()}  cpu={cpu_model()}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}  runs={args.runs}")
    print(f"python {platform.python_version()}  {sys.executable}  src={args.src or 'installed'}")
    print()
    header = (
        "| command | wall median | wall min-max | CPU median | ratio of medians "
        "| median pairwise ratio | CPU ratio |"
    )
    print(header)
    print("| --- | --- | --- | --- | --- | --- | --- |")
    base_cpu = statistics.median(floor.cpu)
    for series in [floor, *commands]:
        median = statistics.median(series.wall)
        ratio = median / base
        pairwise = statistics.median(series.ratios) if series.ratios else 1.0
        print(
            f"| `{series.name}` | {median * 1000:.0f} ms "
            f"| {min(series.wall) * 1000:.0f}-{max(series.wall) * 1000:.0f} ms "
            f"| {statistics.median(series.cpu) * 1000:.0f} ms | {ratio:.1f}x | {pairwise:.1f}x "
            f"| {statistics.median(series.cpu) / base_cpu:.1f}x |"
        )


if __name__ == "__main__":
    main()
