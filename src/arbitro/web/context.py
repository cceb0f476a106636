"""What every route of the web needs, apart from the app that includes them (issue 30): the
shared :class:`Web` object (the services, the secret, the templates), :func:`web_of` to reach
it from a request, the page's language and the templates' environment with its static files'
versioned addresses.

The routers import this module, never :mod:`arbitro.web.app` (which builds the app and
includes them): no module of the web imports the app but its entry points
(``tests/web/test_web_imports.py``)."""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import jinja2
from fastapi import Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from arbitro.bidi import isolated
from arbitro.codes.citation import cite
from arbitro.i18n import Lang, Message, Renderable, ngettext, render, use_lang
from arbitro.money import euros
from arbitro.services.events import EventService, utc_now
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.tournament.sheets.kind import templates_folder
from arbitro.web.page_cache import PageCache
from arbitro.web.secret import load_secret
from arbitro.web.throttle import login_guards

if TYPE_CHECKING:  # the hub imports this module (its routes read the Web)
    from arbitro.web.live import PushHub

HERE = Path(__file__).parent
STATIC = HERE / "static"
FOREVER = "public, max-age=31536000, immutable"
"""A versioned static file's lifetime: a year, never revalidated (its name changes with it)."""
_versions: dict[str, str] = {}


def request_lang(request: Request) -> Lang:
    """The page's language: ``?lang=`` if given, else the ``lang`` cookie, else Italian."""
    lang = request.query_params.get("lang") or request.cookies.get("lang") or "it"
    return "en" if lang == "en" else "it"


def lang_link(request: Request, lang: str) -> str:
    """A relative link to the same page in ``lang``, keeping the page's other parameters."""
    others = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return "?" + urlencode([("lang", lang), *others])


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
        area, folder, name = [*template.split("/", 2), "", ""][:3]
        directory = templates_folder(folder) if area == "sheets" and name else None
        if directory is None:
            raise jinja2.TemplateNotFound(template)
        return jinja2.FileSystemLoader(directory).get_source(environment, name)


class CompiledTemplates(jinja2.BytecodeCache):
    """The templates' compiled code, kept for the process: every environment
    :func:`make_templates` makes is configured alike, so each template is compiled once a
    process however many apps the process makes (the tests make one a test: compiling was a
    quarter of a desk test's time). Jinja checks each template's source against the code it
    was compiled from, so an edited template is compiled again."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Give ``bucket`` the code compiled before, if any."""
        with self._lock:
            code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Keep ``bucket``'s newly compiled code."""
        code = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = code


COMPILED = CompiledTemplates()


def make_templates() -> Jinja2Templates:
    """The Jinja2 environment, with ``_`` rendering a msgid (or a :class:`Message`) in the
    page's language."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.bytecode_cache = COMPILED
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


def web_of(request: Request) -> Web:
    """The app's shared :class:`Web` object."""
    web: Web = request.app.state.web
    return web
