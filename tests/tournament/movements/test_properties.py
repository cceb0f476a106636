"""Property tests of the seating movements (FIBAS art. 4 tables, art. 37 rests)."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.errors import ArbitroError
from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.movements import (
    SeatingRequest,
    opponents,
    partners,
    schedule_length,
    seat_round,
    tablemates,
)

LATER = [Movement.DRAW, Movement.DANISH, Movement.MODIFIED_DANISH]


def check_seating(seating: Seating, competitors: tuple[int, ...], line_size: int) -> None:
    """Art. 4: every active competitor seated exactly once; tables 1..n; art. 37: one
    incomplete table, the last, exactly when the lines are odd in number."""
    seated = Counter(seating.competitors())
    assert all(n == 1 for n in seated.values())
    assert sorted(seated) == sorted(competitors)
    assert [t.table for t in seating.tables] == list(range(1, len(seating.tables) + 1))
    assert all(len(line) == line_size for t in seating.tables for line in t.lines)
    lines = len(competitors) // line_size
    incomplete = [t for t in seating.tables if t.is_incomplete]
    assert all(len(t.lines) == 1 for t in incomplete)
    assert len(incomplete) == lines % 2


def shuffled(ids: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    order = list(ids)
    rng.shuffle(order)
    return tuple(order)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=3, max_value=24),
    fmt=st.sampled_from([EventFormat.PAIRS, EventFormat.TEAMS]),
    first=st.sampled_from([Movement.DRAW, Movement.REGISTRATION_ORDER]),
    later=st.lists(st.sampled_from(LATER), min_size=1, max_size=8),
    seed=st.integers(0, 10_000),
    session_break=st.integers(min_value=0, max_value=9),
)
def test_art4_art37_pairs_and_teams_danish_draw(
    n: int,
    fmt: EventFormat,
    first: Movement,
    later: list[Movement],
    seed: int,
    session_break: int,
) -> None:
    """Art. 4: seated once each; modified Danish never repeats the previous round's opponent
    (except in the last round); art. 37: nobody rests twice in a session while the session has
    no more rounds than competitors."""
    ids = tuple(range(1, n + 1))
    rng = random.Random(seed)
    movements = [first, *later]
    total = len(movements)
    history: list[Seating] = []
    session_start = 1
    for r, movement in enumerate(movements, start=1):
        if r == session_break:
            session_start = r
        request = SeatingRequest(
            movement, r, total, fmt, ids, shuffled(ids, rng), tuple(history), session_start, seed=r
        )
        seating = seat_round(request)  # modified Danish always succeeds with 3+ lines
        check_seating(seating, ids, 1)
        if movement is Movement.MODIFIED_DANISH and r != total:
            before = opponents(history[-1])
            for t in seating.tables:
                if t.ns and t.ew:
                    assert t.ew[0] not in before[t.ns[0]]
        history.append(seating)
        session = history[session_start - 1 :]
        if len(session) <= n:
            rests = Counter(line[0] for s in session for line in s.resting)
            assert all(count == 1 for count in rests.values())


@settings(max_examples=50, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=12),
    odd=st.booleans(),
    first=st.sampled_from([Movement.DRAW, Movement.REGISTRATION_ORDER, Movement.DANISH]),
    step=st.integers(min_value=1, max_value=11),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_art4_art37_mitchell(
    tables: int, odd: bool, first: Movement, step: int, seed: int, data: st.DataObject
) -> None:
    """Art. 4 Mitchell: NS lines stay at their tables, EW lines advance; art. 37: with a step
    coprime with the tables, nobody rests twice while rounds <= tables."""
    n = 2 * tables - (1 if odd and tables > 1 else 0)
    ids = tuple(range(1, n + 1))
    rng = random.Random(seed)
    coprime = math.gcd(step, tables) == 1
    rounds = data.draw(st.integers(min_value=2, max_value=tables + 2))
    history: list[Seating] = []
    opening = Movement.DRAW if first is Movement.DANISH else first
    history.append(
        seat_round(SeatingRequest(opening, 1, rounds + 1, EventFormat.PAIRS, ids, ids, seed=seed))
    )
    if first is Movement.DANISH:
        history.append(
            seat_round(
                SeatingRequest(
                    first, 2, rounds + 1, EventFormat.PAIRS, ids, shuffled(ids, rng), tuple(history)
                )
            )
        )
    start = len(history)
    for r in range(len(history) + 1, rounds + 1):
        request = SeatingRequest(
            Movement.MITCHELL,
            r,
            rounds + 1,
            EventFormat.PAIRS,
            ids,
            ids,
            tuple(history),
            mitchell_step=step,
        )
        seating = seat_round(request)
        check_seating(seating, ids, 1)
        previous = history[-1]
        for before, now in zip(previous.tables, seating.tables, strict=True):
            if before.ns is not None and before.ew is not None:
                assert now.ns == before.ns  # stationary lines keep their table
        history.append(seating)
    # Rests counted from the round before the first Mitchell round.
    window = history[start - 1 : start - 1 + tables]
    if coprime:
        rests = Counter(line[0] for s in window for line in s.resting)
        assert all(count == 1 for count in rests.values())


@settings(max_examples=25, deadline=None)
@given(n=st.integers(min_value=2, max_value=20), draw_first=st.booleans())
def test_art4_full_round_robin_everyone_meets_everyone_once(n: int, draw_first: bool) -> None:
    """Art. 4 "sistema all'italiana": a full round robin meets every other competitor once,
    a first round seated by draw counting as the calendar's first; art. 37: with an odd field
    each competitor rests once."""
    ids = tuple(range(1, n + 1))
    history: list[Seating] = []
    offset = 0
    if draw_first:
        history.append(
            seat_round(SeatingRequest(Movement.DRAW, 1, 40, EventFormat.PAIRS, ids, ids))
        )
    while len(history) - offset < schedule_length(n):
        seating = seat_round(
            SeatingRequest(
                Movement.ROUND_ROBIN,
                len(history) + 1,
                40,
                EventFormat.PAIRS,
                ids,
                ids,
                tuple(history),
            )
        )
        check_seating(seating, ids, 1)
        history.append(seating)
    rr = history[offset:]
    met = Counter(frozenset((t.ns[0], t.ew[0])) for s in rr for t in s.tables if t.ns and t.ew)
    assert set(met) == {frozenset(p) for p in combinations(ids, 2)}
    assert all(count == 1 for count in met.values())
    rests = Counter(line[0] for s in rr for line in s.resting)
    assert sorted(rests) == (list(ids) if n % 2 else [])
    assert all(count == 1 for count in rests.values())


@settings(max_examples=50, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=10),
    leftover=st.booleans(),
    first=st.sampled_from([Movement.DRAW, Movement.REGISTRATION_ORDER]),
    later=st.lists(st.sampled_from(LATER), min_size=1, max_size=6),
    seed=st.integers(0, 10_000),
)
def test_art4_art37_individual(
    tables: int, leftover: bool, first: Movement, later: list[Movement], seed: int
) -> None:
    """Art. 4 individual events: seated once each, tables of four, partnerships change every
    round; modified Danish keeps last round's tablemates apart (or is refused); art. 37: two
    players rest together, nobody twice while the session has rounds <= players / 2."""
    n = 4 * tables + (2 if leftover else 0)
    ids = tuple(range(1, n + 1))
    rng = random.Random(seed)
    movements = [first, *later]
    total = len(movements)
    history: list[Seating] = []
    for r, movement in enumerate(movements, start=1):
        request = SeatingRequest(
            movement,
            r,
            total,
            EventFormat.INDIVIDUAL,
            ids,
            shuffled(ids, rng),
            tuple(history),
            seed=r,
        )
        try:
            seating = seat_round(request)
        except ArbitroError as err:
            assert movement is Movement.MODIFIED_DANISH
            assert "modified Danish" in err.en
            seating = seat_round(
                SeatingRequest(
                    Movement.DANISH,
                    r,
                    total,
                    EventFormat.INDIVIDUAL,
                    ids,
                    request.ranking,
                    tuple(history),
                )
            )
            movement = Movement.DANISH
        check_seating(seating, ids, 2)
        if history:
            before = partners(history[-1])
            for t in seating.tables:
                for line in t.lines:
                    if not t.is_incomplete:
                        assert line[1] not in before[line[0]]
            if movement is Movement.MODIFIED_DANISH and r != total:
                mates = tablemates(history[-1])
                for t in seating.tables:
                    if t.is_incomplete:
                        continue
                    at = [c for line in t.lines for c in line]
                    assert all(b not in mates[a] for a, b in combinations(at, 2))
        history.append(seating)
        if len(history) <= n // 2:
            rests = Counter(c for s in history for line in s.resting for c in line)
            assert all(count == 1 for count in rests.values())
