"""The event file: an event's whole log as one JSON document (its JSON Schema is generated
from the record types: ``docs/event-file.schema.json``), to back up, move, exchange and
replay an event. The file's text is read by msgspec straight into typed rows, each record's
payload through its kind's compiled decoder; the log is then replayed, and each sheet checked by
the event's game, before anything is stored."""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import itertools
import json
import sys
import typing
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Literal

import msgspec

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.services.event_log import EventLog, to_store
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.tournament.event import EventState
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.tournament.log_check import check_log as check_log  # re-exported: tests hold it
from arbitro.tournament.records import (
    BODIES,
    EventCreated,
    EventImported,
    KnockoutCreated,
    Record,
    RecordKind,
    body_from_raw,
    record_of,
    utc,
)

FORMAT = "arbitro-event-file"
VERSION = 1
MAX_RECORDS = 1_000_000  # a national championship makes tens of thousands
SCHEMA_ID = "https://arbitro.example/event-file.schema.json"

AnyService = EventService | KnockoutService
AnyState = EventState | KnockoutState


def event_file_schema() -> dict[str, Any]:
    """The JSON Schema of event files, generated from the record types (one variant per
    record kind, its ``payload`` the kind's body). pydantic is imported here only: the
    records themselves are read and written by msgspec."""
    from pydantic import TypeAdapter

    like: dict[type[Any], type[Any]] = {}
    keys: list[tuple[tuple[RecordKind, str], Literal["serialization"], TypeAdapter[Any]]] = [
        ((kind, cls.__name__), "serialization", TypeAdapter(_schema_class(cls, like)))
        for kind, classes in BODIES.items()
        for cls in classes
    ]
    refs, definitions = TypeAdapter.json_schemas(keys, ref_template="#/$defs/{model}")
    defs = definitions.get("$defs", {})
    for cls in (EventCreated, KnockoutCreated):  # the field event_format is "format" in JSON
        defs[cls.__name__] = _renamed(defs[cls.__name__], "event_format", "format")
    variants = []
    for kind, classes in BODIES.items():
        payloads = [refs[((kind, cls.__name__), "serialization")] for cls in classes]
        variants.append(
            {
                "type": "object",
                "required": ["seq", "kind", "payload", "actor", "recorded_at"],
                "properties": {
                    "seq": {"type": "integer", "minimum": 1},
                    "kind": {"const": kind.value},
                    "payload": payloads[0] if len(payloads) == 1 else {"anyOf": payloads},
                    "actor": {"type": "string", "minLength": 1},
                    "reason": {"type": ["string", "null"]},
                    "recorded_at": {"type": "string", "format": "date-time"},
                },
            }
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "arbitro event file",
        "description": "An event's whole append-only log: every record, in order, with who, "
        "when and why. Generated from arbitro.tournament.records.",
        "type": "object",
        "required": ["format", "version", "event_id", "name", "records"],
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "event_id": {"type": "string", "minLength": 1, "maxLength": 64},
            "name": {"type": "string", "minLength": 1},
            "exported_at": {"type": "string", "format": "date-time"},
            "records": {"type": "array", "minItems": 1, "items": {"oneOf": variants}},
        },
        "$defs": defs,
    }


def _schema_class(cls: type[Any], made: dict[type[Any], type[Any]]) -> type[Any]:
    """A body class (a frozen ``msgspec.Struct``, which pydantic does not read) as the frozen
    dataclass pydantic reads for its schema: the same name, module, docstring, fields (names,
    order, types, defaults), the bodies in its fields' types (a round's tables) so too. Made
    at schema time only, once per class in ``made``; the records never are such dataclasses."""
    found = made.get(cls)
    if found is not None:
        return found
    module = sys.modules[cls.__module__]
    names = _StructsAs(vars(module), made)  # a body named in a field's type: its dataclass
    hints = typing.get_type_hints(cls, vars(module), names)
    fields: list[tuple[str, Any, Any]] = []
    for f in msgspec.structs.fields(cls):
        if f.default_factory is not msgspec.NODEFAULT:
            spec = dataclasses.field(default_factory=f.default_factory)
        elif f.default is not msgspec.NODEFAULT:
            spec = dataclasses.field(default=f.default)
        else:
            spec = dataclasses.field()
        fields.append((f.name, hints[f.name], spec))
    like = dataclasses.make_dataclass(cls.__name__, fields, frozen=True)
    like.__module__, like.__qualname__, like.__doc__ = cls.__module__, cls.__qualname__, cls.__doc__
    made[cls] = like
    return like


