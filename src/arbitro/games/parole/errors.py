"""Burraco Parole's citations: the article of a topic of the UISP code. The illegal-move error
is the core's one (:class:`arbitro.games.core.IllegalMoveError`), re-exported here."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.games.core.errors import IllegalMoveError
from arbitro.games.core.errors import illegal as core_illegal
from arbitro.i18n import Message

PAROLE = CodeId.BURRACO_PAROLE
"""The code the engine's errors cite."""


def article(topic: str) -> Citation:
    """The UISP Burraco Parole article of ``topic`` (``[articles]`` of burraco_parole.toml)."""
    return cite(PAROLE, topic)


def articles(*topics: str) -> dict[str, Citation]:
    """Each topic's article (the arbiter's rulings are named by their topics)."""
    return {topic: article(topic) for topic in topics}


def illegal(msg: Message, topic: str, key: str = "parole.illegal") -> IllegalMoveError:
    """The core's :func:`~arbitro.games.core.errors.illegal` for the Parole code."""
    return core_illegal(PAROLE, msg, topic, key)


__all__ = ["IllegalMoveError", "article", "articles", "illegal"]
