"""A director who types a command wrong in an Italian terminal reads click's own words in
Italian (issue 12 §7: every CLI output wholly in the chosen language): the unknown command
and typer's «Did you mean» (found on a club evening: «Comando 'events' sconosciuto. Did you
mean 'event'?»), an option without its value, a flag given a value, a missing argument or
option, an unknown option, a value of the wrong kind, the help's words; and a yes/no
question and a password asked twice. In English, click's words stay its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.click_words import error_text
from arbitro.cli.main import app, argv_lang, command_module
from arbitro.i18n import use_lang

runner = CliRunner()

WRONG = [
    (["events"], "Comando 'events' sconosciuto. Forse intendevi 'event'?"),
    (["event", "lst"], "Comando 'lst' sconosciuto. Forse intendevi 'list'?"),
    (["event", "create"], "Manca l'argomento 'gara'."),
    (["event", "create", "x"], "Manca l'opzione '--name'."),
    (["event", "create", "x", "--name"], "L'opzione '--name' richiede un valore."),
    (["--help=3"], "L'opzione '--help' non accetta un valore."),
    (["event", "list", "--frobnicate"], "Opzione inesistente: --frobnicate"),
    (["sheet", "e", "uno", "1"], "Valore non valido per"),
    (["event", "show", "a", "b"], "Argomenti in più non previsti (b)"),
    (["event", "--help"], "Mostra questo aiuto ed esci."),
]

CLICK_ENGLISH = (
    "Usage",
    "Options",
    "Commands",
    "Arguments",
    "Error:",
    "Try '",
    "for help",
    "Did you mean",
    "Missing",
    "No such",
    "Invalid value",
    "requires",
    "does not take",
    "unexpected extra",
    "Possible options",
    "Show this message",
    "[default",
    "[required]",
    "Aborted",
    "Repeat for confirmation",
    "y/N",
    "invalid input",
    "do not match",
)
"""Words of click's and typer's English texts (none is an Italian word)."""


def _run(args: list[str], lang: str, tmp_path: Path, given: str | None = None) -> str:
    """``arbitro --lang LANG ARGS`` (``ARBITRO_LANG`` too: the test runner skips the
    command line's own reading of ``--lang`` before the command is looked up)."""
    db = ["--db", f"sqlite:///{tmp_path / 'w.sqlite3'}"]
    env = {"ARBITRO_LANG": lang}
    result = runner.invoke(app, [*db, "--lang", lang, *args], input=given, env=env)
    return result.output


@pytest.mark.parametrize(("args", "said"), WRONG, ids=[" ".join(a) for a, _ in WRONG])
def test_a_wrong_command_in_italian_has_no_english_word_of_click(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """Each wrong command answers in Italian, with click's frame in Italian too («Uso:»,
    «Prova '... --help' per l'aiuto.», «Errore:»), and no word of click's English."""
    output = _run(args, "it", tmp_path)
    assert said in output, output
    for word in CLICK_ENGLISH:
        assert word not in output, (word, output)


def test_in_english_clicks_words_are_its_own(tmp_path: Path) -> None:
    """The same mistakes in English: click's and typer's words."""
    assert "No such command 'events'. Did you mean 'event'?" in _run(["events"], "en", tmp_path)
    assert "Option '--name' requires a value." in _run(
        ["event", "create", "x", "--name"], "en", tmp_path
    )
    assert "Option '--help' does not take a value." in _run(["--help=3"], "en", tmp_path)


def test_a_yes_or_no_question_is_asked_in_italian(tmp_path: Path) -> None:
    """``players delete`` asks «[s/N]»; a word neither yes nor no is refused in Italian; «n»
    stops it (click's «Aborted!» in Italian) and nothing is deleted; «s» deletes."""
    _run(["players", "add", "Mario Rossi", "--card", "T1"], "it", tmp_path)
    asked = _run(["players", "delete", "T1", "--reason", "GDPR"], "it", tmp_path, "forse\nn\n")
    assert "[s/N]" in asked and "Errore: rispondere s o n" in asked, asked
    assert "Interrotto." in asked
    for word in CLICK_ENGLISH:
        assert word not in asked, (word, asked)
    assert "Mario Rossi" in _run(["players", "list"], "it", tmp_path)
    done = _run(["players", "delete", "T1", "--reason", "GDPR"], "it", tmp_path, "sì\n")
    assert "Mario Rossi" in done and "Mario Rossi" not in _run(["players", "list"], "it", tmp_path)
    english = _run(["players", "add", "Anna Bianchi", "--card", "T2"], "en", tmp_path)
    asked = _run(["players", "delete", "T2", "--reason", "GDPR"], "en", tmp_path, "n\n")
    assert english and "[y/N]" in asked


def test_a_password_asked_twice_in_italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``user add`` asks the password and again «Ripetere per conferma»; two different ones
    are refused in Italian and asked again."""
    monkeypatch.delenv("ARBITRO_PASSWORD", raising=False)
    typed = "segreta-lunga-1\naltra-cosa-22\nsegreta-lunga-1\nsegreta-lunga-1\n"
    output = _run(["user", "add", "rossi"], "it", tmp_path, typed)
    assert "Ripetere per conferma" in output, output
    assert "Errore: i due valori scritti sono diversi: scriverli di nuovo" in output
    for word in CLICK_ENGLISH:
        assert word not in output, (word, output)


def test_actor_is_a_root_option_with_a_value() -> None:
    """``arbitro --actor Rossi --lang en ledger e``: the language and the command are found
    past ``--actor``'s value (the run's language before the command is looked up)."""
    argv = ["--actor", "Rossi", "--lang", "en", "ledger", "e"]
    assert argv_lang(argv) == "en"
    assert command_module(argv) == command_module(["ledger", "e"]) is not None


@pytest.mark.parametrize(
    ("lang", "other", "said"),
    [
        ("it", "en", "Errore: Comando 'events' sconosciuto. Forse intendevi 'event'?"),
        ("en", "it", "Error: No such command 'events'. Did you mean 'event'?"),
    ],
)
def test_the_terminal_says_it_in_the_language_of_lang(lang: str, other: str, said: str) -> None:
    """As a director runs it (a new process, ``ARBITRO_LANG`` the other language): the
    unknown command and its suggestion in the language ``--lang`` names."""
    env = {**os.environ, "ARBITRO_LANG": other}
    run = subprocess.run(
        [sys.executable, "-m", "arbitro", "--lang", lang, "events"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode == 2 and said in run.stderr, run.stderr


@pytest.mark.parametrize(
    ("english", "lang", "said"),
    [
        ("Option '--deal' requires 2 arguments.", "it", "L'opzione '--deal' richiede 2 valori."),
        ("Argument 'cards' takes 3 values.", "it", "L'argomento 'cards' richiede 3 valori."),
        ("Argument 'cards' takes 3 values.", "en", "Argument 'cards' takes 3 values."),
        ("Could not open file 'a.csv': No such file", "it", "Impossibile aprire il file 'a.csv'"),
    ],
)
def test_clicks_other_usage_errors_from_the_catalogue(english: str, lang: str, said: str) -> None:
    """click's usage errors no arbitro command makes today (an option of several values, an
    argument of several, a file click opens) are said from the catalogue too, a count in
    its plural."""
    with use_lang(lang):
        assert error_text(english).startswith(said), error_text(english)
