"""The web app's factory: one EventService per process on the configured database, the
templates (Italian first: every text is written in both languages with ``_("it", "en")``),
the static files (htmx vendored, never from a CDN), and the routers of each area."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import Message, render
from arbitro.services.events import EventService, utc_now
from arbitro.store import RecordStore, default_database_url

HERE = Path(__file__).parent
EVENT_PAGE = re.compile(r"^/(?P<desk>desk/)?e/(?P<event>[A-Za-z0-9._-]+)/?$")
LANGS = ("it", "en")


def request_lang(request: Request) -> str:
    """The page's language: ``?lang=`` if given, else the ``lang`` cookie, else Italian."""
    lang = request.query_params.get("lang") or request.cookies.get("lang") or "it"
    return lang if lang in LANGS else "it"


def lang_link(request: Request, lang: str) -> str:
    """A relative link to the same page in ``lang``, keeping the page's other parameters."""
    others = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return "?" + urlencode([("lang", lang), *others])


def make_templates() -> Jinja2Templates:
    """The Jinja2 environment, with ``_(it, en)`` choosing the text by the page's language."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    def translate(context: dict[str, Any], msgid: str, *legacy: str, **params: Any) -> str:
        lang = str(context.get("lang") or "it")
        if legacy:  # TRANSITION: an (it, en) pair not yet moved into the catalogue
            return legacy[0] if lang == "en" else msgid
        return render(Message(msgid, params), lang)

    import jinja2

    templates.env.globals["_"] = jinja2.pass_context(translate)
    templates.env.globals["lang_link"] = lang_link
    return templates


class Web:
    """What every route needs: the service (serialised by a lock: one writer at a time, as
    the store's expected_seq demands) and the templates."""

    def __init__(self, store: RecordStore, clock: Callable[[], datetime] = utc_now) -> None:
        from arbitro.web.secret import load_secret

        self.store = store
        self.secret = load_secret(store)
        self.service = EventService(store, clock)
        self.lock = threading.RLock()
        self.templates = make_templates()
        self._knockout: dict[str, bool] = {}

    def is_knockout(self, event_id: str) -> bool:
        """True for a knockout event (its kind never changes: remembered once known)."""
        known = self._knockout.get(event_id)
        if known is None:
            if not self.store.has_event(event_id):
                return False
            first = self.store.records(event_id)[:1]
            known = bool(first) and first[0].payload.get("competition") == "knockout"
            self._knockout[event_id] = known
        return known

    def render(self, request: Request, name: str, status_code: int = 200, **context: Any) -> Any:
        """Render a template with the page's language and the request."""
        context.setdefault("lang", request_lang(request))
        return self.templates.TemplateResponse(request, name, context, status_code=status_code)


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
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.middleware("http")
    async def remember_language(request: Request, call_next: Any) -> Any:
        """``?lang=it|en`` switches the language and a cookie keeps it for later pages."""
        response = await call_next(request)
        lang = request.query_params.get("lang")
        if lang in LANGS:
            response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="lax")
        return response

    @app.middleware("http")
    async def knockout_pages(request: Request, call_next: Any) -> Any:
        """A knockout event's pages live under /k and /desk/k: links to /e/{id} and
        /desk/e/{id} (e.g. the desk's list of events) lead there."""
        match = EVENT_PAGE.match(request.url.path)
        web: Web = request.app.state.web
        if match and request.method in ("GET", "HEAD") and web.is_knockout(match["event"]):
            target = ("/desk/k/" if match["desk"] else "/k/") + match["event"]
            return RedirectResponse(target, status_code=303)
        return await call_next(request)

    @app.exception_handler(ArbitroError)
    async def refused(request: Request, exc: ArbitroError) -> JSONResponse:
        """A safety net: a refused request that no route caught is a 4xx with the message."""
        status = (
            404
            if isinstance(exc, NotFoundError)
            else 409
            if isinstance(exc, ConflictError)
            else 400
        )
        return JSONResponse(
            {"error": {"it": exc.it, "en": exc.en, "article": exc.article}}, status_code=status
        )

    from arbitro.web import routes

    routes.include_all(app)
    return app


def web_of(request: Request) -> Web:
    """The app's shared :class:`Web` object."""
    web: Web = request.app.state.web
    return web
