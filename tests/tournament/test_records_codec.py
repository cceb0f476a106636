"""Issue 14: the records' JSON read and written by msgspec (one compiled decoder per body
class) gives, key for key and byte for byte, the JSON pydantic gave: every record of every
legacy event file (tests/regressions/legacy) is compared with pydantic's own reading and
writing of the same types, here in the test (pydantic stays installed for the JSON Schema and
FastAPI, but ``arbitro.tournament.records`` no longer imports it). The bodies are msgspec
Structs, which pydantic does not read: pydantic reads and writes the dataclass of the same
fields and types the event file's schema is generated from."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import msgspec
import pytest
from pydantic import TypeAdapter

from arbitro.errors import ArbitroError
from arbitro.services.event_file import _schema_class
from arbitro.tournament import records as R
from arbitro.tournament.records import RecordKind, body_from_json, body_from_raw, body_to_json

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy"
FILES = sorted(p for p in LEGACY.glob("*.json") if not p.name.endswith(".standings.json"))
INVALID = "record «{kind}»: field «{field}» is not valid ({value})"


_LIKE: dict[type[Any], type[Any]] = {}


def _like(value: Any) -> Any:
    """``value`` with every body in it (a msgspec Struct, which pydantic does not read) made
    the dataclass the event file's schema is generated from: the same fields and types."""
    if isinstance(value, msgspec.Struct):
        cls = _schema_class(type(value), _LIKE)
        return cls(**{n: _like(getattr(value, n)) for n in value.__struct_fields__})
    if isinstance(value, tuple | list):
        return type(value)(_like(v) for v in value)
    if isinstance(value, dict):
        return {k: _like(v) for k, v in value.items()}
    return value


def _plain(value: Any) -> Any:
    """A body (a Struct or its schema dataclass) as its class name and its fields' values,
    each value with its type: what two readings of one payload must both give."""
    if isinstance(value, msgspec.Struct):
        return (
            type(value).__name__,
            [(n, _plain(getattr(value, n))) for n in value.__struct_fields__],
        )
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (type(value).__name__, [(f.name, _plain(getattr(value, f.name))) for f in fields])
    if isinstance(value, tuple | list):
        return (type(value).__name__, [_plain(v) for v in value])
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return (type(value).__name__, value)


def _pydantic_json(body: Any) -> dict[str, Any]:
    """What records.body_to_json wrote with pydantic: dump_python(mode="json"), event_format
    written "format", None-valued optional keys left out but those of ``_KEEP_NONE``."""
    like = _like(body)
    data = TypeAdapter(type(like)).dump_python(like, mode="json")
    data = {("format" if k == "event_format" else k): v for k, v in data.items()}
    return {k: v for k, v in data.items() if v is not None or k in R._KEEP_NONE}


def _pydantic_body(kind: str, payload: dict[str, Any]) -> Any:
    """What records.body_from_json read with pydantic (by the JSON key "format"), as the
    body's schema dataclass."""
    classes = R.BODIES[RecordKind(kind)]
    if kind == "event-created":
        classes = classes[1:] if payload.get("competition") == "knockout" else classes[:1]
    data = {k: v for k, v in payload.items() if k != "event_format"}
    if "format" in data and classes[0] in (R.EventCreated, R.KnockoutCreated):
        data["event_format"] = data.pop("format")
    return TypeAdapter(_schema_class(classes[0], _LIKE)).validate_python(data)


def test_importing_the_records_does_not_import_pydantic() -> None:
    code = "import sys, arbitro.tournament.records; print('pydantic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_legacy_record_reads_and_writes_as_pydantic_did(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    kinds: set[str] = set()
    for row in data["records"]:
        kind, payload = row["kind"], row["payload"]
        body = body_from_json(kind, payload)
        assert _plain(body) == _plain(_pydantic_body(kind, payload))
        raw = json.dumps(payload).encode()
        assert body_from_raw(kind, raw) == body
        # The same text: keys, their order, values (the store rows and file_digest follow).
        assert json.dumps(body_to_json(body)) == json.dumps(_pydantic_json(body))
        kinds.add(kind)
    assert "event-created" in kinds


