"""The seating a hand edit makes (issue 34; docs/rulings.md, "Seating by hand"), pure: FIBAS
art. 4 (the arbiter numbers the tables and seats the lines), art. 2 and 37 (an incomplete
table: one line, it rests); the fold applies the edits in force on the drawn seating in
order, and a cancelled edit is left out (the record stays)."""

from __future__ import annotations

from datetime import UTC, datetime

from arbitro.tournament.event import EventConfig, EventState, seating_tables
from arbitro.tournament.model import EventFormat, Movement, Seating, TableSeating
from arbitro.tournament.records import (
    CompetitorRegistered,
    Record,
    RecordCancelled,
    RoundSeated,
    SeatingEdited,
)
from arbitro.tournament.seating_edit import apply_edit, line_size, move, place_of, swap

# Seven pairs at four tables, the seventh resting (art. 37).
DRAWN = Seating(
    (
        TableSeating(1, (1,), (2,)),
        TableSeating(2, (3,), (4,)),
        TableSeating(3, (5,), (6,)),
        TableSeating(4, (7,), None),
    )
)


def test_art4_a_swap_exchanges_two_places_wherever_they_sit() -> None:
    """Two competitors exchange their places, on any lines and tables; the others stay."""
    swapped = swap(DRAWN, 2, 7)
    assert swapped.tables[0] == TableSeating(1, (1,), (7,))
    assert swapped.tables[3] == TableSeating(4, (2,), None)
    assert swapped.tables[1:3] == DRAWN.tables[1:3]
    assert swap(DRAWN, 2, 99) == DRAWN  # one not seated: nothing changes


def test_art4_a_move_takes_the_line_and_its_occupant_takes_the_movers_place() -> None:
    """Moving 7 (resting at table 4) to table 2 E-W seats it against 3, and 4 rests in its
    place (art. 37: the line alone at a table rests)."""
    moved = move(DRAWN, 7, 2, "ew")
    assert moved.tables[1] == TableSeating(2, (3,), (7,))
    assert moved.tables[3] == TableSeating(4, (4,), None)
    assert moved.resting == ((4,),)


def test_art37_a_move_to_the_empty_line_of_the_incomplete_table_completes_it() -> None:
    """Art. 37: the incomplete table is completed by a line moved to its empty place; the
    table it left becomes the incomplete one."""
    moved = move(DRAWN, 6, 4, "ew")
    assert moved.tables[3] == TableSeating(4, (7,), (6,))
    assert moved.tables[2] == TableSeating(3, (5,), None)


def test_art4_a_new_table_and_a_table_left_empty_is_removed_and_renumbered() -> None:
    """The table after the last is a new table; a table left with no line is removed and the
    tables after it numbered one less (art. 4: tables numbered by the arbiter, 1, 2, 3...)."""
    moved = move(DRAWN, 1, 5, "ns")
    assert moved.tables[-1] == TableSeating(5, (1,), None)
    assert moved.tables[0] == TableSeating(1, None, (2,))
    emptied = move(DRAWN, 7, 5, "ew")  # table 4 had only 7: it goes, the new table is 4
    assert len(emptied.tables) == 4
    assert emptied.tables[3] == TableSeating(4, None, (7,))
    assert move(DRAWN, 1, 7, "ns") == DRAWN  # no such table: nothing changes
    assert move(DRAWN, 1, 1, "ns") == DRAWN  # where it sits already


def test_art4_individual_lines_take_a_player_beside_a_player() -> None:
    """Individual events (art. 4 "Formazione delle linee": a line is two players): a move
    joins a line with room, never one that is full."""
    individuals = Seating(
        (TableSeating(1, (1, 2), (3, 4)), TableSeating(2, (5, 6), (7,))),
    )
    assert line_size(individuals) == 2
    moved = move(individuals, 5, 2, "ew")
    assert moved.tables[1] == TableSeating(2, (6,), (7, 5))
    assert move(individuals, 5, 1, "ns") == individuals  # full


def test_scala40_tables_of_players_swap_but_do_not_move() -> None:
    """Scala 40 art. 2, tables of four players in seat order: a swap exchanges two players;
    a move does nothing (the command refuses it)."""
    fours = Seating(
        (TableSeating(1, None, None, (1, 2, 3, 4)), TableSeating(2, None, None, (5, 6, 7)))
    )
    assert place_of(fours, 6) == (2, "p")
    assert swap(fours, 1, 6).tables[1].players == (5, 1, 7)
    assert apply_edit(fours, SeatingEdited(1, "move", 1, table=2, line="ns")) == fours


def _at(seq: int, body: object) -> Record:
    return Record(body, datetime(2026, 11, 27, 21, 0, seq, tzinfo=UTC), "director", None, seq)  # type: ignore[arg-type]


def test_the_fold_applies_the_edits_in_force_in_order_on_the_drawn_seating() -> None:
    """The round's seating is the drawn one with its edits applied in order; a cancelled
    edit is left out and the later ones apply to the seating without it; a new draw starts
    from no edit (the edits before it stay in the log)."""
    config = EventConfig(
        "Serata",
        EventFormat.PAIRS,
        2,
        (2, 2),
        (Movement.DRAW, Movement.DANISH),
    )
    log = [_at(1, config)]
    log += [_at(1 + c, CompetitorRegistered(c, f"Coppia {c}")) for c in range(1, 8)]
    log += [
        _at(9, RoundSeated(1, Movement.DRAW, seating_tables(DRAWN), 1)),
        _at(10, SeatingEdited(1, "swap", 1, other=3)),
        _at(11, SeatingEdited(1, "move", 7, table=1, line="ew")),
    ]
    state = EventState.replay("e", log)
    r = state.round(1)
    assert r.drawn == DRAWN
    assert [e.seq for e in r.edits] == [10, 11]
    assert r.seating == move(swap(DRAWN, 1, 3), 7, 1, "ew")
    cancelled = EventState.replay("e", [*log, _at(12, RecordCancelled(10))])
    assert [e.seq for e in cancelled.round(1).edits] == [11]
    assert cancelled.round(1).seating == move(DRAWN, 7, 1, "ew")
    redrawn = EventState.replay(
        "e", [*log, _at(12, RoundSeated(1, Movement.DRAW, seating_tables(DRAWN), 2))]
    )
    assert redrawn.round(1).edits == [] and redrawn.round(1).seating == DRAWN
