"""A table's count of a prepared board before play (Bridge Law 13, the model for prepared
deals; FIBAS art. 6: 11 cards in each hand and each pozzetto)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.boards import POCKETS, assignment_of, comparison_method, expected_counts
from arbitro.tournament.commands.common import make_record, playing_table
from arbitro.tournament.event import EventState
from arbitro.tournament.records import BoardChecked, Record


def check_board(
    state: EventState,
    round_number: int,
    table: int,
    board: int,
    counts: Mapping[str, int] | None,
    now: datetime,
    actor: str = "table",
) -> Record:
    """Record a table's count of a board's pockets before play (Law 13 model): ``counts``
    None, or every pocket at its 11 cards (FIBAS art. 6), is "board checked"; a wrong count
    is recorded as found and becomes a Law 13 case for the arbiter. A table checks each of
    its boards once a round; only in a carte uguali event, on a board it plays."""
    if comparison_method(state) is None:
        raise ArbitroError(
            "boards are checked only in a carte uguali event compared with the field",
            article=state.code.cite("vp"),
        )
    playing_table(state, round_number, table)
    where = assignment_of(state, round_number, table, board)
    if (round_number, table, board) in state.board_checks:
        raise ArbitroError(
            "table {table} has already checked board {board} in round {round}",
            table=table,
            board=board,
            round=round_number,
            article=cite(CodeId.BRIDGE_LAW_13, "wrong_number_of_cards"),
        )
    expected = expected_counts(state)
    found: dict[str, int] | None = None
    if counts is not None:
        unknown = sorted(set(counts) - set(POCKETS))
        if unknown:
            raise ArbitroError(
                "unknown pocket {pocket}: the pockets are {pockets}",
                pocket=", ".join(unknown),
                pockets=", ".join(POCKETS),
            )
        for pocket, n in counts.items():
            if type(n) is not int or not 0 <= n <= 108:
                raise ArbitroError(
                    "pocket {pocket}: {count} is not a count of cards", pocket=pocket, count=n
                )
        full = {p: counts.get(p, n) for p, n in expected.items()}
        found = None if full == expected else full
    body = BoardChecked(round_number, table, board, where.copy, found)
    return make_record(body, now, actor)
