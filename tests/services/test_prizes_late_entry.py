"""Prizes skip a late entry admitted out of the ranking (issue 34; docs/rulings.md "Late
entries" 3 and Prizes 3): it plays, but whatever its points it is not ranked, so it takes no
prize, in no category, and is in no prize tie (Parole art. 6.1: the prizes follow the
standings)."""

from __future__ import annotations

from pathlib import Path

from tests.services.test_results_late_entries import EVENT, late_evening

from arbitro.services import prizes
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.standings.prizes import (
    PrizeCategory,
    TieRule,
    allocate,
    prize_ties,
)
from arbitro.tournament.standings.standings import StandingRow, standings


def _row(rank: int, competitor: int, vp: int, *, unranked: bool = False) -> StandingRow:
    return StandingRow(
        rank, competitor, f"C{competitor}", vp, 0, (), (), 0, 0, 0, 0, False, unranked=unranked
    )


def test_an_unranked_row_at_the_top_takes_no_prize_and_is_in_no_tie() -> None:
    """The unranked late entry with the most V.P., even first in the rows, takes neither the
    first prize nor a category that lists it; the prizes go to the ranked in order."""
    rows = [
        _row(1, 6, 60, unranked=True),
        _row(2, 1, 50),
        _row(3, 2, 40),
        _row(3, 3, 40),
        _row(5, 7, 30, unranked=True),
        _row(5, 8, 30, unranked=True),
    ]
    awards = allocate(
        rows,
        [
            PrizeCategory("Assoluta", (100, 60, 40)),
            PrizeCategory("Elenco", (50,), frozenset({6, 8})),
        ],
        TieRule.SPLIT,
        seed=1,
    )
    assert [(a.category, a.competitor, a.prize) for a in awards] == [
        ("Assoluta", 1, 100),
        ("Assoluta", 2, 50),  # 2 and 3 split places 2-3 (a): 60 + 40
        ("Assoluta", 3, 50),
    ]
    assert [t.competitors for t in prize_ties(rows, 6)] == [(2, 3)]


def test_the_prize_list_of_an_evening_skips_the_unranked_late_entry(tmp_path: Path) -> None:
    """«Russo / Costa» (6), admitted out of the ranking with 20 V.P. for its missed round 1,
    more than anyone: six overall prizes for six competitors, five of them ranked, give the
    sixth prize to nobody; a category listing only it is not awarded."""
    with RecordStore.open(f"sqlite:///{tmp_path / 'p.sqlite3'}") as store:
        svc = EventService(store)
        late_evening(svc)
        rows = standings(svc.state(EVENT), 1)
        assert rows[-1].competitor == 6 and rows[-1].vp > max(r.vp for r in rows[:-1])
        prizes.record_plan(
            svc,
            EVENT,
            [
                prizes.parse_category("Assoluta:overall:60/50/40/30/20/10"),
                prizes.parse_category("Ritardatari:listed:25:6"),
            ],
            TieRule.DRAW,
            seed=7,
            after_round=1,
        )
        found = prizes.prize_list(svc.state(EVENT))
    won = {ln.competitor for c in found.categories for ln in c.lines}
    assert won == {1, 2, 3, 4, 5}
    assert sorted(p for ln in found.categories[0].lines for p in ln.places) == [1, 2, 3, 4, 5]
    assert found.categories[1].lines == ()
