"""Who gave a sanction at the terminal (FIBAS art. 36-41: the ledger says who gave each): the
director's name, as the desk records its user — the root's ``--actor``, else
``$ARBITRO_ACTOR``, else the login name; never the default «[arbitro]» (found on a club
evening: every sanction typed at the terminal read «[arbitro]»)."""

from __future__ import annotations

import getpass
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _run(db: list[str], *args: str, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, [*db, *args], env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A FIBAS evening of four pairs, round 1 published; no $ARBITRO_ACTOR."""
    monkeypatch.delenv("ARBITRO_ACTOR", raising=False)
    db = ["--db", f"sqlite:///{tmp_path / 'a.sqlite3'}"]
    _run(db, "event", "create", "e", "--name", "E", "--movements", "iscrizione", "--rounds", "1")
    for name in ("A-B", "C-D", "E-F", "G-H"):
        _run(db, "register", "e", name)
    _run(db, "seat", "e", "1", "--publish")
    return db


def _actors(db: list[str]) -> list[Any]:
    return [row["actor"] for row in json.loads(_run(db, "ledger", "e", "--json"))]


@pytest.mark.parametrize(("lang", "default"), [("it", "[arbitro]"), ("en", "[arbiter]")])
def test_fibas_art41_the_terminal_records_the_director_given(
    db: list[str], lang: str, default: str
) -> None:
    """``--actor Rossi``: the warning, the lateness (art. 37), the penalty (art. 22) and the
    abandon (art. 36) are Rossi's in the ledger, in either language; none is «[arbitro]»."""
    me = ["--actor", "Rossi"]
    _run(db, *me, "warn", "e", "1", "3", "--reason", "commenti")
    _run(db, *me, "late", "e", "1", "2", "6:30")
    _run(db, *me, "penalty", "e", "1", "1", "--reason", "carte", "--mp", "50", "--vp", "1")
    _run(db, *me, "sanction", "e", "1", "4", "--kind", "reprimand", "--reason", "tono")
    assert _actors(db) == ["Rossi"] * 4
    lines = _run(db, "--lang", lang, "ledger", "e").strip().splitlines()
    assert len(lines) == 4 and all(line.endswith("[Rossi]") for line in lines), lines
    assert not any(default in line for line in lines)


def test_fibas_art41_arbitro_actor_then_the_login_name(db: list[str]) -> None:
    """Without ``--actor``: ``$ARBITRO_ACTOR``; without it either, the login name; the
    option wins over the variable."""
    _run(db, "warn", "e", "1", "3", "--reason", "a", env={"ARBITRO_ACTOR": "Bianchi"})
    _run(db, "warn", "e", "1", "2", "--reason", "b")
    _run(db, "--actor", "Rossi", "warn", "e", "1", "1", "--reason", "c",
         env={"ARBITRO_ACTOR": "Bianchi"})  # fmt: skip
    assert _actors(db) == ["Bianchi", getpass.getuser(), "Rossi"]
    assert getpass.getuser() not in ("arbiter", "director")


def test_fibas_art22_a_ruling_and_its_cancel_are_the_directors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``arbitro arbiter rule`` (FIBAS art. 22): the ruling and the warning it gives are
    recorded as Rossi's; its cancellation too."""
    from tests.rulings.events import event, service

    monkeypatch.delenv("ARBITRO_ACTOR", raising=False)
    event(service(tmp_path), "f")
    situation = tmp_path / "situation.json"
    situation.write_text(json.dumps({"seed": 4, "script": ["rule played_before_ruling W"]}))
    db = ["--db", f"sqlite:///{tmp_path / 'r.sqlite3'}", "--actor", "Rossi"]
    where = ["--event", "f", "--round", "1", "--table", "1"]
    ruled = json.loads(_run(db, "arbiter", "rule", str(situation), *where, "--json"))
    _run(db, "arbiter", "cancel", str(ruled["seq"]), "--event", "f", "--reason", "errore")
    records = service(tmp_path).store.records("f")
    mine = [r for r in records if r.seq >= ruled["seq"]]
    assert mine and all(r.actor == "Rossi" for r in mine), [(r.seq, r.actor) for r in mine]


@pytest.mark.parametrize(
    ("lang", "other", "said"), [("en", "it", "Output as JSON."), ("it", "en", "Uscita in JSON.")]
)
def test_the_root_options_keep_the_commands_help_in_the_runs_language(
    lang: str, other: str, said: str
) -> None:
    """The root's ``--actor`` is read without loading the commands' shared options before
    the run's language is set: ``arbitro --lang en players add --help`` in a new process
    (``ARBITRO_LANG`` the other language) says ``--json`` in English (it was Italian)."""
    env = {**os.environ, "ARBITRO_LANG": other}
    run = subprocess.run(
        [sys.executable, "-m", "arbitro", "--lang", lang, "players", "add", "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    json_line = next(line for line in run.stdout.splitlines() if "--json" in line)
    assert said in json_line, run.stdout
