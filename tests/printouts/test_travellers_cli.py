"""``arbitro boards print --what travellers|plan`` names each table's two lines as two values
(issue 28): a pair called «Conti / De Luca» facing «Fabbri / Gàlvez» is printed N-S «Conti /
De Luca», E-O «Fabbri / Gàlvez», never N-S «Conti», E-O «De Luca / Fabbri / Gàlvez» (FIBAS
art. 20, the travellers; art. 7, the board plan)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.test_boards_plan_checks import SHEETS, Cli, pdf_text

PAIRS = [
    "Conti / De Luca",
    "Fabbri / Gàlvez",
    "Sanfilippo / Lo Presti",
    "Dąbrowski / Ødegaard",
    "Rossi / Bianchi",
    "Verdi / Neri",
    "Gialli / Blu",
    "Rosa / Viola",
]


def test_travellers_and_plan_from_the_cli_keep_slashed_pair_names(tmp_path: Path) -> None:
    """FIBAS art. 20 and art. 7: table 1's lines are the first two pairs, whole."""
    cli = Cli(tmp_path / "cu.sqlite3")
    cli(
        "event", "create", "cu", "--name", "Carte uguali", "--rounds", "2", "--deals", "2",
        "--movements", "registration,mitchell", "--seed", "3", "--carte-uguali",
    )  # fmt: skip
    for i, name in enumerate(PAIRS, start=1):
        cli("register", "cu", name, "-p", f"G{i}a", "-p", f"G{i}b")
    cli("seat", "cu", "1", "--publish")
    for table, deals in SHEETS.items():
        cli.sheet(table, *deals)
    row = re.compile(r"^\s*1\s+Conti / De Luca\s+Fabbri / Gàlvez\s", re.M)
    travellers = tmp_path / "viaggianti.pdf"
    cli.run("boards", "print", "cu", "1", "--what", "travellers", "--out", str(travellers))
    text = pdf_text(travellers)
    assert len(row.findall(text)) == 2  # boards 1 and 2
    assert "De Luca / Fabbri" not in text
    plan = tmp_path / "piano.pdf"
    cli.run("boards", "print", "cu", "1", "--what", "plan", "--out", str(plan))
    assert row.search(pdf_text(plan))
