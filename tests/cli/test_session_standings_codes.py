"""``arbitro standings --session`` on events whose code has no article for the session: Parole
UISP names the "Sessione" in its glossary ("Insieme dei turni di gara giocati
consecutivamente", seed 002) but gives it no article; Scala 40 (seed 004) has none either. The
heading then names the session's rounds without an article, where FIBAS cites art. 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _standings(tmp_path: Path, code: str, lang: str, *create: str) -> str:
    db = ["--db", f"sqlite:///{tmp_path / 'sessions.sqlite3'}", "--lang", lang]

    def ok(*args: str) -> str:
        out = runner.invoke(app, [*db, *args])
        assert out.exit_code == 0, out.output
        return out.stdout

    ok("event", "create", "e", "--name", "Serata", "--code", code, "--rounds", "4",
       "--sessions", "1,3", "--movements", "draw", *create)  # fmt: skip
    for i in range(1, 5):
        ok("register", "e", f"Concorrente {i}")
    return ok("standings", "e", "--session", "2")


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("it", "Classifica della sessione 2 (turni 3-4) dopo il turno 2\n"),
        ("en", "Standings of session 2 (rounds 3-4) after round 2\n"),
    ],
)
def test_parole_two_sessions_standings_have_no_article(
    tmp_path: Path, lang: str, heading: str
) -> None:
    """Parole UISP (glossary "Sessione", no article; art. 5: rounds of 3 or 4 deals): the
    second session's standings print, headed without an article."""
    out = _standings(tmp_path, "burraco-parole-uisp", lang, "--deals", "3")
    assert out.startswith(heading)
    assert "Concorrente 1" in out


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("it", "Classifica della sessione 2 (turni 3-4) dopo il turno 2\n"),
        ("en", "Standings of session 2 (rounds 3-4) after round 2\n"),
    ],
)
def test_scala40_sessions_standings_have_no_article(
    tmp_path: Path, lang: str, heading: str
) -> None:
    """Scala 40 (seed 004, no session article; art. 5: 5 deals a round), individuals: the
    second session's standings print, headed without an article."""
    out = _standings(tmp_path, "scala40", lang, "--format", "individual")
    assert out.startswith(heading)
    assert "Concorrente 1" in out


def test_fibas_session_standings_still_cite_art_2(tmp_path: Path) -> None:
    """FIBAS art. 2 "Sessione": the heading keeps its article."""
    out = _standings(tmp_path, "burraco-fibas", "en")
    assert out.startswith("Standings of session 2 (rounds 3-4) after round 2 (FIBAS art. 2)")
