"""What Burraco FIBAS and Burraco Parole share beyond :mod:`.table`: the kinds of moves of a
turn (:class:`MoveKind`), whether a card may be
discarded (:func:`discard_error`), the end of a turn after a discard that does not close (the stock down to its unplayable cards, the time-out's last
round, else the next player: FIBAS arts. 9, 17; Parole arts. 4.3, 6 B, 7), and the checks that
two lines' cards are one possible table (one closing at most; no card more often than the deck
holds: FIBAS arts. 3, 27; Parole arts. 1.2, 6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.core.game import Outcome, Side
from arbitro.games.core.seats import SEATS, Line, Seat
from arbitro.games.core.table import DrawDiscardTable, EndReason, Phase

C = TypeVar("C", bound=Hashable)


K = TypeVar("K", bound=Enum)


@dataclass(frozen=True, slots=True)
class BurracoScore(Generic[K]):
    """What a Burraco line's score is made of in both games (FIBAS art. 19, Parole arts. 5-6):
    the ``burrachi`` made (the game's kinds), their bonus, the closing bonus, the value of the
    cards on the table (``melded``) and of those left in hand (``in_hand``, negative); each
    game adds its own amounts (the pozzetto, penalized and frozen cards)."""

    burrachi: tuple[K, ...]
    burraco_bonus: int
    closing_bonus: int
    melded: int
    in_hand: int

    @property
    def base(self) -> int:
        """The base (FIBAS art. 2, Parole definitions, "Base"): the burraco bonuses plus the
        closing bonus."""
        return self.burraco_bonus + self.closing_bonus


class MoveKind(Enum):
    """What a move of a draw-and-discard turn does (FIBAS arts. 8-11, 17; Parole arts. 4-4.3,
    7): draw or pick up, open a meld or a word, lay off, discard; the arbiter's time-out call;
    and an arbiter's ruling recorded with the deal so that it replays (arbiter mode)."""

    DRAW = "draw"
    PICK_UP = "pickup"
    MELD = "meld"
    LAY_OFF = "layoff"
    DISCARD = "discard"
    TIME_OUT = "timeout"
    RULING = "ruling"


class TurnEnd(DrawDiscardTable[C]):
    """A draw-and-discard deal's end of turn; the engine keeps ``_last_turn`` (the stock is
    down to its unplayable cards: this turn is the last), ``_timeout_left`` (rounds left after
    the time-out, 0 while none is called) and the ``dealer`` (whose discard ends a round)."""

    _last_turn: bool
    _timeout_left: int
    dealer: Seat

    def _pass_turn(self, s: int) -> bool:
        """After seat ``s``'s discard that did not close: end the deal if the stock is spent
        or the time-out's last round is over (True), else pass the turn to the next player,
        at the draw (False)."""
        if self._last_turn:
            self._finish(EndReason.STOCK_EXHAUSTED)
            return True
        if self._timeout_left and SEATS[s] is self.dealer:
            self._timeout_left -= 1
            if self._timeout_left == 0:
                self._finish(EndReason.TIME_OUT)
                return True
        self._turn = (s + 1) % len(SEATS)
        self._phase = Phase.DRAW
        return False


E = TypeVar("E", bound=Exception)


def discard_error(
    held: int,
    hand_size: int,
    single: bool,
    *,
    last: Callable[[], E | None],
    twin: Callable[[], E],
    missing: Callable[[], E],
) -> E | None:
    """Why a card may not be discarded, or None: not in hand (``missing``, of the ``held``
    copies), the last card of the hand (``last``: the game's closing or pozzetto rules), or
    the card of a one-card pile just picked up without its twin (``twin``; FIBAS art. 10,
    Parole art. 4.2)."""
    if held == 0:
        return missing()
    if hand_size == 1:
        return last()
    if single and held < 2:
        return twin()
    return None


def check_one_table(
    closed: Iterable[bool],
    cards: Iterable[Sequence[C]],
    deck: Counter[C],
    *,
    closing: Citation,
    excess: Citation,
    text: Callable[[Sequence[C]], str],
    key: str,
) -> None:
    """Raise :class:`ArbitroError` unless the lines' position is possible: one line closed at
    most (``closing`` cited) and no card more often than ``deck`` holds (``excess`` cited; the
    cards beyond it written with ``text``); ``key`` prefixes the errors' keys."""
    if sum(1 for c in closed if c) > 1:
        raise ArbitroError(
            "both lines are marked as having closed", article=closing, key=f"{key}.two_closings"
        )
    used: Counter[C] = Counter()
    for line_cards in cards:
        used.update(line_cards)
    extra = used - deck
    if extra:
        raise ArbitroError(
            "cards beyond the {size}-card deck: {cards}",
            size=sum(deck.values()),
            cards=text(sorted(extra.elements(), key=str)),
            article=excess,
            key=f"{key}.extra_cards",
        )


class _Total(Protocol):
    @property
    def total(self) -> int: ...

    def as_dict(self) -> dict[str, Any]: ...


def lines_outcome(
    end: EndReason | None, scores: Mapping[Line, _Total], closer: Seat | None
) -> Outcome | None:
    """How a two-line deal ended (FIBAS arts. 17-19, Parole arts. 5-7): each line's total,
    the line with more points the winner (none on a tie), the closer; None while it is on."""
    if end is None:
        return None
    points: dict[Side, int] = {line: sc.total for line, sc in scores.items()}
    ns, ew = points[Line.NS], points[Line.EW]
    return Outcome(
        end.value, points, None if ns == ew else (Line.NS if ns > ew else Line.EW), closer
    )


def lines_result(
    end: EndReason | None, scores: Mapping[Line, _Total], closer: Seat | None
) -> dict[str, Any] | None:
    """A two-line deal's record result: each line's score and how the deal ended (the
    reason, the closer); None while it is on."""
    if end is None:
        return None
    result: dict[str, Any] = {ln.value: sc.as_dict() for ln, sc in scores.items()}
    result["end"] = {"reason": end.value, "closer": closer.value if closer else None}
    return result


__all__ = [
    "BurracoScore",
    "MoveKind",
    "TurnEnd",
    "check_one_table",
    "discard_error",
    "lines_outcome",
    "lines_result",
]
