"""bench/crash_recovery.py end to end, small (10 phones cut by a SIGKILL mid-send), so that
the harness cannot rot: every phone's re-send after the restart is acknowledged, none is told
"already being recorded", each sheet stored once (issue 29, "Bad luck"; FIBAS art. 20: each
line signs its sheet once). No timing is asserted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench() -> ModuleType:
    loaded = sys.modules.get("bench_crash_recovery")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(
        "bench_crash_recovery", BENCH / "crash_recovery.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_crash_recovery"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.postgres
def test_crash_recovery_answers_every_cut_phone_once(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    status = bench.run(bench.parse(["--postgres-start", "--pairs", "20"]))
    out = capsys.readouterr().out
    assert "10 phones, keys pending at the SIGKILL 10;" in out, out
    assert "acknowledged 10/10" in out, out
    assert 'phones told "already being recorded" 0 (0 409s); sheets stored 10' in out, out
    assert "keys left pending 0" in out, out
    assert status == 0
