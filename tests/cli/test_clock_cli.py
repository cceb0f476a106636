"""``arbitro clock EVENT ROUND``: the round clock from the terminal (issue 26 E; FIBAS art. 7,
17, 37): shown, started at the time typed, and a start typed an hour off corrected with
``--start HH:MM --reason ...`` (a new record); the time played and the time-out follow. The
time typed is read in the event's zone (its setting). The service's clock is held still."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

import arbitro.cli.clock as clock_cli
from arbitro.cli.main import app
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

runner = CliRunner()
ROME = ZoneInfo("Europe/Rome")


class Still:
    """The clock of the terminal's runs, moved by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 24, 19, 30, tzinfo=ROME)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def still(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], Still]:
    """An evening of 3-deal rounds (35 minutes, art. 7), round 1 seated at 19:30 in Rome; the
    ``clock`` command's service on the same database and the still clock."""
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    now = Still()
    with RecordStore.open(url) as store:
        svc = EventService(store, now)
        svc.create_event(
            "e", EventConfig("Serata", EventFormat.PAIRS, 2, (3, 3), (Movement.DRAW,) * 2)
        )
        for i in range(1, 5):
            svc.run("e", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        svc.seat("e", 1, publish=True)
    monkeypatch.setattr(clock_cli, "service", lambda: EventService(RecordStore.open(url), now))
    return ["--db", url], now


def test_art7_a_start_typed_an_hour_off_is_corrected_from_the_terminal(
    still: tuple[list[str], Still],
) -> None:
    """The issue's case (FIBAS art. 7, 17): started at 20:45, typed 19:45; at 20:57 the clock
    says 72:00 of 35:00 and the time-out; ``--start 20:45 --reason`` corrects it: 12:00."""
    db, now = still
    now.now = datetime(2026, 11, 24, 20, 46, tzinfo=ROME)
    started = runner.invoke(app, [*db, "clock", "e", "1", "--start", "19:45"])
    assert started.exit_code == 0, started.output
    now.now = datetime(2026, 11, 24, 20, 57, tzinfo=ROME)
    wrong = runner.invoke(app, [*db, "clock", "e", "1"])
    assert "Avviato alle 19:45:00 (Europe/Rome) · giocati 72:00 di 35:00" in wrong.stdout
    assert "Chiamare il TIME OUT (FIBAS art. 17)" in wrong.stdout
    fixed = runner.invoke(
        app, [*db, "clock", "e", "1", "--start", "20:45", "--reason", "scritto 19:45", "--json"]
    )
    assert fixed.exit_code == 0, fixed.output
    data = json.loads(fixed.stdout)
    assert data["started_local"] == "20:45:00" and data["timezone"] == "Europe/Rome"
    assert (data["played_seconds"], data["round_seconds"]) == (12 * 60, 35 * 60)
    assert data["time_out_due"] is False
    assert data["corrected"]["reason"] == "scritto 19:45"
    shown = runner.invoke(app, [*db, "--lang", "en", "clock", "e", "1"])
    assert "Started at 20:45:00 (Europe/Rome) · played 12:00 of 35:00" in shown.stdout
    assert "TIME OUT" not in shown.stdout
    assert "Start corrected by arbiter at 20:57: scritto 19:45" in shown.stdout


def test_art7_a_correction_without_reason_or_in_the_future_is_refused(
    still: tuple[list[str], Still],
) -> None:
    """A correction needs its reason; a start after now, or a time that is not HH:MM, is
    refused, in Italian and in English (FIBAS art. 7); the start stays."""
    db, now = still
    now.now = datetime(2026, 11, 24, 20, 50, tzinfo=ROME)
    assert runner.invoke(app, [*db, "clock", "e", "1", "--start", "19:45"]).exit_code == 0
    no_reason = runner.invoke(app, [*db, "clock", "e", "1", "--start", "20:45"])
    assert no_reason.exit_code == 1 and "indicare il motivo" in no_reason.stderr
    future = runner.invoke(app, [*db, "clock", "e", "1", "--start", "21:00", "--reason", "x"])
    assert future.exit_code == 1 and "il turno non può iniziare nel futuro" in future.stderr
    english = runner.invoke(
        app, [*db, "--lang", "en", "clock", "e", "1", "--start", "21:00", "--reason", "x"]
    )
    assert "the round cannot start in the future" in english.stderr
    bad = runner.invoke(app, [*db, "clock", "e", "1", "--start", "nove", "--reason", "x"])
    assert bad.exit_code == 1 and "scrivi l'ora come HH:MM" in bad.stderr
    shown = json.loads(runner.invoke(app, [*db, "clock", "e", "1", "--json"]).stdout)
    assert shown["started_local"] == "19:45:00"


def test_art7_a_start_before_the_seating_is_refused(still: tuple[list[str], Still]) -> None:
    """The round starts once its seating is published (19:30): 19:00 is refused, naming it."""
    db, now = still
    now.now = datetime(2026, 11, 24, 20, 50, tzinfo=ROME)
    early = runner.invoke(app, [*db, "clock", "e", "1", "--start", "19:00"])
    assert early.exit_code == 1
    assert "prima che la posizione ai tavoli sia affissa, alle 19:30" in early.stderr
    assert (
        json.loads(runner.invoke(app, [*db, "clock", "e", "1", "--json"]).stdout)["started_at"]
        is None
    )


def test_the_typed_start_is_read_in_the_events_zone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An event created with ``--timezone America/New_York``: ``--start 14:45`` is 14:45 in
    New York (19:45 UTC), not in Rome."""
    url = f"sqlite:///{tmp_path / 'ny.sqlite3'}"
    now = Still()
    now.now = datetime(2026, 11, 24, 19, 0, tzinfo=UTC)  # 14:00 in New York
    with RecordStore.open(url) as store:
        svc = EventService(store, now)
        config = EventConfig(
            "Serata", EventFormat.PAIRS, 1, (3,), (Movement.DRAW,), timezone="America/New_York"
        )
        svc.create_event("ny", config)
        for i in range(1, 5):
            svc.run("ny", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        svc.seat("ny", 1, publish=True)
    monkeypatch.setattr(clock_cli, "service", lambda: EventService(RecordStore.open(url), now))
    now.now = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)  # 15:00 in New York
    made = runner.invoke(app, ["--db", url, "clock", "ny", "1", "--start", "14:45", "--json"])
    assert made.exit_code == 0, made.output
    data = json.loads(made.stdout)
    assert data["started_at"] == "2026-11-24T19:45:00+00:00"
    assert (data["timezone"], data["started_local"], data["played_seconds"]) == (
        "America/New_York",
        "14:45:00",
        15 * 60,
    )
