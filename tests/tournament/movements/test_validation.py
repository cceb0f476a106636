"""Requests no movement can seat are refused with a clear message (FIBAS art. 4)."""

from __future__ import annotations

import pytest

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.movements import SeatingRequest, seat_round
from arbitro.tournament.movements.request import citing_code


def refused(request: SeatingRequest) -> ArbitroError:
    with pytest.raises(ArbitroError) as err:
        seat_round(request)
    assert err.value.article == Citation(CodeId.BURRACO_FIBAS, "4")
    assert err.value.it and err.value.en
    return err.value


def test_art4_fewer_than_two_competitors() -> None:
    """Art. 4: a table needs two lines; one competitor cannot be seated."""
    err = refused(SeatingRequest(Movement.DRAW, 1, 1, EventFormat.PAIRS, (1,), (1,)))
    assert "At least 2 competitors" in err.en


def test_art4_competitor_listed_twice() -> None:
    """Art. 4: every competitor is seated once; a duplicated entry is refused."""
    err = refused(SeatingRequest(Movement.DRAW, 1, 1, EventFormat.PAIRS, (1, 2, 2), (1, 2, 2)))
    assert "more than once: 2" in err.en


def test_art4_ranking_must_match_the_competitors() -> None:
    """Art. 4 Danish: the standings must rank exactly the active competitors."""
    first = Seating(())
    err = refused(
        SeatingRequest(Movement.DANISH, 2, 3, EventFormat.PAIRS, (1, 2, 3, 4), (1, 2, 3), (first,))
    )
    assert "ranking" in err.en


def test_art4_history_must_hold_the_previous_rounds() -> None:
    """Art. 4: later rounds are seated from the previous rounds' seatings."""
    err = refused(SeatingRequest(Movement.DANISH, 3, 5, EventFormat.PAIRS, (1, 2), (1, 2)))
    assert "2 previous rounds" in err.en


def test_art4_round_beyond_the_event() -> None:
    """Art. 4: a round number beyond the event's rounds is refused."""
    err = refused(SeatingRequest(Movement.DRAW, 4, 3, EventFormat.PAIRS, (1, 2), (1, 2)))
    assert "Round 4" in err.en


@pytest.mark.parametrize("movement", [Movement.DANISH, Movement.MODIFIED_DANISH])
def test_art4_danish_not_in_round_one(movement: Movement) -> None:
    """Art. 4: Danish systems assign tables "per i turni successivi" (by standings)."""
    err = refused(SeatingRequest(movement, 1, 3, EventFormat.PAIRS, (1, 2), (1, 2)))
    assert "rounds after the first" in err.en


@pytest.mark.parametrize("players", [2, 3, 5, 7, 11])
def test_art4_individual_field_must_fill_tables_of_four(players: int) -> None:
    """Art. 4 individual events: tables of four, at most one incomplete line of two."""
    ids = tuple(range(1, players + 1))
    err = refused(SeatingRequest(Movement.DRAW, 1, 3, EventFormat.INDIVIDUAL, ids, ids))
    assert f"{players} players" in err.en


@pytest.mark.parametrize("movement", [Movement.MITCHELL, Movement.ROUND_ROBIN])
def test_art4_individual_refuses_mitchell_and_round_robin(movement: Movement) -> None:
    """Art. 4: Mitchell and round robin move fixed lines; individual partnerships change."""
    ids = tuple(range(1, 9))
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 3, EventFormat.INDIVIDUAL, ids, ids)
    )
    err = refused(SeatingRequest(movement, 2, 3, EventFormat.INDIVIDUAL, ids, ids, (first,)))
    assert "not allowed in individual events" in err.en


def test_art4_mitchell_step_must_be_positive() -> None:
    """Art. 4: moving lines advance "di uno o più tavoli" (0 asks for the automatic step)."""
    ids = (1, 2, 3, 4)
    first = seat_round(
        SeatingRequest(Movement.REGISTRATION_ORDER, 1, 3, EventFormat.PAIRS, ids, ids)
    )
    err = refused(
        SeatingRequest(
            Movement.MITCHELL, 2, 3, EventFormat.PAIRS, ids, ids, (first,), mitchell_step=-1
        )
    )
    assert "at least one table" in err.en


def test_the_refusal_cites_the_event_codes_seating_article() -> None:
    """Seated under Parole UISP (the command seats under the event's code), a request no
    movement can seat cites Parole's seating articles (2.2, 3.1), not FIBAS art. 4; the
    movements name no code (issue 30)."""
    request = SeatingRequest(Movement.DRAW, 1, 1, EventFormat.PAIRS, (1,), (1,))
    with citing_code(CodeId.BURRACO_PAROLE), pytest.raises(ArbitroError) as err:
        seat_round(request)
    assert err.value.article == Citation(CodeId.BURRACO_PAROLE, "2.2, 3.1")
    refused(request)  # outside the block: the default code again (FIBAS art. 4)
