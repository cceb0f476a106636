"""Burraco melds (arts. 11-15): runs and sets as immutable values that know where the wild stands.

A run (*sequenza*) is written low to high, each card at its place: the ace stands at 1 (before
the 2) or at 14 (after the K), the wild at the place of the card it stands for. A set
(*combinazione*) is written naturals first (hearts, diamonds, clubs, spades) and the wild last
(art. 8). Every :class:`Meld` the module builds is valid; invalid cards raise
:class:`IllegalMoveError` naming the article.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from arbitro.cards import Card, Rank, Suit, format_cards, parse_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.games.burraco.errors import IllegalMoveError, fibas
from arbitro.games.burraco.rules import (
    ACE_HIGH,
    WILD_INDICES,
    is_wild,
    position_card,
    value_table,
)
from arbitro.i18n import N_, Message


class MeldKind(Enum):
    """The two kinds of meld: run (*sequenza*, art. 13) and set (*combinazione*, art. 14)."""

    RUN = "run"
    SET = "set"


class BurracoKind(Enum):
    """The three burraco kinds of art. 15: clean 200, semi-clean 150, dirty 100."""

    CLEAN = "clean"
    SEMI_CLEAN = "semi_clean"
    DIRTY = "dirty"

    def bonus(self, code: BurracoFibasCode | None = None) -> int:
        """The burraco's bonus in match points (arts. 15, 19)."""
        c = code or burraco_fibas()
        if self is BurracoKind.CLEAN:
            return c.clean_burraco
        if self is BurracoKind.SEMI_CLEAN:
            return c.semi_clean_burraco
        return c.dirty_burraco

    @property
    def label(self) -> Message:
        """The kind's name for the user: clean, semi-clean, dirty (rendered at the edge)."""
        return Message(_KIND_NAMES[self.value])

    @property
    def italian(self) -> str:
        """The Italian name: pulito, semipulito, sporco (from the catalogue)."""
        return self.label.render("it")


