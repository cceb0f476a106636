"""Scala 40 individual events (seed 004): tables of four (art. 2), placement and difference
VP (art. 22), the sheet signed by the four players (art. 23), corrections (art. 24), abandon
(art. 25), tables of three and late entries (art. 26)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.results import ScoreSource, round_scores
from arbitro.tournament.standings.standings import standings

from .conftest import Driver, config


def scala(rounds: int = 2, deals: int = 5, moves: tuple[Movement, ...] | None = None) -> Driver:
    movements = moves or (Movement.REGISTRATION_ORDER,) + (Movement.DANISH,) * (rounds - 1)
    return Driver(
        config(
            rounds=rounds,
            deals=deals,
            movements=movements,
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
            event_format=EventFormat.INDIVIDUAL,
        )
    )


def points(
    d: Driver,
    rnd: int,
    table: int,
    rows: Sequence[tuple[int | None, ...]],
    abandoned: int | None = None,
) -> Scala40Entry:
    players = d.table(rnd, table).players
    assert players is not None, "a Scala 40 table seats players, not lines"
    return Scala40Entry(players, tuple(rows), abandoned)


def test_art22_placement_and_difference_vp_from_the_sheet() -> None:
    """Art. 22: 8/6/4/2 by fewest negative points, plus the summed differences with the
    players below converted by the 5-deal table (DESIGN.md reading): totals 20, 60, 150, 300:
    1st: 40+130+280 = 450 → 12; 2nd: 90+240 = 330 → 12; 3rd: 150 → 6; 4th: 0."""
    d = scala(rounds=1, moves=(Movement.REGISTRATION_ORDER,))
    d.register_many(4)
    d.seat(1)
    rows = [(0, 10, 30, 60), (5, 10, 30, 60), (5, 10, 30, 60), (5, 10, 30, 60), (5, 20, 30, 60)]
    d.do(commands.enter_sheet(d.state, 1, 1, points(d, 1, 1, rows), d.now))
    s = round_scores(d.state, 1, as_of=1)
    assert [(s[c].vp, s[c].mp) for c in (1, 2, 3, 4)] == [(20, 20), (18, 60), (10, 150), (2, 300)]
    assert [r.competitor for r in standings(d.state, 1)] == [1, 2, 3, 4]


def test_art23_sheet_confirmed_by_the_four_players() -> None:
    """Art. 23: the sheet is signed by the four players: pending until all four agree."""
    d = scala(rounds=1, moves=(Movement.REGISTRATION_ORDER,))
    d.register_many(4)
    d.seat(1)
    entry = points(d, 1, 1, [(0, 10, 20, 30)] * 5)
    for p in (1, 2, 3):
        d.do(commands.enter_sheet(d.state, 1, 1, entry, d.now, f"giocatore {p}", str(p)))
    assert commands.sheet_status(d.state, 1, 1) == "pending"
    d.do(commands.enter_sheet(d.state, 1, 1, entry, d.now, "giocatore 4", "4"))
    assert commands.sheet_status(d.state, 1, 1) == "confirmed"
    with pytest.raises(ArbitroError, match="linea"):
        commands.enter_sheet(d.state, 1, 1, entry, d.now, "x", "ns")


def test_art26_table_of_three_counts_the_riposato_with_1000() -> None:
    """Art. 26: at an incomplete table three play "come per quattro", the rested seat with 1000
    negative points: the three present take places 1-3 and their differences include it."""
    d = scala(rounds=1, moves=(Movement.REGISTRATION_ORDER,))
    d.register_many(7)
    d.seat(1)
    tables = d.seating(1).tables
    assert [len(t.players or ()) for t in tables] == [4, 3]
    d.do(commands.enter_sheet(d.state, 1, 1, points(d, 1, 1, [(0, 10, 20, 30)] * 5), d.now))
    d.do(commands.enter_sheet(d.state, 1, 2, points(d, 1, 2, [(0, 10, 20)] * 5), d.now))
    s = round_scores(d.state, 1, as_of=1)
    # totals 0, 50, 100 v the riposato's 1000: 1st: 50+100+1000 → 12; 2nd: 50+950 → 12; 3rd: 900 → 12
    assert [(s[c].vp, s[c].mp) for c in (5, 6, 7)] == [(20, 0), (18, 50), (16, 100)]


def test_art24_swapped_scores_need_the_table() -> None:
    """Art. 24: scores written under the wrong players are exchanged if the table agrees."""
    d = scala(rounds=1, moves=(Movement.REGISTRATION_ORDER,))
    d.register_many(4)
    d.seat(1)
    d.do(commands.enter_sheet(d.state, 1, 1, points(d, 1, 1, [(0, 10, 20, 30)] * 5), d.now))
    with pytest.raises(ArbitroError, match="il tavolo lo riconosce"):
        commands.correct_sheet(
            d.state, 1, 1, d.now, kind="inverted", reason="x", swap=(1, 4), by_arbiter=True
        )
    d.do(
        commands.correct_sheet(
            d.state,
            1,
            1,
            d.now,
            kind="inverted",
            reason="invertiti",
            table_agrees=True,
            swap=(1, 4),
            by_arbiter=True,
        )
    )
    s = round_scores(d.state, 1, as_of=1)
    assert (s[1].mp, s[4].mp) == (150, 0)


def test_art25_abandon_and_art26_late_entry() -> None:
    """Art. 25: a player who abandons is scored with the riposato's 1000 and plays no more;
    art. 26: a latecomer after round 1's standings enters with 3 VP and 80 MP for round 1."""
    d = scala(rounds=2)
    d.register_many(8)
    d.seat(1)
    rows: list[tuple[int | None, ...]] = [
        (0, 10, 20, 30),
        (0, 10, 20, None),
        (0, 10, 20, None),
        (0, 10, 20, None),
        (0, 10, 20, None),
    ]
    d.do(commands.enter_sheet(d.state, 1, 1, points(d, 1, 1, rows, abandoned=4), d.now))
    d.do(commands.record_abandon(d.state, 1, 4, True, "malore", d.now))
    d.do(commands.enter_sheet(d.state, 1, 2, points(d, 1, 2, [(0, 10, 20, 30)] * 5), d.now))
    assert round_scores(d.state, 1, as_of=1)[4].vp == 0
    with pytest.raises(ArbitroError, match="iscrizioni chiuse"):
        commands.register(d.state, "Ritardatario", [], d.now)
    d.publish(1)
    d.do(commands.register(d.state, "Ritardatario", [], d.now))
    late = max(d.state.competitors)
    assert round_scores(d.state, 1, as_of=1)[late].source is ScoreSource.ARBITRAL
    assert (
        round_scores(d.state, 1, as_of=1)[late].vp,
        round_scores(d.state, 1, as_of=1)[late].mp,
    ) == (3, 80)
    d.seat(2)
    seated = d.seating(2).competitors()
    assert 4 not in seated and late in seated and len(seated) == 8
    with pytest.raises(ArbitroError, match="ritardo"):
        commands.record_lateness(d.state, 2, 1, 60, d.now)


