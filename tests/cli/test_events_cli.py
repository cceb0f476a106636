"""The CLI's own behaviour: ``arbitro vp`` (art. 20), errors in Italian and English, JSON
errors, registrations from CSV, and the demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def test_vp_command_prints_12_8() -> None:
    """The issue's example: ``arbitro vp --code burraco-fibas --deals 2 130`` → ``12-8``."""
    result = runner.invoke(app, ["vp", "--code", "burraco-fibas", "--deals", "2", "130"])
    assert result.exit_code == 0 and result.stdout.strip() == "12-8"


def test_vp_command_json_teams_and_duplicate() -> None:
    """Teams table and the continuous "carte uguali" scale (art. 20), as JSON."""
    out = json.loads(runner.invoke(app, ["vp", "--teams", "2600", "--json"]).stdout)
    assert (out["winner"], out["loser"]) == (20, 0)
    assert (
        runner.invoke(app, ["vp", "--deals", "1", "--duplicate", "30.5"]).stdout.strip() == "11-9"
    )


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("it", "Errore: differenza di 42 M.P. impossibile"),
        ("en", "Error: an MP difference of 42 is impossible"),
    ],
)
def test_errors_in_the_users_language(lang: str, text: str) -> None:
    """A clear message in Italian (default) or English, exit status 1, nothing else."""
    result = runner.invoke(app, ["--lang", lang, "vp", "--deals", "2", "42"])
    assert result.exit_code == 1
    assert text in result.stderr


def test_json_error_carries_both_languages_and_the_article(tmp_path: Path) -> None:
    """With --json, an error is ``{"error": ...}``: the message in the user's language, its
    msgid, key and article."""
    db = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    runner.invoke(
        app,
        [
            "--db",
            db,
            "event",
            "create",
            "e",
            "--name",
            "E",
            "--rounds",
            "1",
            "--deals",
            "1",
            "--movements",
            "draw",
        ],
    )
    result = runner.invoke(
        app,
        [
            "--db",
            db,
            "event",
            "create",
            "e2",
            "--name",
            "E",
            "--rounds",
            "1",
            "--deals",
            "1",
            "--movements",
            "draw",
            "--json",
        ],
    )
    err = json.loads(result.stdout)["error"]
    assert result.exit_code == 1 and "carte preparate" in err["message"]
    assert err["article"]["article"] == "7" and set(err) == {"message", "msgid", "key", "article"}
    missing = runner.invoke(app, ["--db", db, "standings", "nessuna", "--json"])
    assert "inesistente" in json.loads(missing.stdout)["error"]["message"]
    english = runner.invoke(app, ["--lang", "en", "--db", db, "standings", "nessuna", "--json"])
    assert english.exit_code == 1 and "inesistente" not in english.stdout


def test_csv_import_with_semicolons_and_the_players(tmp_path: Path) -> None:
    """Registrations from a spreadsheet's CSV (``;``), then renamed and withdrawn."""
    db = f"sqlite:///{tmp_path / 'b.sqlite3'}"
    runner.invoke(
        app,
        [
            "--db",
            db,
            "event",
            "create",
            "e",
            "--name",
            "E",
            "--rounds",
            "2",
            "--movements",
            "draw,danish",
        ],
    )
    csv = tmp_path / "iscritti.csv"
    csv.write_text(
        "Nome;Giocatore1;Giocatore2\nRossi / Bianchi;Mario Rossi;Lucia Bianchi\n\nVerdi / Neri;Ugo Verdi;Ada Neri\n",
        "utf-8",
    )
    out = json.loads(runner.invoke(app, ["--db", db, "import-csv", "e", str(csv), "--json"]).stdout)
    assert out == {"registered": [1, 2]}
    bad = tmp_path / "bad.csv"
    bad.write_text("cognome,citta\nRossi,Roma\n", "utf-8")
    result = runner.invoke(app, ["--db", db, "import-csv", "e", str(bad)])
    assert result.exit_code == 1 and "manca la colonna del nome" in result.stderr
    assert (
        runner.invoke(app, ["--db", db, "rename", "e", "2", "Verdi / Neri (Milano)"]).exit_code == 0
    )
    out = json.loads(runner.invoke(app, ["--db", db, "withdraw", "e", "1", "--json"]).stdout)
    assert out["from_round"] == 1


def test_demo_plays_to_final_standings(tmp_path: Path) -> None:
    """The main job: the demo event from registration to final standings."""
    result = runner.invoke(
        app, ["--db", f"sqlite:///{tmp_path / 'demo.sqlite3'}", "demo", "--event-id", "demo"]
    )
    assert result.exit_code == 0, result.output
    assert "Classifica dopo il turno 4 (definitiva)" in result.stdout
    assert result.stdout.count("[riposo]") == 4  # 9 pairs: one rests each round (art. 37)
    assert "ritardo -100 M.P." in result.stdout


