"""Standings (FIBAS art. 19: VP, then MP) where mutation testing found changes no test
noticed (issue 26, item Q; bench/mutation.py): the rank values of competitors level on VP and
MP, lateness in two rounds (art. 37), warnings carried from an earlier session (art. 2
"Sessione", art. 22 note 1, art. 41), the withdrawn flag (art. 36)."""

from __future__ import annotations

from arbitro.tournament import commands
from arbitro.tournament.model import Movement, TableSeating
from arbitro.tournament.standings.standings import StandingRow, session_standings, standings

from .conftest import Driver, MakeEvent

SAME = (Movement.REGISTRATION_ORDER,) + (Movement.ARBITER_CHOICE,) * 2
TABLES = (TableSeating(1, (1,), (2,)), TableSeating(2, (3,), (4,)))


def seat(d: Driver, rnd: int) -> None:
    """Round ``rnd`` seated 1-2, 3-4 (by registration order, then by the arbiter)."""
    if rnd == 1:
        d.seat(1)
    else:
        d.seat(rnd, arbiter_tables=TABLES)


def row_of(rows: list[StandingRow], competitor: int) -> StandingRow:
    """The row of ``competitor``."""
    return next(r for r in rows if r.competitor == competitor)


def played(d: Driver, rnd: int) -> None:
    """Round ``rnd`` of four pairs seated 1-2, 3-4: both tables the same result, N-S ahead by
    100 MP, and published."""
    seat(d, rnd)
    for table in (1, 2):
        d.sheet(rnd, table, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(rnd)


def test_art19_competitors_level_on_vp_and_mp_share_the_rank() -> None:
    """Art. 19 (VP, then MP) and docs/rulings.md: level competitors share the rank, listed by
    registration number; the next rank counts the places taken (1, 1, 3, 3)."""
    from .conftest import config

    d = Driver(config(rounds=1, movements=SAME[:1]))
    d.register_many(4)
    played(d, 1)
    rows = standings(d.state, 1)
    assert [(r.rank, r.competitor, r.name, r.vp, r.mp) for r in rows] == [
        (1, 1, "Coppia 1", 11, 100),
        (1, 3, "Coppia 3", 11, 100),
        (3, 2, "Coppia 2", 9, -100),
        (3, 4, "Coppia 4", 9, -100),
    ]


def test_art19_mp_breaks_a_tie_on_vp() -> None:
    """Art. 19: equal VP, the MP decide; the rank follows the order."""
    from .conftest import config

    d = Driver(config(rounds=1, movements=SAME[:1], deals=2))
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (100, 0, 0, 0), (0, 0, 0, 0))  # 1: +100
    d.sheet(1, 2, (100, 5, 0, 0), (0, 0, 0, 0))  # 3: +105, the same VP
    rows = standings(d.state, 1)
    assert [(r.rank, r.competitor) for r in rows] == [(1, 3), (2, 1), (3, 2), (4, 4)]
    assert row_of(rows, 3).vp == row_of(rows, 1).vp


