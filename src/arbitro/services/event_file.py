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
import re
import sys
import typing
from collections.abc import Container, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.i18n import DEFAULT_ACTOR, N_, Message, ngettext, render
from arbitro.lazy_names import lazy_module
from arbitro.services.event_log import EventLog, to_store
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.services.sheet_proof import proof_holds
from arbitro.store.records import TableRecord
from arbitro.text_rules import NAME_MAX, check_event_id, clean_text, text_problem, text_problems
from arbitro.tournament.event import EventState
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.tournament.log_check import check_log as check_log  # re-exported: tests hold it
from arbitro.tournament.records import (
    BODIES,
    BoardChecked,
    EventCreated,
    EventImported,
    GameEntered,
    KnockoutCreated,
    Record,
    RecordKind,
    SheetEntered,
    body_from_json,
    body_from_raw,
    record_of,
    utc,
)

if TYPE_CHECKING:
    import pydantic

    from arbitro.store import RecordStore
    from arbitro.store import secret as store_secret
    from arbitro.store import users as store_users
else:
    pydantic = lazy_module("pydantic")
    # SQLAlchemy's: read only when a file holds a signature or an unknown actor (issue 14)
    store_secret = lazy_module("arbitro.store.secret")
    store_users = lazy_module("arbitro.store.users")

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
    like: dict[type[Any], type[Any]] = {}
    keys: list[
        tuple[tuple[RecordKind, str], Literal["serialization"], pydantic.TypeAdapter[Any]]
    ] = [
        ((kind, cls.__name__), "serialization", pydantic.TypeAdapter(_schema_class(cls, like)))
        for kind, classes in BODIES.items()
        for cls in classes
    ]
    refs, definitions = pydantic.TypeAdapter.json_schemas(keys, ref_template="#/$defs/{model}")
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
            "users": {
                "type": "array",
                "items": {"type": "string", "minLength": 1},
                "description": "The exporting installation's users who made records",
            },
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
    """The event file of ``event_id``: every record, in order, with who, when and why, and
    ``users``: who made them other than a phone or a command's default (this installation's
    users and the names typed at its terminal), the actors an import then believes."""
    actors = {r.actor for r in service.store.records(event_id)}
    actors = {a for a in actors if a not in _SYSTEM_ACTORS and not _is_phone_actor(a)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "event_id": event_id,
        "name": event_name(service, event_id),
        "exported_at": service.clock().isoformat(),
        "users": sorted(actors),
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
        **_tables_part(service, event_id),
    }


def _tables_part(service: EventLog[Any], event_id: str) -> dict[str, Any]:
    """The digital tables' own logs (issue 33) as the file's ``tables``: every table's
    records in order, each with its table, its seq in the table's log and the event's record
    it was decided after (``event_seq``); nothing for an event without them (its file is as
    before)."""
    rows = service.store.all_table_records(event_id)
    if not rows:
        return {}
    return {
        "tables": [
            {
                "round": r.round,
                "table": r.table,
                "seq": r.seq,
                "event_seq": r.event_seq,
                "kind": r.kind,
                "payload": r.payload,
                "actor": r.actor,
                "reason": r.reason,
                "recorded_at": r.recorded_at.isoformat(),
            }
            for r in rows
        ]
    }


class _TableRow(msgspec.Struct):
    """A record of a digital table's own log in an event file (``tables``)."""

    round: int
    table: int
    seq: int
    event_seq: int
    kind: str
    payload: Any
    actor: str
    recorded_at: str
    reason: str | None = None


class _Tables(msgspec.Struct):
    """The ``tables`` of an event file (absent: none)."""

    tables: list[_TableRow] = []


_TABLES = msgspec.json.Decoder(_Tables)


