"""Tie-breaks among competitors level on V.P., chosen by the director (issue 34;
docs/rulings.md, "Tie-breaks"). No code names one for the standings: FIBAS art. 19-20 rank by
V.P. from the sheet, and the default, V.P. then M.P., is our ruling; Scala 40 art. 22 counts
fewer M.P. as better, which the criteria read from the game's sheet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from arbitro.errors import ArbitroError
from arbitro.i18n import use_lang
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement, TableSeating
from arbitro.tournament.records import TiebreaksChosen
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.tournament.standings.standings import ranking, session_standings, standings
from arbitro.tournament.standings.tiebreaks import (
    DEFAULT,
    Meeting,
    TieContext,
    check_criteria,
    criterion_named,
    order_tied,
    tiebreak_line,
)

AT = datetime(2026, 3, 14, 15, 0, tzinfo=UTC)


@dataclass
class Clock:
    now: datetime

    def __call__(self) -> datetime:
        return self.now


def two_deals(diff: int, made: int = 400) -> SheetEntry:
    """A two-deal sheet whose N-S total is ``made`` + ``diff`` / 2 per deal over E-W's
    ``made``: an N-S difference of ``diff`` (FIBAS art. 19 b)."""
    half = abs(diff) // 2
    win, lose = LineDeal(300, made - 300 + half), LineDeal(300, made - 300)
    deal = DealScore(win, lose) if diff >= 0 else DealScore(lose, win)
    return SheetEntry((deal, deal))


# Three rounds of six pairs. Pairs 1, 2, 3 meet in a circle, each winning once by 150
# (12-8 V.P., FIBAS art. 20, table of 2 deals), and each plays one more match at 10-10 with
# a margin of 40, 0 and 20 M.P.: all three on 30 V.P., M.P. 40, 0, 20. Pairs 5, 6, 4 (the
# opponents of 1, 2, 3) end on 33, 29 and 28 V.P.
ROUNDS: list[list[tuple[int, int, int]]] = [
    [(1, 2, 150), (3, 4, 20), (5, 6, 250)],
    [(2, 3, 150), (1, 5, 40), (6, 4, 150)],
    [(3, 1, 150), (2, 6, 0), (4, 5, 0)],
]


def play_circle(
    svc: EventService, advance: Callable[[], object], rounds: int = 3, event_id: str = "tb"
) -> None:
    """The event above, each round seated by the arbiter (FIBAS art. 4) and published;
    ``advance`` moves the clock on between rounds."""
    config = EventConfig(
        name="Circolo",
        event_format=EventFormat.PAIRS,
        rounds=3,
        deals=(2, 2, 2),
        movements=(Movement.ARBITER_CHOICE,) * 3,
        session_starts=(1, 3),
    )
    svc.create_event(event_id, config)
    for i in range(1, 7):
        svc.run(event_id, Register(f"Coppia {i}", [f"A{i}", f"B{i}"]))
    for rnd, matches in enumerate(ROUNDS[:rounds], start=1):
        tables = tuple(TableSeating(t, (ns,), (ew,)) for t, (ns, ew, _) in enumerate(matches, 1))
        svc.seat(
            event_id, rnd, movement=Movement.ARBITER_CHOICE, arbiter_tables=tables, publish=True
        )
        for t, (_ns, _ew, diff) in enumerate(matches, 1):
            svc.enter_sheet(event_id, rnd, t, two_deals(diff))
        advance()
        svc.run(event_id, values.PublishStandings(rnd))


def circle(store: RecordStore, rounds: int = 3) -> EventService:
    """:func:`play_circle` on a service of its own."""
    clock = Clock(AT)
    svc = EventService(store, clock)

    def advance() -> None:
        clock.now += timedelta(minutes=30)

    play_circle(svc, advance, rounds)
    return svc


def places(state: EventState) -> list[tuple[int, int]]:
    return [(r.rank, r.competitor) for r in standings(state, 3)]


def test_default_is_vp_then_mp(record_store: RecordStore) -> None:
    """Without a choice: V.P., then M.P. (FIBAS art. 19-20, our ruling): 5 on 33 V.P., then
    1, 3, 2 on 30 V.P. by M.P. 40, 20, 0."""
    state = circle(record_store).state("tb")
    rows = standings(state, 3)
    assert [(r.competitor, r.vp, r.mp) for r in rows[:4]] == [
        (5, 33, 210),
        (1, 30, 40),
        (3, 30, 20),
        (2, 30, 0),
    ]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]
    assert state.tiebreaks is None


def test_circular_head_to_head_falls_to_the_next_criterion(record_store: RecordStore) -> None:
    """Ruling: 1 beat 2, 2 beat 3, 3 beat 1, each 12-8 by 150: among the three the
    head-to-head is 20 V.P. and 0 M.P. each, it separates nobody, and the next criterion
    decides: the opponents' V.P. (1 met 5 on 33, 2 met 6 on 29, 3 met 4 on 28)."""
    svc = circle(record_store)
    svc.run("tb", values.ChooseTiebreaks(["head-to-head", "opponents-vp"]))
    state = svc.state("tb")
    assert places(state)[:4] == [(1, 5), (2, 1), (3, 2), (4, 3)]
    assert ranking(state, 3)[:4] == [5, 1, 2, 3]  # the Danish seating reads the same order
    # head-to-head alone leaves the three level: they share rank 2, listed by number
    svc.run("tb", values.ChooseTiebreaks(["head-to-head"]))
    assert places(svc.state("tb"))[:4] == [(1, 5), (2, 1), (2, 2), (2, 3)]