def test_art37_lateness_in_two_rounds_adds_up(make_event: MakeEvent) -> None:
    """Art. 37: 5:01-10 minutes late costs 100 MP, in each round it happens: late in rounds 1
    and 2, the pair's lateness column shows -200 MP and its MP count both."""
    d = make_event(rounds=2, movements=SAME[:2])
    d.register_many(4)
    d.seat(1)
    d.do(commands.record_lateness(d.state, 1, 1, 400, d.now))
    for table in (1, 2):
        d.sheet(1, table, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    seat(d, 2)
    d.do(commands.record_lateness(d.state, 2, 1, 540, d.now))
    for table in (1, 2):
        d.sheet(2, table, (100, 0, 0, 0), (0, 0, 0, 0))
    one = row_of(standings(d.state, 2), 1)
    assert one.lateness_mp == -200
    assert one.round_mp == (0, 0) and one.mp == 0  # +100 twice, -100 twice
    assert row_of(standings(d.state, 2), 3).mp == 200
    assert row_of(standings(d.state, 1), 1).lateness_mp == -100


def test_art41_warnings_carried_from_the_earlier_session(make_event: MakeEvent) -> None:
    """Art. 22 note 1, art. 41: every two warnings cost 1 VP and 100 MP. Pair 1 is warned
    once in session 1 (round 1) and once in session 2 (round 2): the penalty falls due in
    session 2, whose row shows that session's one warning and the penalty; the event's row
    shows both warnings and the same penalty. Pair 3 is warned twice in session 1 and once in
    session 2: its penalty is in session 1, none in session 2."""
    d = make_event(rounds=2, movements=SAME[:2], session_starts=(1, 2))
    d.register_many(4)
    d.seat(1)
    d.do(commands.give_warning(d.state, 1, 1, "commenti sul gioco", d.now))
    d.do(commands.give_warning(d.state, 1, 3, "commenti sul gioco", d.now))
    d.do(commands.give_warning(d.state, 1, 3, "carte mosse", d.now))
    for table in (1, 2):
        d.sheet(1, table, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    # session 2 not begun: every competitor at 0, rank 1 (FIBAS art. 2 "Sessione")
    assert session_standings(d.state, 2, after_round=1) == [
        StandingRow(1, c, f"Coppia {c}", 0, 0, (), (), 0, 0, 0, 0, False) for c in (1, 2, 3, 4)
    ]
    seat(d, 2)
    d.do(commands.give_warning(d.state, 2, 1, "carte mosse", d.now))
    d.do(commands.give_warning(d.state, 2, 3, "commenti sul gioco", d.now))
    for table in (1, 2):
        d.sheet(2, table, (100, 0, 0, 0), (0, 0, 0, 0))
    first, second = session_standings(d.state, 1), session_standings(d.state, 2)
    event = standings(d.state, 2)

    def pen(row: StandingRow) -> tuple[int, int, int, int, int]:
        return (row.warnings, row.penalty_vp, row.penalty_mp, row.vp, row.mp)

    assert pen(row_of(first, 1)) == (1, 0, 0, 11, 100)
    assert pen(row_of(second, 1)) == (1, -1, -100, 10, 0)
    assert pen(row_of(event, 1)) == (2, -1, -100, 21, 100)
    assert pen(row_of(first, 3)) == (2, -1, -100, 10, 0)
    assert pen(row_of(second, 3)) == (1, 0, 0, 11, 100)
    assert pen(row_of(event, 3)) == (3, -1, -100, 21, 100)
    assert pen(row_of(second, 2)) == (0, 0, 0, 9, -100)  # never warned


def test_art36_the_withdrawn_flag_from_the_round_it_withdrew(make_event: MakeEvent) -> None:
    """Art. 36: a pair that withdraws keeps its results; the standings after a round mark it
    withdrawn when it plays no later round, and not before."""
    d = make_event(rounds=3, movements=SAME)
    d.register_many(4)
    played(d, 1)
    played(d, 2)
    d.do(commands.withdraw(d.state, 4, d.now, "treno"))
    after_1, after_2 = standings(d.state, 1), standings(d.state, 2)
    assert [r.withdrawn for r in after_1] == [False] * 4
    assert {r.competitor for r in after_2 if r.withdrawn} == {4}
    assert row_of(after_2, 4).vp == 18  # its results stand


def test_art37_art41_a_lateness_warning_and_a_warning_make_two(make_event: MakeEvent) -> None:
    """Art. 37: up to 5 minutes late is a warning; with a warning given by the arbiter it is
    the second (art. 22 note 1, art. 41): 1 VP and 100 MP."""
    d = make_event(rounds=1, movements=SAME[:1])
    d.register_many(4)
    d.seat(1)
    d.do(commands.record_lateness(d.state, 1, 3, 240, d.now))
    d.do(commands.give_warning(d.state, 1, 3, "commenti sul gioco", d.now))
    for table in (1, 2):
        d.sheet(1, table, (100, 0, 0, 0), (0, 0, 0, 0))
    three = row_of(standings(d.state, 1), 3)
    assert (three.warnings, three.penalty_vp, three.penalty_mp) == (2, -1, -100)


def test_art4_art19_the_ranking_counts_the_penalties_and_mp_break_ties(
    make_event: MakeEvent,
) -> None:
    """The ranking the seating reads (art. 4) is the standings' order (art. 19: VP, then MP)
    with the penalties in: pair 1 wins by 100 (11 VP) and is warned twice (-1 VP, -100 MP):
    10 VP and 0 MP, between pair 3 (10 VP, +20) and pair 4 (10 VP, -20)."""
    from arbitro.tournament.standings.standings import ranking

    d = make_event(rounds=2, movements=(Movement.REGISTRATION_ORDER, Movement.DANISH))
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (100, 0, 0, 0), (0, 0, 0, 0))
    d.sheet(1, 2, (0, 20, 0, 0), (0, 0, 0, 0))
    d.do(commands.give_warning(d.state, 1, 1, "commenti sul gioco", d.now))
    d.do(commands.give_warning(d.state, 1, 1, "carte mosse", d.now))
    rows = standings(d.state)
    assert [(r.competitor, r.vp, r.mp) for r in rows] == [
        (3, 10, 20),
        (1, 10, 0),
        (4, 10, -20),
        (2, 9, -100),
    ]
    assert ranking(d.state, 1) == [3, 1, 4, 2]


def test_art19_a_table_without_its_sheet_shows_no_score(make_event: MakeEvent) -> None:
    """Art. 19: until its sheet is in, a table's pairs show no VP or MP for the round (not
    zero); a field with nobody in it has an empty ranking."""
    from arbitro.tournament.standings.standings import ranking

    d = make_event(rounds=1, movements=SAME[:1])
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (100, 0, 0, 0), (0, 0, 0, 0))
    rows = {r.competitor: r for r in standings(d.state, 1)}
    assert (rows[3].round_vp, rows[3].round_mp) == ((None,), (None,))
    assert (rows[1].round_vp, rows[1].round_mp) == ((11,), (100,))
    empty = make_event(rounds=1, movements=SAME[:1])
    assert ranking(empty.state, 1) == []
