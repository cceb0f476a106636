"""Issue 14, a round's sheets scored at once: the game's sheet scores every table of a round
in one call (:meth:`SheetKind.score_round`), and the round's scores are made from it. Each
gives what a sheet scored alone gives (:meth:`EventState.sheet_result`, FIBAS art. 19 b, 20;
Scala 40 art. 22): the same MP and VP for every competitor seated, in the same order, on the
legacy event files. Also: a sheet's decision finding its table at a glance refuses as the
general path does (same words), a one-room sheet parsed and checked in one step gives what
the general steps give, seats and sheets made with their fields set equal those ``__init__``
makes, and the rounds with a correction (art. 21) are known without a look at each sheet."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from tests.tournament.test_replay_fold_once import LEGACY, NOW, ROUND_EVENTS, legacy_records

from arbitro.codes.ids import GameId
from arbitro.errors import ArbitroError
from arbitro.services.event_file import read_event_file
from arbitro.tournament.commands.common import playing_table
from arbitro.tournament.commands.sheets import decide_sheet
from arbitro.tournament.event import EventState, TableSheet, seating_from_tables
from arbitro.tournament.model import CompetitorId, Seating, TableSeating
from arbitro.tournament.records import CompetitorRegistered, Record, SeatedTable
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.results import (
    RoundScore,
    ScoreSource,
    memo_scores,
    round_scores,
)
from arbitro.tournament.scoring.sheet import SheetEntry, check_sheet
from arbitro.tournament.sheets.kind import SheetContext
from arbitro.tournament.sheets.lines import LinesSheet
from arbitro.tournament.table_sheets import table_sheet


def _state(name: str) -> EventState:
    data = json.loads((LEGACY / f"{name}.json").read_text("utf-8"))
    _id, _name, _records, state = read_event_file(data, NOW)
    assert isinstance(state, EventState)
    return state


@pytest.mark.parametrize("name", ROUND_EVENTS)
def test_a_round_scored_at_once_scores_each_sheet_as_alone(name: str) -> None:
    """FIBAS art. 19 b, 20; Scala 40 art. 22: every score a round's scores take from a sheet
    is the competitor's score in that sheet's outcome scored alone, after every round and
    after the round itself (art. 21: corrections in force then)."""
    state = _state(name)
    last = state.config.rounds
    from_sheets = 0
    for number, rnd in state.rounds.items():
        if rnd.seating is None:
            continue
        for as_of in sorted({number, last}):
            scores = round_scores(state, number, as_of=as_of)
            for comp, s in scores.items():
                if s.source is not ScoreSource.SHEET:
                    continue
                alone = state.sheet_result(number, s.table, as_of)
                assert alone is not None
                assert (s.mp, s.vp) == (alone.scores[comp].mp, alone.scores[comp].vp)
                assert s.round == number
                from_sheets += 1
            tables = [s.table for s in scores.values() if s.table]
            assert tables == sorted(tables)  # in table order, as the tables were read
    assert from_sheets >= 8


@pytest.mark.parametrize("name", ROUND_EVENTS)
def test_score_round_gives_each_seated_competitor_its_outcome(name: str) -> None:
    """The game's sheet scores a round's tables at once as :meth:`SheetKind.score` scores
    each: per table, the scores of the competitors seated, N-S then E-W or in seat order."""
    state = _state(name)
    kind = state.sheet_kind
    checked = 0
    for number, rnd in state.rounds.items():
        if rnd.seating is None:
            continue
        tables = []
        for table, sheet in rnd.sheets.items():
            seat = rnd.seating.table(table)
            entry = sheet.entry_as_of(state.config.rounds)
            if seat is not None and entry is not None and not seat.is_incomplete:
                tables.append((seat, entry))
        _, rules, deals, teams, duplicate = state.round_context(number)
        at_once = kind.score_round(rules, deals, teams, duplicate, tables)
        assert len(at_once) == len(tables)
        for (seat, entry), scores in zip(tables, at_once, strict=True):
            alone = kind.score(state.sheet_context(number, seat), entry)
            seated = [c for line in seat.lines for c in line]
            assert list(scores) == [alone.scores[c] for c in seated]
            checked += 1
    assert checked >= 5


def _refusal(call: Callable[..., object], *args: Any, **kwargs: Any) -> tuple[str, dict[str, Any]]:
    """The words of the refusal ``call(*args, **kwargs)`` raises: its msgid and parameters."""
    with pytest.raises(ArbitroError) as err:
        call(*args, **kwargs)
    return err.value.msg.msgid, dict(err.value.msg.params)


def test_a_sheet_for_a_table_not_played_is_refused_in_the_same_words_art_19() -> None:
    """FIBAS art. 19: a sheet belongs to a table of a round under way. A table that does not
    exist, a round whose seating is not published, a round beyond the event's, an incomplete
    table (art. 37: the line present rests) are refused by the decision in the words of the
    general lookup (:func:`playing_table`)."""
    state = _state("burraco-pairs")
    entry = state.sheet_kind.parse({"deals": [[100, 85, 0, 5]] * state.deals(1)})
    seating = state.round(1).seating
    assert seating is not None
    beyond = len(seating.tables) + 1
    cases = [(1, beyond), (1, 0), (state.config.rounds + 1, 1)]
    for rnd, table in cases:
        general = _refusal(playing_table, state, rnd, table)
        assert _refusal(decide_sheet, state, rnd, table, entry) == general
    first = state.rounds[1]
    published, first.seating_published_at = first.seating_published_at, None
    general = _refusal(playing_table, state, 1, 1)
    assert general[0] == "round {round} is not under way (seating not published)"
    assert _refusal(decide_sheet, state, 1, 1, entry) == general
    first.seating_published_at = published
    t = seating.tables[0]
    first.seating = Seating((TableSeating(t.table, t.ns, None), *seating.tables[1:]))
    general = _refusal(playing_table, state, 1, 1)
    assert general[0] == "table {table} is incomplete: the line present rests, no sheet"
    assert _refusal(decide_sheet, state, 1, 1, entry) == general


def test_a_one_room_sheet_parsed_and_checked_in_one_step_is_the_general_one_art_19() -> None:
    """FIBAS art. 19: the lines' sheet of one room, parsed and checked in one step, equals
    the one :meth:`SheetEntry.from_payload` reads and is refused by the words of
    :func:`check_sheet`; a closed room where none is played is refused as before."""
    kind = LinesSheet(GameId.BURRACO)
    code = rules_for("burraco-fibas")
    data = {"deals": [[100, 85, 0, 5], [300, 120, 100, 85]], "closed_room": None}
    parsed = kind.parse(data)
    assert parsed == SheetEntry.from_payload(data) and type(parsed) is SheetEntry
    state = _state("burraco-pairs")
    seating = state.round(1).seating
    assert seating is not None
    ctx = dataclasses.replace(state.sheet_context(1, seating.tables[0]), deals=2)
    kind.check(ctx, parsed)
    for wrong in (
        {"deals": [[100, 85, 0, 5]]},
        {"deals": [[100, 85, 0, 5], [300, 120, 100, 83]]},
        {"deals": [[100, 85, 0, 5], [30, 120, 100, 85]]},
        {"deals": [[100, 85, 0, 5], [300, 120, 100, 85]], "closed_room": [[0, 5, 100, 85]]},
    ):
        entry = kind.parse(wrong)
        general = _refusal(check_sheet, code, entry, deals=2, teams=False)
        assert _refusal(kind.check, ctx, entry) == general


def test_seats_and_sheets_made_with_their_fields_set_are_the_ones_init_makes() -> None:
    """A round's seats (FIBAS art. 4) and a table's sheet, made field by field, equal the
    ones ``__init__`` makes; a seat stays frozen."""
    tables = (
        SeatedTable(1, (3,), (4,)),
        SeatedTable(2, (5,), None),
        SeatedTable(3, None, None, (1, 2, 6)),
    )
    seating = seating_from_tables(tables)
    plain = Seating(tuple(TableSeating(t.table, t.ns, t.ew, t.players) for t in tables))
    assert seating == plain and hash(seating) == hash(plain)
    assert all(type(t) is TableSeating for t in seating.tables)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seating.tables[0].ns = (9,)  # type: ignore[misc]
    made = table_sheet(4, frozenset({"ns", "ew"}))
    assert made == TableSheet(4, frozenset({"ns", "ew"})) and repr(made) == repr(
        TableSheet(4, frozenset({"ns", "ew"}))
    )
    other = table_sheet(4, frozenset({"ns", "ew"}))
    assert made.history is not other.history and made.conflicts is not other.conflicts
    assert made.corrections is not other.corrections and made.devices is not other.devices


@pytest.mark.parametrize("name", ROUND_EVENTS)
def test_the_rounds_with_a_correction_are_those_whose_sheets_hold_one_art_21(name: str) -> None:
    """FIBAS art. 21: a correction may count from a later round, so a round's scores depend
    on ``as_of`` only where a sheet holds one; the state knows those rounds as its sheets
    do, and the memoized scores equal the ones computed afresh."""
    state = _state(name)
    if name in ("burraco-pairs", "burraco-teams", "scala40"):
        assert state.corrected_rounds  # these files hold corrections
    assert state.corrected_rounds == {
        n for n, r in state.rounds.items() if any(sh.corrections for sh in r.sheets.values())
    }
    last = state.config.rounds
    for number in state.rounds:
        for as_of in range(number, last + 1):
            assert memo_scores(state, number, as_of) == round_scores(
                state, number, as_of=as_of, history=_history(state, number, as_of)
            )


def _history(state: EventState, rnd: int, as_of: int) -> dict[CompetitorId, list[RoundScore]]:
    """The earlier rounds' scores a last round's resting line reads (art. 37)."""
    history: dict[CompetitorId, list[RoundScore]] = {}
    if rnd == state.config.rounds:
        for earlier in range(1, rnd):
            for comp, s in round_scores(state, earlier, as_of=as_of).items():
                if s.source is not ScoreSource.PENDING:
                    history.setdefault(comp, []).append(s)
    return history


def test_a_rounds_contexts_are_made_at_once_each_with_its_own_seat_art_20() -> None:
    """FIBAS art. 20: a round's tables share its VP table (its deals); the first table asked
    makes every table's context, each with its own seat, equal to the one made alone, and a
    seat not of the round's seating (a reseating) gets its own."""
    state = _state("burraco-pairs")
    seating = state.round(2).seating
    assert seating is not None
    state.forget_views()
    first = state.sheet_context(2, seating.tables[0])
    for t in seating.tables:
        ctx = state.sheet_context(2, t)
        assert ctx.seat is t and ctx.rules is first.rules
        assert ctx == SheetContext(
            state.code, t, state.deals(2), state.config.event_format == "teams", False
        )
    moved = TableSeating(1, seating.tables[0].ew, seating.tables[0].ns)
    assert state.sheet_context(2, moved).seat is moved


