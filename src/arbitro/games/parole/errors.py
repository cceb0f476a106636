"""The error raised for an illegal Burraco Parole move or word, naming the broken article."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message


class IllegalMoveError(ArbitroError):
    """A move or word the UISP code does not allow; ``article`` names the rule it breaks."""


def article(topic: str) -> Citation:
    """The UISP Burraco Parole article of ``topic`` (``[articles]`` of burraco_parole.toml)."""
    return cite(CodeId.BURRACO_PAROLE, topic)


def illegal(msg: Message, topic: str, key: str = "parole.illegal") -> IllegalMoveError:
    """An :class:`IllegalMoveError` saying ``msg``, citing the Parole article of ``topic``."""
    return IllegalMoveError(msg, article=article(topic), key=key)
