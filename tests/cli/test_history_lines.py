"""A sheet's history in the terminal names the line that sent it as the desk does (issue 26 J,
FIBAS art. 20-21): a table's phone records itself as ``tavolo 1 ew``; ``history`` prints
"tavolo 1, E-O" in Italian and "table 1, E-W" in English, never the record's ``ew``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def test_history_names_the_phones_line_never_its_code(tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'h.sqlite3'}"]
    create = ["event", "create", "e", "--name", "Serata", "--rounds", "1", "--deals", "2"]
    assert runner.invoke(app, [*db, *create, "--movements", "draw"]).exit_code == 0
    for i in range(1, 5):
        made = runner.invoke(app, [*db, "register", "e", f"Coppia {i}", "-p", "A", "-p", "B"])
        assert made.exit_code == 0, made.output
    assert runner.invoke(app, [*db, "seat", "e", "1", "--publish"]).exit_code == 0
    sent = ["sheet", "e", "1", "1", *("-d", "300,85,100,20") * 2]
    signed = runner.invoke(app, [*db, *sent, "--line", "ew", "--actor", "tavolo 1 ew"])
    assert signed.exit_code == 0, signed.output
    italian = runner.invoke(app, [*db, "history", "e", "1", "1"]).stdout
    assert "tavolo 1, E-O:" in italian and "tavolo 1 ew" not in italian
    english = runner.invoke(app, [*db, "--lang", "en", "history", "e", "1", "1"]).stdout
    assert "table 1, E-W:" in english and " ew" not in english
