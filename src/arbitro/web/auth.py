"""Logging in to the director's desk: the login and logout pages, the session cookie, and the
dependencies that require a logged-in director.

A session is a cookie (HttpOnly, SameSite=Lax, Secure over HTTPS) holding a random session
id, the user's name, a random nonce (the CSRF tokens derive from it) and the time of login,
signed with HMAC-SHA256 under the installation's secret; it lasts ``SESSION_HOURS``. The
session is also kept on the server (the ``sessions`` table, only the id's SHA-256): a logout
or a password change revokes it, and a revoked value opens nothing. The JSON API also accepts
the same signed value as a bearer token (``POST /api/token``).

Logins are throttled (:mod:`arbitro.web.throttle`) per source and per account: a source that
sent ``SOURCE_FAILURES`` wrong passwords waits (429 with ``Retry-After``, growing with each
further failure) while every other source may still log in; an account that received
``ACCOUNT_FAILURES`` wrong passwords from anywhere is paced (one check every
``ACCOUNT_SPACING`` seconds), except from a browser that logged in to it before (its
known-device cookie, ``arbitro_device``, signed and bound to the account). The whole process
spends at most ``HASHING_SHARE`` of a core checking passwords (its
:class:`~arbitro.web.throttle.HashingBudget`), every login beyond that answered 429 at once,
before its body is read (a known device apart); password hashing runs in a pool of at most
``HASHING_THREADS`` threads at a lower CPU priority, outside the event loop, and a login that
would wait behind too many others is answered 429 at once, so a flood of logins never takes
the CPU and threads the table pages need.

A login for an unknown account hashes nothing: it waits (asleep, no CPU) as long as a password
check typically takes, and takes from the same budget, so that its answer — 401 after the
same time, or 429 — does not tell whether the account exists. Only the first such login, before
any check was measured, hashes a password to measure it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from arbitro.i18n import msg, ngettext
from arbitro.services.registrations import max_competitors
from arbitro.store import RecordStore
from arbitro.store import users as user_store
from arbitro.web import csrf
from arbitro.web.context import Web, web_of
from arbitro.web.errors import WebError
from arbitro.web.throttle import HASHING_GUESS, LoginThrottle, read_resets

SESSION_COOKIE = "arbitro_session"
SESSION_HOURS = 24
DEVICE_COOKIE = "arbitro_device"
"""A browser that logged in to an account before: that account's pacing does not hold it."""
DEVICE_DAYS = 365
DEMO_DIRECTOR = "demo"
HASHING_THREADS = 2
"""At most this many passwords are hashed at once (argon2 takes ~64 MiB and a core each)."""
HASHING_QUEUE = 8
"""A login arriving while this many wait for the hashing pool is answered 429 at once."""
TRUST_PROXY_ENV = "ARBITRO_TRUST_PROXY"
"""Set to 1 when arbitro is served behind a reverse proxy that sets ``X-Forwarded-For`` and
``X-Forwarded-Proto`` (docs/security.md); otherwise those headers are ignored."""

HASHING_NICE = 19
"""The hashing threads run at the lowest CPU priority (Linux), so the pages come first: an
argon2 check at the default costs is 4 threads of 64 MiB; at nice 10 they weighed together
nearly as much as the thread serving a page (issue 29)."""


def _lower_priority() -> None:
    """Lower this thread's CPU priority (argon2's own threads inherit it)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASHING_NICE)


_hashing = ThreadPoolExecutor(
    HASHING_THREADS, thread_name_prefix="arbitro-hash", initializer=_lower_priority
)
_waiting = 0
_measuring = False
"""Whether an unknown account's login is hashing to measure a check (none measured yet)."""

router = APIRouter()


@dataclass(frozen=True, slots=True)
class Session:
    """A logged-in director: name, the session's nonce (CSRF), and login time (epoch s)."""

    user: str
    nonce: str
    issued: int
    sid: str = ""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign(secret: bytes, body: str) -> str:
    return _b64(hmac.new(secret, b"session|" + body.encode(), hashlib.sha256).digest())


