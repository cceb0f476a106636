"""Round scores where mutation testing found changes no test noticed (issue 26, item Q;
bench/mutation.py): the E-W line as the guilty one of a forfeit (FIBAS art. 36 abandon, art.
37 lateness over 10 minutes), the last-round average of art. 37 when only the MP or only the
VP beat the rest score, and a board compared at exactly two tables (art. 20 "carte
uguali")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbitro.tournament import commands
from arbitro.tournament.model import Movement, TableSeating
from arbitro.tournament.scoring.comparison import (
    BoardResult,
    ComparisonMethod,
    compare_board,
    compare_round,
    round_differences,
)
from arbitro.tournament.scoring.results import RoundScore, ScoreSource, round_scores
from arbitro.tournament.standings.standings import standings

from .conftest import Driver, MakeEvent

# FIBAS art. 37, two deals: the line present 305 MP and 14 VP, the absent one -305 and 6.
REST = (305, 14)
COUNTERPART = (-305, 6)


def vp_mp(d: Driver, rnd: int) -> dict[int, tuple[int, int]]:
    """competitor → (MP, VP) of round ``rnd``."""
    return {c: (s.mp, s.vp) for c, s in round_scores(d.state, rnd, as_of=rnd).items()}


def four_pairs(make_event: MakeEvent) -> Driver:
    """Four pairs seated 1-2 (table 1: 1 N-S, 2 E-W) and 3-4; table 2 plays its sheet."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 0, 0))
    return d


def test_art37_the_ew_line_late_over_10_minutes_loses_the_match(make_event: MakeEvent) -> None:
    """Art. 37: over 10 minutes late the line loses the match; the opponents take the rest
    score and the late line its counterpart. Here the late line is E-W (pair 2)."""
    d = four_pairs(make_event)
    d.do(commands.record_lateness(d.state, 1, 2, 601, d.now))
    scores = round_scores(d.state, 1, as_of=1)
    assert (scores[1].mp, scores[1].vp, scores[1].source) == (*REST, ScoreSource.REST)
    assert (scores[2].mp, scores[2].vp, scores[2].source) == (*COUNTERPART, ScoreSource.FORFEIT)
    assert {r.competitor: (r.vp, r.mp) for r in standings(d.state, 1)}[2] == (6, -305)


@pytest.mark.parametrize(
    ("justified", "source", "leaver"),
    [(True, ScoreSource.FORFEIT, COUNTERPART), (False, ScoreSource.ZERO, (0, 0))],
)
def test_art36_the_ew_line_abandons(
    make_event: MakeEvent, justified: bool, source: ScoreSource, leaver: tuple[int, int]
) -> None:
    """Art. 36: the line present (N-S, pair 1) wins with the rest score; the E-W line that left
    (pair 2) takes the counterpart if justified, zero if not."""
    d = four_pairs(make_event)
    d.do(commands.record_abandon(d.state, 1, 2, justified, "malore", d.now))
    scores = round_scores(d.state, 1, as_of=1)
    assert (scores[1].mp, scores[1].vp, scores[1].source) == (*REST, ScoreSource.REST)
    assert (scores[2].mp, scores[2].vp, scores[2].source) == (*leaver, source)
    assert vp_mp(d, 1)[3] == (100, 11)  # the other table keeps its sheet


