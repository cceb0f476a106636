"""Issue 14, the log check's fold and score made cheaper: a sheet's round found once for its
decision, the fold of an entry on the round at hand, the parsed deals, sheet versions, contexts
and outcomes made with their slots set directly, the seating check without throw-away tables. Each gives what the general path
gives: the same state as the plain fold on the legacy event files, equal (and equally hashed,
still frozen) values, the same refusals with the same words (FIBAS art. 4, 19)."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest

from arbitro.errors import ArbitroError
from arbitro.services.event_file import read_event_file
from arbitro.tournament.event import EventState, SheetVersion
from arbitro.tournament.log_check import _seated, check_log
from arbitro.tournament.records import (
    CompetitorRegistered,
    Record,
    RoundSeated,
    SeatedTable,
    SheetEntered,
    record_of,
    utc,
)
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, check_sheet
from arbitro.tournament.sheets.kind import (
    SheetContext,
    SheetOutcome,
    SheetScore,
    outcome,
    sheet_context_of,
)
from arbitro.tournament.table_sheets import sheet_version

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


def legacy_records(name: str) -> list[Record]:
    """The records of the legacy event file ``name``, read and checked."""
    data = json.loads((LEGACY / f"{name}.json").read_text("utf-8"))
    _id, _name, records, _state = read_event_file(data, NOW)
    return records


@pytest.mark.parametrize("name", ROUND_EVENTS)
def test_the_checked_fold_equals_the_plain_fold_on_the_legacy_files(name: str) -> None:
    """The log check folds each sheet with the entry it parsed; the plain fold
    (:meth:`EventState.replay`) parses it again: same rounds
    (seatings, sheets with every version, signers, conflicts, corrections), same players
    gone (Scala 40 art. 25), same last record."""
    records = legacy_records(name)
    checked = check_log("x", records, NOW)
    plain = EventState.replay("x", records)
    assert isinstance(checked, EventState)
    assert checked.rounds == plain.rounds
    assert checked.left_on_sheet == plain.left_on_sheet
    assert checked.last_seq == plain.last_seq == len(records)
    assert sum(len(r.sheets) for r in checked.rounds.values()) >= 5


def test_a_sheet_version_with_its_slots_set_is_the_one_init_makes() -> None:
    """Equal, hashed the same, as frozen as :class:`SheetVersion`'s own ``__init__``."""
    entry = SheetEntry.from_payload({"deals": [[100, 85, 0, 5], [300, 120, 100, 85]]})
    at = datetime(2026, 11, 28, 13, 0)  # naive: read as UTC
    rec = Record(SheetEntered(2, 7, entry.to_payload(), "ns"), at, "phone", "resent", 41)
    made = sheet_version(rec, entry, "entered", "ns")
    plain = SheetVersion(41, entry, "phone", utc(at), "entered", "resent", 0, "ns")
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "conflict"  # type: ignore[misc]


