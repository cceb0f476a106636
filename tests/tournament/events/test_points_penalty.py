"""A penalty in points the arbiter gives (issue 26): FIBAS art. 22 ("determina la ripresa del
gioco anche assegnando penalità e/o sanzioni"; the conduct rules: "sanzioni e/o
penalizzazioni ... ammonizioni o penalità, secondo la gravità"), its default the penalty of
two warnings (art. 22 note 1, art. 41: 1 V.P. and 100 M.P.), taken off the standings,
cancellable; refused by the codes that give the arbiter none (Parole, Scala 40)."""

from __future__ import annotations

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.event import EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import PenaltyGiven, body_from_json, body_to_json
from arbitro.tournament.standings.standings import ranking, session_standings, standings

from .conftest import Driver, MakeEvent, config


def _played(
    make_event: MakeEvent, rounds: int = 1, session_starts: tuple[int, ...] = (1,)
) -> Driver:
    """Four pairs, round 1 played: pair 1 beats pair 2 by 200, pair 3 beats pair 4 by 190 —
    pair 1 first, pair 3 second (art. 19: V.P., then M.P.)."""
    moves = (Movement.REGISTRATION_ORDER,) + (Movement.DANISH,) * (rounds - 1)
    d = make_event(rounds=rounds, movements=moves, session_starts=session_starts)
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 0, 100, 0), (0, 0, 0, 0))
    d.sheet(1, 2, (300, 0, 100, 10), (0, 0, 0, 0))
    return d


def _row(d: Driver, competitor: int, after: int = 1) -> tuple[int, int, int, int, int]:
    row = next(r for r in standings(d.state, after) if r.competitor == competitor)
    return row.rank, row.vp, row.mp, row.penalty_vp, row.penalty_mp


def test_art22_default_penalty_is_two_warnings_and_the_ranks_move(make_event: MakeEvent) -> None:
    """FIBAS art. 22, 41: a penalty with no amount takes off what two warnings cost, 1 V.P.
    and 100 M.P., in the standings; pair 1, first by 10 M.P., falls behind pair 3."""
    d = _played(make_event)
    rank1, vp1, mp1, _pv, _pm = _row(d, 1)
    rank3, vp3, mp3, _pv, _pm = _row(d, 3)
    assert (rank1, rank3) == (1, 2) and vp1 == vp3 and mp1 == mp3 + 10
    d.do(commands.give_penalty(d.state, 1, 1, "carte mostrate al compagno", d.now))
    assert d.state.penalties[-1].article.render("it") == "FIBAS art. 22"
    assert _row(d, 1) == (2, vp1 - 1, mp1 - 100, -1, -100)
    assert _row(d, 3)[0] == 1
    assert ranking(d.state, 1)[:2] == [3, 1]  # the Danish seating reads the same order
    # one warning alone still costs nothing (art. 22 note 1): the row counts no warning
    assert next(r for r in standings(d.state, 1) if r.competitor == 1).warnings == 0


def test_art22_amount_and_article_given_by_the_arbiter(make_event: MakeEvent) -> None:
    """The arbiter sets the amount "secondo la gravità" (art. 22): 50 M.P. and no V.P.,
    citing art. 41; pair 1 keeps its V.P. and falls behind pair 3 on M.P."""
    d = _played(make_event)
    _r, vp1, mp1, _pv, _pm = _row(d, 1)
    d.do(commands.give_penalty(d.state, 1, 1, "ritardo nel gioco", d.now, mp=50, article="41"))
    assert _row(d, 1) == (2, vp1, mp1 - 50, 0, -50)
    assert d.state.penalties[-1].article.article == "41"
    entry = d.state.ledger[-1]
    assert (entry.kind, entry.competitor, entry.reason) == ("penalty", 1, "ritardo nel gioco")


def test_art22_refusals(make_event: MakeEvent) -> None:
    """A penalty takes points off: a negative amount, nothing at all, no reason, a competitor
    not seated in the round are refused (art. 22), in Italian and in English."""
    d = _played(make_event)
    with pytest.raises(ArbitroError, match="non sono negativi"):
        commands.give_penalty(d.state, 1, 1, "x", d.now, mp=-100)
    with pytest.raises(ArbitroError, match=r"toglie qualche M\.P\. o V\.P\."):
        commands.give_penalty(d.state, 1, 1, "x", d.now, mp=0, vp=0)
    with pytest.raises(ArbitroError, match="motivo"):
        commands.give_penalty(d.state, 1, 1, " ", d.now)
    with pytest.raises(ArbitroError):
        commands.give_penalty(d.state, 1, 9, "x", d.now)
    with pytest.raises(ArbitroError) as nothing:
        commands.give_penalty(d.state, 1, 1, "x", d.now, mp=0, vp=0)
    assert nothing.value.message("en") == "a penalty takes off some M.P. or V.P. (FIBAS art. 22)"
    assert d.state.penalties == []


def test_cancelled_penalty_restores_the_standings(make_event: MakeEvent) -> None:
    """A penalty is an action: cancelled by a later record (with a reason), the standings
    are as before it (FIBAS art. 22; every action cancellable, docs/architecture.md)."""
    d = _played(make_event)
    before = standings(d.state, 1)
    d.do(commands.give_penalty(d.state, 1, 1, "carte mostrate", d.now))
    seq = d.log[-1].seq
    assert standings(d.state, 1) != before
    d.do(commands.cancel(d.state, seq, "penalità data alla coppia sbagliata", d.now))
    d.state = EventState.replay("test", d.log)
    assert standings(d.state, 1) == before
    assert d.state.penalties == []
    assert d.state.ledger[-1].cancelled_by is not None