_KIND_NAMES = {"clean": N_("clean"), "semi_clean": N_("semi-clean"), "dirty": N_("dirty")}


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld on the table.

    ``cards`` in table order; for a run ``low`` is the place of ``cards[0]`` (1 = ace low ...
    14 = ace high) and every card stands at ``low + i``; ``wild`` is the index in ``cards`` of
    the one wild (``-1`` if none). A 2 of the run's suit standing at place 2 is a natural 2.
    Build melds with :func:`make_meld`, :func:`parse_meld` or :meth:`lay_off`.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    low: int = 0
    wild: int = -1
    is_run: bool = field(init=False, repr=False, compare=False)
    """True for a run (*sequenza*): ``kind`` is ``RUN`` (kept, the engine asks it often)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_run", self.kind is MeldKind.RUN)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def high(self) -> int:
        """A run's highest place (``low + len - 1``)."""
        return self.low + len(self.cards) - 1

    @property
    def naturals(self) -> int:
        """How many cards are not the wild (a natural 2 counts as natural, art. 12)."""
        return len(self.cards) - (self.wild >= 0)

    @property
    def wild_card(self) -> Card | None:
        """The meld's wild, if any."""
        return self.cards[self.wild] if self.wild >= 0 else None

    @property
    def suit(self) -> Suit | None:
        """A run's suit (None for a set)."""
        if not self.is_run:
            return None
        return next(c.suit for i, c in enumerate(self.cards) if i != self.wild)

    @property
    def rank(self) -> Rank | None:
        """A set's rank (None for a run)."""
        if self.is_run:
            return None
        return self.cards[0].rank

    @property
    def wild_position(self) -> int | None:
        """The place the wild stands at in a run (1-14), None in a set or without a wild."""
        if not self.is_run or self.wild < 0:
            return None
        return self.low + self.wild

    @property
    def stands_for(self) -> Card | None:
        """The card a run's wild stands for: only that card can replace it (art. 12)."""
        pos = self.wild_position
        suit = self.suit
        if pos is None or suit is None:
            return None
        return position_card(suit, pos)

    def burraco(self, code: BurracoFibasCode | None = None) -> BurracoKind | None:
        """The burraco kind (art. 15), or None if the meld is not a burraco (under 7 cards).

        Clean: no wild (a natural 2 is no wild). Semi-clean: the wild precedes or follows at
        least seven naturals in order. Dirty: any other meld of seven cards with a wild.
        """
        c = code or burraco_fibas()
        if len(self.cards) < c.burraco_min_cards:
            return None
        if self.wild < 0:
            return BurracoKind.CLEAN
        side = max(self.wild, len(self.cards) - 1 - self.wild) if self.is_run else self.naturals
        return BurracoKind.SEMI_CLEAN if side >= c.semi_clean_min_naturals else BurracoKind.DIRTY

    def value(self, code: BurracoFibasCode | None = None) -> int:
        """The meld's card points: the sum of its cards' values (arts. 3, 19)."""
        table = value_table(code)
        return sum(table[c.index] for c in self.cards)

    def lay_off(
        self, cards: Sequence[Card], *, low: bool = False, code: BurracoFibasCode | None = None
    ) -> Meld:
        """The meld with ``cards`` laid off on it (*legare*, art. 2; arts. 11-14).

        In a run each natural goes to its place; a natural laid on the wild's place replaces it
        and the wild stays in the meld, moving to an end (art. 12): to place 2 when it is the
        run's 2 and that end is free (then it is a natural 2), else the high end, else the low
        end. A new wild goes to the gap it fills, or to the low end if ``low`` else the high end.
        """
        c = code or burraco_fibas()
        new = tuple(cards)
        if len(new) == 1 and self.kind is MeldKind.RUN:
            ends = self._at_an_end(new[0], c)
            if ends is not None:
                return ends
        memo = _memo(c, 1)
        key = (self, new, low)
        made = memo.get(key)
        if made is None:
            made = memo[key] = self._lay_off(new, low, c)
        return made

    def _lay_off(self, new: tuple[Card, ...], low: bool, c: BurracoFibasCode) -> Meld:
        if not new:
            raise IllegalMoveError(
                "no card to lay off", article=fibas("lay_off"), key="burraco.illegal"
            )
        if not self.is_run:
            return _make_set(self.cards + new, c)
        suit = self.suit
        assert suit is not None
        fixed = {self.low + i: x for i, x in enumerate(self.cards) if i != self.wild}
        wild_card = self.wild_card
        wild_pos = self.wild_position
        return _lay_on_run(suit, fixed, new, wild_card, wild_pos, low, c)

    def _at_an_end(self, x: Card, c: BurracoFibasCode) -> Meld | None:
        """This run with the natural ``x`` at the free place next to one end (art. 13).

        None when ``x`` is a wild or a 2, of another suit, does not stand next to an end, or the
        run is full: the general placement then decides (and gives the same meld when valid).
        """
        if x.index in WILD_INDICES or self.naturals >= c.run_max_naturals or x.rank is None:
            return None
        first = self.cards[1] if self.wild == 0 else self.cards[0]
        if x.suit is not first.suit:
            return None
        r = x.rank.value
        if r == 1 and any(y.rank is Rank.ACE for y in self.cards):
            return None  # art. 13: one ace a run; the general placement refuses a second
        lo, hi = self.low, self.low + len(self.cards) - 1
        for p in (1, ACE_HIGH) if r == 1 else (r,):
            if p == lo - 1:
                wild = self.wild + 1 if self.wild >= 0 else -1
                return Meld(MeldKind.RUN, (x, *self.cards), p, wild)
            if p == hi + 1:
                return Meld(MeldKind.RUN, (*self.cards, x), lo, self.wild)
        return None


_MEMO_LIMIT = 50_000
"""How many results each memo of :func:`make_meld` and :meth:`Meld.lay_off` keeps at most."""
_MEMOS: dict[tuple[int, int], tuple[BurracoFibasCode, dict[Any, Meld]]] = {}


def _memo(c: BurracoFibasCode, which: int) -> dict[Any, Meld]:
    """The memo of valid melds made under code ``c`` (0: by make_meld, 1: by lay_off).

    Melds are immutable values and both functions are pure, so a result can be reused; an
    illegal meld raises and is not remembered. A full memo starts again empty.
    """
    hit = _MEMOS.get((id(c), which))
    if hit is None or hit[0] is not c:
        hit = _MEMOS[(id(c), which)] = (c, {})
    memo = hit[1]
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    return memo


def make_meld(cards: Sequence[Card], code: BurracoFibasCode | None = None) -> Meld:
    """The meld formed by ``cards`` (arts. 11-14), or :class:`IllegalMoveError`.

    Cards of one rank (wilds aside) form a set; cards of one suit in order form a run. For a
    run, the order written decides an ambiguous wild: written before the naturals it stands
    at the low end, otherwise it fills the gap or stands at the high end.
    """
    c = code or burraco_fibas()
    cs = tuple(cards)
    memo = _memo(c, 0)
    made = memo.get(cs)
    if made is None:
        made = memo[cs] = _make_meld(cs, c)
    return made


