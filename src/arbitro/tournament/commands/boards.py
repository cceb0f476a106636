"""A table's count of a prepared board before play (Bridge Law 13, the model for prepared
deals; FIBAS art. 6: 11 cards in each hand and each pozzetto)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from arbitro.codes.citation import Citation, code_table
from arbitro.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.lazy_names import lazy_module
from arbitro.tournament.boards import (
    POCKETS,
    assignment_of,
    board_checks,
    comparison_method,
    expected_counts,
)
from arbitro.tournament.commands.common import make_record, need_reason, playing_table
from arbitro.tournament.event import EventState
from arbitro.tournament.records import BoardChecked, BoardRuling, Record

if TYPE_CHECKING:
    from arbitro.games import prepared_deals
else:
    prepared_deals = lazy_module("arbitro.games.prepared_deals")  # Law 13, loaded when cited


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
            article=prepared_deals.law13_citation(),
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


def wrong_count_rule(state: EventState) -> dict[str, str] | None:
    """The event code's own remedy for a board with a wrong number of cards, from its data
    (``[wrong_count]``: FIBAS art. 6, "si procede ad una nuova distribuzione" before play,
    the result stands once play has begun): ``{"article", "before_play", "after_play"}``;
    None for a code without one, whose prepared boards follow Bridge Law 13."""
    table = code_table(state.code.code, "wrong_count")
    if not table:
        return None
    return {k: str(v) for k, v in table.items()}


def wrong_count_citation(state: EventState) -> Citation:
    """The article a wrong count of a board cites: the event's code's own (FIBAS art. 6)
    where it has one, else Bridge Law 13 (the model for prepared deals)."""
    rule = wrong_count_rule(state)
    if rule is None:
        return prepared_deals.law13_citation()
    return Citation(state.code.code, rule["article"])


def rule_wrong_count(
    state: EventState,
    round_number: int,
    table: int,
    board: int,
    *,
    play_begun: bool,
    reason: str | None,
    now: datetime,
    actor: str = "arbiter",
) -> Record:
    """Record the event code's remedy for a board a table counted wrong (FIBAS art. 6):
    found before play, the board is dealt again as its dealing sheet gives it ("si procede
    ad una nuova distribuzione"); found once play has begun, the result stands ("resterà
    valido a tutti gli effetti"). Refused for a code without such a rule (Bridge Law 13's
    ruling applies) and for a board the table did not count wrong."""
    rule = wrong_count_rule(state)
    if rule is None:
        raise ArbitroError(
            "this event's code has no rule of its own for a wrong number of cards",
            article=prepared_deals.law13_citation(),
        )
    playing_table(state, round_number, table)
    assignment_of(state, round_number, table, board)
    check = board_checks(state, round_number).get((table, board))
    if check is None or not check.wrong:
        raise ArbitroError(
            "table {table} has no wrong count of board {board}",
            table=table,
            board=board,
            article=wrong_count_citation(state),
        )
    if check.status == "ruled":
        raise ArbitroError(
            "table {table}'s board {board} is already ruled",
            table=table,
            board=board,
            article=wrong_count_citation(state),
        )
    reason = need_reason(reason, N_("wrong number of cards"))
    outcome = rule["after_play"] if play_begun else rule["before_play"]
    payload: dict[str, object] = {
        "board": board,
        "code": state.code.code.value,
        "paragraph": rule["article"],
        "outcome": outcome,
        "counts": {p: found for p, (found, _want) in check.wrong.items()},
        "expected": {p: want for p, (_found, want) in check.wrong.items()},
    }
    return make_record(BoardRuling(round_number, table, payload), now, actor, reason)
