"""Errors that carry their message in Italian and in English, and the article they enforce.

Every layer raises :class:`ArbitroError` (or a subclass) for bad input, so that the CLI and the
web app can show the user a clear message in their language naming what is wrong.
"""

from __future__ import annotations

import os


def current_language() -> str:
    """Return the user's language: ``ARBITRO_LANG`` (``it`` or ``en``), Italian by default."""
    lang = os.environ.get("ARBITRO_LANG", "it").strip().lower()[:2]
    return "en" if lang == "en" else "it"


class ArbitroError(Exception):
    """A refused request: ``it`` and ``en`` say what is wrong; ``article`` cites the rule."""

    def __init__(self, it: str, en: str, *, article: str | None = None, key: str = "") -> None:
        self.it = it
        self.en = en
        self.article = article
        self.key = key
        super().__init__(self.message("it"))

    def message(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the user's language), with the article cited."""
        lang = lang or current_language()
        text = self.en if lang == "en" else self.it
        if self.article:
            text += f" (art. {self.article})"
        return text


class NotFoundError(ArbitroError):
    """Something named by the request does not exist (an event, a table, a competitor)."""


class ConflictError(ArbitroError):
    """The request contradicts what is already recorded (e.g. a second, different sheet)."""
