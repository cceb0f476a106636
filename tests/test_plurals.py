"""Every number said in the right number (the catalogue's rule: "plurals with ngettext").

A director creating a one-deal round was told «turno 1: 1 smazzate»: a plain msgid whose text
puts a number before a plural noun reads wrong when the number is 1. Such a text goes through
``ngettext`` (a singular and a plural entry, :func:`arbitro.i18n.ngettext`); a plain msgid may
keep a number before a plural noun only when the number can never be 1, each such msgid listed
in :data:`NEVER_ONE` with the reason (the code's article, the check that guards it)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.i18n import ngettext, render
from arbitro.i18n.extract import extracted_once, translations
from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.context import make_templates

# The plural nouns a number is said before, in the English msgid and in the Italian text.
ENGLISH_NOUNS = [
    "cards",
    "rounds",
    "deals",
    "pairs",
    "tables",
    "boards",
    "copies",
    "players",
    "rows",
    "seconds",
    "competitors",
    "events",
    "records",
    "files",
    "points",
    "minutes",
    "characters",
    "warnings",
    "sessions",
    "cells",
    "fields",
    "complaints",
    "numbers",
    "values",
    "scores",
    "results",
    "games",
    "problems",
    "places",
    "processes",
    "matches",
    "teams",
    "moves",
    "calls",
    "days",
    "hours",
    "entries",
    "lines",
    "seats",
    "hands",
    "melds",
    "words",
    "letters",
]
ITALIAN_NOUNS = [
    "carte",
    "turni",
    "smazzate",
    "coppie",
    "tavoli",
    "copie",
    "giocatori",
    "righe",
    "secondi",
    "concorrenti",
    "gare",
    "registrazioni",
    "punti",
    "minuti",
    "caratteri",
    "ammonizioni",
    "sessioni",
    "celle",
    "campi",
    "reclami",
    "numeri",
    "valori",
    "punteggi",
    "risultati",
    "partite",
    "problemi",
    "posti",
    "processi",
    "squadre",
    "mosse",
    "giorni",
    "ore",
    "linee",
    "mani",
    "giochi",
    "parole",
    "lettere",
    "incontri",
]
_ENGLISH = re.compile(r"\{\w+\} (?:[a-z]+ )?(?:" + "|".join(ENGLISH_NOUNS) + r")\b")
_ITALIAN = re.compile(r"\{\w+\} (?:" + "|".join(ITALIAN_NOUNS) + r")\b")


def number_before_plural(msgid: str, italian: str = "") -> bool:
    """Whether a text puts a ``{placeholder}`` before a plural noun: ``{x} <noun>s`` (or with
    one word between, "{count} open complaints") in the English msgid, or ``{x} <nome
    plurale>`` in its Italian text."""
    return bool(_ENGLISH.search(msgid) or _ITALIAN.search(italian))


def plain_msgids_with_a_number_before_a_plural() -> dict[str, str]:
    """The plain msgids of the code and the templates (not a plural entry of ``ngettext``)
    that put a number before a plural noun: msgid → where."""
    italian = translations("it")
    found: dict[str, str] = {}
    for f in extracted_once():
        if f.context is None and number_before_plural(f.msgid, italian.get((f.msgid, None), "")):
            found.setdefault(f.msgid, f.where)
    return found


# A plain msgid may say a number before a plural noun only when that number is never 1.
# Each entry: why (the code's article, the constant or the check that bounds it).
NEVER_ONE: dict[str, str] = {
    # Lengths: said only when over a limit of at least 1, so at least 2.
    "The event id is too long ({length} characters, at most {max}).": "length > max >= 1",
    "User name too long ({length} characters, at most {max}).": "length > max >= 1",
    "text too long ({length} characters, at most {max_length})": "length > max_length >= 1",
    "the name is too long ({length} characters, at most {limit})": "length > limit >= 1",
    "the note is too long ({length} characters, at most {limit})": "length > limit >= 1",
    "{field} too long ({length} characters, at most {limit})": "length > limit >= 1",
    "«{field}» is too long ({length} characters, at most {max})": "length > max >= 1",
    "«{text}…» is too long ({length} characters, at most {limit})": "length > limit >= 1",
    "Idempotency key not valid: 8 to {max} printable characters.": "a constant limit (64)",
    "The password must have at least {min} characters.": "a constant minimum (>= 8)",
    "id «{event_id}» is not valid: lowercase letters, digits, - and _ (at most {max} "
    "characters, starting with a letter or a digit)": "a constant limit",
    "invalid event file: {count} records (at most {limit})": "count > limit",
    "{rounds} rounds: an event has at most {limit}": "rounds > MAX_ROUNDS",
    "a points table of at most {limit} places": "a constant limit of the series",
    "a time limit is from 0 (off) to {most} seconds": "a constant upper bound",
    # The games' rules: numbers of the codes (codes/*.toml), never 1.
    "a meld has at least {count} cards: {cards}": "at least 3 cards, Scala 40 art. 9",
    "a meld needs at least {min} cards: {cards}": "at least 3 cards, FIBAS art. 11",
    "a run holds at most {count} cards": "14 cards at most, Scala 40 art. 9",
    "a run holds at most {count} cards: {cards}": "14 cards at most, Scala 40 art. 9",
    "a set holds at most {count} cards: {cards}": "4 cards at most, Scala 40 art. 9",
    "a run holds at most {max} cards plus the wild: {cards}": "a run's length, FIBAS art. 11-15",
    "a set holds at most {max} cards plus the wild: {cards}": "a set's size, FIBAS art. 11-15",
    "at most {count} cards at a time are laid off on a run": "2 at a time, Scala 40 art. 17",
    "a word is opened with at least {count} cards": "the Parole code's least word (3 cards)",
    "the deck is not the {size}-card Burraco Parole deck": "the deck's size (108 cards)",
    "not enough cards: {need} needed, the deck has {have}": "hands x cards per hand: "
    "at least 2 hands of 3 (Briscola), 11 (Burraco), 13 (Scala 40)",
    "invalid cut: {at} cards of {total} (at least one card each side)": "said only when "
    "the cut leaves no card on a side: at < 1 or at > total - 1",
    "Stock under the up-card, top first ({count} cards)": "the stock after the deal "
    "(FIBAS art. 6: 108 - 4 x 11 - 2 x 11 - 1 cards)",
    "{count} cards": "a hand or a pozzetto of a prepared board: 11 cards, FIBAS art. 6",
    "first open with at least {points} points (open), then meld and lay off": "Scala 40's "
    "opening, 40 points (art. 7)",
    "the discard is taken only to open with at least {points} points (or after opening)": (
        "Scala 40's opening, 40 points (art. 7)"
    ),
    "an opening of {points} points: at least {needed} are needed (or lay off every card to "
    "close)": "melds of at least 3 cards are worth 6 points or more (Scala 40 art. 7, 9)",
    "no card is worth less than {least} points": "a 2, Scala 40 art. 22",
    "no hand holds more than {most} negative points": "a full hand's most, Scala 40 art. 22",
    "a table seats {players} players, or {fewer}": "4, or 3, Scala 40 art. 2, 25",
    "at most {count} players per table": "the placement VP of a table of 4, Scala 40 art. 22",
    "a pair has {count} players": "2 players",
    "Sheet confirmed by all {everyone} players.": "a table has at least 2 players",
    "{count} players level on points cannot split the VP in whole numbers": "a tie is of 2 or more",
    "{count} players named «{name}» in the registry: give the card number": "said only when "
    "2 or more share the name",
    "Table {table}: one line only ({names}), and {count} tables are incomplete: two half "
    "tables could be one ({article})": "said only when 2 or more tables are incomplete",
    "Every {count} warnings: {vp} V.P. and {mp} M.P. in the overall standings ({article}).": (
        "FIBAS art. 41: every 2 warnings"
    ),
    "Every {warnings} warnings: {vp} VP and {mp} MP ({article}).": "FIBAS art. 41: every 2",
    "Lateness from {late_from} to {late_to} minutes: {late_mp} MP ({article}).": "FIBAS art. "
    "37: from 5 to 10 minutes",
    "Table of three: the empty seat counts as a fourth player with {points} negative points "
    "({article}).": "1000 points, Scala 40 art. 26",
    "Tables of three (round/table {tables}): the empty seat counts as a fourth player with "
    "{points} negative points; each of the three is placed above it and scores its "
    "difference with it ({article}).": "1000 points, Scala 40 art. 26",
    "matches best of {games} games: {count} won goes through ({article})": "best of 3, 2 won "
    "(knockout code)",
    "{match}: match already decided ({first}-{second}), {wins} games of {games} win": (
        "best of 3, 2 won (knockout code)"
    ),
    "{count} open complaints": "round_live.html says «1 open complaint» for one",
    "{deals} deals": "vp_table.py says «1 deal» for one",
    "Table for {deals} deals": "a range of deals («3-4»), Scala 40 art. 22",
    "{workers} worker processes": "said only with more than one worker (serve.py)",
    "The record's kind is too long ({length} characters, at most {max}).": "length > max >= 1",
    "the series' name must be 1 to {limit} characters": "a constant limit",
    "an event holds at most {limit} competitors and this would make {count}: to raise the "
    "limit, set {setting} in the server's environment and start it again": "the "
    "installation's limit of competitors (thousands)",
    "table {table}'s line is full ({size} players): swap instead": "a line is a pair: 2",
    "the ruling's row has {count} number, the table {players} players": "the singular of an "
    "ngettext; an individual table has 3 or 4 players",
    # A plural entry's singular form whose other number is bounded.
    "Individual event with {players} player: at least {table} players are needed, and a "
    "number leaving 0 or {line} when divided by {table} (tables of four, at most one "
    "incomplete table with one line of two)": "the singular of an ngettext; table is 4",
    "Round robin: the calendar of {competitors} competitors has {rounds} round, already "
    "played": "the singular of an ngettext; a calendar of 1 round has 2 competitors",
    "deal {deal}: {scores} score for {players} players": "the singular of an ngettext; a "
    "Scala 40 table has 2 to 6 players",
    "{what}: {count} values for {rounds} round (a single one applies to all)": "the "
    "singular of an ngettext; said only for 2 or more values",
    # Not a number: {line} names a line.
    "{line} card points {points}: below the {least} the deal allows ({article})": "{line} "
    "is a line's name",
    "{line} card points {points}: more than the {most} of the cards in play ({article})": (
        "{line} is a line's name"
    ),
    "{line} card points {points}: not a multiple of {step} ({article})": "{line} is a line's name",
}


@pytest.fixture(scope="module")
def found() -> dict[str, str]:
    return plain_msgids_with_a_number_before_a_plural()


def test_the_scan_sees_a_number_before_a_plural_noun() -> None:
    """The scan finds «{count} rounds» and «turno 1: {deals} smazzate», not a singular."""
    assert number_before_plural("{count} rounds")
    assert number_before_plural("{added} added, {refused} rows refused")
    assert number_before_plural("Round {round}: {n}", "Turno {round}: {n} smazzate")
    assert not number_before_plural("{count} round", "{count} turno")
    assert not number_before_plural("round {number}", "turno {number}")


def test_no_plain_msgid_says_a_number_before_a_plural_noun(found: dict[str, str]) -> None:
    """A new plain msgid «{count} <plural>» fails unless its number can never be 1: then it
    is listed in NEVER_ONE with the reason; else it goes through ngettext."""
    new = {m: where for m, where in found.items() if m not in NEVER_ONE}
    assert new == {}


def test_every_never_one_entry_is_still_in_the_code(found: dict[str, str]) -> None:
    """The allow-list only shrinks: an entry whose msgid left the code goes from it."""
    assert sorted(set(NEVER_ONE) - set(found)) == []


def test_ngettext_says_one_in_the_singular_in_both_languages() -> None:
    """The catalogue's plural entries of the most visible texts, rendered with 1 and 2."""
    one, two = (
        ngettext("{count} round", "{count} rounds", 1),
        ngettext("{count} round", "{count} rounds", 2),
    )
    assert (render(one, "it"), render(two, "it")) == ("1 turno", "2 turni")
    assert (render(one, "en"), render(two, "en")) == ("1 round", "2 rounds")
    copies = ngettext("{count} copy", "{count} copies", 1)
    assert (render(copies, "it"), render(copies, "en")) == ("1 copia", "1 copy")


