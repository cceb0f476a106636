"""Carte uguali (FIBAS art. 7, 20; Bridge Law 13 as the model): the event's comparison
option, the board plan of a seated round, scoring against the field (VP on the continuous
scale, PENDING until every sheet is in), the tables' board counts and their Law 13 cases,
and the board-checked record through export, import and replay."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.errors import ArbitroError
from arbitro.games.prepared_deals import BoardCheck, HandCount, Law13Outcome, law13_outcome
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament import boards
from arbitro.tournament.commands import create_event, values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.movements.boards import BoardPlan
from arbitro.tournament.scoring.comparison import line_vp
from arbitro.tournament.scoring.results import ScoreSource, round_scores
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.tournament.standings.standings import standings

NOW = datetime(2026, 11, 25, 21, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


@contextmanager
def refused(msgid_part: str) -> Iterator[None]:
    """The block raises an ArbitroError whose English message says ``msgid_part``."""
    with pytest.raises(ArbitroError) as exc:
        yield
    assert msgid_part in exc.value.message("en")


def config(comparison: str | None = "others", **kw: object) -> EventConfig:
    base: dict[str, object] = {
        "name": "Carte uguali",
        "event_format": EventFormat.PAIRS,
        "rounds": 2,
        "deals": (2, 2),
        "movements": (Movement.REGISTRATION_ORDER, Movement.MITCHELL),
        "seed": 7,
        "duplicate": True,
        "comparison": comparison,
    }
    base.update(kw)
    return EventConfig(**base)  # type: ignore[arg-type]


def sheet(*deals: tuple[int, int, int, int]) -> SheetEntry:
    return SheetEntry(tuple(DealScore(LineDeal(a, b), LineDeal(c, d)) for a, b, c, d in deals))


def event(tmp_path: Path, pairs: int = 8, **kw: object) -> tuple[EventService, str]:
    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 'cu.sqlite3'}"), Clock())
    svc.create_event("cu", config(**kw))  # type: ignore[arg-type]
    for i in range(1, pairs + 1):
        svc.run("cu", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    svc.seat("cu", 1, publish=True)
    return svc, "cu"


# ------------------------------------------------------------------ the event's option
def test_comparison_needs_duplicate_cards_and_lines() -> None:
    """The comparison with the field is for carte uguali events (art. 20): refused without
    the duplicate flag and for teams (the continuous scale is for pairs and individuals)."""
    with refused("carte uguali"):
        create_event(config(duplicate=False), NOW)
    with refused("individual and pairs"):
        create_event(config(event_format=EventFormat.TEAMS), NOW)
    assert create_event(config(), NOW).payload["comparison"] == "others"


def test_an_old_event_file_has_no_comparison_and_scores_as_before() -> None:
    """An event created without the option (every file written before it) holds None: each
    table scored by its own difference."""
    cfg = config(comparison=None)
    assert "comparison" not in cfg.to_payload()
    state = EventState("x", cfg, NOW)
    assert boards.comparison_method(state) is None


def test_one_deal_rounds_only_in_a_duplicate_event() -> None:
    """Art. 7: one-deal rounds (11 minutes) only "a carte preparate"."""
    with refused("1-deal"):
        create_event(config(comparison=None, duplicate=False, deals=(1, 1)), NOW)
    create_event(config(deals=(1, 1)), NOW)


# ------------------------------------------------------------------ plan and scoring
def test_the_plan_follows_the_seating_and_each_line_plays_each_board_once(tmp_path: Path) -> None:
    """Art. 7: every table of the round plays every board once, so every line of a direction
    does."""
    svc, ev = event(tmp_path, pairs=9)  # 4 tables and a resting pair
    state = svc.state(ev)
    plan = boards.board_plan(state, 1)
    assert (plan.tables, plan.boards) == (4, 2)
    seating = state.round(1).seating
    assert seating is not None
    for t in seating.tables:
        if t.is_incomplete:
            continue
        assert sorted(a.board for a in plan.at(t.table)) == [1, 2]


def _enter_all(svc: EventService, ev: str, rnd: int, tables: int) -> dict[int, SheetEntry]:
    entries = {}
    for t in range(1, tables + 1):
        e = sheet((100 * t, 50, 0, 30), (0, 20 * t, 200, 40))
        svc.enter_sheet(ev, rnd, t, e)
        entries[t] = e
    return entries


def test_round_scores_pending_until_every_sheet_then_vp_against_the_field(
    tmp_path: Path,
) -> None:
    """Art. 20 carte uguali: a table's VP come from its lines' difference against the other
    tables that played the same boards, through the round's table on the continuous scale;
    until every sheet is in the round is PENDING. The MP stay each line's own (art. 19 b)."""
    svc, ev = event(tmp_path)
    svc.enter_sheet(ev, 1, 1, sheet((100, 50, 0, 30), (0, 20, 200, 40)))  # table 1 first
    state = svc.state(ev)
    assert {s.source for s in round_scores(state, 1, as_of=2).values()} == {ScoreSource.PENDING}
    entries = _enter_all(svc, ev, 1, 4)
    state = svc.state(ev)
    plan = boards.board_plan(state, 1)
    # by hand: each board's N-S results, and each table's difference to the others' average
    results: dict[int, dict[int, int]] = {}
    for number, e in entries.items():
        for a, d in zip(plan.at(number), e.deals, strict=True):
            results.setdefault(a.board, {})[number] = d.ns.total - d.ew.total
    scores = round_scores(state, 1, as_of=2)
    vp_table = state.code.vp_table(deals=2, teams=False)
    seating = state.round(1).seating
    assert seating is not None
    for t in seating.tables:
        diff = Fraction(0)
        for by_table in results.values():
            others = [v for k, v in by_table.items() if k != t.table]
            diff += by_table[t.table] - Fraction(sum(others), len(others))
        ns_vp, ew_vp = line_vp(diff, vp_table)
        own = sum(d.ns.total - d.ew.total for d in entries[t.table].deals)
        assert t.ns is not None and t.ew is not None
        for c in t.ns:
            assert (scores[c].mp, scores[c].vp, scores[c].source) == (own, ns_vp, ScoreSource.SHEET)
        for c in t.ew:
            assert (scores[c].mp, scores[c].vp) == (-own, ew_vp)
    # the travellers sum to zero over the field, board by board
    for rows in boards.travellers(state, 1).values():
        assert sum(c.ns for c in rows) == 0


