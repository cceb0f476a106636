"""The terminal's lists of commands are not cut at an article's abbreviation (issue 27:
"Controlla le parole (Parole UISP art." — click ends a sentence at "art.")."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.test_boards_cli import Cli, create
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def test_the_parole_commands_list_shows_whole_citations() -> None:
    """Parole art. 4.1 (words), 4.4 (wilds), 5-6 (a deal's score) in the group's list."""
    result = runner.invoke(app, ["--lang", "it", "parole", "--help"])
    assert result.exit_code == 0, result.output
    assert "(Parole UISP art. 4.1)" in result.output
    assert "(Parole UISP art. 4.4)" in result.output
    assert "(Parole UISP art.\n" not in result.output


def test_the_travellers_write_the_comma_in_italian(tmp_path: Path) -> None:
    """FIBAS art. 20: differences with three decimals, written "0,000" / "+12,500" in Italian
    ("inizio scala = fine scala precedente+0,001"); the JSON keeps the point."""
    cli = Cli(tmp_path / "cu.sqlite3")
    create(cli, "--carte-uguali")
    cli("seat", "cu", "1", "--publish")
    for t in range(1, 5):
        cli("sheet", "cu", "1", str(t), f"--deal={100 * t},{10 * t},0,30", "--deal=0,20,100,40")
    it = cli.run("travellers", "cu", "1", lang="it")
    assert it.exit_code == 0
    assert re.search(r"[+-]?\d+,\d{3}\b", it.stdout) and not re.search(r"\d\.\d{3}\b", it.stdout)
    en = cli.run("travellers", "cu", "1", lang="en")
    assert re.search(r"\d\.\d{3}\b", en.stdout)
    data = cli("travellers", "cu", "1")
    assert all("." in row["datum"] for rows in data.values() for row in rows)