# ---------------------------------------------------------------------------- the terminal
runner = CliRunner()


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    monkeypatch.delenv("ARBITRO_LANG", raising=False)
    monkeypatch.delenv("ARBITRO_DATABASE_URL", raising=False)
    yield ["--db", f"sqlite:///{tmp_path / 'plurals.sqlite3'}"]


def run(db: list[str], *args: str, code: int = 0) -> str:
    out = runner.invoke(app, [*db, *args])
    assert out.exit_code == code, out.output
    return out.output


def test_the_terminal_says_a_one_round_event_in_the_singular(cli: list[str]) -> None:
    """A Scala 40 event of one round (art. 5: rounds of 3 to 5 deals) with one competitor:
    «1 concorrente», «1 turno», never «1 concorrenti», «1 turni»."""
    run(cli, "event", "create", "e", "--name", "Scala", "--code", "scala40", "--format",
        "individual", "--movements", "draw", "--rounds", "1", "--deals", "3")  # fmt: skip
    run(cli, "register", "e", "Giocatore 1")
    shown = run(cli, "event", "show", "e")
    assert "Scala (e): Individuale, 1 concorrente\n" in shown
    assert "1 concorrenti" not in shown
    refused = run(cli, "seating", "e", "2", code=1)
    assert "turno 2 inesistente: la gara ha 1 turno" in refused
    english = run(cli, "--lang", "en", "seating", "e", "2", code=1)
    assert "no round 2: the event has 1 round" in english


