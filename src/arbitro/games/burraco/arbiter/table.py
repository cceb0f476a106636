"""Cards on the table in arbiter mode: melds as really laid (valid or not) with their freeze,
and the order of forced discards (art. 2 "Scarto immediato")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from arbitro.cards import Card, format_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.games.burraco import BurracoKind, IllegalMoveError, Line, Meld, Seat, make_meld
from arbitro.games.burraco.arbiter.irregularities import Freeze
from arbitro.games.burraco.rules import card_value


def discard_order(cards: Iterable[Card], code: BurracoFibasCode | None = None) -> list[Card]:
    """Penalized cards in the order they are discarded (art. 2 "Scarto immediato").

    Highest value first; equal values by suit order hearts, diamonds, clubs, spades (art. 3
    "Rango dei semi"); same value and suit: the higher rank first (ruling: the code is silent).
    """
    c = code or burraco_fibas()

    def key(x: Card) -> tuple[int, int, int]:
        suit = x.suit.strength if x.suit is not None else 4
        rank = x.rank.value if x.rank is not None else 0
        return (-card_value(x, c), -suit, -(14 if rank == 1 else rank))

    return sorted(cards, key=key)


def try_meld(cards: Sequence[Card], code: BurracoFibasCode | None = None) -> Meld | None:
    """The valid meld ``cards`` form (arts. 11-15), or None."""
    try:
        return make_meld(cards, code)
    except IllegalMoveError:
        return None


def largest_valid(
    cards: Sequence[Card], code: BurracoFibasCode | None = None
) -> tuple[Meld | None, tuple[Card, ...]]:
    """The largest valid meld among ``cards`` and the cards left out (the excess, art. 2).

    Among equally large melds the one keeping the most points wins. No valid meld: (None, all).
    """
    c = code or burraco_fibas()
    cs = tuple(cards)
    for size in range(len(cs), c.meld_min_cards - 1, -1):
        best: tuple[int, Meld, tuple[int, ...]] | None = None
        for idx in combinations(range(len(cs)), size):
            m = try_meld([cs[i] for i in idx], c)
            if m is not None:
                v = m.value(c)
                if best is None or v > best[0]:
                    best = (v, m, idx)
        if best is not None:
            keep = set(best[2])
            return best[1], tuple(x for i, x in enumerate(cs) if i not in keep)
    return None, cs


def minus(cards: Sequence[Card], removed: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` without one copy of each card of ``removed`` (order kept)."""
    left = Counter(removed)
    out = []
    for x in cards:
        if left[x] > 0:
            left[x] -= 1
        else:
            out.append(x)
    return tuple(out)


@dataclass(slots=True)
class TableMeld:
    """A meld on the table as really laid, valid or not, with its freeze (art. 2).

    ``meld`` is the valid meld the cards form (None for a wrong or incomplete meld).
    Definitive freeze: ``positive`` are the cards counted positive (those there before the
    offence), every other card counts negative, and only ``burraco_before`` counts.
    Temporary freeze: ``pending`` cards count negative if the deal ends before the freeze
    lifts (art. 30); ``frozen_by`` is the offender whose next turn lifts it.
    """

    id: int
    line: Line
    cards: tuple[Card, ...]
    meld: Meld | None
    opened_by: Seat
    freeze: Freeze = Freeze.NONE
    frozen_by: Seat | None = None
    positive: tuple[Card, ...] = ()
    burraco_before: BurracoKind | None = None
    pending: tuple[Card, ...] = ()
    touched_by: list[tuple[Seat, int]] = field(default_factory=list)

    def __str__(self) -> str:
        return format_cards(self.cards)

    @property
    def valid(self) -> bool:
        """True when the cards form a valid meld."""
        return self.meld is not None

    def burraco(self, code: BurracoFibasCode | None = None) -> BurracoKind | None:
        """The burraco the meld makes now (None if none or not valid)."""
        return self.meld.burraco(code) if self.meld is not None else None

    def freeze_definitively(self, negative: Sequence[Card] = ()) -> None:
        """Freeze for good (art. 2): cards now on it count positive except ``negative``."""
        positive = minus(self.cards, negative)
        if self.freeze is Freeze.DEFINITIVE:
            positive = tuple(x for x in positive if x in self.positive)
        before = try_meld(positive)
        self.positive = positive
        self.burraco_before = before.burraco() if before is not None else None
        self.freeze = Freeze.DEFINITIVE
        self.frozen_by = None
        self.pending = ()

    def freeze_temporarily(self, offender: Seat, pending: Sequence[Card]) -> None:
        """Freeze until ``offender``'s next turn (art. 2); ``pending`` count negative meanwhile."""
        if self.freeze is Freeze.DEFINITIVE:
            return
        self.freeze = Freeze.TEMPORARY
        self.frozen_by = offender
        self.pending = tuple(self.pending) + tuple(pending)

    def unfreeze(self) -> None:
        """Lift a temporary freeze: the meld is in play again (art. 2)."""
        if self.freeze is Freeze.TEMPORARY:
            self.freeze = Freeze.NONE
            self.frozen_by = None
            self.pending = ()
