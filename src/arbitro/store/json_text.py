"""Payloads as JSON text that reads back identically from SQLite's JSON text and PostgreSQL's JSONB.

PostgreSQL keeps JSONB numbers as ``numeric``, which prints a float written with an exponent of
16 or more without it (``7.205759403792289e+16`` comes back as the integer
``72057594037922890``, another value). Such floats are therefore written out in full with a
``.0``, which both backends give back as the same float. Text may not hold U+0000 (JSONB refuses
it), and NaN and infinities are not JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import decimal
    import uuid
else:
    decimal = lazy_module("decimal")
    uuid = lazy_module("uuid")

# Floats at or above this magnitude print with an exponent (Python's repr switches at 1e16).
EXPONENT_THRESHOLD = 1e16
# One encoder for every payload: ``json.dumps`` with options builds a new one per call, a
# sixth of an import's serialising (issue 14); the text is the same.
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)


class PayloadError(ValueError):
    """The value cannot be stored as a JSON payload (the message says why)."""


@dataclass(frozen=True, slots=True)
class JsonText:
    """A payload already serialised by :func:`dumps` (bound as it is, not serialised again)."""

    text: str


def bind(value: Any) -> str:
    """The engines' JSON serialiser: pass :class:`JsonText` through, serialise anything else."""
    return value.text if isinstance(value, JsonText) else dumps(value)


def dumps(value: Any) -> str:
    """Serialise a JSON value so that it reads back as the same value on every backend."""
    try:
        text = _ENCODER.encode(value)
    except (TypeError, ValueError) as exc:
        raise PayloadError(str(exc)) from exc
    # Fast path: the text shows neither a possible U+0000 nor a possible exponent.
    if "\\u0000" not in text and "e+" not in text:
        return text
    big_floats: list[float] = []
    if _scan(value, big_floats):
        raise PayloadError("contains the null character U+0000")
    if not big_floats:
        return text
    try:
        token = f"arbitro-float-{uuid.uuid4().hex}"
        texts: dict[str, str] = {}

        def mark(item: Any) -> Any:
            if isinstance(item, float) and abs(item) >= EXPONENT_THRESHOLD:
                key = f"{token}-{len(texts)}"
                texts[key] = format(decimal.Decimal(repr(item)), "f") + ".0"
                return key
            if isinstance(item, dict):
                return {k: mark(v) for k, v in item.items()}
            if isinstance(item, list | tuple):
                return [mark(v) for v in item]
            return item

        text = _ENCODER.encode(mark(value))
        for key, number in texts.items():
            text = text.replace(f'"{key}"', number, 1)
        return text
    except (TypeError, ValueError) as exc:
        raise PayloadError(str(exc)) from exc


def _scan(value: Any, big_floats: list[float]) -> bool:
    """Collect floats that print with an exponent; return whether U+0000 appears anywhere."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, float):
        if abs(value) >= EXPONENT_THRESHOLD and value == value and abs(value) != float("inf"):
            big_floats.append(value)
        return False
    if isinstance(value, dict):
        return any(_scan(k, big_floats) or _scan(v, big_floats) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_scan(item, big_floats) for item in value)
    return False
