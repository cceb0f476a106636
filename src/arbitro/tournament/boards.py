"""The boards of a *carte uguali* event (FIBAS art. 7 "a carte preparate", art. 20 "carte
uguali"; Bridge Law 13 as the model for a board with a wrong number of cards): each round's
board plan from its seating, the prepared boards from the event's seed, the travellers (every
table's result on a board against the field), each line's board-by-board card, and the
tables' counts of the boards before play.

The comparison method is in ``docs/rulings.md`` ("Carte uguali", FIBAS art. 20): a table's
sheet deal ``k`` is the board its plan gives it at deal ``k``; the N-S result on it is the
deal's N-S total minus the E-W total (art. 19 b); a board on which a Law 13 ruling calls for
an arbitral score at a table is left out of that table's results (and of the field's)."""

from __future__ import annotations

import importlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbitro.codes.registry import code_spec
from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.lazy_names import lazy_module
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, TableSeating
from arbitro.tournament.penalties import forfeits_match
from arbitro.tournament.scoring.comparison import (
    BoardResult,
    Comparison,
    ComparisonMethod,
    compare_round,
    line_vp,
    round_differences,
)
from arbitro.tournament.scoring.sheet import SheetEntry

if TYPE_CHECKING:
    from arbitro.games import prepared_deals
    from arbitro.games.prepared_deals import BoardMaker, PreparedBoard
    from arbitro.tournament.digital import rounds as digital_rounds
    from arbitro.tournament.movements import boards as movement_boards
    from arbitro.tournament.movements.boards import BoardAssignment, BoardPlan
else:
    prepared_deals = lazy_module("arbitro.games.prepared_deals")
    movement_boards = lazy_module("arbitro.tournament.movements.boards")
    digital_rounds = lazy_module("arbitro.tournament.digital.rounds")

# The prepared deals (the cards, the module the event's code names: CodeSpec.boards) and the
# movements' board plans are modules loaded on first use: the standings read this module's
# comparison for every event (issue 14).

POCKETS = ("N", "E", "S", "W", "P1", "P2")
"""The pockets of a Burraco board: the four hands and the two pozzetti (FIBAS art. 6)."""


def comparison_method(state: EventState) -> ComparisonMethod | None:
    """The event's comparison with the field (FIBAS art. 20, carte uguali), or None when
    each table is scored by its own difference (the default, and every older event)."""
    chosen = state.config.comparison
    if not state.config.duplicate or chosen in (None, "table"):
        return None
    return ComparisonMethod(chosen)


def _playing(state: EventState, round_number: int) -> list[TableSeating]:
    """The round's tables where two lines play, in table order (none before the seating)."""
    seating = state.round(round_number).seating
    if seating is None:
        raise ArbitroError("round {round} is not seated yet", round=round_number)
    return [t for t in seating.tables if t.players is None and not t.is_incomplete]


def compared_tables(state: EventState, round_number: int) -> list[int]:
    """The round's tables whose boards are compared with the field: where two lines play and
    neither abandoned (art. 36) nor lost the match by lateness (art. 37); those score by
    the rest score or zero as in any event and take no part in the comparison."""
    code = state.code
    out = []
    for t in _playing(state, round_number):
        members = (t.ns or ()) + (t.ew or ())
        if any(
            (round_number, c) in state.abandons
            or forfeits_match(code, state.lateness.get((round_number, c), 0))
            for c in members
        ):
            continue
        out.append(t.table)
    return out


def board_plan(state: EventState, round_number: int) -> BoardPlan:
    """The round's board plan (FIBAS art. 7, carte preparate): the tables where two lines
    play (numbered 1..n, the incomplete table last, art. 4) and the round's deals as
    boards. Refused before the seating, or when no table plays."""
    tables = _playing(state, round_number)
    if not tables:
        raise ArbitroError("round {round}: no table where two lines play", round=round_number)
    if [t.table for t in tables] != list(range(1, len(tables) + 1)):
        raise ArbitroError(
            "round {round}: the tables where two lines play must be numbered from 1 for the "
            "boards to move between them",
            round=round_number,
            article=state.code.cite("round_time"),
        )
    return movement_boards.BoardPlan(len(tables), state.deals(round_number))


