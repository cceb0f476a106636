"""Pairs that must not meet, kept apart by the movements where possible (FIBAS art. 4
"Assegnazione del tavolo": the draw, Danish and modified Danish, the Mitchell step "di uno o
più tavoli"); incomplete table by art. 37."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tournament.movements.test_properties import check_seating

from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.movements import SeatingRequest, seat_round
from arbitro.tournament.movements.constraints import (
    best_mitchell_step,
    mitchell_steps,
    unkept,
)
from arbitro.tournament.movements.tables import seating_from_order, tablemates

Pair = tuple[int, int]


def _matchable(field: list[int], avoid: set[frozenset[int]]) -> bool:
    """True if ``field`` can be cut into tables of two lines with no pair of ``avoid``
    (brute force: the oracle of "when possible")."""
    if not field:
        return True
    first, rest = field[0], field[1:]
    return any(
        frozenset((first, other)) not in avoid
        and _matchable([c for c in rest if c != other], avoid)
        for other in rest
    )


def _possible(ids: tuple[int, ...], avoid: set[frozenset[int]]) -> bool:
    """Round 1: some competitor may rest (art. 37) and the others be kept apart."""
    if len(ids) % 2 == 0:
        return _matchable(list(ids), avoid)
    return any(_matchable([c for c in ids if c != r], avoid) for r in ids)


@st.composite
def fields(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[Pair, ...], int]:
    n = draw(st.integers(min_value=2, max_value=11))
    ids = tuple(range(1, n + 1))
    every = list(combinations(ids, 2))
    pairs = draw(st.lists(st.sampled_from(every), max_size=2 * n, unique=True))
    return ids, tuple(pairs), draw(st.integers(min_value=0, max_value=2**32))


@settings(max_examples=150, deadline=None)
@given(fields())
def test_art4_draw_never_seats_a_constrained_pair_together_when_possible(
    case: tuple[tuple[int, ...], tuple[Pair, ...], int],
) -> None:
    """Art. 4 "per sorteggio": whenever some seating keeps every constrained pair apart (the
    resting line chosen by art. 37 among the drawn), the draw's does; it stays a valid
    seating, and the same seed gives the same draw."""
    ids, pairs, seed = case
    request = SeatingRequest(
        Movement.DRAW, 1, 3, EventFormat.PAIRS, ids, ids, seed=seed, avoid=pairs
    )
    seating = seat_round(request)
    check_seating(seating, ids, 1)
    assert seat_round(request) == seating
    if _possible(ids, {frozenset(p) for p in pairs}):
        assert unkept(seating, pairs) == []


@settings(max_examples=80, deadline=None)
@given(fields())
def test_art4_later_draw_keeps_pairs_apart_when_possible_art37_rest_unchanged(
    case: tuple[tuple[int, ...], tuple[Pair, ...], int],
) -> None:
    """A draw of a later round keeps the art. 37 resting line and keeps the constrained pairs
    apart whenever the others can be."""
    ids, pairs, seed = case
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 3, EventFormat.PAIRS, ids, ids)
    )
    plain = SeatingRequest(Movement.DRAW, 2, 3, EventFormat.PAIRS, ids, ids, (first,), seed=seed)
    request = SeatingRequest(
        Movement.DRAW, 2, 3, EventFormat.PAIRS, ids, ids, (first,), seed=seed, avoid=pairs
    )
    seating = seat_round(request)
    check_seating(seating, ids, 1)
    assert seating.resting == seat_round(plain).resting
    resting = {c for line in seating.resting for c in line}
    field = [c for c in ids if c not in resting]
    if _matchable(field, {frozenset(p) for p in pairs}):
        assert unkept(seating, pairs) == []


def test_art4_draw_without_constraints_is_the_plain_seeded_shuffle() -> None:
    """No constraint: the draw is the seeded shuffle it always was (files replay the same)."""
    ids = tuple(range(1, 10))
    seating = seat_round(SeatingRequest(Movement.DRAW, 1, 3, EventFormat.PAIRS, ids, ids, seed=7))
    order = list(ids)
    random.Random(7).shuffle(order)
    assert seating == seating_from_order([(c,) for c in order[:-1]], (order[-1],))


def test_art4_draw_repairs_the_drawn_order_deterministically() -> None:
    """The drawn order regrouped as little as needed: a drawn table of a constrained pair is
    split, the rest of the draw stands."""
    ids = tuple(range(1, 9))
    order = list(ids)
    random.Random(11).shuffle(order)
    a, b = order[0], order[1]  # drawn together at table 1
    seating = seat_round(
        SeatingRequest(Movement.DRAW, 1, 3, EventFormat.PAIRS, ids, ids, seed=11, avoid=((a, b),))
    )
    assert unkept(seating, [(a, b)]) == []
    assert seating.tables[0].ns == (a,) and seating.tables[0].ew == (order[2],)
    assert seating.tables[-1] == seating_from_order([(c,) for c in order], None).tables[-1]


def test_art4_danish_treats_a_constraint_like_a_rematch() -> None:
    """Art. 4 Danish "primo classificato contro secondo": 1 and 2 must not meet, so 1 meets 3
    and 2 meets 4; the rest of the order stands."""
    ids = tuple(range(1, 7))
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 3, EventFormat.PAIRS, ids, ids)
    )
    seating = seat_round(
        SeatingRequest(
            Movement.DANISH, 2, 3, EventFormat.PAIRS, ids, ids, (first,), avoid=((2, 1),)
        )
    )
    assert [(t.ns, t.ew) for t in seating.tables] == [((1,), (3,)), ((2,), (4,)), ((5,), (6,))]


def test_art4_modified_danish_avoids_last_rounds_opponents_and_the_constraints() -> None:
    """Art. 4 modified Danish: no rematch of the previous round (1-2, 3-4, 5-6) and, where
    possible, no constrained pair (1-3): 1 v 4, 2 v 5, 3 v 6 (without the constraint it is
    1 v 3, 2 v 5, 4 v 6)."""
    ids = tuple(range(1, 7))
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 3, EventFormat.PAIRS, ids, ids)
    )

    def seat(avoid: tuple[Pair, ...]) -> list[tuple[object, object]]:
        req = SeatingRequest(
            Movement.MODIFIED_DANISH, 2, 3, EventFormat.PAIRS, ids, ids, (first,), avoid=avoid
        )
        return [(t.ns, t.ew) for t in seat_round(req).tables]

    assert seat(()) == [((1,), (3,)), ((2,), (5,)), ((4,), (6,))]
    assert seat(((1, 3),)) == [((1,), (4,)), ((2,), (5,)), ((3,), (6,))]


def test_art4_modified_danish_keeps_the_code_before_a_constraint_it_cannot_keep() -> None:
    """Where no pairing keeps a constraint (4 competitors, 1 may meet neither 3 nor 4 after
    meeting 2), the code's rule stands (no rematch) and the constraint is reported."""
    ids = (1, 2, 3, 4)
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 3, EventFormat.PAIRS, ids, ids)
    )
    avoid = ((1, 3), (1, 4))
    seating = seat_round(
        SeatingRequest(
            Movement.MODIFIED_DANISH, 2, 3, EventFormat.PAIRS, ids, ids, (first,), avoid=avoid
        )
    )
    assert [(t.ns, t.ew) for t in seating.tables] == [((1,), (3,)), ((2,), (4,))]
    assert [(m.first, m.second, m.table) for m in unkept(seating, avoid)] == [(1, 3, 1)]