def file_tables(data: Any) -> list[TableRecord]:
    """The digital tables' own logs an event file carries (``tables``; none in a file of an
    event without them, or made before issue 33: its moves are in ``records``), each table's
    records numbered 1, 2, 3... in order; an ArbitroError naming a malformed one."""
    try:
        if isinstance(data, str | bytes | bytearray):
            rows = _TABLES.decode(data).tables
        else:
            raw = data.get("tables", []) if isinstance(data, dict) else []
            rows = msgspec.convert(raw, list[_TableRow])
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ArbitroError("invalid event file: «tables»: {problem}", problem=str(exc)) from None
    out: list[TableRecord] = []
    last: dict[tuple[int, int], int] = {}
    for n, row in enumerate(rows, 1):
        key = (row.round, row.table)
        if row.seq != last.get(key, 0) + 1 or not row.actor or row.kind != "digital-move":
            raise ArbitroError("invalid event file: table record {n} is not valid", n=n)
        last[key] = row.seq
        try:
            at = utc(_fromisoformat(row.recorded_at))
            body_from_json(row.kind, row.payload)
        except (ValueError, ArbitroError):
            raise ArbitroError("invalid event file: table record {n} is not valid", n=n) from None
        out.append(
            TableRecord(
                round=row.round,
                table=row.table,
                seq=row.seq,
                event_seq=row.event_seq,
                kind=row.kind,
                payload=row.payload,
                actor=row.actor,
                reason=row.reason,
                recorded_at=at,
            )
        )
    return out


def merged_log(records: list[Record], tables: list[TableRecord]) -> list[Record]:
    """The event's records with the tables' own records among them, each after the event's
    record it was decided after (a table's records in their order: a record decided on an
    older event state than the one before it stands after that one), numbered as that
    event record: the order in which the log check decides them again."""
    if not tables:
        return records
    after: dict[int, list[Record]] = {}
    reach: dict[tuple[int, int], int] = {}
    for t in tables:
        key = (t.round, t.table)
        at_seq = reach[key] = max(reach.get(key, 0), t.event_seq)
        rec = Record.from_json(t.kind, t.payload, t.recorded_at, t.actor, t.reason, at_seq)
        after.setdefault(at_seq, []).append(rec)
    merged: list[Record] = []
    for rec in records:
        merged.append(rec)
        merged.extend(after.pop(rec.seq, ()))
    if after:
        raise ArbitroError(
            "invalid event file: a table record follows record {seq}, which is not in the file",
            seq=min(after),
        )
    return merged


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
        tables = file_tables(data)
        state = check_log(event_id, merged_log(records, tables), now or datetime.now(UTC))
        for t in tables:  # the tables' records are folded: the table's own log is read after
            state.digital[(t.round, t.table)].log_seq = t.seq
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


# An escaped control character or surrogate, or a C1 character, in an event file's text: the
# file is then parsed and its texts named record by record (file_text_problems).
# A prefilter only: a false alarm (an escaped backslash before "u0000") costs the exact walk.
_MAYBE_BAD_TEXT = re.compile(
    rb"\\u00[01][0-9a-fA-F]|\\u007[fF]|\\u00[89][0-9a-fA-F]|\\u[dD][89a-fA-F]|\\[bf]"
    rb"|\x7f|\xc2[\x80-\x9f]|\xed[\xa0-\xbf]"
)

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


# ---------------------------------------------------------------- verifying an import
# The actors the live actions write: a table's phone ("tavolo 3 NS", "tavolo 3 Rossi (N)",
# "tavolo 3" for a board), a knockout pair's phone ("QF1 coppia 4"), the board check's default.
_TABLE_ACTOR = re.compile(r"tavolo (\d+)(?: .*)?", re.DOTALL)
_PAIR_ACTOR = re.compile(r"(.+) coppia (\d+)", re.DOTALL)
# The actors the installation's own commands record when no user is named (the terminal's
# director and arbiter, a board check, the demo's bots): the server's terminal is trusted.
_SYSTEM_ACTORS = frozenset({DEFAULT_ACTOR, "arbiter", "table", "bot"})


def _is_phone_actor(actor: str) -> bool:
    return bool(_TABLE_ACTOR.fullmatch(actor) or _PAIR_ACTOR.fullmatch(actor))


