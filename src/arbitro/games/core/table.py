"""The table of the draw-and-discard games (Burraco FIBAS, Burraco Parole, Scala 40): the
phases of a turn, how a deal ends, the stock and the discard pile as the players see them,
the arbiter's time-out call (FIBAS art. 17, Parole art. 7), and prepared decks laid out as a
dealer deals them (the cards named where asked, the rest in new-deck order)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from enum import Enum
from typing import Generic, TypeVar

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.core.seats import SEATS, Seat

C = TypeVar("C", bound=Hashable)


class Phase(Enum):
    """Where the turn stands: draw or pick up, play (melds, lay-offs, discard), over."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


class EndReason(Enum):
    """How a deal ended: a closing, the stock run out, the time-out, or time called before
    the first draw (Parole art. 7: the deal is not played and scores nothing)."""

    CLOSING = "closing"
    STOCK_EXHAUSTED = "stock_exhausted"
    TIME_OUT = "time_out"
    NOT_STARTED = "not_started"


class DrawDiscardTable(Generic[C]):
    """The views every draw-and-discard deal shares, read from the engine's own fields:
    ``_turn`` (seat index), ``_phase``, ``_end``, ``_closer`` (seat index, -1 for none),
    ``_turns`` (turns ended by a discard), ``_stock`` (top card last) and ``_pile`` (bottom
    first); ``moves`` is the move stack."""

    _turn: int
    _phase: Phase
    _end: EndReason | None
    _closer: int
    _turns: int
    _stock: list[C]
    _pile: list[C]
    moves: Sequence[tuple[Seat, object]]

    @property
    def turn(self) -> Seat:
        """The seat to play."""
        return SEATS[self._turn]

    @property
    def phase(self) -> Phase:
        """The turn's phase: draw, play or over."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        return self._phase is Phase.OVER

    @property
    def end_reason(self) -> EndReason | None:
        """How the deal ended, or None while it is on."""
        return self._end

    @property
    def closer(self) -> Seat | None:
        """The seat that closed, if the deal ended with a closing."""
        return SEATS[self._closer] if self._closer >= 0 else None

    @property
    def turns_played(self) -> int:
        """How many turns have ended with a discard."""
        return self._turns

    @property
    def stock_size(self) -> int:
        """Cards left in the stock (*tallone*)."""
        return len(self._stock)

    @property
    def discard_pile(self) -> tuple[C, ...]:
        """The discard pile (*monte degli scarti*), bottom first, top card last."""
        return tuple(self._pile)

    def _finish(self, reason: EndReason) -> None:
        self._phase = Phase.OVER
        self._end = reason


def last_rounds(dealer: Seat, turn: Seat, drawing: bool) -> int:
    """The rounds still played after the arbiter calls time (FIBAS art. 17, Parole art. 7):
    play goes on to the end of the round (the dealer's discard), then one more round; called
    when the player at the dealer's left is about to draw, the round just begun is the last."""
    return 1 if drawing and turn is dealer.left else 2


class PreparedDeck(Generic[C]):
    """A prepared deal's cards: those named for a place are taken from ``deck`` (a card named
    more often than the deck holds is refused, citing ``article``, the code's deck rule);
    :meth:`fill` completes a place with the cards not named, in new-deck order."""

    def __init__(self, deck: Sequence[C], article: Citation, key: str = "") -> None:
        self._deck = tuple(deck)
        self._left = Counter(self._deck)
        self._article = article
        self._key = key
        self._rest: list[C] | None = None

    def take(self, cards: Sequence[C]) -> list[C]:
        """The named ``cards``, taken out of the deck (before any :meth:`fill`)."""
        if self._rest is not None:
            raise RuntimeError("cards named after the deck was filled")
        for x in cards:
            if self._left[x] <= 0:
                raise ArbitroError(
                    "card beyond the deck in the prepared deal: {card}",
                    card=str(x),
                    article=self._article,
                    key=self._key,
                )
            self._left[x] -= 1
        return list(cards)

    def fill(self, cards: list[C], n: int) -> list[C]:
        """``cards`` completed to ``n`` with the next cards not named (new-deck order)."""
        rest = self._remaining()
        while len(cards) < n:
            cards.append(rest.pop(0))
        return cards

    def rest(self) -> list[C]:
        """Every card not named nor used to fill, in new-deck order (the deck's end)."""
        rest = self._remaining()
        out, rest[:] = list(rest), []
        return out

    def _remaining(self) -> list[C]:
        if self._rest is None:
            left = Counter(self._left)
            self._rest = []
            for x in self._deck:
                if left[x] > 0:
                    left[x] -= 1
                    self._rest.append(x)
        return self._rest


def dealt_one_at_a_time(hands: Sequence[Sequence[C]]) -> list[C]:
    """The top of a deck that deals ``hands`` (in the order they receive) one card each in
    turn, as the dealer does (FIBAS art. 6, Scala 40 art. 4): the first card to the first."""
    per = len(hands[0]) if hands else 0
    return [hands[i % len(hands)][i // len(hands)] for i in range(len(hands) * per)]


def hands_from_dealer(
    dealer: Seat, order: Callable[[Seat], Seat], named: Mapping[Seat, list[C]]
) -> list[tuple[Seat, list[C]]]:
    """The seats in the order they receive cards (from the player after the dealer, the
    dealer last) with the cards named for each (an empty list where none)."""
    out = []
    s = order(dealer)
    for _ in SEATS:
        out.append((s, named.get(s, [])))
        s = order(s)
    return out
