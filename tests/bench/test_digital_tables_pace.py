"""bench/digital_tables.py's stated pace (issue 32): ``--think`` read as a range of seconds,
a thinking phone that stops when the run stops, and the echo floor paced the same way and
answering every turn to the other three sockets. No timing is asserted. Each loop runs in a
thread of its own (``run_fresh``): a browser test's Playwright leaves an event loop running
in the worker's thread, where ``asyncio.run`` fails (the fresh-clone run failed on it)."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from tests.web.fresh_loop import run_fresh

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench() -> ModuleType:
    """bench/digital_tables.py as a module (it loads bench/phones.py itself)."""
    loaded = sys.modules.get("bench_digital_tables")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(
        "bench_digital_tables", BENCH / "digital_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_digital_tables"] = module
    spec.loader.exec_module(module)
    return module


def test_think_is_a_range_of_seconds() -> None:
    bench = load_bench()
    assert bench.think_range("2-4") == (2.0, 4.0)
    assert bench.think_range("3") == (3.0, 3.0)
    assert bench.think_range("0") == (0.0, 0.0)
    with pytest.raises(argparse.ArgumentTypeError):
        bench.think_range("4-2")


def test_a_thinking_phone_stops_with_the_run() -> None:
    """A phone thinking 60 s before its move gives up the move as soon as the run stops; a
    phone that does not think (the default, the saturated pace) moves at once."""
    bench = load_bench()
    phones = bench.phones

    async def thought(think: tuple[float, float]) -> bool:
        phone = phones.Phone(
            "http://127.0.0.1:1", b"s" * 32, "e", 1, 1, "N", phones.Tally(), random.Random(1), think
        )
        phone.stop = asyncio.Event()
        asyncio.get_running_loop().call_later(0.05, phone.stop.set)
        result: bool = await phone._thought()
        return result

    assert run_fresh(lambda: thought((60.0, 60.0))) is True
    assert run_fresh(lambda: thought((0.0, 0.0))) is False


def test_the_paced_echo_floor_reaches_the_other_three() -> None:
    bench = load_bench()
    with bench.echo_server() as echo:
        times = run_fresh(lambda: bench.floor(echo, 2, 4, 100, (0.01, 0.02)))
    assert len(times) == 2 * 4 * 3  # groups x turns x the other three sockets
