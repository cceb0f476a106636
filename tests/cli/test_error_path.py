"""The CLI's one error path (issue #11): a refused action exits with status 1 in every
command group, with ``Errore: ...`` on stderr, or ``{"error": ...}`` on stdout with
``--json``; status 2 is left to Typer's usage errors. The arbiter's ``--tables`` for a Scala 40
round (art. 2) and malformed JSON options give clear messages, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()

# One refused action per command group: (group, arguments).
REFUSED = [
    ("event", ["event", "create", "e", "--name", "E", "--movements", "draw"]),
    ("rounds", ["standings", "nessuna"]),
    ("penalties", ["late", "nessuna", "1", "1", "x:y"]),
    ("eventfile", ["replay", "/nonexistent/file.json"]),
    ("vp", ["vp", "--code", "poker", "10"]),
    ("knockout", ["knockout", "show", "nessuna"]),
    ("briscola", ["briscola", "play-game", "--ns", "smart"]),
    ("scala40", ["scala40", "solve", "KH ZZ"]),
    ("score", ["score", "--melds", "XY: 3H 4H 5H"]),
    ("parole", ["parole", "score", "--words", "XX: CASA"]),
    ("articles", ["articles", "show", "poker", "1"]),
    ("arbiter", ["arbiter", "replay", "/nonexistent/deal.json"]),
    ("print", ["print", "seating", "nessuna", "1", "-o", "/tmp/x.pdf"]),
]
JSON_GROUPS = {"print"}  # the print commands write files and have no --json


@pytest.mark.parametrize(("group", "args"), REFUSED, ids=[g for g, _ in REFUSED])
def test_a_refused_action_exits_1_in_every_group(
    tmp_path: Path, group: str, args: list[str]
) -> None:
    """Exit status 1 and ``Errore: ...`` on stderr, nothing on stdout; with ``--json`` the
    error as JSON on stdout (message, msgid, key, article), still status 1."""
    db = ["--db", f"sqlite:///{tmp_path / 'e.sqlite3'}"]
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Errore: ") and result.stdout == ""
    if group in JSON_GROUPS:
        return
    as_json = runner.invoke(app, [*db, *args, "--json"])
    assert as_json.exit_code == 1, as_json.output
    error = json.loads(as_json.stdout)["error"]
    assert set(error) == {"message", "msgid", "key", "article"} and error["message"]


def test_usage_errors_keep_status_2() -> None:
    """A missing argument or an unknown option is Typer's usage error: status 2."""
    assert runner.invoke(app, ["vp"]).exit_code == 2
    assert runner.invoke(app, ["parole", "check", "CASA", "--nope"]).exit_code == 2


def test_lang_holds_for_one_run_only() -> None:
    """``--lang en`` renders that run in English; the next run is Italian again."""
    english = runner.invoke(app, ["--lang", "en", "vp", "--code", "poker", "10"])
    assert "Error: unknown code «poker»" in english.stderr
    italian = runner.invoke(app, ["vp", "--code", "poker", "10"])
    assert "Errore: codice «poker» sconosciuto" in italian.stderr


def test_help_reads_italian_by_default() -> None:
    """Italian is the default language: ``arbitro --help`` and a command's help."""
    assert "gare di carte" in runner.invoke(app, ["--help"]).stdout
    assert "Assegna i tavoli di un turno" in runner.invoke(app, ["seat", "--help"]).stdout


def _scala40_event(db: list[str]) -> None:
    def ok(*args: str) -> None:
        result = runner.invoke(app, [*db, *args])
        assert result.exit_code == 0, result.output

    ok(
        "event",
        "create",
        "s",
        "--name",
        "S",
        "--code",
        "scala40",
        "--format",
        "individual",
        "--movements",
        "draw",
    )
    for i in range(1, 9):
        ok("register", "s", f"Giocatore {i}")


