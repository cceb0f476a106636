"""The error raised for an illegal Scala 40 move or meld, naming the broken article."""

from __future__ import annotations

from arbitro.errors import ArbitroError


class IllegalMoveError(ArbitroError):
    """A move or meld the Scala 40 code does not allow; ``article`` names the rule it breaks."""


def illegal(it: str, en: str, article: str, key: str = "scala40.illegal") -> IllegalMoveError:
    """Build an :class:`IllegalMoveError` with its Italian and English message and article."""
    return IllegalMoveError(it=it, en=en, article=article, key=key)
