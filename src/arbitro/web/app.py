"""The web app's factory (issue 30: the app's entry point, imported by no router): one
EventService (and one KnockoutService) per process on the configured database, the static
files (htmx vendored, never from a CDN), the language and knockout middlewares, the one error
mapping (:mod:`arbitro.web.errors`), the routers of every area (:mod:`arbitro.web.routes`) and
the guards around them.

What the routes need (:class:`~arbitro.web.context.Web`, :func:`~arbitro.web.context.web_of`,
the page's language, the templates) lives in :mod:`arbitro.web.context`, which the routers
import; it is named here too for the callers outside the web that import it from the app (the
tests, the benches). No module of the web imports this one but the workers' entry point
(:mod:`arbitro.web.factory`): ``tests/web/test_web_imports.py``."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from urllib.parse import parse_qs

from fastapi import FastAPI
from fastapi.responses import FileResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage

from arbitro.i18n import LANGUAGES
from arbitro.services.events import utc_now
from arbitro.store import RecordStore, default_database_url
from arbitro.store import users as user_store
from arbitro.web import routes
from arbitro.web.bodies import DirectorsFirst
from arbitro.web.context import FOREVER, HERE, STATIC, static_version
from arbitro.web.context import Web as Web
from arbitro.web.context import request_lang as request_lang
from arbitro.web.context import static_url as static_url
from arbitro.web.context import web_of as web_of
from arbitro.web.errors import install_error_handlers
from arbitro.web.guard import Guard, content_security_policy, security_headers
from arbitro.web.page_cache import GZIP_MINIMUM
from arbitro.web.throttle import submission_limiter

__all__ = [
    "FOREVER",
    "KnockoutPages",
    "RememberLanguage",
    "VersionedStatic",
    "Web",
    "create_app",
    "request_lang",
    "static_url",
    "static_version",
    "web_of",
]

EVENT_PAGE = re.compile(r"^/(?P<desk>desk/)?e/(?P<event>[A-Za-z0-9._-]+)/?$")


class VersionedStatic(StaticFiles):
    """The static files: a versioned address (:func:`~arbitro.web.context.static_url`, the
    current ``?v=``) is answered ``Cache-Control: public, max-age=31536000, immutable``; any
    other (no version, an old one) ``no-cache``, revalidated by its ETag."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file at ``path`` with the cache lifetime its address asks for."""
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            # found in the folder (never outside it): its version may be read
            wanted = parse_qs(scope.get("query_string", b"").decode()).get("v", [""])[-1]
            fresh = bool(wanted) and wanted == static_version(path)
            response.headers["Cache-Control"] = FOREVER if fresh else "no-cache"
        return response


class RememberLanguage:
    """The ASGI middleware that keeps the language: ``?lang=it|en`` switches it and a cookie
    (a year, SameSite=Lax) keeps it for later pages. Plain ASGI, not ``BaseHTTPMiddleware``:
    no extra task or memory stream per request, nothing added to an open live stream."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        lang = ""
        if scope["type"] == "http":
            lang = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[-1]
        if lang not in LANGUAGES:
            await self.app(scope, receive, send)
            return
        cookie = Response()
        cookie.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="lax")
        added = [(k, v) for k, v in cookie.raw_headers if k == b"set-cookie"]

        async def sending(message: AsgiMessage) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *added]
            await send(message)

        await self.app(scope, receive, sending)


class KnockoutPages:
    """The ASGI middleware that sends a knockout event's pages where they live, under /k
    and /desk/k: links to /e/{id} and /desk/e/{id} (e.g. the desk's list of events) are
    redirected (303) there."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            match = EVENT_PAGE.match(scope["path"])
            web: Web = scope["app"].state.web
            if match and web.is_knockout(match["event"]):
                target = ("/desk/k/" if match["desk"] else "/k/") + match["event"]
                await RedirectResponse(target, status_code=303)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(
    database_url: str | None = None, *, clock: Callable[[], datetime] = utc_now
) -> FastAPI:
    """Build the app on ``database_url`` (default: ``$ARBITRO_DATABASE_URL`` or the SQLite
    file of the installation)."""
    app = FastAPI(
        title="arbitro",
        version="0.1.0",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.web = Web(RecordStore.open(database_url or default_database_url()), clock)
    app.state.table_limiter = submission_limiter()  # shared through Redis if configured
    # A crash left the keys of its interrupted writes pending: release those of dead processes
    # so that a phone's re-sent sheet is answered at once (issue 29, "Bad luck").
    user_store.recover_pending_keys(app.state.web.store)
    app.mount("/static", VersionedStatic(directory=str(STATIC)), name="static")

    @app.api_route("/favicon.ico", methods=["GET", "HEAD"], include_in_schema=False)
    def favicon() -> Response:
        """The site's icon (an «a» on the app's blue): browsers ask for it on every site."""
        return FileResponse(
            STATIC / "favicon.ico",
            media_type="image/x-icon",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    app.add_middleware(RememberLanguage)
    app.add_middleware(KnockoutPages)

    install_error_handlers(app)
    routes.include_all(app)
    app.state.security_headers = security_headers(content_security_policy(HERE / "templates"))
    app.add_middleware(Guard, headers=app.state.security_headers)
    # Outside the guard, which reads a write's body: a stranger's write to the desk or the
    # API is answered before any of it is read (issue 29).
    app.add_middleware(DirectorsFirst, headers=app.state.security_headers)
    # Big pages gzipped, outside the guard (which keeps a form's first answer as sent to
    # replay it: the plain text); a page already gzipped by the page cache passes as it is.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=6)
    return app