def board_maker(state: EventState) -> BoardMaker:
    """The prepared boards of the event's game, as its code's spec names them
    (``CodeSpec.boards``: Burraco's for FIBAS, art. 6, 7); a code without carte uguali is
    refused naming it."""
    spec = code_spec(state.config.code)
    if not spec.boards:
        raise ArbitroError(
            "the {code} code has no carte uguali (prepared boards)", code=spec.short_name
        )
    made: BoardMaker = importlib.import_module(spec.boards).BOARDS
    return made


def table_boards(
    state: EventState, round_number: int, table: int, plan: BoardPlan
) -> tuple[tuple[int, int], ...]:
    """What ``table`` plays this round, deal by deal: (deal, board). A paper table plays the
    boards its plan moves to it (FIBAS art. 7); a digital table dealt the prepared boards
    plays board ``k`` at deal ``k`` (issue 32: the server deals every digital table the same
    hands at once, no board moves; docs/rulings.md)."""
    if dealt_by_server(state, round_number, table):
        return tuple((k, k) for k in range(1, plan.boards + 1))
    return tuple((a.deal, a.board) for a in plan.at(table))


def dealt_by_server(state: EventState, round_number: int, table: int) -> bool:
    """Whether ``table`` is a digital table dealt the prepared boards by the server (issue
    32): no physical board reaches it, none is counted before play (Law 13 model)."""
    digital = state.digital.get((round_number, table))
    deals: list[Any] = list(getattr(digital, "deals", None) or ())
    return bool(deals) and isinstance(deals[0].layout.get("board"), int)


def plan_digital_tables(state: EventState, round_number: int) -> frozenset[int]:
    """The round's tables that play on the phones (issue 32): opened as digital, or chosen
    digital and neither opened yet nor played on paper (their sheet entered). No board of the
    plan goes to them: the server deals a digital table board ``k`` at deal ``k``
    (:func:`table_boards`); the board the plan would hand one of them waits on the relay
    stand, where the table after it takes it, as in a group smaller than the set (FIBAS art.
    7; docs/rulings.md). The paper tables' boards are those of the plan, unchanged."""
    r = state.round(round_number)
    opened = {t for (rn, t) in state.digital if rn == round_number}
    chosen = {
        t
        for t in digital_rounds.digital_tables(state, round_number)
        if r.sheets.get(t) is None or t in opened
    }
    return frozenset(opened | chosen)


def plan_next(plan: BoardPlan, table: int, digital: Collection[int]) -> int | None:
    """The table that plays next the board paper table ``table`` has just played (FIBAS art.
    7), None for the relay stand: also when the plan's next table is digital (issue 32: no
    board goes to a table on the phones; the board waits on the stand for the table after
    it, :func:`plan_digital_tables`)."""
    nxt = plan.passes_to(table)
    return None if nxt is None or nxt in digital else nxt


def boards_of(state: EventState, round_number: int) -> tuple[PreparedBoard, ...]:
    """The round's prepared boards, dealt from the event's recorded seed (FIBAS art. 6):
    as many as the round's deals, the same for every reprint."""
    state.round(round_number)  # the range check
    return board_maker(state).round_boards(
        state.config.seed, round_number, state.deals(round_number)
    )


def expected_counts(state: EventState) -> dict[str, int]:
    """How many cards each pocket of a board holds: 11 in each hand and each pozzetto (FIBAS
    art. 6), as the event's game deals them."""
    return board_maker(state).expected()


def excluded_boards(state: EventState, round_number: int) -> set[tuple[int, int]]:
    """The (table, board) pairs a Law 13 ruling scores arbitrally (13B, 13C, 13D2b...): left
    out of the comparison, the table's and the field's (docs/rulings.md)."""
    out: set[tuple[int, int]] = set()
    for rnd, table, ruling in state.board_rulings:
        if rnd != round_number:
            continue
        try:
            outcome = prepared_deals.Law13Outcome(ruling.get("outcome"))
        except ValueError:
            continue
        board = ruling.get("board")
        if outcome.arbitral_score and isinstance(board, int):
            out.add((table, board))
    return out


