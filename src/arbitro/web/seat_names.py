"""A seat's view as its phone shows it, the seats and lines named in the page's language
(issue 32): the engine's view names a seat or a line by the notation's letters (``"args":
{"line": "EW"}``, a score's ``"E-W"``); the phone reads «Combinazioni della linea E-O»,
«Vince E-O» in Italian, «E-W» in English (:func:`arbitro.i18n.seats.named`, read by the
text's shape, never by the game)."""

from __future__ import annotations

from typing import Any

from arbitro.i18n.seats import named
from arbitro.tournament.digital.engine import rendered

_TITLED = ("areas", "counters", "scores")
"""The view's lists whose items have a title (with ``args``) and a value."""


def phone_view(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """``view`` rendered in ``lang`` for the phone (:func:`rendered`), each seat or line
    its titles' ``args`` name and each score's or counter's value that is a seat or a line
    named in ``lang`` (FIBAS art. 4: the lines N-S and E-O in Italian); the ``args`` kept
    as the engine wrote them (the sheet's columns are matched by them). The ``previous``
    deal's scores too."""
    out = rendered(_named(view, lang), lang)
    for key in _TITLED:
        for said, item in zip(out.get(key) or (), view.get(key) or (), strict=False):
            if isinstance(said, dict) and isinstance(item, dict) and "args" in item:
                said["args"] = item["args"]
    previous = view.get("previous")
    if isinstance(previous, dict):
        out["previous"] = phone_view(previous, lang)
    return out


def _named(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """``view`` with its titled items' seat and line ``args`` and values named in ``lang``."""
    out = dict(view)
    for key in _TITLED:
        items = view.get(key)
        if isinstance(items, list):
            out[key] = [_named_item(item, lang) for item in items]
    return out


def _named_item(item: Any, lang: str) -> Any:
    if not isinstance(item, dict):
        return item
    out = dict(item)
    args = item.get("args")
    if isinstance(args, dict):
        out["args"] = {k: named(v, lang) if isinstance(v, str) else v for k, v in args.items()}
    if isinstance(item.get("value"), str):
        out["value"] = named(item["value"], lang)
    return out