def make_session(secret: bytes, user: str, now: float | None = None) -> str:
    """A new signed session value for ``user`` (fresh nonce)."""
    issued = int(time.time() if now is None else now)
    payload = {
        "u": user,
        "n": secrets.token_urlsafe(16),
        "t": issued,
        "s": secrets.token_urlsafe(24),
    }
    body = _b64(json.dumps(payload, separators=(",", ":")).encode())
    return f"{body}.{_sign(secret, body)}"


def read_session(secret: bytes, value: str | None, now: float | None = None) -> Session | None:
    """The session in a signed value, or None if absent, forged, malformed or expired."""
    if not value or value.count(".") != 1:
        return None
    body, signature = value.split(".")
    if not hmac.compare_digest(signature, _sign(secret, body)):
        return None
    try:
        payload: Any = json.loads(_unb64(body))
        session = Session(
            str(payload["u"]), str(payload["n"]), int(payload["t"]), str(payload.get("s", ""))
        )
    except (ValueError, KeyError, TypeError):
        return None
    current = time.time() if now is None else now
    if not 0 <= current - session.issued <= SESSION_HOURS * 3600:
        return None
    return session


def make_device(secret: bytes, user: str) -> str:
    """A new signed known-device value for ``user`` (set at a successful login)."""
    body = _b64(json.dumps({"u": user, "d": secrets.token_urlsafe(12)}).encode())
    signature = _b64(hmac.new(secret, b"device|" + body.encode(), hashlib.sha256).digest())
    return f"{body}.{signature}"


def device_user(secret: bytes, value: str | None) -> str | None:
    """The account a known-device value was issued for, or None if absent or forged."""
    if not value or value.count(".") != 1 or len(value) > 500:
        return None
    body, signature = value.split(".")
    expected = _b64(hmac.new(secret, b"device|" + body.encode(), hashlib.sha256).digest())
    if not hmac.compare_digest(signature, expected):
        return None
    try:
        payload: Any = json.loads(_unb64(body))
        return str(payload["u"])
    except (ValueError, KeyError, TypeError):
        return None


def known_device(request: Request, user: str | None = None) -> bool:
    """Whether the browser holds a known-device cookie (for ``user``, if given)."""
    owner = device_user(web_of(request).secret, request.cookies.get(DEVICE_COOKIE))
    return owner is not None and (user is None or owner == user)


def set_device_cookie(request: Request, response: Response, user: str) -> None:
    """Remember this browser as one that logged in to ``user`` (HttpOnly, SameSite=Lax,
    Secure over HTTPS, sent only to the login page)."""
    response.set_cookie(
        DEVICE_COOKIE,
        make_device(web_of(request).secret, user),
        max_age=DEVICE_DAYS * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=is_https(request),
        path="/login",
    )


def start_session(web: Web, user: str) -> str:
    """A new session for ``user``, recorded on the server; returns the signed value (the
    cookie, or the API's bearer token)."""
    value = make_session(web.secret, user)
    session = read_session(web.secret, value)
    assert session is not None
    issued = datetime.fromtimestamp(session.issued, UTC)
    user_store.create_session(web.store, session.sid, user, session.nonce, issued)
    return value


def live_session(web: Web, value: str | None) -> Session | None:
    """The session in ``value`` if its signature holds and the server still keeps it (not
    logged out, password not changed since, not expired); else None."""
    session = read_session(web.secret, value)
    if session is None or not session.sid:
        return None
    stored = user_store.live_session(web.store, session.sid, timedelta(hours=SESSION_HOURS))
    if stored is None or stored.user != session.user or stored.nonce != session.nonce:
        return None
    return session


def session_of(request: Request) -> Session | None:
    """The request's live session: the cookie, else an ``Authorization: Bearer`` token."""
    web = web_of(request)
    session = live_session(web, request.cookies.get(SESSION_COOKIE))
    if session is None:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() == "bearer":
            session = live_session(web, token.strip())
    return session