@dataclasses.dataclass(frozen=True)
class ImportProblem:
    """What is wrong with one record of an event file (``seq`` 0: the file itself)."""

    seq: int
    problem: Message

    def render(self, lang: str | None = None) -> str:
        """The problem in ``lang``, the record named."""
        if not self.seq:
            return render(self.problem, lang)
        return render(
            Message(N_("record {seq}: {problem}"), {"seq": self.seq, "problem": self.problem}), lang
        )


class ImportRefused(ArbitroError):
    """An event file whose records are not all what the live actions would have accepted
    (issue 29): every problem listed by record, nothing imported. The director may import it
    anyway, marked unverified (``arbitro event import --unverified``, the desk's checkbox)."""

    status = 422

    def __init__(self, problems: list[ImportProblem], can_force: bool = True) -> None:
        self.problems = sorted(problems, key=lambda p: p.seq)
        self.can_force = can_force
        super().__init__(
            ngettext(
                "the event file has {count} problem that a live action would have refused: "
                "nothing is imported",
                "the event file has {count} problems that live actions would have refused: "
                "nothing is imported",
                len(problems),
            ),
            key="import.refused",
        )

    def message(self, lang: str | None = None) -> str:
        """The summary, each problem on a line of its own, then what the director may do."""
        lines = [super().message(lang), *(f"  {p.render(lang)}" for p in self.problems)]
        if self.can_force:
            lines.append(
                render(
                    N_(
                        "To import it anyway, marked as unverified on every page and printout, "
                        "choose «import as unverified» (on the terminal: --unverified)."
                    ),
                    lang,
                )
            )
        return "\n".join(lines)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The error as JSON, with ``problems``: each record's seq and message."""
        out = super().to_json(lang)
        out["message"] = super().message(lang)
        out["problems"] = [{"seq": p.seq, "message": p.render(lang)} for p in self.problems]
        return out


def file_text_problems(data: Any) -> list[ImportProblem]:
    """Every text of a parsed event file that no live action could have stored: a control
    character, a lone surrogate (issue 29), by record; the event's name also without a
    direction override (:mod:`arbitro.text_rules`). Such a file is never imported."""
    if not isinstance(data, dict):
        return []
    try:  # most files: one pass of C over their text finds nothing to look at
        if not _MAYBE_BAD_TEXT.search(msgspec.json.encode(data)):
            return []
    except (UnicodeEncodeError, TypeError, msgspec.EncodeError):
        pass  # a lone surrogate (or a value JSON has not): walked below, the record named
    found: list[ImportProblem] = []
    for key in ("event_id", "name"):
        value = data.get(key)
        if isinstance(value, str):
            problem = text_problem(value, name=True)
            if problem is not None:
                found.append(
                    ImportProblem(
                        0, Message(N_("«{field}»: {problem}"), {"field": key, "problem": problem})
                    )
                )
    rows = data.get("records")
    for n, row in enumerate(rows if isinstance(rows, list) else [], start=1):
        for where, problem in text_problems(row):
            found.append(
                ImportProblem(
                    n, Message(N_("«{field}»: {problem}"), {"field": where, "problem": problem})
                )
            )
    return found


