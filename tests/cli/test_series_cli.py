"""``arbitro series`` and ``arbitro standings --session``: a club's season of three events
ranked best 2 of 3 from the command line (text in Italian and English, JSON, a PDF read
back with pdftotext), and the standings of one session (FIBAS art. 2 "Sessione")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.services.test_series_service import club_season
from tests.tournament.test_session_standings import two_sessions
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.store import RecordStore

runner = CliRunner()


def _season(tmp_path: Path) -> list[str]:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    with RecordStore.open(url) as store:
        club_season(store)
    return ["--db", url]


def test_series_create_add_standings_in_italian_english_and_json(tmp_path: Path) -> None:
    """A series made from the command line gives the standings of the season (best 2 of 3:
    Carla 20, Bruno 20 behind on all results, Ada 18); bracketed points are not counted;
    the tie is explained; a bad scheme is refused with exit status 1."""
    db = _season(tmp_path)
    made = runner.invoke(
        app,
        [*db, "--lang", "en", "series", "create", "cli", "Season", "--scheme",
         "placement:10,8,6,4", "--best", "2", "--event", "sett", "--event", "ott"],
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    assert "points by placement: 10, 8, 6, 4 (then 0); best 2 results count" in made.stdout
    added = runner.invoke(app, [*db, "series", "add", "cli", "nov"])
    assert added.exit_code == 0 and "come n. 3" in added.stdout, added.output
    en = runner.invoke(app, [*db, "--lang", "en", "series", "standings", "cli"])
    assert en.exit_code == 0, en.output
    lines = en.stdout.splitlines()
    assert lines[0] == "Season — Series standings — FINAL"
    carla = next(line for line in lines if "Carla Verdi" in line and line[:3].strip() == "1")
    assert carla.split()[-4:] == ["(8)", "10", "10", "20"]
    assert (
        "* Bruno Neri: tie on 20 points: all results, dropped ones included, 28 against 26" in lines
    )
    it = runner.invoke(app, [*db, "series", "standings", "cli"])
    assert "Classifica del circuito — DEFINITIVA" in it.stdout and "parità a 20 punti" in it.stdout
    data = json.loads(runner.invoke(app, [*db, "series", "standings", "cli", "--json"]).stdout)
    assert [(r["rank"], r["name"], r["total"]) for r in data["rows"][:3]] == [
        (1, "Carla Verdi", 20),
        (2, "Bruno Neri", 20),
        (3, "Ada Rossi", 18),
    ]
    listed = runner.invoke(app, [*db, "series", "list"])
    assert "cli  «Season»  sett, ott, nov" in listed.stdout
    bad = runner.invoke(app, [*db, "series", "create", "x", "X", "--scheme", "punti:1"])
    assert bad.exit_code == 1 and "non è un criterio di punteggio" in bad.stderr


def test_series_print_writes_a_pdf_that_reads_back(tmp_path: Path) -> None:
    """``series print`` writes an A4 PDF: the title, the scheme, each player with the points
    of each event, the tie explained and the events' legend, in Italian and English."""
    db = _season(tmp_path)
    for lang, words in (
        ("it", ["Classifica del circuito — DEFINITIVA", "contano i migliori 2 risultati",
                "Carla Verdi", "(8)", "parità a 20 punti", "Serata sett (sett): classifica definitiva"]),
        ("en", ["Series standings — FINAL", "best 2 results count", "Bruno Neri",
                "Points in brackets do not count", "Serata nov (nov): final standings"]),
    ):  # fmt: skip
        out = tmp_path / f"stagione-{lang}.pdf"
        done = runner.invoke(
            app, [*db, "series", "print", "stagione", "-o", str(out), "--lang", lang]
        )
        assert done.exit_code == 0, done.output
        assert out.read_bytes().startswith(b"%PDF")
        text = subprocess.run(
            ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
        ).stdout
        for word in words:
            assert word in text, (lang, word)


def test_standings_of_one_session(tmp_path: Path) -> None:
    """``standings EVENT --session 2`` gives rounds 3-4 only; the session's VP plus session
    1's are the event's; a session the event does not have is refused (art. 2)."""
    url = f"sqlite:///{tmp_path / 'camp.sqlite3'}"
    with RecordStore.open(url) as store:
        two_sessions(store)
    db = ["--db", url]
    total = json.loads(runner.invoke(app, [*db, "standings", "camp", "--json"]).stdout)
    one = json.loads(
        runner.invoke(app, [*db, "standings", "camp", "--session", "1", "--json"]).stdout
    )
    two = json.loads(
        runner.invoke(app, [*db, "standings", "camp", "--session", "2", "--json"]).stdout
    )
    assert (two["first_round"], two["last_round"]) == (3, 4)
    vp = {r["competitor"]: r["vp"] for r in total["rows"]}
    for row in two["rows"]:
        first = next(r for r in one["rows"] if r["competitor"] == row["competitor"])
        assert first["vp"] + row["vp"] == vp[row["competitor"]]
    text = runner.invoke(app, [*db, "--lang", "en", "standings", "camp", "--session", "2"])
    assert text.stdout.startswith(
        "Standings of session 2 (rounds 3-4) after round 4 (FIBAS art. 2)"
    ), text.stdout
    bad = runner.invoke(app, [*db, "standings", "camp", "--session", "3"])
    assert bad.exit_code == 1 and "FIBAS art. 2" in bad.stderr
