"""First-round seating: registration order, arbiter's choice, draw (FIBAS art. 4, art. 37)."""

from __future__ import annotations

import pytest

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.model import EventFormat, Movement, Seating, TableSeating
from arbitro.tournament.movements import SeatingRequest, seat_round


def request(
    movement: Movement,
    n: int,
    *,
    fmt: EventFormat = EventFormat.PAIRS,
    seed: int = 0,
    tables: tuple[TableSeating, ...] | None = None,
    round_number: int = 1,
    history: tuple[Seating, ...] = (),
    session_start_round: int = 1,
) -> SeatingRequest:
    ids = tuple(range(1, n + 1))
    return SeatingRequest(
        movement=movement,
        round_number=round_number,
        total_rounds=6,
        event_format=fmt,
        competitors=ids,
        ranking=ids,
        history=history,
        session_start_round=session_start_round,
        seed=seed,
        arbiter_tables=tables,
    )


def layout(seating: Seating) -> list[tuple[int, tuple[int, ...] | None, tuple[int, ...] | None]]:
    return [(t.table, t.ns, t.ew) for t in seating.tables]


def test_art4_registration_order_seats_one_v_two_first_ns() -> None:
    """Art. 4 "in base all'ordine di iscrizione": 1 v 2 at table 1 (1 NS), 3 v 4 at table 2."""
    seating = seat_round(request(Movement.REGISTRATION_ORDER, 4))
    assert layout(seating) == [(1, (1,), (2,)), (2, (3,), (4,))]
    assert seating.resting == ()


def test_art37_registration_order_odd_field_last_registered_rests() -> None:
    """Art. 37 tavolo incompleto: with 5 pairs the last registered rests at the last table."""
    seating = seat_round(request(Movement.REGISTRATION_ORDER, 5))
    assert layout(seating) == [(1, (1,), (2,)), (2, (3,), (4,)), (3, (5,), None)]
    assert seating.resting == ((5,),)


def test_art4_registration_order_teams_like_pairs() -> None:
    """Art. 4: teams are seated like pairs, one team per line, a table is a match."""
    seating = seat_round(request(Movement.REGISTRATION_ORDER, 3, fmt=EventFormat.TEAMS))
    assert layout(seating) == [(1, (1,), (2,)), (2, (3,), None)]


def test_art4_registration_order_only_in_round_one() -> None:
    """Art. 4: registration order is a way of assigning tables for the first round only."""
    first = seat_round(request(Movement.REGISTRATION_ORDER, 4))
    with pytest.raises(ArbitroError) as err:
        seat_round(request(Movement.REGISTRATION_ORDER, 4, round_number=2, history=(first,)))
    assert err.value.article == Citation(CodeId.BURRACO_FIBAS, "4")
    assert "first round" in err.value.en


def test_art4_individual_registration_order_tables_of_four() -> None:
    """Art. 4 individual events: four players a table; two left over rest as one line (37)."""
    seating = seat_round(request(Movement.REGISTRATION_ORDER, 10, fmt=EventFormat.INDIVIDUAL))
    assert layout(seating) == [
        (1, (1, 2), (3, 4)),
        (2, (5, 6), (7, 8)),
        (3, (9, 10), None),
    ]


def test_art4_draw_is_a_seeded_shuffle() -> None:
    """Art. 4 "per sorteggio": the same seed gives the same draw; the drawn order is seated."""
    a = seat_round(request(Movement.DRAW, 8, seed=42))
    b = seat_round(request(Movement.DRAW, 8, seed=42))
    assert a == b
    assert sorted(a.competitors()) == list(range(1, 9))
    draws = {tuple(seat_round(request(Movement.DRAW, 8, seed=s)).competitors()) for s in range(8)}
    assert len(draws) > 1


def test_art37_draw_round_one_drawn_last_rests() -> None:
    """Art. 37: in a first round by draw the competitor drawn last rests."""
    import random

    order = list(range(1, 8))
    random.Random(7).shuffle(order)
    seating = seat_round(request(Movement.DRAW, 7, seed=7))
    assert seating.resting == ((order[-1],),)
    assert seating.competitors() == order


def arbiter_tables(*rows: tuple[int | None, int | None]) -> tuple[TableSeating, ...]:
    return tuple(
        TableSeating(i, None if ns is None else (ns,), None if ew is None else (ew,))
        for i, (ns, ew) in enumerate(rows, start=1)
    )


def test_art4_arbiter_choice_is_returned_as_given() -> None:
    """Art. 4 "a scelta dell'Arbitro": a valid seating by hand is kept as it is."""
    tables = arbiter_tables((3, 1), (2, 5), (4, None))
    seating = seat_round(request(Movement.ARBITER_CHOICE, 5, tables=tables))
    assert seating.tables == tables


@pytest.mark.parametrize(
    ("tables", "fragment"),
    [
        (arbiter_tables((1, 2), (3, 3)), "more than once"),
        (arbiter_tables((1, 2)), "active but not seated"),
        (arbiter_tables((1, 2), (3, 9)), "seated but not active"),
        (arbiter_tables((1, 2), (3, None), (4, None)), "at most one table"),
        ((TableSeating(1, (1,), (2,)), TableSeating(3, (3,), (4,))), "numbered 1..2"),
        ((TableSeating(1, (1, 2), (3, 4)),), "must have 1 competitor"),
        ((), "no tables"),
    ],
)
def test_art4_arbiter_choice_is_checked(tables: tuple[TableSeating, ...], fragment: str) -> None:
    """Art. 4: the arbiter's seating must seat every active competitor exactly once."""
    with pytest.raises(ArbitroError) as err:
        seat_round(request(Movement.ARBITER_CHOICE, 4, tables=tables))
    assert fragment in err.value.en
    assert err.value.article == Citation(CodeId.BURRACO_FIBAS, "4")


def test_art37_arbiter_choice_cannot_rest_a_line_twice_in_a_session() -> None:
    """Art. 37: "una coppia non può riposare due volte nella stessa sessione", by hand too."""
    first = seat_round(request(Movement.REGISTRATION_ORDER, 3))  # 3 rests
    again = arbiter_tables((1, 2), (3, None))
    with pytest.raises(ArbitroError) as err:
        seat_round(
            request(Movement.ARBITER_CHOICE, 3, tables=again, round_number=2, history=(first,))
        )
    assert err.value.article == Citation(CodeId.BURRACO_FIBAS, "37")
    # In a new session the same line may rest again.
    seating = seat_round(
        request(
            Movement.ARBITER_CHOICE,
            3,
            tables=again,
            round_number=2,
            history=(first,),
            session_start_round=2,
        )
    )
    assert seating.resting == ((3,),)


def test_art4_arbiter_tables_only_with_arbiter_choice() -> None:
    """Art. 4: tables given by hand with another movement are a contradiction, refused."""
    with pytest.raises(ArbitroError):
        seat_round(request(Movement.DRAW, 4, tables=arbiter_tables((1, 2), (3, 4))))


def test_art4_individual_arbiter_choice_refuses_last_rounds_partnership() -> None:
    """Art. 4 individual events: "l'accoppiamento cambia ad ogni turno", by hand too."""
    first = seat_round(request(Movement.REGISTRATION_ORDER, 4, fmt=EventFormat.INDIVIDUAL))
    same = (TableSeating(1, (1, 2), (3, 4)),)
    with pytest.raises(ArbitroError) as err:
        seat_round(
            request(
                Movement.ARBITER_CHOICE,
                4,
                fmt=EventFormat.INDIVIDUAL,
                tables=same,
                round_number=2,
                history=(first,),
            )
        )
    assert "partnerships change" in err.value.en
