"""Thousands of bot games through a digital table's protocol (issue 32): the property test of
tests/digital/test_protocol_property.py run over many seeds, for every code whose
``CodeSpec.digital`` names an engine. Each round (a round event's table, or a knockout's
match) is played by bots through the service as the phones do, its seat views checked for
hidden cards, its sheet compared with the engine alone playing the same choices.

The suite keeps a few examples per code; this runs ``--rounds`` (1000) per code, seeds
0..N-1, and prints per code the rounds and deals played and the first failing seed if any.

Usage: ``.venv/bin/python bench/digital_property.py [--rounds N] [--code CODE ...]``."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.digital.play import Clock, digital_codes  # noqa: E402
from tests.digital.test_protocol_property import DEALS, play_alone, play_through_protocol  # noqa: E402

from arbitro.services.events import EventService  # noqa: E402
from arbitro.store import RecordStore  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per code")
    parser.add_argument("--code", action="append", help="a code (default: every digital one)")
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as d:
        store = RecordStore(f"sqlite:///{Path(d) / 'p.sqlite3'}")
        svc = EventService(store, Clock())
        try:
            for code in args.code or digital_codes():
                start, deals, bad = time.monotonic(), 0, None
                for seed in range(args.rounds):
                    try:
                        layouts, sheet, seating = play_through_protocol(
                            svc, code, DEALS, seed, random.Random(seed + 1)
                        )
                        assert sheet == play_alone(code, layouts, seed, seating)
                    except Exception:
                        bad = seed
                        traceback.print_exc()
                        break
                    deals += len(layouts)
                rounds = args.rounds if bad is None else bad
                took = time.monotonic() - start
                line = f"{code}: {rounds} rounds, {deals} deals in {took:.0f} s"
                print(line + ("" if bad is None else f"; FAILED at seed {bad}"), flush=True)
                failed = failed or bad is not None
        finally:
            store.close()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
