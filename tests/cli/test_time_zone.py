"""The event's time zone in the terminal and the printouts (issue 26 E): ``event create
--timezone`` records it (default Europe/Rome); ``history`` and ``ledger`` print their times in
it (``history`` printed UTC), the verbale (PDF, read back with pdftotext) shows it and the
times of its sanctions in it, and the arbiter's report (Parole art. 14.2) its times given with
an offset. America/New_York differs from both UTC and Rome: the times are read from the
setting."""

from __future__ import annotations

import json
import subprocess
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _event(tmp_path: Path, timezone: str | None) -> list[str]:
    """A pairs event of one 2-deal round, 4 pairs seated and published, table 1's sheet in."""
    db = ["--db", f"sqlite:///{tmp_path / 'z.sqlite3'}"]
    zone = [] if timezone is None else ["--timezone", timezone]
    create = ["event", "create", "e", "--name", "Serata", "--rounds", "1", "--deals", "2"]
    create += ["--movements", "draw"]
    made = runner.invoke(app, [*db, *create, *zone, "--json"])
    assert made.exit_code == 0, made.output
    assert json.loads(made.stdout)["config"].get("timezone") == timezone
    for i in range(1, 5):
        assert (
            runner.invoke(
                app, [*db, "register", "e", f"Coppia {i}", "-p", "A", "-p", "B"]
            ).exit_code
            == 0
        )
    assert runner.invoke(app, [*db, "seat", "e", "1", "--publish"]).exit_code == 0
    sheet = runner.invoke(app, [*db, "sheet", "e", "1", "1", *("-d", "300,85,100,20") * 2])
    assert sheet.exit_code == 0, sheet.output
    return db


def _venue(at: str, zone: str, fmt: str) -> str:
    """A recorded time (ISO 8601, UTC) as the venue's clock in ``zone`` shows it."""
    return datetime.fromisoformat(at).astimezone(ZoneInfo(zone)).strftime(fmt)


def test_history_prints_its_times_in_the_default_zone_rome_not_utc(tmp_path: Path) -> None:
    """FIBAS art. 21 (a sheet's history: who, when, why): an event without a zone is in
    Europe/Rome, and ``history`` says the entry's time in Rome, as the desk does (it printed
    UTC, an hour or two off the wall clock)."""
    db = _event(tmp_path, None)
    at = json.loads(runner.invoke(app, [*db, "history", "e", "1", "1", "--json"]).stdout)[0]["at"]
    text = runner.invoke(app, [*db, "history", "e", "1", "1"]).stdout
    assert _venue(at, "Europe/Rome", "%Y-%m-%d %H:%M:%S") in text
    assert _venue(at, "UTC", "%Y-%m-%d %H:%M:%S") not in text


def test_history_and_ledger_print_their_times_in_the_events_zone(tmp_path: Path) -> None:
    """An event created with ``--timezone America/New_York``: ``history`` (art. 21) and
    ``ledger`` (art. 41, a warning) print New York's times, neither UTC nor Rome's."""
    db = _event(tmp_path, "America/New_York")
    at = json.loads(runner.invoke(app, [*db, "history", "e", "1", "1", "--json"]).stdout)[0]["at"]
    assert "Fuso orario: America/New_York" in runner.invoke(app, [*db, "event", "show", "e"]).stdout
    text = runner.invoke(app, [*db, "history", "e", "1", "1"]).stdout
    assert _venue(at, "America/New_York", "%Y-%m-%d %H:%M:%S") in text
    assert _venue(at, "Europe/Rome", "%Y-%m-%d %H:%M:%S") not in text
    warned = runner.invoke(app, [*db, "warn", "e", "1", "2", "--reason", "parla al tavolo"])
    assert warned.exit_code == 0, warned.output
    rows = json.loads(runner.invoke(app, [*db, "ledger", "e", "--json"]).stdout)
    ledger = runner.invoke(app, [*db, "ledger", "e"]).stdout
    assert (
        f"#{rows[0]['seq']} {_venue(rows[0]['at'], 'America/New_York', '%Y-%m-%d %H:%M')} "
        in ledger
    )


def test_a_zone_that_does_not_exist_is_refused_at_creation(tmp_path: Path) -> None:
    """``--timezone`` must name a zone (IANA): refused in Italian and English, no event made."""
    db = ["--db", f"sqlite:///{tmp_path / 'x.sqlite3'}"]
    create = ["event", "create", "e", "--name", "S", "--rounds", "1", "--movements", "draw"]
    create += ["--timezone", "Roma"]
    it = runner.invoke(app, [*db, *create])
    assert it.exit_code == 1 and "«Roma» non è un fuso orario" in it.stderr
    en = runner.invoke(app, [*db, "--lang", "en", *create])
    assert "«Roma» is not a time zone" in en.stderr
    assert "e " not in runner.invoke(app, [*db, "event", "list"]).stdout


def test_the_verbale_shows_the_zone_and_its_sanctions_times_in_it(tmp_path: Path) -> None:
    """The verbale di gara (PDF, read back with pdftotext) names the event's zone and writes
    the time of each sanction (FIBAS art. 41 warning) as the venue's clock showed it."""
    db = _event(tmp_path, "America/New_York")
    assert runner.invoke(app, [*db, "warn", "e", "1", "2", "--reason", "parla"]).exit_code == 0
    at = json.loads(runner.invoke(app, [*db, "ledger", "e", "--json"]).stdout)[0]["at"]
    pdf = tmp_path / "verbale.pdf"
    made = runner.invoke(app, [*db, "results", "verbale", "e", "--out", str(pdf)])
    assert made.exit_code == 0, made.output
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Fuso orario" in text and "America/New_York" in text
    assert _venue(at, "America/New_York", "%H:%M") in text
    assert _venue(at, "America/New_York", "%d/%m/%Y") in text  # the venue's day, Italian way


def test_the_arbiters_report_writes_times_given_with_an_offset_in_its_zone(
    tmp_path: Path,
) -> None:
    """The referto arbitrale (Parole art. 14.2): a time given in UTC (``Z``) is written as the
    venue's clock showed it, in the file's ``timezone`` (Europe/London, 20:45 in UTC is 20:45
    in winter; Europe/Rome by default, 21:45); a time without an offset as written."""
    incident = {
        "player": "Mario Rossi",
        "occurred_at": "2026-11-24T20:45:00Z",
        "called_at": "2026-11-24T20:50:00",
        "reason": "parla al tavolo",
        "intervention": "ammonizione",
        "article": "14.4",
        "sanction": "warning",
    }
    data = {
        "event": "Serata",
        "date": "2026-11-24",
        "arbiter": {"name": "Anna Bianchi", "card": "A1"},
        "incidents": [incident],
    }
    rome = tmp_path / "rome.json"
    rome.write_text(json.dumps(data), "utf-8")
    london = tmp_path / "london.json"
    london.write_text(json.dumps({**data, "timezone": "Europe/London"}), "utf-8")
    in_rome = runner.invoke(app, ["arbiter", "report", str(rome), "--out", str(tmp_path / "r")])
    assert in_rome.exit_code == 0, in_rome.output
    assert "24/11/2026 21:45" in in_rome.stdout and "24/11/2026 20:50" in in_rome.stdout
    in_london = runner.invoke(app, ["arbiter", "report", str(london)])
    assert "24/11/2026 20:45" in in_london.stdout and "21:45" not in in_london.stdout
    pdf = next((tmp_path / "r").glob("*.pdf"))
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "24/11/2026 21:45" in text