def test_law13_ruling_recorded_against_a_board_and_in_the_ledger(tmp_path: Path) -> None:
    """Bridge Law 13 as the model for prepared deals where the event's code has no rule of
    its own (Parole UISP; FIBAS has art. 6, tests/cli/test_wrong_count_fibas_cli.py): a
    pocket with 12 cards instead of 11, found before any call, nobody saw a card: correct
    and play (13D1); recorded against the board, listed in the ledger, exported."""
    db = ["--db", f"sqlite:///{tmp_path / 'l.sqlite3'}"]
    made = runner.invoke(
        app,
        [
            *db,
            "event",
            "create",
            "dup",
            "--name",
            "Carte preparate",
            "--code",
            "burraco-parole-uisp",
            "--rounds",
            "1",
            "--deals",
            "3",
            "--movements",
            "registration",
        ],
    )
    assert made.exit_code == 0, made.output
    for name in ("A", "B"):
        runner.invoke(app, [*db, "register", "dup", name])
    runner.invoke(app, [*db, "seat", "dup", "1", "--publish"])
    out = runner.invoke(
        app,
        [
            *db,
            "law13",
            "dup",
            "1",
            "1",
            "--board",
            "7",
            "--count",
            "N=12",
            "--count",
            "E=10",
            "--reason",
            "tasca N con 12 carte",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    ruling = json.loads(out.stdout)
    assert (ruling["board"], ruling["paragraph"], ruling["counts"]) == (
        7,
        "13D1",
        {"N": 12, "E": 10},
    )
    ledger = runner.invoke(app, [*db, "ledger", "dup"]).stdout
    assert "decisione su un board (Bridge art. 13D1) board 7" in ledger
    assert "tasca N con 12 carte" in ledger
    exported = json.loads(runner.invoke(app, [*db, "export", "dup"]).stdout)
    assert exported["records"][-1]["kind"] == "board-ruling"
    ok = runner.invoke(
        app, [*db, "law13", "dup", "1", "1", "--board", "8", "--count", "N=11", "--reason", "x"]
    )
    assert ok.exit_code == 1 and "numero corretto di carte" in ok.stderr


def test_arbiter_apply_carries_warnings_into_the_event(tmp_path: Path) -> None:
    """`arbitro arbiter apply`: a deal's script with a warning (art. 22) recorded in the event's
    ledger, and the deal's sheet row printed."""
    db = ["--db", f"sqlite:///{tmp_path / 'ap.sqlite3'}"]
    runner.invoke(
        app,
        [
            *db,
            "event",
            "create",
            "e",
            "--name",
            "E",
            "--rounds",
            "1",
            "--movements",
            "registration",
        ],
    )
    for name in ("A", "B"):
        runner.invoke(app, [*db, "register", "e", name])
    runner.invoke(app, [*db, "seat", "e", "1", "--publish"])
    script = tmp_path / "deal.json"
    script.write_text(json.dumps({"seed": 3, "script": ["rule played_before_ruling E"]}), "utf-8")
    out = runner.invoke(
        app,
        [
            *db,
            "arbiter",
            "apply",
            str(script),
            "--event",
            "e",
            "--round",
            "1",
            "--table",
            "1",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["warnings"][0][:2] == ["E", "22"]
    ledger = json.loads(runner.invoke(app, [*db, "ledger", "e", "--json"]).stdout)
    # the ruling (issue 31: recorded with its warnings in one transaction), then its warning
    assert [(e["kind"], e["competitor"]) for e in ledger] == [
        ("ruling-given", None),
        ("warning", 2),
    ]


def test_scala40_defaults_to_5_rounds_of_5_closings_art5(tmp_path: Path) -> None:
    """Scala 40 art. 5: "5 turni di gioco da 5 chiusure a turno" when not given; Burraco has
    no default number of rounds and says so."""
    db = ["--db", f"sqlite:///{tmp_path / 'd.sqlite3'}"]
    out = runner.invoke(
        app,
        [
            *db,
            "event",
            "create",
            "s",
            "--name",
            "Scala",
            "--code",
            "scala40",
            "--format",
            "individual",
            "--movements",
            "draw",
            "--json",
        ],
    )
    config = json.loads(out.stdout)["config"]
    assert (config["rounds"], config["deals"]) == (5, [5] * 5)
    refused = runner.invoke(
        app, [*db, "event", "create", "b", "--name", "B", "--movements", "draw"]
    )
    assert refused.exit_code == 1 and "--rounds" in refused.stderr


def test_demo_event_ended_before_now_so_its_standings_are_final(tmp_path: Path) -> None:
    """The demo evening (what `arbitro serve --demo` loads) is played in the past: by now its
    last round's complaints window has closed and the standings are final (art. 39)."""
    from datetime import UTC, datetime

    from arbitro.services.demo import run_demo
    from arbitro.store import RecordStore

    result = run_demo(RecordStore(f"sqlite:///{tmp_path / 'd.sqlite3'}"), "demo")
    assert result.finished_at < datetime.now(UTC)
    assert result.state.standings_final(result.state.config.rounds, datetime.now(UTC))


def test_json_output_writes_a_record_and_its_body_field_by_field() -> None:
    """``--json`` writes a record's body (a frozen msgspec Struct) as its fields, by their
    names, enums as their values, as it wrote the frozen dataclasses (FIBAS art. 4: a round's
    seating)."""
    from datetime import UTC, datetime

    from arbitro.cli.common import dumps
    from arbitro.tournament.model import Movement
    from arbitro.tournament.records import Record, RoundSeated, SeatedTable

    body = RoundSeated(1, Movement.DRAW, (SeatedTable(1, (1,), (2,)),), 7)
    rec = Record(body, datetime(2026, 11, 28, 20, 30, tzinfo=UTC), "director")
    seated = {
        "round": 1,
        "movement": "draw",
        "tables": [{"table": 1, "ns": [1], "ew": [2], "players": None}],
        "seed": 7,
        "mitchell_step": None,
    }
    assert json.loads(dumps(body)) == seated
    assert json.loads(dumps(rec)) == {
        "body": seated,
        "at": "2026-11-28T20:30:00+00:00",
        "actor": "director",
        "reason": None,
        "seq": 0,
    }
