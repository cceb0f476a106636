"""Issue 14, a round's sheets scored at once: the game's sheet scores every table of a round
in one call (:meth:`SheetKind.score_round`), and the round's scores are made from it. Each
gives what a sheet scored alone gives (:meth:`EventState.sheet_result`, FIBAS art. 19 b, 20;
Scala 40 art. 22): the same MP and VP for every competitor seated, in the same order, on the
legacy event files."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.services.event_file import read_event_file
from arbitro.tournament.event import EventState
from arbitro.tournament.scoring.results import ScoreSource, round_scores

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy"
ROUND_EVENTS = [
    "burraco-pairs",
    "burraco-teams",
    "burraco-individual",
    "burraco-500",
    "parole",
    "scala40",
]
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


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
