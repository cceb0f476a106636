"""The installation's proof on a line's signature of a sheet (issue 29): an HMAC-SHA256,
under the installation's secret, of what the line signed (event, round, table, line, the
phone and its source, the sheet's numbers), so that an event file whose numbers were edited
after the signature, or that comes from another installation, is told apart on import."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
from typing import Any

import msgspec

from arbitro.tournament.records import Record, SheetEntered

PURPOSE = b"arbitro-sheet-proof-v1"
_CANONICAL = msgspec.json.Encoder(order="sorted").encode


def sheet_proof(secret: bytes, event_id: str, body: SheetEntered) -> str:
    """The proof of ``body``, a line's signature in event ``event_id`` (FIBAS art. 20: the
    line signs the sheet's numbers): hex HMAC-SHA256 under ``secret`` over the event, round,
    table, line, device, source and the entered payload in one canonical JSON text (keys
    sorted), so that a change to any of them, or another installation's secret, fails it."""
    signed: dict[str, Any] = {
        "event": event_id,
        "round": body.round,
        "table": body.table,
        "line": body.line,
        "device": body.device,
        "source": body.source,
        "entry": body.entry,
    }
    return hmac.new(secret, PURPOSE + b"\x00" + _CANONICAL(signed), hashlib.sha256).hexdigest()


def sealed(record: Record, event_id: str, secret: bytes | None) -> Record:
    """``record`` with its proof when it is a line's signature and ``secret`` is given (the
    tables' phones sign so, issue 29); any other record as it is."""
    body = record.body
    if secret is None or not isinstance(body, SheetEntered) or body.line is None:
        return record
    proof = sheet_proof(secret, event_id, body)
    return dataclasses.replace(record, body=msgspec.structs.replace(body, proof=proof))


def proof_holds(secret: bytes, event_ids: set[str], body: SheetEntered) -> bool:
    """Whether ``body``'s proof is this installation's for its content under one of
    ``event_ids`` (the file's id and those it was imported under before); compared in
    constant time."""
    if not body.proof:
        return False
    given = body.proof.encode()
    return any(hmac.compare_digest(given, sheet_proof(secret, e, body).encode()) for e in event_ids)
