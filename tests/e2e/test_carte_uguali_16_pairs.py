"""End to end through the CLI: a 16-pair, 3-round carte uguali event (FIBAS art. 20), 2
boards a round (art. 7): creation, seating, the boards dealt from the recorded seed (art. 6)
and their dealing sheets printed, each table's count of its boards (one wrong count ruled by
Bridge Law 13), sheets, the comparison with the field (the others' average, three decimals),
VP on the continuous scale, standings, travellers, a line's card, and export → import →
replay to identical standings. The expected VP are computed here by hand from the sheets."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.games.burraco.boards import round_boards
from arbitro.tournament.scoring.vp import vp_for_difference

PAIRS = 16
ROUNDS = 3
SEED = 1616


class Cli:
    def __init__(self, db: Path) -> None:
        self.runner = CliRunner()
        self.db = f"sqlite:///{db}"

    def raw(self, *args: str) -> str:
        result = self.runner.invoke(app, ["--db", self.db, *args])
        assert result.exit_code == 0, result.output
        return result.stdout

    def __call__(self, *args: str) -> Any:
        return json.loads(self.raw(*args, "--json"))


def rows_for(rnd: int, table: int) -> list[tuple[int, int, int, int]]:
    """The sheet the test enters at a table: arbitrary but fixed, plausible numbers."""
    a = (table * 7 + rnd * 3) % 9
    b = (table * 5 + rnd) % 7
    return [
        (100 * (a % 4), 5 * (a * 11 % 40), 100 * (b % 3), 5 * (b * 13 % 30) - 50),
        (150 if a % 2 else 0, 5 * (b * 7 % 25), 200 if b % 2 else 0, 5 * (a * 3 % 20)),
    ]


def three(x: Fraction) -> Decimal:
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(
        Decimal("0.001"), rounding=ROUND_HALF_UP
    )


def pdf_pages(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(b"%PDF") and b"/Page" in data


def test_carte_uguali_16_pairs_3_rounds(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "cu.sqlite3")
    created = cli(
        "event",
        "create",
        "cu16",
        "--name",
        "Campionato a carte uguali",
        "--rounds",
        str(ROUNDS),
        "--deals",
        "2",
        "--movements",
        "registration,mitchell,mitchell",
        "--seed",
        str(SEED),
        "--carte-uguali",
    )
    assert created["config"]["duplicate"] is True
    assert created["config"]["comparison"] == "others"
    csv = tmp_path / "iscritti.csv"
    csv.write_text(
        "nome;giocatore1;giocatore2\n"
        + "".join(f"Coppia {i};G{i}a;G{i}b\n" for i in range(1, PAIRS + 1)),
        "utf-8",
    )
    assert cli("import-csv", "cu16", str(csv))["registered"] == list(range(1, PAIRS + 1))

    vp_table = burraco_fibas().vp_table(deals=2)
    vp_tot = {c: 0 for c in range(1, PAIRS + 1)}
    mp_tot = {c: 0 for c in range(1, PAIRS + 1)}
    for rnd in range(1, ROUNDS + 1):
        tables = cli("seat", "cu16", str(rnd), "--publish")["tables"]
        assert len(tables) == 8
        plan = {p["table"]: p["boards"] for p in cli("boards", "show", "cu16", str(rnd))}
        # art. 7: each table, so each line of a direction, plays each board once
        for t in tables:
            assert sorted(b["board"] for b in plan[t["table"]]) == [1, 2]
        # art. 6: the round's boards, from the recorded seed, are a full deck each
        dealt = round_boards(SEED, rnd, 2)
        assert [len(b.deck()) for b in dealt] == [108, 108]
        sheet_pdf = tmp_path / f"dealing-{rnd}.pdf"
        cli.raw("boards", "print", "cu16", str(rnd), "--what", "dealing", "--out", str(sheet_pdf))
        assert pdf_pages(sheet_pdf)
        # art. 6: every table counts its boards; in round 2 table 3 finds N with 12
        for t in tables:
            for b in plan[t["table"]]:
                args = ["boards", "check", "cu16", str(rnd), str(t["table"]), str(b["board"])]
                if rnd == 2 and t["table"] == 3 and b["deal"] == 1:
                    out = cli(*args, "--count", "N=12", "--count", "S=10")
                    assert out["status"] == "wrong"
                    # FIBAS art. 6: found before play, a new deal from the dealing sheet
                    ruled = cli(
                        "boards",
                        "rule",
                        "cu16",
                        "2",
                        "3",
                        str(b["board"]),
                        "--reason",
                        "N con 12 carte, S con 10",
                    )
                    assert (ruled["paragraph"], ruled["outcome"]) == ("6", "redeal")
                else:
                    assert cli(*args)["status"] == "checked"
        results: dict[int, dict[int, int]] = {}
        for t in tables:
            rows = rows_for(rnd, t["table"])
            cli(
                "sheet",
                "cu16",
                str(rnd),
                str(t["table"]),
                *[f"--deal={','.join(map(str, r))}" for r in rows],
            )
            for b, r in zip(plan[t["table"]], rows, strict=True):
                results.setdefault(b["board"], {})[t["table"]] = (r[0] + r[1]) - (r[2] + r[3])
        # by hand: the others' average (docs/rulings.md), the round's sum, three decimals
        travellers = cli("travellers", "cu16", str(rnd))
        for t in tables:
            diff = Fraction(0)
            for board, by_table in results.items():
                mine = by_table[t["table"]]
                others = [v for k, v in by_table.items() if k != t["table"]]
                datum = Fraction(sum(others), len(others))
                diff += mine - datum
                row = next(x for x in travellers[str(board)] if x["table"] == t["table"])
                assert Decimal(row["ns"]) == three(mine - datum)
            written = three(diff)
            winner, loser = vp_for_difference(abs(written), vp_table, duplicate=True)
            ns_vp, ew_vp = (winner, loser) if written >= 0 else (loser, winner)
            own = sum(r[0] + r[1] - r[2] - r[3] for r in rows_for(rnd, t["table"]))
            for c in t["ns"]:
                vp_tot[c] += ns_vp
                mp_tot[c] += own
            for c in t["ew"]:
                vp_tot[c] += ew_vp
                mp_tot[c] -= own
        for rows_ in travellers.values():  # zero over the field, up to the written rounding
            total = sum((Decimal(x["ns"]) for x in rows_), Decimal(0))
            assert abs(total) <= Decimal("0.0005") * len(rows_)
        cli("publish", "cu16", str(rnd))

    final = cli("standings", "cu16")
    got = [(r["competitor"], r["vp"], r["mp"]) for r in final["rows"]]
    expected = sorted(
        ((c, vp_tot[c], mp_tot[c]) for c in vp_tot), key=lambda x: (-x[1], -x[2], x[0])
    )
    assert got == expected
    card = cli("card", "cu16", "1")
    assert len(card) == ROUNDS * 2 and all(r["round_vp"] is not None for r in card)
    trav_pdf = tmp_path / "travellers-3.pdf"
    cli.raw("boards", "print", "cu16", "3", "--what", "travellers", "--out", str(trav_pdf))
    assert pdf_pages(trav_pdf)
    ledger = cli("ledger", "cu16")
    assert [e["kind"] for e in ledger].count("board-ruling") == 1

    exported = tmp_path / "cu16.json"
    cli("export", "cu16", "--out", str(exported))
    kinds = [r["kind"] for r in json.loads(exported.read_text("utf-8"))["records"]]
    assert kinds.count("board-checked") == ROUNDS * 8 * 2
    cli("import", str(exported), "--as", "cu16-copia")
    copy = cli("standings", "cu16-copia")
    assert [(r["competitor"], r["vp"], r["mp"]) for r in copy["rows"]] == got
    replayed = cli("replay", str(exported))
    assert [(r["competitor"], r["vp"], r["mp"]) for r in replayed["rows"]] == got
