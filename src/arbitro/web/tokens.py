"""Table tokens: the capability printed as a QR code on a table card.

A token names one (event, table) and is signed with the installation's secret (HMAC-SHA256),
so it cannot be guessed nor altered. It lets a phone enter only that table's sheet, and only
for the event's *open* round: the latest round whose seating is published (art. 21 b:
"affissa") and whose standings are not yet published (art. 21: a sheet becomes valid when it
is handed in; afterwards only the arbiter corrects it).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from typing import TYPE_CHECKING

from arbitro.tournament.event import EventState
from arbitro.web.errors import WebError

if TYPE_CHECKING:
    from fastapi import Request

    from arbitro.web.app import Web

SIGNATURE_BYTES = 16  # 128 bits: unguessable
PURPOSE = b"arbitro-table-token-v1"


class TokenError(WebError):
    """A table token that is malformed, forged or altered, or a request from another site
    (403)."""

    status = 403


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _signature(secret: bytes, body: bytes) -> bytes:
    return hmac.new(secret, PURPOSE + b"\x00" + body, hashlib.sha256).digest()[:SIGNATURE_BYTES]


def make_token(secret: bytes, event_id: str, table: int) -> str:
    """The token of ``table`` of event ``event_id``, signed with ``secret``."""
    body = f"{event_id}\x00{table}".encode()
    return f"{_b64(body)}.{_b64(_signature(secret, body))}"


def read_token(secret: bytes, token: str) -> tuple[str, int]:
    """The (event, table) a token names; a TokenError if it is malformed, forged or altered."""
    refused = TokenError("invalid table code: scan the QR code on the table card again")
    if len(token) > 400 or token.count(".") != 1:
        raise refused
    body_text, sig_text = token.split(".")
    try:
        body = _unb64(body_text)
        sig = _unb64(sig_text)
    except (binascii.Error, ValueError):
        raise refused from None
    if _b64(body) != body_text or _b64(sig) != sig_text:  # one spelling per token only
        raise refused
    if not hmac.compare_digest(sig, _signature(secret, body)):
        raise refused
    try:
        event_id, table_text = body.decode().split("\x00")
        table = int(table_text)
    except (UnicodeDecodeError, ValueError):
        raise refused from None
    return event_id, table


def table_path(secret: bytes, event_id: str, table: int) -> str:
    """The path of the table page, ``/t/{token}``."""
    return f"/t/{make_token(secret, event_id, table)}"


def table_url(web: Web, request: Request, event_id: str, table: int) -> str:
    """The absolute URL of ``table``'s page (for the desk and the QR codes of table cards)."""
    base = str(request.base_url).rstrip("/")
    return base + table_path(web.secret, event_id, table)


def open_round(state: EventState) -> int | None:
    """The round whose sheets the tables may enter: the latest round with its seating
    published, provided its standings are not yet published (art. 21); None otherwise."""
    published = [n for n, r in state.rounds.items() if r.seating_published_at is not None]
    if not published:
        return None
    latest = max(published)
    return latest if state.round(latest).standings_published_at is None else None
