"""The error raised for an illegal Scala 40 move or meld, naming the broken article."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message


class IllegalMoveError(ArbitroError):
    """A move or meld the Scala 40 code does not allow; ``article`` names the rule it breaks."""


def article(topic: str) -> Citation:
    """The Scala 40 article of ``topic`` (``[articles]`` of scala40.toml)."""
    return cite(CodeId.SCALA40, topic)


def illegal(msg: Message, topic: str, key: str = "scala40.illegal") -> IllegalMoveError:
    """An :class:`IllegalMoveError` saying ``msg``, citing the Scala 40 article of ``topic``."""
    return IllegalMoveError(msg, article=article(topic), key=key)
