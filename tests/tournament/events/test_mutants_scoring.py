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
        # an average equal to the rest score is not higher: the rest score
        (((305, 10), (305, 12)), (305, 14, ScoreSource.REST)),
        (((100, 14), (101, 14)), (305, 14, ScoreSource.REST)),
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


def test_art36_art37_art40_a_rounds_scores_name_their_round_and_table(
    make_event: MakeEvent,
) -> None:
    """Every score of a round is the whole record the standings and the printouts read:
    competitor, round, table, MP, VP, source, lateness MP. Round 2 of seven pairs: pair 1
    alone at table 1 (art. 37: the rest score); table 2 from its sheet, N-S 5:01-10 minutes
    late (art. 37: -100 MP), E-W given an arbitral score (art. 40); table 3's E-W line over
    10 minutes late (art. 37: it loses the match); table 4 without a sheet yet; pair 5, late
    in round 1 only, pays nothing in round 2."""
    d = make_event(
        rounds=3,
        movements=(Movement.REGISTRATION_ORDER, Movement.ARBITER_CHOICE, Movement.ARBITER_CHOICE),
    )
    d.register_many(7)
    d.seat(1)
    d.do(commands.record_lateness(d.state, 1, 5, 400, d.now))
    for table in (1, 2, 3):
        d.sheet(1, table, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    tables = (
        TableSeating(1, (1,), None),
        TableSeating(2, (2,), (7,)),
        TableSeating(3, (3,), (4,)),
        TableSeating(4, (5,), (6,)),
    )
    d.seat(2, arbiter_tables=tables)
    d.do(commands.record_lateness(d.state, 2, 2, 420, d.now))
    d.do(commands.record_lateness(d.state, 2, 4, 900, d.now))
    d.sheet(2, 2, (300, 200, 0, 5), (0, 0, 100, 0))  # N-S 500 v 105: +395
    d.do(commands.arbitral_score(d.state, 2, 7, 0, 8, "danneggiata", d.now))
    scores = round_scores(d.state, 2, as_of=2)
    assert scores == {
        1: RoundScore(1, 2, 1, *REST, ScoreSource.REST),
        2: RoundScore(2, 2, 2, 395, 14, ScoreSource.SHEET, -100),
        7: RoundScore(7, 2, 2, 0, 8, ScoreSource.ARBITRAL),
        3: RoundScore(3, 2, 3, *REST, ScoreSource.REST),
        4: RoundScore(4, 2, 3, *COUNTERPART, ScoreSource.FORFEIT),
        5: RoundScore(5, 2, 4, 0, 0, ScoreSource.PENDING),
        6: RoundScore(6, 2, 4, 0, 0, ScoreSource.PENDING),
    }
    assert round_scores(d.state, 1, as_of=2)[5].mp_penalty == -100


@pytest.mark.parametrize("late", [False, True])
def test_art36_art37_both_lines_out_score_zero_with_their_table(
    make_event: MakeEvent, late: bool
) -> None:
    """Art. 36 "entrambe le coppie ... abbandonino" and art. 37 both lines over 10 minutes
    late: both score zero, each record naming the round and the table."""
    d = four_pairs(make_event)
    for pair in (3, 4):
        if late:
            d.do(commands.record_lateness(d.state, 1, pair, 700, d.now))
        else:
            d.do(commands.record_abandon(d.state, 1, pair, True, "malore", d.now))
    scores = round_scores(d.state, 1, as_of=1)
    assert scores[3] == RoundScore(3, 1, 2, 0, 0, ScoreSource.ZERO)
    assert scores[4] == RoundScore(4, 1, 2, 0, 0, ScoreSource.ZERO)


@pytest.mark.parametrize(
    ("justified", "source"), [(True, ScoreSource.FORFEIT), (False, ScoreSource.ZERO)]
)
def test_art36_an_abandon_at_table_two_names_its_table(
    make_event: MakeEvent, justified: bool, source: ScoreSource
) -> None:
    """Art. 36 at table 2: the pair present's rest score and the leaver's score name table 2."""
    d = four_pairs(make_event)
    d.do(commands.record_abandon(d.state, 1, 3, justified, "malore", d.now))
    scores = round_scores(d.state, 1, as_of=1)
    assert scores[4] == RoundScore(4, 1, 2, *REST, ScoreSource.REST)
    assert scores[3][1:3] == (1, 2) and scores[3].source is source


def test_art37_a_round_not_seated_yet_has_no_scores(make_event: MakeEvent) -> None:
    """The standings after round 1 of a three-round event read round 2 as not played: no
    scores before its seating (art. 4: a round is seated on the previous standings)."""
    e = make_event(rounds=3)
    e.register_many(4)
    e.seat(1)
    assert round_scores(e.state, 2, as_of=2) == {}
    assert [r.round_vp for r in standings(e.state, 2)] == [(None, None)] * 4


def test_art7_art37_one_deal_rounds_have_no_rest_score_yet() -> None:
    """Art. 37's rest scores are given for 2, 3 and 4 deals; a round of one prepared deal
    (art. 7) has none: the pair alone and both lines of a match lost by lateness wait
    (PENDING, each at its table) for the director's score."""
    from .conftest import config

    d = Driver(
        config(
            rounds=2,
            deals=1,
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
            duplicate=True,
        )
    )
    d.register_many(5)
    d.seat(1)
    d.do(commands.record_lateness(d.state, 1, 2, 700, d.now))
    assert round_scores(d.state, 1, as_of=1) == {
        1: RoundScore(1, 1, 1, 0, 0, ScoreSource.PENDING),
        2: RoundScore(2, 1, 1, 0, 0, ScoreSource.PENDING),
        3: RoundScore(3, 1, 2, 0, 0, ScoreSource.PENDING),
        4: RoundScore(4, 1, 2, 0, 0, ScoreSource.PENDING),
        5: RoundScore(5, 1, 3, 0, 0, ScoreSource.PENDING),
    }


def test_art20_carte_uguali_scores_name_their_round_and_table() -> None:
    """Art. 20 "carte uguali": until every sheet is in, every line of the round waits
    (PENDING, at its table); then each line keeps its own MP (art. 19 b) and takes the VP of
    its difference against the other tables (tests/tournament/test_carte_uguali.py checks
    the comparison by hand), each record naming round 1 and its table."""
    from arbitro.tournament.event import EventConfig
    from arbitro.tournament.model import EventFormat

    d = Driver(
        EventConfig(
            name="Carte uguali",
            event_format=EventFormat.PAIRS,
            rounds=2,
            deals=(2, 2),
            movements=(Movement.REGISTRATION_ORDER, Movement.MITCHELL),
            seed=7,
            duplicate=True,
            comparison="others",
        )
    )
    d.register_many(8)
    d.seat(1)
    d.sheet(1, 1, (100, 50, 0, 30), (0, 20, 200, 40))
    waiting = round_scores(d.state, 1, as_of=1)
    assert waiting == {
        c: RoundScore(c, 1, (c + 1) // 2, 0, 0, ScoreSource.PENDING) for c in range(1, 9)
    }
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 100, 0))
    d.sheet(1, 3, (300, 50, 0, 30), (0, 20, 0, 40))
    d.sheet(1, 4, (0, 50, 0, 30), (0, 20, 100, 40))
    mp_vp = {1: (-100, 8), 2: (100, 12), 3: (0, 10), 4: (0, 10)}
    mp_vp |= {5: (300, 14), 6: (-300, 6), 7: (-100, 8), 8: (100, 12)}
    assert round_scores(d.state, 1, as_of=1) == {
        c: RoundScore(c, 1, (c + 1) // 2, *mp_vp[c], ScoreSource.SHEET) for c in range(1, 9)
    }


def test_scala40_art26_a_late_entry_is_scored_for_the_rounds_it_missed() -> None:
    """Scala 40 art. 26: a player entering after round 1's standings gets the arbitral score
    of 3 VP and 80 MP for round 1, at no table (0), in the round it missed."""
    from arbitro.codes.ids import CodeId, GameId
    from arbitro.codes.scala40_sheet import Scala40Entry
    from arbitro.tournament.model import EventFormat

    from .conftest import config

    d = Driver(
        config(
            rounds=2,
            deals=5,
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
            event_format=EventFormat.INDIVIDUAL,
        )
    )
    d.register_many(8)
    d.seat(1)
    for table in (1, 2):
        players = d.table(1, table).players
        assert players is not None
        d.do(
            commands.enter_sheet(
                d.state, 1, table, Scala40Entry(players, ((0, 10, 20, 30),) * 5), d.now
            )
        )
    d.publish(1)
    d.do(commands.register(d.state, "Ritardatario", [], d.now))
    late = max(d.state.competitors)
    scores = round_scores(d.state, 1, as_of=1)
    assert scores[late] == RoundScore(late, 1, 0, 80, 3, ScoreSource.ARBITRAL)
    assert len(scores) == 9 and scores[1].table == 1


def carte_uguali() -> Driver:
    """Eight pairs of a carte uguali event (FIBAS art. 20), round 1 played at four tables."""
    from arbitro.tournament.event import EventConfig
    from arbitro.tournament.model import EventFormat

    d = Driver(
        EventConfig(
            name="Carte uguali",
            event_format=EventFormat.PAIRS,
            rounds=2,
            deals=(2, 2),
            movements=(Movement.REGISTRATION_ORDER, Movement.MITCHELL),
            seed=7,
            duplicate=True,
            comparison="others",
        )
    )
    d.register_many(8)
    d.seat(1)
    d.sheet(1, 1, (100, 50, 0, 30), (0, 20, 200, 40))
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 100, 0))
    d.sheet(1, 3, (300, 50, 0, 30), (0, 20, 0, 40))
    d.sheet(1, 4, (0, 50, 0, 30), (0, 20, 100, 40))
    return d


