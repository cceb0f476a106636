"""The installation's proof on a line's signature of a sheet (issue 29): a MAC (keyed
BLAKE2b) under the installation's secret of what the line signed (event, round, table, line,
the phone and its source, the sheet's numbers), so that an event file whose numbers were
edited after the signature, or that comes from another installation, is told apart on
import."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

from arbitro.tournament.commands.command import Command, Context
from arbitro.tournament.records import Record, SheetEntered

S = TypeVar("S")
R_co = TypeVar("R_co", covariant=True)

PURPOSE = b"arbitro-sheet-v1"  # BLAKE2b's personalisation: at most 16 bytes
_CANONICAL = msgspec.json.Encoder(order="sorted").encode


def sheet_proof(secret: bytes, event_id: str, body: SheetEntered) -> str:
    """The proof of ``body``, a line's signature in event ``event_id`` (FIBAS art. 20: the
    line signs the sheet's numbers): hex keyed BLAKE2b-256 under ``secret`` over the event,
    round, table, line, device, source and the entered payload in one canonical JSON text
    (keys sorted), so that a change to any of them, or another installation's secret, fails
    it."""
    signed: dict[str, Any] = {
        "event": event_id,
        "round": body.round,
        "table": body.table,
        "line": body.line,
        "device": body.device,
        "source": body.source,
        "entry": body.entry,
    }
    # keyed BLAKE2b, BLAKE2's own MAC mode (RFC 7693): a third of HMAC-SHA256's time in
    # CPython, which an import of 40,000 signatures feels (bench/sheet_proofs.py)
    return hashlib.blake2b(
        _CANONICAL(signed), key=secret, digest_size=32, person=PURPOSE
    ).hexdigest()


def sealed(record: Record, event_id: str, secret: bytes | None) -> Record:
    """``record`` with its proof when it is a line's signature and ``secret`` is given (the
    tables' phones sign so, issue 29); any other record as it is."""
    body = record.body
    if secret is None or not isinstance(body, SheetEntered) or body.line is None:
        return record
    proof = sheet_proof(secret, event_id, body)
    return dataclasses.replace(record, body=msgspec.structs.replace(body, proof=proof))


@dataclass(frozen=True, slots=True)
class Sealed(Generic[S, R_co]):
    """A command whose lines' signatures are sealed with the installation's proof before
    they are stored (issue 29): the tables' phones enter their sheets so."""

    command: Command[S, R_co]
    event_id: str
    secret: bytes | None

    def decide(self, state: S, ctx: Context[S]) -> list[Record]:
        """The command's records, each line's signature with its proof."""
        return [sealed(r, self.event_id, self.secret) for r in self.command.decide(state, ctx)]

    def outcome(self, records: Sequence[Record], state: S) -> R_co:
        """What the command answers."""
        return self.command.outcome(records, state)


def proof_holds(secret: bytes, event_ids: set[str], body: SheetEntered) -> bool:
    """Whether ``body``'s proof is this installation's for its content under one of
    ``event_ids`` (the file's id and those it was imported under before); compared in
    constant time."""
    given = body.proof
    if not given or not given.isascii():
        return False
    return any(hmac.compare_digest(given, sheet_proof(secret, e, body)) for e in event_ids)
