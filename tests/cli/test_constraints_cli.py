"""``arbitro constraint add / list / cancel`` and the seating's report of a constraint not
kept (FIBAS art. 4), in Italian and English."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _event(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'v.sqlite3'}"
    create = ["--db", db, "event", "create", "e", "--name", "E", "--rounds", "2"]
    made = runner.invoke(app, [*create, "--movements", "registration,mitchell"])
    assert made.exit_code == 0, made.output
    for i in range(1, 5):
        args = ["--db", db, "register", "e", f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b"]
        assert runner.invoke(app, args).exit_code == 0
    return db


def test_constraint_add_list_seat_report_and_cancel_art4(tmp_path: Path) -> None:
    """Coppia 1 and 2 (family) must not meet; round 1 by registration order seats them at
    table 1 (art. 4 "in base all'ordine di iscrizione"): ``seat`` says so in Italian, and in
    English with ``--lang en``; the constraint is listed and then cancelled with a reason."""
    db = _event(tmp_path)
    added = runner.invoke(
        app, ["--db", db, "constraint", "add", "e", "2", "1", "--reason", "family", "--json"]
    )
    assert added.exit_code == 0, added.output
    seq = json.loads(added.stdout)["seq"]
    assert json.loads(added.stdout) == {"seq": seq, "first": 1, "second": 2}
    listed = runner.invoke(app, ["--db", db, "--lang", "en", "constraint", "list", "e"])
    assert f"#{seq}  1 Coppia 1 – 2 Coppia 2 (family)" in listed.stdout
    wrong = runner.invoke(app, ["--db", db, "constraint", "add", "e", "1", "3", "--reason", "x"])
    # The reasons in the reader's language (issue 26 L), as the director may type them.
    assert wrong.exit_code == 1 and "circolo | famiglia | direttore" in wrong.stderr
    seated = runner.invoke(app, ["--db", db, "seat", "e", "1"])
    assert seated.exit_code == 0, seated.output
    assert (
        "Vincolo non rispettato: Coppia 1–Coppia 2 si incontrano al tavolo 1 (familiari)"
        in seated.stdout
    )
    shown = runner.invoke(app, ["--db", db, "--lang", "en", "seating", "e", "1"])
    assert "Constraint not kept: Coppia 1–Coppia 2 meet at table 1 (family)" in shown.stdout
    as_json = runner.invoke(app, ["--db", db, "seat", "e", "1", "--json"])
    assert json.loads(as_json.stdout)["unkept_constraints"] == [
        {"seq": seq, "first": 1, "second": 2, "reason": "family", "table": 1}
    ]
    cancelled = runner.invoke(
        app, ["--db", db, "constraint", "cancel", "e", str(seq), "--reason", "errore"]
    )
    assert cancelled.exit_code == 0, cancelled.output
    empty = runner.invoke(app, ["--db", db, "constraint", "list", "e", "--json"])
    assert json.loads(empty.stdout) == []
    again = runner.invoke(app, ["--db", db, "seating", "e", "1"])
    assert "Vincolo" not in again.stdout


def test_add_clubs_from_the_registry_keeps_same_club_pairs_apart_art4(tmp_path: Path) -> None:
    """``constraint add-clubs``: competitors with registry players of one club (case and
    accents ignored) are kept apart, reason "same club", the club as the note; run again it
    adds nothing."""
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    create = ["--db", db, "event", "create", "e", "--name", "E", "--rounds", "2"]
    assert runner.invoke(app, [*create, "--movements", "draw,mitchell"]).exit_code == 0
    clubs = ["Aurora", "AURORA", "Aurora", "Borgo", "Borgó", None, None, None]
    for card, club in enumerate(clubs, start=1):
        args = ["--db", db, "players", "add", f"Giocatore {card}", "--card", f"C{card}"]
        assert runner.invoke(app, args + (["--club", club] if club else [])).exit_code == 0
    for first in (1, 3, 5, 7):
        args = ["--db", db, "players", "register", "e", "-p", f"C{first}", "-p", f"C{first + 1}"]
        done = runner.invoke(app, args)
        assert done.exit_code == 0, done.output
    added = runner.invoke(app, ["--db", db, "constraint", "add-clubs", "e", "--json"])
    assert added.exit_code == 0, added.output
    assert json.loads(added.stdout) == [
        {"first": 1, "second": 2, "club": "Aurora"},
        {"first": 2, "second": 3, "club": "Borgo"},
    ]
    listed = runner.invoke(app, ["--db", db, "constraint", "list", "e", "--json"])
    assert [
        (c["first"], c["second"], c["reason"], c["note"]) for c in json.loads(listed.stdout)
    ] == [
        (1, 2, "club", "Aurora"),
        (2, 3, "club", "Borgo"),
    ]
    again = runner.invoke(app, ["--db", db, "constraint", "add-clubs", "e"])
    assert again.exit_code == 0 and "Vincoli dello stesso circolo aggiunti: 0" in again.stdout