class _StructsAs(Mapping[str, Any]):
    """A module's names with its Struct classes read as :func:`_schema_class` makes them (the
    names an annotation's text is evaluated in)."""

    def __init__(self, names: dict[str, Any], made: dict[type[Any], type[Any]]) -> None:
        self._names = names
        self._made = made

    def __getitem__(self, name: str) -> Any:
        value = self._names[name]
        if isinstance(value, type) and issubclass(value, msgspec.Struct):
            return _schema_class(value, self._made)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def _renamed(schema: dict[str, Any], name: str, key: str) -> dict[str, Any]:
    """An object's schema with its property ``name`` called ``key`` (in place, in order)."""
    props = schema["properties"]
    props[name].pop("title", None)
    props = {(key if k == name else k): v for k, v in props.items()}
    required = [key if k == name else k for k in schema.get("required", [])]
    return {**schema, "properties": props} | ({"required": required} if required else {})


def event_name(service: EventLog[Any], event_id: str) -> str:
    """The event's name as stored (a NotFoundError if there is no such event)."""
    for summary in service.store.list_events():
        if summary.event_id == event_id:
            return summary.name
    raise NotFoundError("no event «{event}»", event=event_id)


def export_event(service: EventLog[Any], event_id: str) -> dict[str, Any]:
    """The event file of ``event_id``: every record, in order, with who, when and why."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "event_id": event_id,
        "name": event_name(service, event_id),
        "exported_at": service.clock().isoformat(),
        "records": [
            {
                "seq": r.seq,
                "kind": r.kind,
                "payload": r.payload,
                "actor": r.actor,
                "reason": r.reason,
                "recorded_at": r.recorded_at.isoformat(),
            }
            for r in service.store.records(event_id)
        ],
    }


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ArbitroError("invalid event file: «{field}» must be a non-empty text", field=key)
    return value


def parse_event_file(data: Any, now: datetime | None = None) -> tuple[str, str, list[Record]]:
    """Read and check an event file (see :func:`read_event_file`): its id, name, records."""
    event_id, name, records, _state = read_event_file(data, now)
    return event_id, name, records


def read_event_file(
    data: Any, now: datetime | None = None
) -> tuple[str, str, list[Record], AnyState]:
    """Read an event file: its envelope, every record through its kind's validator, then the
    log replayed with every record checked as the live action that made it
    (:func:`~arbitro.tournament.log_check.check_log`); returns the event id, the name and the
    records. ``data`` is the file's text (str or bytes: read by msgspec straight into typed
    rows and bodies) or its parsed JSON (a dict). Nothing is stored; a file refused is
    refused whole, naming the record."""
    with gc_paused():
        read = _read_text(data) if isinstance(data, str | bytes | bytearray) else None
        if read is None:
            read = _read_parsed(_parsed(data))
        event_id, name, records = read
        state = check_log(event_id, records, now or datetime.now(UTC))
    return event_id, name, records, state


class _Row(msgspec.Struct):
    """A record of an event file as the fast path reads it: its payload kept as JSON text for
    its kind's decoder. Any other shape is read again by the exact path (:func:`_record`)."""

    seq: int
    kind: str
    payload: msgspec.Raw
    actor: str
    recorded_at: str
    reason: str | None = None


class _File(msgspec.Struct):
    """An event file's envelope as the fast path reads it."""

    format: str
    version: int
    event_id: str
    name: str
    records: list[_Row]


_FILE = msgspec.json.Decoder(_File)


