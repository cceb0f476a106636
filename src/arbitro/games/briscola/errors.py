"""The error raised for an illegal Briscola move, naming the broken article (seed 001)."""

from __future__ import annotations

from arbitro.errors import ArbitroError


class IllegalMoveError(ArbitroError):
    """A move the Briscola regulation does not allow; ``article`` names the rule it breaks."""


def illegal(it: str, en: str, article: str, key: str = "briscola.illegal") -> IllegalMoveError:
    """Build an :class:`IllegalMoveError` with its Italian and English message and article."""
    return IllegalMoveError(it=it, en=en, article=article, key=key)
