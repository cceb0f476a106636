"""End to end through the CLI: a 32-player Scala 40 event of 5 rounds of 5 deals (seed 004,
art. 5), first round by draw, then Mitchell-style moves and Danish rounds (art. 2), every
table's sheet of negative points entered; the standings computed by hand here with the
code's 8/6/4/2 and its 5-deal difference table (art. 22, summed reading of DESIGN.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()
PLACEMENT = [8, 6, 4, 2]  # art. 22 "punti classifica"
# art. 22 "TABELLA PER 5 SMAZZATE", copied by hand: (up to difference, VP); beyond 300: 12.
FIVE_DEALS = [(40, 0), (80, 2), (130, 4), (190, 6), (250, 8), (300, 10)]


def diff_vp(d: int) -> int:
    return next((vp for high, vp in FIVE_DEALS if d <= high), 12)


def cli(db: str, *args: str) -> Any:
    result = runner.invoke(app, ["--db", db, *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_32_players_5_rounds(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'scala.sqlite3'}"
    cli(
        db,
        "event",
        "create",
        "scala",
        "--name",
        "Scala 40 sociale",
        "--code",
        "scala40",
        "--format",
        "individual",
        "--rounds",
        "5",
        "--deals",
        "5",
        "--movements",
        "draw,mitchell,mitchell,danish,danish",
    )
    for i in range(1, 33):
        cli(db, "register", "scala", f"Giocatore {i}")
    vp = {p: 0 for p in range(1, 33)}
    mp = {p: 0 for p in range(1, 33)}
    for rnd in range(1, 6):
        tables = cli(db, "seat", "scala", str(rnd), "--publish")["tables"]
        assert len(tables) == 8 and all(len(t["players"]) == 4 for t in tables)
        for t in tables:
            players = t["players"]
            # distinct totals at each table: player k of the table loses 5 * (k * (rnd + t) % 13 + k) a deal
            per_deal = [5 * ((k * (rnd + t["table"])) % 13) + 7 * k for k in range(4)]
            cli(
                db,
                "sheet",
                "scala",
                str(rnd),
                str(t["table"]),
                *[f"--points={','.join(map(str, per_deal))}"] * 5,
            )
            totals = [5 * x for x in per_deal]
            order = sorted(totals)
            for p, total in zip(players, totals, strict=True):
                place = order.index(total)
                gaps = sum(u - total for u in totals if u > total)
                vp[p] += PLACEMENT[place] + diff_vp(gaps)
                mp[p] += total
        cli(db, "publish", "scala", str(rnd))
    final = cli(db, "standings", "scala")
    expected = sorted(((p, vp[p], mp[p]) for p in vp), key=lambda x: (-x[1], x[2], x[0]))
    assert [(r["competitor"], r["vp"], r["mp"]) for r in final["rows"]] == expected
