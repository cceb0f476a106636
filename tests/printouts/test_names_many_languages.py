"""Every printout keeps players' names from several languages (issue 28): the PDFs embed one
font that has «Ł», «ą», «ø», «ş», «ř», «ß» and the Greek letters, and pdftotext reads back each
name as typed (a name printed as "■ukasz D■browski" would mean a font without the letter)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from datetime import date, datetime
from fractions import Fraction
from pathlib import Path

import pytest
from tests.printouts.conftest import Clock
from tests.printouts.pdfcheck import deal, in_memory_event, pdf_text

from arbitro.printouts import standings_pdf
from arbitro.printouts.boards import travellers_pdf
from arbitro.printouts.cash import cash_pdf
from arbitro.printouts.names import table_lines
from arbitro.printouts.report import (
    Incident,
    Person,
    Sanction,
    report_file_name,
    report_pdf,
    reports_by_player,
)
from arbitro.printouts.score_sheets import score_sheets_pdf
from arbitro.printouts.seating import seating_pdf
from arbitro.printouts.table_cards import table_cards_pdf
from arbitro.printouts.verbale import verbale_pdf
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.services.results import export
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.comparison import Comparison
from arbitro.tournament.scoring.sheet import SheetEntry

NAMES = [
    "Łukasz Dąbrowski",
    "Sørensen Ødegaard",
    "Gàlvez Núñez",
    "Şahin Çelik",
    "Dvořák Šťastný",
    "Weiß Müller",
    "Παπαδόπουλος",
    "Conti / De Luca",
]


def squeeze(text: str) -> str:
    """The text with every run of blanks as one space (pdftotext lays columns out)."""
    return re.sub(r"\s+", " ", text)


def _state() -> EventState:
    return in_memory_event(NAMES)


def _embedded(pdf: bytes, tmp_path: Path) -> list[str]:
    """The fonts pdffonts lists as embedded subsets (ReportLab's canvas also lists its initial
    Helvetica, used by no text)."""
    path = tmp_path / "fonts.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True)
    return [f.split()[0] for f in out.stdout.splitlines()[2:] if "+" in f.split()[0]]


def _seating(state: EventState) -> bytes:
    return seating_pdf(state, 1)


def _score_sheets(state: EventState) -> bytes:
    return score_sheets_pdf(state, 1)


def _table_cards(state: EventState) -> bytes:
    return table_cards_pdf(state, 1, {t: f"https://x.test/t/{t}" for t in range(1, 5)})


def _travellers(state: EventState) -> bytes:
    rows = {1: [Comparison(1, t, 0, Fraction(0), Fraction(0)) for t in range(1, 5)]}
    return travellers_pdf(rows, table_lines(state, 1), "Serata", 1, rules=state.code)


def _cash(state: EventState) -> bytes:
    return cash_pdf(state)


PRINTOUTS: dict[str, Callable[[EventState], bytes]] = {
    "cash": _cash,
    "seating": _seating,
    "score sheets": _score_sheets,
    "table cards": _table_cards,
    "travellers": _travellers,
}


@pytest.mark.parametrize("kind", sorted(PRINTOUTS))
def test_every_printout_reads_back_names_from_several_languages(kind: str, tmp_path: Path) -> None:
    """FIBAS art. 4 (the lines named at each table): every name comes back from the PDF as
    typed, and every font in it is embedded."""
    pdf = PRINTOUTS[kind](_state())
    text = squeeze(pdf_text(pdf, tmp_path))
    for name in NAMES:
        assert name in text, (kind, name)
    assert "■" not in text
    assert _embedded(pdf, tmp_path)


def test_the_arbiters_report_embeds_the_font_and_keeps_the_name_parole_art_14_2(
    tmp_path: Path,
) -> None:
    """Parole UISP art. 14.2 (one report per player, to the sports justice body): the report
    on «Łukasz Dąbrowski» prints his name as typed, in an embedded font (Helvetica, not
    embedded, has no «Ł»: issue 28), and its file name keeps the accented letters."""
    player = Person("Łukasz Dąbrowski", "FB42")
    incident = Incident(
        occurred_at=datetime(2026, 11, 22, 16, 40),
        reason="Ha guardato le carte dell'avversario",
        intervention="Ammonito",
        article="FIBAS 23",
        sanction=Sanction.WARNING,
        witnesses=(Person("Gàlvez Núñez", "FB9"),),
    )
    (report,) = reports_by_player(
        [(player, incident)],
        event="Torneo d'autunno",
        event_date=date(2026, 11, 22),
        arbiter=Person("Şahin Çelik", "A-7"),
    )
    pdf = report_pdf(report)
    text = squeeze(pdf_text(pdf, tmp_path))
    for name in ("Łukasz Dąbrowski", "Gàlvez Núñez", "Şahin Çelik"):
        assert name in text
    assert _embedded(pdf, tmp_path)
    assert report_file_name(1, report) == "referto-1-łukasz-dąbrowski.pdf"


def test_the_standings_and_the_verbale_keep_names_from_several_languages(
    tmp_path: Path,
) -> None:
    """FIBAS art. 19 (the standings) and the verbale di gara: a round played by the eight
    pairs above, every name read back from both PDFs as typed."""
    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 'names.sqlite3'}"), Clock())
    config = EventConfig(
        name="Serata internazionale",
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
    )
    svc.create_event("mondo", config)
    for name in NAMES:
        svc.run("mondo", Register(name, [name, f"{name} II"]))
    state = svc.seat("mondo", 1, publish=True)
    seating = state.round(1).seating
    assert seating is not None
    for table in seating.tables:
        entry = SheetEntry((deal(300, 120, 100, 45), deal(200, 80, 0, -40)))
        svc.enter_sheet("mondo", 1, table.table, entry)
    svc.run("mondo", values.PublishStandings(1))
    for pdf in (
        standings_pdf(svc.state("mondo"), 1, final=False),
        verbale_pdf(export(svc, "mondo", arbiter="Łucja Wróbel", on=date(2026, 12, 4))),
    ):
        text = squeeze(pdf_text(pdf, tmp_path))
        for name in NAMES:
            assert name in text, name
        assert _embedded(pdf, tmp_path)