def test_the_field_method_is_the_alternative(tmp_path: Path) -> None:
    """The event option "field": the datum is the average of every table, its own included."""
    svc, ev = event(tmp_path, comparison="field")
    _enter_all(svc, ev, 1, 4)
    for rows in svc.travellers(ev, 1).values():
        total = sum(c.ns_mp for c in rows)
        for c in rows:
            assert c.datum == Fraction(total, len(rows))


def test_line_card_rows_per_board(tmp_path: Path) -> None:
    """A line's card: per board its table, direction, MP, datum and difference, and the
    round's total and VP once the round is complete (art. 20)."""
    svc, ev = event(tmp_path)
    _enter_all(svc, ev, 1, 4)
    state = svc.state(ev)
    seat = state.table_of(1, 1)
    assert seat is not None and seat.ns is not None
    direction = "ns" if 1 in seat.ns else "ew"
    card = svc.line_card(ev, 1)
    assert [r.board for r in card] == [a.board for a in boards.board_plan(state, 1).at(seat.table)]
    assert {r.direction for r in card} == {direction}
    assert sum(r.difference for r in card) == card[0].round_difference
    assert card[0].round_vp == round_scores(state, 1, as_of=2)[1].vp


# ------------------------------------------------------------------ board checks, Law 13
def test_board_checks_and_a_wrong_count_for_the_arbiter(tmp_path: Path) -> None:
    """Law 13 model: a table records its count of each board once; the expected counts are
    "checked"; a wrong count is a case for the arbiter until a board ruling settles it."""
    svc, ev = event(tmp_path)
    svc.run(ev, values.CheckBoard(1, 1, 1, None))
    svc.run(ev, values.CheckBoard(1, 1, 2, {"N": 11, "P1": 11}))
    svc.run(ev, values.CheckBoard(1, 2, 2, {"N": 12, "S": 10}))
    checks = svc.board_checks(ev, 1)
    assert checks[(1, 1)].status == "checked" and checks[(1, 1)].counts is None
    assert checks[(1, 2)].status == "checked" and checks[(1, 2)].counts is None
    assert checks[(2, 2)].status == "wrong"
    assert checks[(2, 2)].wrong == {"N": (12, 11), "S": (10, 11)}
    assert checks[(3, 1)].status == "unchecked"
    with refused("already checked"):
        svc.run(ev, values.CheckBoard(1, 1, 1, None))
    with refused("does not play board 3"):
        svc.run(ev, values.CheckBoard(1, 1, 3, None))
    with refused("unknown pocket"):
        svc.run(ev, values.CheckBoard(1, 3, 1, {"X": 3}))
    check = BoardCheck(2, (HandCount("N", 12, 11), HandCount("S", 10, 11)))
    ruling = law13_outcome(check)
    assert ruling.outcome is Law13Outcome.CORRECT_AND_PLAY
    svc.run(ev, values.RecordBoardRuling(1, 2, ruling, "N had 12 cards, S 10"))
    assert svc.board_checks(ev, 1)[(2, 2)].status == "ruled"


