"""Danish and modified Danish (FIBAS art. 4), and who rests (art. 37)."""

from __future__ import annotations

import pytest

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.model import EventFormat, Movement, Seating, TableSeating
from arbitro.tournament.movements import SeatingRequest, opponents, partners, seat_round


def request(
    movement: Movement,
    ranking: tuple[int, ...],
    history: tuple[Seating, ...],
    *,
    total_rounds: int = 6,
    fmt: EventFormat = EventFormat.PAIRS,
    session_start_round: int = 1,
    seed: int = 0,
) -> SeatingRequest:
    return SeatingRequest(
        movement=movement,
        round_number=len(history) + 1,
        total_rounds=total_rounds,
        event_format=fmt,
        competitors=tuple(sorted(ranking)),
        ranking=ranking,
        history=history,
        session_start_round=session_start_round,
        seed=seed,
    )


def pairs_seating(*rows: tuple[int, int | None]) -> Seating:
    return Seating(
        tuple(
            TableSeating(i, (ns,), None if ew is None else (ew,))
            for i, (ns, ew) in enumerate(rows, start=1)
        )
    )


def layout(seating: Seating) -> list[tuple[int, tuple[int, ...] | None, tuple[int, ...] | None]]:
    return [(t.table, t.ns, t.ew) for t in seating.tables]


ROUND_1 = pairs_seating((1, 2), (3, 4), (5, 6), (7, 8))


def test_art4_danish_first_v_second_higher_ranked_ns() -> None:
    """Art. 4 "primo classificato contro secondo, terzo contro quarto": higher ranked NS."""
    seating = seat_round(request(Movement.DANISH, (5, 2, 8, 1, 3, 7, 4, 6), (ROUND_1,)))
    assert layout(seating) == [
        (1, (5,), (2,)),
        (2, (8,), (1,)),
        (3, (3,), (7,)),
        (4, (4,), (6,)),
    ]


def test_art4_danish_allows_rematches() -> None:
    """Art. 4: plain Danish pairs by standings even if the two met last round."""
    seating = seat_round(request(Movement.DANISH, (1, 2, 3, 4, 5, 6, 7, 8), (ROUND_1,)))
    assert layout(seating)[0] == (1, (1,), (2,))


def test_art4_modified_danish_avoids_previous_opponent() -> None:
    """Art. 4 Danese modificato: "non si possono incontrare le coppie ... affrontate nel turno
    precedente": 1st meets 3rd (not 2nd), and the order stays as Danish as possible."""
    seating = seat_round(request(Movement.MODIFIED_DANISH, (1, 2, 3, 4, 5, 6, 7, 8), (ROUND_1,)))
    assert layout(seating) == [
        (1, (1,), (3,)),
        (2, (2,), (4,)),
        (3, (5,), (7,)),
        (4, (6,), (8,)),
    ]


def test_art4_modified_danish_backtracks_at_the_tail() -> None:
    """Art. 4: when greedy pairing leaves two who met, the search backtracks."""
    previous = pairs_seating((1, 2), (3, 4), (5, 6))
    ranking = (1, 3, 2, 4, 5, 6)
    seating = seat_round(request(Movement.MODIFIED_DANISH, ranking, (previous,)))
    met = opponents(previous)
    for t in seating.tables:
        assert t.ew is not None and t.ns is not None
        assert t.ew[0] not in met[t.ns[0]]
    # 1-3 first (Danish order, no rematch), then 2-4 would leave 5-6: backtrack to 2-5, 4-6.
    assert layout(seating) == [(1, (1,), (3,)), (2, (2,), (5,)), (3, (4,), (6,))]


def test_art4_modified_danish_last_round_is_plain_danish() -> None:
    """Art. 4: rematches are forbidden "salvo all'ultimo turno"."""
    seating = seat_round(
        request(Movement.MODIFIED_DANISH, (1, 2, 3, 4, 5, 6, 7, 8), (ROUND_1,), total_rounds=2)
    )
    assert layout(seating)[0] == (1, (1,), (2,))


def test_art4_modified_danish_without_a_solution_is_refused() -> None:
    """Art. 4: two pairs who just met cannot meet again before the last round: refused."""
    previous = pairs_seating((1, 2))
    with pytest.raises(ArbitroError) as err:
        seat_round(request(Movement.MODIFIED_DANISH, (1, 2), (previous,)))
    assert "rematch" in err.value.en
    assert err.value.article == Citation(CodeId.BURRACO_FIBAS, "4")


