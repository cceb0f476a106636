"""Scala 40 melds (arts. 7-9, 17): runs and sets as immutable values that know their jokers.

A run (*sequenza*) is written low to high, each card at its place: the ace stands at 1 (before
the 2, worth 1 for the opening) or at 14 (after the K, worth 11), once (art. 9). A set
(*combinazione*) is three or four cards of one rank and different suits (art. 9). A meld may
hold several jokers (arts. 9, 17) but at least one natural card (ruling: with none, nothing
fixes what the jokers stand for).

Every joker stands for one card. Its player may declare it (art. 8, notation ``JK=7D``);
otherwise the default reading of art. 8 applies: in a run, the joker stands at the place it is
written at; in a set, it takes its suit from the card laid "under" it (the card written before
it, or after it when the joker is written first): the other suit of the same colour (hearts ↔
diamonds, clubs ↔ spades), or, if that suit is in the set, the crossed one ("cuori vale picche e
quadri vale fiori o viceversa"), or else the suit still missing. A lone natural with jokers is
read as a set unless a joker is declared otherwise (ruling).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from arbitro.cards import SUITS, Card, Rank, Suit, card, parse_card
from arbitro.codes.scala40 import Scala40Code, scala40
from arbitro.errors import ArbitroError
from arbitro.games.scala40.errors import article, illegal
from arbitro.games.scala40.rules import (
    ACE_HIGH,
    ACE_LOW,
    opening_table,
    place_card,
    place_value,
    places,
)
from arbitro.i18n import message

Token = tuple[Card, Card | None]
"""A card as played: the card and, for a joker, the card it is declared to stand for (or None)."""

_PARTNER = {Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}
_PARTNER |= {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS}
_CROSS = {Suit.HEARTS: Suit.SPADES, Suit.SPADES: Suit.HEARTS}
_CROSS |= {Suit.DIAMONDS: Suit.CLUBS, Suit.CLUBS: Suit.DIAMONDS}


class MeldKind(Enum):
    """The two kinds of meld: run (*sequenza*) and set (*combinazione*) (art. 9)."""

    RUN = "run"
    SET = "set"


def parse_token(text: str) -> Token:
    """Parse one card as played: ``7H``, ``JK`` or a declared joker ``JK=7H`` (art. 8)."""
    left, sep, right = text.partition("=")
    c = parse_card(left)
    if not sep:
        return (c, None)
    stands = parse_card(right)
    if not c.is_joker or stands.is_joker:
        raise ArbitroError(
            "only a joker is declared, and as a natural card: {text!r} (e.g. JK=7H)",
            text=text,
            article=article("jokers"),
            key="scala40.bad_declaration",
        )
    return (c, stands)


def parse_tokens(text: str) -> tuple[Token, ...]:
    """Parse cards as played, separated by spaces or commas (``"5H JK=6H 7H"``)."""
    return tuple(parse_token(t) for t in text.replace(",", " ").split())


def tokens_of(cards: Iterable[Card | Token]) -> tuple[Token, ...]:
    """Cards (or tokens) as tokens: plain cards carry no declaration."""
    return tuple(x if isinstance(x, tuple) else (x, None) for x in cards)


def format_tokens(tokens: Iterable[Token]) -> str:
    """Print tokens in the notation (``JK=7H`` for a declared joker)."""
    return " ".join(str(c) if d is None else f"{c}={d}" for c, d in tokens)


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld on the table.

    ``cards`` in table order (a run low to high); ``stands[i]`` is the card ``cards[i]`` stands
    for (itself for a natural); for a run ``low`` is the place of ``cards[0]`` (1 = ace low ...
    14 = ace high). Build melds with :func:`make_meld` or :func:`parse_meld`.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands: tuple[Card, ...]
    low: int = 0

    def __str__(self) -> str:
        return format_tokens(self.tokens)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def tokens(self) -> tuple[Token, ...]:
        """The meld's cards with each joker declared as what it stands for."""
        return tuple(
            (c, s if c.is_joker else None) for c, s in zip(self.cards, self.stands, strict=False)
        )

    @property
    def is_run(self) -> bool:
        """True for a run (*sequenza*)."""
        return self.kind is MeldKind.RUN

    @property
    def high(self) -> int:
        """A run's highest place (``low + len - 1``)."""
        return self.low + len(self.cards) - 1

    @property
    def jokers(self) -> int:
        """How many jokers the meld holds."""
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def suit(self) -> Suit | None:
        """A run's suit (None for a set)."""
        return self.stands[0].suit if self.is_run else None

    @property
    def rank(self) -> Rank | None:
        """A set's rank (None for a run)."""
        return None if self.is_run else self.stands[0].rank

    def opening_value(self, code: Scala40Code | None = None) -> int:
        """The meld's value for the opening (art. 7): a joker is worth the card it replaces."""
        if self.is_run:
            return sum(place_value(self.low + i, code) for i in range(len(self.cards)))
        return opening_table(code)[self.stands[0].index] * len(self.cards)

    def _has_natural_ace(self) -> bool:
        return any(c.rank is Rank.ACE for c in self.cards)

    def accepts(self, c: Card, code: Scala40Code | None = None) -> bool:
        """True if ``c`` lays off on this meld (art. 6 "lega a giochi aperti")."""
        k = code or scala40()
        if self.is_run:
            if len(self.cards) >= k.run_max_cards:
                return False
            if c.is_joker:
                return self.low > ACE_LOW or self.high < ACE_HIGH
            if c.suit is not self.suit or (c.rank is Rank.ACE and self._has_natural_ace()):
                return False
            return any(p in (self.low - 1, self.high + 1) for p in places(c))
        if len(self.cards) >= k.set_max_cards:
            return False
        if c.is_joker:
            return True
        return c.rank is self.rank and all(s.suit is not c.suit for s in self.stands)

    def lay_off(
        self, tokens: Sequence[Token], *, low: bool = False, code: Scala40Code | None = None
    ) -> Meld:
        """The meld with ``tokens`` laid off (art. 6 "legare"); raises IllegalMoveError.

        On a run, naturals go at the end they fit; an undeclared joker goes at the high end
        (the low end with ``low``, or when the run reaches the ace high); an ace that fits both
        ends goes high unless ``low``. At most two cards at a time on a run (art. 17).
        """
        k = code or scala40()
        if not tokens:
            raise illegal(message("no card to lay off"), "procedure")
        if self.is_run:
            return self._lay_off_run(tokens, low, k)
        return _make_set([*self.tokens, *tokens], k, topic="lay_off")

    def _lay_off_run(self, tokens: Sequence[Token], low: bool, k: Scala40Code) -> Meld:
        if len(tokens) > k.layoff_max_run_cards:
            raise illegal(
                message(
                    "at most {count} cards at a time are laid off on a run",
                    count=k.layoff_max_run_cards,
                ),
                "run_lay_off_limit",
                "scala40.layoff_too_many",
            )
        suit = self.suit
        assert suit is not None
        cards, stands, lo = list(self.cards), list(self.stands), self.low
        pending = list(tokens)

        def place(c: Card, want: Card | None) -> bool:
            nonlocal lo
            hi = lo + len(cards) - 1
            ends = [(lo - 1, True), (hi + 1, False)]
            if not low:
                ends.reverse()
            for p, at_low in ends:
                if not ACE_LOW <= p <= ACE_HIGH:
                    continue
                target = place_card(suit, p)
                if c.is_joker:
                    if want is not None and want != target:
                        continue
                elif c != target or (c.rank is Rank.ACE and any(x.rank is Rank.ACE for x in cards)):
                    continue
                if at_low:
                    cards.insert(0, c)
                    stands.insert(0, target)
                    lo -= 1
                else:
                    cards.append(c)
                    stands.append(target)
                return True
            return False

        while pending:
            placed = next(
                (t for t in pending if (not t[0].is_joker or t[1] is not None) and place(*t)),
                None,
            )
            if placed is None:
                placed = next((t for t in pending if t[0].is_joker and t[1] is None), None)
                if placed is None or not place(*placed):
                    bad = format_tokens(pending)
                    raise illegal(
                        message(
                            "{card} does not lay off on the run {meld}",
                            card=str(bad),
                            meld=str(self),
                        ),
                        "lay_off",
                        "scala40.no_layoff",
                    )
            pending.remove(placed)
        if len(cards) > k.run_max_cards:
            raise illegal(
                message("a run holds at most {count} cards", count=k.run_max_cards),
                "melds",
                "scala40.run_too_long",
            )
        return Meld(MeldKind.RUN, tuple(cards), tuple(stands), lo)

    def swap(self, natural: Card) -> Meld:
        """The meld with the joker standing for ``natural`` replaced by it (arts. 6, 8).

        Raises IllegalMoveError if no joker of the meld stands for ``natural``.
        """
        for i, (c, s) in enumerate(zip(self.cards, self.stands, strict=False)):
            if c.is_joker and s == natural:
                cards = (*self.cards[:i], natural, *self.cards[i + 1 :])
                return Meld(self.kind, cards, self.stands, self.low)
        raise illegal(
            message("no joker of {meld} stands for {card}", meld=str(self), card=str(natural)),
            "joker_swap",
            "scala40.no_joker_for",
        )