def _make_meld(cs: tuple[Card, ...], c: BurracoFibasCode) -> Meld:
    if len(cs) < c.meld_min_cards:
        raise _too_short(cs, c)
    plain = [x for x in cs if not is_wild(x)]
    if not plain:
        raise IllegalMoveError(
            "a meld of wilds only is not allowed: {cards}",
            cards=format_cards(cs),
            article=fibas("wilds"),
            key="burraco.wilds_only",
        )
    if len({x.rank for x in plain}) == 1:
        try:
            return _make_set(cs, c)
        except IllegalMoveError:
            if len(plain) > 1:
                raise
    suits = {x.suit for x in plain}
    if len(suits) > 1:
        raise IllegalMoveError(
            "cards of different ranks or suits: {cards}",
            cards=format_cards(cs),
            article=fibas("meld_cards"),
            key="burraco.mixed_meld",
        )
    suit = plain[0].suit
    assert suit is not None
    return _lay_on_run(suit, {}, cs, None, None, _wild_written_low(cs, suit), c)


def parse_meld(text: str, code: BurracoFibasCode | None = None) -> Meld:
    """Parse a meld written in the card notation, e.g. ``"3H 4H JK 6H"`` (see :func:`make_meld`)."""
    return make_meld(parse_cards(text), code)


def _wild_written_low(cs: Sequence[Card], suit: Suit) -> bool:
    """True when a run is written with its wild first (the wild stands at the low end)."""
    return is_wild(cs[0]) and cs[0] != position_card(suit, 2)


def _make_set(cs: tuple[Card, ...], c: BurracoFibasCode) -> Meld:
    naturals = [x for x in cs if not is_wild(x)]
    wilds = [x for x in cs if is_wild(x)]
    if not naturals:
        raise IllegalMoveError(
            "a set of wilds only is not allowed: {cards}",
            cards=format_cards(cs),
            article=fibas("wilds"),
            key="burraco.wilds_only",
        )
    rank = naturals[0].rank
    if any(x.rank is not rank for x in naturals):
        raise IllegalMoveError(
            "a set with cards of different ranks: {cards}",
            cards=format_cards(cs),
            article=fibas("set_cards"),
            key="burraco.mixed_set",
        )
    if len(wilds) > c.meld_max_wilds:
        raise _two_wilds(cs, c)
    if len(naturals) > c.set_max_naturals:
        raise IllegalMoveError(
            "a set holds at most {max} cards plus the wild: {cards}",
            max=c.set_max_naturals,
            cards=format_cards(cs),
            article=fibas("set_size"),
            key="burraco.set_too_long",
        )
    ordered = tuple(sorted(naturals, key=_index)) + tuple(wilds)
    return Meld(MeldKind.SET, ordered, 0, len(naturals) if wilds else -1)


def _index(x: Card) -> int:
    return x.index


def _two_wilds(cs: Sequence[Card], c: BurracoFibasCode) -> IllegalMoveError:
    return IllegalMoveError(
        "a meld may hold only one wild: {cards}",
        cards=format_cards(cs),
        article=fibas("one_wild"),
        key="burraco.two_wilds",
    )


def _too_short(cs: Sequence[Card], c: BurracoFibasCode) -> IllegalMoveError:
    return IllegalMoveError(
        "a meld needs at least {min} cards: {cards}",
        min=c.meld_min_cards,
        cards=format_cards(cs),
        article=fibas("melds"),
        key="burraco.meld_too_short",
    )


def _lay_on_run(
    suit: Suit,
    fixed: dict[int, Card],
    new: Sequence[Card],
    wild: Card | None,
    wild_pos: int | None,
    prefer_low: bool,
    c: BurracoFibasCode,
) -> Meld:
    """Place ``new`` cards on a run of ``suit`` with naturals ``fixed`` and wild at ``wild_pos``."""
    two = position_card(suit, 2)
    new_wilds = [x for x in new if is_wild(x) and x != two]
    new_twos = [x for x in new if x == two]
    naturals = [x for x in new if not is_wild(x)]
    for x in naturals:
        if x.suit is not suit:
            raise IllegalMoveError(
                "a run with cards of another suit: {card} on {suit}",
                card=str(x),
                suit=suit.label,
                article=fibas("run_cards"),
                key="burraco.mixed_run",
            )
    # Which of the new 2s of the run's suit are naturals: try the most naturals first.
    options: list[tuple[int, list[Card]]] = []
    for n2 in range(min(len(new_twos), 1), -1, -1):
        options.append((n2, new_twos[n2:] + new_wilds))
    last_error: IllegalMoveError | None = None
    for n2, extra_wilds in options:
        try:
            return _place(
                suit, fixed, naturals + new_twos[:n2], extra_wilds, wild, wild_pos, prefer_low, c
            )
        except IllegalMoveError as err:
            last_error = err
    assert last_error is not None
    raise last_error


