"""The command line's help is wholly in the chosen language (issue 12 §7): the words click
and typer print themselves (``Usage:``, ``Options``, the help option, ``[default: ...]``)
come from the one catalogue, as the commands' own texts do."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ENGLISH = ("Usage:", "Options:", "Show this message and exit.", "default:", "[OPTIONS]")
ITALIAN = ("Uso:", "Opzioni:", "Mostra questo aiuto ed esci.", "predefinito:", "[OPZIONI]")


def help_of(lang: str, *args: str) -> str:
    """``arbitro <args> --help`` as a new process in ``lang`` (as a director runs it)."""
    env = {**os.environ, "ARBITRO_LANG": lang}
    run = subprocess.run(
        [sys.executable, "-m", "arbitro", *args, "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return run.stdout


@pytest.mark.parametrize("args", [(), ("vp",)])
def test_help_in_italian_has_no_english_word_of_click(args: tuple[str, ...]) -> None:
    """In Italian: "Uso:", "Opzioni", "Mostra questo aiuto ed esci."; no word of click's
    English (the root help and a command's help with a default)."""
    text = help_of("it", *args)
    for word in (*ITALIAN[:3], "[OPZIONI]"):
        assert word in text, (word, text)
    if args:
        assert "predefinito:" in text
    for word in ENGLISH:
        assert word not in text, (word, text)


def test_help_in_english_keeps_clicks_words() -> None:
    """In English the library's words are its own."""
    text = help_of("en", "vp")
    for word in ENGLISH:
        assert word in text, (word, text)
    for word in ITALIAN:
        assert word not in text, (word, text)
