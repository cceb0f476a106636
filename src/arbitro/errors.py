"""Refused requests, with a message from the catalogue and the article they enforce.

Every layer raises :class:`ArbitroError` (or a subclass) for bad input. The error holds a
msgid of the message catalogue (:mod:`arbitro.i18n`) with its parameters and, where a rule is
enforced, a :class:`~arbitro.codes.citation.Citation`; the CLI and the web app render it in
the user's language::

    raise ArbitroError("table {table} does not exist in round {round}", table=9, round=1,
                       article=cite(code, "seating"))
"""

from __future__ import annotations

from typing import Any

from arbitro.codes.citation import Citation
from arbitro.i18n import Message, current_lang, render


def current_language() -> str:
    """The user's language: ``it`` or ``en`` (see :func:`arbitro.i18n.current_lang`)."""
    return current_lang()


class ArbitroError(Exception):
    """A refused request: ``msg`` (a msgid, or a :class:`Message`) says what is wrong,
    ``params`` fill its placeholders, ``article`` cites the rule."""

    def __init__(
        self,
        msg: str | Message,
        /,
        *,
        article: Citation | None = None,
        key: str = "",
        **params: Any,
    ) -> None:
        self.msg = msg if isinstance(msg, Message) else Message(msg, params)
        self.article = article
        self.key = key
        super().__init__(self.message("it"))

    @property
    def it(self) -> str:
        """The message in Italian."""
        return self.message("it")

    @property
    def en(self) -> str:
        """The message in English."""
        return self.message("en")

    def message(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the user's), the article cited at the end."""
        text = render(self.msg, lang)
        if self.article is not None:
            text += f" ({self.article.render(lang)})"
        return text

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The error as JSON (CLI ``--json`` and the web API): message, key, citation."""
        return {
            "message": self.message(lang),
            "msgid": self.msg.msgid,
            "key": self.key or None,
            "article": None if self.article is None else self.article.to_json(),
        }


class NotFoundError(ArbitroError):
    """Something named by the request does not exist (an event, a table, a competitor)."""


class ConflictError(ArbitroError):
    """The request contradicts what is already recorded (e.g. a second, different sheet)."""
