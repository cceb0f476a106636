"""The error raised for an illegal Briscola move, naming the broken article (seed 001)."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message


class IllegalMoveError(ArbitroError):
    """A move the Briscola regulation does not allow; ``article`` names the rule it breaks."""


def article(topic: str) -> Citation:
    """The Briscola article of ``topic`` (``[articles]`` of briscola.toml)."""
    return cite(CodeId.BRISCOLA, topic)


def illegal(msg: Message, topic: str, key: str = "briscola.illegal") -> IllegalMoveError:
    """An :class:`IllegalMoveError` saying ``msg``, citing the Briscola article of ``topic``."""
    return IllegalMoveError(msg, article=article(topic), key=key)