def test_art21_an_inverted_sheet_counts_from_the_next_round_against_the_field() -> None:
    """Art. 21: inverted scores corrected after the standings count from the next round: in
    a carte uguali event (art. 20) the round's scores after round 1 compare the sheet as it
    was, after round 2 the corrected one (table 1's lines exchange their MP and VP). The
    correction comes once round 1's standings are final (art. 39) and round 2 is seated."""
    d = carte_uguali()
    d.publish(1)
    d.tick(16)  # past art. 39's window: round 1's standings are final
    d.seat(2)
    d.do(
        commands.correct_sheet(
            d.state,
            1,
            1,
            d.now,
            kind="inverted",
            reason="invertiti",
            table_agrees=True,
            by_arbiter=True,  # round 2 is the last (art. 21)
        )
    )
    before = round_scores(d.state, 1, as_of=1)
    after = round_scores(d.state, 1, as_of=2)
    assert (before[1].mp, before[1].vp, before[2].mp, before[2].vp) == (-100, 8, 100, 12)
    assert (after[1].mp, after[2].mp) == (100, -100)
    assert after[1].vp > before[1].vp and after[2].vp < before[2].vp


def test_art21_art37_the_last_round_average_reads_the_corrected_rounds(
    make_event: MakeEvent,
) -> None:
    """Art. 37's last-round average reads the earlier rounds as corrected (art. 21): pair 1's
    round-1 sheet, inverted, is corrected in round 2 (the table agreeing; it counts from
    round 2 on): its average in round 3, where it rests, counts round 1 as corrected."""
    d = make_event(
        rounds=3,
        movements=(Movement.REGISTRATION_ORDER, Movement.ARBITER_CHOICE, Movement.ARBITER_CHOICE),
    )
    d.register_many(3)
    d.seat(1)  # 1 v 2; 3 rests
    d.sheet(1, 1, (100, 0, 0, 0), (0, 0, 0, 0))  # written 1: +100, 11-9
    d.publish(1)
    d.seat(2, arbiter_tables=(TableSeating(1, (1,), (3,)), TableSeating(2, (2,), None)))
    d.do(
        commands.correct_sheet(
            d.state, 1, 1, d.now, kind="inverted", reason="invertiti", table_agrees=True
        )
    )
    d.sheet(2, 1, (1000, 500, 0, 0), (1000, 500, 0, 0))  # 1: +3000, 20-0
    d.publish(2)
    d.seat(3, arbiter_tables=(TableSeating(1, (2,), (3,)), TableSeating(2, (1,), None)))
    one = {r.competitor: r for r in standings(d.state, 3)}[1]
    assert one.round_vp[:2] == (9, 20) and one.round_mp[:2] == (-100, 3000)
    # the average of the corrected rounds: (9 + 20) // 2 = 14 VP (not (11 + 20) // 2 = 15),
    # (-100 + 3000) // 2 = 1450 MP
    assert (one.round_vp[2], one.round_mp[2]) == (14, 1450)


