"""The one error of every rules engine: a move the code does not allow, citing its article."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message


class IllegalMoveError(ArbitroError):
    """A move, meld or play the competition code in force does not allow; ``article`` cites
    the rule it breaks. The position it was tried on is unchanged."""


def illegal(code: CodeId, msg: Message | str, topic: str, key: str = "") -> IllegalMoveError:
    """An :class:`IllegalMoveError` saying ``msg``, citing the article of ``topic`` in ``code``
    (the ``[articles]`` table of the code's data)."""
    return IllegalMoveError(msg, article=cite(code, topic), key=key)


def not_legal(move: object, article: Citation | None = None) -> IllegalMoveError:
    """The error for a move that is none of the legal moves of the position (in its notation),
    citing ``article`` where one rule is broken."""
    return IllegalMoveError("{move} is not a legal move here", move=str(move), article=article)


def position_detail(err: Exception) -> Message:
    """Why a position written in a game's notation does not parse, in the catalogue's words
    (the parser's own are Python's, in English): the field it lacks, or that a part is not
    written as the notation writes it."""
    if isinstance(err, KeyError) and err.args:
        return Message("the field «{field}» is missing", {"field": str(err.args[0])})
    return Message("a part of it is not written as the notation writes it")
