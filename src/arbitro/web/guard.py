"""The web's outer guard (an ASGI middleware around every request): security headers on
every response, request size limits answered 413 before the body is read, and idempotency
keys that make every write happen once.

- **Headers**: ``Content-Security-Policy`` (scripts only from this site, plus the hashes of
  the templates' inline scripts: no ``eval``, no injected inline script; no framing),
  ``X-Frame-Options: DENY``, ``Referrer-Policy: same-origin``,
  ``X-Content-Type-Options: nosniff``; and, on answers to a request that came over HTTPS
  (directly, or behind a trusted proxy's ``X-Forwarded-Proto``),
  ``Strict-Transport-Security``.
- **Sizes**: each route's limit (:func:`arbitro.web.bodies.body_limit`); a declared
  ``Content-Length`` over the limit is answered 413 from the request's head, and a body sent
  without one is cut (413) as soon as it passes the limit; the body is spooled
  (:class:`bodies.Spool`). After a 413 for a declared body up to twice the limit the
  connection stays open and the server drops the rest of the body as it arrives
  (:func:`bodies.rest_dropped`), so the client is not reset before it reads its answer.
- **Idempotency**: a write (POST, PUT, PATCH, DELETE) carrying an ``Idempotency-Key`` header
  or a ``_key`` form field (the desk's forms, :file:`templates/idempotency.html`) is done
  once per key and sender (the logged-in director, else the page's path, e.g. a table's
  token): a repeated submission is answered with the first answer (its status, redirect and
  body, up to 64 KiB) and records nothing; while the first is still running the repeat is answered
  409. A refused or failed write (status 400 or more) forgets its key, so it may be sent again.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import anyio
from fastapi import Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.errors import ArbitroError, ConflictError
from arbitro.store import users as user_store
from arbitro.web import auth
from arbitro.web.bodies import (  # the limits and the spooled body (issue 29)
    HSTS_HEADER,
    BodyTooLarge,
    Spool,
    body_limit,
    declared_length,
    reached_over_https,
    rest_dropped,
    spool_body,
)
from arbitro.web.errors import refusal

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOGIN_PATHS = ("/login", "/api/token")
UNKEYED_SUFFIXES = ("/preview",)
LOGIN_REFUSAL_HOLD = 1.0  # seconds a refused login waits for its 429 (at most its Retry-After)
"""Writes that record nothing (a sheet's live totals): never answered from a key."""
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
KEY_HEADER = "idempotency-key"
KEY_FIELD = "_key"
KEY_IN_USE_RETRY = 2
"""Seconds after which a repeat answered 409 (its first still running) may be sent again: a
phone's queued sheet (``static/table-offline.js``) waits that long and sends it again."""
MAX_REPLAY_BODY = 64 * 1024
"""A first answer's body is kept (and replayed) only up to this size."""

INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def inline_script_hashes(templates: Path) -> list[str]:
    """The CSP hashes (``'sha256-...'``) of the inline scripts of the templates that hold no
    template code (the browser runs only those), in every folder of ``templates``."""
    hashes: set[str] = set()
    for path in sorted(templates.rglob("*.html")):
        for body in INLINE_SCRIPT.findall(path.read_text(encoding="utf-8")):
            if "{{" in body or "{%" in body:
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            hashes.add(f"'sha256-{digest}'")
    return sorted(hashes)


def content_security_policy(templates: Path) -> str:
    """The policy of every page: everything from this site only, no plug-ins, no framing;
    scripts from this site's files and the templates' own inline scripts (by hash) only:
    neither ``eval`` nor an injected inline script or handler runs."""
    scripts = " ".join(["'self'", *inline_script_hashes(templates)])
    return (
        "default-src 'self'; "
        f"script-src {scripts}; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; "
        "object-src 'none'; "
        "base-uri 'self'; "
        "form-action 'self'; "
        "frame-ancestors 'none'"
    )


def security_headers(policy: str) -> dict[str, str]:
    """The headers every response carries."""
    return {
        "Content-Security-Policy": policy,
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    }


class KeyInUse(ConflictError):
    """The first submission of the same key is still running."""


class Guard:
    """The ASGI middleware: headers, size limits, idempotency (see the module)."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = self.with_headers(send, https=reached_over_https(scope))
        limit = body_limit(scope["path"])
        request = Request(scope)
        declared = declared_length(scope)
        if declared is not None and declared > limit:
            await self.refuse(scope, BodyTooLarge(limit), send, keep_open=rest_dropped(scope))
            return
        if scope["method"] not in WRITE_METHODS:
            await self.app(scope, receive, send)
            return
        if scope["path"] in LOGIN_PATHS:
            wait = auth.login_wait(request)
            if wait:
                # A refused login is held a moment before its answer: a flooding client then
                # sends a login a second instead of hundreds, and the room's pages are served
                # meanwhile (bench/login_flood.py); the wait costs the server nothing.
                await hold_refused_login(min(wait, LOGIN_REFUSAL_HOLD))
                await self.refuse(scope, auth.TooManyLogins(wait), send)
                return
        try:
            body = await spool_body(receive, limit)
        except BodyTooLarge as exc:
            await self.refuse(scope, exc, send)
            return
        try:
            await self.once(scope, body, body.replay(receive), send)
        finally:
            body.close()

    def with_headers(self, send: Send, *, https: bool = False) -> Send:
        """``send`` adding the security headers to the response's start (and HSTS when the
        request came over ``https``)."""
        added = [*self.headers, HSTS_HEADER] if https else self.headers

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in added if k not in present]
                message["headers"] = headers
            await send(message)

        return sending

    async def refuse(
        self,
        scope: Scope,
        error: ArbitroError,
        send: Send,
        retry_after: int | None = None,
        *,
        keep_open: bool = False,
    ) -> None:
        """Answer with the refusal page (or JSON under /api) without reading the body, and
        close the connection unless ``keep_open`` (:func:`bodies.rest_dropped`); with
        ``retry_after`` (seconds), a ``Retry-After`` header telling the client to send again."""

        async def nothing() -> Message:
            return {"type": "http.disconnect"}

        response = refusal(Request(scope), error)
        if not keep_open:
            response.headers["Connection"] = "close"
        if retry_after is not None:
            response.headers["Retry-After"] = str(retry_after)
        await response(scope, nothing, send)

    async def once(self, scope: Scope, body: Spool, receive: Receive, send: Send) -> None:
        """Run a write (its whole ``body`` read) at most once per idempotency key."""
        request = Request(scope)
        key = request.headers.get(KEY_HEADER)
        content_type = request.headers.get("content-type", "")
        if key is None and content_type.startswith(
            ("application/x-www-form-urlencoded", "multipart/form-data")
        ):
            key = await form_key(scope, body)
        if key is None or scope["path"].endswith(UNKEYED_SUFFIXES):
            await self.app(scope, receive, send)
            return
        try:
            key = user_store.check_idempotency_key(key)
        except ArbitroError as exc:
            await self.refuse(scope, exc, send)
            return
        store = scope["app"].state.web.store
        sender = await anyio.to_thread.run_sync(sender_of, Request(scope))
        first = await anyio.to_thread.run_sync(user_store.claim_key, store, sender, key)
        if first is not None:
            await self.replay_first(scope, first, send)
            return
        answer = Answer()
        try:
            await self.app(scope, receive, answer.tee(send))
        except BaseException:
            await anyio.to_thread.run_sync(user_store.release_key, store, sender, key)
            raise
        if 200 <= answer.status < 400:
            await anyio.to_thread.run_sync(
                user_store.settle_key,
                store,
                sender,
                key,
                answer.status,
                answer.location,
                answer.kept_body(),
            )
        else:
            await anyio.to_thread.run_sync(user_store.release_key, store, sender, key)

    async def replay_first(self, scope: Scope, first: user_store.FirstAnswer, send: Send) -> None:
        """Answer a repeated submission with the first one's answer (409 while it runs)."""
        if first.status == user_store.PENDING:
            await self.refuse(
                scope,
                KeyInUse("This submission is already being recorded: wait and reload the page."),
                send,
                retry_after=KEY_IN_USE_RETRY,
            )
            return
        headers = {"Idempotent-Replayed": "true"}
        if first.location:
            headers["Location"] = first.location
        response = Response(first.body or b"", first.status, headers)
        if first.media_type:
            response.headers["Content-Type"] = first.media_type

        async def nothing() -> Message:
            return {"type": "http.disconnect"}

        await response(scope, nothing, send)


