"""``arbitro --lang xx`` named no language and ran in Italian without a word (a director who
typed ``--lang eng`` read Italian and thought the English catalogue broken): an unknown
``--lang`` is refused, a usage error (status 2) in the terminal's language that lists the
languages there are; an unknown ``$ARBITRO_LANG`` is warned about on stderr and the run goes
on in Italian (README: set once for a shell, a refusal would stop every command)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()

REFUSED = {
    "it": "Valore non valido per '--lang': lingua sconosciuta «xx»: le lingue sono it, en",
    "en": "Invalid value for '--lang': unknown language «xx»: the languages are it, en",
}
WARNED = "$ARBITRO_LANG è «de», che non è una delle lingue (it, en): si usa l'italiano"


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    return ["--db", f"sqlite:///{tmp_path / 'l.sqlite3'}"]


@pytest.mark.parametrize("terminal", ["it", "en"])
@pytest.mark.parametrize("tail", [["event", "list"], ["--help"]])
def test_an_unknown_lang_is_refused_in_the_terminals_language(
    db: list[str], terminal: str, tail: list[str]
) -> None:
    """``--lang xx``, before a command or ``--help``: status 2, the refusal in the language
    of ``$ARBITRO_LANG`` (Italian without it) naming it and en; nothing on stdout."""
    env = {"ARBITRO_LANG": terminal} if terminal == "en" else None
    result = runner.invoke(app, [*db, "--lang", "xx", *tail], env=env)
    assert result.exit_code == 2, result.output
    assert REFUSED[terminal] in result.stderr, result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(("lang", "said"), [("en-GB", "No events"), ("IT", "Nessuna gara")])
def test_a_languages_tag_is_that_language(db: list[str], lang: str, said: str) -> None:
    """``en-GB`` is English, ``IT`` Italian: accepted, no warning."""
    result = runner.invoke(app, [*db, "--lang", lang, "event", "list"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == said and result.stderr == ""


def test_an_unknown_arbitro_lang_is_warned_about_and_italian_is_spoken(db: list[str]) -> None:
    """``ARBITRO_LANG=de``: the command runs in Italian, the warning on stderr (stdout stays
    what ``--json`` reads); with ``--lang en`` the variable is not read: no warning."""
    result = runner.invoke(app, [*db, "event", "list"], env={"ARBITRO_LANG": "de"})
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "Nessuna gara"
    assert result.stderr.strip() == WARNED
    chosen = runner.invoke(app, [*db, "--lang", "en", "event", "list"], env={"ARBITRO_LANG": "de"})
    assert chosen.stdout.strip() == "No events" and chosen.stderr == ""


def test_the_command_line_refuses_it_before_loading_a_command(tmp_path: Path) -> None:
    """``python -m arbitro --lang xx event list`` (the app's own start, which sets the run's
    language from ``--lang`` before loading the command): refused, in English under
    ``ARBITRO_LANG=en``."""
    env = {**os.environ, "ARBITRO_LANG": "en"}
    env.pop("ARBITRO_DATABASE_URL", None)
    db = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    run = subprocess.run(
        [sys.executable, "-m", "arbitro", "--db", db, "--lang", "xx", "event", "list"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode == 2, run.stderr
    assert REFUSED["en"] in run.stderr and run.stdout == ""
