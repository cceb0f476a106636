"""The event files exported by the landed version (1bc6004), kept next to this file, import
through the public CLI and give the standings that version computed after the last round
(``<name>.standings.json``; for the knockout, ``knockout show --json``'s bracket and champion).
On 1bc6004 itself every file passes but scala40.json (issue #11 a)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

HERE = Path(__file__).resolve().parent / "legacy"
ROUND_EVENTS = [
    "burraco-pairs",
    "burraco-teams",
    "burraco-individual",
    "parole",
    "scala40",
    "burraco-500",
]
KEY = ("rank", "competitor", "vp", "mp", "withdrawn")
runner = CliRunner()


@pytest.fixture(autouse=True)
def _clean_cli_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITRO_LANG", raising=False)
    monkeypatch.delenv("ARBITRO_DATABASE_URL", raising=False)


def _cli(db: str, *args: str) -> Any:
    result = runner.invoke(app, ["--db", db, *args, "--json"])
    assert result.exit_code == 0, (args, result.output, result.exception)
    return json.loads(result.stdout)


def _fixture(name: str) -> tuple[Path, Any]:
    path = HERE / f"{name}.json"
    assert path.exists(), f"{path} is a fixture of this test"
    return path, json.loads((HERE / f"{name}.standings.json").read_text("utf-8"))


@pytest.mark.parametrize("name", ROUND_EVENTS)
def test_legacy_event_file_imports_with_the_same_standings(name: str, tmp_path: Path) -> None:
    path, expected = _fixture(name)
    db = f"sqlite:///{tmp_path / 'legacy.sqlite3'}"
    _cli(db, "import", str(path), "--as", "legacy")
    got = _cli(db, "standings", "legacy")
    assert got["round"] == expected["round"]
    assert [[r[k] for k in KEY] for r in got["rows"]] == [
        [r[k] for k in KEY] for r in expected["rows"]
    ]


def test_legacy_knockout_file_imports_with_the_same_bracket(tmp_path: Path) -> None:
    path, expected = _fixture("briscola-knockout")
    db = f"sqlite:///{tmp_path / 'legacy.sqlite3'}"
    _cli(db, "knockout", "import", str(path), "--as", "legacy")
    got = _cli(db, "knockout", "show", "legacy")
    assert got["champion"] == expected["champion"]
    # The landed version named each round in both languages; it is now named in the
    # language of the run (Italian by default).
    for rnd in expected["bracket"]["rounds"]:
        rnd["name"] = rnd["name"]["it"]
        # A match now says whether it was won by walkover (Briscola art. 9, issue 27): none
        # of the landed version's matches was.
        for match in rnd["matches"]:
            match["walkover"] = None
    assert got["bracket"] == expected["bracket"]
    assert got["fees_collected_cents"] == expected["fees_collected_cents"]
