"""A line's score in Burraco Parole (arts. 5-6): base (burrachi, closing) and card points.

Positive: each burraco (clean 100, dirty 50), the closing (50), the value of every card of the
line's valid words. Negative: the cards left in hand, the penalized cards (art. 10.8) and the
cards of frozen words (arts. 10.11-10.12). :func:`score_table` scores both lines of a table
after checking the cards can come from one deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from arbitro.codes.burraco_parole import BurracoParoleCode, burraco_parole
from arbitro.errors import ArbitroError
from arbitro.games.core.seats import Line
from arbitro.games.core.words_and_melds import BurracoScore, check_one_table
from arbitro.games.parole.errors import article
from arbitro.games.parole.letters import Card, cards_value, deck_counts, format_cards
from arbitro.games.parole.words import BurracoKind, Word


@dataclass(frozen=True, slots=True)
class LinePosition:
    """What scoring needs of one line at the end of a deal (arts. 5-6, 10.8, 10.11-10.12).

    ``words``: the line's valid words; ``hands``: the cards each player still holds;
    ``penalized``: penalized cards not yet discarded; ``frozen``: cards counted negative
    because frozen (a definitively frozen word, or the cards laid on a temporarily frozen one);
    ``closed``: whether the line closed.
    """

    words: tuple[Word, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    penalized: tuple[Card, ...] = ()
    frozen: tuple[Card, ...] = ()
    closed: bool = False

    def cards(self) -> list[Card]:
        """Every card of the position: words, hands, penalized and frozen cards."""
        out = [c for w in self.words for c in w.cards]
        out += [c for h in self.hands for c in h]
        return out + list(self.penalized) + list(self.frozen)


_AMOUNTS = (
    *("burraco_bonus", "closing_bonus", "melded", "in_hand", "penalized", "frozen"),
    *("base", "points", "total"),
)
"""The amounts of a score, in the order its data lists them."""


@dataclass(frozen=True, slots=True)
class LineScore(BurracoScore[BurracoKind]):
    """A line's score for one deal (arts. 5-6).

    ``base`` = burraco bonuses + closing bonus; ``points`` = value of the words' cards minus
    cards in hand, penalized and frozen cards; ``total`` = base + points.
    """

    penalized: int
    frozen: int
    line: Line | None = field(default=None, compare=False)

    @property
    def points(self) -> int:
        """Card points: words minus hands, penalized and frozen cards (art. 6 C.4, D)."""
        return self.melded + self.in_hand + self.penalized + self.frozen

    @property
    def total(self) -> int:
        """Base plus card points: the line's points for the deal (art. 5)."""
        return self.base + self.points

    def as_dict(self) -> dict[str, object]:
        """The score as JSON-ready data (every component and base, points, total)."""
        head: dict[str, object] = {
            "line": self.line.value if self.line else None,
            "burrachi": [b.value for b in self.burrachi],
        }
        return head | {name: getattr(self, name) for name in _AMOUNTS}


def score_position(
    words: Iterable[Word],
    hands: Iterable[Sequence[Card]] = (),
    *,
    penalized: Sequence[Card] = (),
    frozen: Sequence[Card] = (),
    closed: bool = False,
    line: Line | None = None,
    code: BurracoParoleCode | None = None,
) -> LineScore:
    """Score one line at the end of a deal (arts. 5, 6 C-D); see :func:`score_line`."""
    hs = tuple(tuple(h) for h in hands)
    held = LinePosition(tuple(words), hs, tuple(penalized), tuple(frozen), closed)
    return score_line(held, line, code)


def score_table(
    positions: Mapping[Line, LinePosition], code: BurracoParoleCode | None = None
) -> dict[Line, LineScore]:
    """Score both lines of a table (arts. 5-6) after checking the position is possible.

    At most one line closed (art. 6); no card more often than in the deck (art. 1.2).
    """
    c = code or burraco_parole()
    check_one_table(
        (p.closed for p in positions.values()),
        (p.cards() for p in positions.values()),
        deck_counts(c),
        closing=article("deal_end"),
        excess=article("deck"),
        text=format_cards,
        key="parole",
    )
    return {ln: score_line(p, ln, c) for ln, p in positions.items()}


def score_line(
    position: LinePosition, line: Line | None = None, code: BurracoParoleCode | None = None
) -> LineScore:
    """Score a :class:`LinePosition` at the end of a deal (arts. 5, 6 C-D).

    A closing needs a burraco made by the line (art. 1 point 2, art. 6 A.1); otherwise
    :class:`ArbitroError` (art. 11.4).
    """
    c = code or burraco_parole()
    p = position
    kinds = tuple(k for k in (w.burraco(c) for w in p.words) if k is not None)
    if p.closed and not kinds:
        raise ArbitroError(
            "invalid closing: the line has made no burraco",
            article=article("closing_burraco"),
            key="parole.close_without_burraco",
        )
    return LineScore(
        burrachi=kinds,
        burraco_bonus=sum(k.bonus(c) for k in kinds),
        closing_bonus=c.closing_bonus if p.closed else 0,
        melded=sum(w.value(c) for w in p.words),
        in_hand=-sum(cards_value(h, c) for h in p.hands),
        penalized=-cards_value(p.penalized, c),
        frozen=-cards_value(p.frozen, c),
        line=line,
    )


__all__ = ["Line", "LinePosition", "LineScore", "score_line", "score_position", "score_table"]
