"""Issue 14: an event file read from its text (str or bytes) by msgspec, straight into typed
rows and each payload into its body, gives the records, the state and the file's SHA-256 that
reading its parsed JSON gives; a file whose envelope is not a valid one's is read again by the
exact path, so every refusal names what is wrong in the same words."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbitro.errors import ArbitroError
from arbitro.services import event_file
from arbitro.services.events import EventService
from arbitro.store import RecordStore

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy"
FILES = sorted(p for p in LEGACY.glob("*.json") if not p.name.endswith(".standings.json"))
NOW = datetime(2026, 11, 28, tzinfo=UTC)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_legacy_file_read_from_its_text_is_read_as_from_its_json(path: Path) -> None:
    raw = path.read_bytes()
    data = json.loads(raw)
    assert event_file._read_text(raw) is not None  # the typed path read it, no fallback
    by_json = event_file.read_event_file(data, NOW)
    for text in (raw, raw.decode("utf-8")):
        got = event_file.read_event_file(text, NOW)
        assert got[:3] == by_json[:3]
        assert [r.payload for r in got[2]] == [r.payload for r in by_json[2]]
        assert [(r.at, r.actor, r.reason, r.seq) for r in got[2]] == [
            (r.at, r.actor, r.reason, r.seq) for r in by_json[2]
        ]
        assert event_file.file_digest(text) == event_file.file_digest(data)


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return change


BROKEN: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("format", _set(("format",), "other")),
    ("version", _set(("version",), 2)),
    ("version true", _set(("version",), True)),  # json: True == 1, read as before
    ("empty name", _set(("name",), " ")),
    ("no records", _set(("records",), [])),
    ("gap", _set(("records", 2, "seq"), 9)),
    ("seq as float", _set(("records", 2, "seq"), 3.0)),  # json: 3.0 == 3, read as before
    ("bad time", _set(("records", 1, "recorded_at"), "yesterday")),
    ("no actor", _set(("records", 1, "actor"), "")),
    ("reason not text", _set(("records", 1, "reason"), 4)),
    ("row not object", _set(("records", 1), [1])),
    ("unknown kind", _set(("records", 1, "kind"), "sheet-burned")),
    ("payload not object", _set(("records", 1, "payload"), [1])),
    ("payload field", _set(("records", 1, "payload", "competitor"), "x")),
]


@pytest.mark.parametrize("change", [c for _n, c in BROKEN], ids=[n for n, _c in BROKEN])
def test_a_file_read_from_its_text_is_refused_in_the_same_words(
    change: Callable[[dict[str, Any]], None],
) -> None:
    data = json.loads((LEGACY / "burraco-pairs.json").read_bytes())
    assert data["records"][1]["kind"] == "competitor-registered"
    change(data)

    def outcome(given: Any) -> Any:
        try:
            _id, _name, records, _state = event_file.read_event_file(given, NOW)
        except ArbitroError as exc:
            return exc.msg.msgid, exc.msg.params
        return [r.payload for r in records]

    expected = outcome(copy.deepcopy(data))
    assert outcome(json.dumps(data)) == expected
    assert outcome(json.dumps(data).encode()) == expected


def test_a_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(ArbitroError) as err:
        event_file.read_event_file(b'{"format": "arbitro-event-file", ', NOW)
    assert err.value.msg.msgid == "the file is not valid JSON ({error})"


def test_an_import_from_the_text_stores_the_rows_of_the_import_from_the_json(
    tmp_path: Path,
) -> None:
    raw = (LEGACY / "burraco-pairs.json").read_bytes()
    rows = []
    for n, data in enumerate((json.loads(raw), raw)):
        service = EventService(RecordStore(f"sqlite:///{tmp_path / f'{n}.sqlite3'}"))
        event_file.import_event(service, data, "pairs", actor="director")
        stored = service.store.records("pairs")
        rows.append([(r.kind, json.dumps(r.payload), r.actor, r.reason) for r in stored])
    assert rows[0] == rows[1]
    assert rows[1][-1][0] == "event-imported"
    assert json.loads(rows[1][-1][1])["file_sha256"] == event_file.file_digest(json.loads(raw))


def test_the_replay_command_reads_a_legacy_file_to_its_standings() -> None:
    """``arbitro replay FILE`` hands the file's text to msgspec: the standings after the last
    round are those the landed version computed (FIBAS art. 4 seating, art. 20 scores)."""
    from typer.testing import CliRunner

    from arbitro.cli.main import app

    expected = json.loads((LEGACY / "burraco-pairs.standings.json").read_text("utf-8"))
    result = CliRunner().invoke(app, ["replay", str(LEGACY / "burraco-pairs.json"), "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    key = ("rank", "competitor", "vp", "mp", "withdrawn")
    assert [[r[k] for k in key] for r in got["rows"]] == [
        [r[k] for k in key] for r in expected["rows"]
    ]
