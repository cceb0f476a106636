"""Briscola's side of the core's one illegal-move error: its articles (seed 001)."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.games.core.errors import IllegalMoveError
from arbitro.games.core.errors import illegal as core_illegal
from arbitro.i18n import Message


def article(topic: str) -> Citation:
    """The Briscola article of ``topic`` (``[articles]`` of briscola.toml)."""
    return cite(CodeId.BRISCOLA, topic)


def illegal(msg: Message, topic: str, key: str = "briscola.illegal") -> IllegalMoveError:
    """The core's :class:`IllegalMoveError` saying ``msg``, citing the Briscola article of
    ``topic``."""
    return core_illegal(CodeId.BRISCOLA, msg, topic, key)


__all__ = ["IllegalMoveError", "article", "illegal"]