def make_meld(cards: Sequence[Card | Token], code: Scala40Code | None = None) -> Meld:
    """A run or a set from ``cards`` as played (arts. 8, 9); raises IllegalMoveError if invalid."""
    k = code or scala40()
    tokens = tokens_of(cards)
    if len(tokens) < k.meld_min_cards:
        raise illegal(
            message(
                "a meld has at least {count} cards: {cards}",
                count=k.meld_min_cards,
                cards=format_tokens(tokens),
            ),
            "melds",
            "scala40.meld_too_short",
        )
    naturals = [c for c, _ in tokens if not c.is_joker]
    if not naturals:
        raise illegal(
            message("a meld needs at least one natural card"),
            "jokers_in_melds",
            "scala40.only_jokers",
        )
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    if len(naturals) >= 2:
        if len(ranks) == 1:
            return _make_set(tokens, k)
        if len(suits) == 1:
            return _make_run(tokens, k)
        raise illegal(
            message(
                "neither a run of one suit nor a set of one rank: {cards}",
                cards=format_tokens(tokens),
            ),
            "melds",
            "scala40.not_a_meld",
        )
    lone = naturals[0]
    if any(d is not None and d.rank is not lone.rank for _, d in tokens):
        return _make_run(tokens, k)
    return _make_set(tokens, k)


