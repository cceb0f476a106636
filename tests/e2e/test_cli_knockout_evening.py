"""The Briscola knockout evening in the terminal (issue 27, seed 001): a pair pays its fee
after registering (premessa), a pair that does not show up loses "a tavolino" (art. 9,
ruling Briscola 11), the match cards with their QR codes (``arbitro knockout cards``)."""

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


def test_pay_withdraw_and_match_cards_through_the_cli(tmp_path: Path) -> None:
    """Premessa: € 4 a coppia, paid later; art. 9: the pair that did not show up loses its
    match without games; the cards: one per match to play, each with its match page's URL."""
    db = f"sqlite:///{tmp_path / 'briscola.sqlite3'}"
    cli(db, "knockout", "create", "coppa", "--name", "Briscola", "--seeded")
    for i in range(1, 6):
        args = ["--unpaid"] if i == 5 else []
        cli(db, "knockout", "register", "coppa", f"Coppia {i}", *args)
    paid = cli(db, "knockout", "pay", "coppa", "5")
    assert paid["fees_collected_cents"] == 5 * 400
    drawn = cli(db, "knockout", "draw", "coppa")
    playable = [m for m in drawn["bracket"]["rounds"][0]["matches"] if m["first"] and m["second"]]
    assert [m["id"] for m in playable] == ["R1M2"]  # 5 pairs: 3 byes, 4 v 5
    out = cli(db, "knockout", "withdraw", "coppa", "5")
    r1m2 = out["bracket"]["rounds"][0]["matches"][1]
    assert r1m2["walkover"] == 5 and r1m2["winner"] == 4 and r1m2["games"] == []
    pdf = tmp_path / "cards.pdf"
    cards = cli(
        db, "knockout", "cards", "coppa", "-o", str(pdf), "--base-url", "http://192.168.1.5:8000"
    )
    assert cards["matches"] == ["R2M1", "R2M2"]
    assert all(u.startswith("http://192.168.1.5:8000/km/") for u in cards["urls"].values())
    assert pdf.read_bytes().startswith(b"%PDF")
    text = runner.invoke(app, ["--db", db, "knockout", "show", "coppa"]).output
    assert "vinta a tavolino: Coppia 5 non presentata" in text
