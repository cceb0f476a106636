"""Events to print: the demo pairs event and a small teams event, stored on SQLite files
through the EventService; and the page check every printout test uses."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PIL import Image
from tests.printouts.pdfcheck import PageCheck, deal, ink, render_pages

from arbitro.services.demo import run_demo
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState, SanctionKind
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry

TEAMS = [
    ("Squadra Àlfa", ["Anna Alberti", "Bruno Bassi", "Carla Conti", "Dario Dini"]),
    ("Squadra Beta", ["Elena Ferri", "Gino Galli", "Ida Ineri", "Luca Lodi"]),
    ("Squadra Gamma", ["Mara Monti", "Nino Neri", "Olga Orsi", "Pio Pini"]),
    ("Squadra Delta", ["Rita Rossi", "Sara Sala", "Tina Testa", "Ugo Uberti"]),
    ("Squadra Epsilon", ["Vera Villa", "Zeno Zanni", "Aldo Amati", "Bice Bini"]),
]


class Clock:
    """A fixed evening clock that moves only when told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 20, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(scope="session")
def demo_state(tmp_path_factory: pytest.TempPathFactory) -> EventState:
    """The demo pairs event (9 pairs, 4 rounds of 2 deals, one line resting each round),
    played to the end on a SQLite file."""
    db = tmp_path_factory.mktemp("printouts_demo") / "demo.sqlite3"
    return run_demo(RecordStore(f"sqlite:///{db}"), "demo").state


@pytest.fixture(scope="session")
def teams_state(tmp_path_factory: pytest.TempPathFactory) -> EventState:
    """A teams event of 5 teams (one rests each round), 2 rounds of 2 deals; round 1's
    sheets entered with their open and closed rooms; a warning and a 7-minute lateness."""
    db = tmp_path_factory.mktemp("printouts_teams") / "teams.sqlite3"
    svc = EventService(RecordStore(f"sqlite:///{db}"), Clock())
    config = EventConfig(
        name="Campionato a squadre",
        event_format=EventFormat.TEAMS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
    )
    svc.create_event("squadre", config)
    for name, players in TEAMS:
        svc.run("squadre", Register(name, players))
    state = svc.seat("squadre", 1, publish=True)
    seating = state.round(1).seating
    assert seating is not None
    open_room = (deal(300, 120, 100, 45), deal(200, 80, 0, -40))
    closed_room = (deal(100, 60, 250, 95), deal(0, 10, 300, 150))
    for table in seating.tables:
        if not table.is_incomplete:
            svc.enter_sheet("squadre", 1, table.table, SheetEntry(open_room, closed_room))
    svc.run("squadre", values.GiveSanction(1, 2, SanctionKind.WARNING, "parla durante il gioco"))
    svc.run("squadre", values.GiveSanction(1, 2, SanctionKind.WARNING, "parla ancora"))
    svc.run("squadre", values.RecordLateness(1, 3, 7 * 60))
    svc.run("squadre", values.PublishStandings(1))
    svc.seat("squadre", 2, publish=True)
    return svc.state("squadre")


@pytest.fixture
def pages(tmp_path: Path) -> PageCheck:
    """Render a PDF and check each page is an A4 PNG with something printed on it."""

    def check(pdf: bytes, dpi: int = 50) -> list[Path]:
        assert pdf.startswith(b"%PDF-")
        files = render_pages(pdf, tmp_path, "check", dpi)
        assert files
        for png in files:
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
            with Image.open(png) as img:
                w, h = img.size
            # A4 is 210 x 297 mm: 413 x 585 pixels at 50 dpi.
            assert (round(w / dpi * 25.4), round(h / dpi * 25.4)) == (210, 297)
            assert ink(png) > 0.01
        return files

    return check