def _read_text(data: str | bytes | bytearray) -> tuple[str, str, list[Record]] | None:
    """An event file's id, name and records read from its text, or None when its envelope
    is not one a valid file has: the exact path then reads it and names what is wrong."""
    try:
        file = _FILE.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
    rows = file.records
    if (
        file.format != FORMAT
        or file.version != VERSION
        or not file.event_id.strip()
        or not file.name.strip()
        or not rows
        or len(rows) > MAX_RECORDS
    ):
        return None
    records = []
    for n, row in enumerate(rows, start=1):
        if row.seq != n or not row.actor:
            return None
        try:
            at = utc(_fromisoformat(row.recorded_at))
        except ValueError:
            return None
        try:
            body = body_from_raw(row.kind, row.payload)
        except ArbitroError as exc:
            raise ArbitroError(
                "invalid event file: record {n}: {problem}", n=n, problem=exc.msg
            ) from None
        records.append(record_of(body, at, row.actor, row.reason, n))
    return file.event_id, file.name, records


def _parsed(data: Any) -> Any:
    """``data`` parsed as JSON if it is a file's text (an ArbitroError if it is not JSON)."""
    if not isinstance(data, str | bytes | bytearray):
        return data
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise ArbitroError("the file is not valid JSON ({error})", error=str(exc)) from None


def _read_parsed(data: Any) -> tuple[str, str, list[Record]]:
    """An event file's id, name and records read from its parsed JSON (every check named)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ArbitroError("not an arbitro event file (format «{format}» expected)", format=FORMAT)
    if data.get("version") != VERSION:
        raise ArbitroError(
            "event file version {version} is not known (this arbitro reads version {known})",
            version=data.get("version"),
            known=VERSION,
        )
    event_id, name = _text(data, "event_id"), _text(data, "name")
    rows = data.get("records")
    if not isinstance(rows, list) or not rows:
        raise ArbitroError("invalid event file: it has no records")
    if len(rows) > MAX_RECORDS:
        raise ArbitroError(
            "invalid event file: {count} records (at most {limit})",
            count=len(rows),
            limit=MAX_RECORDS,
        )
    return event_id, name, [_record(n, row) for n, row in enumerate(rows, start=1)]


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused: reading a file makes hundreds of thousands of
    objects that all stay alive, and each collection would scan them all again (a third of
    the time of a large import). Reference counting still frees what is dropped.

    On leaving, what was made meanwhile is moved to the collector's oldest generation
    (``gc.freeze()`` then ``gc.unfreeze()``): the records and the state are long-lived, and
    the first young collection would otherwise scan them all once more (~14 ms for a
    1,000-pair file, a tenth of its replay). They stay collectable, at the next full
    collection."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


_fromisoformat = datetime.fromisoformat


def _record(n: int, row: Any) -> Record:
    if type(row) is not dict and not isinstance(row, dict):
        raise ArbitroError("invalid event file: record {n} is not a JSON object", n=n)
    get = row.get
    if get("seq") != n:
        raise ArbitroError(
            "invalid event file: records must be numbered 1, 2, 3... without gaps (record {n} "
            "has seq {seq})",
            n=n,
            seq=get("seq"),
        )
    recorded = get("recorded_at")
    try:
        at = _fromisoformat(recorded if type(recorded) is str else str(recorded))
    except ValueError:
        raise ArbitroError(
            "invalid event file: record {n} has no valid time («{value}»)",
            n=n,
            value=row.get("recorded_at"),
        ) from None
    actor = get("actor")
    reason = get("reason")
    if not isinstance(actor, str) or not actor or not (reason is None or isinstance(reason, str)):
        raise ArbitroError("invalid event file: record {n} has no valid actor or reason", n=n)
    kind = get("kind")
    try:
        return Record.from_json(
            kind if type(kind) is str else str(kind), get("payload"), at, actor, reason, n
        )
    except ArbitroError as exc:
        raise ArbitroError(
            "invalid event file: record {n}: {problem}", n=n, problem=exc.msg
        ) from None


# The digest's canonical JSON (sorted keys, ASCII), one encoder for all of a file's rows.
_DIGEST_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=True)
DIGEST_CHUNK = 512  # rows encoded per call by file_digest


def file_digest(data: Any) -> str:
    """The SHA-256 of the file's canonical JSON (``json.dumps(data, sort_keys=True,
    ensure_ascii=True)``), hashed record by record: the whole text is never held. ``data``
    is the parsed JSON or the file's text (parsed first: the digest is of the JSON, not of
    its spacing)."""
    if isinstance(data, str | bytes | bytearray):
        try:  # msgspec's generic reading gives the values json.loads gives, faster
            data = msgspec.json.decode(data)
        except msgspec.DecodeError:
            data = _parsed(data)
    sha = hashlib.sha256()
    encode = _DIGEST_ENCODER.encode

    def dumps(value: Any) -> bytes:
        return encode(value).encode("ascii")

    if not isinstance(data, dict) or not isinstance(data.get("records"), list):
        sha.update(dumps(data))
        return sha.hexdigest()
    # The same text json.dumps writes: "{", "key": value pairs joined by ", " in key order.
    sha.update(b"{")
    for n, key in enumerate(sorted(data)):
        sha.update(b", " if n else b"")
        sha.update(dumps(key) + b": ")
        if key != "records":
            sha.update(dumps(data[key]))
            continue
        # A list's text is its items' texts joined by ", " in brackets: encoded a chunk of
        # rows at a time (one encoder call per chunk, not per row; never the whole text).
        rows = data[key]
        sha.update(b"[")
        for start in range(0, len(rows), DIGEST_CHUNK):
            sha.update(b", " if start else b"")
            sha.update(dumps(rows[start : start + DIGEST_CHUNK])[1:-1])
        sha.update(b"]")
    sha.update(b"}")
    return sha.hexdigest()


def is_knockout_file(records: list[Record]) -> bool:
    """True when the records are a knockout event's."""
    return isinstance(records[0].body, KnockoutCreated)