def sender_of(request: Request) -> str:
    """Whose keys a request's key is among: the logged-in director, else the page's path (a
    table's token is in it)."""
    session = auth.session_of(request)
    return f"user:{session.user}" if session else f"path:{request.url.path}"


class Answer:
    """What the app answered (status, redirect, body and its type; a body over
    ``MAX_REPLAY_BODY`` is not kept, and then neither is the key)."""

    def __init__(self) -> None:
        self.status = 500
        self.location: str | None = None
        self.media_type: str | None = None
        self.body = bytearray()
        self.too_long = False

    def tee(self, send: Send) -> Send:
        """``send`` also noting the answer."""

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                self.status = int(message["status"])
                for name, value in message.get("headers", []):
                    if name.lower() == b"location":
                        self.location = value.decode("latin-1")
                    elif name.lower() == b"content-type":
                        self.media_type = value.decode("latin-1")[:100]
            elif message["type"] == "http.response.body" and not self.too_long:
                self.body += message.get("body", b"")
                self.too_long = len(self.body) > MAX_REPLAY_BODY
            await send(message)

        return sending

    def kept_body(self) -> str | None:
        """The body to replay (a redirect's is empty)."""
        return self.body.decode("utf-8", "replace") if self.body else None


async def hold_refused_login(seconds: float) -> None:
    """Hold a refused login about ``seconds`` before its 429 (issue 13 §3: a flood is slowed
    down at no cost to the room), between half and one and a half times it at random (issue
    29): held alike, a flood's clients were answered together and came back together, in
    waves the room's pages queued behind."""
    await anyio.sleep(seconds * (0.5 + secrets.randbelow(1001) / 1000))


async def form_key(scope: Scope, body: Spool) -> str | None:
    """The ``_key`` field of a form body (None if absent or the form cannot be read)."""

    async def nothing() -> Message:
        return {"type": "http.disconnect"}

    try:
        form: FormData = await Request(scope, body.replay(nothing)).form()
    except Exception:  # a malformed form: the route refuses it
        return None
    try:
        found = form.get(KEY_FIELD)
        return found if isinstance(found, str) and found else None
    finally:
        await form.close()
