"""Pairs that must not meet (same club, family, the director's list) through an event's
commands and records: added, cancelled like every action, kept apart by the Mitchell step
(FIBAS art. 4: the moving lines advance "di uno o più tavoli") and reported when no seating
can keep them."""

from __future__ import annotations

import pytest
from tests.tournament.events.conftest import Driver, MakeEvent

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import render, use_lang
from arbitro.tournament import commands
from arbitro.tournament.event import EventState
from arbitro.tournament.model import Movement
from arbitro.tournament.pairing_constraints import constraints, unkept_constraints
from arbitro.tournament.records import (
    ConstraintAdded,
    ConstraintReason,
    RoundSeated,
    body_from_json,
    body_to_json,
)


def _play(d: Driver, rnd: int) -> None:
    """Seat, publish, enter a sheet at every table and publish the standings of ``rnd``."""
    d.seat(rnd)
    for t in d.seating(rnd).tables:
        if not t.is_incomplete:
            d.sheet(rnd, t.table, (100, 50, 0, 0), (0, 0, 100, 0))
    d.publish(rnd)


def _mitchell_event(make_event: MakeEvent, step: int = 0) -> Driver:
    """8 pairs at 4 tables: registration order, then two Mitchell rounds."""
    d = make_event(
        rounds=3,
        movements=(Movement.REGISTRATION_ORDER, Movement.MITCHELL, Movement.MITCHELL),
        mitchell_step=step,
    )
    d.register_many(8)
    return d


def test_art4_mitchell_step_honours_one_constraint_and_reports_one_it_cannot(
    make_event: MakeEvent,
) -> None:
    """Art. 4: the moving lines advance "di uno o più tavoli". 8 pairs at 4 tables by
    registration order (NS 1 3 5 7, EW 2 4 6 8), then two Mitchell rounds. With step 1 pair
    2 would meet 3 then 5; with step 3 (the other step keeping the cycle over 4 tables) it
    meets 7 then 5. The automatic step is 3: the family 2–3 never meet; 2–5 (same club)
    meet whatever the step, at table 3 in round 3, and the seating says so."""
    d = _mitchell_event(make_event)
    d.do(commands.add_constraint(d.state, 2, 3, "family", d.now, note="fratelli"))
    d.do(commands.add_constraint(d.state, 5, 2, ConstraintReason.CLUB, d.now))
    _play(d, 1)
    _play(d, 2)
    assert d.state.round(2).mitchell_step == 3
    assert [(t.ns, t.ew) for t in d.seating(2).tables] == [
        ((1,), (4,)),
        ((3,), (6,)),
        ((5,), (8,)),
        ((7,), (2,)),
    ]
    assert unkept_constraints(d.state, 2) == []
    d.seat(3)
    assert d.state.round(3).mitchell_step == 3  # the later round keeps the step chosen
    assert d.table(3, 3).ns == (5,) and d.table(3, 3).ew == (2,)
    [unkept] = unkept_constraints(d.state, 3)
    assert (unkept.constraint.first, unkept.constraint.second, unkept.table) == (2, 5, 3)
    with use_lang("it"):
        assert render(unkept.message) == (
            "Vincolo non rispettato: Coppia 2–Coppia 5 si incontrano al tavolo 3 (stesso circolo)"
        )
    with use_lang("en"):
        assert render(unkept.message) == (
            "Constraint not kept: Coppia 2–Coppia 5 meet at table 3 (same club)"
        )


def test_art4_fixed_mitchell_step_is_kept_and_reports_the_meeting(make_event: MakeEvent) -> None:
    """A configured step (1) is the movement's: the constraint is not a reason to change it
    (art. 4), the meeting is reported, and the seating record holds no chosen step (as every
    file written before the automatic step)."""
    d = _mitchell_event(make_event, step=1)
    d.do(commands.add_constraint(d.state, 2, 3, "family", d.now))
    _play(d, 1)
    d.seat(2)
    rec = d.log[-2]
    assert isinstance(rec.body, RoundSeated) and "mitchell_step" not in rec.payload
    assert [(u.constraint.first, u.table) for u in unkept_constraints(d.state, 2)] == [(2, 2)]


def test_art4_constraint_cancelled_like_every_action(make_event: MakeEvent) -> None:
    """A constraint is an action: cancelled by a new record (with a reason), it no longer
    counts and the automatic step goes back to the smallest (art. 4 "di uno o più tavoli")."""
    d = _mitchell_event(make_event)
    d.do(commands.add_constraint(d.state, 2, 3, "director", d.now))
    seq = d.log[-1].seq
    assert [c.seq for c in constraints(d.state)] == [seq]
    d.do(commands.cancel(d.state, seq, "errore", d.now))
    assert d.state.stale  # the cancellation came after its target: the log is folded again
    d.state = EventState.replay("test", d.log)
    assert d.state.constraints == {} and constraints(d.state) == []
    _play(d, 1)
    d.seat(2)
    assert d.state.round(2).mitchell_step == 1


def test_constraint_refusals() -> None:
    """An unknown competitor, a competitor with itself, a pair twice, a reason that is not
    club, family or director are refused."""
    from tests.tournament.events.conftest import config

    d = Driver(config())
    d.register_many(4)
    with pytest.raises(NotFoundError):
        commands.add_constraint(d.state, 1, 9, "club", d.now)
    with pytest.raises(ArbitroError, match="sé stesso"):
        commands.add_constraint(d.state, 2, 2, "club", d.now)
    with pytest.raises(ArbitroError, match="club, family, director"):
        commands.add_constraint(d.state, 1, 2, "neighbours", d.now)
    d.do(commands.add_constraint(d.state, 1, 2, "club", d.now))
    with pytest.raises(ConflictError):
        commands.add_constraint(d.state, 2, 1, "family", d.now)


def test_constraint_record_json_round_trip() -> None:
    """The record's JSON form reads back the same; an older reader's default reason is the
    director's list."""
    body = ConstraintAdded(1, 2, ConstraintReason.FAMILY, "coniugi")
    assert body_to_json(body) == {"first": 1, "second": 2, "reason": "family", "note": "coniugi"}
    assert body_from_json("constraint-added", body_to_json(body)) == body
    assert body_from_json("constraint-added", {"first": 3, "second": 4}) == ConstraintAdded(3, 4)
