"""``arbitro event tiebreaks`` (issue 34; docs/rulings.md, "Tie-breaks"): the director lists
the criteria in order, in either language; the choice is recorded, the standings in the
terminal follow it and end with its line; ``--help`` lists the criteria in both languages."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from tests.tournament.test_tiebreaks import AT, Clock, play_circle
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.events import EventService
from arbitro.store import RecordStore

runner = CliRunner()


def _event(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'tb.sqlite3'}"
    clock = Clock(AT)
    with RecordStore.open(url) as store:

        def advance() -> None:
            clock.now += timedelta(minutes=30)

        play_circle(EventService(store, clock), advance)
    return url


def _names(out: str) -> list[str]:
    return [line.split()[2] for line in out.splitlines()[2:8]]


def test_tiebreaks_recorded_from_the_terminal_reorder_the_standings(tmp_path: Path) -> None:
    """Pairs 1, 2, 3 level on 30 V.P. (FIBAS art. 19-20): by default «a parità di V.P.:
    M.P.», 1, 3, 2. ``event tiebreaks tb "scontro diretto" opponents-vp``: the head-to-head
    is circular and separates nobody (ruling), the opponents' V.P. give 1, 2, 3; the
    standings say so. Shown again without criteria, in English, as JSON."""
    db = _event(tmp_path)
    before = runner.invoke(app, ["--db", db, "standings", "tb"])
    assert before.exit_code == 0, before.output
    assert _names(before.stdout)[:4] == ["5", "1", "3", "2"]
    assert before.stdout.rstrip().endswith("a parità di V.P.: M.P.")

    chosen = runner.invoke(
        app, ["--db", db, "event", "tiebreaks", "tb", "scontro diretto", "opponents-vp"]
    )
    assert chosen.exit_code == 0, chosen.output
    assert chosen.stdout.strip() == "a parità di V.P.: scontro diretto, poi V.P. degli avversari"
    after = runner.invoke(app, ["--db", db, "standings", "tb"])
    assert _names(after.stdout)[:4] == ["5", "1", "2", "3"]
    assert after.stdout.rstrip().endswith(
        "a parità di V.P.: scontro diretto, poi V.P. degli avversari"
    )
    shown = runner.invoke(app, ["--db", db, "--lang", "en", "event", "tiebreaks", "tb"])
    assert shown.stdout.strip() == "on equal V.P.: head-to-head, then opponents' V.P."
    data = json.loads(runner.invoke(app, ["--db", db, "event", "tiebreaks", "tb", "--json"]).stdout)
    assert data["criteria"] == ["head-to-head", "opponents-vp"]


def test_a_draw_not_last_is_refused_in_italian(tmp_path: Path) -> None:
    """The draw separates every tie: given before another criterion it is refused, exit 1."""
    db = _event(tmp_path)
    refused = runner.invoke(app, ["--db", db, "event", "tiebreaks", "tb", "sorteggio", "mp"])
    assert refused.exit_code == 1
    assert "il sorteggio scioglie ogni parità" in refused.stderr


def _help(lang: str) -> str:
    """``arbitro --lang LANG event tiebreaks --help`` in a process of its own: help texts are
    rendered once per process, when the commands are registered, as a terminal runs them."""
    out = subprocess.run(
        [sys.executable, "-m", "arbitro", "--lang", lang, "event", "tiebreaks", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return " ".join(out.split())


def test_help_lists_the_criteria_in_both_languages() -> None:
    """``--help`` names every criterion with its words in the run's language."""
    italian = _help("it")
    for words in ("scontro diretto", "V.P. degli avversari", "incontri vinti", "sorteggio"):
        assert words in italian
    assert "[criteri]" in italian
    english = _help("en")
    for words in ("head-to-head", "opponents' V.P.", "matches won", "M.P. scored"):
        assert words in english
    assert "[criteria]" in english


def test_the_choice_travels_in_the_event_file(tmp_path: Path) -> None:
    """The ``tiebreaks-chosen`` record is exported and imported (its check replayed) with the
    event: the other database ranks the same and says the same line; the draw keeps its
    seed (Parole art. 6.1 c, as the prizes' draw)."""
    db = _event(tmp_path)
    runner.invoke(app, ["--db", db, "event", "tiebreaks", "tb", "incontri vinti", "draw"])
    out = tmp_path / "tb.json"
    assert runner.invoke(app, ["--db", db, "export", "tb", "-o", str(out)]).exit_code == 0
    other = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    imported = runner.invoke(app, ["--db", other, "import", str(out)])
    assert imported.exit_code == 0, imported.output
    here = runner.invoke(app, ["--db", db, "standings", "tb"]).stdout
    there = runner.invoke(app, ["--db", other, "standings", "tb"]).stdout
    assert here == there
    assert there.rstrip().endswith("a parità di V.P.: incontri vinti, poi sorteggio")
    data = json.loads(
        runner.invoke(app, ["--db", other, "event", "tiebreaks", "tb", "--json"]).stdout
    )
    first = json.loads(
        runner.invoke(app, ["--db", db, "event", "tiebreaks", "tb", "--json"]).stdout
    )
    assert data == first and data["criteria"] == ["matches-won", "draw"] and data["seed"]
