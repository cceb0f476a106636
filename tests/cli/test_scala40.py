"""``arbitro scala40 solve|score|points``: the opening solver (art. 7), a table's round score
(art. 22) and the negative points of cards (art. 22), as text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from arbitro.cli.codes.scala40 import register

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.command("noop")
    def noop() -> None:  # a second command keeps "scala40" a named sub-command
        """Nothing."""

    return app


def test_art7_solve_json() -> None:
    """Art. 7: K K K + 5 6 7 of hearts is an opening of 48."""
    result = runner.invoke(_app(), ["scala40", "solve", "KH KD KC 5H 6H 7H 2C 9S", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["opening"]["points"] == 48
    assert sorted(data["opening"]["melds"]) == ["5H 6H 7H", "KH KD KC"]
    assert data["opening"]["kept"] == "2C 9S"


def test_art7_solve_text_and_no_opening() -> None:
    """Art. 7: 39 points do not open."""
    result = runner.invoke(_app(), ["scala40", "solve", "KH KD KC 2S 3S 4S 9D"])
    assert result.exit_code == 0 and "Nessuna apertura" in result.output
    result = runner.invoke(_app(), ["scala40", "solve", "KH KD KC 5H 6H 7H 2C"])
    assert "KH KD KC" in result.output and "48" in result.output


def test_solve_bad_card_is_a_clear_error() -> None:
    """A malformed card is refused with a message naming it."""
    result = runner.invoke(_app(), ["scala40", "solve", "KH ZZ", "--json"])
    assert result.exit_code == 1
    assert "ZZ" in json.loads(result.output)["error"]["message"]


def test_art22_score_inline() -> None:
    """Art. 22: five deals; placement 8/6/4/2 plus summed differences (DESIGN.md)."""
    args = ["scala40", "score", "--players", "Anna,Bruno,Carla,Dario"]
    for row in ("0 10 20 30", "5 0 25 40", "10 15 0 30", "5 10 25 0", "0 15 20 50"):
        args += ["--deal", row]
    result = runner.invoke(_app(), [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["vp"] for r in data["results"]] == [16, 12, 6, 2]
    assert data["table"] == "Tabella per 5 smazzate" and data["reading"] == "summed"
    result = runner.invoke(_app(), [*args, "--pairwise", "--json"])
    assert [r["difference_vp"] for r in json.loads(result.output)["results"]] == [6, 4, 2, 0]


def test_art26_score_file_three_players(tmp_path: Path) -> None:
    """Art. 26: a table of three from a JSON sheet; the riposato counts 1000."""
    sheet = tmp_path / "sheet.json"
    sheet.write_text(
        json.dumps({"players": ["A", "B", "C"], "deals": [[0, 20, 30], [15, 0, 40], [10, 20, 0]]})
    )
    result = runner.invoke(_app(), ["scala40", "score", "--file", str(sheet)])
    assert result.exit_code == 0, result.output
    assert "Tabella per 3-4 smazzate" in result.output
    data = json.loads(
        runner.invoke(_app(), ["scala40", "score", "--file", str(sheet), "--json"]).output
    )
    assert data["rested_points"] == 1000 and [r["placement_vp"] for r in data["results"]] == [
        8,
        6,
        4,
    ]


def test_art22_score_errors() -> None:
    """Art. 22: a sheet with a bad number or two deals only is refused with the article."""
    bad = runner.invoke(
        _app(), ["scala40", "score", "--players", "A,B,C,D", "--deal", "0 1 x2 3", "--json"]
    )
    assert bad.exit_code == 1 and "x2" in json.loads(bad.output)["error"]["message"]
    short = runner.invoke(
        _app(),
        [
            "scala40",
            "score",
            "--players",
            "A,B,C,D",
            "--deal",
            "0 1 2 3",
            "--deal",
            "1 0 2 3",
            "--json",
        ],
    )
    assert short.exit_code == 1 and json.loads(short.output)["error"]["article"]["article"] == "22"
    none = runner.invoke(_app(), ["scala40", "score"])
    assert none.exit_code == 1


def test_art22_points() -> None:
    """Art. 22: joker 25 + ace 11 + 5 = 41."""
    result = runner.invoke(_app(), ["scala40", "points", "JK AH 5C", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["negative_points"] == 41