def test_a_created_event_writes_format_where_pydantic_wrote_it() -> None:
    """FIBAS art. 4, 7: the configuration's JSON key is "format" (never event_format)."""
    created = body_from_json(
        "event-created",
        {"name": "Coppa", "format": "pairs", "rounds": 2, "deals": [2, 2], "movements": ["draw"]},
    )
    assert isinstance(created, R.EventCreated)
    out = body_to_json(created)
    assert list(out)[:3] == ["name", "format", "rounds"] and "event_format" not in out
    assert out["deals"] == [2, 2] and out["movements"] == ["draw"]  # enums, tuples as lists
    knockout = body_from_json("event-created", {"competition": "knockout", "name": "K"})
    assert body_to_json(knockout)["format"] == "pairs"
    # Read by its JSON key only, as pydantic read it: "event_format" is not the key.
    with pytest.raises(ArbitroError) as err:
        body_from_json(
            "event-created",
            {"name": "C", "event_format": "pairs", "rounds": 1, "deals": [2], "movements": []},
        )
    assert err.value.msg.params["field"] == "format"


def test_times_are_written_in_the_text_pydantic_wrote() -> None:
    """FIBAS art. 7: the round's clock; the same ISO text, read back equal."""
    for at, text in [
        (datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), "2026-01-02T03:04:05Z"),
        (datetime(2026, 1, 2, 3, 4, 5, 123456, tzinfo=UTC), "2026-01-02T03:04:05.123456Z"),
        (datetime(2026, 1, 2, 3, 4, 5), "2026-01-02T03:04:05"),
        (
            datetime(2026, 1, 2, 3, 4, 5, 500000, tzinfo=timezone(timedelta(hours=1))),
            "2026-01-02T03:04:05.500000+01:00",
        ),
    ]:
        body = R.RoundStarted(2, at)
        assert body_to_json(body) == {"round": 2, "started_at": text} == _pydantic_json(body)
        assert body_from_json("round-started", body_to_json(body)) == body
    assert body_to_json(R.RoundStarted(3)) == {"round": 3}  # None left out


@pytest.mark.parametrize("by_text", [False, True], ids=["dict", "text"])
def test_a_payload_that_does_not_fit_names_the_field_and_its_value(by_text: bool) -> None:
    def read(kind: str, payload: Any) -> Any:
        if by_text:
            return body_from_raw(kind, json.dumps(payload).encode())
        return body_from_json(kind, payload)

    seated = {"round": 1, "movement": "draw", "tables": [{"table": 1, "ns": [1, "x"]}]}
    cases: list[tuple[str, Any, str, str]] = [
        ("sheet-entered", {"round": 2, "table": "x", "entry": {}}, "table", "'x'"),
        ("round-seated", seated, "tables.0.ns.1", "'x'"),
        ("sheet-entered", {"table": 1, "entry": {}}, "round", "{'table': 1, 'entry': {}}"),
        ("round-seated", {"round": 1, "movement": "draw", "tables": [{}]}, "tables.0.table", "{}"),
        ("round-seated", {"round": 1, "movement": "spiral", "tables": []}, "movement", "'spiral'"),
        (
            "event-created",
            {"name": "C", "format": "quartets", "rounds": 1, "deals": [2], "movements": []},
            "format",
            "'quartets'",
        ),
    ]
    for kind, payload, field, value in cases:
        with pytest.raises(ArbitroError) as err:
            read(kind, payload)
        assert err.value.msg.msgid == INVALID
        assert err.value.msg.params == {"kind": kind, "field": field, "value": value}
    with pytest.raises(ArbitroError) as err:
        read("sheet-entered", [1, 2])
    assert err.value.msg.msgid == "record «{kind}»: the data is not a JSON object"
    with pytest.raises(ArbitroError) as err:
        read("sheet-burned", {})
    assert err.value.msg.msgid == "unknown record kind «{kind}»"


def test_numbers_written_as_text_are_read_as_before() -> None:
    """The lax reading pydantic had: a round written "2" is round 2, from a dict or a text."""
    payload = {"round": "2", "table": 3.0, "entry": {"deals": []}, "line": "ns"}
    expected = R.SheetEntered(2, 3, {"deals": []}, "ns")
    assert body_from_json("sheet-entered", payload) == expected
    assert body_from_raw("sheet-entered", json.dumps(payload).encode()) == expected
    assert body_from_json("competitor-checked-in", {"competitor": 4, "present": "false"}) == (
        R.CompetitorCheckedIn(4, False)
    )
