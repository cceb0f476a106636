"""``arbitro resolve`` says which way a complaint went and what it changed (FIBAS art. 38-39;
found on a club evening: without ``--accept``/``--reject`` it printed «Reclamo deciso» and
nothing else, accepted it printed «Reclamo accolto» whether or not a sheet changed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.test_complaints_cli import _round_1_published
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _lodge(db: str, competitor: int, text: str) -> int:
    lodged = runner.invoke(
        app, ["--db", db, "complaint", "e", "1", str(competitor), text, "--json"]
    )
    assert lodged.exit_code == 0, lodged.output
    number: int = json.loads(lodged.stdout)["complaint"]
    return number


def _resolve(db: str, lang: str, number: int, *extra: str) -> list[str]:
    args = ["--db", db, "--lang", lang, "resolve", "e", "1", str(number), *extra]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    return done.stdout.strip().splitlines()


@pytest.mark.parametrize(
    ("lang", "first", "left"),
    [
        (
            "it",
            "Reclamo n. {n} deciso senza dire se è accolto o respinto (lo dice --accept o "
            "--reject): «classifica confermata»",
            "La classifica del turno 1 resta provvisoria: 1 reclamo ancora aperto",
        ),
        (
            "en",
            "Complaint no. {n} settled without saying whether it is accepted or rejected "
            "(--accept or --reject says it): «classifica confermata»",
            "Round 1's standings stay provisional: 1 complaint still open",
        ),
    ],
)
def test_fibas_art38_settled_without_accept_or_reject_says_so_and_what_is_left(
    tmp_path: Path, lang: str, first: str, left: str
) -> None:
    """FIBAS art. 38-39: settled without ``--accept``/``--reject``, the terminal says the
    decision, that it says neither, that no sheet changed, and the other complaint open
    keeps round 1's standings provisional."""
    db = _round_1_published(tmp_path)
    number = _lodge(db, 2, "VP sbagliati")
    _lodge(db, 3, "altro")
    said = _resolve(db, lang, number, "--decision", "classifica confermata")
    unchanged = {
        "it": "Nessuno score corretto: la classifica del turno 1 non cambia",
        "en": "No sheet corrected: round 1's standings are unchanged",
    }[lang]
    assert said == [first.format(n=number), unchanged, left]


def test_fibas_art38_accepted_without_a_table_says_nothing_changed_and_how(
    tmp_path: Path,
) -> None:
    """FIBAS art. 38, 21: accepted without ``--table``, no sheet is corrected; the terminal
    says so and names the option that corrects a table's inverted scores; the last complaint
    settled, the standings wait for the window (art. 39)."""
    db = _round_1_published(tmp_path)
    number = _lodge(db, 2, "punteggi invertiti")
    said = _resolve(db, "it", number, "--decision", "ha ragione", "--accept")
    assert said == [
        f"Reclamo n. {number} accolto: «ha ragione»",
        "Nessuno score corretto: la classifica del turno 1 non cambia (--table NUMERO corregge "
        "i punteggi invertiti di un tavolo che li riconosce, FIBAS art. 21)",
        "La classifica del turno 1 resta provvisoria fino alla fine del tempo per i reclami "
        "(FIBAS art. 39)",
    ]


def test_fibas_art38_rejected_and_accepted_with_the_correction_in_english(
    tmp_path: Path,
) -> None:
    """FIBAS art. 38, 21: rejected, the decision and «unchanged»; accepted with ``--table``,
    the correction and the round it counts from, and round 2's stale seating."""
    db = _round_1_published(tmp_path)
    first = _lodge(db, 3, "VP")
    second = _lodge(db, 2, "punteggi invertiti")
    rejected = _resolve(db, "en", first, "--decision", "no", "--reject")
    assert rejected[:2] == [
        f"Complaint no. {first} rejected: «no»",
        "No sheet corrected: round 1's standings are unchanged",
    ]
    accepted = _resolve(db, "en", second, "--decision", "yes", "--accept", "--table", "1")
    assert accepted[:2] == [
        f"Complaint no. {second} accepted: «yes»",
        "Correction recorded (counts from round 1)",
    ]
    assert "arbitro redraw e 2" in accepted[-1]