def test_the_terminal_refuses_two_deal_counts_for_one_round(cli: list[str]) -> None:
    """Two deal counts for a one-round event: «2 valori per 1 turno»."""
    out = run(cli, "event", "create", "e", "--name", "Scala", "--code", "scala40", "--format",
              "individual", "--movements", "draw", "--rounds", "1", "--deals", "3,4",
              code=1)  # fmt: skip
    assert "2 valori per 1 turno (uno solo vale per tutti)" in out


def test_the_terminal_says_one_deal_one_table_one_board_one_copy(cli: list[str]) -> None:
    """A carte uguali event (FIBAS art. 7, 20: a one-deal round only with prepared boards) of
    one round, two pairs, one table: «Turno 1: 1 smazzata», «1 tavolo, 1 board, 1 copia»."""
    run(cli, "event", "create", "f", "--name", "Uno", "--rounds", "1", "--deals", "1",
        "--movements", "draw", "--carte-uguali")  # fmt: skip
    for i in (1, 2):
        run(cli, "register", "f", f"Coppia {i}")
    assert "  Turno 1: 1 smazzata, Sorteggio\n" in run(cli, "event", "show", "f")
    run(cli, "seat", "f", "1", "--publish")
    assert run(cli, "boards", "show", "f", "1").startswith("Turno 1: 1 tavolo, 1 board, 1 copia\n")
    english = run(cli, "--lang", "en", "boards", "show", "f", "1")
    assert english.startswith("Round 1: 1 table, 1 board, 1 copy\n")