def test_art37_lowest_ranked_rests_then_penultimate() -> None:
    """Art. 37: the last in the standings rests; if they have rested in the session, the
    second to last ("riposerà la penultima, terzultima ecc.")."""
    round_1 = pairs_seating((1, 2), (3, 4), (5, None))  # 5 rested
    seating = seat_round(request(Movement.DANISH, (1, 2, 3, 4, 5), (round_1,)))
    assert seating.resting == ((4,),)
    round_2 = seating
    seating = seat_round(request(Movement.DANISH, (1, 2, 3, 5, 4), (round_1, round_2)))
    assert seating.resting == ((3,),)  # 4 and 5 have rested: the third to last
    assert layout(seating) == [(1, (1,), (2,)), (2, (5,), (4,)), (3, (3,), None)]


def test_art37_new_session_resets_the_rests() -> None:
    """Art. 2 "Sessione", art. 37: the rule counts rests within the current session only."""
    round_1 = pairs_seating((1, 2), (3, 4), (5, None))
    seating = seat_round(
        request(Movement.DANISH, (1, 2, 3, 4, 5), (round_1,), session_start_round=2)
    )
    assert seating.resting == ((5,),)


def test_art37_draw_in_later_rounds_rests_lowest_ranked_not_rested() -> None:
    """Art. 4 draw in a later round, art. 37: the lowest-ranked who has not rested rests."""
    round_1 = pairs_seating((1, 2), (3, 4), (5, None))
    seating = seat_round(request(Movement.DRAW, (1, 2, 3, 4, 5), (round_1,), seed=3))
    assert seating.resting == ((4,),)
    assert sorted(seating.competitors()) == [1, 2, 3, 4, 5]


def test_art4_individual_danish_first_and_fourth_v_second_and_third() -> None:
    """Art. 4 individual Danish: a group of four by ranking, 1st+4th NS v 2nd+3rd EW."""
    first = Seating((TableSeating(1, (1, 5), (2, 6)), TableSeating(2, (3, 7), (4, 8))))
    ranking = (1, 2, 3, 4, 5, 6, 7, 8)
    seating = seat_round(request(Movement.DANISH, ranking, (first,), fmt=EventFormat.INDIVIDUAL))
    assert layout(seating) == [(1, (1, 4), (2, 3)), (2, (5, 8), (6, 7))]


def test_art4_individual_danish_changes_partner_every_round() -> None:
    """Art. 4 "l'accoppiamento cambia ad ogni turno": another split if 1st and 4th partnered."""
    first = Seating((TableSeating(1, (1, 4), (2, 3)), TableSeating(2, (5, 8), (6, 7))))
    ranking = (1, 2, 3, 4, 5, 6, 7, 8)
    seating = seat_round(request(Movement.DANISH, ranking, (first,), fmt=EventFormat.INDIVIDUAL))
    assert layout(seating) == [(1, (1, 3), (2, 4)), (2, (5, 7), (6, 8))]
    before = partners(first)
    for line in (line for t in seating.tables for line in t.lines):
        assert line[1] not in before[line[0]]


def test_art4_individual_modified_danish_keeps_last_rounds_tablemates_apart() -> None:
    """Art. 4 individual modified Danish: nobody sits with a player met in the previous round."""
    first = Seating(
        (
            TableSeating(1, (1, 2), (3, 4)),
            TableSeating(2, (5, 6), (7, 8)),
            TableSeating(3, (9, 10), (11, 12)),
            TableSeating(4, (13, 14), (15, 16)),
        )
    )
    ranking = tuple(range(1, 17))
    seating = seat_round(
        request(Movement.MODIFIED_DANISH, ranking, (first,), fmt=EventFormat.INDIVIDUAL)
    )
    assert [sorted(c for line in t.lines for c in line) for t in seating.tables] == [
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [4, 8, 12, 16],
    ]
    assert seating.tables[0].ns == (1, 13) and seating.tables[0].ew == (5, 9)


def test_art37_individual_two_lowest_not_rested_rest_together() -> None:
    """Art. 37 individual events: two players rest as one line, the lowest-ranked not rested."""
    first = seat_round(
        SeatingRequest(
            Movement.REGISTRATION_ORDER,
            1,
            4,
            EventFormat.INDIVIDUAL,
            tuple(range(1, 11)),
            tuple(range(1, 11)),
        )
    )
    assert first.resting == ((9, 10),)
    seating = seat_round(
        request(Movement.DANISH, tuple(range(1, 11)), (first,), fmt=EventFormat.INDIVIDUAL)
    )
    # 8 is the lowest not rested; 7 partnered 8 in round 1 (table 2 EW): 8 rests with 6.
    assert seating.resting == ((6, 8),)