def board_results(
    state: EventState, round_number: int, as_of: int | None = None
) -> list[BoardResult]:
    """Every table's N-S result on each board it played, from the sheets in force after
    round ``as_of`` (default: the last; FIBAS art. 21): deal ``k`` of a table's sheet is the
    board its plan gives it at deal ``k``; the result is the N-S total minus the E-W total
    (art. 19 b). Boards ruled out by Law 13 are left out, and so are the tables of a forfeit
    (:func:`compared_tables`); tables without a sheet give none."""
    as_of = state.config.rounds if as_of is None else as_of
    plan = board_plan(state, round_number)
    r = state.round(round_number)
    excluded = excluded_boards(state, round_number)
    out = []
    for table in compared_tables(state, round_number):
        sheet = r.sheets.get(table)
        entry = sheet.entry_as_of(as_of) if sheet is not None else None
        if not isinstance(entry, SheetEntry):
            continue
        played = table_boards(state, round_number, table, plan)
        for (_, board), deal in zip(played, entry.deals, strict=False):
            if (table, board) in excluded:
                continue
            out.append(BoardResult(board, table, deal.ns.total - deal.ew.total))
    return out


def travellers(
    state: EventState, round_number: int, as_of: int | None = None
) -> dict[int, list[Comparison]]:
    """The round's travellers: for each board, every table's result and its comparison
    with the field by the event's method (FIBAS art. 20; OTHERS when the event has none),
    from the sheets in so far."""
    method = comparison_method(state) or ComparisonMethod.OTHERS
    return compare_round(board_results(state, round_number, as_of), method)


@dataclass(frozen=True, slots=True)
class TableComparison:
    """A table's round against the field: the N-S difference summed over its boards and
    the VP of its two lines on the continuous scale (FIBAS art. 20)."""

    table: int
    ns_difference: Fraction
    ns_vp: int
    ew_vp: int


def round_comparison(
    state: EventState, round_number: int, as_of: int | None = None
) -> dict[int, TableComparison] | None:
    """Each compared table's difference and VP against the field (FIBAS art. 20, carte
    uguali), or None while a compared table's sheet is missing (the round's scores are
    complete only with every sheet in)."""
    as_of = state.config.rounds if as_of is None else as_of
    board_plan(state, round_number)  # refused without a plan
    r = state.round(round_number)
    tables = compared_tables(state, round_number)
    for table in tables:
        sheet = r.sheets.get(table)
        if sheet is None or sheet.entry_as_of(as_of) is None:
            return None
    diffs = round_differences(travellers(state, round_number, as_of))
    deals = state.deals(round_number)
    vp_table = state.code.vp_table(deals=deals, teams=False)
    out = {}
    for table in tables:
        diff = diffs.get(table, Fraction(0))
        ns_vp, ew_vp = line_vp(diff, vp_table)
        out[table] = TableComparison(table, diff, ns_vp, ew_vp)
    return out


@dataclass(frozen=True, slots=True)
class LineCardRow:
    """One board of a line's card: the round, the deal and board, the table and direction
    the line sat, its MP on the board, the field's datum, the difference, and the round's
    total difference and VP (None while the round is incomplete)."""

    round: int
    deal: int
    board: int
    table: int
    direction: str  # "ns" | "ew"
    mp: int
    datum: Fraction
    difference: Fraction
    round_difference: Fraction | None
    round_vp: int | None


def line_card(state: EventState, competitor: CompetitorId) -> list[LineCardRow]:
    """A line's card (the bridge personal score card as the model): per round and board,
    its table, direction, own MP, the datum, the difference and the round's VP (FIBAS art.
    20). A competitor of an individual event has the card of the line it sat in."""
    state.competitor(competitor)  # NotFoundError for an unknown number
    rows: list[LineCardRow] = []
    for rnd in range(1, state.config.rounds + 1):
        seat = state.table_of(rnd, competitor)
        if seat is None or seat.is_incomplete or seat.players is not None:
            continue
        direction = "ns" if competitor in (seat.ns or ()) else "ew"
        sign = 1 if direction == "ns" else -1
        plan = board_plan(state, rnd)
        by_board = {
            c.board: c
            for rows_ in travellers(state, rnd).values()
            for c in rows_
            if c.table == seat.table
        }
        compared = round_comparison(state, rnd)
        total = vp = None
        tc = compared.get(seat.table) if compared is not None else None
        if tc is not None:
            total = sign * tc.ns_difference
            vp = tc.ns_vp if direction == "ns" else tc.ew_vp
        for deal, board in table_boards(state, rnd, seat.table, plan):
            c = by_board.get(board)
            if c is None:
                continue
            rows.append(
                LineCardRow(
                    rnd,
                    deal,
                    board,
                    seat.table,
                    direction,
                    sign * c.ns_mp,
                    sign * c.datum,
                    sign * c.ns,
                    total,
                    vp,
                )
            )
    return rows


