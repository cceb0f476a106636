"""One language at a time in the terminal (issue 26 L, as ``tests/web/test_language_crawl.py``
does for the pages): an event played through the command line — registration, check-in, fees,
a constraint, seating (FIBAS art. 4), sheets and their confirmation, a correction (art. 21),
lateness (art. 37), a warning and sanctions (art. 41), an arbitral score (art. 40), an abandon
(art. 36), a complaint settled (art. 38), standings (art. 39), prizes (Parole art. 6.1),
exports and printouts, a knockout (Briscola art. 9) — then every command's and group's
``--help`` and a director's usual mistakes, each said wholly in the language chosen: no word
of the other language from the list of the offenders seen on the landed version (``event
show``'s "pairs", "draw", "danish", ``history``'s "entered", "repeated", "correction:
inverted", ``sanction --kind reprimand``, click's "Error: Missing option").

The crawl runs in a process of its own per language (:mod:`tests.cli.cli_crawl`): the help
texts are rendered in the process's language, as when a director runs ``arbitro``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from tests.cli import cli_crawl

ENGLISH_IN_ITALIAN = (
    "pairs",
    "teams",
    "individual",
    "danish",
    "draw",
    "registration",
    "entered",
    "repeated",
    "correction",
    "inverted",
    "reprimand",
    "warning",
    "expulsion",
    "lateness",
    "director",
    "arbiter",
    "bye",
    "sum",
    "conflict",
    "Round",
    "Table",
    "Standings",
    "Error",
    "Missing",
    "Usage",
    "Try",
    "option",
    "Options",
    "Invalid",
    "unexpected",
    "Commands",
    "Arguments",
    "required",
    "default",
    "str",
    "int",
    "event_id",
    "round_number",
    "competitor",
)
ITALIAN_IN_ENGLISH = (
    "coppie",
    "squadre",
    "individuale",
    "danese",
    "sorteggio",
    "registrato",
    "correzione",
    "invertiti",
    "richiamo",
    "ammonizione",
    "espulsione",
    "ritardo",
    "direttore",
    "arbitro",
    "riposo",
    "riposa",
    "Turno",
    "Tavolo",
    "Classifica",
    "Errore",
    "Manca",
    "Uso",
    "Prova",
    "opzione",
    "Opzioni",
    "obbligatorio",
    "predefinito",
    "Comandi",
    "Argomenti",
    "smazzate",
    "concorrenti",
)
# What is syntax, not words: the command's path ("arbitro knockout draw") and, in a group's
# help, each command's name at the start of its line; an option (--by-arbiter) is skipped by
# the word match itself.
COMMAND_PATH = re.compile(r"arbitro(?: [a-z0-9-]+)*")
COMMAND_NAME = re.compile(r"(?m)^  [a-z0-9-]+(?=\s)")
# The competition codes are Italian texts: ``articles`` quotes them as they are written.
QUOTES_THE_CODES = ("articles search", "articles show")


@cache
def crawl(lang: str, work: Path) -> dict[str, tuple[int, str]]:
    """What every command line of the crawl said in ``lang`` (a new process)."""
    work.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ARBITRO_LANG": lang, "COLUMNS": "100", "ARBITRO_ACTOR": "Rossi"}
    env.pop("ARBITRO_DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "tests.cli.cli_crawl", lang, str(work)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    said: dict[str, list[object]] = json.loads(done.stdout)
    return {line: (int(str(code)), str(text)) for line, (code, text) in said.items()}


def offenders(said: dict[str, tuple[int, str]], words: tuple[str, ...]) -> list[tuple[str, str]]:
    """(command line, word) for each word of ``words`` the command printed."""
    found = []
    for line, (_code, text) in said.items():
        text = COMMAND_NAME.sub("", COMMAND_PATH.sub("", text))
        for word in words:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
                found.append((line, word))
    return found


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cli_crawl")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_event_is_played_and_every_command_answers(lang: str, work: Path) -> None:
    """Every command of the played event succeeds (the crawl reads real outputs), every
    ``--help`` too; each mistake is refused with a message (FIBAS art. 4, 21, 36-41)."""
    said = crawl(lang, work / lang)
    played = [" ".join(line) for line in cli_crawl.played(lang, work / lang)]
    failed = {
        line: text for line, (code, text) in said.items() if code != 0 and line not in mistaken()
    }
    assert failed == {}
    assert len([line for line in said if line.endswith("--help")]) > 100
    assert len(played) > 70
    for line in mistaken():
        code, text = said[line]
        assert code != 0 and text.strip(), line


def mistaken() -> set[str]:
    """The crawl's mistaken command lines."""
    return {" ".join(line) for line in cli_crawl.mistakes()}


