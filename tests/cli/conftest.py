"""The CLI's --db and --lang set environment variables for the process: restore them after
each test so that tests stay independent."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _clean_cli_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITRO_LANG", raising=False)
    monkeypatch.delenv("ARBITRO_DATABASE_URL", raising=False)
