"""Re-admitting a withdrawn competitor (issue 26 G): FIBAS art. 36 (withdrawal) and art. 37
"Ritardo alla presentazione del torneo" (a late pair completes round 1's incomplete table
while round 1 is played; "Non è possibile alcun accomodamento" after round 1's standings
and round 2's seating); Scala 40 art. 26 (a latecomer completes a table of three). A refusal
cites the code's article on late arrivals, not art. 21 (score sheets)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.commands.setup import check_in, readmit, withdraw_absent
from arbitro.tournament.event import EventState
from arbitro.tournament.log_check import check_log
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import CompetitorWithdrawn
from arbitro.tournament.standings.standings import standings

from .events.conftest import Driver, config


def _five_play_one_absent() -> Driver:
    d = Driver(config(rounds=2, movements=(Movement.REGISTRATION_ORDER, Movement.DANISH)))
    d.register_many(6)
    d.do(check_in(d.state, [1, 2, 3, 4, 5], d.now))
    d.do(withdraw_absent(d.state, d.now))
    return d


def _withdrawal_seq(d: Driver, competitor: int) -> int:
    return next(
        seq
        for seq, rec in d.state.actions.items()
        if isinstance(rec.body, CompetitorWithdrawn) and rec.body.competitor == competitor
    )


def test_art36_before_round_1_is_seated_readmit_only_cancels_the_withdrawal() -> None:
    d = _five_play_one_absent()
    made = readmit(d.state, 6, "arrived", d.now)
    assert [r.kind.value for r in made] == ["record-cancelled"]
    d.do(made)
    d.state = type(d.state).replay("test", d.log)
    assert d.state.competitors[6].withdrawn_from_round is None


def test_art37_during_round_1_the_late_pair_sits_at_the_incomplete_table() -> None:
    """Art. 37: "se, invece, già esiste un tavolo incompleto è facoltà dell'Arbitro ...
    completare il tavolo e far giocare la coppia ultima arrivata"."""
    d = _five_play_one_absent()
    d.seat(1)
    hole = next(t for t in d.seating(1).tables if t.is_incomplete)
    d.tick(5)
    d.do(readmit(d.state, 6, "arrived late", d.now))
    d.state = type(d.state).replay("test", d.log)
    table = d.seating(1).table(hole.table)
    assert table is not None and (6,) in table.lines and not table.is_incomplete
    assert d.state.competitors[6].active_in(1)
    for t in d.seating(1).tables:
        d.sheet(1, t.table, (300, 200, 0, 50), (0, 90, 100, 100))
    d.publish(1)
    assert sorted(r.competitor for r in standings(d.state, 1)) == [1, 2, 3, 4, 5, 6]
    # The log as a whole is what the live actions make (an imported event file).
    checked = check_log("test", d.log, d.now + timedelta(minutes=1))
    assert isinstance(checked, EventState)
    assert checked.competitors[6].withdrawn_from_round is None
    assert [r.vp for r in standings(checked, 1)] == [r.vp for r in standings(d.state, 1)]


def test_art37_no_accommodation_after_round_1_standings_cites_art37() -> None:
    """Art. 37: "Non è possibile alcun accomodamento se è già stata stilata la classifica del
    primo turno": refused, citing art. 37; so is the plain cancellation of the withdrawal
    (it cited art. 21, on score sheets, before)."""
    d = Driver(config(rounds=2))
    d.register_many(5)
    d.do(commands.withdraw(d.state, 5, d.now, "absent"))
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 50), (0, 90, 100, 100))
    d.sheet(1, 2, (0, 10, 0, 15), (0, 20, 0, 20))
    d.publish(1)
    with pytest.raises(ArbitroError) as refused:
        readmit(d.state, 5, "arrived late", d.now)
    assert refused.value.article is not None and refused.value.article.article == "37"
    with pytest.raises(ArbitroError) as cancelled:
        commands.cancel(d.state, _withdrawal_seq(d, 5), "arrived late", d.now)
    assert cancelled.value.article is not None and cancelled.value.article.article == "37"
    assert "art. 21" not in cancelled.value.it


def test_art37_without_a_reason_nothing_is_done() -> None:
    d = _five_play_one_absent()
    with pytest.raises(ArbitroError, match="scrivi il motivo della riammissione di «Coppia 6»"):
        readmit(d.state, 6, "  ", d.now)


def test_scala40_art26_a_readmitted_player_completes_the_table_of_three() -> None:
    """Scala 40 art. 26: while round 1 is played a latecomer completes a table of three."""
    d = Driver(
        config(
            rounds=2,
            deals=5,
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
            event_format=EventFormat.INDIVIDUAL,
        )
    )
    d.register_many(8)
    d.do(commands.withdraw(d.state, 8, d.now, "absent"))
    d.seat(1)
    three = next(t for t in d.seating(1).tables if t.players and len(t.players) == 3)
    d.do(readmit(d.state, 8, "arrived late", d.now))
    d.state = type(d.state).replay("test", d.log)
    table = d.seating(1).table(three.table)
    assert table is not None and table.players is not None and 8 in table.players
