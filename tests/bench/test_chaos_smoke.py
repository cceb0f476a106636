"""bench/chaos.py end to end, small (10 tables, 2 SIGKILLs of the app; on PostgreSQL also one
crash-restart of the server), so that the harness cannot rot: every sheet a phone was told is
recorded is stored once, and every table is confirmed by both lines (FIBAS art. 20: each line
signs the sheet once; issue 13, "Everything done once"). No timing is asserted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_chaos() -> ModuleType:
    loaded = sys.modules.get("bench_chaos")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("bench_chaos", BENCH / "chaos.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_chaos"] = module
    spec.loader.exec_module(module)
    return module


def run_chaos(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    """The harness's report. Its exit status is not asserted: a phone whose sheet was stored
    but whose answer and key settlement were both lost with the kill is refused when it re-sends
    ("already signed by this line"), a known fault of the app reported by the run (the line's
    sheet is stored once and the table is still confirmed, as asserted below)."""
    chaos = load_chaos()
    args = ["--pairs", "20", "--kills", "2", "--spread", "4", "--workers", "8", *extra]
    chaos.run(chaos.parse(args))
    return capsys.readouterr().out


def test_chaos_on_sqlite_loses_and_duplicates_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """2 SIGKILLs during 10 tables: 20 sheets stored, 0 lost, 0 duplicated, all confirmed."""
    out = run_chaos(capsys)
    assert "chaos: 2/2 SIGKILLs of the app" in out
    assert "stored 20, lost 0, duplicated 0, tables confirmed 10/10" in out, out
    assert "gave up 0" in out, out
    assert "integrity_check: ok" in out


@pytest.mark.postgres
@pytest.mark.slow
def test_chaos_on_postgres_with_a_server_restart(capsys: pytest.CaptureFixture[str]) -> None:
    """The same on a throwaway PostgreSQL server that is also crash-restarted once."""
    out = run_chaos(capsys, "--postgres-start", "--pg-restarts", "1")
    assert "1/1 PostgreSQL restarts" in out, out
    assert "stored 20, lost 0, duplicated 0, tables confirmed 10/10" in out, out
    assert "gave up 0" in out, out
