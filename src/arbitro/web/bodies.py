"""Request bodies: who may send one, how large, and where it is kept (issue 29, "Strangers
and big inputs").

- **Directors first** (:class:`DirectorsFirst`, an ASGI middleware around the guard): a write
  (POST, PUT, PATCH, DELETE) to the desk (``/desk``) or the API (``/api/``) from someone not
  logged in is answered before a single byte of its body is read: the API with 401, the desk
  with a redirect (303) to the login page, as the routes themselves would. Only the login
  (``/login``, ``/api/token``), the tables' pages (``/t/...``, ``/km/...``) and the logout are
  open to anyone. A stranger's 20 MiB post then costs the server its head, not its body.
- **Limits per route** (:func:`body_limit`): 2 MiB for forms and the API, 5 MiB (and the form
  around it) for a CSV/XLSX upload, 20 MiB (the one setting ``$ARBITRO_IMPORT_MAX_MIB``, the
  desk's form checking the file against the same :func:`import_limit`) for an event file's
  import.
- **Spooled bodies** (:class:`Spool`): the guard reads a write's body into a temporary file
  that stays in memory up to ``SPOOL_IN_MEMORY`` and moves to disk past it, cutting it (413)
  as soon as it passes the route's limit; the app then reads it from there in chunks. A big
  upload is thus never held whole in memory more than once (by the route that reads it).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import quote

import anyio
from fastapi import Request
from fastapi.responses import Response

from arbitro.web import auth
from arbitro.web.errors import Unauthorized, WebError, is_api, refusal

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HSTS_HEADER = (b"strict-transport-security", b"max-age=31536000")
"""A browser that reached arbitro over HTTPS keeps using HTTPS for a year (only sent over
HTTPS: a browser ignores it on plain HTTP, and the hall's plain-HTTP mode must keep working)."""


def reached_over_https(scope: Scope) -> bool:
    """Whether the request came over HTTPS (:func:`arbitro.web.auth.is_https`)."""
    return auth.is_https(Request(scope))


MIB = 1024 * 1024
MAX_BODY_BYTES = 2 * MIB
"""A form's or an API call's body."""
MAX_IMPORT_BYTES = 20 * MIB
"""An event file's import, unless ``$ARBITRO_IMPORT_MAX_MIB`` says otherwise
(:func:`import_limit`)."""
IMPORT_LIMIT_ENV = "ARBITRO_IMPORT_MAX_MIB"
FORM_AROUND = 64 * 1024
"""The multipart form around an uploaded file (its other fields, the parts' headers)."""
MAX_UPLOAD_BODY = 5 * MIB + FORM_AROUND
"""A CSV/XLSX upload (``forms.MAX_UPLOAD_BYTES``) and the multipart form around it."""
IMPORT_PATHS = ("/desk/import", "/api/events/import")
UPLOAD_PATH = re.compile(r"^/desk/(?:e/[^/]+/upload|players/import)$")
SPOOL_IN_MEMORY = 256 * 1024
"""A body stays in memory up to this size, then moves to a temporary file."""
CHUNK = 64 * 1024
"""The app reads a spooled body in chunks of this size."""
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
OPEN_WRITES = frozenset({"/api/token"})
"""Writes under /desk or /api that anyone may send (the API's login)."""


class BodyTooLarge(WebError):
    """A request whose body passes its limit (413)."""

    status = 413

    def __init__(self, limit: int) -> None:
        super().__init__("The request is too large (at most {size} MiB).", size=limit // MIB)


def import_limit() -> int:
    """The largest event file an import takes, in bytes, the same on the desk's form and the
    API: ``$ARBITRO_IMPORT_MAX_MIB`` MiB when it is set to a whole number from 1, else
    ``MAX_IMPORT_BYTES`` (20 MiB)."""
    setting = os.environ.get(IMPORT_LIMIT_ENV, "").strip()
    if setting.isdigit() and int(setting) > 0:
        return int(setting) * MIB
    return MAX_IMPORT_BYTES


def body_limit(path: str) -> int:
    """The largest body accepted on ``path`` (see the module): an import's body is its file
    (:func:`import_limit`) and the form around it."""
    if path in IMPORT_PATHS:
        return import_limit() + FORM_AROUND
    if UPLOAD_PATH.match(path):
        return MAX_UPLOAD_BODY
    return MAX_BODY_BYTES


def directors_only(method: str, path: str) -> bool:
    """Whether a request may be sent only by a logged-in director: a write to the desk or
    the API, the API's login excepted."""
    if method not in WRITE_METHODS or path in OPEN_WRITES:
        return False
    return path == "/desk" or path.startswith(("/desk/", "/api/"))


class Spool:
    """A request's body, in memory up to ``SPOOL_IN_MEMORY`` and in a temporary file past
    it."""

    def __init__(self) -> None:
        self.file = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)  # noqa: SIM115
        self.size = 0

    @property
    def on_disk(self) -> bool:
        """Whether the body has moved to a temporary file."""
        return bool(getattr(self.file, "_rolled", False))

    def write(self, chunk: bytes) -> None:
        """Add ``chunk`` at the end."""
        self.file.write(chunk)
        self.size += len(chunk)

    def replay(self, then: Receive) -> Receive:
        """A ``receive`` that gives the body from its start in chunks, then passes on to
        ``then`` (the disconnect)."""
        offset = 0
        done = False

        async def receiving() -> Message:
            nonlocal offset, done
            if done:
                return await then()
            # Each replay keeps its own place: the guard reads the form's key, then the app
            # reads the same body again.
            self.file.seek(offset)
            chunk = self.file.read(CHUNK)
            offset += len(chunk)
            done = offset >= self.size
            return {"type": "http.request", "body": chunk, "more_body": not done}

        return receiving

    def close(self) -> None:
        """Drop the body (its temporary file is deleted)."""
        self.file.close()


async def spool_body(receive: Receive, limit: int) -> Spool:
    """The whole body in a :class:`Spool`, refused (:class:`BodyTooLarge`) as soon as it
    passes ``limit``: never more than ``limit`` bytes are read."""
    spool = Spool()
    try:
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            if spool.size + len(chunk) > limit:
                raise BodyTooLarge(limit)
            if chunk:
                spool.write(chunk)
            if not message.get("more_body", False):
                break
    except BaseException:
        spool.close()
        raise
    return spool


def declared_length(scope: Scope) -> int | None:
    """The body's size its ``Content-Length`` declares, or None when it declares none."""
    declared = Request(scope).headers.get("content-length", "")
    return int(declared) if declared.isdigit() else None


def rest_dropped(scope: Scope) -> bool:
    """Whether a request refused for its size keeps its connection open after the 413, its
    declared body being at most twice its route's limit (:func:`body_limit`): the server
    (uvicorn's HTTP/1.1) then reads the rest of the body as it arrives and drops it, and the
    client reads its 413 page. Closing at once with unread bytes would reset the connection
    (TCP RST) and the client would lose the answer it was sent ("connection reset" in a
    browser). A larger or undeclared body closes the connection at once: it is never read."""
    declared = declared_length(scope)
    return declared is not None and declared <= 2 * body_limit(scope["path"])


def login_redirect(scope: Scope) -> str:
    """The login page's address, coming back to the page the request was for."""
    target = scope["path"]
    query = scope.get("query_string", b"").decode("latin-1")
    if query:
        target += "?" + query
    return f"/login?next={quote(target, safe='')}"


def logged_in(scope: Scope) -> bool:
    """Whether the request carries a live director's session (cookie or bearer token)."""
    return auth.session_of(Request(scope)) is not None


class DirectorsFirst:
    """The ASGI middleware that answers a stranger's write to the desk or the API before
    reading its body (see the module); ``headers`` are the security headers every answer
    carries (:func:`arbitro.web.guard.security_headers`)."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not directors_only(scope["method"], scope["path"]):
            await self.app(scope, receive, send)
            return
        if await anyio.to_thread.run_sync(logged_in, scope):
            await self.app(scope, receive, send)
            return
        await self.refuse(scope, send)

    async def refuse(self, scope: Scope, send: Send) -> None:
        """The answer to a stranger: 401 under /api, else a redirect to the login page; the
        connection is closed after it (its body is never read)."""

        request = Request(scope)
        response: Response
        if is_api(request):
            response = refusal(request, Unauthorized("director login required"))
        else:
            response = Response(status_code=303, headers={"Location": login_redirect(scope)})
        response.headers["Connection"] = "close"
        added = [*self.headers, HSTS_HEADER] if reached_over_https(scope) else self.headers

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                message["headers"] = headers + [(k, v) for k, v in added if k not in present]
            await send(message)

        async def nothing() -> Message:
            return {"type": "http.disconnect"}

        await response(scope, nothing, sending)
