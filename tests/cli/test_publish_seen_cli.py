"""``arbitro publish-seating --seen`` (issue 29, "Bad luck"): a director at the terminal
publishes the seating version shown by ``seat``/``seating``; if another director seated the
round again meanwhile, it is refused with the tables that changed, in Italian and English
(FIBAS art. 21 b: the round starts with the posted seating; art. 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def test_publish_seating_with_seen_refuses_a_seating_changed_since(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 's.sqlite3'}"
    assert (
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
                "--deals",
                "2",
                "--movements",
                "draw,danish",
            ],
        ).exit_code
        == 0
    )
    for i in range(1, 9):
        assert runner.invoke(app, ["--db", db, "register", "e", f"Coppia {i}"]).exit_code == 0
    first = runner.invoke(app, ["--db", db, "seat", "e", "1", "--seed", "1"])
    assert first.exit_code == 0, first.output
    shown = re.search(r"Posizione ai tavoli versione (\d+): .*--seen (\d+)", first.stdout)
    assert shown is not None, first.stdout
    seen = shown[1]
    assert shown[2] == seen
    looked = runner.invoke(app, ["--db", db, "seating", "e", "1", "--json"])
    assert json.loads(looked.stdout)["version"] == int(seen)

    other = runner.invoke(app, ["--db", db, "seat", "e", "1", "--seed", "2"])  # director B
    assert other.exit_code == 0, other.output

    refused = runner.invoke(app, ["--db", db, "publish-seating", "e", "1", "--seen", seen])
    assert refused.exit_code == 1
    assert "la posizione ai tavoli del turno 1 è cambiata" in refused.output
    assert re.search(r"Tavolo \d: Coppia \d – Coppia \d, era Coppia \d – Coppia \d", refused.output)
    english = runner.invoke(
        app, ["--db", db, "--lang", "en", "publish-seating", "e", "1", "--seen", seen, "--json"]
    )
    assert english.exit_code == 1
    error = json.loads(english.stdout)["error"]
    assert "round 1's seating changed after you looked at it" in error["message"]
    assert re.search(
        r"Table \d: Coppia \d – Coppia \d, was Coppia \d – Coppia \d", error["message"]
    )
    assert error["changes"] and all(c["now"] and c["was"] for c in error["changes"])
    assert (
        json.loads(looked.stdout)["tables"]
        != json.loads(runner.invoke(app, ["--db", db, "seating", "e", "1", "--json"]).stdout)[
            "tables"
        ]
    )

    now = json.loads(runner.invoke(app, ["--db", db, "seating", "e", "1", "--json"]).stdout)
    done = runner.invoke(
        app, ["--db", db, "publish-seating", "e", "1", "--seen", str(now["version"])]
    )
    assert done.exit_code == 0, done.output
    after = runner.invoke(app, ["--db", db, "seating", "e", "1"])
    assert "--seen" not in after.stdout  # published: no version to give any more
