"""The rules of what a user may type, decided once, at every way in (issue 29).

- **Event ids** (:func:`check_event_id`): lowercase letters, digits, ``-`` and ``_``, starting
  with a letter or a digit, at most 64 characters. An id becomes a path of the desk
  (``/desk/e/<id>``) and the name of every file downloaded for it, so ``a/b``, ``..``, CR/LF
  or markup can never be one. The desk, the API, the CLI, an imported event file and the store
  all apply this one rule.
- **Text** (:func:`clean_text`): no NUL or other control character (C0, DEL, C1) but a tab,
  or a newline (LF, CR) in a multi-line field; no lone surrogate (text that is not Unicode, which
  no database can store); in names no bidirectional override or isolate (U+202A-U+202E,
  U+2066-U+2069: they turn a name around on every page and printout); a length per field;
  kept in Unicode NFC (the same name typed on two keyboards is one name).

Pure: no I/O. A refusal is a :class:`TextRefused` naming the field (HTTP 422)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message

EVENT_ID_MAX = 64
EVENT_ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
NAME_MAX = 200
TEXT_MAX = 10_000

# Control characters: C0 but tab (and newline and CR in a multi-line field: a browser's
# textarea sends CR LF), DEL, C1.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_CONTROL_MULTILINE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")


class TextRefused(ArbitroError):
    """A field's text (or an id) is refused; ``field`` names it. Answered 422."""

    status = 422

    def __init__(self, field: str, msg: str, /, **params: Any) -> None:
        super().__init__(msg, key="text.invalid", field=field, **params)
        self.field = field


def _code_point(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def check_event_id(value: object, field: str = "event_id") -> str:
    """``value`` if it is a valid event id (see the module), else a :class:`TextRefused`
    showing the id with its invisible characters spelt out."""
    if not isinstance(value, str) or not EVENT_ID_PATTERN.fullmatch(value):
        shown = value if isinstance(value, str) else repr(value)
        raise TextRefused(
            field,
            N_(
                "id «{event_id}» is not valid: lowercase letters, digits, - and _ "
                "(at most {max} characters, starting with a letter or a digit)"
            ),
            event_id=ascii(shown)[1:-1][:80],
            max=EVENT_ID_MAX,
        )
    return value


def text_problem(value: str, *, multiline: bool = False, name: bool = False) -> Message | None:
    """What is wrong with ``value`` as user text (None if nothing): a control character, a
    lone surrogate, or (in a name) a bidirectional override."""
    bad = _SURROGATE.search(value)
    if bad is not None:
        return Message(
            N_("a broken character ({char}, at position {position}): not Unicode text"),
            {"char": _code_point(bad.group()), "position": bad.start() + 1},
        )
    bad = (_CONTROL_MULTILINE if multiline else _CONTROL).search(value)
    if bad is not None:
        return Message(
            N_("an invisible control character ({char}, at position {position})"),
            {"char": _code_point(bad.group()), "position": bad.start() + 1},
        )
    if name:
        bad = _BIDI.search(value)
        if bad is not None:
            return Message(
                N_(
                    "a character that reverses the direction of the text ({char}, at "
                    "position {position})"
                ),
                {"char": _code_point(bad.group()), "position": bad.start() + 1},
            )
    return None


def clean_text(
    value: object,
    field: str,
    *,
    max_length: int = NAME_MAX,
    multiline: bool = False,
    name: bool = True,
) -> str:
    """``value`` as the text a field may hold, in NFC (CR LF made LF in a multi-line field),
    else a :class:`TextRefused` naming ``field`` and what is wrong (see the module)."""
    if not isinstance(value, str):
        raise TextRefused(field, N_("«{field}» must be a text"))
    if multiline:
        value = value.replace("\r\n", "\n")
    problem = text_problem(value, multiline=multiline, name=name)
    if problem is not None:
        raise TextRefused(field, N_("«{field}» holds {problem}"), problem=problem)
    text = unicodedata.normalize("NFC", value)
    if len(text) > max_length:
        raise TextRefused(
            field,
            N_("«{field}» is too long ({length} characters, at most {max})"),
            length=len(text),
            max=max_length,
        )
    return text


def text_problems(data: Any, path: str = "") -> Iterator[tuple[str, Message]]:
    """Every string in a JSON value (keys and values, nested) that is not valid user text
    (:func:`text_problem`, multi-line allowed), with its path (``players.0``)."""
    if isinstance(data, str):
        problem = text_problem(data, multiline=True)
        if problem is not None:
            yield path, problem
    elif isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else str(key)
            if isinstance(key, str):
                problem = text_problem(key)
                if problem is not None:
                    yield where, problem
            yield from text_problems(value, where)
    elif isinstance(data, list | tuple):
        for n, value in enumerate(data):
            yield from text_problems(value, f"{path}.{n}" if path else str(n))


__all__ = [
    "EVENT_ID_MAX",
    "EVENT_ID_PATTERN",
    "NAME_MAX",
    "TEXT_MAX",
    "TextRefused",
    "check_event_id",
    "clean_text",
    "text_problem",
    "text_problems",
]
