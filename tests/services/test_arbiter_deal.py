"""The arbiter's rulings carried into the event (FIBAS art. 22 and art. 19): the warnings of a
deal played in arbiter mode go to the sanctions ledger, two costing 1 VP and 100 MP in the
standings, and the deal's score becomes the sheet's row."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, Irregularity, run_script
from arbitro.services.arbiter_deal import carry_into_event, seat_competitor
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry


def seated_event(tmp_path: Path) -> EventService:
    """Event «e»: one round of two deals, Nord-Sud (1) against Est-Ovest (2) at table 1."""
    svc = EventService(
        RecordStore(f"sqlite:///{tmp_path / 'a.sqlite3'}"),
        lambda: datetime(2026, 11, 22, 21, tzinfo=UTC),
    )
    svc.create_event(
        "e", EventConfig("E", EventFormat.PAIRS, 1, (2,), (Movement.REGISTRATION_ORDER,))
    )
    for name in ("Nord-Sud", "Est-Ovest"):
        svc.run("e", Register(name))
    svc.seat("e", 1, publish=True)
    return svc


def test_art22_warnings_of_an_arbiter_deal_reach_the_ledger_and_the_standings(
    tmp_path: Path,
) -> None:
    """W plays on before the ruling twice (art. 22): two warnings for the E-W pair, -1 VP and
    -100 MP in the standings; the deal's score is the sheet's row."""
    svc = seated_event(tmp_path)
    assert (
        seat_competitor(svc, "e", 1, 1, Seat.W) == 2
        and seat_competitor(svc, "e", 1, 1, Seat.S) == 1
    )
    deal = ArbiterDeal.shuffled(random.Random(4))
    deal.rule(Irregularity.PLAYED_BEFORE_RULING, Seat.W)
    deal.rule(Irregularity.PLAYED_BEFORE_RULING, Seat.W)
    row = carry_into_event(svc, "e", 1, 1, deal)
    ledger = svc.state("e").ledger
    # Issue 31: the ruling and its two warnings, appended together.
    assert [(e.kind, e.article.article, e.competitor) for e in ledger] == [
        ("ruling-given", "22", None),
        ("warning", "22", 2),
        ("warning", "22", 2),
    ]
    svc.enter_sheet("e", 1, 1, SheetEntry((row, row)))
    rows = {r.competitor: r for r in svc.standings("e")}
    assert (rows[2].warnings, rows[2].penalty_vp, rows[2].penalty_mp) == (2, -1, -100)


def test_art34_the_row_carried_into_the_event_holds_the_arbitral_score(tmp_path: Path) -> None:
    """FIBAS art. 17 and 34: time is called, the last round played; E-W's hand is mixed before
    it is counted and cannot be rebuilt ("verrà assegnato un punteggio arbitrale"): the row
    ``arbitro arbiter apply`` carries into the event is N-S's count and E-W's arbitral -150
    as points with no base, not E-W's count (as the arbiter's ruling says, issue 31)."""
    svc = seated_event(tmp_path)
    deal = ArbiterDeal.shuffled(random.Random(4))
    script = ["time"]
    for seat, card in (("E", "JK"), ("S", "QS"), ("W", "2S"), ("N", "KS")):
        script += [f"{seat} draw", f"{seat} discard {card}"]
    run_script(deal, [*script, "rule points_not_counted W arbitral=-150 not_rebuilt"])
    row = carry_into_event(svc, "e", 1, 1, deal)
    assert row.to_list() == [0, -310, 0, -150]
