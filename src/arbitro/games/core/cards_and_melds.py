"""What the card games on the core share beyond :mod:`.table` and :mod:`.words_and_melds`:
the ``pop`` of an engine that keeps no per-move snapshots (:func:`pop_replayed`), the greedy
bots' value of the draw phase (:func:`draw_value`), the per-code lookup tables by
:attr:`Card.index` (:func:`code_table`) and the run helpers of the meld games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from arbitro.cards import Card
from arbitro.games.core.game import Game, restore, undo_last

T = TypeVar("T")
M = TypeVar("M")

_TABLES: dict[tuple[str, int], tuple[object, tuple[Any, ...]]] = {}


def pop_replayed(game: Game[M]) -> M:
    """Take ``game``'s last move back and return it: the layout replayed without it into the
    same object (:func:`~arbitro.games.core.game.undo_last`, :func:`restore`); an empty stack
    raises ``IndexError``."""
    earlier, move = undo_last(game)
    restore(game, earlier)
    return move  # type: ignore[no-any-return]  # the stack's move, an M


def draw_value(kind: str, takes: Callable[[], bool]) -> float | None:
    """The greedy bots' value of a draw-phase move of kind ``kind`` (``"draw"``,
    ``"pickup"``): the draw 0, the pick-up 1 when ``takes()`` (the pile is worth it) else
    -1; None for another kind."""
    if kind == "draw":
        return 0.0
    if kind == "pickup":
        return 1.0 if takes() else -1.0
    return None


def code_table(name: str, code: object, build: Callable[[], tuple[T, ...]]) -> tuple[T, ...]:
    """The lookup table ``name`` of the competition ``code`` (values by :attr:`Card.index`),
    built once by ``build`` and kept while that code object lives (a new code at the same id
    builds it again)."""
    kept = _TABLES.get((name, id(code)))
    if kept is None or kept[0] is not code:
        kept = _TABLES[(name, id(code))] = (code, build())
    return kept[1]


def rank_key(c: Card) -> str:
    """The key of ``c`` in a code's tables by rank (``JK``, ``A``, ``K`` ... ``2``)."""
    return "JK" if c.rank is None else c.rank.symbol


__all__ = ["code_table", "draw_value", "pop_replayed", "rank_key"]
