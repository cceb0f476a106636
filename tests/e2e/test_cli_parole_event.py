"""End to end through the CLI: a Burraco Parole pairs event (UISP code, seed 002): 9 pairs,
first round random and then stationary and moving lines (art. 3.2), rounds of 3 deals with
the Parole VP table (art. 3), the incomplete table's 355 MP (art. 3.1), a lateness (art. 13.2),
a reprimand (art. 14.4), the standings and the ties for prizes (art. 6.1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()
# Art. 3, "Tabella Victory Point Burraco Parole Basic", copied by hand: (up to MP, winner VP).
PAROLE_VP = [
    (40, 10),
    (120, 11),
    (200, 12),
    (300, 13),
    (400, 14),
    (500, 15),
    (620, 16),
    (740, 17),
    (870, 18),
    (1000, 19),
]


def vp(diff: int) -> tuple[int, int]:
    for high, w in PAROLE_VP:
        if abs(diff) <= high:
            return (w, 20 - w) if diff >= 0 else (20 - w, w)
    return (20, 0) if diff > 0 else (0, 20)


def cli(db: str, *args: str) -> Any:
    result = runner.invoke(app, ["--db", db, *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_parole_event_end_to_end(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parole.sqlite3'}"
    cli(
        db,
        "event",
        "create",
        "parole",
        "--name",
        "Burraco Parole del giovedì",
        "--code",
        "burraco-parole-uisp",
        "--rounds",
        "3",
        "--deals",
        "3",
        "--movements",
        "draw,mitchell,mitchell",
    )
    for i in range(1, 10):
        cli(db, "register", "parole", f"Coppia {i}")
    expected = {c: [0, 0] for c in range(1, 10)}
    stationary: dict[int, int] = {}
    for rnd in (1, 2, 3):
        tables = cli(db, "seat", "parole", str(rnd), "--publish")["tables"]
        for t in tables:
            if t["ns"] is None or t["ew"] is None:
                (line,) = [x for x in (t["ns"], t["ew"]) if x]
                expected[line[0]][0] += 14  # 355 MP → 14 VP (art. 3.1, art. 3)
                expected[line[0]][1] += 355
                continue
            a, b = t["ns"][0], t["ew"][0]
            if rnd == 1:
                stationary[t["table"]] = a
            else:
                assert stationary[t["table"]] == a  # art. 3.2: the stationary line stays
            deals = [
                (50 * (t["table"] % 3), 5 * (7 * t["table"] + rnd), 100, 5 * rnd),
                (150, 20, 0, -35),
                (0, -10, 50, 45),
            ]
            cli(
                db,
                "sheet",
                "parole",
                str(rnd),
                str(t["table"]),
                *[f"--deal={','.join(map(str, d))}" for d in deals],
            )
            ns_total = sum(d[0] + d[1] for d in deals)
            ew_total = sum(d[2] + d[3] for d in deals)
            va, vb = vp(ns_total - ew_total)
            expected[a][0] += va
            expected[a][1] += ns_total - ew_total
            expected[b][0] += vb
            expected[b][1] += ew_total - ns_total
        if rnd == 2:
            late = tables[0]["ns"][0]
            cli(db, "late", "parole", "2", str(late), "4:00")  # 3-5 minutes: -100 MP (art. 13.2)
            expected[late][1] -= 100
            cli(
                db,
                "sanction",
                "parole",
                "2",
                str(tables[1]["ns"][0]),
                "--kind",
                "reprimand",
                "--reason",
                "commenti sul gioco",
            )
        cli(db, "publish", "parole", str(rnd))
    final = cli(db, "standings", "parole")
    got = {r["competitor"]: [r["vp"], r["mp"]] for r in final["rows"]}
    assert got == expected
    ledger = cli(db, "ledger", "parole")
    assert [(e["kind"], e["article"]["article"]) for e in ledger] == [
        ("lateness", "13"),
        ("reprimand", "14.4"),
    ]
    prizes = cli(db, "prizes", "parole", "--places", "9", "--draw-seed", "1")
    rows = final["rows"]
    tied = {
        r["competitor"]
        for r in rows
        if sum(1 for o in rows if (o["vp"], o["mp"]) == (r["vp"], r["mp"])) > 1
    }
    assert {c for tie in prizes["ties"] for c in tie["competitors"]} == tied