def test_art4_individual_danish_seats_constrained_players_at_different_tables() -> None:
    """Individual events (art. 4 "l'accoppiamento cambia ad ogni turno"): two players who
    must not meet sit at different tables of four where possible."""
    ids = tuple(range(1, 9))
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 3, EventFormat.INDIVIDUAL, ids, ids)
    )
    seating = seat_round(
        SeatingRequest(
            Movement.DANISH, 2, 3, EventFormat.INDIVIDUAL, ids, ids, (first,), avoid=((1, 2),)
        )
    )
    assert 2 not in tablemates(seating)[1]
    check_seating(seating, ids, 2)


def test_art4_mitchell_steps_keep_the_cycle() -> None:
    """Art. 4 "di uno o più tavoli": the steps that keep the cycle are those coprime with the
    number of tables (each moving line visits every table once)."""
    assert mitchell_steps(4) == [1, 3]
    assert mitchell_steps(5) == [1, 2, 3, 4]
    assert mitchell_steps(6) == [1, 5]
    assert mitchell_steps(1) == [1]


def test_art4_mitchell_automatic_step_in_the_movement() -> None:
    """Mitchell with step 0: the movement chooses the step breaking fewest constraints over
    the rounds ahead (step 1 without constraints); a constraint between two stationary lines
    never counts (they never meet)."""
    ids = tuple(range(1, 11))  # 5 tables: NS 1 3 5 7 9, EW 2 4 6 8 10
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 4, EventFormat.PAIRS, ids, ids)
    )

    def mitchell(avoid: tuple[Pair, ...], ahead: int) -> Seating:
        return seat_round(
            SeatingRequest(
                Movement.MITCHELL,
                2,
                4,
                EventFormat.PAIRS,
                ids,
                ids,
                (first,),
                mitchell_step=0,
                avoid=avoid,
                mitchell_rounds=ahead,
            )
        )

    def moving_at(seating: Seating, table: int) -> object:
        found = seating.table(table)
        assert found is not None
        return found.ew

    assert moving_at(mitchell((), 3), 2) == (2,)  # step 1
    # 2 (moving from table 1) must meet neither 3 (table 2) nor 5 (table 3). In two rounds
    # step 1 takes it to tables 2, 3 (meets both); step 2 to 3, 5 (meets 5); step 3 to 4, 2
    # (meets 3); step 4 to 5, 4 (neither): 4.
    seating = mitchell(((2, 3), (2, 5), (1, 3)), 2)
    assert moving_at(seating, 5) == (2,)
    stationary = [t.ns for t in first.tables]
    moving = [t.ew for t in first.tables if t.ew is not None]
    assert best_mitchell_step(stationary, moving, 2, [(2, 3), (2, 5)]) == 4