def last_round_rest(make_event: MakeEvent) -> Driver:
    """Three pairs, three rounds; pair 1 rests in the last round (art. 37)."""
    d = make_event(
        rounds=3,
        movements=(Movement.REGISTRATION_ORDER, Movement.ARBITER_CHOICE, Movement.ARBITER_CHOICE),
    )
    d.register_many(3)
    d.seat(1)
    d.sheet(1, 1, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    d.seat(2, arbiter_tables=(TableSeating(1, (1,), (3,)), TableSeating(2, (2,), None)))
    d.sheet(2, 1, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(2)
    d.seat(3, arbiter_tables=(TableSeating(1, (2,), (3,)), TableSeating(2, (1,), None)))
    return d


def history(*mp_vp: tuple[int, int]) -> dict[int, list[RoundScore]]:
    """Pair 1's earlier rounds with these (MP, VP)."""
    return {
        1: [
            RoundScore(1, rnd, 1, mp, vp, ScoreSource.SHEET)
            for rnd, (mp, vp) in enumerate(mp_vp, start=1)
        ]
    }


@pytest.mark.parametrize(
    ("past", "expected"),
    [
        # only the MP average (1001) beats 305: its MP, the rest score's VP
        (((1500, 10), (503, 12)), (1001, 14, ScoreSource.REST_AVERAGE)),
        # only the VP average (15, rounded down from 15.5) beats 14: the rest score's MP
        (((100, 15), (200, 16)), (305, 15, ScoreSource.REST_AVERAGE)),
        # both beat it
        (((400, 17), (401, 18)), (400, 17, ScoreSource.REST_AVERAGE)),
        # neither: the rest score
        (((305, 14), (100, 9)), (305, 14, ScoreSource.REST)),
    ],
)
def test_art37_last_round_average_mp_and_vp_considered_separately(
    make_event: MakeEvent,
    past: tuple[tuple[int, int], ...],
    expected: tuple[int, int, ScoreSource],
) -> None:
    """Art. 37: a line at the incomplete table of the last round gets its average, rounded
    down, when it is higher than the rest score; MP and VP are considered separately."""
    d = last_round_rest(make_event)
    got = round_scores(d.state, 3, as_of=3, history=history(*past))[1]
    assert (got.mp, got.vp, got.source) == expected
    assert (got.round, got.table) == (3, 2)


def test_art37_a_line_without_earlier_rounds_rests_with_the_rest_score(
    make_event: MakeEvent,
) -> None:
    """Art. 37: with no earlier score (nothing to average) the last round's rest score."""
    d = last_round_rest(make_event)
    got = round_scores(d.state, 3, as_of=3, history={})[1]
    assert (got.mp, got.vp, got.source, got.table) == (*REST, ScoreSource.REST, 2)


def test_art20_a_board_compared_at_exactly_two_tables() -> None:
    """Art. 20 "carte uguali": a board played at two tables compares each with the other
    (docs/rulings.md: against the other tables): N-S +300 and +100 are +200 and -200."""
    rows = compare_board([BoardResult(4, 2, 100), BoardResult(4, 1, 300)])
    assert [(c.table, c.datum, c.ns, c.ew) for c in rows] == [
        (1, Fraction(100), Fraction(200), Fraction(-200)),
        (2, Fraction(300), Fraction(-200), Fraction(200)),
    ]
    field = compare_board([BoardResult(4, 1, 300), BoardResult(4, 2, 100)], ComparisonMethod.FIELD)
    assert [(c.datum, c.ns) for c in field] == [
        (Fraction(200), Fraction(100)),
        (Fraction(200), Fraction(-100)),
    ]
    alone = compare_board([BoardResult(5, 3, 250)])
    assert [(c.datum, c.ns) for c in alone] == [(Fraction(250), Fraction(0))]


def test_art20_a_rounds_differences_add_up_board_by_board() -> None:
    """Art. 20: a table's difference for the round is the sum over its boards."""
    travellers = compare_round(
        [
            BoardResult(1, 1, 300),
            BoardResult(1, 2, 100),
            BoardResult(2, 1, -50),
            BoardResult(2, 2, 150),
        ]
    )
    assert sorted(travellers) == [1, 2]
    assert round_differences(travellers) == {1: Fraction(0), 2: Fraction(0)}
    travellers = compare_round([BoardResult(1, 1, 300), BoardResult(1, 2, 100)])
    travellers |= compare_round([BoardResult(2, 1, 150), BoardResult(2, 2, -50)])
    assert round_differences(travellers) == {1: Fraction(400), 2: Fraction(-400)}
