"""``arbitro register --from-round N --missed riposo|arbitrale|niente`` (issue 34, docs/rulings.md
"Late entries"): after round 1 a plain registration is refused (FIBAS art. 37); the director
admits a latecomer from round 2, its missed round scored as chosen, the standings marking it
«iscritto dal turno 2» (English: "joined from round 2"); the option's words in either
language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _run(db: list[str], *args: str) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    """Four pairs, three rounds; round 1 played and its standings published."""
    db = ["--db", f"sqlite:///{tmp_path / 'l.sqlite3'}"]
    _run(
        db,
        "event",
        "create",
        "e",
        "--name",
        "E",
        "--movements",
        "sorteggio,danese,danese",
        "--rounds",
        "3",
    )
    for name in ("A", "B", "C", "D"):
        _run(db, "register", "e", name)
    _run(db, "seat", "e", "1", "--publish")
    for table in ("1", "2"):
        _run(db, "sheet", "e", "1", table, "-d", "300,120,100,45", "-d", "200,60,300,95")
    _run(db, "publish", "e", "1")
    return db


def test_italian_rest_choice_is_recorded_seated_and_marked(db: list[str]) -> None:
    """FIBAS art. 37 refuses the plain registration; ``--missed riposo`` admits the pair from
    round 2 with the rest score (2 deals: 14 V.P., 305 M.P.); round 2 seats it at the
    incomplete table or another; the standings say «iscritto dal turno 2»."""
    refused = runner.invoke(app, [*db, "register", "e", "Ritardatari"])
    assert refused.exit_code == 1 and "FIBAS art. 37" in refused.stderr
    out = _run(db, "register", "e", "Ritardatari", "--from-round", "2", "--missed", "riposo")
    assert "Iscritto n. 5: Ritardatari, in gara dal turno 2" in out
    table = _run(db, "standings", "e")
    line = next(x for x in table.splitlines() if "Ritardatari" in x)
    assert line.endswith("iscritto dal turno 2") and " 14 " in line and " 305" in line
    _run(db, "seat", "e", "2", "--publish")
    seating = _run(db, "seating", "e", "2")
    assert "Ritardatari (5)" in seating


def test_english_arbitral_choice_unranked(db: list[str]) -> None:
    """``--missed arbitral --vp 8 --mp -50 --unranked`` in English: listed last, "joined from
    round 2, not ranked"."""
    out = json.loads(
        _run(
            db,
            "--lang",
            "en",
            "register",
            "e",
            "Late",
            "--from-round",
            "2",
            "--missed",
            "arbitral",
            "--vp",
            "8",
            "--mp",
            "-50",
            "--unranked",
            "--json",
        )
    )
    assert out == {"competitor": 5, "name": "Late", "from_round": 2}
    table = _run(db, "--lang", "en", "standings", "e")
    *rows, tiebreaks = table.splitlines()  # the standings end with the tie-breaks' line
    last = rows[-1]
    assert tiebreaks == "on equal V.P.: M.P."
    assert "Late" in last and last.endswith("joined from round 2, not ranked") and " 8 " in last


def test_a_word_of_neither_language_is_refused_with_the_italian_words(db: list[str]) -> None:
    """The option's words are listed in the reader's language (issue 26 L)."""
    bad = runner.invoke(app, [*db, "register", "e", "X", "--from-round", "2", "--missed", "zero"])
    assert bad.exit_code == 1 and "riposo | arbitrale | niente" in bad.stderr
    none = _run(db, "register", "e", "Y", "--from-round", "3", "--missed", "niente")
    assert "in gara dal turno 3" in none


def test_a_late_pair_is_told_where_it_sits_art_37(tmp_path: Path) -> None:
    """FIBAS art. 37 ("Ritardo alla presentazione"): three pairs, round 1 published with a
    rest; a fourth pair registered while round 1 is played completes the incomplete table,
    and the terminal says at which table it sits, not only its number."""
    db = ["--db", f"sqlite:///{tmp_path / 'r.sqlite3'}"]
    create = ["event", "create", "e", "--name", "E", "--movements", "registration,danish"]
    _run(db, *create, "--rounds", "2")
    for i in (1, 2, 3):
        _run(db, "register", "e", f"Coppia {i}")
    _run(db, "seat", "e", "1", "--publish")
    said = _run(db, "register", "e", "Ritardataria")
    assert "Iscritto n. 4: Ritardataria, al tavolo 2 del turno 1 (FIBAS art. 37)" in said
    english = _run(db, "--lang", "en", "seating", "e", "1")
    assert "Ritardataria (4)" in english
