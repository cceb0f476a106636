"""``arbitro score``: the hand score of a position per line (FIBAS art. 19), text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from arbitro.cli.codes.burraco import register

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.command("noop")
    def noop() -> None:  # a second command keeps "score" a named sub-command
        """Nothing."""

    return app


def test_art19_score_inline_json() -> None:
    """Art. 19: NS closed with a clean burraco; EW did not take the pozzetto."""
    result = runner.invoke(
        _app(),
        [
            "score",
            "--melds",
            "NS: 3H 4H 5H 6H 7H 8H 9H | KS KD KC; EW: A♠ AD AC",
            "--hands",
            "NS: ; EW: JK | 3C 4C",
            "--closed",
            "NS",
            "--no-pozzetto",
            "EW",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["NS"]["base"] == 300 and data["NS"]["points"] == 45 + 30
    assert data["EW"]["base"] == 0
    assert data["EW"]["points"] == 45 - 40 - 100 and data["EW"]["pozzetto"] == -100
    assert data["NS"]["total"] == 375


def test_art19_score_from_json_file_and_table(tmp_path: Path) -> None:
    """Art. 19: a JSON position with a pozzetto taken and not played; Italian table output."""
    f = tmp_path / "pos.json"
    f.write_text(
        json.dumps(
            {
                "NS": {"melds": ["4C 5C 6C 7C 8C 9C 10C JK"], "hands": ["KS"]},
                "EW": {"melds": ["QD QH QS"], "pozzetto": "not_played", "unplayed": "AH AD"},
            }
        )
    )
    result = runner.invoke(_app(), ["score", "--file", str(f)])
    assert result.exit_code == 0, result.output
    assert "semipulito" in result.output and "BASE" in result.output
    lines = {ln.split()[0]: ln.split()[1:] for ln in result.output.splitlines() if ln.strip()}
    assert lines["BASE"] == ["150", "0"]
    assert lines["pozzetto"] == ["0", "-30"]


def test_art18_invalid_closing_is_refused_with_article() -> None:
    """Art. 18: closing without a burraco is refused; the message names the article."""
    result = runner.invoke(_app(), ["score", "--melds", "NS: 3H 4H 5H", "--closed", "NS"])
    assert result.exit_code == 1
    assert "art. 18" in result.output


def test_bad_card_and_bad_line_are_named() -> None:
    """A malformed card or line name gets a clear message."""
    bad_card = runner.invoke(_app(), ["score", "--melds", "NS: 3H 4X 5H"])
    assert bad_card.exit_code == 1 and "4X" in bad_card.output
    bad_line = runner.invoke(_app(), ["score", "--melds", "XY: 3H 4H 5H"])
    assert bad_line.exit_code == 1 and "XY" in bad_line.output


def test_art19_score_table_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Art. 19: the same table, labelled in English for ``ARBITRO_LANG=en``: 3H 4H 5H melded
    is 15; a K left in hand is -10."""
    monkeypatch.setenv("ARBITRO_LANG", "en")
    result = runner.invoke(_app(), ["score", "--melds", "NS: 3H 4H 5H", "--hands", "EW: KS"])
    assert result.exit_code == 0, result.output
    rows = {ln.split()[0]: ln.split()[1:] for ln in result.output.splitlines() if ln.strip()}
    assert rows["TOTAL"] == ["15", "-10"] and "TOTALE" not in result.output
