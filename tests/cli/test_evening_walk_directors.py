"""A second club evening at the terminal as a new director, in Italian and in English
(create, register from a CSV, check in, seat, sheets, a withdrawal after the next round was
drawn, the standings): what was unclear or a dead end, kept as tests.

- ``import-csv`` said «Iscritti 5 concorrenti» and no numbers, which ``check-in`` then asks
  for (FIBAS art. 4);
- ``withdraw-absent`` said «Ritirati: 4, 5», numbers without names (art. 36);
- a pair withdrawn once the next round was drawn (not yet published) stayed seated in it,
  and nothing said so: the round was published with the withdrawn pair at a table (art. 36);
- ``standings`` before any round said «Classifica dopo il turno 0» over an empty table, and
  once the next round was drawn as a draft it showed the standings «after» that round, its
  rest already counted (art. 39)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()

CSV = """nome,giocatore1,giocatore2
Rossi-Bianchi,Mario Rossi,Anna Bianchi
Verdi-Neri,Luca Verdi,Gino Neri
Gialli-Blu,Paolo Gialli,Sara Blu
Ferri-Lupo,Ugo Ferri,Ada Lupo
Conti-Sala,Piero Conti,Lia Sala
"""


def _run(db: list[str], *args: str, code: int = 0) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == code, result.output
    return result.stdout if code == 0 else result.stderr


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    """A new evening of two rounds, no one registered yet."""
    db = ["--db", f"sqlite:///{tmp_path / 'sera.sqlite3'}"]
    _run(db, "event", "create", "sera", "--name", "Serata", "--movements", "iscrizione,danese",
         "--rounds", "2", "--deals", "2")  # fmt: skip
    (tmp_path / "iscritti.csv").write_text(CSV)
    return db


@pytest.mark.parametrize(
    ("lang", "head"), [("it", "Iscritti 5 concorrenti"), ("en", "Registered 5 competitors")]
)
def test_fibas_art4_a_csv_registered_lists_each_number(
    db: list[str], tmp_path: Path, lang: str, head: str
) -> None:
    """FIBAS art. 4: the numbers check-in takes are said, each with its pair."""
    said = _run(db, "--lang", lang, "import-csv", "sera", str(tmp_path / "iscritti.csv"))
    assert said.strip().splitlines() == [
        head,
        "  1 Rossi-Bianchi",
        "  2 Verdi-Neri",
        "  3 Gialli-Blu",
        "  4 Ferri-Lupo",
        "  5 Conti-Sala",
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "Ritirati: 4 Ferri-Lupo, 5 Conti-Sala"),
        ("en", "Withdrawn: 4 Ferri-Lupo, 5 Conti-Sala"),
    ],
)
def test_fibas_art36_the_absent_withdrawn_are_named(
    db: list[str], tmp_path: Path, lang: str, said: str
) -> None:
    """FIBAS art. 36: withdraw-absent names the pairs it withdrew."""
    _run(db, "import-csv", "sera", str(tmp_path / "iscritti.csv"))
    _run(db, "check-in", "sera", "1", "2", "3")
    assert _run(db, "--lang", lang, "withdraw-absent", "sera").strip() == said


def _round_1_published(db: list[str], tmp_path: Path) -> None:
    """Four pairs (the fifth withdrawn absent), round 1 played and published, round 2 drawn
    (a draft)."""
    _run(db, "import-csv", "sera", str(tmp_path / "iscritti.csv"))
    _run(db, "check-in", "sera", "1", "2", "3", "4")
    _run(db, "withdraw-absent", "sera")
    _run(db, "seat", "sera", "1", "--publish")
    _run(db, "sheet", "sera", "1", "1", "-d", "300,120,100,45", "-d", "200,80,0,35")
    _run(db, "sheet", "sera", "1", "2", "-d", "100,20,300,140", "-d", "0,15,200,85")
    _run(db, "publish", "sera", "1")
    _run(db, "seat", "sera", "2")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "it",
            "La posizione ai tavoli del turno 2, sorteggiata prima di questo ritiro e non "
            "ancora affissa, assegna ancora un tavolo a 3 Gialli-Blu: rifai il turno («arbitro "
            "seat sera 2») prima di affiggerla",
        ),
        (
            "en",
            "Round 2's seating, drawn before this withdrawal and not yet published, still "
            "seats 3 Gialli-Blu: seat the round again («arbitro seat sera 2») before "
            "publishing it",
        ),
    ],
)
def test_fibas_art36_a_withdrawal_after_the_draw_says_to_seat_again(
    db: list[str], tmp_path: Path, lang: str, said: str
) -> None:
    """FIBAS art. 36: withdrawn once round 2 is drawn, the pair is still in the draft; the
    terminal says so with the command, which then seats round 2 without it."""
    _round_1_published(db, tmp_path)
    out = _run(db, "--lang", lang, "withdraw", "sera", "3", "--reason", "malore")
    assert out.strip().splitlines()[1] == said
    _run(db, "seat", "sera", "2")
    assert "Gialli-Blu" not in _run(db, "seating", "sera", "2")


def test_fibas_art36_a_withdrawal_in_the_last_round_names_no_round_after_it(
    db: list[str], tmp_path: Path
) -> None:
    """FIBAS art. 36 («restano confermati i risultati conseguiti»): withdrawn once the last
    round is published, one line that names no round 3 of an evening of two."""
    _round_1_published(db, tmp_path)
    _run(db, "publish-seating", "sera", "2")
    out = _run(db, "withdraw", "sera", "3")
    assert out.strip() == (
        "3 Gialli-Blu ritirato: non resta alcun turno da giocare, i suoi risultati restano"
    )
    english = _run(db, "--lang", "en", "withdraw", "sera", "4")
    assert english.strip() == (
        "4 Ferri-Lupo withdrawn: no round is left to play, its results stand"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "Nessun turno ancora affisso: la classifica comincia con il turno 1"),
        ("en", "No round published yet: the standings start with round 1"),
    ],
)
def test_fibas_art39_standings_before_any_round_say_so(db: list[str], lang: str, said: str) -> None:
    """FIBAS art. 39: no «after round 0» over an empty table."""
    assert _run(db, "--lang", lang, "standings", "sera").strip() == said


def test_fibas_art39_standings_by_default_are_the_published_rounds(
    db: list[str], tmp_path: Path
) -> None:
    """FIBAS art. 39: round 2 drawn as a draft, the standings shown are round 1's; round 2
    published, round 2's (its rest counted from then on, art. 37)."""
    _round_1_published(db, tmp_path)
    assert _run(db, "standings", "sera").startswith("Classifica dopo il turno 1 (provvisoria)")
    _run(db, "publish-seating", "sera", "2")
    assert _run(db, "standings", "sera").startswith("Classifica dopo il turno 2 (provvisoria)")
