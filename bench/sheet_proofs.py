"""Benchmark: what checking the lines' proofs (issue 29, ``services/sheet_proof.py``) adds to
an event file's import: ``verify_records`` over the phones' signatures of a large evening
(every table's two lines, each signed from its own phone with its proof), with the proofs
checked against without (the floor: the same records, the same checks of actors and devices,
measured in the same run). Run: ``.venv/bin/python bench/sheet_proofs.py [--tables 500
--rounds 10 --runs 7]``; prints the median time of each and their ratio."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from datetime import UTC, datetime
from typing import Any

from arbitro.services.event_file import LineProofs, verify_records
from arbitro.services.sheet_proof import sealed
from arbitro.store.secret import SECRET_ENV, load_secret
from arbitro.tournament.records import Record, SheetEntered

os.environ[SECRET_ENV] = "bench"  # the secret read without a store, as the server reads it
SECRET = load_secret(None)  # type: ignore[arg-type]
EVENT = "serata"
ENTRY: dict[str, Any] = {
    "deals": [[300, 120, 100, 45], [0, -40, 250, 120], [100, 85, 0, 30], [200, 150, 0, 20]],
    "closed_room": None,
}


def signatures(tables: int, rounds: int) -> list[Record]:
    """Both lines of every table of every round, each from its own phone, sealed."""
    at = datetime(2026, 12, 2, 21, tzinfo=UTC)
    records = []
    seq = 0
    for rnd in range(1, rounds + 1):
        for table in range(1, tables + 1):
            for line in ("ns", "ew"):
                seq += 1
                body = SheetEntered(rnd, table, ENTRY, line, f"{table}{line}", f"{seq:016x}")
                rec = Record(body, at, f"tavolo {table} {line}", None, seq)
                records.append(sealed(rec, EVENT, SECRET))
    return records


def timed(records: list[Record], proofs: LineProofs | None) -> float:
    started = time.perf_counter()
    found = verify_records(records, None, proofs)
    elapsed = time.perf_counter() - started
    assert not found, found[:3]
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    records = signatures(args.tables, args.rounds)
    floor, checked = [], []
    for _ in range(args.runs):
        floor.append(timed(records, None))
        proofs = LineProofs(None, records, EVENT)  # type: ignore[arg-type]
        checked.append(timed(records, proofs))
    f, c = statistics.median(floor), statistics.median(checked)
    print(f"{len(records)} signatures, {args.runs} runs (medians)")
    print(f"floor (actors and devices):   {f * 1000:8.1f} ms")
    print(f"with the proofs checked:      {c * 1000:8.1f} ms")
    print(f"ratio: {c / f:.2f}x; per signature {(c - f) / len(records) * 1e6:.1f} us")


if __name__ == "__main__":
    main()
