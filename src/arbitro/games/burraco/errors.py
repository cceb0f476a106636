"""The error raised for an illegal Burraco move or meld (the core's one error for every game),
and the FIBAS articles it cites."""

from __future__ import annotations

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.games.core import IllegalMoveError

__all__ = ["IllegalMoveError", "fibas"]


def fibas(topic: str) -> Citation:
    """The FIBAS article of ``topic``, from the ``[articles]`` table of ``burraco_fibas.toml``
    (every article the Burraco engine cites comes from there)."""
    return cite(CodeId.BURRACO_FIBAS, topic)