def verify_records(
    records: list[Record],
    users: Container[str] | None,
    proofs: LineProofs | None = None,
) -> list[ImportProblem]:
    """The records of a file that a live action would not have made as they stand (issue
    29), beyond what :func:`check_log` decides: an actor who is no user (of the file or of
    this installation; ``users`` None: a file written before files listed them, whose
    actors cannot be checked) and no table's phone, a table's phone acting for another table or
    doing a director's action (an arbiter's correction: FIBAS art. 21), a line signed
    without a device, the two lines of a sheet (or the two pairs of a knockout game,
    Briscola art. 8) signed by one device (FIBAS art. 19: each line signs its own), and,
    given ``proofs``, a line's signature without this installation's proof of its content
    (numbers changed after signing, or a file from another installation)."""
    found: list[ImportProblem] = []
    signers: dict[tuple[Any, ...], dict[str, str]] = {}  # a sheet's lines → their devices

    def problem(rec: Record, text: str, **params: Any) -> None:
        found.append(ImportProblem(rec.seq, Message(text, params)))

    for rec in records:
        body, actor = rec.body, rec.actor
        table = _TABLE_ACTOR.fullmatch(actor)
        pair = _PAIR_ACTOR.fullmatch(actor)
        phone = False
        if table is not None:
            phone = True
            if not isinstance(body, SheetEntered | BoardChecked) or body.table != int(table[1]):
                problem(
                    rec,
                    N_(
                        "«{actor}» is a table's phone: it may enter only its own table's sheet, "
                        "not a {kind} record"
                    ),
                    actor=actor,
                    kind=rec.kind.value,
                )
        elif pair is not None and isinstance(body, GameEntered):
            phone = True
            if body.match != pair[1] or body.pair != int(pair[2]):
                problem(rec, N_("«{actor}» is another pair's phone"), actor=actor)
        elif users is not None and actor not in _SYSTEM_ACTORS and actor not in users:
            problem(
                rec,
                N_(
                    "«{actor}» is not a user of this installation nor of the file: nobody "
                    "could have made this record"
                ),
                actor=actor,
            )
        if phone and isinstance(body, SheetEntered) and body.line is not None:
            _signed(
                rec, ("sheet", body.round, body.table), body.line, body.device, signers, problem
            )
            if proofs is not None and not proofs.hold(body):
                problem(
                    rec,
                    N_(
                        "line {line}'s signature does not carry this installation's proof of "
                        "its numbers: they were changed after it was signed, or the file comes "
                        "from another installation or an earlier version"
                    ),
                    line=body.line,
                )
        elif phone and isinstance(body, GameEntered):
            _signed(
                rec, ("game", body.match, body.game), str(body.pair), body.device, signers, problem
            )
    return found


def _signed(
    rec: Record,
    key: tuple[Any, ...],
    line: str,
    device: str | None,
    signers: dict[tuple[Any, ...], dict[str, str]],
    problem: Any,
) -> None:
    """Check one line's signature from a phone: it has a device, and no other line of the
    same sheet (or game) was signed by that device."""
    if not device:
        problem(rec, N_("line {line} was signed from a phone without a device"), line=line)
        return
    lines = signers.setdefault(key, {})
    for other, used in lines.items():
        if other != line and used == device:
            problem(
                rec,
                N_(
                    "lines {line} and {other} were signed by the same device: each line signs "
                    "on its own phone"
                ),
                line=line,
                other=other,
            )
    lines[line] = device


class LineProofs:
    """Checks the proofs the lines' signatures carry (:mod:`.sheet_proof`) with this
    installation's secret, read from the store only when a file holds a line's signature
    (most files' first import then opens no settings table: issue 14). A proof holds under
    the file's event id or one it was imported under before (its ``event-imported``
    records)."""

    def __init__(self, store: RecordStore, records: list[Record], event_id: str) -> None:
        self._store = store
        self._records = records
        self._event_id = event_id
        self._secret: bytes | None = None
        self._event_ids: set[str] = set()

    def hold(self, body: SheetEntered) -> bool:
        """Whether ``body``'s proof is this installation's for its content."""
        if self._secret is None:  # the first signature met: the secret and the ids, once
            self._secret = store_secret.load_secret(self._store)
            self._event_ids = {self._event_id} | {
                r.body.source_event for r in self._records if isinstance(r.body, EventImported)
            }
        return proof_holds(self._secret, self._event_ids, body)


class _Users(msgspec.Struct):
    """An event file's ``users`` alone (the rest of the file skipped unread)."""

    users: list[str] | None = None


_USERS = msgspec.json.Decoder(_Users)


