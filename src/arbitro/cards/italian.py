"""Italian 40-card decks (carte trevisane, napoletane...): cards, notation, deck, shuffle, cut.

One card is rank then suit (DESIGN.md, "Card notation"): ranks ``1 2 3 4 5 6 7 8 9 10``
(1 asso, 8 fante, 9 cavallo, 10 re), suits ``B`` bastoni, ``C`` coppe, ``D`` denari, ``S``
spade; so ``1B`` is the asso di bastoni and ``10S`` the re di spade. On input the letters
``A`` (asso), ``F`` (fante), ``C`` (cavallo) and ``R`` (re) are accepted for the rank, lower case
too, and so are the Italian names (``"asso di bastoni"``, ``"sette di denari"``,
``"re coppe"``). Output is always the compact form. Cards are immutable and interned: there are
40 distinct cards, and equal cards are the same object.

A deck is a tuple of cards, top card first. Randomness only comes from the ``random.Random``
the caller passes in, so a seed replays a shuffle and a cut (Briscola art. 2).

Import this module as ``arbitro.cards.italian``; :mod:`arbitro.cards` exports French cards only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Final

from arbitro.codes.citation import ITALIAN, Citation, deck_citation
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message


def _briscola(topic: str) -> Citation | None:
    """The article of ``topic`` in the code of the Italian deck (Briscola: ``deck`` art. 3,
    the four suits; ``cut`` art. 2), from the ``[articles]`` table of its TOML; None while the
    code's data lacks it (the registry names the code: ``CodeSpec.deck``)."""
    return deck_citation(ITALIAN, topic)


class Suit(Enum):
    """An Italian suit: bastoni, coppe, denari, spade (Briscola art. 3)."""

    BASTONI = "B"
    COPPE = "C"
    DENARI = "D"
    SPADE = "S"

    @property
    def label(self) -> Message:
        """The suit's name for the user (batons, cups, coins, swords; rendered at the edge)."""
        return Message(_SUIT_NAMES[self])

    @property
    def italian(self) -> str:
        """The suit's Italian name: bastoni, coppe, denari, spade."""
        return self.label.render("it")

    @property
    def english(self) -> str:
        """The suit's English name: batons, cups, coins, swords."""
        return self.label.render("en")


# The Italian words of the notation (input), whatever the user's language.
_SUIT_WORDS: Final = {
    Suit.BASTONI: "bastoni",
    Suit.COPPE: "coppe",
    Suit.DENARI: "denari",
    Suit.SPADE: "spade",
}
_SUIT_NAMES: Final = {
    Suit.BASTONI: N_("batons"),
    Suit.COPPE: N_("cups"),
    Suit.DENARI: N_("coins"),
    Suit.SPADE: N_("swords"),
}
SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
"""The four suits in notation order: B, C, D, S."""


class Rank(Enum):
    """An Italian rank, ``value`` 1-10: 1 asso, 2-7, 8 fante, 9 cavallo, 10 re (art. 5)."""

    ASSO = 1
    DUE = 2
    TRE = 3
    QUATTRO = 4
    CINQUE = 5
    SEI = 6
    SETTE = 7
    FANTE = 8
    CAVALLO = 9
    RE = 10

    @property
    def symbol(self) -> str:
        """The rank as written in the notation: ``1`` ... ``10``."""
        return str(self.value)

    @property
    def label(self) -> Message:
        """The rank's name for the user (ace, two, ... jack, knight, king)."""
        return Message(_RANK_NAMES[self.value - 1])

    @property
    def italian(self) -> str:
        """The rank's Italian name: asso, due, ... sette, fante, cavallo, re."""
        return self.label.render("it")

    @property
    def english(self) -> str:
        """The rank's English name: ace, two, ... seven, jack, knight, king."""
        return self.label.render("en")


# The Italian words of the notation (input), whatever the user's language.
_RANK_WORDS: Final = (
    "asso",
    "due",
    "tre",
    "quattro",
    "cinque",
    "sei",
    "sette",
    "fante",
    "cavallo",
    "re",
)
_RANK_NAMES: Final = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("jack"),
    N_("knight"),
    N_("king"),
)
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
"""The ten ranks, asso first."""
CARDS_PER_SUIT: Final = len(RANKS)
DECK_SIZE: Final = CARDS_PER_SUIT * len(SUITS)
"""An Italian deck has 40 cards: ten ranks in each of four suits."""


