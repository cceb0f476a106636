"""Logging in to the director's desk: the login and logout pages, the session cookie, and the
dependencies that require a logged-in director.

A session is a cookie (HttpOnly, SameSite=Lax, Secure over HTTPS) holding the user's name, a
random nonce (the CSRF tokens derive from it) and the time of login, signed with HMAC-SHA256
under the installation's secret; it lasts ``SESSION_HOURS``. The JSON API also accepts the
same signed value as a bearer token (``POST /api/token``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from arbitro.i18n import msg
from arbitro.store import RecordStore
from arbitro.store import users as user_store
from arbitro.web import csrf
from arbitro.web.app import web_of

SESSION_COOKIE = "arbitro_session"
SESSION_HOURS = 24
DEMO_DIRECTOR = "demo"

router = APIRouter()


@dataclass(frozen=True, slots=True)
class Session:
    """A logged-in director: name, the session's nonce (CSRF), and login time (epoch s)."""

    user: str
    nonce: str
    issued: int


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign(secret: bytes, body: str) -> str:
    return _b64(hmac.new(secret, b"session|" + body.encode(), hashlib.sha256).digest())


def make_session(secret: bytes, user: str, now: float | None = None) -> str:
    """A new signed session value for ``user`` (fresh nonce)."""
    issued = int(time.time() if now is None else now)
    payload = {"u": user, "n": secrets.token_urlsafe(16), "t": issued}
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
        session = Session(str(payload["u"]), str(payload["n"]), int(payload["t"]))
    except (ValueError, KeyError, TypeError):
        return None
    current = time.time() if now is None else now
    if not 0 <= current - session.issued <= SESSION_HOURS * 3600:
        return None
    return session


def session_of(request: Request) -> Session | None:
    """The request's session: the cookie, else an ``Authorization: Bearer`` token."""
    secret = web_of(request).secret
    value = request.cookies.get(SESSION_COOKIE)
    session = read_session(secret, value)
    if session is None:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() == "bearer":
            session = read_session(secret, token.strip())
    return session


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


async def require_director_post(request: Request) -> Session:
    """Dependency of every desk form POST: logged in, same origin, and the session's CSRF
    token in the form's ``csrf`` field (or the ``X-CSRF-Token`` header, for htmx)."""
    csrf.check_origin(request)
    session = require_director(request)
    sent: object = request.headers.get(csrf.CSRF_HEADER)
    if sent is None:
        form = await request.form()
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
        secure=request.url.scheme == "https",
        path="/",
    )


@router.get("/login", include_in_schema=False)
def login_page(request: Request, next: str | None = None) -> Response:
    """The login form."""
    return web_of(request).render(request, "login.html", next=safe_next(next), error=None)


@router.post("/login", include_in_schema=False)
def login(
    request: Request,
    username: Annotated[str, Form(max_length=200)] = "",
    password: Annotated[str, Form(max_length=1000)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/desk",
) -> Response:
    """Check the name and password; on success start a session and go to ``next``."""
    csrf.check_origin(request)
    web = web_of(request)
    if not username or not user_store.authenticate(web.store, username, password):
        return web.render(
            request,
            "login.html",
            status_code=401,
            next=safe_next(next),
            username=username,
            error=msg("Wrong user name or password."),
        )
    response = RedirectResponse(safe_next(next), status_code=303)
    set_session_cookie(request, response, make_session(web.secret, username))
    return response


@router.post("/logout", include_in_schema=False)
async def logout(request: Request) -> Response:
    """End the session (a CSRF-protected POST) and go back to the home page."""
    session = session_of(request)
    csrf.check_origin(request)
    if session is not None:
        form = await request.form()
        csrf.check_token(web_of(request).secret, session.nonce, form.get(csrf.CSRF_FIELD))
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