@pytest.mark.parametrize(
    ("choice", "late", "leaver"),
    [
        ("zero", False, (0, 0, ScoreSource.ZERO)),  # art. 13.4 a)
        ("rest", False, (-355, 6, ScoreSource.FORFEIT)),  # art. 13.4 b)
        (None, False, (0, 0, ScoreSource.ZERO)),  # unjustified, no choice: zero
        (None, True, (0, 0, ScoreSource.ZERO)),  # art. 13.3: late over 5 minutes, zero
    ],
)
def test_parole_art13_the_e_w_line_out_is_scored_at_its_table(
    choice: str | None, late: bool, leaver: tuple[int, int, ScoreSource]
) -> None:
    """Burraco Parole art. 13.3-13.4 at table 2, round 1, the E-W line (pair 4) out: the
    arbiter's choice (a) zero, (b) the table's score; an unjustified abandon without a
    choice; a lateness over 5 minutes (art. 13.3: zero). Each record names round and table;
    the N-S line present takes the rest score (art. 3.1: 355 MP, 14 VP)."""
    from arbitro.codes.ids import CodeId, GameId
    from arbitro.tournament.records import AbandonScore

    from .conftest import config

    d = Driver(
        config(
            rounds=2,
            deals=3,
            movements=(Movement.REGISTRATION_ORDER, Movement.DRAW),
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        )
    )
    d.register_many(4)
    d.seat(1)
    if late:
        d.do(commands.record_lateness(d.state, 1, 4, 400, d.now))
    else:
        score = {"zero": AbandonScore.ZERO, "rest": AbandonScore.REST_SCORE}.get(choice or "")
        d.do(commands.record_abandon(d.state, 1, 4, False, "lite", d.now, score=score))
    got = round_scores(d.state, 1, as_of=1)
    assert got[3] == RoundScore(3, 1, 2, 355, 14, ScoreSource.REST)
    assert got[4] == RoundScore(4, 1, 2, *leaver)
