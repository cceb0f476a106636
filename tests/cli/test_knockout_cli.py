"""``arbitro knockout``: an empty place of the bracket is a bye only in round 1 (Briscola
art. 9: the pairs that win 2 games of 3 go on to the next round); later it waits for a
winner and reads "da definire", as on the web (issue 26 N)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _drawn(tmp_path: Path, lang: str) -> str:
    """A knockout of five pairs drawn (three byes in round 1), its bracket as printed."""
    db = ["--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--lang", lang]
    assert runner.invoke(app, [*db, "knockout", "create", "c", "--name", "Coppa"]).exit_code == 0
    for i in range(1, 6):
        assert runner.invoke(app, [*db, "knockout", "register", "c", f"S{i}"]).exit_code == 0
    result = runner.invoke(app, [*db, "knockout", "draw", "c"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(
    ("lang", "bye", "unknown"), [("it", "riposo", "da definire"), ("en", "bye", "to be decided")]
)
def test_an_unknown_opponent_is_to_be_decided_and_a_bye_only_in_round_one(
    tmp_path: Path, lang: str, bye: str, unknown: str
) -> None:
    """Briscola art. 9, five pairs: three byes in the quarterfinals; the semifinal that waits
    for the quarterfinal's winner and the final are "to be decided", never "bye"."""
    lines = _drawn(tmp_path, lang).splitlines()
    first = [line for line in lines if line.strip().startswith("R1")]
    later = [line for line in lines if line.strip().startswith(("R2", "R3"))]
    assert sum(bye in line for line in first) == 3
    assert not any(unknown in line for line in first)
    assert any(unknown in line for line in later)
    assert not any(bye in line for line in later), later
    assert f"R3M1: {unknown} v {unknown}" in "\n".join(later)
