"""The one message catalogue of arbitro: every user-facing text, Italian and English.

Texts are written in the code in English (the gettext ``msgid``) with named ``{placeholders}``;
the Italian (and the English, which a translator may reword) live in the ``.po`` files under
``locale/<lang>/LC_MESSAGES/``. The domain never renders a text: it raises an error or returns
a :class:`Message` (a msgid and its parameters), and the edges (CLI, web, printouts) render it
in the user's language with :func:`render`.

``tools/i18n.py`` extracts the msgids from the code and the templates (Babel) and checks that
both languages are complete; with ``ARBITRO_I18N_STRICT=1`` (the test suite) rendering a msgid
missing from the Italian catalogue raises instead of falling back to the English text.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from babel.messages import pofile as babel_pofile
else:
    babel_pofile = lazy_module("babel.messages.pofile")

Lang = Literal["it", "en"]
LANGUAGES: tuple[Lang, ...] = ("it", "en")
DEFAULT_LANG: Lang = "it"

_current: ContextVar[Lang | None] = ContextVar("arbitro_lang", default=None)


class MissingTranslationError(LookupError):
    """A msgid that the catalogue does not translate (strict mode only: the test suite)."""


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it (rendered later, at an edge)."""
    return msgid


def normalize_lang(value: str | None) -> Lang:
    """``it`` or ``en`` from a language tag (``en-GB`` → ``en``); Italian for anything else."""
    return "en" if (value or "").strip().lower()[:2] == "en" else "it"


def current_lang() -> Lang:
    """The language of the current request or command: set by :func:`use_lang`, else
    ``ARBITRO_LANG``, else Italian."""
    lang = _current.get()
    return lang if lang is not None else normalize_lang(os.environ.get("ARBITRO_LANG", "it"))


@contextmanager
def use_lang(lang: str) -> Iterator[Lang]:
    """Render in ``lang`` inside the ``with`` block (a web request, a CLI command)."""
    token = _current.set(normalize_lang(lang))
    try:
        yield normalize_lang(lang)
    finally:
        _current.reset(token)


def set_lang(lang: str) -> None:
    """Render in ``lang`` from now on in this context (a CLI run's ``--lang``)."""
    _current.set(normalize_lang(lang))


def _strict() -> bool:
    return os.environ.get("ARBITRO_I18N_STRICT", "") == "1"


LOCALE = Path(__file__).resolve().parent / "locale"


@cache
def catalogue(lang: Lang) -> Mapping[str, str]:
    """The translations of ``lang``: msgid → text (``msgctxt`` entries as ``ctx\\x04msgid``).

    Read from the compiled ``messages.mo`` (``tools/i18n.py compile``, run by the set-up: all
    the ``.po`` files of the language in one) when it is at least as new as every ``.po``
    file; else (a fresh clone, a ``.po`` edited since) from the ``.po`` files with Babel."""
    folder = LOCALE / lang / "LC_MESSAGES"
    if not folder.is_dir():
        return {}
    # messages.po first: a branch's fragment adds to it (as tools/i18n.py compile does).
    parts = sorted(folder.glob("*.po"), key=lambda p: (p.name != "messages.po", p.name))
    mo = folder / "messages.mo"
    if mo.exists() and all(mo.stat().st_mtime >= p.stat().st_mtime for p in parts):
        return read_mo(mo)
    return read_po_files(parts, lang)


def read_mo(path: Path) -> dict[str, str]:
    """The entries of a compiled GNU ``.mo`` catalogue (UTF-8): msgid → text, the header left
    out, a plural entry by its singular forms. Read directly: neither :mod:`gettext` nor Babel imported
    (issue 14: every command reads the catalogue)."""
    data = path.read_bytes()
    order = "<" if int.from_bytes(data[:4], "little") == 0x950412DE else ">"
    _revision, count, originals, translations = struct.unpack_from(f"{order}4I", data, 4)
    keys = struct.unpack_from(f"{order}{2 * count}I", data, originals)
    values = struct.unpack_from(f"{order}{2 * count}I", data, translations)
    msgids, texts = _laid_out(data, keys, count), _laid_out(data, values, count)
    if msgids is not None and texts is not None:
        return {k: v for k, v in zip(msgids, texts, strict=True) if k and v}
    out: dict[str, str] = {}
    for i in range(0, 2 * count, 2):
        key_len, key_at = keys[i], keys[i + 1]
        value_len, value_at = values[i], values[i + 1]
        if not key_len or not value_len:
            continue
        # A plural entry is "msgid NUL msgid_plural": its singular kept, as from the .po.
        key = data[key_at : key_at + key_len].split(b"\x00", 1)[0]
        value = data[value_at : value_at + value_len].split(b"\x00", 1)[0]
        out[key.decode("utf-8")] = value.decode("utf-8")
    return out


def _laid_out(data: bytes, table: tuple[int, ...], count: int) -> list[str] | None:
    """The ``count`` strings of a ``.mo`` table (length, offset, ...) decoded at once, when they
    are laid out one after the other in the table's order, each ended by a NUL and none holding
    one (no plural entry), as Babel and msgfmt write them; None otherwise. One decode and one
    split for the ~2,000 entries, not two slices each: every command reads the catalogue."""
    if not count:
        return []
    lengths, offsets = table[0::2], table[1::2]
    start, end = offsets[0], offsets[-1] + lengths[-1]
    if list(offsets) != sorted(offsets) or sum(lengths) + count - 1 != end - start:
        return None
    texts = data[start:end].decode("utf-8").split("\x00")
    return texts if len(texts) == count else None


