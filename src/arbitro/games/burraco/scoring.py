"""A line's hand score (art. 19): base (burraco and closing bonuses) and card points.

:func:`score_position` scores one line from its melds and the cards its players hold;
:func:`score_table` scores both lines of a table and checks the cards are a possible position;
:func:`check_entry` compares a score sheet's entry with a scored position (arts. 19, 21).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from arbitro.cards import Card, burraco_deck, format_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.games.burraco.errors import fibas
from arbitro.games.burraco.melds import BurracoKind, Meld
from arbitro.games.burraco.rules import value_table
from arbitro.games.core import Line
from arbitro.i18n import Message, message


@dataclass(frozen=True, slots=True)
class LinePosition:
    """What scoring needs of one line at the end of a deal (art. 19).

    ``hands``: the cards each of its players still holds (without an unplayed pozzetto);
    ``pozzetto_taken``: whether the line went to its pozzetto; ``unplayed_pozzetto``: the cards
    of a pozzetto taken and not played; ``closed``: whether the line made the closing.
    """

    melds: tuple[Meld, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    pozzetto_taken: bool = True
    unplayed_pozzetto: tuple[Card, ...] = ()
    closed: bool = False

    def cards(self) -> list[Card]:
        """Every card of the position: melds, hands and unplayed pozzetto."""
        out = [c for m in self.melds for c in m.cards]
        out += [c for h in self.hands for c in h]
        out += self.unplayed_pozzetto
        return out


@dataclass(frozen=True, slots=True)
class LineScore:
    """A line's score for one deal (art. 19), in match points.

    ``base`` = burraco bonuses + closing bonus; ``points`` = card points of the melds minus the
    cards left in hand minus the pozzetto penalty (100 if not taken, its value if taken and not
    played); ``total`` = base + points.
    """

    burrachi: tuple[BurracoKind, ...]
    burraco_bonus: int
    closing_bonus: int
    melded: int
    in_hand: int
    pozzetto: int
    line: Line | None = field(default=None, compare=False)

    @property
    def base(self) -> int:
        """The base (art. 2 "Base"): burraco bonuses plus the closing bonus."""
        return self.burraco_bonus + self.closing_bonus

    @property
    def points(self) -> int:
        """Card points: melds minus cards left minus the pozzetto penalty (art. 19)."""
        return self.melded + self.in_hand + self.pozzetto

    @property
    def total(self) -> int:
        """Base plus card points: the line's match points for the deal (art. 19)."""
        return self.base + self.points

    def as_dict(self) -> dict[str, object]:
        """The score as JSON-ready data (every component and base, points, total)."""
        return {
            "line": self.line.value if self.line else None,
            "burrachi": [b.value for b in self.burrachi],
            "burraco_bonus": self.burraco_bonus,
            "closing_bonus": self.closing_bonus,
            "melded": self.melded,
            "in_hand": self.in_hand,
            "pozzetto": self.pozzetto,
            "base": self.base,
            "points": self.points,
            "total": self.total,
        }


def score_position(
    melds: Iterable[Meld],
    hands: Iterable[Sequence[Card]] = (),
    *,
    pozzetto_taken: bool = True,
    unplayed_pozzetto: Sequence[Card] = (),
    closed: bool = False,
    line: Line | None = None,
    code: BurracoFibasCode | None = None,
) -> LineScore:
    """Score one line's position at the end of a deal (art. 19).

    Positive: burraco bonuses (clean 200, semi-clean 150, dirty 100, art. 15), the closing
    bonus (100, art. 18) and the value of the melded cards. Negative: the cards left in the
    players' hands, 100 for a pozzetto not taken, the value of a pozzetto taken and not played.
    A closing needs the pozzetto taken and a burraco (art. 18); otherwise :class:`ArbitroError`.
    """
    c = code or burraco_fibas()
    table = value_table(c)
    ms = tuple(melds)
    kinds = tuple(k for k in (m.burraco(c) for m in ms) if k is not None)
    if closed and not (pozzetto_taken and kinds):
        raise ArbitroError(
            "invalid closing: the line must have taken its pozzetto and made a burraco",
            article=fibas("closing"),
            key="burraco.bad_closing",
        )
    if unplayed_pozzetto and not pozzetto_taken:
        raise ArbitroError(
            "an unplayed pozzetto given for a line that did not take it",
            article=fibas("scoring"),
            key="burraco.bad_pozzetto",
        )
    pozzetto = -sum(table[x.index] for x in unplayed_pozzetto)
    if not pozzetto_taken:
        pozzetto = c.pozzetto_not_taken
    return LineScore(
        burrachi=kinds,
        burraco_bonus=sum(k.bonus(c) for k in kinds),
        closing_bonus=c.closing_bonus if closed else 0,
        melded=sum(m.value(c) for m in ms),
        in_hand=-sum(table[x.index] for h in hands for x in h),
        pozzetto=pozzetto,
        line=line,
    )


def score_line(
    position: LinePosition, line: Line | None = None, code: BurracoFibasCode | None = None
) -> LineScore:
    """Score a :class:`LinePosition` (art. 19); see :func:`score_position`."""
    p = position
    score = partial(score_position, line=line, code=code, closed=p.closed)
    return score(
        p.melds, p.hands, pozzetto_taken=p.pozzetto_taken, unplayed_pozzetto=p.unplayed_pozzetto
    )


def score_table(
    positions: Mapping[Line, LinePosition], code: BurracoFibasCode | None = None
) -> dict[Line, LineScore]:
    """Score both lines of a table (art. 19) after checking the position is possible.

    At most one line closed; no card more often than in the 108-card deck (art. 3, 27); no more
    than one set of a rank per line (art. 32).
    """
    closers = [ln for ln, p in positions.items() if p.closed]
    if len(closers) > 1:
        raise ArbitroError(
            "both lines are marked as having closed",
            article=fibas("closing"),
            key="burraco.two_closings",
        )
    used: Counter[Card] = Counter()
    for p in positions.values():
        used.update(p.cards())
        ranks = [m.rank for m in p.melds if not m.is_run]
        if len(ranks) != len(set(ranks)):
            raise ArbitroError(
                "two sets of the same rank for one line",
                article=fibas("equal_sets"),
                key="burraco.same_set",
            )
    extra = used - Counter(burraco_deck())
    if extra:
        raise ArbitroError(
            "cards beyond the 108-card deck: {cards}",
            cards=format_cards(sorted(extra.elements())),
            article=fibas("deck_excess"),
            key="burraco.extra_cards",
        )
    return {ln: score_line(p, ln, code) for ln, p in positions.items()}


def check_entry(expected: LineScore, *, base: int, points: int) -> list[Message]:
    """Compare a score sheet's entry (base, card points) with a scored position (arts. 19, 21).

    Returns the differences as messages for the user (rendered at the edge, ``str()`` in the
    current language), empty when the entry agrees.
    """
    problems = []
    if base != expected.base:
        problems.append(
            message("base {written} ≠ {expected}", written=base, expected=expected.base)
        )
    if points != expected.points:
        problems.append(
            message("card points {written} ≠ {expected}", written=points, expected=expected.points)
        )
    return problems
