"""A Burraco board counted wrong in the terminal follows the event's code (issue 27): FIBAS
art. 6, "vi sia stata un'errata distribuzione (es. ... errato numero di carte), e ciò viene
fatto rilevare prima dell'inizio del gioco ... si procede ad una nuova distribuzione"; "a
gioco iniziato ... il risultato effettuato resterà valido a tutti gli effetti". Bridge Law 13
(seed 003) is not FIBAS's rule: ``arbitro law13`` is refused on a FIBAS event."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _event(tmp_path: Path) -> list[str]:
    """A FIBAS carte uguali event of 8 pairs, round 1 seated; table 3 counted board 2 wrong."""
    db = ["--db", f"sqlite:///{tmp_path / 'cu.sqlite3'}"]

    def ok(*args: str) -> None:
        out = runner.invoke(app, [*db, *args])
        assert out.exit_code == 0, out.output

    ok("event", "create", "cu", "--name", "Carte uguali", "--rounds", "2", "--deals", "2",
       "--movements", "registration,mitchell", "--seed", "3", "--carte-uguali")  # fmt: skip
    for i in range(1, 9):
        ok("register", "cu", f"Coppia {i}")
    ok("seat", "cu", "1", "--publish")
    ok("boards", "check", "cu", "1", "3", "2", "--count", "N=12", "--count", "S=10")
    return db


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "non la Legge 13: prima dell'inizio del gioco il board si distribuisce di nuovo"),
        ("en", "not Law 13: before play the board is dealt again from its dealing sheet"),
    ],
)
def test_fibas_art6_law13_is_refused_with_the_codes_article(
    tmp_path: Path, lang: str, said: str
) -> None:
    """FIBAS art. 6: ``law13`` on a FIBAS event is refused, citing art. 6, and records
    nothing (the board stays a wrong count to rule)."""
    db = _event(tmp_path)
    out = runner.invoke(
        app,
        [*db, "--lang", lang, "law13", "cu", "1", "3", "--board", "2", "--count", "N=12",
         "--count", "S=10", "--reason", "N con 12 carte"],
    )  # fmt: skip
    assert out.exit_code == 1
    assert said in out.output and "FIBAS art. 6" in out.output
    checks = runner.invoke(app, [*db, "boards", "checks", "cu", "1", "--json"])
    assert json.loads(checks.stdout)["law13"][0]["ruling"] is None


def test_fibas_art6_found_once_play_has_begun_the_result_stands(tmp_path: Path) -> None:
    """FIBAS art. 6, "a gioco iniziato ... il risultato effettuato resterà valido":
    ``boards rule --play-begun`` records it; the same board cannot be ruled twice."""
    db = _event(tmp_path)
    out = runner.invoke(
        app,
        [*db, "boards", "rule", "cu", "1", "3", "2", "--play-begun", "--reason", "visto dopo"],
    )
    assert out.exit_code == 0, out.output
    assert out.stdout == "Tavolo 3, board 2: il risultato resta valido\n"
    data: Any = json.loads(
        runner.invoke(app, [*db, "boards", "checks", "cu", "1", "--json"]).stdout
    )
    assert data["law13"][0]["ruling"] == {"paragraph": "6", "outcome": "result_stands"}
    again = runner.invoke(
        app, [*db, "--lang", "en", "boards", "rule", "cu", "1", "3", "2", "--reason", "x"]
    )
    assert again.exit_code == 1 and "already ruled" in again.output
