"""FIBAS art. 4 and ``arbitro event create``: the round robin ("sistema all'italiana [...]
secondo un calendario prestabilito") may seat round 1, as docs/rulings.md says (its
calendar is fixed in advance); Danish may not (it needs standings)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def test_art4_round_robin_may_seat_round_1(tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'rr.sqlite3'}"]
    made = runner.invoke(
        app,
        [*db, "event", "create", "rr", "--name", "Girone", "--rounds", "3", "--movements",
         "round-robin"],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    for i in range(1, 5):
        assert runner.invoke(app, [*db, "register", "rr", f"Coppia {i}"]).exit_code == 0
    seated = runner.invoke(app, [*db, "--lang", "en", "seat", "rr", "1", "--publish"])
    assert seated.exit_code == 0, seated.output
    refused = runner.invoke(
        app,
        [*db, "--lang", "en", "event", "create", "d", "--name", "D", "--rounds", "3",
         "--movements", "danish,round-robin,round-robin"],
    )  # fmt: skip
    assert refused.exit_code == 1
    assert "or the round robin's calendar (FIBAS art. 4)" in refused.output