def read_po_files(parts: list[Path], lang: str) -> dict[str, str]:
    """The translated, not fuzzy entries of ``parts`` (``.po`` files, a later file winning;
    a plural entry by its singular forms), read with Babel: the fallback when no up-to-date ``.mo`` is compiled."""
    out: dict[str, str] = {}
    for item in parts:
        with item.open("rb") as handle:
            for message in babel_pofile.read_po(handle, locale=lang):
                if not message.id or not message.string or message.fuzzy:
                    continue
                key = message.id if isinstance(message.id, str) else message.id[0]
                text = message.string if isinstance(message.string, str) else message.string[0]
                if message.context:
                    key = f"{message.context}\x04{key}"
                out[key] = text
    return out


def translate(msgid: str, lang: str | None = None, *, context: str | None = None) -> str:
    """The text of ``msgid`` in ``lang`` (default: the current language), parameters not yet
    filled in. English falls back to the msgid; a missing Italian text falls back to the
    msgid too, or raises :class:`MissingTranslationError` in strict mode."""
    lang = normalize_lang(lang) if lang else current_lang()
    key = msgid if context is None else f"{context}\x04{msgid}"
    text = catalogue(lang).get(key)
    if text is not None:
        return text
    if lang != "en" and _strict():
        raise MissingTranslationError(f"no {lang} translation for {msgid!r}")
    return msgid


def gettext(msgid: str, **params: Any) -> str:
    """Translate ``msgid`` into the current language and fill in ``params`` (the ``_`` of the
    edges and of the templates)."""
    return render(Message(msgid, params))


_ = gettext


@dataclass(frozen=True, slots=True)
class Message:
    """A text to show the user, not yet rendered: its msgid and named parameters. A parameter
    may itself be a :class:`Message` (e.g. a line's name inside a sentence)."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    context: str | None = None

    def render(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the current language)."""
        return render(self, lang)

    def __str__(self) -> str:
        return self.render()


def msg(msgid: str, /, **params: Any) -> Message:
    """A :class:`Message` (``msgid`` is extracted into the catalogue)."""
    return Message(msgid, params)


VERBATIM = "verbatim"


def verbatim(text: str) -> Message:
    """A :class:`Message` that is data, not a text of the catalogue (a name, a number):
    rendered as it is in every language."""
    return Message(text.replace("{", "{{").replace("}", "}}"), context=VERBATIM)


message = msg
"""Another name of :func:`msg`."""


PLURAL = "plural"
"""The context (``msgctxt``) of a plural form in the catalogue (see :func:`ngettext`)."""


def plural_index(n: int) -> int:
    """Which plural form a number takes: 0 (singular) or 1 (plural). Italian and English
    share the rule of both catalogues' header, ``Plural-Forms: nplurals=2; plural=(n != 1)``."""
    return 0 if n == 1 else 1


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """The catalogue's plural: a :class:`Message` for ``n`` things, its ``singular`` or its
    ``plural`` form by :func:`plural_index` ("1 giocatore", "2 giocatori", never "1
    giocatori"); ``n`` fills ``{count}`` unless ``count`` is given. Each form is an entry of
    its own, both extracted: the singular as a plain msgid, the plural with the context
    :data:`PLURAL` (``msgctxt "plural"``), so that the two forms may read the same in English
    ("{count} present") and differ in Italian ("presente", "presenti"). The compiled
    catalogue keeps one text per entry (issue 14: read in one decode)."""
    values = {"count": n, **params}
    if plural_index(n):
        return Message(plural, values, context=PLURAL)
    return Message(singular, values)


DEFAULT_ACTOR = "director"
"""Who made a record when no user is named (the commands' default actor)."""


def actor_label(actor: str) -> Message:
    """Who made a record, as a page or a printout shows it: the default actor in the reader's
    language ("il direttore"), a user's name as it is."""
    return msg("the director") if actor == DEFAULT_ACTOR else verbatim(actor)


class Renderable(Protocol):
    """A value that renders itself in a language (a Citation, a label)."""

    def render(self, lang: str | None = None) -> str:
        """The text in ``lang``."""
        ...


def render(text: Message | Renderable | str, lang: str | None = None) -> str:
    """Render a :class:`Message` (or a msgid without parameters, or any value with a
    ``render(lang)`` method, e.g. a citation) in ``lang``."""
    if isinstance(text, str):
        return translate(text, lang)
    if not isinstance(text, Message):
        return text.render(lang)
    if text.context == VERBATIM:
        template = text.msgid
    else:
        template = translate(text.msgid, lang, context=text.context)
    if not text.params:
        return template
    params = {k: _param(v, lang) for k, v in text.params.items()}
    return template.format(**params)


def _param(value: Any, lang: str | None) -> Any:
    if isinstance(value, Message):
        return value.render(lang)
    if hasattr(value, "render") and callable(value.render):
        return value.render(lang)
    return value