def parse_meld(text: str, code: Scala40Code | None = None) -> Meld:
    """Parse and check a meld written in the notation (``"5H JK 7H"``, ``"7H 7C JK=7D"``)."""
    return make_meld(parse_tokens(text), code)


def _run_low(tokens: Sequence[Token], suit: Suit, k: Scala40Code) -> int | None:
    """The place of the first card if ``tokens`` (low to high) form a run of ``suit``."""
    n = len(tokens)
    first = next(i for i, (c, _) in enumerate(tokens) if not c.is_joker)
    for p in places(tokens[first][0]):
        lo = p - first
        if lo < ACE_LOW or lo + n - 1 > ACE_HIGH:
            continue
        ok = True
        aces = 0
        for i, (c, d) in enumerate(tokens):
            target = place_card(suit, lo + i)
            if c.is_joker:
                ok = d is None or d == target
            else:
                ok = c == target
                aces += c.rank is Rank.ACE
            if not ok:
                break
        if ok and aces <= 1:
            return lo
    return None


def _make_run(tokens: Sequence[Token], k: Scala40Code) -> Meld:
    text = format_tokens(tokens)
    if len(tokens) > k.run_max_cards:
        raise illegal(
            message(
                "a run holds at most {count} cards: {cards}", count=k.run_max_cards, cards=text
            ),
            "melds",
            "scala40.run_too_long",
        )
    suit = next(c.suit for c, _ in tokens if c.suit is not None)
    for order in (list(tokens), list(reversed(tokens))):
        lo = _run_low(order, suit, k)
        if lo is not None:
            cards = tuple(c for c, _ in order)
            stands = tuple(place_card(suit, lo + i) for i in range(len(order)))
            return Meld(MeldKind.RUN, cards, stands, lo)
    raise illegal(
        message("not an ordered run of one suit (the ace once only): {cards}", cards=text),
        "jokers_in_melds",
        "scala40.bad_run",
    )


def _make_set(tokens: Sequence[Token], k: Scala40Code, topic: str = "melds") -> Meld:
    text = format_tokens(tokens)
    if len(tokens) > k.set_max_cards:
        raise illegal(
            message(
                "a set holds at most {count} cards: {cards}", count=k.set_max_cards, cards=text
            ),
            topic,
            "scala40.set_too_long",
        )
    naturals = [c for c, _ in tokens if not c.is_joker]
    rank = naturals[0].rank
    assert rank is not None
    used: set[Suit] = set()
    for c in naturals:
        if c.rank is not rank or c.suit in used:
            raise illegal(
                message("a set is cards of one rank and different suits: {cards}", cards=text),
                topic,
                "scala40.bad_set",
            )
        assert c.suit is not None
        used.add(c.suit)
    stands: list[Card | None] = [None if c.is_joker else c for c, _ in tokens]
    for i, (c, d) in enumerate(tokens):
        if c.is_joker and d is not None:
            if d.rank is not rank or d.suit in used:
                raise illegal(
                    message(
                        "the declared joker {card} does not fit the set {cards}",
                        card=str(d),
                        cards=text,
                    ),
                    "jokers",
                    "scala40.bad_declaration",
                )
            assert d.suit is not None
            used.add(d.suit)
            stands[i] = d
    for i, (c, d) in enumerate(tokens):
        if c.is_joker and d is None:
            ref = stands[i - 1] if i > 0 else None
            if ref is None:
                ref = next(s for s in stands if s is not None)
            assert ref.suit is not None
            options = [_PARTNER[ref.suit], _CROSS[ref.suit], *SUITS]
            suit = next(s for s in options if s not in used)
            used.add(suit)
            stands[i] = card(rank, suit)
    done = tuple(s for s in stands if s is not None)
    return Meld(MeldKind.SET, tuple(c for c, _ in tokens), done)


__all__ = [
    "Meld",
    "MeldKind",
    "Token",
    "format_tokens",
    "make_meld",
    "parse_meld",
    "parse_token",
    "parse_tokens",
    "tokens_of",
]