class _Believed(Container[str]):
    """The users an import believes: the file's ``users`` at once, this installation's read
    from the store only when an actor is not among them (a fresh installation's first import
    then never opens the users' tables: no SQLAlchemy on that path, issue 14)."""

    def __init__(self, service: AnyService, declared: set[str]) -> None:
        self._service = service
        self._names = declared
        self._installation: set[str] | None = None

    def __contains__(self, name: object) -> bool:
        if name in self._names:
            return True
        if self._installation is None:
            self._installation = {u.name for u in store_users.list_users(self._service.store)}
        return name in self._installation


def known_users(service: AnyService, data: Any) -> Container[str] | None:
    """The users an import believes: this installation's and the file's ``users``; None
    for a file that lists none (written before files listed them)."""
    if isinstance(data, str | bytes | bytearray):
        try:
            declared: Any = _USERS.decode(data).users
        except (msgspec.ValidationError, msgspec.DecodeError):
            declared = None
    else:
        declared = data.get("users") if isinstance(data, dict) else None
    if not isinstance(declared, list):
        return None
    return _Believed(service, {u for u in declared if isinstance(u, str) and u})


def is_knockout_file(records: list[Record]) -> bool:
    """True when the records are a knockout event's."""
    return isinstance(records[0].body, KnockoutCreated)


def import_event(
    service: AnyService,
    data: Any,
    event_id: str | None = None,
    actor: str = "director",
    *,
    unverified: bool = False,
) -> AnyState:
    """Store an event file as a new event (``event_id`` overrides the file's id) and return
    its state, replayed from the stored records; all records in one transaction, followed by
    the record of the import itself (who, when, the file's SHA-256).

    The id must follow the one id rule and every text be valid user text
    (:mod:`arbitro.text_rules`); each record is decided as its live action, including who
    may make it (:func:`verify_records`). A file with problems is refused with all of them
    (:class:`ImportRefused`), or, when the director chooses ``unverified``, imported with
    the records not verified named in the import's record (issue 29).

    It holds no lock of the service while it reads and checks the file (seconds for tens of
    thousands of records): the new event is no one else's state, the store's
    ``create_event`` is one transaction (refused whole if the id exists), and only adopting
    the folded state takes the service's lock, for an instant."""
    with gc_paused():
        return _import_event(service, data, event_id, actor, unverified)


def _import_event(
    service: AnyService, data: Any, event_id: str | None, actor: str, unverified: bool
) -> AnyState:
    if isinstance(data, str | bytes | bytearray) and _MAYBE_BAD_TEXT.search(
        data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    ):
        data = _parsed(data)  # named record by record below
    bad_text = file_text_problems(data)
    if bad_text:  # never stored, even unverified: no database keeps such text
        raise ImportRefused(bad_text, can_force=False)
    if event_id is not None:  # refused before the file is read (seconds for a large one)
        check_event_id(event_id)
    elif isinstance(data, dict) and "event_id" in data:
        check_event_id(data["event_id"])
    file_id, name, records, state = read_event_file(data, service.clock())
    event_id = check_event_id(event_id or file_id)
    name = clean_text(name, "name", max_length=NAME_MAX)
    proofs = LineProofs(service.store, records, file_id)
    problems = verify_records(records, known_users(service, data), proofs)
    if problems and not unverified:
        raise ImportRefused(problems)
    if is_knockout_file(records) != isinstance(service, KnockoutService):
        raise ArbitroError(
            "the file is of another kind of event (knockout or rounds): use the matching command"
        )
    kind = "knockout" if is_knockout_file(records) else "rounds"
    marked = tuple(sorted({p.seq for p in problems})) or ((0,) if problems else ())
    imported = Record(
        EventImported(file_digest(data), file_id, len(records), marked), service.clock(), actor
    )
    # The views memoized while checking (every round's scores, each sheet's outcome) are not
    # needed to store the rows: dropped, they are not held while the rows are made.
    if isinstance(state, EventState):
        state.forget_views()
    # The rows are made as they are inserted (one transaction, one insert): never all at once.
    rows = itertools.chain((to_store(r) for r in records), (to_store(imported),))
    service.store.create_event(event_id, name, kind, rows, file_tables(data))
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
