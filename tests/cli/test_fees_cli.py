"""``arbitro event create --fee``, ``arbitro fee``, ``arbitro pay`` and ``arbitro cash``: the
entry fee per pair ("Quota di iscrizione € 4 a coppia", Briscola premessa, the reading of
docs/rulings.md "Entry fees"), who paid, and the cash summary with its PDF, in Italian and
English."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _event(tmp_path: Path, pairs: int = 4, fee: str = "10,00") -> str:
    db = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    create = ["--db", db, "event", "create", "e", "--name", "Serata", "--rounds", "2"]
    made = runner.invoke(app, [*create, "--movements", "draw,mitchell", "--fee", fee, "--json"])
    assert made.exit_code == 0, made.output
    assert json.loads(made.stdout)["config"]["entry_fee_cents"] == 1000
    for i in range(1, pairs + 1):
        args = ["--db", db, "register", "e", f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b"]
        assert runner.invoke(app, args).exit_code == 0
    return db


def test_pay_then_cash_in_italian_and_english(tmp_path: Path) -> None:
    """``pay e 1 2`` takes the fee of each pair in cash; ``pay --other --amount 5`` a part of
    it; ``cash`` says who paid, who did not and the totals, in both languages."""
    db = _event(tmp_path)
    paid = runner.invoke(app, ["--db", db, "pay", "e", "1", "2"])
    assert paid.exit_code == 0, paid.output
    assert "Pagato: 2 di 4 · incassati € 20,00" in paid.stdout
    part = runner.invoke(app, ["--db", db, "pay", "e", "3", "--amount", "5", "--other", "--json"])
    data = json.loads(part.stdout)
    assert data["collected_cents"] == 2500 and data["other_cents"] == 500
    assert data["competitors"][2]["status"] == "partial" and data["unpaid"] == [3, 4]
    it = runner.invoke(app, ["--db", db, "cash", "e"])
    assert "Quota d'iscrizione: € 10,00 a coppia" in it.stdout
    assert "ancora da incassare € 15,00" in it.stdout and "versata in parte" in it.stdout
    en = runner.invoke(app, ["--db", db, "--lang", "en", "cash", "e"])
    assert "Entry fee: € 10,00 per pair" in en.stdout
    assert "Expected € 40,00 · cash € 20,00 · otherwise € 5,00 · still owed € 15,00" in en.stdout


def test_second_payment_refused_and_undo(tmp_path: Path) -> None:
    """Paying twice is refused naming what was paid; ``--undo`` cancels the payment."""
    db = _event(tmp_path, 2)
    assert runner.invoke(app, ["--db", db, "pay", "e", "1"]).exit_code == 0
    twice = runner.invoke(app, ["--db", db, "pay", "e", "1"])
    assert twice.exit_code == 1 and "«Coppia 1» ha già pagato € 10,00" in twice.stderr
    undo = runner.invoke(app, ["--db", db, "pay", "e", "1", "--undo", "--json"])
    assert json.loads(undo.stdout)["collected_cents"] == 0


def test_fee_changed_before_round_1_art4(tmp_path: Path) -> None:
    """``fee e 12,50`` changes the fee while checking in; after round 1 is seated it is
    refused citing FIBAS art. 4."""
    db = _event(tmp_path, 2)
    changed = runner.invoke(app, ["--db", db, "--lang", "en", "fee", "e", "12,50"])
    assert changed.exit_code == 0 and "Entry fee: € 12,50" in changed.stdout
    cash = json.loads(runner.invoke(app, ["--db", db, "cash", "e", "--json"]).stdout)
    assert cash["expected_cents"] == 2500
    assert runner.invoke(app, ["--db", db, "seat", "e", "1"]).exit_code == 0
    closed = runner.invoke(app, ["--db", db, "--lang", "en", "fee", "e", "15"])
    assert closed.exit_code == 1 and "FIBAS art. 4" in closed.stderr
    bad = runner.invoke(app, ["--db", db, "--lang", "en", "pay", "e", "1", "--amount", "4,555"])
    assert bad.exit_code == 1 and "4,555" in bad.stderr


def test_cash_pdf_printout(tmp_path: Path) -> None:
    """``cash --pdf`` writes the printout: every pair, the totals, who has not paid, read
    back with pdftotext, in Italian and in English."""
    db = _event(tmp_path, 3)
    runner.invoke(app, ["--db", db, "--actor", "Anna Neri", "pay", "e", "1"])
    pdf = tmp_path / "cassa.pdf"
    assert runner.invoke(app, ["--db", db, "cash", "e", "--pdf", str(pdf)]).exit_code == 0
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Riepilogo di cassa — quote d'iscrizione" in text
    assert "€ 10,00 a coppia" in text and "Incassato da" in text
    assert "Non hanno pagato: 2 Coppia 2 (€ 10,00), 3 Coppia 3 (€ 10,00)" in text
    assert "Anna Neri" in text and "director" not in text  # who took it, named at the terminal
    en = tmp_path / "cash.pdf"
    args = ["--db", db, "cash", "e", "--pdf", str(en), "--lang", "en"]
    assert runner.invoke(app, args).exit_code == 0
    english = subprocess.run(
        ["pdftotext", "-layout", str(en), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Cash summary — entry fees" in english and "Still owed" in english
    assert "Riepilogo" not in english and "Anna Neri" in english
