"""The web's one error mapping: a refused request on a page is an HTML page in the user's
language; under ``/api`` it is JSON ``{"error": ...}`` (:meth:`ArbitroError.to_json`).

404 for :class:`NotFoundError`, 409 for :class:`ConflictError` (and the store's concurrency
error), the error's own ``status`` for the web's errors (401, 403, 415...), else 400. Unknown
pages (404), wrong methods (405), malformed requests (422) and crashes (500) are pages too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_, Message, render
from arbitro.lazy_names import lazy_module
from arbitro.store.dbapi import is_unavailable
from arbitro.web.context import request_lang, web_of

if TYPE_CHECKING:
    from sqlalchemy import exc as sqlalchemy_exc
else:
    sqlalchemy_exc = lazy_module("sqlalchemy.exc")


class WebError(ArbitroError):
    """A refusal of the web layer with its own HTTP status (``status``)."""

    status = 400

    def __init__(self, msg: str | Message, /, *, status: int | None = None, **params: Any) -> None:
        super().__init__(msg, **params)
        if status is not None:
            self.status = status


class Unauthorized(WebError):
    """Not logged in, or a token that is not valid (401)."""

    status = 401


class Forbidden(WebError):
    """A request from another site, or a form without the session's token (403)."""

    status = 403


HTTP_MESSAGES: dict[int, str] = {
    401: N_("director login required"),
    403: N_("request refused"),
    404: N_("page not found"),
    405: N_("method not allowed"),
}
REFUSED = N_("request refused")
CRASHED = N_(
    "Something went wrong on the server and the request could not be completed. "
    "Wait a moment and try again: what was already confirmed is kept."
)
UNAVAILABLE = N_(
    "The database cannot be reached right now. Wait a moment and try again: "
    "what was already confirmed is kept."
)
TOO_NESTED = N_("The request is nested too deeply to be read.")
RETRY_SECONDS = 5


def status_for(exc: ArbitroError) -> int:
    """The HTTP status of a refused request: 404 not found, 409 conflict, the web error's
    own status, else 400."""
    status = getattr(exc, "status", None)
    if isinstance(status, int):
        return status
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, ConflictError) or type(exc).__name__ == "ConcurrencyError":
        return 409
    return 400


def is_api(request: Request) -> bool:
    """Whether the request is for the JSON API."""
    path = request.url.path
    return path == "/api" or path.startswith("/api/")


def error_page(
    request: Request, text: str, status: int, headers: dict[str, str] | None = None
) -> Response:
    """The page that says why a request was refused: the desk's, the table's, or the public
    one by the area of the path."""
    path = request.url.path
    if path == "/login":  # e.g. too many attempts: the login form again, with the message
        response = web_of(request).render(
            request, "login.html", status_code=status, next="/desk", username="", error=Ready(text)
        )
        response.headers.update(headers or {})
        return response
    if path.startswith("/desk"):
        name = "desk/error.html"
    elif path.startswith("/t/"):
        name = "table/refused.html"
    else:
        name = "public/missing.html"
    response = web_of(request).render(request, name, status_code=status, message=text)
    if path.startswith("/t/"):
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "same-origin"
    for key, value in (headers or {}).items():
        response.headers[key] = value
    return response


def api_error(status: int, error: dict[str, Any], **extra: Any) -> JSONResponse:
    """A JSON refusal of the API: ``{"error": {...}}``."""
    return JSONResponse(jsonable_encoder({"error": error, **extra}), status_code=status)


def refusal(request: Request, exc: ArbitroError) -> Response:
    """The answer to a refused request: a page, or JSON under ``/api``."""
    lang = request_lang(request)
    status = status_for(exc)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 and is_api(request) else {}
    retry_after = getattr(exc, "retry_after", None)
    if isinstance(retry_after, int):
        headers["Retry-After"] = str(retry_after)
    if is_api(request):
        response: Response = api_error(status, exc.to_json(lang))
        for key, value in headers.items():
            response.headers[key] = value
        return response
    return error_page(request, exc.message(lang), status, headers)