def test_boards_are_checked_only_in_a_carte_uguali_event(tmp_path: Path) -> None:
    """Without the comparison there are no prepared boards to count."""
    svc, ev = event(tmp_path, comparison=None)
    with refused("carte uguali"):
        svc.run(ev, values.CheckBoard(1, 1, 1, None))


def test_a_law13_arbitral_score_leaves_the_board_out_of_the_comparison(tmp_path: Path) -> None:
    """Law 13 C (result cancelled, arbitral score): the board played at that table counts
    neither for the table nor for the field (docs/rulings.md)."""
    svc, ev = event(tmp_path)
    check = BoardCheck(1, (HandCount("N", 12, 11), HandCount("S", 10, 11)))
    ruling = law13_outcome(check, play_completed=True)
    assert ruling.outcome.arbitral_score
    svc.run(ev, values.RecordBoardRuling(1, 1, ruling, "found after play"))
    _enter_all(svc, ev, 1, 4)
    trav = svc.travellers(ev, 1)
    assert 1 not in {c.table for c in trav[1]} and 1 in {c.table for c in trav[2]}
    assert sum(c.ns for c in trav[1]) == 0


def test_board_checks_survive_export_import_and_the_log_check(tmp_path: Path) -> None:
    """The board-checked record is exported, checked again as the live action on import
    (a second count of the same board is refused) and replayed to the same state."""
    svc, ev = event(tmp_path)
    svc.run(ev, values.CheckBoard(1, 1, 1, None))
    svc.run(ev, values.CheckBoard(1, 2, 2, {"W": 10}))
    _enter_all(svc, ev, 1, 4)
    data = export_event(svc, ev)
    kinds = [r["kind"] for r in data["records"]]
    assert kinds.count("board-checked") == 2
    copy = import_event(svc, data, "cu2")
    assert isinstance(copy, EventState)
    assert copy.board_checks.keys() == svc.state(ev).board_checks.keys()
    assert svc.board_checks("cu2", 1) == svc.board_checks(ev, 1)
    assert standings(copy) == standings(svc.state(ev))
    twice = dict(data)
    first = next(r for r in data["records"] if r["kind"] == "board-checked")
    twice["records"] = [*data["records"], {**first, "seq": len(data["records"]) + 1}]
    with refused("already checked"):
        import_event(svc, twice, "cu3")


# ------------------------------------------------------------------ properties
@settings(max_examples=60, deadline=None)
@given(tables=st.integers(1, 30), deals=st.integers(1, 4))
def test_every_table_plays_each_board_once_and_no_copy_is_wanted_twice(
    tables: int, deals: int
) -> None:
    """Art. 7 carte preparate: every table (so every line of a direction) plays each board of
    the round once; at any deal no copy of a board is at two tables."""
    plan = BoardPlan(tables, deals)
    for t in range(1, tables + 1):
        assert sorted(a.board for a in plan.at(t)) == list(range(1, deals + 1))
    at_deal = [(a.deal, a.board, a.copy) for a in plan.assignments()]
    assert len(at_deal) == len(set(at_deal))


@settings(max_examples=25, deadline=None)
@given(
    pairs=st.integers(4, 20),
    scores=st.lists(
        st.tuples(
            st.integers(0, 30), st.integers(-20, 60), st.integers(0, 30), st.integers(-20, 60)
        ),
        min_size=40,
        max_size=40,
    ),
)
def test_a_seated_round_compares_to_zero_over_the_field(
    pairs: int, scores: list[tuple[int, int, int, int]]
) -> None:
    """Every line of a direction plays each board once in a seated round, and the
    comparison of each board sums to zero over the field (art. 20)."""
    from arbitro.tournament.commands import publish_seating, register, seat

    state = EventState("p", config(), NOW)
    for i in range(1, pairs + 1):
        for rec in register(state, f"C{i}", (f"a{i}", f"b{i}"), NOW):
            state.apply(rec)
    state.apply(seat(state, 1, NOW))
    state.apply(publish_seating(state, 1, NOW))
    plan = boards.board_plan(state, 1)
    seating = state.round(1).seating
    assert seating is not None
    seen: dict[tuple[str, int], int] = {}
    for t in seating.tables:
        if t.is_incomplete:
            continue
        for direction, line in (("ns", t.ns), ("ew", t.ew)):
            for a in plan.at(t.table):
                assert line is not None
                for c in line:
                    seen[(f"{direction}{c}", a.board)] = (
                        seen.get((f"{direction}{c}", a.board), 0) + 1
                    )
    assert set(seen.values()) == {1}
    rows = iter(scores)
    from arbitro.tournament.records import Record, SheetEntered

    for number in range(1, plan.tables + 1):
        deals = [next(rows), next(rows)]
        entry = sheet(*((a * 100, b * 5, c * 100, d * 5) for a, b, c, d in deals))
        body = SheetEntered(1, number, entry.to_payload())
        state.apply(Record(body, NOW, seq=state.last_seq + 1))
    for rows_ in boards.travellers(state, 1).values():
        assert sum(c.ns for c in rows_) == 0


