"""Reading the desk's HTML forms: text and whole-number fields with their limits, uploaded
files, and the refusal of one field (:class:`FieldError`, shown next to that input); running a
form's action (:func:`act`): on to the next page, or the same page again with the message."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import FormData, UploadFile

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message, ngettext
from arbitro.money import parse_euros
from arbitro.text_rules import EVENT_ID_PATTERN as EVENT_ID_PATTERN  # the one id rule
from arbitro.text_rules import TextRefused, check_event_id, text_problem
from arbitro.web.errors import status_for

T = TypeVar("T")

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_COMPETITOR = 100_000
MAX_ROUNDS = 50

Errors = dict[str, dict[str, str]]
"""The messages of a page's forms: form → field (``_`` for the whole form) → message."""


class FieldError(ArbitroError):
    """A form field's value is refused; ``field`` names the input the message goes next to."""

    def __init__(
        self,
        field: str,
        msg: str | Message,
        /,
        *,
        article: Citation | None = None,
        status: int = 400,
        **params: Any,
    ) -> None:
        super().__init__(msg, article=article, key="web.field", **params)
        self.field = field
        self.status = status


class FieldErrors(ArbitroError):
    """Several fields of one form refused at once: each message goes next to its field, so
    the director corrects them all in one pass."""

    def __init__(self, errors: list[FieldError]) -> None:
        super().__init__(
            ngettext("{count} field to correct", "{count} fields to correct", len(errors)),
            key="web.fields",
        )
        self.errors = errors
        self.status = max(e.status for e in errors)


class FieldCollector:
    """Collects the FieldErrors of a form's fields (``with collector.field(): ...``); at the
    end :meth:`check` raises them all at once (FieldErrors), or nothing."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def take(self, read: Callable[[], T], fallback: T) -> T:
        """``read()``, or ``fallback`` after noting its FieldError."""
        try:
            return read()
        except FieldError as exc:
            self.errors.append(exc)
            return fallback

    def check(self) -> None:
        """Raise the errors collected, if any (one alone as itself)."""
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise FieldErrors(self.errors)


def slugify(name: str) -> str:
    """An event id made from its name: lowercase ASCII letters, digits and dashes."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:48] or "gara"


def fee_field(form: FormData, name: str = "fee", default: int | None = None) -> int | None:
    """An amount typed in euros (``4``, ``4,50``, ``4.50``) as cents (:mod:`arbitro.money`);
    ``default`` when the field is empty; the refusal goes next to the field."""
    raw = text_field(form, name, 20)
    if not raw:
        return default
    try:
        return parse_euros(raw)
    except ArbitroError as exc:
        raise FieldError(name, exc.msg) from None


def text_field(form: FormData, name: str, max_length: int = 200) -> str:
    """A text field of the form, stripped and in NFC ("" when absent); a control character
    but newline and tab, a lone surrogate or a direction override is refused (issue 29)."""
    value = form.get(name)
    if value is None or isinstance(value, UploadFile):
        return ""
    value = str(value).strip()
    problem = text_problem(value, multiline=True, name=True)
    if problem is not None:  # refused here, at the edge: never a 500 from the database
        raise FieldError(name, Message(N_("this field holds {problem}"), {"problem": problem}))
    value = unicodedata.normalize("NFC", value)
    if len(value) > max_length:
        raise FieldError(
            name,
            "text too long ({length} characters, at most {max_length})",
            length=len(value),
            max_length=max_length,
        )
    return value


def required_field(
    form: FormData,
    name: str,
    max_length: int,
    missing: str,
    *,
    article: Citation | None = None,
) -> str:
    """A text field that must be filled in; FieldError ``missing`` (a msgid, marked with
    ``N_`` where it is written) if it is empty."""
    value = text_field(form, name, max_length)
    if not value:
        raise FieldError(name, missing, article=article)
    return value


def int_field(
    form: FormData,
    name: str,
    what: Message,
    *,
    low: int | None = None,
    high: int | None = None,
    default: int | None = None,
) -> int:
    """An integer field of the form, within ``low``..``high``; FieldError naming it (``what``)
    if not."""
    raw = text_field(form, name, 30)
    if not raw:
        if default is not None:
            return default
        raise FieldError(name, "{what}: the number is missing", what=what)
    try:
        value = int(raw)
    except ValueError:
        raise FieldError(
            name, "{what}: «{raw}» is not a whole number", what=what, raw=raw
        ) from None
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low if low is not None else '…'}-{high if high is not None else '…'}"
        raise FieldError(
            name, "{what}: {value} is out of range {span}", what=what, value=value, span=span
        )
    return value