def behind_proxy() -> bool:
    """Whether the installation says a reverse proxy sets the ``X-Forwarded-*`` headers."""
    return os.environ.get(TRUST_PROXY_ENV, "") in ("1", "true", "yes")


def is_https(request: Request) -> bool:
    """Whether the browser reached us over HTTPS: the request's scheme, or the proxy's
    ``X-Forwarded-Proto`` when :func:`behind_proxy`."""
    if request.url.scheme == "https":
        return True
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return behind_proxy() and forwarded == "https"


def client_address(request: Request) -> str:
    """The client's address (the login throttle's source): behind a trusted proxy the last
    ``X-Forwarded-For`` address, the one the proxy itself wrote (what a client sends in front
    of it is the client's say, not the proxy's), else the connection's peer."""
    if behind_proxy():
        forwarded = request.headers.get("x-forwarded-for", "").split(",")[-1].strip()
        if forwarded:
            return forwarded[:100]
    return request.client.host if request.client else "?"


class TooManyLogins(WebError):
    """Too many wrong passwords, or too many logins waiting (429, with ``Retry-After``)."""

    status = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            ngettext(
                "Too many login attempts: try again in {seconds} second.",
                "Too many login attempts: try again in {seconds} seconds.",
                retry_after,
                seconds=retry_after,
            )
        )
        self.retry_after = retry_after


def throttle_of(web: Web) -> LoginThrottle:
    """The app's login throttle, reading the command line's resets from the app's store."""
    throttle = web.login_throttle
    if throttle.resets_from is None:
        throttle.resets_from = partial(read_resets, web.store)
    return throttle


def login_wait(request: Request) -> int:
    """Seconds a login from this request's source must wait before it is even read (the
    source over its throttle, the hashing queue full, or the hashing budget spent, a known
    device apart); 0 if it may go on."""
    web = web_of(request)
    wait = throttle_of(web).retry_after(client_address(request), None)
    if wait:
        return wait
    if _waiting >= HASHING_QUEUE + HASHING_THREADS:
        return 1
    return 0 if known_device(request) else web.hashing_budget.wait()


async def check_password(request: Request, username: str, password: str) -> bool:
    """Whether ``username``/``password`` is a director, throttled and hashed in the bounded
    pool: TooManyLogins (429) for a source over its limit or a paced account (see the
    module), when the process's hashing budget is spent (not for a known device), or when
    the pool's queue is full."""
    global _waiting
    web = web_of(request)
    throttle = throttle_of(web)
    address = client_address(request)
    known = known_device(request, username)
    wait = throttle.retry_after(address, username, known)
    if wait:
        raise TooManyLogins(wait)
    if _waiting >= HASHING_QUEUE + HASHING_THREADS:
        raise TooManyLogins(1)
    wait = web.hashing_budget.take(force=known) or throttle.admit(address, username, known)
    if wait:
        raise TooManyLogins(wait)
    _waiting += 1
    try:
        ok = await _verify(web, username, password)
    finally:
        _waiting -= 1
    if ok:
        throttle.succeeded(address, username)
    else:
        throttle.failed(address, username)
    return ok


async def _verify(web: Web, username: str, password: str) -> bool:
    """Check the password in the hashing pool; for an unknown account, wait as long as a
    check typically takes instead (see the module). Before any check was measured, one
    unknown account's login hashes to measure it and the others wait ``HASHING_GUESS``
    seconds (issue 29: at a flood's start every hashing thread and its queue hashed for
    unknown accounts, 64 MiB each, while the room's pages waited)."""
    global _measuring
    loop = asyncio.get_running_loop()
    budget = web.hashing_budget
    start = time.monotonic()
    stored = await loop.run_in_executor(None, user_store.password_hash_of, web.store, username)
    if stored is None and (budget.typical is not None or _measuring):
        typical = budget.typical if budget.typical is not None else HASHING_GUESS
        await asyncio.sleep(typical * (0.9 + 0.2 * secrets.randbelow(1000) / 1000))
        return False
    if stored is None:
        _measuring = True
        try:
            await loop.run_in_executor(_hashing, user_store.hash_password, password)
        finally:
            _measuring = False
        ok = False
    else:
        ok = await loop.run_in_executor(_hashing, user_store.verify_password, stored, password)
    budget.observe(time.monotonic() - start)
    return ok


