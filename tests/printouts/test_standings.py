"""Standings printouts: best first by VP then MP (art. 19), provisional until the
complaints window of art. 39 closes, then final; penalties shown (warnings, art. 22 and 41;
lateness, art. 37), included in the VP and MP."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.printouts.conftest import Clock
from tests.printouts.pdfcheck import PageCheck, deal, pdf_text

from arbitro.errors import ArbitroError
from arbitro.printouts import standings_pdf
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.tournament.standings.standings import standings


def flat(text: str) -> str:
    """The text with line breaks and runs of spaces made single spaces (wrapped notes)."""
    return " ".join(text.split())


def rows_of(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines() if re.match(r"^\s*\d+\s+\d+\s+\S", line)]


def test_standings_in_order_with_vp_and_mp_art_19(
    demo_state: EventState, tmp_path: Path, pages: PageCheck
) -> None:
    """Art. 19: the printed order, ranks, VP and MP are those of the standings."""
    pdf = standings_pdf(demo_state, 4, final=True)
    pages(pdf)
    text = pdf_text(pdf, tmp_path)
    expected = standings(demo_state, 4)
    printed = rows_of(text)
    assert len(printed) == len(expected) == 9
    for cells, row in zip(printed, expected, strict=True):
        assert (int(cells[0]), int(cells[1])) == (row.rank, row.competitor)
        line = " ".join(cells)
        assert row.name in line
        assert re.search(rf"{re.escape(row.name)} {row.vp} {row.mp}\b", line)
    positions = [text.index(row.name) for row in expected]
    assert positions == sorted(positions)


def test_provisional_then_final_art_39(demo_state: EventState, tmp_path: Path) -> None:
    """Art. 39: provisional standings announce the 15-minute complaints window; final ones
    say they are final."""
    provisional = pdf_text(standings_pdf(demo_state, 2, final=False), tmp_path)
    assert "Classifica dopo il turno 2 — PROVVISORIA" in provisional
    assert "entro 15 minuti dall'esposizione (FIBAS art. 39)" in flat(provisional)
    final = pdf_text(standings_pdf(demo_state, 2, final=True), tmp_path)
    assert "DEFINITIVA" in final and "PROVVISORIA" not in final


def test_penalties_shown_warnings_art_41_lateness_art_37(
    teams_state: EventState, tmp_path: Path
) -> None:
    """Art. 22 note 1 and art. 41: two warnings cost 1 VP and 100 MP; art. 37: a lateness of
    7 minutes costs 100 MP. Both are shown in their columns and explained."""
    text = pdf_text(standings_pdf(teams_state, 1, final=False), tmp_path)
    rows = {int(r[1]): " ".join(r) for r in rows_of(text)}
    assert re.search(r"Squadra Beta -?\d+ -?\d+ 2 -1 -100$", rows[2])
    assert rows[3].endswith(" -100") and "Squadra Gamma" in rows[3]
    assert "Ogni 2 ammonizioni: -1 V.P. e -100 M.P." in flat(text)
    assert "Ritardo da 5 a 10 minuti: -100 M.P. (FIBAS art. 37)" in flat(text)
    beta = next(r for r in standings(teams_state, 1) if r.competitor == 2)
    assert (beta.penalty_vp, beta.penalty_mp, beta.warnings) == (-1, -100, 2)


def test_english_standings(demo_state: EventState, tmp_path: Path) -> None:
    """English: Standings after round 3 — PROVISIONAL, Rank, Competitor, VP, MP."""
    text = pdf_text(standings_pdf(demo_state, 3, lang="en", final=False), tmp_path)
    for word in ("Standings after round 3 — PROVISIONAL", "Rank", "Competitor", "VP", "MP"):
        assert word in text
    assert "within 15 minutes of posting (FIBAS art. 39)" in flat(text)


def test_no_time_left_on_standings_art_7(demo_state: EventState, tmp_path: Path) -> None:
    """Art. 7: no time left is printed (the complaints window of art. 39 is a rule, not a
    countdown)."""
    text = pdf_text(standings_pdf(demo_state, 1, final=False), tmp_path)
    assert not re.search(r"residu|\d:\d\d|remaining", text, re.I)


def test_round_out_of_range_refused(demo_state: EventState) -> None:
    """A round the event does not have is refused with a clear message."""
    with pytest.raises(ArbitroError, match="turno 9 inesistente"):
        standings_pdf(demo_state, 9, final=False)


LONG_NAMES = [
    "Sanfilippo / Lo Presti",
    "Dell'Acqua / Montalcini",
    "Bevilacqua / Castelnuovo",
    "Quagliarella / Santangelo",
]


@pytest.fixture
def long_names_state(tmp_path: Path) -> EventState:
    """Four pairs with long surnames, round 1 played (2 deals), no penalty given."""
    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 'long.sqlite3'}"), Clock())
    config = EventConfig(
        name="Serata dei cognomi lunghi",
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
    )
    svc.create_event("lunghi", config)
    for name in LONG_NAMES:
        svc.run("lunghi", Register(name, name.split(" / ")))
    state = svc.seat("lunghi", 1, publish=True)
    seating = state.round(1).seating
    assert seating is not None
    for table in seating.tables:
        svc.enter_sheet(
            "lunghi", 1, table.table, SheetEntry((deal(300, 120, 100, 45), deal(200, 80, 0, -40)))
        )
    svc.run("lunghi", values.PublishStandings(1))
    return svc.state("lunghi")


def test_names_get_the_room_of_empty_penalty_columns_art_19(
    long_names_state: EventState, tmp_path: Path
) -> None:
    """Issue 28: with no warning (FIBAS art. 22, 41) and no lateness (art. 37) in the
    standings, their columns are not printed and each name stays on one line: «Sanfilippo /
    Lo Presti», never «Sanfilippo / Lo / Presti» wrapped beside empty columns (art. 19: rank,
    VP, MP)."""
    text = pdf_text(standings_pdf(long_names_state, 1, final=False), tmp_path)
    rows = [" ".join(r) for r in rows_of(text)]
    for name in LONG_NAMES:
        assert any(name in r for r in rows), name
    for column in ("Amm.", "Pen. V.P.", "Pen. M.P.", "Ritardo M.P."):
        assert column not in text, column
    assert "V.P. e M.P. comprendono le penalità" not in flat(text)


def test_the_penalty_columns_stay_where_a_penalty_is(
    teams_state: EventState, tmp_path: Path
) -> None:
    """Art. 22/41 and art. 37: where a team has warnings and another a lateness, both kinds
    of column are printed (only the empty ones are left out)."""
    text = pdf_text(standings_pdf(teams_state, 1, final=False), tmp_path)
    rows = {int(r[1]): r for r in rows_of(text)}
    assert "Amm." in text
    assert rows[2][-3:] == ["2", "-1", "-100"]  # Beta: 2 warnings, -1 VP, -100 MP
    assert rows[3][-1] == "-100"  # Gamma: 7 minutes late