def test_a_record_read_from_a_file_with_its_slots_set_is_the_one_init_makes() -> None:
    """FIBAS art. 2: a registration read from an event file (``record_of``) is equal to, hashed
    and printed as, and as frozen as the record :class:`Record`'s own ``__init__`` makes."""
    at = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
    body = CompetitorRegistered(3, "Coppia Rossi", ("Anna", "Bruno"))
    made = record_of(body, at, "director", None, 4)
    plain = Record(body, at, "director", None, 4)
    assert type(made) is Record
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert made != record_of(body, at, "director", "late entry", 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.seq = 5  # type: ignore[misc]


def test_parsed_deals_and_outcomes_with_their_slots_set_are_the_ones_init_makes() -> None:
    """FIBAS art. 19 sample sheet: ``[N-S base, N-S points, E-W base, E-W points]`` per deal,
    and a closed room for teams; the parsed sheet equals the one built field by field."""
    data = {"deals": [[100, 85, 0, 5], [300, 120, 100, 85]], "closed_room": [[0, 5, 100, 85]]}
    parsed = SheetEntry.from_payload(data)
    built = SheetEntry(
        (
            DealScore(LineDeal(100, 85), LineDeal(0, 5)),
            DealScore(LineDeal(300, 120), LineDeal(100, 85)),
        ),
        (DealScore(LineDeal(0, 5), LineDeal(100, 85)),),
    )
    assert parsed == built and hash(parsed) == hash(built) and repr(parsed) == repr(built)
    assert parsed.to_payload() == data
    with pytest.raises(AttributeError):  # a deal is a named pair: never changed
        parsed.deals[0].ns = LineDeal(0, 0)  # type: ignore[misc]
    scores = {1: SheetScore(10, 12), 2: SheetScore(-10, 8)}
    made = outcome(scores, (300, 290), (scores[1], scores[2]))
    assert made == SheetOutcome(scores, (300, 290), (scores[1], scores[2]))
    assert type(made) is SheetOutcome


def test_an_impossible_line_is_named_north_south_first_art_19() -> None:
    """FIBAS art. 19: the check reads both lines of a deal at once, and still names the
    first line out of bounds: E-W when N-S is right, N-S when both are wrong."""
    code = rules_for("burraco-fibas")
    ew_wrong = SheetEntry.from_payload({"deals": [[100, 85, 0, 5], [300, 120, 100, 83]]})
    with pytest.raises(ArbitroError) as err:
        check_sheet(code, ew_wrong, deals=2, teams=False)
    where = err.value.msg.params["where"]
    assert where.params["deal"] == 2 and where.params["side"].msgid == "E-W"
    assert err.value.msg.msgid == "{where}: points {points} are not a multiple of {step}"
    both_wrong = SheetEntry.from_payload({"deals": [[100, 85, 0, 5], [30, 120, 100, 83]]})
    with pytest.raises(ArbitroError) as err:
        check_sheet(code, both_wrong, deals=2, teams=False)
    assert err.value.msg.params["where"].params["side"].msgid == "N-S"
    assert err.value.msg.params["base"] == 30


def _with_seating(name: str, change: int) -> list[Record]:
    """The legacy log up to its first seating, with that seating's table ``change``'s E-W
    line replaced by table 1's N-S line (a competitor seated twice)."""
    records = legacy_records(name)
    first = next(n for n, r in enumerate(records) if isinstance(r.body, RoundSeated))
    body = records[first].body
    assert isinstance(body, RoundSeated)
    tables = list(body.tables)
    t = tables[change - 1]
    tables[change - 1] = SeatedTable(t.table, t.ns, tables[0].ns, t.players)
    seated = msgspec.structs.replace(body, tables=tuple(tables))
    rec = records[first]
    return [*records[:first], Record(seated, rec.at, rec.actor, rec.reason, rec.seq)]


def test_a_competitor_seated_twice_is_refused_in_the_file_art_4() -> None:
    """FIBAS art. 4: each competitor sits at one table; the file's seating that seats one
    twice is refused, the record and the competitor named."""
    records = _with_seating("burraco-pairs", 2)
    body = records[-1].body
    assert isinstance(body, RoundSeated) and body.tables[0].ns is not None
    with pytest.raises(ArbitroError) as err:
        check_log("x", records, NOW)
    problem = err.value.msg.params["problem"]
    assert problem.msgid == "competitor {competitor} is seated twice"
    assert problem.params["competitor"] == body.tables[0].ns[0]


def test_a_withdrawn_competitor_seated_is_refused_in_the_file_art_4() -> None:
    """A competitor who withdrew before the round does not play it: a seating that seats
    them is refused, naming them and the round; a seat for a number never registered is
    refused as the live lookup refuses it."""
    records = legacy_records("burraco-pairs")
    checked = check_log("x", records, NOW)
    assert isinstance(checked, EventState)
    first = next(n for n, r in enumerate(records) if isinstance(r.body, RoundSeated))
    body = records[first].body
    assert isinstance(body, RoundSeated) and body.tables[0].ns is not None
    state = check_log("x", records[:first], NOW)
    assert isinstance(state, EventState)
    gone = body.tables[0].ns[0]
    state.competitors[gone].withdrawn_from_round = body.round
    with pytest.raises(ArbitroError) as err:
        _seated(state, body)
    assert err.value.msg.msgid == "competitor {competitor} does not play in round {round}"
    assert err.value.msg.params == {"competitor": gone, "round": body.round}
    state.competitors[gone].withdrawn_from_round = None
    t = body.tables[0]
    unknown = msgspec.structs.replace(
        body, tables=(SeatedTable(t.table, (999,), t.ew), *body.tables[1:])
    )
    with pytest.raises(ArbitroError) as err:
        _seated(state, unknown)
    assert err.value.msg.msgid == "no competitor number {number}"


def test_a_sheet_context_shares_the_round_and_equals_the_one_init_makes() -> None:
    """A round's tables share its rules, deals and format (FIBAS art. 20: the VP table of
    the round's deals); each context equals the one built field by field, and a context of
    another round reads that round's deals."""
    state = check_log("x", legacy_records("burraco-pairs"), NOW)
    assert isinstance(state, EventState)
    seating = state.round(1).seating
    assert seating is not None
    first, second = seating.tables[0], seating.tables[1]
    ctx = state.sheet_context(1, first)
    teams = state.config.event_format == "teams"
    plain = SheetContext(state.code, first, state.deals(1), teams, state.config.duplicate)
    assert ctx == plain and type(ctx) is SheetContext
    assert state.sheet_context(1, first) is ctx  # made once per seat
    other = state.sheet_context(1, second)
    assert other.seat is second and other.rules is ctx.rules and other.deals == ctx.deals
    made = sheet_context_of(state.code, first, 3, True, False)
    assert made == SheetContext(state.code, first, 3, True, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.deals = 2  # type: ignore[misc]
    last = state.config.rounds
    later = state.round(last).seating
    assert later is not None
    assert state.sheet_context(last, later.tables[0]).deals == state.deals(last)