def _place(
    suit: Suit,
    fixed: dict[int, Card],
    naturals: list[Card],
    extra_wilds: list[Card],
    wild: Card | None,
    wild_pos: int | None,
    prefer_low: bool,
    c: BurracoFibasCode,
) -> Meld:
    everything = [*fixed.values(), *naturals, *extra_wilds] + ([wild] if wild else [])
    aces = [x for x in naturals if x.rank is Rank.ACE]
    if len(aces) + sum(x.rank is Rank.ACE for x in fixed.values()) > 1:
        raise _two_aces(everything, c)
    others = [x for x in naturals if x.rank is not Rank.ACE]
    base = dict(fixed)
    for x in others:
        assert x.rank is not None
        p = x.rank.value
        if p in base:
            raise _not_in_order(everything, suit)
        base[p] = x
    best: IllegalMoveError | None = None
    for choice in _ace_choices(len(aces)):
        pos = dict(base)
        if any(p in pos for p in choice):
            continue  # two aces cannot stand at the same place
        pos.update(zip(choice, aces, strict=True))
        try:
            return _finish(suit, pos, extra_wilds, wild, wild_pos, prefer_low, everything, c)
        except IllegalMoveError as err:
            best = best or err
    raise best or _not_in_order(everything, suit)


def _ace_choices(n: int) -> list[tuple[int, ...]]:
    """The places a run's new aces may take: none, or the one ace before the 2 or after the K."""
    return [(1,), (ACE_HIGH,)] if n else [()]


def _two_aces(cs: Sequence[Card], c: BurracoFibasCode) -> IllegalMoveError:
    """Art. 13 (rulings, Burraco engine 12): a run holds one ace, "posto prima del 2 o dopo il
    K": at most the 13 ranks in order plus the wild."""
    return IllegalMoveError(
        "a run holds one ace, before the 2 or after the K: {cards}",
        cards=format_cards(cs),
        article=fibas("run_size"),
        key="burraco.run_two_aces",
    )


def _finish(
    suit: Suit,
    pos: dict[int, Card],
    extra_wilds: list[Card],
    wild: Card | None,
    wild_pos: int | None,
    prefer_low: bool,
    everything: list[Card],
    c: BurracoFibasCode,
) -> Meld:
    free: Card | None = None
    if wild is not None and wild_pos is not None and wild_pos in pos:
        free = wild  # replaced by the card it stands for; it stays in the meld (art. 12)
        wild, wild_pos = None, None
    wilds = extra_wilds + ([free] if free is not None else [])
    if len(wilds) + (wild is not None) > c.meld_max_wilds:
        raise _two_wilds(everything, c)
    if len(pos) > c.run_max_naturals:
        raise IllegalMoveError(
            "a run holds at most {max} cards plus the wild: {cards}",
            max=c.run_max_naturals,
            cards=format_cards(everything),
            article=fibas("run_size"),
            key="burraco.run_too_long",
        )
    occupied = set(pos)
    if wild_pos is not None:
        occupied.add(wild_pos)
    lo, hi = min(occupied), max(occupied)
    gaps = [p for p in range(lo, hi + 1) if p not in occupied]
    if wilds:
        w = wilds[0]
        if len(gaps) == 1 and free is None:
            # A new wild fills the gap; a freed wild only moves to an end (art. 12: "le
            # eventuali matte libere vanno allocate sempre in ultima posizione").
            wild, wild_pos = w, gaps[0]
        elif gaps:
            raise _not_in_order(everything, suit)
        elif free is not None and w == position_card(suit, 2) and lo == 3:
            pos[2] = w  # the run's own 2 moved to place 2 is a natural 2 (art. 12)
            lo = 2
        else:
            ends = [lo - 1, hi + 1] if prefer_low and free is None else [hi + 1, lo - 1]
            end = next((e for e in ends if 1 <= e <= ACE_HIGH), None)
            if end is None:
                raise IllegalMoveError(
                    "no place for the wild in the run: {cards}",
                    cards=format_cards(everything),
                    article=fibas("run_size"),
                    key="burraco.run_too_long",
                )
            wild, wild_pos = w, end
            lo, hi = min(lo, end), max(hi, end)
    elif gaps:
        raise _not_in_order(everything, suit)
    if wild_pos is not None and wild is not None:
        pos[wild_pos] = wild
    cards = tuple(pos[p] for p in range(lo, lo + len(pos)))
    if len(cards) < c.meld_min_cards:
        raise _too_short(everything, c)
    return Meld(MeldKind.RUN, cards, lo, -1 if wild_pos is None else wild_pos - lo)


def _not_in_order(cs: Sequence[Card], suit: Suit) -> IllegalMoveError:
    return IllegalMoveError(
        "run of {suit} not in order or incomplete: {cards}",
        suit=suit.label,
        cards=format_cards(cs),
        article=fibas("run_order"),
        key="burraco.run_not_in_order",
    )
