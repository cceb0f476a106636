"""Who is ranked (issue 26 C): a competitor withdrawn before it played is not in the
standings; one withdrawn later keeps its results and its row says from which round it no
longer plays (FIBAS art. 36: "a quelle invece che hanno giocato precedentemente restano
confermati i risultati conseguiti"; art. 37: the absent pair at the start). The standings are
shared by every code: Burraco FIBAS, Burraco Parole UISP (art. 13.4), Scala 40 (art. 25,
26)."""

from __future__ import annotations

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.tournament import commands
from arbitro.tournament.commands.setup import check_in, withdraw_absent
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.standings.standings import session_standings, standings

from .events.conftest import Driver, config


def _absent_two_of_six(d: Driver) -> None:
    """Six pairs registered, four checked in; the two absent withdrawn (art. 36)."""
    d.register_many(6)
    d.do(check_in(d.state, [1, 2, 3, 4], d.now))
    d.do(withdraw_absent(d.state, d.now))


def test_art36_pairs_absent_at_the_check_in_are_not_ranked() -> None:
    """FIBAS art. 36-37: pairs 5 and 6 never sat at a table: they are neither 5th and 6th
    with 0 VP nor anywhere in the standings, before or after round 1 is scored."""
    d = Driver(config(rounds=2, movements=(Movement.REGISTRATION_ORDER, Movement.DANISH)))
    _absent_two_of_six(d)
    assert [r.competitor for r in standings(d.state, 0)] == [1, 2, 3, 4]
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 50), (0, 90, 100, 100))
    d.sheet(1, 2, (0, 10, 0, 15), (0, 20, 0, 20))
    d.publish(1)
    rows = standings(d.state, 1)
    assert sorted(r.competitor for r in rows) == [1, 2, 3, 4]
    assert all(not r.withdrawn and r.withdrawn_from is None for r in rows)


def test_art36_a_pair_withdrawn_after_playing_keeps_its_row_marked_with_the_round() -> None:
    """FIBAS art. 36: a pair that leaves after round 1 keeps round 1's result ("restano
    confermati i risultati conseguiti"); its row says it no longer plays from round 2."""
    d = Driver(config(rounds=3))
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 50), (0, 90, 100, 100))
    d.sheet(1, 2, (0, 10, 0, 15), (0, 20, 0, 20))
    d.publish(1)
    d.do(commands.withdraw(d.state, 3, d.now, "left the room"))
    rows = {r.competitor: r for r in standings(d.state, 1)}
    assert sorted(rows) == [1, 2, 3, 4]
    assert rows[3].withdrawn and rows[3].withdrawn_from == 2
    assert rows[3].round_vp[0] is not None
    assert not rows[1].withdrawn and rows[1].withdrawn_from is None


def test_art2_a_session_not_begun_ranks_only_those_who_play() -> None:
    """FIBAS art. 2 "Sessione": the standings of a session not begun list every competitor
    level at 0, but not the pairs withdrawn as absent before round 1 (art. 36)."""
    d = Driver(config(rounds=2, session_starts=(1, 2)))
    _absent_two_of_six(d)
    assert [r.competitor for r in session_standings(d.state, 2)] == [1, 2, 3, 4]


def test_parole_art13_4_a_pair_withdrawn_before_round_1_is_not_ranked() -> None:
    """Burraco Parole (UISP art. 13.4, withdrawal): the same rule on the shared standings."""
    d = Driver(
        config(
            rounds=2,
            deals=3,
            movements=(Movement.DRAW, Movement.MITCHELL),
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        )
    )
    d.register_many(5)
    d.do(commands.withdraw(d.state, 5, d.now, "absent"))
    d.seat(1)
    assert sorted(r.competitor for r in standings(d.state, 1)) == [1, 2, 3, 4]


def test_scala40_art25_26_a_player_withdrawn_before_round_1_is_not_ranked() -> None:
    """Scala 40 (individual events, art. 25-26): player 9 withdrawn before round 1 is not in
    the standings; the eight who play are, ranked by the sheets of round 1 (art. 22)."""
    d = Driver(
        config(
            rounds=2,
            deals=5,
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
            event_format=EventFormat.INDIVIDUAL,
        )
    )
    d.register_many(9)
    d.do(commands.withdraw(d.state, 9, d.now, "absent"))
    d.seat(1)
    for table in d.seating(1).tables:
        assert table.players is not None
        rows = tuple((0, 10, 20, 30) for _ in range(5))
        d.do(
            commands.enter_sheet(d.state, 1, table.table, Scala40Entry(table.players, rows), d.now)
        )
    d.publish(1)
    ranked = standings(d.state, 1)
    assert sorted(r.competitor for r in ranked) == list(range(1, 9))
    assert 9 not in {r.competitor for r in ranked}
