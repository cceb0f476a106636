"""The error raised for an illegal Burraco Parole move or word, naming the broken article."""

from __future__ import annotations

from arbitro.errors import ArbitroError


class IllegalMoveError(ArbitroError):
    """A move or word the UISP code does not allow; ``article`` names the rule it breaks."""


def illegal(it: str, en: str, article: str, key: str = "parole.illegal") -> IllegalMoveError:
    """Build an :class:`IllegalMoveError` with its Italian and English message and article."""
    return IllegalMoveError(it=it, en=en, article=article, key=key)
