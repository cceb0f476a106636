"""``arbitro knockout game`` on a match being played at a digital table (issue 32; Briscola
art. 8: the table records each game from its cards): the terminal refuses the typed result,
in Italian and in English, saying what to do, and records nothing (docs/rulings.md, digital
26)."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.knockout import KnockoutService
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig

runner = CliRunner()


def test_the_terminal_refuses_a_result_typed_for_a_digital_game(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'k.sqlite3'}"
    with RecordStore.open(url) as store:
        ko = KnockoutService(store)
        ko.create("k", KnockoutConfig("Coppa", seeded=True))
        for i in range(1, 5):
            ko.run("k", values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        ko.run("k", values.DrawBracket())
        DigitalMatches(ko, random.Random(3)).open("k", "R1M1")  # the phones to play
        m = ko.state("k").bracket.match("R1M1")  # type: ignore[union-attr]
        points = f"{m.first}=68,{m.second}=52"
        before = len(store.records("k"))
    out = runner.invoke(app, ["--db", url, "knockout", "game", "k", "R1M1", "--points", points])
    assert out.exit_code != 0
    assert "R1M1: la partita 1 si sta giocando a un tavolo digitale" in out.output
    assert "lascia finire la partita al tavolo" in out.output and "art. 8" in out.output
    out = runner.invoke(
        app, ["--db", url, "--lang", "en", "knockout", "game", "k", "R1M1", "--points", points]
    )
    assert out.exit_code != 0
    assert "R1M1: game 1 is being played at a digital table" in out.output
    assert "record an irregularity if a pair loses it" in out.output
    with RecordStore.open(url) as store:
        assert len(store.records("k")) == before
