"""The web app's factory: one EventService (and one KnockoutService) per process on the
configured database, the templates (every text from the message catalogue, in the page's
language), the static files (htmx vendored, never from a CDN), the one error mapping
(:mod:`arbitro.web.errors`) and the routers of each area."""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode

import jinja2
from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as AsgiMessage

from arbitro.bidi import isolated
from arbitro.codes.citation import cite
from arbitro.i18n import LANGUAGES, Lang, Message, Renderable, ngettext, render, use_lang
from arbitro.money import euros
from arbitro.services.events import EventService, utc_now
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore, default_database_url
from arbitro.web.page_cache import GZIP_MINIMUM, PageCache

if TYPE_CHECKING:
    from arbitro.web.live import PushHub

HERE = Path(__file__).parent
EVENT_PAGE = re.compile(r"^/(?P<desk>desk/)?e/(?P<event>[A-Za-z0-9._-]+)/?$")


def request_lang(request: Request) -> Lang:
    """The page's language: ``?lang=`` if given, else the ``lang`` cookie, else Italian."""
    lang = request.query_params.get("lang") or request.cookies.get("lang") or "it"
    return "en" if lang == "en" else "it"


def lang_link(request: Request, lang: str) -> str:
    """A relative link to the same page in ``lang``, keeping the page's other parameters."""
    others = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return "?" + urlencode([("lang", lang), *others])


STATIC = HERE / "static"
FOREVER = "public, max-age=31536000, immutable"
"""A versioned static file's lifetime: a year, never revalidated (its name changes with it)."""
_versions: dict[str, str] = {}


def static_version(name: str) -> str:
    """The version of the static file ``name`` (``table.css``): the start of its content's
    SHA-256, read once per process (the files change only with a new release)."""
    version = _versions.get(name)
    if version is None:
        version = hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]
        _versions[name] = version
    return version


def static_url(name: str) -> str:
    """The versioned address of the static file ``name``: ``/static/table.css?v=<hash>``,
    which browsers keep a year without asking again (issue 28): a new release changes it."""
    return f"/static/{name}?v={static_version(name)}"


class VersionedStatic(StaticFiles):
    """The static files: a versioned address (:func:`static_url`, the current ``?v=``) is
    answered ``Cache-Control: public, max-age=31536000, immutable``; any other (no version,
    an old one) ``no-cache``, revalidated by its ETag."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file at ``path`` with the cache lifetime its address asks for."""
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            # found in the folder (never outside it): its version may be read
            wanted = parse_qs(scope.get("query_string", b"").decode()).get("v", [""])[-1]
            fresh = bool(wanted) and wanted == static_version(path)
            response.headers["Cache-Control"] = FOREVER if fresh else "no-cache"
        return response


def new_idempotency_key() -> str:
    """A fresh one-time key for a form (``templates/idempotency.html``)."""
    return secrets.token_urlsafe(18)


def bidi_isolated(value: Any) -> Any:
    """A value printed by a template (Jinja's ``finalize``): a text holding a bidi control
    isolated (:func:`arbitro.bidi.isolated`), a safe markup kept safe; any other unchanged."""
    if isinstance(value, str):
        shown = isolated(value)
        if shown is not value:
            return Markup(shown) if isinstance(value, Markup) else shown
    return value


class KindTemplates(jinja2.BaseLoader):
    """The templates of a kind of sheet outside arbitro (issue 30): ``sheets/<folder>/<name>``
    read from the directory the kind registered for its folder
    (:func:`arbitro.tournament.sheets.kind.register_templates`), asked after the web's own."""

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        """The template's source, from the kind's registered directory."""
        from arbitro.tournament.sheets.kind import templates_folder

        area, folder, name = [*template.split("/", 2), "", ""][:3]
        directory = templates_folder(folder) if area == "sheets" and name else None
        if directory is None:
            raise jinja2.TemplateNotFound(template)
        return jinja2.FileSystemLoader(directory).get_source(environment, name)


