"""The protocol every game's position follows, like ``chess.Board``: a mutable position with
its move stack; :meth:`Game.push` applies a legal move (an illegal one raises
:class:`~arbitro.games.core.errors.IllegalMoveError` and leaves the position unchanged),
:meth:`Game.pop` takes the last one back, :meth:`Game.outcome` says how it ended."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar

from arbitro.games.core.seats import Line, Seat

M = TypeVar("M")
Side = Line | Seat
"""Who scores: a line (Burraco, Parole, Briscola) or a player (Scala 40)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a deal or game ended: ``reason`` (the game's word: ``closing``, ``stock_exhausted``,
    ``time_out``, ``last_trick``, ``irregularity``...), each side's ``points`` for it, the
    ``winner`` (None when the code has none for it, or for a tie) and the ``closer``."""

    reason: str
    points: Mapping[Side, int]
    winner: Side | None = None
    closer: Seat | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: sides and seats by their letters."""
        return {
            "reason": self.reason,
            "points": {s.value: p for s, p in self.points.items()},
            "winner": self.winner.value if self.winner is not None else None,
            "closer": self.closer.value if self.closer is not None else None,
        }


class Game(Protocol[M]):
    """A position of one game and the moves that led to it."""

    @property
    def turn(self) -> Seat:
        """The seat to play."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the deal or game has ended."""
        ...

    @property
    def move_stack(self) -> Sequence[tuple[Seat, M]]:
        """Every move pushed since the layout, with the seat that made it."""
        ...

    def legal_moves(self) -> Sequence[M]:
        """Every move the player to play may make (all of them: the code's every option)."""
        ...

    def push(self, move: M) -> None:
        """Apply ``move`` for :attr:`turn`; an illegal move raises ``IllegalMoveError``."""
        ...

    def pop(self) -> M:
        """Take the last move back, restoring the position before it; return that move."""
        ...

    def outcome(self) -> Outcome | None:
        """How it ended, or None while it is on."""
        ...

    def copy(self) -> Self:
        """An independent copy of the position and its move stack."""
        ...

    def initial(self) -> Self:
        """The same layout with no move played (the deal as dealt)."""
        ...


G = TypeVar("G", bound=Game[Any])


def undo_last(game: G) -> tuple[G, Any]:
    """The position before ``game``'s last move, and that move: the layout replayed without
    it (the engines keep no per-move snapshots, so that pushing stays as fast as it was; an
    arbiter's restore is rare). An empty stack raises ``IndexError``."""
    stack = list(game.move_stack)
    if not stack:
        raise IndexError("pop from an empty move stack")
    earlier = game.initial()
    for _, move in stack[:-1]:
        earlier.push(move)
    return earlier, stack[-1][1]


def restore(game: object, earlier: object) -> None:
    """Make ``game`` the position ``earlier`` (same class): every attribute taken over, for a
    :meth:`Game.pop` that replays the layout (:func:`undo_last`) into the same object."""
    if type(game) is not type(earlier):
        raise TypeError(f"cannot restore a {type(game).__name__} from a {type(earlier).__name__}")
    if hasattr(earlier, "__dict__"):
        vars(game).clear()
        vars(game).update(vars(earlier))
    for klass in type(earlier).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name != "__dict__" and hasattr(earlier, name):
                object.__setattr__(game, name, getattr(earlier, name))
