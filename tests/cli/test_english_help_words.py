"""The terminal's help in English as a new director reads it: a value's kind in words
(``<text>``, ``<number>``, ``<texts>``), not Python's (``<str>``, ``<int>``,
``<list[str]>``), and the arguments by their names (``{event} {round} {table}``), not the
code's variables (``{event_id} {round_number}``), as the Italian help already says them
(``<testo>``, ``{gara} {turno}``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()

PYTHON_WORDS = ("<str>", "<int>", "<float>", "<path>", "<list[", "event_id", "round_number")


@pytest.mark.parametrize(
    "command",
    [
        ["sheet"],
        ["correct"],
        ["resolve"],
        ["event", "create"],
        ["import-csv"],
        ["check-in"],
        ["seat", "round"],
        ["standings"],
        ["print", "standings"],
    ],
)
def test_english_help_says_no_python_words(command: list[str]) -> None:
    """Each command a director types on an evening: no Python type nor variable name."""
    shown = runner.invoke(app, ["--lang", "en", *command, "--help"], terminal_width=200)
    assert shown.exit_code == 0, shown.output
    found = [w for w in PYTHON_WORDS if w in shown.stdout]
    assert not found, (found, shown.stdout)


def test_english_usage_and_a_missing_argument_name_the_event_and_round() -> None:
    """The usage line and the refusal of a missing argument say «event», «round»."""
    shown = runner.invoke(app, ["--lang", "en", "correct", "--help"])
    assert "arbitro correct [OPTIONS] {event} {round} {table}" in shown.stdout
    assert "-d, --deal <texts>" in shown.stdout
    missing = runner.invoke(app, ["--lang", "en", "resolve"])
    assert missing.exit_code == 2
    assert "Missing argument 'event'." in missing.stderr


def _listing(lang: str) -> list[str]:
    """``arbitro --help``'s lines in a fresh process (the listing is made once per process,
    in its language)."""
    shown = subprocess.run(
        [sys.executable, "-c", "from arbitro.cli.main import app; app()", "--lang", lang, "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        check=True,
    )
    return [line.strip() for line in shown.stdout.splitlines()]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "penalty          Penalità in M.P. e V.P., citando il codice della gara."),
        ("en", "penalty          Penalty in M.P. and V.P., citing the event's code."),
    ],
)
def test_fibas_art22_the_listing_does_not_cut_the_penalty_after_mp(lang: str, said: str) -> None:
    """FIBAS art. 22: a penalty in points is M.P. and V.P.; ``arbitro --help`` listed it as
    «Penalità in M.P.», its sentence cut at the abbreviation's full stop."""
    assert said in _listing(lang)


def test_fibas_art21_redraw_is_listed_as_an_instruction_in_italian() -> None:
    """FIBAS art. 21 a: ``redraw`` reads like the other commands («Sorteggia di nuovo...»),
    not «Rifare una posizione...»."""
    assert "redraw           Sorteggia di nuovo una posizione ai tavoli superata." in _listing("it")