def install_error_handlers(app: FastAPI) -> None:
    """Register the mapping on ``app`` (domain refusals, HTTP errors, malformed requests,
    crashes)."""

    @app.exception_handler(ArbitroError)
    async def refused(request: Request, exc: ArbitroError) -> Response:
        return refusal(request, exc)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        headers = dict(exc.headers or {})
        if exc.status_code < 400:  # a redirect (e.g. to the login page)
            return Response(status_code=exc.status_code, headers=headers)
        msgid = HTTP_MESSAGES.get(exc.status_code, REFUSED)
        lang = request_lang(request)
        if is_api(request):
            error = {"message": render(msgid, lang), "msgid": msgid, "key": None, "article": None}
            response: Response = api_error(exc.status_code, error)
            for key, value in headers.items():
                response.headers[key] = value
            return response
        return error_page(request, render(msgid, lang), exc.status_code, headers)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> Response:
        lang = request_lang(request)
        errors = [e for e in exc.errors() if isinstance(e, dict)]
        if is_api(request):
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in errors
            )[:2000]
            msg = Message("invalid request — {problems}", {"problems": problems})
            error = {"message": render(msg, lang), "msgid": msg.msgid, "key": None, "article": None}
            detail = [{"loc": e.get("loc"), "msg": e.get("msg")} for e in errors]
            return api_error(422, error, detail=detail)
        fields = ", ".join(str(e.get("loc", ["?"])[-1]) for e in errors)
        text = render(Message("Request not valid (fields: {fields})", {"fields": fields}), lang)
        return error_page(request, text, 422)

    @app.exception_handler(RecursionError)
    async def too_nested(request: Request, exc: RecursionError) -> Response:
        """A body nested too deeply to be read (a hostile JSON file): 400, not a crash."""
        lang = request_lang(request)
        if is_api(request):
            error = {
                "message": render(TOO_NESTED, lang),
                "msgid": TOO_NESTED,
                "key": None,
                "article": None,
            }
            return api_error(400, error)
        return error_page(request, render(TOO_NESTED, lang), 400)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> Response:
        """Never a bare "Internal Server Error": a page (or JSON) saying to try again; 503
        with ``Retry-After`` when the database cannot be reached, 400 for a too deeply
        nested body."""
        status, msgid, headers = crash_answer(exc)
        lang = request_lang(request)
        if is_api(request):
            error = {"message": render(msgid, lang), "msgid": msgid, "key": None, "article": None}
            response: Response = api_error(status, error)
            response.headers.update(headers)
            response.headers.update(getattr(request.app.state, "security_headers", {}))
            return response
        if status == 400:
            return error_page(request, render(msgid, lang), status, headers)
        return retry_page(request, render(msgid, lang), status, headers)


def retry_page(request: Request, text: str, status: int, headers: dict[str, str]) -> Response:
    """The page of a request that failed on the server's side: what happened, and a link to
    try again (the same page for a GET, else the page the form was on); the page of a GET
    reloads itself after :data:`RETRY_SECONDS` (a display on the projector retries alone)."""

    again = request.url.path
    if request.method != "GET":
        referer = urlsplit(request.headers.get("referer", ""))
        host = request.headers.get("host", "")
        if referer.netloc == host and referer.path.startswith("/"):
            again = referer.path + (f"?{referer.query}" if referer.query else "")
    # A page that failed to be read asks again by itself (a projector has no one to press
    # the button); a form's failure waits for its user.
    reload = RETRY_SECONDS if request.method in ("GET", "HEAD") else None
    response = web_of(request).render(
        request, "retry.html", status_code=status, message=text, again=again, reload=reload
    )
    response.headers["Cache-Control"] = "no-store"
    response.headers.update(headers)
    response.headers.update(getattr(request.app.state, "security_headers", {}))
    return response


def crash_answer(exc: BaseException) -> tuple[int, str, dict[str, str]]:
    """The status, message and headers of an unexpected error."""
    if isinstance(exc, RecursionError):
        return 400, TOO_NESTED, {}
    unreachable = (
        isinstance(exc, sqlalchemy_exc.OperationalError | sqlalchemy_exc.TimeoutError)
        or (isinstance(exc, sqlalchemy_exc.DBAPIError) and exc.connection_invalidated)
        or is_unavailable(exc)  # the record store's DB-API errors (sqlite3, psycopg)
    )
    if unreachable:
        return 503, UNAVAILABLE, {"Retry-After": str(RETRY_SECONDS)}
    return 500, CRASHED, {"Retry-After": str(RETRY_SECONDS)}


class ErrorText:
    """Another error's message (with its citation) as a parameter of a message, rendered in
    the same language: ``FieldError("file", "row {row}: {error}", error=ErrorText(exc))``."""

    def __init__(self, error: ArbitroError) -> None:
        self.error = error

    def render(self, lang: str | None = None) -> str:
        """The error's message in ``lang``."""
        return self.error.message(lang)


class Ready:
    """A text already in the page's language, passed where a template translates."""

    def __init__(self, text: str) -> None:
        self.text = text

    def render(self, lang: str | None = None) -> str:
        """The text, as it is."""
        return self.text
