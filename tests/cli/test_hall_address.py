"""The hall's address is one recorded setting (issue 26 D): ``arbitro serve --hall`` or
``--base-url`` stores the address it serves as the setting ``base_url``; ``arbitro print
table-cards`` without ``--base-url`` encodes that one, so the cards of the desk and of the
terminal lead to the same place (FIBAS art. 4: the table's card; art. 7: the players reach
their table's sheet); a card printed for another address while a server answers at the
recorded one is warned about."""

from __future__ import annotations

import re
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli import serve as serve_command
from arbitro.cli.main import app
from arbitro.services.demo import run_demo
from arbitro.store import RecordStore
from arbitro.web import base_url

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A database with the demo event, the LAN faked, the server never really started."""
    url = f"sqlite:///{tmp_path / 'hall.sqlite3'}"
    run_demo(RecordStore(url), "demo")
    monkeypatch.setenv("ARBITRO_DATABASE_URL", url)
    monkeypatch.setenv(base_url.BASE_URL_ENV, "")  # serve sets it: restored after the test
    monkeypatch.setattr(base_url, "lan_addresses", lambda: ["192.168.1.50"])

    def run(application: Any, **options: Any) -> None:
        """run_uvicorn: the test does not serve."""

    monkeypatch.setattr(serve_command, "run_uvicorn", run)
    return url


def _serve(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setenv(base_url.BASE_URL_ENV, "")
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 0, result.output
    monkeypatch.setenv(base_url.BASE_URL_ENV, "")  # as a new terminal: only the database


def _card_text(tmp_path: Path, *args: str) -> tuple[str, str]:
    """``print table-cards demo 1`` (with ``args``): the card's text without blanks (its URL
    is broken over lines) and what the command said on stderr."""
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["print", "table-cards", "demo", "1", "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    text = subprocess.run(
        ["pdftotext", str(out), "-"], check=True, capture_output=True, text=True
    ).stdout
    return re.sub(r"\s+", "", text), result.stderr


def test_the_cards_lead_where_serve_base_url_serves(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's case: ``serve --hall --base-url http://sala.local:8900``, then ``print
    table-cards`` without ``--base-url``: the QR codes lead to sala.local:8900, not to the
    LAN address on the default port (art. 4, 7)."""
    _serve(monkeypatch, "--hall", "--base-url", "http://sala.local:8900")
    assert base_url.stored_base_url(RecordStore.open(db)) == "http://sala.local:8900"
    text, _ = _card_text(tmp_path)
    assert "http://sala.local:8900/t/" in text
    assert "192.168.1.50" not in text


def test_the_address_found_by_serve_hall_is_recorded_and_found_anew(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve --hall --port 8123`` records the LAN address it serves; the cards lead there.
    On another network the next ``serve --hall`` finds the new address, not last night's."""
    _serve(monkeypatch, "--hall", "--port", "8123")
    text, _ = _card_text(tmp_path)
    assert "http://192.168.1.50:8123/t/" in text
    # The desk of an app started otherwise (no server of the hall passing it on) does not
    # take last night's found address for its own: only the printouts' guess.
    assert base_url.chosen_base_url(RecordStore.open(db)) is None
    monkeypatch.setattr(base_url, "lan_addresses", lambda: ["10.0.0.9"])
    _serve(monkeypatch, "--hall", "--port", "8123")
    assert base_url.stored_base_url(RecordStore.open(db)) == "http://10.0.0.9:8123"


def test_a_given_address_stays_chosen(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An address given with ``--base-url`` is the hall's until another is given: the next
    ``serve --hall`` keeps it (the README's order: the setting wins over the address found)."""
    _serve(monkeypatch, "--hall", "--base-url", "sala.local:8900")
    _serve(monkeypatch, "--hall")
    assert base_url.stored_base_url(RecordStore.open(db)) == "http://sala.local:8900"


def test_serve_on_this_computer_alone_records_nothing(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve`` without ``--hall`` or ``--base-url`` serves no phone: nothing recorded."""
    _serve(monkeypatch)
    assert base_url.stored_base_url(RecordStore.open(db)) is None


class _Arbitro(BaseHTTPRequestHandler):
    """A server that answers ``/phone-check`` as arbitro does."""

    def do_GET(self) -> None:
        self.send_response(200 if self.path == "/phone-check" else 404)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


@pytest.fixture
def running() -> Iterator[str]:
    """The address of a running server (on this computer, a free port)."""
    server = HTTPServer(("127.0.0.1", 0), _Arbitro)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_cards_for_another_address_than_the_running_servers_are_warned_about(
    db: str, tmp_path: Path, running: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server answers at the recorded address and the cards are printed for another one:
    warned (the phones would not reach the desk's server); not when they agree."""
    _serve(monkeypatch, "--base-url", running)
    text, said = _card_text(tmp_path, "--base-url", "http://altro.local:8000")
    assert "http://altro.local:8000/t/" in text
    assert "Attenzione" in said and running in said and "altro.local" in said
    text, said = _card_text(tmp_path)
    assert f"{running}/t/" in text
    assert "server" not in said  # only the warning that a phone cannot open localhost


def test_no_warning_when_no_server_answers(
    db: str, tmp_path: Path, running: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recorded address does not answer (no server running): nothing to warn about."""
    _serve(monkeypatch, "--hall", "--base-url", "http://127.0.0.1:9")
    text, said = _card_text(tmp_path, "--base-url", "http://altro.local:8000")
    assert "http://altro.local:8000/t/" in text
    assert "server" not in said
