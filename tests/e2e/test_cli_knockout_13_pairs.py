"""End to end through the CLI: a 13-pair Briscola knockout stored as an event (seed 001):
registration with the entry fee (premessa), the bracket with 3 byes (art. 9), one game lost
by an art. 10 irregularity, the bots playing every other game (best of 3, art. 9), the
champion; the event file exported and imported gives the same bracket."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def cli(db: str, *args: str) -> Any:
    result = runner.invoke(app, ["--db", db, *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_13_pair_knockout_played_by_bots_through_the_cli(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'briscola.sqlite3'}"
    cli(db, "knockout", "create", "coppa", "--name", "1° Torneo di Briscola", "--seed", "7")
    for i in range(1, 14):
        cli(db, "knockout", "register", "coppa", f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b")
    drawn = cli(db, "knockout", "draw", "coppa")
    first_round = drawn["bracket"]["rounds"][0]["matches"]
    assert len(first_round) == 8  # 16 places: 13 pairs and 3 byes
    playable = next(m for m in first_round if m["first"] and m["second"])
    offender = playable["second"]
    out = cli(
        db,
        "knockout",
        "irregularity",
        "coppa",
        playable["id"],
        "--offender",
        str(offender),
        "--kind",
        "out-of-turn",
        "--reason",
        "carta giocata fuori turno",
    )
    assert (
        out["ledger"][0]["kind"] == "irregularity"
        and out["ledger"][0]["article"]["article"] == "10"
    )
    final = cli(db, "knockout", "play", "coppa", "--seed", "3")
    assert final["champion"] in range(1, 14)
    assert final["fees_collected_cents"] == 13 * 400  # € 4 a pair (premessa)
    matches = [
        m
        for rnd in final["bracket"]["rounds"]
        for m in rnd["matches"]
        if m["first"] and m["second"]
    ]
    assert len(matches) == 12  # a knockout of 13 pairs has 12 matches
    for m in matches:
        wins = sorted(
            (sum(1 for g in m["games"] if g["winner"] == p) for p in (m["first"], m["second"])),
            reverse=True,
        )
        assert wins in ([2, 0], [2, 1])  # best of 3 (art. 9)
    again = next(m for m in matches if m["id"] == playable["id"])
    assert again["games"][0]["winner"] != offender  # the offending pair lost that game (art. 10)
    exported = tmp_path / "coppa.json"
    exported.write_text(runner.invoke(app, ["--db", db, "export", "coppa"]).stdout, "utf-8")
    cli(db, "knockout", "import", str(exported), "--as", "copia")
    assert cli(db, "knockout", "show", "copia")["bracket"] == final["bracket"]
    wrong = runner.invoke(app, ["--db", db, "standings", "coppa"])
    assert wrong.exit_code == 1 and "eliminazione diretta" in wrong.stderr
