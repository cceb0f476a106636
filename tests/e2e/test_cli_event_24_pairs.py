"""End to end through the CLI: a 24-pair, 5-round FIBAS event (3 Mitchell rounds, the first
seated by registration order, then 2 modified Danish rounds), with one incomplete table, one
lateness, two warnings and one correction; the final standings are computed by hand here,
with the 2-deal table as printed in the code (art. 20)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app

# Art. 20, "2 SMAZZATE", copied from the code by hand: (up to MP difference, winner VP).
TWO_DEALS = [
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
REST = (305, 14)  # art. 37, rounds of 2 deals


def vp(diff: int) -> tuple[int, int]:
    for high, winner in TWO_DEALS:
        if abs(diff) <= high:
            return (winner, 20 - winner) if diff >= 0 else (20 - winner, winner)
    return (20, 0) if diff > 0 else (0, 20)


def deals_for(rnd: int, table: int) -> list[tuple[int, int, int, int]]:
    """The sheet the test enters at a table: arbitrary but fixed numbers."""
    a = (table * 7 + rnd * 3) % 9
    b = (table * 5 + rnd) % 7
    return [
        (100 * (a % 4), 5 * (a * 11 % 40), 100 * (b % 3), 5 * (b * 13 % 30) - 50),
        (150 if a % 2 else 0, 5 * (b * 7 % 25), 200 if b % 2 else 0, 5 * (a * 3 % 20)),
    ]


class Cli:
    def __init__(self, db: Path) -> None:
        self.runner = CliRunner()
        self.db = f"sqlite:///{db}"

    def __call__(self, *args: str) -> Any:
        result = self.runner.invoke(app, ["--db", self.db, *args, "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


def test_24_pairs_5_rounds_end_to_end(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "gara.sqlite3")
    cli(
        "event",
        "create",
        "campionato",
        "--name",
        "Campionato sociale",
        "--rounds",
        "5",
        "--deals",
        "2",
        "--movements",
        "registration,mitchell,mitchell,modified-danish,modified-danish",
    )
    csv = tmp_path / "iscritti.csv"
    csv.write_text(
        "nome;giocatore1;giocatore2\n" + "".join(f"Coppia {i};G{i}a;G{i}b\n" for i in range(1, 25)),
        "utf-8",
    )
    assert cli("import-csv", "campionato", str(csv))["registered"] == list(range(1, 25))

    vp_tot = {c: 0 for c in range(1, 25)}
    mp_tot = {c: 0 for c in range(1, 25)}
    played: dict[int, list[tuple[int, int]]] = {c: [] for c in range(1, 25)}
    previous_opponent: dict[int, int] = {}
    stationary: dict[int, int] = {}
    for rnd in range(1, 6):
        if rnd == 5:  # pair 24 withdraws: 23 pairs, one incomplete table in the last round
            assert (
                cli("withdraw", "campionato", "24", "--reason", "partenza anticipata")["from_round"]
                == 5
            )
        tables = cli("seat", "campionato", str(rnd), "--publish")["tables"]
        opponents: dict[int, int] = {}
        for t in tables:
            ns, ew = t["ns"], t["ew"]
            if ns is None or ew is None:
                (line,) = [x for x in (ns, ew) if x is not None]
                c = line[0]
                assert rnd == 5
                past_vp = [v for v, _ in played[c]]
                past_mp = [m for _, m in played[c]]
                # art. 37: last-round rest: the average, rounded down, when higher
                rest = (max(REST[0], sum(past_mp) // 4), max(REST[1], sum(past_vp) // 4))
                mp_tot[c] += rest[0]
                vp_tot[c] += rest[1]
                played[c].append((rest[1], rest[0]))
                continue
            a, b = ns[0], ew[0]
            opponents[a], opponents[b] = b, a
            if rnd == 1:
                stationary[t["table"]] = a
            elif rnd <= 3:
                assert stationary[t["table"]] == a  # art. 4: Mitchell stationary lines stay
            elif rnd == 4:  # art. 4: modified Danish, no rematch (the last round may repeat)
                assert previous_opponent.get(a) != b
            rows = deals_for(rnd, t["table"])
            if rnd == 2 and t["table"] == 3:  # one correction: an evident sum error
                wrong = [list(r) for r in rows]
                wrong[0][1] += 100
                cli(
                    "sheet",
                    "campionato",
                    str(rnd),
                    str(t["table"]),
                    *[f"--deal={','.join(map(str, r))}" for r in wrong],
                )
                cli(
                    "correct",
                    "campionato",
                    str(rnd),
                    str(t["table"]),
                    "--kind",
                    "sum",
                    "--reason",
                    "errore di somma",
                    *[f"--deal={','.join(map(str, r))}" for r in rows],
                )
            else:
                out = cli(
                    "sheet",
                    "campionato",
                    str(rnd),
                    str(t["table"]),
                    *[f"--deal={','.join(map(str, r))}" for r in rows],
                )
                assert out["status"] == "confirmed"
            ns_total = sum(r[0] + r[1] for r in rows)
            ew_total = sum(r[2] + r[3] for r in rows)
            va, vb = vp(ns_total - ew_total)
            for c, v, m in ((a, va, ns_total - ew_total), (b, vb, ew_total - ns_total)):
                vp_tot[c] += v
                mp_tot[c] += m
                played[c].append((v, m))
        if rnd == 2:  # one lateness: 7 minutes → -100 MP (art. 37)
            late = tables[0]["ns"][0]
            cli("late", "campionato", "2", str(late), "7:00")
            mp_tot[late] -= 100
        if rnd == 3:  # two warnings → -1 VP, -100 MP (art. 22, 41)
            warned = tables[1]["ew"][0]
            cli("warn", "campionato", "3", str(warned), "--reason", "commenti durante il gioco")
            cli(
                "warn",
                "campionato",
                "3",
                str(warned),
                "--reason",
                "carte mosse durante il gioco del compagno",
            )
            vp_tot[warned] -= 1
            mp_tot[warned] -= 100
        cli("publish", "campionato", str(rnd))
        previous_opponent = opponents

    final = cli("standings", "campionato")
    got = [(r["competitor"], r["vp"], r["mp"]) for r in final["rows"]]
    expected = sorted(
        ((c, vp_tot[c], mp_tot[c]) for c in vp_tot), key=lambda x: (-x[1], -x[2], x[0])
    )
    assert got == expected
    assert {r["competitor"]: r["withdrawn"] for r in final["rows"]}[24]
    history = cli("history", "campionato", "2", "3")
    assert [h["kind"] for h in history] == ["entered", "correction: sum"] and history[1][
        "reason"
    ] == "errore di somma"
