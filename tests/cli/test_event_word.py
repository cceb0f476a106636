"""The Italian word for an event is «gara» (the glossary, /work/shared/DESIGN.md: «torneo /
gara» → event; the codes' own headings say «gara»: FIBAS «Direzione di gara», Parole
«Direttore di gara»): the terminal never says «torneo» for one. The codes' own names are kept
where arbitro quotes them: FIBAS's «Direttore del Torneo» (art. 38-39) and the headings of
its printed score sheets («TORNEO A COPPIE», art. 19-20)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.i18n import catalogue

# What the codes write, quoted as they write it (FIBAS art. 19-20, 38-39).
QUOTED = re.compile(
    r"Direttore (?:del|di) Torneo|SCORE — TORNEO (?:A COPPIE|A SQUADRE|INDIVIDUALE)"
)


def test_no_italian_text_says_torneo_for_an_event() -> None:
    """Every Italian text of the catalogue, the codes' quoted names left out."""
    said = [
        t for t in catalogue("it").values() if re.search(r"(?i)\btorne[oi]\b", QUOTED.sub("", t))
    ]
    assert said == []


def test_an_event_created_twice_is_refused_saying_gara(tmp_path: Path) -> None:
    """``arbitro event create`` of an id already taken: «Esiste già una gara», not «un
    torneo»; English unchanged."""
    db = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    create = [
        "--db",
        db,
        "event",
        "create",
        "serata",
        "--name",
        "Serata",
        "--movements",
        "draw",
        "--rounds",
        "2",
    ]
    runner = CliRunner()
    assert runner.invoke(app, create).exit_code == 0
    again = runner.invoke(app, create)
    assert again.exit_code == 1
    assert "Esiste già una gara con identificativo «serata»" in again.stderr
    english = runner.invoke(app, ["--lang", "en", *create])
    assert "An event with id 'serata' already exists." in english.stderr
