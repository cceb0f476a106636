"""Burraco Parole art. 13.4 through ``arbitro abandon --score``: the arbiter's choice of the
leaving side's score (zero, the table's score, the score acquired so far); FIBAS art. 36
offers none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.cli.penalties import AbandonChoice
from arbitro.tournament.records import AbandonScore

runner = CliRunner()


def event(tmp_path: Path, code: str) -> list[str]:
    db = ["--db", f"sqlite:///{tmp_path / 'a.sqlite3'}", "--lang", "en"]
    deals = ["--deals", "3"] if code != "burraco-fibas" else []
    for args in (
        ["event", "create", "e", "--name", "E", "--code", code, "--rounds", "1",
         "--movements", "registration", *deals],
        ["register", "e", "A"],
        ["register", "e", "B"],
        ["seat", "e", "1", "--publish"],
    ):  # fmt: skip
        out = runner.invoke(app, [*db, *args])
        assert out.exit_code == 0, out.output
    return db


def test_the_cli_choices_are_the_records() -> None:
    assert [c.value for c in AbandonChoice] == [s.value for s in AbandonScore]


@pytest.mark.parametrize("choice", [c.value for c in AbandonChoice])
def test_art13_4_abandon_with_the_arbiters_choice(tmp_path: Path, choice: str) -> None:
    db = event(tmp_path, "burraco-parole-uisp")
    out = runner.invoke(
        app, [*db, "abandon", "e", "1", "1", "--reason", "malore", "--score", choice, "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["score"] == choice
    ledger = runner.invoke(app, [*db, "ledger", "e"]).stdout
    assert "Parole UISP art. 13.4" in ledger


def test_fibas_art36_refuses_a_choice(tmp_path: Path) -> None:
    db = event(tmp_path, "burraco-fibas")
    out = runner.invoke(
        app, [*db, "abandon", "e", "1", "1", "--reason", "malore", "--score", "zero"]
    )
    assert out.exit_code == 1 and "FIBAS art. 36" in out.output