def test_the_italian_terminal_has_no_english_word(work: Path) -> None:
    """In Italian: "Coppie", "Sorteggio", "Danese", "registrato", "correzione: punteggi
    invertiti", "richiamo", "Manca l'opzione"; no English word of the list."""
    said = crawl("it", work / "it")
    assert offenders(said, ITALIAN_IN_ENGLISH)  # the crawl reads Italian where it belongs
    assert offenders(said, ENGLISH_IN_ITALIAN) == []
    assert "Coppie, 5 concorrenti" in said["event show sera"][1]
    assert "Turno 1: 2 smazzate, Sorteggio" in said["event show sera"][1]
    assert "Turno 2 (Danese, affisso)" in said["seat sera 2 --publish"][1]
    history = said["history sera 1 1"][1]
    assert "Rossi: registrato" in history and "correzione: punteggi invertiti" in history
    assert "Rossi: confermato (stessi numeri)" in said["history sera 1 2"][1]
    assert "Gialli / Blu: ritardo (FIBAS art. 37)" in said["ledger sera"][1]
    assert "Viola / Rosa: richiamo (FIBAS art. 41)" in said["ledger sera"][1]
    missing = said["sanction sera 1 4 --reason x"][1]
    assert "Prova 'arbitro sanction --help' per l'aiuto." in missing
    assert "Errore: Manca l'opzione '--kind'." in missing
    assert (
        "Errore: Opzione inesistente: --nope"
        in said["sanction sera 1 4 --kind reprimand --reason x --nope"][1]
    )
    assert said["user list"][1].strip() == "Nessun utente"
    assert "Errore: Manca l'argomento 'gara'." in said["register"][1]
    assert "Uso: arbitro sanction [OPZIONI] {gara} {turno} {concorrente}" in missing


def test_the_english_terminal_has_no_italian_word(work: Path) -> None:
    """In English: "Pairs", "Draw", "Danish", "entered", "correction: inverted scores",
    "reprimand", click's own words; no Italian word of the list (but in the codes' own text,
    which ``articles`` quotes)."""
    said = crawl("en", work / "en")
    assert offenders(said, ENGLISH_IN_ITALIAN)
    quoted = {line for line in said if line.startswith(QUOTES_THE_CODES)}
    assert quoted
    english = {line: out for line, out in said.items() if line not in quoted}
    assert offenders(english, ITALIAN_IN_ENGLISH) == []
    assert "Pairs, 5 competitors" in said["event show sera"][1]
    assert "Round 2 (Danish, published)" in said["seat sera 2 --publish"][1]
    assert "Rossi: entered" in said["history sera 1 1"][1]
    assert "Viola / Rosa: reprimand (FIBAS art. 41)" in said["ledger sera"][1]
    assert "Error: Missing option '--kind'." in said["sanction sera 1 4 --reason x"][1]


@pytest.mark.parametrize(
    ("lang", "kinds"),
    [("it", "richiamo | ammonizione | espulsione"), ("en", "reprimand | warning | expulsion")],
)
def test_the_directors_words_are_shown_in_the_readers_language(
    lang: str, kinds: str, work: Path
) -> None:
    """``sanction --help`` lists the kinds of FIBAS art. 41 in the reader's language; ``correct
    --help`` the corrections of art. 21; ``event create --help`` the movements of art. 4."""
    said = crawl(lang, work / lang)
    assert kinds in said["sanction --help"][1]
    danish = "danese" if lang == "it" else "danish"
    assert danish in said["event create --help"][1]
    inverted = "invertiti" if lang == "it" else "inverted"
    assert inverted in said["correct --help"][1]