@dataclass(frozen=True, slots=True)
class BoardCheckState:
    """A table's board before play (Law 13 model): ``status`` is "unchecked", "checked",
    "wrong" (a Law 13 case for the arbiter) or "ruled" (the arbiter's ruling recorded);
    ``wrong`` maps each wrong pocket to (found, expected)."""

    table: int
    board: int
    copy: int
    deal: int
    status: str
    counts: Mapping[str, int] | None = None
    wrong: Mapping[str, tuple[int, int]] | None = None
    seq: int | None = None
    actor: str | None = None
    at: datetime | None = None


def board_checks(state: EventState, round_number: int) -> dict[tuple[int, int], BoardCheckState]:
    """Every board of the round's plan at each table, (table, board) → its count before
    play: unchecked, checked, wrong (a Law 13 case the arbiter must rule), or ruled. A
    digital table dealt the boards by the server has none (issue 32)."""
    plan = board_plan(state, round_number)
    expected = expected_counts(state)
    ruled = {
        (table, ruling.get("board"))
        for rnd, table, ruling in state.board_rulings
        if rnd == round_number
    }
    out: dict[tuple[int, int], BoardCheckState] = {}
    for a in plan.assignments():
        if dealt_by_server(state, round_number, a.table):
            continue  # a digital table: the server deals the board whole (issue 32)
        found = state.board_checks.get((round_number, a.table, a.board))
        if found is None:
            out[(a.table, a.board)] = BoardCheckState(a.table, a.board, a.copy, a.deal, "unchecked")
            continue
        wrong = wrong_pockets(found.counts, expected)
        status = "checked" if not wrong else "ruled" if (a.table, a.board) in ruled else "wrong"
        out[(a.table, a.board)] = BoardCheckState(
            a.table,
            a.board,
            found.copy,
            a.deal,
            status,
            found.counts,
            wrong or None,
            found.seq,
            found.actor,
            found.at,
        )
    return out


def wrong_pockets(
    counts: Mapping[str, int] | None, expected: Mapping[str, int]
) -> dict[str, tuple[int, int]]:
    """The pockets whose count differs from the expected one: pocket → (found, expected)
    (Law 13: "numero errato di carte"); a pocket not counted is taken as right."""
    if counts is None:
        return {}
    return {p: (counts[p], n) for p, n in expected.items() if p in counts and counts[p] != n}


def assignment_of(state: EventState, round_number: int, table: int, board: int) -> BoardAssignment:
    """Where ``board`` is in ``table``'s plan this round; refused when the table does not
    play it (FIBAS art. 7, carte preparate)."""
    plan = board_plan(state, round_number)
    if not 1 <= table <= plan.tables:
        raise ArbitroError(
            "table {table} does not play boards in round {round}", table=table, round=round_number
        )
    for a in plan.at(table):
        if a.board == board:
            return a
    raise ArbitroError(
        "table {table} does not play board {board} in round {round} (boards 1-{boards})",
        table=table,
        board=board,
        round=round_number,
        boards=plan.boards,
    )


def line_scores(
    state: EventState, round_number: int, as_of: int
) -> dict[CompetitorId, tuple[int, int]] | None:
    """Each competitor at a table where two lines play and whose sheet scores it, → (its
    own MP of the round, its VP against the field); None while a sheet is missing. The own
    MP is the sheet's difference (art. 19 b); the VP comes from the comparison (art. 20)."""
    compared = round_comparison(state, round_number, as_of)
    if compared is None:
        return None
    out: dict[CompetitorId, tuple[int, int]] = {}
    seating = state.round(round_number).seating
    assert seating is not None
    for table, tc in compared.items():
        seat = seating.table(table)
        outcome = state.sheet_result(round_number, table, as_of)
        if seat is None or outcome is None:
            continue
        for c in seat.ns or ():
            out[c] = (outcome.scores[c].mp, tc.ns_vp)
        for c in seat.ew or ():
            out[c] = (outcome.scores[c].mp, tc.ew_vp)
    return out


