"""``arbitro serve --hall``: listen on the LAN, print the URL the phones must use (never
127.0.0.1); a configured base URL (``--base-url``, ``$ARBITRO_BASE_URL``, the setting) wins,
and the app started gets it for every QR code and printed URL."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli import serve as serve_command
from arbitro.cli.main import app
from arbitro.cli.serve import hall_settings
from arbitro.web import base_url

runner = CliRunner()


@pytest.fixture(autouse=True)
def _lan(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(base_url.BASE_URL_ENV, raising=False)
    monkeypatch.setattr(base_url, "lan_addresses", lambda: ["192.168.1.50", "10.8.0.3"])


def test_hall_listens_on_the_lan_and_uses_its_address() -> None:
    assert hall_settings(None, 8000, True, None, None) == (
        "0.0.0.0",
        "http://192.168.1.50:8000",
        ["192.168.1.50", "10.8.0.3"],
    )


def test_without_hall_only_this_computer() -> None:
    assert hall_settings(None, 8000, False, None, None) == ("127.0.0.1", None, [])


def test_given_base_url_wins_then_the_configured_one() -> None:
    assert hall_settings(None, 8000, True, "burraco.example.org/", None)[1] == (
        "http://burraco.example.org"
    )
    assert hall_settings(None, 8000, True, None, "http://10.0.0.7:9000")[1] == (
        "http://10.0.0.7:9000"
    )
    assert hall_settings("192.168.1.50", 8000, True, None, None)[0] == "192.168.1.50"


def test_serve_hall_prints_the_phones_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command prints the URL for the phones and the phone check, and starts the app on
    0.0.0.0 with that base URL for its QR codes."""
    started: dict[str, Any] = {}

    def run(application: Any, host: str, port: int, log_level: str, **tls: Any) -> None:
        started.update(host=host, port=port, base=os.environ.get(base_url.BASE_URL_ENV))

    monkeypatch.setattr(serve_command, "run_uvicorn", run)
    monkeypatch.setenv("ARBITRO_DATABASE_URL", f"sqlite:///{tmp_path / 'hall.db'}")
    monkeypatch.setenv("ARBITRO_LANG", "it")
    monkeypatch.setenv(base_url.BASE_URL_ENV, "")  # serve sets it: restored after the test
    result = runner.invoke(app, ["serve", "--hall", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert started == {"host": "0.0.0.0", "port": 8123, "base": "http://192.168.1.50:8123"}
    assert "Telefoni: http://192.168.1.50:8123/" in result.output
    assert "Prova il telefono: http://192.168.1.50:8123/desk/phone-check" in result.output
    assert "127.0.0.1" not in result.output
    monkeypatch.setenv(base_url.BASE_URL_ENV, "")
    result = runner.invoke(app, ["serve", "--hall", "--base-url", "http://sala.local:8000"])
    assert result.exit_code == 0, result.output
    assert started["base"] == "http://sala.local:8000"
    assert "Telefoni: http://sala.local:8000/" in result.output