def csrf_token(request: Request) -> str:
    """The CSRF token for the forms of this request's session ("" if not logged in)."""
    session = session_of(request)
    return csrf.token_for(web_of(request).secret, session.nonce) if session else ""


def require_director(request: Request) -> Session:
    """Dependency of every desk page: the session, or a redirect (303) to the login page."""
    session = session_of(request)
    if session is None:
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        raise HTTPException(
            status_code=303,
            detail="login required",
            headers={"Location": f"/login?next={quote(target, safe='')}"},
        )
    return session


def desk_form_fields() -> int:
    """The most fields a desk form may send: Starlette's 1,000 by default, but the arbiter's
    choice places every competitor of an event in one form (FIBAS art. 4; issue 29: up to
    ``ARBITRO_MAX_COMPETITORS``, 2,000); the body's size stays bounded (``bodies``)."""
    return max(1000, max_competitors() + 100)


async def require_director_post(request: Request) -> Session:
    """Dependency of every desk form POST: logged in, same origin, and the session's CSRF
    token in the form's ``csrf`` field (or the ``X-CSRF-Token`` header, for htmx)."""
    csrf.check_origin(request)
    session = require_director(request)
    sent: object = request.headers.get(csrf.CSRF_HEADER)
    if sent is None:
        # read once and kept by Starlette: the route's own read gets this form
        form = await request.form(max_fields=desk_form_fields())
        sent = form.get(csrf.CSRF_FIELD)
    csrf.check_token(web_of(request).secret, session.nonce, sent)
    return session


def safe_next(target: str | None) -> str:
    """A local path to go to after login (anything else becomes the desk)."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/desk"


def set_session_cookie(request: Request, response: Response, value: str) -> None:
    """Put the session in its cookie: HttpOnly, SameSite=Lax, Secure over HTTPS."""
    response.set_cookie(
        SESSION_COOKIE,
        value,
        max_age=SESSION_HOURS * 3600,
        httponly=True,
        samesite="lax",
        secure=is_https(request),
        path="/",
    )


@router.get("/login", include_in_schema=False)
def login_page(request: Request, next: str | None = None) -> Response:
    """The login form."""
    return web_of(request).render(request, "login.html", next=safe_next(next), error=None)


@router.post("/login", include_in_schema=False)
async def login(
    request: Request,
    username: Annotated[str, Form(max_length=200)] = "",
    password: Annotated[str, Form(max_length=1000)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/desk",
) -> Response:
    """Check the name and password; on success start a session and go to ``next``."""
    csrf.check_origin(request)
    web = web_of(request)
    if not username or not await check_password(request, username, password):
        return web.render(
            request,
            "login.html",
            status_code=401,
            next=safe_next(next),
            username=username,
            error=msg("Wrong user name or password."),
        )
    response = RedirectResponse(safe_next(next), status_code=303)
    set_session_cookie(request, response, start_session(web, username))
    set_device_cookie(request, response, username)
    return response


@router.post("/logout", include_in_schema=False)
async def logout(request: Request) -> Response:
    """End the session (a CSRF-protected POST) and go back to the home page."""
    session = session_of(request)
    csrf.check_origin(request)
    if session is not None:
        form = await request.form()
        csrf.check_token(web_of(request).secret, session.nonce, form.get(csrf.CSRF_FIELD))
        user_store.revoke_session(web_of(request).store, session.sid)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


def ensure_demo_director(store: RecordStore) -> str:
    """Make sure the director account ``demo`` exists, with a new random password, and return
    that password (for ``arbitro serve --demo`` to print; it changes at every call)."""
    password = secrets.token_urlsafe(9)
    if user_store.has_user(store, DEMO_DIRECTOR):
        user_store.set_password(store, DEMO_DIRECTOR, password)
    else:
        user_store.add_user(store, DEMO_DIRECTOR, password)
    return password