def make_templates() -> Jinja2Templates:
    """The Jinja2 environment, with ``_`` rendering a msgid (or a :class:`Message`) in the
    page's language."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    assert templates.env.loader is not None
    templates.env.loader = jinja2.ChoiceLoader([templates.env.loader, KindTemplates()])
    # Every printed value holding a bidi control (a name with U+202E stored before such names
    # were refused) is isolated, so that it cannot turn the rest of the page (issue 29).
    templates.env.finalize = bidi_isolated

    def translate(
        context: dict[str, Any], text: str | Message | Renderable, /, **params: Any
    ) -> str:
        """A msgid with its parameters, or a ready value (a :class:`Message`, a citation)."""
        lang = str(context.get("lang") or "it")
        if isinstance(text, str):  # a name in the sentence isolated, not just the sentence
            named = {k: isolated(v) if isinstance(v, str) else v for k, v in params.items()}
            return render(Message(text, named), lang)
        return render(text, lang)

    templates.env.globals["_"] = jinja2.pass_context(translate)
    templates.env.globals["ngettext"] = ngettext  # a Message, rendered by ``_``
    templates.env.globals["cite"] = cite
    templates.env.filters["euros"] = euros
    templates.env.globals["lang_link"] = lang_link
    templates.env.globals["new_idempotency_key"] = new_idempotency_key
    templates.env.globals["static_url"] = static_url
    return templates


class Web:
    """What every route needs: the services (each with its own lock: one writer at a time,
    as the store's expected_seq demands), the installation's secret and the templates."""

    def __init__(self, store: RecordStore, clock: Callable[[], datetime] = utc_now) -> None:
        from arbitro.web.secret import load_secret
        from arbitro.web.throttle import login_guards

        self.store = store
        self.secret = load_secret(store)
        self.service = EventService(store, clock)
        self.knockout = KnockoutService(store, clock)
        self.templates = make_templates()
        self.login_throttle, self.hashing_budget = login_guards()  # Redis if configured
        self.pages = PageCache()
        """The rendered public pages by version (:mod:`arbitro.web.page_cache`)."""
        self.push_hub: PushHub | None = None
        """The phones waiting for their table's status (:mod:`arbitro.web.table_push`)."""

    def locked(self) -> AbstractContextManager[Any]:
        """The event service's lock (:attr:`EventLog.lock`), held while a page reads a state
        (the service changes the cached state in place) or checks and writes in one step."""
        return self.service.lock

    def is_knockout(self, event_id: str) -> bool:
        """True for a knockout event (the kind the store recorded when it was created)."""
        return self.store.has_event(event_id) and self.store.event_kind(event_id) == "knockout"

    def render(
        self, request: Request, name: str, status_code: int = 200, **context: Any
    ) -> Response:
        """Render a template with the page's language (also the current language while it
        renders, so that a :class:`Message` shows in it) and the request."""
        lang = context.setdefault("lang", request_lang(request))
        with use_lang(lang):
            return self.templates.TemplateResponse(request, name, context, status_code=status_code)


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
    from arbitro.store import users as user_store
    from arbitro.web import routes
    from arbitro.web.bodies import DirectorsFirst
    from arbitro.web.errors import install_error_handlers
    from arbitro.web.guard import Guard, content_security_policy, security_headers

    app = FastAPI(
        title="arbitro",
        version="0.1.0",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.web = Web(RecordStore.open(database_url or default_database_url()), clock)
    from arbitro.web.throttle import submission_limiter

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
    from arbitro.web import table_push

    app.include_router(table_push.router)  # the table's status pushed to its phones
    app.state.security_headers = security_headers(content_security_policy(HERE / "templates"))
    app.add_middleware(Guard, headers=app.state.security_headers)
    # Outside the guard, which reads a write's body: a stranger's write to the desk or the
    # API is answered before any of it is read (issue 29).
    app.add_middleware(DirectorsFirst, headers=app.state.security_headers)
    # Big pages gzipped, outside the guard (which keeps a form's first answer as sent to
    # replay it: the plain text); a page already gzipped by the page cache passes as it is.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=6)
    return app


def web_of(request: Request) -> Web:
    """The app's shared :class:`Web` object."""
    web: Web = request.app.state.web
    return web
