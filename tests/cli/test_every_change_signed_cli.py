"""Every change typed at the terminal names its director (FIBAS art. 19-21: who entered,
confirmed and corrected a sheet; art. 36-41: who withdrew a pair, who sanctioned): the root's
``--actor``, as the desk names its user. Session 17 signed the sanctions, penalties and
rulings only: ``sheet``, ``confirm``, ``correct``, ``publish``, ``withdraw`` and every other
recording command still recorded «director» (found reading an evening's log: a sheet
corrected at the terminal said «il direttore», not who)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.store import RecordStore

runner = CliRunner()

ME = ["--actor", "Rossi"]
DEALS = ("-d", "300,100,0,0", "-d", "0,10,0,0")

# Every recording command of an evening of rounds, in an order the codes allow (FIBAS: five
# pairs, one absent; one round of two deals), each with what it records.
CREATE = ("event", "create", "e", "--name", "E", "--movements", "iscrizione", "--rounds", "1")

EVENING: list[tuple[str, ...]] = [
    (*CREATE, "--deals", "2"),
    ("fee", "e", "10"),
    *(("register", "e", name) for name in ("A-B", "C-D", "E-F", "G-H", "I-L")),
    ("rename", "e", "1", "A-Bi"),
    ("pay", "e", "1", "2"),
    ("pay", "e", "2", "--undo", "--reason", "doppio"),
    ("constraint", "add", "e", "1", "2", "--reason", "club"),
    ("check-in", "e", "1", "2", "3", "4"),
    ("withdraw-absent", "e"),
    ("seat", "e", "1"),
    ("seat", "swap", "e", "1", "1", "3"),
    ("publish-seating", "e", "1"),
    ("clock", "e", "1", "--start", "now"),
    ("sheet", "e", "1", "1", *DEALS, "--line", "ns"),  # pending: one line
    ("confirm", "e", "1", "1"),
    ("sheet", "e", "1", "2", *DEALS),
    (
        "correct",
        "e",
        "1",
        "2",
        "--kind",
        "sum",
        "--reason",
        "somma",
        "-d",
        "300,100,0,0",
        "-d",
        "0,20,0,0",
        "--by-arbiter",
    ),
    ("warn", "e", "1", "3", "--reason", "commenti"),
    ("publish", "e", "1"),
    ("complaint", "e", "1", "2", "il punteggio"),
    ("resolve", "e", "1", "{complaint}", "--decision", "respinto", "--reject"),
    ("withdraw", "e", "3", "--reason", "malore"),
]


def _run(db: list[str], *args: str) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 0, (args, result.output)
    return result.stdout


def _records(url: str) -> list[tuple[int, str, str]]:
    """Every record of event ``e``: its seq, kind and actor."""
    with RecordStore.open(url) as store:
        return [(r.seq, str(r.kind), r.actor) for r in store.records("e")]


@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A new database; no $ARBITRO_ACTOR (the login name is not Rossi)."""
    monkeypatch.delenv("ARBITRO_ACTOR", raising=False)
    return f"sqlite:///{tmp_path / 's.sqlite3'}"


def test_fibas_art19_to_41_every_change_of_the_evening_is_the_directors(url: str) -> None:
    """``arbitro --actor Rossi`` for every recording command of an evening (the event
    created, the fee and payments, registrations, the check-in, the seating drawn, edited and
    published, the clock, a sheet entered by one line and confirmed, one entered and
    corrected, a warning, the standings published, a complaint settled, a withdrawal): every
    record of the event's log is Rossi's, none «director» or «arbiter»."""
    db = ["--db", url, *ME]
    for command in EVENING:
        if "{complaint}" in command:
            number = json.loads(_run(db, "complaints", "e", "--json"))[0]["complaint"]
            command = tuple(str(number) if a == "{complaint}" else a for a in command)
        _run(db, *command)
    records = _records(url)
    kinds = {kind for _seq, kind, _actor in records}
    for kind in ("sheet-entered", "sheet-corrected", "seating-published", "standings-published",
                 "competitor-withdrawn", "complaint-resolved", "event-created"):  # fmt: skip
        assert any(kind in k for k in kinds), (kind, kinds)
    assert [r for r in records if r[2] != "Rossi"] == []


def test_fibas_art19_a_sheets_own_actor_is_kept(url: str) -> None:
    """A sheet's own ``--actor`` (who entered it, e.g. the scorer at the desk) is recorded as
    given; the sheet confirmed without one is the terminal's director's (art. 19)."""
    db = ["--db", url, *ME]
    for command in EVENING[: EVENING.index(("publish-seating", "e", "1")) + 1]:
        _run(db, *command)
    before = len(_records(url))
    _run(db, "sheet", "e", "1", "1", *DEALS, "--line", "ns", "--actor", "Bianchi")
    _run(db, "confirm", "e", "1", "1")
    assert [actor for _seq, _kind, actor in _records(url)[before:]] == ["Bianchi", "Rossi"]


def test_the_environment_names_the_director_of_a_knockout_too(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``$ARBITRO_ACTOR`` (no ``--actor``) signs a knockout's changes too (Briscola: the
    event created, the pairs registered, the bracket drawn); the bots' games stay the
    bots'."""
    monkeypatch.setenv("ARBITRO_ACTOR", "Verdi")
    db = ["--db", url]
    _run(db, "knockout", "create", "e", "--name", "K")
    for name in ("A-B", "C-D"):
        _run(db, "knockout", "register", "e", name)
    _run(db, "knockout", "draw", "e")
    signed = _records(url)
    _run(db, "knockout", "play", "e")
    assert {actor for _seq, _kind, actor in signed} == {"Verdi"}
    assert {actor for _seq, _kind, actor in _records(url)[len(signed) :]} == {"bot"}


# The command modules that still build a service of their own (not the terminal's, so their
# records keep the default actor): only the digital tables' robots (cli/digital.py, issue 32).
OWN_SERVICES = {"digital.py"}


def test_every_command_module_runs_on_the_terminals_services() -> None:
    """No command module builds an ``EventService`` or a ``KnockoutService`` itself: each asks
    ``cli/common.py`` (``service()``, ``knockouts()``), whose services sign every record, so a
    new recording command names its director without a word more."""
    import arbitro.cli as cli

    folder = Path(cli.__file__).parent
    building = re.compile(r"\b(?:EventService|KnockoutService)\(")
    found = {
        p.name
        for p in folder.rglob("*.py")
        if not p.name.startswith("terminal_") and building.search(p.read_text("utf-8"))
    }
    assert found == OWN_SERVICES