def test_session_standings_show_the_penalty_of_their_session(make_event: MakeEvent) -> None:
    """FIBAS art. 2 "Sessione": a penalty given in round 2 is in the second session's
    standings, not the first's; the event's standings carry it."""
    d = _played(make_event, rounds=2, session_starts=(1, 2))
    d.publish(1)
    d.seat(2)
    d.do(commands.give_penalty(d.state, 2, 1, "commenti", d.now, mp=100, vp=2))
    first = next(r for r in session_standings(d.state, 1, 2) if r.competitor == 1)
    second = next(r for r in session_standings(d.state, 2, 2) if r.competitor == 1)
    assert (first.penalty_vp, first.penalty_mp) == (0, 0)
    assert (second.penalty_vp, second.penalty_mp) == (-2, -100)
    overall = next(r for r in standings(d.state, 2) if r.competitor == 1)
    assert (overall.penalty_vp, overall.penalty_mp) == (-2, -100)


def test_record_round_trips_through_its_json() -> None:
    """The event file keeps a penalty as it was given (kind "penalty-given")."""
    body = PenaltyGiven(2, 5, 100, 1, "22", "Giocatore 5A")
    data = body_to_json(body)
    assert data == {
        "round": 2,
        "competitor": 5,
        "mp": 100,
        "vp": 1,
        "article": "22",
        "player": "Giocatore 5A",
    }
    assert body_from_json("penalty-given", data) == body


def test_parole_gives_no_penalty_in_points() -> None:
    """Parole (premessa: "evitando di applicare penalità non previste"; its points penalties
    are the lateness's, art. 13): refused, citing its sanctions, art. 14.4."""
    d = Driver(
        config(
            rounds=1,
            deals=3,
            movements=(Movement.DRAW,),
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        )
    )
    d.register_many(4)
    d.seat(1)
    with pytest.raises(ArbitroError) as refused:
        commands.give_penalty(d.state, 1, 1, "commenti", d.now, mp=100)
    assert "non dà all'arbitro penalità in punti" in str(refused.value)
    assert "art. 14.4" in str(refused.value)
    assert "gives no penalty in points" in refused.value.message("en")


def test_scala40_gives_no_penalty_in_points() -> None:
    """Scala 40 penalises cards, not players (art. 11-17); its one sanction is art. 25's."""
    d = Driver(
        config(
            rounds=1,
            deals=5,
            movements=(Movement.REGISTRATION_ORDER,),
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
            event_format=EventFormat.INDIVIDUAL,
        )
    )
    d.register_many(4)
    d.seat(1)
    with pytest.raises(ArbitroError, match=r"art\. 25"):
        commands.give_penalty(d.state, 1, 1, "commenti", d.now)


def test_art22_penalties_add_up_with_the_warnings_and_touch_no_one_else(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 22 and 41: two penalties to pair 1 add up, and add to what its two warnings
    cost (art. 22 note 1); the other pairs' penalty columns stay empty."""
    d = _played(make_event)
    d.do(commands.give_warning(d.state, 1, 1, "commenti", d.now))
    d.do(commands.give_warning(d.state, 1, 1, "ancora commenti", d.now))
    d.do(commands.give_penalty(d.state, 1, 1, "carte mostrate", d.now, mp=30, vp=1))
    d.do(commands.give_penalty(d.state, 1, 1, "di nuovo", d.now, mp=20, vp=2))
    rows = {r.competitor: r for r in standings(d.state, 1)}
    assert (rows[1].penalty_vp, rows[1].penalty_mp) == (-1 - 3, -100 - 50)
    assert {(r.penalty_vp, r.penalty_mp) for c, r in rows.items() if c != 1} == {(0, 0)}


def test_art22_a_small_penalty_leaves_the_order(make_event: MakeEvent) -> None:
    """Art. 19 (V.P., then M.P.): pair 1 leads pair 3 by 10 M.P.; 5 M.P. off keep it first,
    in the standings and in the order the Danish seating reads (art. 4)."""
    d = _played(make_event)
    d.do(commands.give_penalty(d.state, 1, 1, "commenti", d.now, mp=5, vp=0))
    assert _row(d, 1)[0] == 1 and _row(d, 3)[0] == 2
    assert ranking(d.state, 1)[:2] == [1, 3]
    d.do(commands.give_penalty(d.state, 1, 1, "ancora", d.now, mp=10, vp=0))
    assert ranking(d.state, 1)[:2] == [3, 1]


def test_session_standings_leave_out_an_earlier_sessions_penalty(make_event: MakeEvent) -> None:
    """FIBAS art. 2 "Sessione": a penalty of round 1 is in the first session's standings and
    not in the second's, so that the sessions add up to the event's."""
    d = _played(make_event, rounds=2, session_starts=(1, 2))
    d.do(commands.give_penalty(d.state, 1, 1, "commenti", d.now, mp=40, vp=1))
    first = next(r for r in session_standings(d.state, 1, 2) if r.competitor == 1)
    second = next(r for r in session_standings(d.state, 2, 2) if r.competitor == 1)
    assert (first.penalty_vp, first.penalty_mp) == (-1, -40)
    assert (second.penalty_vp, second.penalty_mp) == (0, 0)
