"""``arbitro knockout``: an empty place of the bracket is a bye only in round 1 (Briscola
art. 9: the pairs that win 2 games of 3 go on to the next round); later it waits for a
winner and reads "da definire", as on the web (issue 26 N)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _drawn_db(tmp_path: Path, lang: str = "it") -> list[str]:
    return ["--db", f"sqlite:///{tmp_path / 'k.sqlite3'}", "--lang", lang]


def _drawn(tmp_path: Path, lang: str, *create: str) -> str:
    """A knockout of five pairs drawn (three byes in round 1), its bracket as printed."""
    db = _drawn_db(tmp_path, lang)
    made = runner.invoke(app, [*db, "knockout", "create", "c", "--name", "Coppa", *create])
    assert made.exit_code == 0
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
    first = [line for line in lines if line.startswith(("Quarti", "Quarterfinals"))]
    later = [line for line in lines if line.startswith(("Semifinal", "Final"))]
    assert len(first) == 4 and len(later) == 3
    assert sum(bye in line for line in first) == 3
    assert not any(unknown in line for line in first)
    assert any(unknown in line for line in later)
    assert not any(bye in line for line in later), later
    assert later[-1].endswith(f"{unknown} {'contro' if lang == 'it' else 'v'} {unknown}")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            [
                "Quarti di finale, partita 1: S1, riposo",
                "Quarti di finale, partita 2: S4 contro S5",
                "Quarti di finale, partita 3: S2, riposo",
                "Quarti di finale, partita 4: S3, riposo",
                "Semifinali, partita 1: S1 contro da definire",
                "Semifinali, partita 2: S2 contro S3",
                "Finale, partita 1: da definire contro da definire",
            ],
        ),
        (
            "en",
            [
                "Quarterfinals, match 1: S1, bye",
                "Quarterfinals, match 2: S4 v S5",
                "Quarterfinals, match 3: S2, bye",
                "Quarterfinals, match 4: S3, bye",
                "Semifinals, match 1: S1 v to be decided",
                "Semifinals, match 2: S2 v S3",
                "Final, match 1: to be decided v to be decided",
            ],
        ),
    ],
)
def test_art9_a_match_is_named_by_its_round_and_number(
    tmp_path: Path, lang: str, expected: list[str]
) -> None:
    """Briscola art. 9 (issue 27), five pairs seeded: byes to the top seeds (S1, S2, S3), S4 v
    S5; the terminal names a match as the room does, "quarti di finale, partita 2", never its
    id "R1M2"; a bye reads "riposo" after the pair."""
    out = _drawn(tmp_path, lang, "--seeded")
    assert out.splitlines()[1:] == expected
    assert "R1M" not in out and "R2M" not in out


def test_art9_commands_still_take_the_match_id(tmp_path: Path) -> None:
    """Briscola art. 8-9: ``knockout game c R1M2`` records quarterfinal 2's first game; the
    bracket then shows its score by the match's name."""
    db = _drawn_db(tmp_path)
    _drawn(tmp_path, "it", "--seeded")
    result = runner.invoke(app, [*db, "knockout", "game", "c", "R1M2", "--points", "4=50,5=70"])
    assert result.exit_code == 0, result.output
    assert "Quarti di finale, partita 2: S4 contro S5 0-1" in result.stdout.splitlines()