def test_art25_an_abandon_marked_on_the_sheet_alone_keeps_the_player_out_of_later_rounds() -> None:
    """Art. 25: the sheet says player 4 left; without any other record, player 4 is not
    seated in round 2 (the landed version seated them again)."""
    d = scala(rounds=2)
    d.register_many(8)
    d.seat(1)
    rows: list[tuple[int | None, ...]] = [(0, 10, 20, 30)] + [(0, 10, 20, None)] * 4
    d.do(commands.enter_sheet(d.state, 1, 1, points(d, 1, 1, rows, abandoned=4), d.now))
    d.do(commands.enter_sheet(d.state, 1, 2, points(d, 1, 2, [(0, 10, 20, 30)] * 5), d.now))
    d.publish(1)
    d.seat(2)
    assert 4 not in d.seating(2).competitors()


def test_art26_a_latecomer_completes_a_table_of_three_during_round_1() -> None:
    """Art. 26: while round 1 is played, a latecomer is added only to complete a table of
    three; the table then plays with four and all four sign its sheet (art. 23)."""
    d = scala(rounds=2)
    d.register_many(7)  # one table of four and one of three
    d.seat(1)
    three = next(t for t in d.seating(1).tables if t.players and len(t.players) == 3)
    d.do(commands.register(d.state, "Ritardatario", [], d.now))
    late = max(d.state.competitors)
    table = d.seating(1).table(three.table)
    assert table is not None and three.players is not None
    assert table.players == (*three.players, late)
    assert d.state.round(1).seating_published_at is not None
    # The table is full now: the next latecomer waits for round 1's standings (art. 26).
    with pytest.raises(ArbitroError, match="iscrizioni chiuse"):
        commands.register(d.state, "Secondo ritardatario", [], d.now)