class ItalianCard:
    """An immutable Italian card. Build with :func:`card` or :func:`parse_card`; interned.

    The 40 instances are made once, so equality is identity (fast, and safe because no
    other instance can be built: the constructor is closed once :data:`ALL_CARDS` exists).
    ``index`` numbers the 40 cards: ``suit_order * 10 + rank - 1`` (bastoni 0-9, coppe 10-19,
    denari 20-29, spade 30-39).
    """

    __slots__ = ("index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int

    def __init__(self, rank: Rank, suit: Suit, index: int) -> None:
        if _SEALED:
            raise TypeError("ItalianCard is interned: use card(), parse_card() or ALL_CARDS")
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ItalianCard is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_from_index, (self.index,))

    def __copy__(self) -> ItalianCard:
        return self

    def __deepcopy__(self, memo: object) -> ItalianCard:
        return self

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"ItalianCard({_TEXT[self.index]})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: ItalianCard) -> bool:
        return self.index < other.index

    @property
    def label(self) -> Message:
        """The card's name for the user: ``ace of batons`` (``asso di bastoni``)."""
        return Message(N_("{rank} of {suit}"), {"rank": self.rank.label, "suit": self.suit.label})

    @property
    def italian(self) -> str:
        """The card's Italian name, e.g. ``asso di bastoni``, ``re di coppe``."""
        return self.label.render("it")

    @property
    def english(self) -> str:
        """The card's English name, e.g. ``ace of batons``, ``king of cups``."""
        return self.label.render("en")


_SEALED = False
ALL_CARDS: Final[tuple[ItalianCard, ...]] = tuple(
    ItalianCard(rank, suit, s * CARDS_PER_SUIT + rank.value - 1)
    for s, suit in enumerate(SUITS)
    for rank in RANKS
)
"""The 40 cards by :attr:`ItalianCard.index`: bastoni, coppe, denari, spade; 1..10 each."""
_SEALED = True
_TEXT: Final = tuple(c.rank.symbol + c.suit.value for c in ALL_CARDS)


def card(rank: Rank, suit: Suit) -> ItalianCard:
    """The card of ``rank`` and ``suit`` (interned)."""
    return ALL_CARDS[SUITS.index(suit) * CARDS_PER_SUIT + rank.value - 1]


def card_from_index(index: int) -> ItalianCard:
    """The card with :attr:`ItalianCard.index` ``index`` (0-39)."""
    return ALL_CARDS[index]


_SUIT_INPUT: Final = {s.value: s for s in SUITS} | {_SUIT_WORDS[s].upper(): s for s in SUITS}
_RANK_INPUT: Final = (
    {r.symbol: r for r in RANKS}
    | {_RANK_WORDS[r.value - 1].upper(): r for r in RANKS}
    | {"A": Rank.ASSO, "F": Rank.FANTE, "C": Rank.CAVALLO, "R": Rank.RE}
)
_PARSE_CACHE: dict[str, ItalianCard] = {}


def _bad_card(text: str) -> ArbitroError:
    return ArbitroError(
        "not an Italian card: {text!r} (e.g. 1B, 10S, 7D, 'asso di bastoni')",
        text=text,
        article=_briscola("deck"),
        key="cards.bad_italian_card",
    )


def parse_card(text: str) -> ItalianCard:
    """Parse one card: ``1B``, ``10s``, ``RC`` (re di coppe), ``asso di bastoni``.

    Raises :class:`ArbitroError` naming the text when it is not an Italian card (art. 3).
    """
    hit = _PARSE_CACHE.get(text)
    if hit is not None:
        return hit
    t = text.strip().upper()
    words = [w for w in t.split() if w != "DI"]
    rank: Rank | None = None
    suit: Suit | None = None
    if len(words) == 2:
        rank, suit = _RANK_INPUT.get(words[0]), _SUIT_INPUT.get(words[1])
    elif len(words) == 1 and len(t) >= 2:
        rank, suit = _RANK_INPUT.get(t[:-1]), _SUIT_INPUT.get(t[-1])
    if rank is None or suit is None:
        raise _bad_card(text)
    result = card(rank, suit)
    if len(_PARSE_CACHE) < 4096:
        _PARSE_CACHE[text] = result
    return result