def import_event(
    service: AnyService, data: Any, event_id: str | None = None, actor: str = "director"
) -> AnyState:
    """Store an event file as a new event (``event_id`` overrides the file's id) and return
    its state, replayed from the stored records; all records in one transaction, followed by
    the record of the import itself (who, when, the file's SHA-256).

    It holds no lock of the service while it reads and checks the file (seconds for tens of
    thousands of records): the new event is no one else's state, the store's
    ``create_event`` is one transaction (refused whole if the id exists), and only adopting
    the folded state takes the service's lock, for an instant."""
    with gc_paused():
        return _import_event(service, data, event_id, actor)


def _import_event(service: AnyService, data: Any, event_id: str | None, actor: str) -> AnyState:
    file_id, name, records, state = read_event_file(data, service.clock())
    if is_knockout_file(records) != isinstance(service, KnockoutService):
        raise ArbitroError(
            "the file is of another kind of event (knockout or rounds): use the matching command"
        )
    event_id = event_id or file_id
    kind = "knockout" if is_knockout_file(records) else "rounds"
    imported = Record(
        EventImported(file_digest(data), file_id, len(records)), service.clock(), actor
    )
    # The views memoized while checking (every round's scores, each sheet's outcome) are not
    # needed to store the rows: dropped, they are not held while the rows are made.
    if isinstance(state, EventState):
        state.forget_views()
    # The rows are made as they are inserted (one transaction, one insert): never all at once.
    rows = itertools.chain((to_store(r) for r in records), (to_store(imported),))
    service.store.create_event(event_id, name, kind, rows)
    # The log was folded once to check it: that state, with the import's own record, is the
    # stored event's (renamed if it was imported under another id).
    state.event_id = event_id
    state.apply(replace(imported, seq=len(records) + 1))
    if isinstance(service, KnockoutService):
        assert isinstance(state, KnockoutState)
        service.adopt(event_id, state)
    else:
        assert isinstance(state, EventState)
        service.adopt(event_id, state)
    return state


__all__ = [
    "FORMAT",
    "VERSION",
    "RecordKind",
    "event_file_schema",
    "export_event",
    "import_event",
    "parse_event_file",
]
