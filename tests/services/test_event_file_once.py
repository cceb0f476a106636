"""Issue 14: an event file is read at the speed of reading it. Its records are folded once
per import and once per replay (the check's fold is the state), written in one transaction
by one insert of all the rows, a sheet's outcome is computed once for the check and the
standings, and every record's payload is read by its kind's one compiled validator."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.errors import ArbitroError
from arbitro.services import event_file
from arbitro.services.demo import played_log
from arbitro.services.events import EventService
from arbitro.store import NewRecord, RecordStore, record_store
from arbitro.tournament import records as records_module
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record, RecordKind
from arbitro.tournament.sheets.lines import LinesSheet
from arbitro.tournament.standings.standings import standings

ROUNDS = 3


def _file(pairs: int = 12) -> dict[str, Any]:
    now = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
    _, log = played_log("once", pairs, ROUNDS, 1, now)
    return {
        "format": "arbitro-event-file",
        "version": 1,
        "event_id": "once",
        "name": "Once",
        "records": [
            {
                "seq": r.seq,
                "kind": r.kind.value,
                "payload": r.payload,
                "actor": r.actor,
                "reason": r.reason,
                "recorded_at": r.at.isoformat(),
            }
            for r in log
        ],
    }


def _count_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    applied: list[int] = []
    apply = EventState.apply

    def counting(self: EventState, rec: Record, parsed: Any = None) -> None:
        applied.append(rec.seq)
        apply(self, rec, parsed)

    monkeypatch.setattr(EventState, "apply", counting)
    return applied


def test_an_import_folds_each_record_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _file()
    n = len(data["records"])
    applied = _count_applies(monkeypatch)
    service = EventService(RecordStore(f"sqlite:///{tmp_path / 'a.sqlite3'}"))
    state = event_file.import_event(service, data)
    # Record 1 starts the state; every later record, and the import's own, is applied once.
    assert sorted(applied) == list(range(2, n + 2))
    assert state.last_seq == n + 1
    assert isinstance(state, EventState)
    assert standings(service.state("once"), ROUNDS) == standings(state, ROUNDS)


def test_an_import_is_one_transaction_and_one_insert(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _file()
    service = EventService(RecordStore(f"sqlite:///{tmp_path / 'a.sqlite3'}"))
    begins: list[bool] = []
    transaction = service.store._transaction

    def counted(write: bool) -> Any:
        begins.append(write)
        return transaction(write)

    monkeypatch.setattr(service.store, "_transaction", counted)
    inserts: list[int] = []
    insert_rows = record_store._insert_rows

    def counting(connection: Any, rows: Iterable[dict[str, Any]]) -> None:
        seen = []

        def each() -> Iterable[dict[str, Any]]:
            for row in rows:
                seen.append(row["seq"])
                yield row

        insert_rows(connection, each())
        inserts.append(len(seen))

    monkeypatch.setattr(record_store, "_insert_rows", counting)
    event_file.import_event(service, data)
    assert begins == [True]  # one writing transaction, no other
    assert inserts == [len(data["records"]) + 1]  # every record and the import's, at once
    stored = service.store.records("once")
    assert [r.seq for r in stored] == list(range(1, len(data["records"]) + 2))
    assert [r.payload for r in stored[:-1]] == [row["payload"] for row in data["records"]]


def test_a_refused_row_leaves_no_event(tmp_path: Path) -> None:
    store = RecordStore(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    good = NewRecord("event-created", {"name": "x"}, "director")
    bad = NewRecord("sheet-entered", {"x": 1}, "nul\x00actor")

    def rows() -> Iterable[NewRecord]:
        yield good
        yield bad

    with pytest.raises(ArbitroError):
        store.create_event("gone", "Gone", "rounds", rows())
    assert not store.has_event("gone")


def test_the_cli_replay_folds_each_record_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitro.cli.main import app

    data = _file()
    path = tmp_path / "once.json"
    path.write_text(json.dumps(data), "utf-8")
    applied = _count_applies(monkeypatch)
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert sorted(applied) == list(range(2, len(data["records"]) + 1))


def test_a_sheet_is_parsed_and_scored_once_for_the_check_and_the_standings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = _file()
    sheets = sum(1 for row in data["records"] if row["kind"] == RecordKind.SHEET_ENTERED.value)
    parsed: list[int] = []
    scored: list[int] = []
    parse, score, score_round = LinesSheet.parse, LinesSheet.score, LinesSheet.score_round

    def counting_parse(self: LinesSheet, payload: Any) -> Any:
        parsed.append(1)
        return parse(self, payload)

    def counting_score(self: LinesSheet, ctx: Any, entry: Any) -> Any:
        scored.append(1)
        return score(self, ctx, entry)

    def counting_score_round(self: LinesSheet, *context: Any) -> Any:
        # a round's sheets scored at once: each table counts once (issue 14)
        scored.extend(1 for _ in context[-1])
        return score_round(self, *context)

    monkeypatch.setattr(LinesSheet, "parse", counting_parse)
    monkeypatch.setattr(LinesSheet, "score", counting_score)
    monkeypatch.setattr(LinesSheet, "score_round", counting_score_round)
    _id, _name, _records, state = event_file.read_event_file(data)
    assert isinstance(state, EventState)
    standings(state, ROUNDS)
    assert len(parsed) == sheets  # parsed to check it, folded as parsed
    assert len(scored) == sheets  # scored to publish the round, kept for the standings


def test_a_record_is_read_by_its_kinds_one_validator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read from its text, every record's payload goes to its kind's one compiled decoder,
    built on its kind's first record and never again: no kind tried in turn. The creation
    (two body classes: the payload decides) is read as a dict."""
    text = json.dumps(_file())
    built: list[type[Any]] = []
    used: list[type[Any]] = []
    new_decoder = records_module._new_decoder

    class Spy:
        def __init__(self, cls: type[Any]) -> None:
            built.append(cls)
            self.cls, self.inner = cls, new_decoder(cls)

        def decode(self, raw: Any) -> Any:
            used.append(self.cls)
            return self.inner.decode(raw)

    monkeypatch.setattr(records_module, "DECODERS", {})
    monkeypatch.setattr(records_module, "_new_decoder", Spy)
    for _ in range(2):
        used.clear()
        _id, _name, records, _state = event_file.read_event_file(text)
        bodies = [type(r.body) for r in records if r.kind is not RecordKind.EVENT_CREATED]
        assert used == bodies
    assert sorted(built, key=str) == sorted(set(bodies), key=str)  # once per class
    assert records[0].kind is RecordKind.EVENT_CREATED and len(used) == len(records) - 1