def checked(form: FormData, name: str) -> bool:
    """Whether a checkbox of the form is ticked."""
    return form.get(name) in ("on", "1", "true", "yes")


def upload_bytes(form: FormData, field: str, limit: int = MAX_UPLOAD_BYTES) -> bytes:
    """The content of an uploaded file, at most ``limit`` bytes (a CSV/XLSX registration
    file's ``MAX_UPLOAD_BYTES`` by default; an event file's import passes
    :func:`arbitro.web.bodies.import_limit`, the route's own limit); the form, once parsed,
    holds it in a spooled temporary file."""
    upload = form.get(field)
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise FieldError(field, "choose a file")
    upload.file.seek(0)
    data = upload.file.read(limit + 1)
    if len(data) > limit:
        raise FieldError(field, "file too large (at most {mb} MB)", mb=limit // 1024 // 1024)
    if not data:
        raise FieldError(field, "the file is empty")
    return data


def form_errors(form_name: str, exc: ArbitroError, lang: str) -> Errors:
    """The errors of one form: under the field's name for a FieldError, else under ``_``."""
    if isinstance(exc, FieldErrors):
        fields = {e.field: e.message(lang) for e in reversed(exc.errors)}
        return {form_name: {"_": exc.message(lang), **fields}}
    field = exc.field if isinstance(exc, FieldError) else "_"
    return {form_name: {field: exc.message(lang)}}


def form_values(form: FormData) -> dict[str, str]:
    """The posted text values (to fill the form again after an error)."""
    return {k: str(v) for k, v in form.items() if not isinstance(v, UploadFile) and k != "csrf"}


def redirect(url: str) -> RedirectResponse:
    """After a successful POST, go to the page (303: the browser GETs it)."""
    return RedirectResponse(url, status_code=303)


def names_field(form: FormData, name: str, max_length: int) -> list[str]:
    """The names typed in a field, one per line or separated by commas (a competitor's
    players)."""
    return [p.strip() for p in re.split(r"[,\n]", text_field(form, name, max_length)) if p.strip()]


def event_id_field(form: FormData, name: str = "event_id") -> str | None:
    """An event id typed in a form (lowercase letters, digits, ``-`` and ``_``), or None."""
    event_id = text_field(form, name, 64).lower()
    if not event_id:
        return None
    try:
        return check_event_id(event_id, name)
    except TextRefused as exc:
        raise FieldError(name, exc.msg) from None


TEST_EVENT_FIELD = "test_event"
TEST_PREFIX = "prova-"
"""A test event ("gara di prova", ticked at its creation) has an id starting ``prova-``; the
demo event's starts ``demo``: only on these do the bots play."""


def is_test_event(event_id: str) -> bool:
    """True for the demo event and the events created as a test (``prova-…``)."""
    return event_id.startswith(("demo", TEST_PREFIX))


def new_event_id(form: FormData, name: str, taken: Callable[[str], bool]) -> str:
    """The id of a new event: the one typed, else made from its ``name``; a FieldError (409)
    if ``taken``."""
    event_id = event_id_field(form) or slugify(name)
    if checked(form, TEST_EVENT_FIELD) and not is_test_event(event_id):
        event_id = f"{TEST_PREFIX}{event_id}"[:48]
    if taken(event_id):
        raise FieldError(
            "event_id",
            "an event «{event_id}» already exists: choose another id",
            event_id=event_id,
            status=409,
        )
    return event_id


Refused = Callable[[int, Errors, dict[str, str]], Response]
"""A page shown again after a refused form: ``(status, errors, values)`` → the response."""


def act(
    form: FormData, form_name: str, lang: str, action: Callable[[], str], refused: Refused
) -> Response:
    """Run a form's ``action`` (it returns the URL to go to next); when refused, the page again
    (``refused``, a 4xx) with the message next to the form ``form_name`` and what was typed."""
    try:
        target = action()
    except ArbitroError as exc:
        return refused(status_for(exc), form_errors(form_name, exc, lang), form_values(form))
    return redirect(target)
