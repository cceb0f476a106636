"""Table tokens: the capability printed as a QR code on a table card.

A token names one (event, table, round) and is signed with the installation's secret
(HMAC-SHA256), so it cannot be guessed nor altered. It lets a phone enter only that table's
sheet of that round, once the round's seating is published (art. 21 b: "affissa") and until
its standings are published (art. 21: a sheet becomes valid when it is handed in; afterwards
only the arbiter corrects it). The token expires when the round's standings are final (the
complaints window of art. 39 passed): a card of another round never enters this round's sheet.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from arbitro.tournament.event import EventState
from arbitro.tournament.model import TableSeating
from arbitro.web.errors import WebError

if TYPE_CHECKING:
    from fastapi import Request

    from arbitro.web.context import Web

SIGNATURE_BYTES = 16  # 128 bits: unguessable
PURPOSE = b"arbitro-table-token-v2"  # v2: the round is part of the token


class TokenExpired(WebError):
    """A table card of a round whose standings are final (art. 39): 410."""

    status = 410


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


def make_token(secret: bytes, event_id: str, table: int, round_number: int = 1) -> str:
    """The token of ``table`` of event ``event_id`` in round ``round_number``, signed with
    ``secret``."""
    body = f"{event_id}\x00{table}\x00{round_number}".encode()
    return f"{_b64(body)}.{_b64(_signature(secret, body))}"


def read_token(secret: bytes, token: str) -> tuple[str, int, int]:
    """The (event, table, round) a token names; a TokenError if it is malformed, forged or
    altered."""
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
        event_id, table_text, round_text = body.decode().split("\x00")
        table, round_number = int(table_text), int(round_text)
    except (UnicodeDecodeError, ValueError):
        raise refused from None
    return event_id, table, round_number


LINE_PURPOSE = b"arbitro-line-proof-v1"
LINE_CODE_DIGITS = 6  # typed on a phone; guessing is bounded by the wrong-code budget


def path_line_code(secret: bytes, path: str, line: str) -> str:
    """The code of ``line`` at the table whose page is ``path`` (``.../t/{token}[...]``):
    what its half of the table card prints, for a script acting as that line's phone (the
    benches, the tests)."""
    token = path.rsplit("/t/", 1)[-1].split("?")[0].split("/")[0]
    return line_code(secret, token, line)


def line_code(secret: bytes, token: str, line: str) -> str:
    """The short code that proves a line (N-S ``ns``, E-O ``ew``, or at a table of
    individuals a player's number) of the table and round a token names: printed on that
    line's half of the table card, asked for before the line signs the sheet (FIBAS art. 20:
    each line signs; Scala 40 art. 23: each player). Derived with HMAC-SHA256 from the
    installation's secret and the token, so nothing is stored; the other line's code, or
    another table's, proves nothing here."""
    mac = hmac.new(
        secret, LINE_PURPOSE + b"\x00" + token.encode() + b"\x00" + line.encode(), hashlib.sha256
    ).digest()
    number = int.from_bytes(mac[:8], "big") % 10**LINE_CODE_DIGITS
    return f"{number:0{LINE_CODE_DIGITS}d}"


def check_line_code(secret: bytes, token: str, line: str, code: str | None) -> bool:
    """Whether ``code`` is ``line``'s code at the token's table (spaces and dashes typed
    between the digits are ignored); compared in constant time."""
    if not code:
        return False
    typed = "".join(ch for ch in code if ch not in " -")[:20]
    return hmac.compare_digest(typed.encode(), line_code(secret, token, line).encode())


SOURCE_PURPOSE = b"arbitro-signing-source-v1"


def signing_source(secret: bytes, address: str, user_agent: str) -> str:
    """What a line's signature keeps of the phone that sent it (issue 29): a keyed hash
    (HMAC-SHA256 under the installation's secret, 16 hex digits) of its network address and
    browser (User-Agent), never the address itself. Two signatures with the same value came
    from one address and browser; without the secret the value reveals neither."""
    mac = hmac.new(
        secret,
        SOURCE_PURPOSE + b"\x00" + address.encode() + b"\x00" + user_agent[:500].encode(),
        hashlib.sha256,
    )
    return mac.hexdigest()[:16]


def line_path(secret: bytes, event_id: str, table: int, round_number: int, line: str) -> str:
    """The path a line's own QR code carries: its table's page, the line, and its code (the
    phone keeps the code and drops it from the address)."""
    token = make_token(secret, event_id, table, round_number)
    return f"/t/{token}?line={line}&proof={line_code(secret, token, line)}"


def card_codes(
    secret: bytes, tables: Iterable[TableSeating], urls: Mapping[int, str]
) -> dict[int, dict[str, str]]:
    """The codes printed on each table card (``urls``: the cards' QR addresses, ``/t/{token}``
    at their end): per table, each line's (``ns``, ``ew``) or, at a table of individuals, each
    player's code; none for an incomplete table (the line present rests, no sheet)."""
    codes: dict[int, dict[str, str]] = {}
    for t in tables:
        url = urls.get(t.table)
        if url is None or t.is_incomplete or "/t/" not in url:
            continue
        token = url.rsplit("/t/", 1)[1].split("?")[0]
        lines = [str(p) for p in t.players] if t.players is not None else ["ns", "ew"]
        codes[t.table] = {line: line_code(secret, token, line) for line in lines}
    return codes


def table_path(secret: bytes, event_id: str, table: int, round_number: int = 1) -> str:
    """The path of the table page of round ``round_number``, ``/t/{token}``."""
    return f"/t/{make_token(secret, event_id, table, round_number)}"


def table_url(
    web: Web, request: Request, event_id: str, table: int, round_number: int | None = None
) -> str:
    """The absolute URL of ``table``'s page in ``round_number`` (for the desk and the QR
    codes of table cards); without a round, the event's latest seated round."""
    if round_number is None:
        round_number = seated_round(web.service.state(event_id))
    base = str(request.base_url).rstrip("/")
    return base + table_path(web.secret, event_id, table, round_number)


def seated_round(state: EventState) -> int:
    """The latest round with a seating (published or under review), else 1: the round whose
    table cards the director prints."""
    seated = [n for n, r in state.rounds.items() if r.seating is not None]
    return max(seated, default=1)


def round_open(state: EventState, round_number: int) -> bool:
    """Whether the tables may enter round ``round_number``'s sheets now: its seating is
    published and its standings are not (art. 21)."""
    r = state.rounds.get(round_number)
    return r is not None and r.seating_published_at is not None and r.standings_published_at is None


def open_round(state: EventState) -> int | None:
    """The round whose sheets the tables may enter: the latest round with its seating
    published, provided its standings are not yet published (art. 21); None otherwise."""
    published = [n for n, r in state.rounds.items() if r.seating_published_at is not None]
    if not published:
        return None
    latest = max(published)
    return latest if state.round(latest).standings_published_at is None else None