# ---------------------------------------------------------------------------- the web
@pytest.fixture
def desk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FastAPI, TestClient]]:
    """The web app on a new SQLite file and a client logged in as a director (as
    ``tests/web/conftest.py`` makes them; cheap password hashing)."""
    from argon2 import PasswordHasher

    from arbitro.store import users
    from arbitro.web.app import create_app

    monkeypatch.delenv("ARBITRO_SECRET", raising=False)
    monkeypatch.delenv("ARBITRO_DATABASE_URL", raising=False)
    monkeypatch.delenv("ARBITRO_LANG", raising=False)
    monkeypatch.setattr(
        users, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )
    web_app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    users.add_user(web_app.state.web.store, "direttore", "segreto-del-direttore")
    try:
        with TestClient(web_app, follow_redirects=False) as client:
            response = client.post(
                "/login", data={"username": "direttore", "password": "segreto-del-direttore"}
            )
            assert response.status_code == 303, response.text
            yield web_app, client
    finally:
        web_app.state.web.store.close()


def test_the_desk_says_a_one_round_event_of_one_table_in_the_singular(
    desk: tuple[FastAPI, TestClient],
) -> None:
    """The desk's event page of a one-round event with two pairs (one table, FIBAS art. 4):
    «1 turno» and «1 round», never «1 turni»."""
    web_app, client = desk
    svc = web_app.state.web.service
    config = EventConfig(
        name="Serata unica",
        event_format=EventFormat.PAIRS,
        rounds=1,
        deals=(2,),
        movements=(Movement.DRAW,),
    )
    svc.create_event("unico", config)
    for i in (1, 2):
        svc.run("unico", Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    page = client.get("/desk/e/unico")
    assert page.status_code == 200, page.text
    assert " 1 turno " in page.text and "1 turni" not in page.text
    english = client.get("/desk/e/unico?lang=en").text
    assert " 1 round " in english and "1 rounds" not in english


def test_the_desk_round_page_says_one_table_one_board_one_copy(
    desk: tuple[FastAPI, TestClient],
) -> None:
    """The desk's round page of a carte uguali round of one deal at one table (FIBAS art. 7,
    20): «1 tavolo, 1 board, 1 copia di ogni board», «1 smazzata»."""
    web_app, client = desk
    svc = web_app.state.web.service
    config = EventConfig(
        name="Carte uguali",
        event_format=EventFormat.PAIRS,
        rounds=1,
        deals=(1,),
        movements=(Movement.DRAW,),
        duplicate=True,
        comparison="others",
    )
    svc.create_event("uguali", config)
    for i in (1, 2):
        svc.run("uguali", Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat("uguali", 1, publish=True)
    page = client.get("/desk/e/uguali/r/1")
    assert page.status_code == 200, page.text
    assert "1 tavolo, 1 board, 1 copia di ogni board;" in page.text
    assert "1 smazzata" in page.text and "1 smazzate" not in page.text
    english = client.get("/desk/e/uguali/r/1?lang=en").text
    assert "1 table, 1 board, 1 copy of each board;" in english


@pytest.mark.parametrize(
    ("lang", "one", "five"),
    [
        ("it", "riprova da sola fra 1 secondo.", "riprova da sola fra 5 secondi."),
        ("en", "tries again by itself in 1 second.", "tries again by itself in 5 seconds."),
    ],
)
def test_the_retry_page_says_one_second_in_the_singular(lang: str, one: str, five: str) -> None:
    """retry.html's own text with 1 second and with RETRY_SECONDS (5): the page a GET that
    failed shows, reloading itself."""
    env = make_templates().env
    assert env.loader is not None
    source = env.loader.get_source(env, "retry.html")[0]
    said = re.search(r"\{\{ _\(ngettext\(\"This page tries again.*?\}\}", source)
    assert said is not None
    template = env.from_string(said.group(0))
    assert one in template.render(lang=lang, reload=1)
    assert five in template.render(lang=lang, reload=5)
