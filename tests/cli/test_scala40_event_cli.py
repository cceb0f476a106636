"""Scala 40 events through the CLI (seed 004): art. 26, a latecomer registered while round 1
is played completes the table of three ("se invece esistesse già un tavolo incompleto è
facoltà dell'arbitro, sempre che sia ancora in corso lo svolgimento del primo turno di gioco,
completare il tavolo"); art. 25, a player whose abandon the sheet records (``--abandoned``)
is seated in no later round."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


class Cli:
    def __init__(self, tmp_path: Path) -> None:
        self.db = ["--db", f"sqlite:///{tmp_path / 'scala.sqlite3'}", "--lang", "en"]

    def ok(self, *args: str) -> str:
        out = runner.invoke(app, [*self.db, *args])
        assert out.exit_code == 0, out.output
        return out.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json"))


def make(tmp_path: Path) -> Cli:
    cli = Cli(tmp_path)
    cli.ok(
        "event", "create", "e", "--name", "Scala", "--code", "scala40",
        "--format", "individual", "--movements", "draw", "--rounds", "2",
    )  # fmt: skip
    for i in range(1, 8):
        cli.ok("register", "e", f"Giocatore {i}")
    cli.ok("seat", "e", "1", "--publish")
    return cli


def tables(cli: Cli, rnd: int) -> list[list[int]]:
    return [t["players"] for t in cli.json("seating", "e", str(rnd))["tables"]]


def test_art26_a_latecomer_registered_during_round_1_completes_the_table_of_three(
    tmp_path: Path,
) -> None:
    """Art. 26: registered while round 1 is played, the latecomer sits at the table of three
    (the seating stays published); the next one finds no incomplete table and is refused."""
    cli = make(tmp_path)
    before = tables(cli, 1)
    assert sorted(len(t) for t in before) == [3, 4]
    late = cli.json("register", "e", "Ritardatario")["competitor"]
    after = tables(cli, 1)
    three = next(t for t in before if len(t) == 3)
    assert [*three, late] in after and all(len(t) == 4 for t in after)
    refused = runner.invoke(app, [*cli.db, "register", "e", "Secondo ritardatario"])
    assert refused.exit_code == 1 and "registration closed" in refused.output


def test_art25_the_player_the_sheet_says_abandoned_is_not_seated_again(tmp_path: Path) -> None:
    """Art. 25: the sheet entered with ``--abandoned`` marks who left; round 2 seats the
    others only (the three left at that table played on three-handed)."""
    cli = make(tmp_path)
    by_size = {len(t["players"]): t for t in cli.json("seating", "e", "1")["tables"]}
    four, three = by_size[4]["players"], by_size[3]["players"]
    leaver = four[3]
    cli.ok(
        "sheet", "e", "1", str(by_size[4]["table"]),
        "--points", "0,10,20,30", *("--points", "0,10,20,-") * 4,
        "--abandoned", str(leaver),
    )  # fmt: skip
    cli.ok("sheet", "e", "1", str(by_size[3]["table"]), *("--points", "0,10,20") * 5)
    cli.ok("publish", "e", "1")
    cli.ok("seat", "e", "2", "--publish")
    seated = [p for t in tables(cli, 2) for p in t]
    assert leaver not in seated
    assert sorted(seated) == sorted(p for p in four + three if p != leaver)


def test_the_tiebreaks_line_of_a_scala40_event_reads_fewer_negative_points(
    tmp_path: Path,
) -> None:
    """Scala 40 art. 22: the M.P. are negative points, the fewer the better; ``event
    tiebreaks`` says so as the standings do (docs/rulings.md, "Tie-breaks")."""
    cli = make(tmp_path)
    assert cli.ok("event", "tiebreaks", "e").strip() == "on equal V.P.: fewer negative points"


def test_art2_a_scala40_event_is_individual_without_saying_so(tmp_path: Path) -> None:
    """Art. 2 "si gioca individualmente": ``event create --code scala40`` with no ``--format``
    makes an individual event of 5 rounds of 5 deals (art. 5), where it used to stop at
    "pairs"; a FIBAS event with no ``--format`` stays one of pairs."""
    cli = Cli(tmp_path)
    cli.ok("event", "create", "s", "--name", "S", "--code", "scala40", "--movements", "draw")
    cli.ok("event", "create", "f", "--name", "F", "--movements", "draw", "--rounds", "2")
    shown = cli.ok("event", "show", "s")
    assert shown.startswith("S (s): Individual, 0 competitors")
    assert "Round 5: 5 deals, Draw" in shown
    assert cli.ok("event", "show", "f").startswith("F (f): Pairs, 0 competitors")
