"""French playing cards: :class:`Suit`, :class:`Rank`, :class:`Card` and the card notation.

One card is written rank then suit (DESIGN.md, "Card notation"): ranks ``A 2 3 4 5 6 7 8 9 10
J Q K``, suits ``H`` (♥ cuori), ``D`` (♦ quadri), ``C`` (♣ fiori), ``S`` (♠ picche); a joker is
``JK`` (``*`` on input). Suit symbols, lower case and ``T`` for ten are accepted on input; output
is always the ASCII form. Cards are immutable and interned: there are 53 distinct cards (52 and
the joker), and equal cards are the same object.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum
from typing import Final

from arbitro.codes.citation import FRENCH, deck_citation
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message


class Suit(Enum):
    """A French suit. Declared in suit rank, highest first: H > D > C > S (Burraco art. 3)."""

    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♥ ♦ ♣ ♠."""
        return _SYMBOLS[self]

    @property
    def strength(self) -> int:
        """Suit rank, higher is stronger: hearts 3, diamonds 2, clubs 1, spades 0 (art. 3)."""
        return _SUIT_STRENGTH[self]

    @property
    def label(self) -> Message:
        """The suit's name for the user (hearts, diamonds, clubs, spades; rendered at the edge)."""
        return Message(_NAMES[self])

    @property
    def italian(self) -> str:
        """The suit's Italian name (cuori, quadri, fiori, picche), from the catalogue."""
        return self.label.render("it")


_SYMBOLS: Final = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}
_SUIT_STRENGTH: Final = {Suit.HEARTS: 3, Suit.DIAMONDS: 2, Suit.CLUBS: 1, Suit.SPADES: 0}
_NAMES: Final = {
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
    Suit.SPADES: N_("spades"),
}
SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
"""The four suits in suit rank, highest first (H, D, C, S)."""


class Rank(Enum):
    """A French rank. ``value`` is its place in a run with the ace low (A = 1 ... K = 13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The rank as written in the notation: ``A 2 ... 10 J Q K``."""
        return _RANK_TEXT[self.value]


_RANK_TEXT: Final = {1: "A", 11: "J", 12: "Q", 13: "K"} | {n: str(n) for n in range(2, 11)}
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
"""The thirteen ranks, ace first."""

JOKER_INDEX: Final = 52
"""The :attr:`Card.index` of the joker."""


class Card:
    """An immutable French card, or the joker (``rank`` and ``suit`` both ``None``).

    Build cards with :func:`card`, :func:`parse_card` or :data:`JOKER`; instances are interned,
    so ``Card`` values can be compared with ``==`` or ``is``. ``index`` numbers the 53 distinct
    cards: ``suit_order * 13 + rank - 1`` (hearts 0-12, diamonds 13-25, clubs 26-38, spades
    39-51), joker 52.
    """

    __slots__ = ("index", "rank", "suit")

    rank: Rank | None
    suit: Suit | None
    index: int

    def __init__(self, rank: Rank | None, suit: Suit | None, index: int) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.index == JOKER_INDEX

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self.index]})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def unicode(self) -> str:
        """The card with its suit symbol, e.g. ``10♥``; the joker is ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.symbol


def _make_all() -> tuple[Card, ...]:
    cards = [
        Card(rank, suit, s * 13 + rank.value - 1) for s, suit in enumerate(SUITS) for rank in RANKS
    ]
    cards.append(Card(None, None, JOKER_INDEX))
    return tuple(cards)


ALL_CARDS: Final[tuple[Card, ...]] = _make_all()
"""The 53 distinct cards by :attr:`Card.index`: 52 French cards then the joker."""
JOKER: Final[Card] = ALL_CARDS[JOKER_INDEX]
"""The joker (``JK``, ``*``)."""
_TEXT: Final = tuple(
    "JK" if c.rank is None or c.suit is None else c.rank.symbol + c.suit.value for c in ALL_CARDS
)


def card(rank: Rank, suit: Suit) -> Card:
    """The card of ``rank`` and ``suit`` (interned)."""
    return ALL_CARDS[SUITS.index(suit) * 13 + rank.value - 1]


def card_from_index(index: int) -> Card:
    """The card with :attr:`Card.index` ``index`` (0-52)."""
    return ALL_CARDS[index]


_SUIT_INPUT: Final = {
    "H": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "S": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_RANK_INPUT: Final = {text: Rank(n) for n, text in _RANK_TEXT.items()} | {
    "T": Rank.TEN,
    "1": Rank.ACE,
}
_PARSE_CACHE: dict[str, Card] = {}


def parse_card(text: str) -> Card:
    """Parse one card in the notation of DESIGN.md (``10H``, ``Q♠``, ``JK``, ``*``).

    Raises :class:`ArbitroError` naming the text when it is not a card.
    """
    hit = _PARSE_CACHE.get(text)
    if hit is not None:
        return hit
    t = text.strip().upper()
    result: Card | None = None
    if t in ("JK", "*", "JOKER", "JOLLY"):
        result = JOKER
    elif len(t) >= 2:
        suit = _SUIT_INPUT.get(t[-1])
        rank = _RANK_INPUT.get(t[:-1])
        if suit is not None and rank is not None:
            result = card(rank, suit)
    if result is None:
        raise ArbitroError(
            "not a card: {text!r} (e.g. 10H, Q♠, JK or *)",
            text=text,
            article=deck_citation(FRENCH, "cards"),
            key="cards.bad_card",
        )
    if len(_PARSE_CACHE) < 4096:
        _PARSE_CACHE[text] = result
    return result


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (``"AH 2H 3H"``, ``"A♥,*"``); empty is ``()``."""
    return tuple(parse_card(tok) for tok in text.replace(",", " ").split())


def format_cards(cards: Iterable[Card], *, unicode: bool = False) -> str:
    """Print cards in the notation, separated by single spaces (suit symbols if ``unicode``)."""
    if unicode:
        return " ".join(c.unicode for c in cards)
    return " ".join(_TEXT[c.index] for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted for display: by suit rank (H, D, C, S), then rank A..K, jokers last."""
    return sorted(cards, key=_index)


def _index(c: Card) -> int:
    return c.index


def iter_french(jokers: int = 2) -> Iterator[Card]:
    """One French deck: the 52 cards (hearts, diamonds, clubs, spades; A..K) and ``jokers``."""
    yield from ALL_CARDS[:JOKER_INDEX]
    for _ in range(jokers):
        yield JOKER