def test_the_choice_is_a_record_replayed_and_replaced(record_store: RecordStore) -> None:
    """The choice is a ``tiebreaks-chosen`` record: the log replayed gives the same
    standings; a later choice replaces it; a draw keeps its seed (Parole art. 6.1 c)."""
    svc = circle(record_store)
    svc.run("tb", values.ChooseTiebreaks(["opponents-vp", "mp"]))
    svc.run("tb", values.ChooseTiebreaks(["mp-scored", "draw"], seed=11))
    records = [to_domain(r) for r in record_store.records("tb")]
    assert [r.kind.value for r in records[-2:]] == ["tiebreaks-chosen", "tiebreaks-chosen"]
    live = svc.state("tb")
    again = EventState.replay("tb", records)
    assert again.tiebreaks == TiebreaksChosen(("mp-scored", "draw"), seed=11)
    assert places(again) == places(live)
    # every sheet made 800 M.P. for the losing line: the winners' points decide, then
    # the draw separates those still level (it separates every tie)
    assert len({rank for rank, _ in places(again)}) == 6
    # typed in Italian, the draw again: the earlier seed is kept, the names recorded
    made = svc.run("tb", values.ChooseTiebreaks(["scontro diretto", "sorteggio"]))
    assert made == TiebreaksChosen(("head-to-head", "draw"), seed=11)


def test_session_standings_break_ties_within_the_session(record_store: RecordStore) -> None:
    """Session 2 is round 3 alone (FIBAS art. 2): the head-to-head reads its rounds only:
    2 and 6 drew 10-10 by 0, so both the head-to-head and the M.P. leave them level."""
    svc = circle(record_store)
    svc.run("tb", values.ChooseTiebreaks(["head-to-head", "mp"]))
    rows = session_standings(svc.state("tb"), 2)
    level = [r for r in rows if r.competitor in (2, 6)]
    assert level[0].rank == level[1].rank


def test_a_wrong_choice_is_refused(record_store: RecordStore) -> None:
    """An unknown criterion, one given twice, a draw not last: refused, nothing recorded."""
    svc = circle(record_store, rounds=1)
    for bad in (["mp", "M.P."], ["draw", "mp"], ["coin"]):
        with use_lang("it"), pytest.raises(ArbitroError):
            svc.run("tb", values.ChooseTiebreaks(bad))
    assert svc.state("tb").tiebreaks is None


def _ctx(meetings: dict[int, list[Meeting]], lower: bool = False) -> TieContext:
    vp = {c: sum(m.vp for m in ms) for c, ms in meetings.items()}
    mp = {c: sum(m.mp for m in ms) for c, ms in meetings.items()}
    return TieContext(vp, mp, meetings, mp_lower_is_better=lower, seed=3)


