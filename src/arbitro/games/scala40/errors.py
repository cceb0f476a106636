"""The error raised for an illegal Scala 40 move or meld, naming the broken article: the
core's one :class:`~arbitro.games.core.errors.IllegalMoveError`, cited from the Scala 40 code."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.games.core.errors import IllegalMoveError
from arbitro.games.core.errors import illegal as core_illegal
from arbitro.i18n import Message


def article(topic: str) -> Citation:
    """The Scala 40 article of ``topic`` (``[articles]`` of scala40.toml)."""
    return cite(CodeId.SCALA40, topic)


def illegal(msg: Message, topic: str, key: str = "scala40.illegal") -> IllegalMoveError:
    """An :class:`IllegalMoveError` saying ``msg``, citing the Scala 40 article of ``topic``."""
    return core_illegal(CodeId.SCALA40, msg, topic, key)


__all__ = ["IllegalMoveError", "article", "illegal"]
