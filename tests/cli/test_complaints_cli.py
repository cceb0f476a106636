"""``arbitro complaints``, ``arbitro resolve --accept --table`` and ``arbitro redraw`` (FIBAS
art. 21, 38-39): the terminal lists the open complaints with their numbers, accepts one with
the correction of an inverted sheet counted in the round it concerns, and says when the next
round's drawn seating is stale."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _round_1_published(tmp_path: Path) -> str:
    """Four pairs, round 1 by registration order then Danish; pair 1 beats pair 2 1000-0,
    pair 3 beats pair 4 200-0; round 1's standings published, round 2 drawn (not posted)."""
    db = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    create = ["--db", db, "event", "create", "e", "--name", "E", "--rounds", "3", "--deals", "2"]
    made = runner.invoke(app, [*create, "--movements", "registration,danish,danish"])
    assert made.exit_code == 0, made.output
    for i in range(1, 5):
        assert runner.invoke(app, ["--db", db, "register", "e", f"Coppia {i}"]).exit_code == 0
    for args in (
        ["seat", "e", "1"],
        ["publish-seating", "e", "1"],
        ["sheet", "e", "1", "1", "-d", "300,200,0,0", "-d", "300,200,0,0"],
        ["sheet", "e", "1", "2", "-d", "100,0,0,0", "-d", "100,0,0,0"],
        ["publish", "e", "1"],
        ["seat", "e", "2"],
    ):
        done = runner.invoke(app, ["--db", db, *args])
        assert done.exit_code == 0, (args, done.output)
    return db


def test_complaints_listed_accepted_with_the_correction_and_redraw_art21_39(
    tmp_path: Path,
) -> None:
    """FIBAS art. 39: ``complaints`` shows the open complaint's number, round, competitor and
    text; ``resolve --accept --table 1`` corrects table 1's inverted scores in round 1's
    standings (art. 21) and says round 2's drawn seating is stale (art. 21 a); ``redraw``
    seats round 2 on the corrected standings."""
    db = _round_1_published(tmp_path)
    lodged = runner.invoke(
        app, ["--db", db, "complaint", "e", "1", "2", "punteggi invertiti", "--json"]
    )
    number = json.loads(lodged.stdout)["complaint"]
    listed = runner.invoke(app, ["--db", db, "complaints", "e"])
    assert listed.exit_code == 0, listed.output
    said = f"Reclamo n. {number}, turno 1, del concorrente 2 (Coppia 2): punteggi invertiti"
    assert said in listed.stdout
    english = runner.invoke(app, ["--db", db, "--lang", "en", "complaints", "e", "--json"])
    assert json.loads(english.stdout) == [
        {"complaint": number, "round": 1, "competitor": 2, "text": "punteggi invertiti"}
    ]
    accept = ["resolve", "e", "1", str(number), "--decision", "accolto", "--accept"]
    decided = runner.invoke(app, ["--db", db, *accept, "--table", "1"])
    assert decided.exit_code == 0, decided.output
    assert f"Reclamo n. {number} accolto: «accolto»" in decided.stdout
    assert "vale dal turno 1" in decided.stdout
    assert "arbitro redraw e 2" in decided.stdout
    assert "Nessun reclamo aperto." in runner.invoke(app, ["--db", db, "complaints", "e"]).stdout
    standings = json.loads(
        runner.invoke(app, ["--db", db, "standings", "e", "--round", "1", "--json"]).stdout
    )
    assert standings["rows"][0]["competitor"] == 2
    redrawn = runner.invoke(app, ["--db", db, "redraw", "e", "2"])
    assert redrawn.exit_code == 0, redrawn.output
    seating = json.loads(runner.invoke(app, ["--db", db, "seating", "e", "2", "--json"]).stdout)
    assert seating["tables"][0]["ns"] == [2]


def test_a_rejected_complaint_changes_nothing_art38(tmp_path: Path) -> None:
    """FIBAS art. 38: ``resolve --reject`` settles the complaint; no sheet is corrected."""
    db = _round_1_published(tmp_path)
    lodged = runner.invoke(app, ["--db", db, "complaint", "e", "1", "2", "VP", "--json"])
    number = json.loads(lodged.stdout)["complaint"]
    reject = ["resolve", "e", "1", str(number), "--decision", "no", "--reject"]
    decided = runner.invoke(app, ["--db", db, "--lang", "en", *reject, "--table", "1", "--json"])
    assert json.loads(decided.stdout) == {
        "complaint": number,
        "resolved": True,
        "accepted": False,
        "effective_round": None,
    }
    standings = json.loads(
        runner.invoke(app, ["--db", db, "standings", "e", "--round", "1", "--json"]).stdout
    )
    assert standings["rows"][0]["competitor"] == 1