def test_an_abandon_leaves_its_table_out_and_the_round_completes(tmp_path: Path) -> None:
    """Art. 36: a table where a line abandoned scores the rest score and its counterpart as
    in any event; it takes no part in the comparison, and the other tables' round is
    complete without its sheet."""
    svc, ev = event(tmp_path)
    seating = svc.state(ev).round(1).seating
    assert seating is not None
    gone = seating.tables[3]
    assert gone.ns is not None
    svc.run(ev, values.RecordAbandon(1, gone.ns[0], True, "malore"))
    for t in range(1, 4):
        svc.enter_sheet(ev, 1, t, sheet((100 * t, 50, 0, 30), (0, 20 * t, 200, 40)))
    state = svc.state(ev)
    assert boards.compared_tables(state, 1) == [1, 2, 3]
    scores = round_scores(state, 1, as_of=2)
    assert {scores[c].source for c in gone.ns} == {ScoreSource.FORFEIT}
    assert {s.source for c, s in scores.items() if s.table != gone.table} == {ScoreSource.SHEET}
    for rows in svc.travellers(ev, 1).values():
        assert [c.table for c in rows] == [1, 2, 3] and sum(c.ns for c in rows) == 0


def test_a_board_ruling_names_a_board_the_table_plays(tmp_path: Path) -> None:
    """Law 13 on a prepared board: in a carte uguali event the ruled board must be one of
    the table's boards this round (art. 7 board plan)."""
    svc, ev = event(tmp_path)
    ruling = law13_outcome(BoardCheck(3, (HandCount("N", 12, 11),)))
    with refused("does not play board 3"):
        svc.run(ev, values.RecordBoardRuling(1, 1, ruling, "board 3?"))


def test_a_score_the_board_makes_impossible_is_flagged_to_the_director(tmp_path: Path) -> None:
    """Carte uguali: the cards of every board are known, so a sheet whose two lines together
    claim more card points than the deal holds (FIBAS arts. 3, 19) is flagged (not refused:
    the director corrects it, art. 21, or lets it stand); plausible sheets raise nothing."""
    svc, ev = event(tmp_path)
    svc.enter_sheet(ev, 1, 1, sheet((0, 1060, 0, 1060), (0, 20, 200, 40)))
    for t in (2, 3, 4):
        svc.enter_sheet(ev, 1, t, sheet((100 * t, 50, 0, 30), (0, 20 * t, 200, 40)))
    state = svc.state(ev)
    flags = boards.flagged_entries(state, 1)
    assert [(f.table, f.deal) for f in flags] == [(1, 1)]
    assert flags[0].board == boards.board_plan(state, 1).at(1)[0].board
    assert flags[0].problems
    assert boards.flagged_entries(state, 2) == []


def test_the_boards_are_the_event_codes_own_read_from_its_spec() -> None:
    """The prepared boards come from the module the event's code names (``CodeSpec.boards``,
    issue 30): FIBAS deals Burraco's (art. 6: 11 cards in each hand and pozzetto); a code
    without carte uguali (Parole UISP) is refused, naming it, not dealt Burraco's boards."""
    fibas = EventState("x", config(), NOW)
    assert boards.expected_counts(fibas) == {"N": 11, "E": 11, "S": 11, "W": 11, "P1": 11, "P2": 11}
    parole = EventState("y", config(code="burraco-parole-uisp", game="parole"), NOW)
    with refused("has no carte uguali"):
        boards.expected_counts(parole)
    with refused("has no carte uguali"):
        boards.board_maker(parole)
