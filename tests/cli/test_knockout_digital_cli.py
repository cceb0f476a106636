"""``arbitro digital match`` (issue 32): a Briscola knockout match opened at a digital table
from the terminal, robots at every seat, plays the match to its end (art. 9: two games won)
and prints the match page and each seat's link; ``show`` and ``replay`` then read the
match's table (round 1, table 1 for ``R1M1``) as a round's: the director's full position,
one seat's hand only, each game's cards in the notation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    """Four pairs registered, the bracket seeded (art. 9)."""
    url = f"sqlite:///{tmp_path / 'k.sqlite3'}"
    with RecordStore.open(url) as store:
        ko = KnockoutService(store)
        ko.create("k", KnockoutConfig("Coppa", seeded=True))
        for i in range(1, 5):
            ko.run("k", values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        ko.run("k", values.DrawBracket())
    return ["--db", url]


def test_open_a_match_of_robots_and_read_its_table(db: list[str]) -> None:
    base = ["--base-url", "http://sala.local:8000"]
    out = runner.invoke(app, [*db, "digital", "match", "k", "R1M1", "--robots", "N,E,S,W", *base])
    assert out.exit_code == 0, out.output
    assert "R1M1: turno 1, tavolo 1" in out.output
    assert "Pagina dell'incontro: http://sala.local:8000/km/" in out.output
    assert all(f"{s}: http://sala.local:8000/t/" in out.output for s in "NESW")

    shown = json.loads(runner.invoke(app, [*db, "digital", "show", "k", "1", "1", "--json"]).output)
    assert shown["over"] and shown["deals"] == 3 and shown["deal"] in (2, 3)
    seat = json.loads(
        runner.invoke(app, [*db, "digital", "show", "k", "1", "1", "--seat", "E", "--json"]).output
    )
    assert seat["seat"] == "E" and max(seat["match"]["games"]) == 2 and "position" not in seat
    replay = json.loads(
        runner.invoke(
            app, [*db, "digital", "replay", "k", "1", "1", "--deal", "1", "--json"]
        ).output
    )
    assert len(replay["moves"]) == 40 and replay["over"]  # art. 3: 40 cards, each played once

    again = runner.invoke(app, [*db, "digital", "match", "k", "R1M1"])
    assert again.exit_code != 0  # decided: no game to play now

    # the bracket, as the terminal shows it, holds the match's games and its winner (art. 9)
    bracket = runner.invoke(app, [*db, "--lang", "en", "knockout", "show", "k", "--json"])
    assert bracket.exit_code == 0, bracket.output
    r1m1 = json.loads(bracket.output)["bracket"]["rounds"][0]["matches"][0]
    assert r1m1["id"] == "R1M1" and len(r1m1["games"]) == shown["deal"]
    assert (
        r1m1["winner"] == seat["match"]["pairs"]["NS" if seat["match"]["games"][0] == 2 else "EW"]
    )