def test_head_to_head_among_three_who_all_met() -> None:
    """Three level on V.P. who all met: 1 took 12 and 11 V.P. from 2 and 3, 2 beat 3:
    head-to-head orders 1, 2, 3 (V.P. first, then M.P.)."""
    ctx = _ctx(
        {
            1: [Meeting(12, 150, (2,), (8,), None), Meeting(11, 60, (3,), (9,), None)],
            2: [Meeting(8, -150, (1,), (12,), None), Meeting(13, 220, (3,), (7,), None)],
            3: [Meeting(9, -60, (1,), (11,), None), Meeting(7, -220, (2,), (13,), None)],
        }
    )
    assert order_tied(ctx, [3, 2, 1], ["head-to-head"]) == [[1], [2], [3]]
    # 3 never met 4: the head-to-head among 1, 2, 3, 4 separates nobody (ruling)
    ctx.meetings[4] = [Meeting(10, 0, (5,), (10,), None)]  # type: ignore[index]
    assert order_tied(ctx, [1, 2, 3, 4], ["head-to-head"]) == [[1, 2, 3, 4]]


def test_matches_won_and_scala40_fewer_mp_is_better() -> None:
    """Matches won: more V.P. than every opponent of the table (a 10-10 is none). Scala 40
    art. 22: fewer M.P. rank better, read from the sheet's flag, for M.P. and M.P. scored."""
    ctx = _ctx(
        {
            1: [Meeting(10, 0, (2,), (10,), 800), Meeting(12, 100, (3,), (8,), 900)],
            2: [Meeting(10, 0, (1,), (10,), 800), Meeting(13, 20, (4,), (7,), 700)],
            3: [Meeting(11, 10, (4,), (9,), 500), Meeting(11, 30, (1,), (9,), 600)],
        }
    )
    assert order_tied(ctx, [1, 2, 3], ["matches-won"]) == [[3], [1, 2]]
    assert order_tied(ctx, [1, 2, 3], ["mp"]) == [[1], [3], [2]]
    assert order_tied(ctx, [1, 2, 3], ["mp-scored"]) == [[1], [2], [3]]
    fewer = _ctx(dict(ctx.meetings), lower=True)  # type: ignore[arg-type]
    assert order_tied(fewer, [1, 2, 3], ["mp"]) == [[2], [3], [1]]
    assert order_tied(fewer, [1, 2, 3], ["mp-scored"]) == [[3], [2], [1]]


def test_the_draw_is_the_seeds_and_the_same_for_every_group() -> None:
    """The recorded draw (Parole art. 6.1 c, as the prizes' draw): one shuffle of the event
    by the seed, so a group's order is its members' order in it, whatever the group."""
    ctx = _ctx({c: [Meeting(10, 0, (), (), None)] for c in range(1, 9)})
    whole = order_tied(ctx, list(range(1, 9)), ["draw"])
    assert all(len(g) == 1 for g in whole)
    drawn = [g[0] for g in whole]
    assert [g[0] for g in order_tied(ctx, [2, 5, 7], ["draw"])] == [
        c for c in drawn if c in (2, 5, 7)
    ]
    again = _ctx({c: [Meeting(10, 0, (), (), None)] for c in range(1, 9)})
    assert order_tied(again, list(range(1, 9)), ["draw"]) == whole


def test_words_and_the_standings_line_in_both_languages() -> None:
    """The criteria are typed in either language; the line names them in order."""
    assert criterion_named("scontro diretto") == "head-to-head"
    assert criterion_named("M.P.") == "mp"
    assert check_criteria(["m.p.", "Head-to-head"]) == ("mp", "head-to-head")
    line = tiebreak_line(("mp", "head-to-head"))
    assert line.render("it") == "a parità di V.P.: M.P., poi scontro diretto"
    assert line.render("en") == "on equal V.P.: M.P., then head-to-head"
    assert tiebreak_line(DEFAULT).render("it") == "a parità di V.P.: M.P."