def test_scala40_arbiters_tables_with_players(tmp_path: Path) -> None:
    """Issue #11: ``seat --tables`` with Scala 40 tables ``{"table", "players"}`` (art. 2) and
    no ``ns``/``ew`` seats the round (it raised ``KeyError: 'ns'``); the sheet then enters."""
    db = ["--db", f"sqlite:///{tmp_path / 's.sqlite3'}"]
    _scala40_event(db)
    tables = tmp_path / "tables.json"
    layout = [{"table": 1, "players": [8, 6, 4, 2]}, {"table": 2, "players": [1, 3, 5, 7]}]
    tables.write_text(json.dumps(layout), "utf-8")
    args = ["seat", "s", "1", "--tables", str(tables), "--publish", "--json"]
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 0, result.output
    seated = json.loads(result.stdout)["tables"]
    assert [t["players"] for t in seated] == [[8, 6, 4, 2], [1, 3, 5, 7]]
    text = runner.invoke(app, [*db, "seating", "s", "1"]).stdout
    assert "Tavolo   1: Giocatore 8 (8), Giocatore 6 (6)" in text
    sheet = runner.invoke(app, [*db, "sheet", "s", "1", "1", *["--points=0,10,20,30"] * 5])
    assert sheet.exit_code == 0, sheet.output
    history = runner.invoke(app, [*db, "history", "s", "1", "1"])
    assert history.exit_code == 0, history.output
    assert "8: 0/0/0/0/0; 6: 10/10/10/10/10" in history.stdout


@pytest.mark.parametrize(
    ("payload", "says"),
    [
        ({"table": 1, "players": [1, 2, 3, 4]}, "serve un elenco di tavoli"),
        ([{"players": [1, 2, 3, 4]}], "manca la chiave table"),
        ([{"table": 1, "players": ["a", 2, 3, 4]}], "dati non validi"),
        ([{"table": 1, "players": 5}], "dati non validi"),
        (["tavolo 1"], "dati non validi"),
    ],
)
def test_malformed_tables_are_a_clear_error(tmp_path: Path, payload: object, says: str) -> None:
    """A malformed ``--tables`` file: exit status 1 and a message naming ``--tables``."""
    db = ["--db", f"sqlite:///{tmp_path / 'm.sqlite3'}"]
    _scala40_event(db)
    tables = tmp_path / "tables.json"
    tables.write_text(json.dumps(payload), "utf-8")
    result = runner.invoke(app, [*db, "seat", "s", "1", "--tables", str(tables)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "--tables" in result.stderr and says in result.stderr
    tables.write_text("[{", "utf-8")
    broken = runner.invoke(app, [*db, "seat", "s", "1", "--tables", str(tables), "--json"])
    assert broken.exit_code == 1
    assert "JSON non valido" in json.loads(broken.stdout)["error"]["message"]


def test_malformed_json_files_of_the_game_commands(tmp_path: Path) -> None:
    """The position files of ``score`` and ``parole score`` and the arbiter's script: wrong
    shapes are refused with a message, status 1, never a traceback."""
    f = tmp_path / "x.json"
    f.write_text(json.dumps({"NS": 5}), "utf-8")
    for args in (["score", "--file", str(f)], ["parole", "score", "--file", str(f)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1 and "NS: serve un oggetto" in result.stderr
    f.write_text(json.dumps({"NS": {"melds": [1, 2]}}), "utf-8")
    assert runner.invoke(app, ["score", "--file", str(f)]).exit_code == 1
    f.write_text(json.dumps({"seed": "x"}), "utf-8")
    result = runner.invoke(app, ["arbiter", "replay", str(f)])
    assert result.exit_code == 1 and "dati non validi" in result.stderr
    f.write_text(json.dumps([1, 2]), "utf-8")
    result = runner.invoke(app, ["arbiter", "board", str(f), "--json"])
    assert result.exit_code == 1 and json.loads(result.stdout)["error"]["message"]
