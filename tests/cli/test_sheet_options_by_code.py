"""``arbitro sheet`` and ``arbitro correct``: each option of a table's sheet says which code's
sheet reads it, from the registry of codes (``CodeSpec.sheet_options``; the terminal names no
code), and an option the event's code does not read is refused naming the ones it reads
(found on a club evening: ``sheet --help`` in a FIBAS event listed Scala 40's ``--points`` and
``--abandoned`` as if they applied, and ``--points`` typed there was passed over)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.citing import option_codes
from arbitro.cli.main import app

runner = CliRunner()


def _run(db: list[str], *args: str, code: int = 0) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == code, result.output
    return result.stdout if code == 0 else result.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "it",
            [
                "una per smazzata; a squadre: sala aperta) — solo FIBAS art. 19, Parole UISP art. 12.1",
                "una per smazzata — solo Scala 40 art. 22",
                "Giocatore che ha abbandonato — solo Scala 40 art. 25",
                "A squadre: smazzate della sala chiusa — solo FIBAS art. 19",
            ],
        ),
        (
            "en",
            [
                "teams: open room) — only FIBAS art. 19, Parole UISP art. 12.1",
                "one per deal — only Scala 40 art. 22",
                "The player who abandoned — only Scala 40 art. 25",
                "Teams: the closed room's deals — only FIBAS art. 19",
            ],
        ),
    ],
)
def test_sheet_help_says_which_code_reads_each_option(lang: str, said: list[str]) -> None:
    """FIBAS art. 19 (two lines' deals), Parole art. 12.1, Scala 40 art. 22 and 25 (negative
    points, the abandon): each option's help ends with the codes whose sheet reads it."""
    shown = runner.invoke(app, ["--lang", lang, "sheet", "--help"], terminal_width=400)
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())
    for line in said:
        assert line in text, (line, text)


def test_correct_help_says_swap_is_for_individuals() -> None:
    """Scala 40 art. 24: ``--swap`` names two players, read only by a sheet of individuals."""
    shown = runner.invoke(app, ["--lang", "it", "correct", "--help"], terminal_width=400)
    text = " ".join(shown.stdout.split())
    assert "I due giocatori dai punteggi invertiti, es. 3,7 — solo Scala 40 art. 24" in text


def test_the_options_come_from_the_registry() -> None:
    """The codes that read each option are the registry's (``CodeSpec.sheet_options``)."""
    assert [s.short_name for s in option_codes("--deal")] == ["FIBAS", "Parole UISP"]
    assert [s.short_name for s in option_codes("--points")] == ["Scala 40"]
    assert option_codes("--nothing") == ()


@pytest.fixture
def fibas(tmp_path: Path) -> list[str]:
    """A FIBAS evening of two pairs, round 1 seated and published."""
    db = ["--db", f"sqlite:///{tmp_path / 'f.sqlite3'}"]
    _run(db, "event", "create", "f", "--name", "F", "--movements", "registration", "--rounds", "1")
    for name in ("Rossi-Bianchi", "Verdi-Neri"):
        _run(db, "register", "f", name)
    _run(db, "seat", "f", "1", "--publish")
    return db


def test_fibas_art19_points_in_a_fibas_event_is_refused_naming_the_deals(
    fibas: list[str],
) -> None:
    """FIBAS art. 19: the sheet is two lines' deals; ``--points`` (Scala 40's) is refused,
    in Italian and in English, and no sheet is entered."""
    said = _run(fibas, "sheet", "f", "1", "1", "--points", "1,2,3,4", code=1)
    assert said.strip() == (
        "Errore: --points non vale per gli score di questa gara: FIBAS usa --deal, --closed "
        "(FIBAS art. 19)"
    )
    english = _run(
        fibas, "--lang", "en", "sheet", "f", "1", "1", "-d", "300,0,0,0", "--abandoned", "2", code=1
    )
    assert "--abandoned is not for this event's sheets: FIBAS takes --deal, --closed" in english
    assert _run(fibas, "missing", "f", "1").strip() == "1"


def test_fibas_art21_swap_in_a_correction_is_refused(fibas: list[str]) -> None:
    """FIBAS art. 21: inverted scores of two lines are corrected with the table agreeing;
    ``--swap`` (two players of a Scala 40 table) is refused, not passed over."""
    _run(fibas, "sheet", "f", "1", "1", "-d", "300,100,0,20", "-d", "100,50,0,0")
    said = _run(
        fibas, "correct", "f", "1", "1", "--kind", "inverted", "--reason", "r",
        "--table-agrees", "--swap", "1,2", code=1,
    )  # fmt: skip
    assert "--swap non vale per gli score di questa gara: FIBAS usa --deal, --closed" in said


def test_scala40_art22_a_deal_in_a_scala40_event_is_refused_naming_points(
    tmp_path: Path,
) -> None:
    """Scala 40 art. 22: the sheet is the players' negative points; ``-d`` is refused."""
    db = ["--db", f"sqlite:///{tmp_path / 's.sqlite3'}"]
    _run(db, "event", "create", "s", "--name", "S", "--code", "scala40", "--movements", "draw")
    for i in range(1, 5):
        _run(db, "register", "s", f"Giocatore {i}")
    _run(db, "seat", "s", "1", "--publish")
    said = _run(db, "--lang", "en", "sheet", "s", "1", "1", "-d", "300,0,0,0", code=1)
    assert said.strip() == (
        "Error: --deal is not for this event's sheets: Scala 40 takes --points, --abandoned, "
        "--swap (Scala 40 art. 22)"
    )