def parse_cards(text: str) -> tuple[ItalianCard, ...]:
    """Parse cards separated by spaces or commas (``"1B 3C 10S"``); empty text is ``()``.

    Comma-separated Italian names work too: ``"asso di bastoni, re di coppe"``.
    """
    out: list[ItalianCard] = []
    for piece in text.split(","):
        if not piece.strip():
            continue
        if " " in piece.strip():
            try:
                out.append(parse_card(piece))
                continue
            except ArbitroError:
                pass
        out.extend(parse_card(tok) for tok in piece.split())
    return tuple(out)


def format_cards(cards: Iterable[ItalianCard]) -> str:
    """Print cards in the compact notation separated by single spaces: ``1B 3C 10S``."""
    return " ".join(_TEXT[c.index] for c in cards)


def sort_cards(cards: Iterable[ItalianCard]) -> list[ItalianCard]:
    """Cards sorted for display: by suit (B, C, D, S), then rank 1..10."""
    return sorted(cards, key=_index)


def _index(c: ItalianCard) -> int:
    return c.index


def italian_deck() -> tuple[ItalianCard, ...]:
    """A new 40-card deck, top card first: bastoni 1..10, coppe, denari, spade (art. 3)."""
    return ALL_CARDS


def shuffled(cards: Sequence[ItalianCard], rng: random.Random) -> tuple[ItalianCard, ...]:
    """The cards shuffled with ``rng`` (the dealer shuffles, Briscola art. 2)."""
    out = list(cards)
    rng.shuffle(out)
    return tuple(out)


def cut(cards: Sequence[ItalianCard], at: int) -> tuple[ItalianCard, ...]:
    """Cut the deck: lift the top ``at`` cards and put them under the rest (art. 2).

    The cutter must lift at least one card and leave at least one, else ArbitroError.
    """
    if not 1 <= at <= len(cards) - 1:
        raise ArbitroError(
            "invalid cut: {at} cards of {total} (at least one card each side)",
            at=at,
            total=len(cards),
            article=_briscola("cut"),
            key="cards.bad_cut",
        )
    return tuple(cards[at:]) + tuple(cards[:at])


def random_cut(cards: Sequence[ItalianCard], rng: random.Random) -> tuple[ItalianCard, ...]:
    """Cut at a place drawn with ``rng``, at least one card each side (art. 2)."""
    return cut(cards, 1 + int(rng.random() * (len(cards) - 1)))


def missing_and_extra(
    cards: Iterable[ItalianCard],
) -> tuple[Counter[ItalianCard], Counter[ItalianCard]]:
    """Compare ``cards`` with one 40-card deck: (cards missing, cards in excess or doubled)."""
    have = Counter(cards)
    want = Counter(ALL_CARDS)
    return want - have, have - want


def check_deck(cards: Iterable[ItalianCard]) -> None:
    """Raise ArbitroError naming the missing and extra cards unless ``cards`` is one full deck."""
    missing, extra = missing_and_extra(cards)
    if missing or extra:
        m = format_cards(sort_cards(missing.elements())) or "-"
        x = format_cards(sort_cards(extra.elements())) or "-"
        raise ArbitroError(
            "the deck is not the 40 Italian cards: missing {missing}; extra {extra}",
            missing=m,
            extra=x,
            article=_briscola("deck"),
            key="cards.bad_italian_deck",
        )


__all__ = [
    "ALL_CARDS",
    "CARDS_PER_SUIT",
    "DECK_SIZE",
    "RANKS",
    "SUITS",
    "ItalianCard",
    "Rank",
    "Suit",
    "card",
    "card_from_index",
    "check_deck",
    "cut",
    "format_cards",
    "italian_deck",
    "missing_and_extra",
    "parse_card",
    "parse_cards",
    "random_cut",
    "shuffled",
    "sort_cards",
]