class _Registered(CompetitorRegistered, frozen=True):
    """A registration of a class the fold's table does not hold: folded as its base
    class's kind (``event_folds.fold_of``)."""


@pytest.mark.parametrize("name", ROUND_EVENTS)
def test_a_registration_folds_as_the_general_path_folds_it_art_2(name: str) -> None:
    """FIBAS art. 2 "Concorrente": a registration's short fold gives the general fold's
    competitors, names, next number and last record; the memoized views and scores are
    dropped by it in both (a competitor more changes every standings)."""
    records = legacy_records(name)
    general = [
        Record(
            _Registered(**msgspec.structs.asdict(r.body)),
            r.at,
            r.actor,
            r.reason,
            r.seq,
        )
        if type(r.body) is CompetitorRegistered
        else r
        for r in records
    ]
    assert any(type(r.body) is _Registered for r in general)
    short, long = EventState.replay("x", records), EventState.replay("x", general)
    assert short.competitors == long.competitors and short.names == long.names
    assert (short.next_number, short.last_seq) == (long.next_number, long.last_seq)
    assert short.rounds == long.rounds
    for state in (short, long):
        memo_scores(state, 1, 1)
        state.view("x", 1, lambda: 1)
        number = state.next_number
        rec = Record(
            CompetitorRegistered(number, f"Late {number}"),
            records[-1].at,
            "d",
            None,
            state.last_seq + 1,
        )
        state.apply(rec)
        assert not state._scores and not state._views
        assert state.competitors[number].name == f"Late {number}"
        assert state.next_number == number + 1 and state.last_seq == rec.seq
