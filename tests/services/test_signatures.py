"""Two real signatures (FIBAS art. 20-21; Scala 40 art. 23): each line signs the sheet from
its own phone, once; a phone that signed for one line cannot sign for the other; a sheet
every line signed is closed to the phones, and a line's repeated submissions record nothing
more."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitro.errors import ConflictError
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

SHEET = SheetEntry(
    (
        DealScore(LineDeal(300, 120), LineDeal(0, -45)),
        DealScore(LineDeal(100, 85), LineDeal(200, 90)),
    )
)


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[EventService]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        s = EventService(store)
        s.create_event("ev", EventConfig("Serata", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,)))
        for i in range(1, 5):
            s.run("ev", Register(f"Coppia {i}", []))
        s.seat("ev", 1, publish=True)
        yield s


def test_art20_one_phone_cannot_sign_for_both_lines(svc: EventService) -> None:
    assert svc.enter_sheet("ev", 1, 1, SHEET, line="ns", device="phone-a") == "pending"
    with pytest.raises(ConflictError, match="questo telefono ha già firmato"):
        svc.enter_sheet("ev", 1, 1, SHEET, line="ew", device="phone-a")
    assert svc.enter_sheet("ev", 1, 1, SHEET, line="ew", device="phone-b") == "confirmed"


def test_art21_a_confirmed_sheet_is_closed_to_the_phones(svc: EventService) -> None:
    svc.enter_sheet("ev", 1, 1, SHEET, line="ns", device="phone-a")
    svc.enter_sheet("ev", 1, 1, SHEET, line="ew", device="phone-b")
    other = SheetEntry((SHEET.deals[1], SHEET.deals[0]))
    for line, device in (("ns", "phone-a"), ("ew", "phone-b"), ("ew", "phone-c")):
        with pytest.raises(ConflictError, match="direttore"):
            svc.enter_sheet("ev", 1, 1, other, line=line, device=device)
    assert svc.sheet_history("ev", 1, 1)[-1].kind == "repeated"
    assert len(svc.sheet_history("ev", 1, 1)) == 2


def test_repeated_submissions_of_a_line_record_nothing_more(svc: EventService) -> None:
    svc.enter_sheet("ev", 1, 1, SHEET, line="ns", device="phone-a")
    for _ in range(20):
        with pytest.raises(ConflictError):
            svc.enter_sheet("ev", 1, 1, SHEET, line="ns", device="phone-a")
    assert len(svc.sheet_history("ev", 1, 1)) == 1