@dataclass(frozen=True, slots=True)
class EntryFlag:
    """A deal of a table's sheet that its board's known cards make impossible: the table,
    the deal of its sheet, the board, what is wrong (FIBAS arts. 3, 15, 18, 19)."""

    table: int
    deal: int
    board: int
    problems: tuple[Message, ...]


def flagged_entries(state: EventState, round_number: int) -> list[EntryFlag]:
    """The sheets' deals the prepared boards make impossible, for the director to look at
    (carte uguali: the cards of every board are known; see
    the ``entry_problems`` of the event's game's boards). A flag refuses nothing: the
    director corrects the sheet (art. 21) or lets it stand."""
    r = state.round(round_number)
    if not r.sheets:
        return []
    plan = board_plan(state, round_number)
    boards = {b.number: b for b in boards_of(state, round_number)}
    maker = board_maker(state)
    out = []
    for table in compared_tables(state, round_number):
        sheet = r.sheets.get(table)
        entry = sheet.entry_as_of(state.config.rounds) if sheet is not None else None
        if not isinstance(entry, SheetEntry):
            continue
        played = table_boards(state, round_number, table, plan)
        for k, ((_, number), deal) in enumerate(zip(played, entry.deals, strict=False), 1):
            board = boards.get(number)
            if board is None:
                continue
            problems = maker.entry_problems(
                board, deal.ns.base, deal.ns.points, deal.ew.base, deal.ew.points
            )
            if problems:
                out.append(EntryFlag(table, k, number, tuple(problems)))
    return out


def entry_flags(state: EventState, round_number: int, table: int | None = None) -> list[EntryFlag]:
    """The impossible-score flags of a round (:func:`flagged_entries`), only ``table``'s if
    given; none for an event without prepared boards or a round without a board plan (FIBAS
    art. 20: only the boards' known cards make a score impossible)."""
    if comparison_method(state) is None:
        return []
    try:
        found = flagged_entries(state, round_number)
    except ArbitroError:
        return []
    return [f for f in found if table is None or f.table == table]


@dataclass(frozen=True, slots=True)
class FieldVp:
    """The VP a carte uguali round's sheets give (FIBAS art. 20): the tables ``compared``
    with the field (None: every table) take the comparison's VP, ``by_table`` (None while a
    compared table's sheet is missing: the comparison is not made yet); the other tables (a
    forfeit, art. 36-37) keep their own sheet's VP."""

    compared: frozenset[int] | None
    by_table: Mapping[int, tuple[int, int]] | None

    def of(self, table: int, own: tuple[int, int]) -> tuple[int, int] | None:
        """The (N-S, E-W) VP of ``table``, whose sheet alone gives ``own``; None while the
        comparison is awaited."""
        if self.compared is not None and table not in self.compared:
            return own
        if self.by_table is None:
            return None
        return self.by_table.get(table, own)


def field_vp(state: EventState, round_number: int, as_of: int | None = None) -> FieldVp | None:
    """How the round's sheets take their VP in a carte uguali event (FIBAS art. 20): by the
    comparison with the field once every compared table's sheet is in (none before); None
    for an event without comparison, where each sheet's own VP stands (art. 19)."""
    if comparison_method(state) is None:
        return None
    try:
        compared = compared_tables(state, round_number)
        found = round_comparison(state, round_number, as_of)
    except ArbitroError:  # no board plan for this seating: nothing is compared yet
        return FieldVp(None, None)
    by_table = (
        None if found is None else {table: (tc.ns_vp, tc.ew_vp) for table, tc in found.items()}
    )
    return FieldVp(frozenset(compared), by_table)


def shown_vp(
    state: EventState,
    round_number: int,
    table: int,
    own: tuple[int, int],
    as_of: int | None = None,
) -> tuple[int, int] | None:
    """The (N-S, E-W) VP to show for ``table``'s sheet: its own (``own``, art. 19) in an
    event without comparison; in a carte uguali event the comparison's once the round is
    complete, None ("awaiting the comparison") before (FIBAS art. 20)."""
    fv = field_vp(state, round_number, as_of)
    return own if fv is None else fv.of(table, own)
