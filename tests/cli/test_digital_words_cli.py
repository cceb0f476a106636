"""The words a director types for a round's digital tables and a board printout, read in
either language (issue 32; issue 26 L: never a record's English value asked of an Italian
terminal): ``--digital tutti|nessuno`` (``arbitro event create``, ``arbitro seat``) and
``--tables`` (``arbitro digital round``) beside ``all|none``, and ``arbitro boards print
--what piano|etichette|preparazione|smazzate|viaggianti`` beside the English words (FIBAS
arts. 6, 7, 20); each option's help lists its words in the run's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


class Cli:
    def __init__(self, db: Path) -> None:
        self.db = f"sqlite:///{db}"

    def invoke(self, *args: str, lang: str = "it") -> Any:
        return runner.invoke(app, ["--db", self.db, "--lang", lang, *args])

    def run(self, *args: str, lang: str = "it") -> str:
        result = self.invoke(*args, lang=lang)
        assert result.exit_code == 0, result.output
        return str(result.stdout)

    def json(self, *args: str, lang: str = "it") -> Any:
        return json.loads(self.run(*args, "--json", lang=lang))


def _event(cli: Cli, event_id: str, *extra: str, lang: str = "it") -> None:
    cli.run(
        "event", "create", event_id, "--name", "Ibrida", "--rounds", "2", "--deals", "2",
        "--movements", "registration,mitchell", "--seed", "3", *extra, lang=lang,
    )  # fmt: skip
    for i in range(1, 9):
        cli.run("register", event_id, f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "w.sqlite3")


@pytest.mark.parametrize(
    ("lang", "word", "expected"),
    [
        ("it", "tutti", [1, 2, 3, 4]),
        ("it", "all", [1, 2, 3, 4]),  # the English word still read in Italian
        ("en", "all", [1, 2, 3, 4]),
        ("en", "TUTTI", [1, 2, 3, 4]),  # and the Italian one in English, case ignored
        ("it", "nessuno", []),
        ("en", "none", []),
        ("it", "2, 4", [2, 4]),  # the tables' numbers as before
    ],
)
def test_seat_digital_reads_the_word_in_either_language(
    cli: Cli, lang: str, word: str, expected: list[int]
) -> None:
    """``arbitro seat EVENT 1 --digital tutti``: every table of round 1 digital, as ``all``;
    ``nessuno``/``none`` every table on paper (issue 32)."""
    _event(cli, "s")
    cli.run("seat", "s", "1", "--digital", word, lang=lang)
    shown = cli.json("digital", "round", "s", "--round", "1", "--tables", word, lang=lang)
    assert shown["digital_tables"] == expected


def test_event_default_and_digital_round_read_the_italian_words(cli: Cli) -> None:
    """``arbitro event create --digital tutti`` (the rounds' default) and ``arbitro digital
    round --tables nessuno`` (one round back on paper), typed in an Italian terminal."""
    _event(cli, "e", "--digital", "tutti")
    cli.run("seat", "e", "1")
    assert cli.json("digital", "round", "e", "--round", "1")["digital_tables"] == [1, 2, 3, 4]
    paper = cli.json("digital", "round", "e", "--round", "1", "--tables", "nessuno")
    assert paper["mode"] == "paper" and paper["digital_tables"] == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [("it", "tutti (ogni tavolo), nessuno (carta)"), ("en", "all (every table), none (paper)")],
)
def test_the_digital_options_help_lists_the_runs_words(cli: Cli, lang: str, words: str) -> None:
    """The help of ``seat --digital``, ``event create --digital`` and ``digital round
    --tables`` names the words in the run's language (before: «all (tutti), none (carta)»
    in Italian, the English word to type)."""
    for command in (["seat", "round"], ["event", "create"], ["digital", "round"]):
        shown = " ".join(cli.run(*command, "--help", lang=lang).split())
        assert words in shown, command


@pytest.fixture
def cu(cli: Cli) -> Cli:
    """A carte uguali event of 8 pairs (4 tables, 2 boards), round 1 seated and published."""
    _event(cli, "cu", "--carte-uguali")
    cli.run("seat", "cu", "1", "--publish")
    return cli


def _pdf_pages(path: Path) -> bytes:
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    return data


@pytest.mark.parametrize(
    ("lang", "word", "same_as"),
    [
        ("it", "piano", "plan"),
        ("it", "etichette", "labels"),
        ("it", "preparazione", "dealing"),
        ("it", "viaggianti", "travellers"),
        ("it", "plan", "plan"),  # the English word still read in Italian
        ("en", "plan", "plan"),
        ("en", "Smazzate", "records"),
    ],
)
def test_boards_print_reads_the_word_in_either_language(
    cu: Cli, tmp_path: Path, lang: str, word: str, same_as: str
) -> None:
    """``arbitro boards print --what piano`` writes the board plan (FIBAS art. 7), the same
    PDF as ``--what plan``: before, «piano» was refused (only the English values)."""
    typed, english = tmp_path / "typed.pdf", tmp_path / "english.pdf"
    cu.run("boards", "print", "cu", "1", "--what", word, "-o", str(typed), lang=lang)
    cu.run("boards", "print", "cu", "1", "--what", same_as, "-o", str(english), lang=lang)
    first, second = _pdf_pages(typed), _pdf_pages(english)
    # the same printout: the same size to a few bytes (the creation time differs)
    assert abs(len(first) - len(second)) < 64


@pytest.mark.parametrize(
    ("lang", "listed"),
    [
        ("it", "preparazione | etichette | piano | smazzate | viaggianti"),
        ("en", "dealing | labels | plan | records | travellers"),
    ],
)
def test_boards_print_lists_its_words_in_the_runs_language(
    cu: Cli, tmp_path: Path, lang: str, listed: str
) -> None:
    """The help names the words in the run's language, and a wrong word is refused naming
    them (never click's English choice list)."""
    shown = " ".join(cu.run("boards", "print", "--help", lang=lang).split())
    assert listed in shown
    wrong = cu.invoke("boards", "print", "cu", "1", "--what", "mappa", "-o", str(tmp_path / "x"))
    assert wrong.exit_code != 0
    assert "«mappa»" in wrong.output
    assert "preparazione | etichette | piano | smazzate | viaggianti" in wrong.output
    assert not (tmp_path / "x").exists()
