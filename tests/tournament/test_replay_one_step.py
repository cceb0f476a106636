"""The log check's shorter paths (issue 14, replay at the speed of reading the file): a sheet
parsed, decided and folded in one step; bodies compared before any serialising; a two-line
sheet scored without its intermediate result. Each gives what the longer path gave: the
same outcomes on the legacy event files (FIBAS art. 19 b, 20: totals, MP difference, VP by
the table), the same refusals with the same words."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.event_file import read_event_file
from arbitro.tournament.event import EventState
from arbitro.tournament.log_check import _same_body, check_log
from arbitro.tournament.records import (
    CompetitorRegistered,
    Record,
    RoundSeated,
    SeatedTable,
    SheetEntered,
)
from arbitro.tournament.scoring.sheet import score_sheet
from arbitro.tournament.sheets.lines import LinesSheet

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy"
TWO_LINES = ["burraco-pairs", "burraco-teams", "parole", "burraco-500"]
NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def _state(name: str) -> EventState:
    data = json.loads((LEGACY / f"{name}.json").read_text("utf-8"))
    _id, _name, _records, state = read_event_file(data, NOW)
    assert isinstance(state, EventState)
    return state


@pytest.mark.parametrize("name", TWO_LINES)
def test_a_two_line_sheet_scores_as_score_sheet_on_the_legacy_files(name: str) -> None:
    """FIBAS art. 19 b, 20 (Parole art. 5, 12): each sheet in force gives its lines the
    totals, the MP difference and the VP of :func:`score_sheet`, the teams' closed room
    included; every seated competitor of the line gets its line's score."""
    state = _state(name)
    kind = state.sheet_kind
    assert isinstance(kind, LinesSheet)
    scored = 0
    for number, rnd in state.rounds.items():
        assert rnd.seating is not None
        for table, sheet in rnd.sheets.items():
            seat = rnd.seating.table(table)
            entry = sheet.entry_as_of(state.config.rounds)
            if seat is None or entry is None:
                continue
            ctx = state.sheet_context(number, seat)
            outcome = kind.score(ctx, entry)
            res = score_sheet(
                ctx.rules, entry, deals=ctx.deals, teams=ctx.teams, duplicate=ctx.duplicate
            )
            assert outcome.totals == (res.ns_total, res.ew_total)
            assert [(s.mp, s.vp) for s in outcome.sides] == [
                (res.ns_mp, res.ns_vp),
                (res.ew_mp, res.ew_vp),
            ]
            assert {c: (s.mp, s.vp) for c, s in outcome.scores.items()} == {
                **{c: (res.ns_mp, res.ns_vp) for c in seat.ns or ()},
                **{c: (res.ew_mp, res.ew_vp) for c in seat.ew or ()},
            }
            scored += 1
    assert scored >= 5


@pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")
def test_bodies_equal_or_of_the_same_json_form_are_the_same() -> None:
    """A command's record matches the file's when the JSON forms agree, even if one holds a
    list where the other holds a tuple; any other difference is one."""
    made = CompetitorRegistered(3, "Rossi - Bianchi", ("Rossi", "Bianchi"))
    assert _same_body(made, CompetitorRegistered(3, "Rossi - Bianchi", ("Rossi", "Bianchi")))
    as_list = CompetitorRegistered(3, "Rossi - Bianchi", ["Rossi", "Bianchi"])  # type: ignore[arg-type]
    assert made != as_list
    assert _same_body(made, as_list)
    assert not _same_body(made, CompetitorRegistered(4, "Rossi - Bianchi", ("Rossi", "Bianchi")))
    assert not _same_body(made, SheetEntered(1, 1, {}))


def _log(entry: dict[str, object]) -> list[Record]:
    data = json.loads((LEGACY / "burraco-500.json").read_text("utf-8"))
    _id, _name, records, _state = read_event_file(data, NOW)
    # the log up to round 1's first sheet, then that sheet with ``entry`` instead
    first = next(n for n, r in enumerate(records) if isinstance(r.body, SheetEntered))
    body = records[first].body
    assert isinstance(body, SheetEntered)
    bad = Record(SheetEntered(body.round, body.table, entry), records[first].at, "director")
    return [*records[:first], Record(bad.body, bad.at, bad.actor, None, first + 1)]


def test_a_sheet_refused_in_one_step_names_its_record_and_article() -> None:
    """FIBAS art. 19: a deal of the wrong shape, and a sheet of the wrong number of deals,
    are refused as the live entry refuses them, the record named."""
    with pytest.raises(ArbitroError) as err:
        check_log("x", _log({"deals": [[0, 0, 0], [0, 0, 0, 0]]}), NOW)
    assert err.value.msg.msgid == "record {seq} ({kind}) would be refused: {problem}"
    assert err.value.msg.params["kind"] == "sheet-entered"
    assert err.value.msg.params["problem"].msgid.startswith("invalid deal row")
    with pytest.raises(ArbitroError) as err:
        check_log("x", _log({"deals": [[0, 0, 0, 0]]}), NOW)
    problem = err.value.msg.params["problem"]
    assert problem.msgid == "the sheet has {count} deal, the round has {expected}"  # one deal
    assert err.value.article is not None


def test_a_sheet_for_a_table_not_seated_is_refused_in_one_step() -> None:
    """FIBAS art. 4: a sheet for a table that the round's seating does not have."""
    records = _log({"deals": [[0, 0, 0, 0], [0, 0, 0, 0]]})
    last = records[-1]
    assert isinstance(last.body, SheetEntered)
    body = SheetEntered(last.body.round, 999, last.body.entry)
    records[-1] = Record(body, last.at, last.actor, None, last.seq)
    with pytest.raises(ArbitroError) as err:
        check_log("x", records, NOW)
    assert err.value.msg.params["problem"].msgid.startswith("table {table} does not exist")


def test_a_seating_record_is_read_by_its_validator() -> None:
    """The round-seated body read back from its JSON form equals the one folded."""
    state = _state("burraco-500")
    rnd = state.round(1)
    assert rnd.seating is not None
    body = RoundSeated(
        1,
        rnd.movement,  # type: ignore[arg-type]
        tuple(SeatedTable(t.table, t.ns, t.ew, t.players) for t in rnd.seating.tables),
        rnd.seed,
    )
    again = Record.from_json("round-seated", Record(body, NOW).payload, NOW, "director")
    assert again.body == body
