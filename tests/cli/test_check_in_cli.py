"""``arbitro check-in``, ``arbitro withdraw-absent`` and ``arbitro rename --player`` (FIBAS
art. 2, 4, 36), in Italian and English."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _event(tmp_path: Path, pairs: int = 4) -> str:
    db = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    create = ["--db", db, "event", "create", "e", "--name", "E", "--rounds", "2"]
    assert runner.invoke(app, [*create, "--movements", "draw,mitchell"]).exit_code == 0
    for i in range(1, pairs + 1):
        args = ["--db", db, "register", "e", f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b"]
        assert runner.invoke(app, args).exit_code == 0
    return db


def test_check_in_then_seat_refused_then_withdraw_absent_art4_art36(tmp_path: Path) -> None:
    """``check-in e 1 2 3`` reports "Presenti: 3 di 4" and names the pair missing; round 1 is
    refused naming it (art. 4); ``withdraw-absent`` withdraws it (art. 36); round 1 seats."""
    db = _event(tmp_path)
    done = runner.invoke(app, ["--db", db, "check-in", "e", "1", "2", "3"])
    assert done.exit_code == 0, done.output
    assert "Presenti: 3 di 4" in done.stdout and "4 Coppia 4" in done.stdout
    english = runner.invoke(app, ["--db", db, "--lang", "en", "check-in", "e", "3", "--json"])
    assert json.loads(english.stdout) == {"present": [1, 2, 3], "absent": [4]}
    refused = runner.invoke(app, ["--db", db, "--lang", "en", "seat", "e", "1"])
    assert refused.exit_code == 1
    assert "not checked in: 4 Coppia 4" in refused.stderr and "FIBAS art. 4" in refused.stderr
    out = runner.invoke(app, ["--db", db, "withdraw-absent", "e", "--json"])
    assert json.loads(out.stdout) == {"withdrawn": [4]}
    assert runner.invoke(app, ["--db", db, "seat", "e", "1"]).exit_code == 0
    closed = runner.invoke(app, ["--db", db, "check-in", "e", "1"])
    assert closed.exit_code == 1 and "le presenze sono chiuse" in closed.stderr


def test_check_in_all_and_absent_again(tmp_path: Path) -> None:
    """``--all`` checks in everyone; ``--absent`` takes a check-in back (art. 4)."""
    db = _event(tmp_path, 3)
    everyone = runner.invoke(app, ["--db", db, "--lang", "en", "check-in", "e", "--all"])
    assert everyone.exit_code == 0 and "Present: 3 of 3" in everyone.stdout
    back = runner.invoke(app, ["--db", db, "check-in", "e", "2", "--absent", "--json"])
    assert json.loads(back.stdout) == {"present": [1, 3], "absent": [2]}


def test_rename_with_players_art2(tmp_path: Path) -> None:
    """``rename --player`` replaces the players, with a registration's checks (art. 2)."""
    db = _event(tmp_path, 2)
    ok = runner.invoke(
        app,
        ["--db", db, "rename", "e", "2", "Rossi - Verdi", "-p", "Rossi", "-p", "Verdi", "--json"],
    )
    assert json.loads(ok.stdout) == {
        "competitor": 2,
        "name": "Rossi - Verdi",
        "players": ["Rossi", "Verdi"],
    }
    bad = runner.invoke(app, ["--db", db, "rename", "e", "2", "X", "-p", "a", "-p", "b", "-p", "c"])
    assert bad.exit_code == 1 and "3 giocatori" in bad.stderr