def test_a_known_kind_read_straight_by_its_validator_refuses_as_before() -> None:
    """The direct path (a kind of one body class, a JSON object) gives the validator's
    body, its lax reading (a round written as text) and its error naming the field."""
    payload = {"round": 2, "table": 3, "entry": {"deals": []}, "line": "ns"}
    for _ in range(2):  # the first read caches the kind's validator, the second uses it
        body = records_module.body_from_json("sheet-entered", payload)
        assert body == records_module.SheetEntered(2, 3, {"deals": []}, "ns")
        lax = records_module.body_from_json("sheet-entered", {**payload, "round": "2"})
        assert lax == body
        with pytest.raises(ArbitroError) as err:
            records_module.body_from_json("sheet-entered", {**payload, "table": "x"})
        assert err.value.msg.msgid == "record «{kind}»: field «{field}» is not valid ({value})"
        assert err.value.msg.params == {
            "kind": "sheet-entered",
            "field": "table",
            "value": "'x'",
        }
    knockout = records_module.body_from_json(
        "event-created", {"competition": "knockout", "name": "K", "game": "briscola"}
    )
    assert isinstance(knockout, records_module.KnockoutCreated)


def test_the_file_digest_is_the_canonical_texts_hashed_piecewise() -> None:
    import hashlib

    data = _file(pairs=4)
    data["exported_at"] = "2026-11-25T01:00:00+00:00"
    data["name"] = "Città «Coppa»"
    # Rows over several of the chunks the digest encodes at a time, the last one partial.
    many = {"records": [{"seq": n, "b": "é"} for n in range(2 * event_file.DIGEST_CHUNK + 3)]}
    for value in (data, {"records": [], "a": 1}, {"x": [1, 2]}, [1, 2], many):
        text = json.dumps(value, sort_keys=True, ensure_ascii=True).encode("ascii")
        assert event_file.file_digest(value) == hashlib.sha256(text).hexdigest()


def test_what_a_file_made_leaves_the_pause_in_the_oldest_generation_still_collectable() -> None:
    """The records and the state read from a file live as long as the event: leaving the
    collector's pause, they are in its oldest generation, so the next young collection does
    not scan them all once more; a cycle dropped later is still collected."""
    import gc
    import weakref

    class Node:
        def __init__(self) -> None:
            self.me = self

    assert gc.isenabled()
    with event_file.gc_paused():
        assert not gc.isenabled()
        _id, _name, records, state = event_file.read_event_file(json.dumps(_file()))
        cycle = Node()
        gone = weakref.ref(cycle)
    assert gc.isenabled()
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(state) in oldest and id(records) in oldest and id(cycle) in oldest
    assert not any(id(o) in oldest for o in gc.get_objects(generation=0))
    del cycle
    gc.collect()
    assert gone() is None
