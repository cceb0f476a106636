"""``arbitro late`` says what the lateness costs by the event's code, as the desk shows it
before it is recorded (FIBAS art. 37: up to 5 minutes a warning, 5:01-10 minutes 100 M.P.,
beyond 10 the match lost), not «Ritardo registrato» alone."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def test_the_lateness_recorded_says_its_cost_art_37(tmp_path: Path) -> None:
    """Three pairs late in round 1: 3:00 (a warning), 6:30 (100 M.P.), 12:00 (lost)."""
    db = ["--db", f"sqlite:///{tmp_path / 'l.sqlite3'}"]
    create = ["event", "create", "e", "--name", "E", "--movements", "registration,danish"]
    steps = [[*create, "--rounds", "2"], *(["register", "e", f"C{i}"] for i in range(1, 7))]
    for args in [*steps, ["seat", "e", "1", "--publish"]]:
        done = runner.invoke(app, [*db, *args])
        assert done.exit_code == 0, (args, done.output)

    def late(*args: str) -> str:
        done = runner.invoke(app, [*db, *args])
        assert done.exit_code == 0, done.output
        return done.stdout.strip()

    said = late("late", "e", "1", "1", "3:00")
    assert said == "Ritardo registrato (3:00): nessun punto perso, ammonizione (FIBAS art. 37)"
    assert late("late", "e", "1", "2", "6:30") == (
        "Ritardo registrato (6:30): 100 M.P. in meno (FIBAS art. 37)"
    )
    assert late("--lang", "en", "late", "e", "1", "3", "12:00") == (
        "Lateness recorded (12:00): the match is lost (FIBAS art. 37)"
    )
