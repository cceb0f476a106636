"""``arbitro digital open|show|replay`` (issue 32): a round's table opened as digital from the
terminal with robots at every seat plays its deals; ``show`` gives the director's progress
and full position, or with ``--seat`` one seat's hand only; ``replay`` lists a deal's moves
in the notation, which the engine alone plays again to the recorded end; Italian by
default, English with ``--lang en``; a table not digital is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.games.burraco import parse_move
from arbitro.games.burraco.record import RULES
from arbitro.games.core import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    """Four pairs, one round of two deals seated and published (FIBAS art. 4, 7)."""
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    with RecordStore.open(url) as store:
        svc = EventService(store)
        svc.create_event(
            "e", EventConfig("Serata", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,), seed=3)
        )
        for i in range(1, 5):
            svc.run("e", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        svc.seat("e", 1, publish=True)
    return ["--db", url]


def test_open_show_and_replay_a_table_of_robots(db: list[str]) -> None:
    out = runner.invoke(app, [*db, "digital", "open", "e", "1", "1", "--robots", "N,E,S,W"])
    assert out.exit_code == 0, out.output
    assert "Tavolo 1, turno 1: smazzata 2 di 2" in out.output
    assert "smazzata finita" in out.output

    shown = runner.invoke(app, [*db, "--lang", "en", "digital", "show", "e", "1", "1"])
    assert shown.exit_code == 0, shown.output
    assert "Table 1, round 1: deal 2 of 2" in shown.output and "deal over" in shown.output

    seat = runner.invoke(app, [*db, "digital", "show", "e", "1", "1", "--seat", "N", "--json"])
    view = json.loads(seat.output)
    assert view["seat"] == "N" and view["over"] and view["sheet"]["deals"]
    assert "position" not in view  # a seat never gets the full position

    replay = runner.invoke(app, [*db, "digital", "replay", "e", "1", "1", "--deal", "1", "--json"])
    data = json.loads(replay.output)
    # the moves printed are the deal: the engine alone replays them to its end
    full = json.loads(runner.invoke(app, [*db, "digital", "show", "e", "1", "1", "--json"]).output)
    assert full["deal"] == 2
    text = runner.invoke(app, [*db, "digital", "replay", "e", "1", "1"])
    assert text.exit_code == 0 and "   1. " in text.output and "Posizione finale:" in text.output
    assert data["over"] and data["moves"][0]["n"] == 1
    layout = _layout(db)
    game = RULES.start(layout)
    for m in data["moves"]:
        assert Seat(m["seat"]) is game.turn
        game.push(parse_move(m["move"]))
    assert game.is_over and str(game) == data["position"]


def _layout(db: list[str]) -> dict[str, object]:
    with RecordStore.open(db[1]) as store:
        svc = EventService(store)
        layout: dict[str, object] = svc.state("e").digital[(1, 1)].deals[0].layout
        return layout


def test_a_table_not_digital_is_refused_in_both_languages(db: list[str]) -> None:
    it = runner.invoke(app, [*db, "digital", "show", "e", "1", "2"])
    assert it.exit_code == 1 and "non è un tavolo digitale" in it.output
    en = runner.invoke(app, [*db, "--lang", "en", "digital", "replay", "e", "1", "2"])
    assert en.exit_code == 1 and "is not a digital table" in en.output


def test_links_give_each_seat_its_own_address(db: list[str]) -> None:
    """Each seat's link carries its own code: the web admits that seat's phone with it."""
    assert runner.invoke(app, [*db, "digital", "open", "e", "1", "1"]).exit_code == 0
    out = runner.invoke(
        app,
        [*db, "digital", "links", "e", "1", "1", "--base-url", "http://sala.local:8000", "--json"],
    )
    assert out.exit_code == 0, out.output
    found = json.loads(out.output)
    assert sorted(found) == ["E", "N", "S", "W"]
    assert all(u.startswith("http://sala.local:8000/t/") for u in found.values())
    assert len({u.rsplit("proof=", 1)[1] for u in found.values()}) == 4


def test_pause_resume_and_answer_a_call_from_the_terminal(db: list[str]) -> None:
    """Issue 32: the terminal's twin of the desk: ``show`` gives the same progress (deal k
    of n, moves, turn, seats, paused, the calls waiting); ``pause`` stops the table
    («Tavolo sospeso dall'arbitro», FIBAS art. 7), ``resume`` lets it go on, ``answer`` marks
    a call answered."""
    from arbitro.services.digital_desk import DigitalDesk

    opened = runner.invoke(app, [*db, "digital", "open", "e", "1", "1", "--robots", "E,W"])
    assert opened.exit_code == 0, opened.output
    paused = runner.invoke(app, [*db, "digital", "pause", "e", "1", "1"])
    assert paused.exit_code == 0, paused.output
    assert "Tavolo sospeso dall'arbitro" in paused.output
    again = runner.invoke(app, [*db, "digital", "pause", "e", "1", "1"])
    assert again.exit_code != 0 and "già sospeso" in again.output
    with RecordStore.open(db[1]) as store:
        DigitalDesk(EventService(store)).call("e", 1, 1, Seat.N)
    shown = runner.invoke(app, [*db, "digital", "show", "e", "1", "1", "--json"])
    data = json.loads(shown.output)
    assert data["paused"] is True and (data["deal"], data["deals"]) == (1, 2)
    assert data["seats"] == {"N": "unknown", "E": "robot", "S": "unknown", "W": "robot"}
    assert [(c["number"], c["seat"], c["reason"]) for c in data["calls"]] == [(1, "N", "player")]
    text = runner.invoke(app, [*db, "--lang", "en", "digital", "show", "e", "1", "1"]).output
    assert "Table paused by the arbiter" in text
    assert "Call 1: seat North, called from the table" in text  # the seat named (words17)
    answered = runner.invoke(app, [*db, "digital", "answer", "e", "1", "1", "1", "--json"])
    assert answered.exit_code == 0 and json.loads(answered.output)["calls"] == []
    resumed = runner.invoke(app, [*db, "digital", "resume", "e", "1", "1", "--json"])
    assert resumed.exit_code == 0 and json.loads(resumed.output)["paused"] is False


def test_settings_refuse_robots_for_the_event(db: list[str]) -> None:
    """``arbitro digital settings --no-robots``: the event's permission for robots off, a
    table is not opened with robots (BBO's "allow robots")."""
    done = runner.invoke(
        app, [*db, "digital", "settings", "e", "--no-robots", "--move-seconds", "90"]
    )
    assert done.exit_code == 0, done.output
    refused = runner.invoke(app, [*db, "digital", "open", "e", "1", "1", "--robots", "E"])
    assert refused.exit_code != 0 and "non consente robot" in refused.output


def test_print_hand_records_of_the_round(db: list[str], tmp_path: Path) -> None:
    """``arbitro print hand-records EVENT ROUND``: the finished deals of the round's digital
    tables as a PDF (each deal as dealt, its moves, its final position); the text of the
    PDF names the table and the deals; a round without digital tables is refused."""
    import subprocess

    out = tmp_path / "smazzate.pdf"
    refused = runner.invoke(app, [*db, "print", "hand-records", "e", "1", "-o", str(out)])
    assert refused.exit_code != 0 and "non ha tavoli digitali" in refused.output
    runner.invoke(app, [*db, "digital", "open", "e", "1", "1", "--robots", "N,E,S,W"])
    done = runner.invoke(app, [*db, "print", "hand-records", "e", "1", "-o", str(out)])
    assert done.exit_code == 0, done.output
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Smazzate giocate — Turno 1" in text
    assert "Tavolo 1, smazzata 1" in text and "Tavolo 1, smazzata 2" in text
    assert "Come distribuita" in text and "A fine smazzata" in text
    with RecordStore.open(db[1]) as store:
        first = DigitalTables(EventService(store)).table("e", 1, 1).deals[0]  # its own log
    seat, move = first.moves[0]
    said = {"draw": "pesca dal tallone", "pickup": "raccoglie gli scarti"}[move]
    name = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"}[seat]
    assert f"1. {name} {said}" in text
