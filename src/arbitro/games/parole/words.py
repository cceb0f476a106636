"""Words on the table (*combinazioni*, arts. 1, 4.1, 4.4): letter cards that spell a word.

A :class:`Word` is its cards in table order and the spellings (*readings*) it may have: with
no wild just one; with a wild (jolly: any letter of the deck; pinella: any vowel) every letter
that makes a valid word (the engine finds them, art. 4.4). Every :class:`Word` the module
builds is valid; bad cards raise :class:`IllegalMoveError` naming the article.

Laying off (*legare*, art. 4.1 fig. 2) writes the whole new word: the word's letters keep
their order, new letters go anywhere (not only at the ends), and the wild may move to another
place as long as it stays in the same word (art. 4.1, 4.4 fig. 3).
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from arbitro.codes.burraco_parole import JOLLY, PINELLA, BurracoParoleCode, burraco_parole
from arbitro.games.parole.errors import IllegalMoveError, illegal
from arbitro.games.parole.letters import WILDS, Card, cards_value, format_cards, parse_cards
from arbitro.games.parole.lexicon import Lexicon
from arbitro.i18n import Message, message


class BurracoKind(Enum):
    """The two burraco kinds of art. 1: clean 100 (no wild), dirty 50 (with a wild)."""

    CLEAN = "clean"
    DIRTY = "dirty"

    def bonus(self, code: BurracoParoleCode | None = None) -> int:
        """The burraco's bonus in points (arts. 1, 5, 6 C)."""
        c = code or burraco_parole()
        return c.clean_burraco if self is BurracoKind.CLEAN else c.dirty_burraco

    @property
    def label(self) -> Message:
        """The kind's name (pulito, sporco), rendered at the edge."""
        return message("clean") if self is BurracoKind.CLEAN else message("dirty")


@dataclass(frozen=True, slots=True)
class Word:
    """A valid word on the table: ``cards`` in table order, its possible ``readings``.

    ``readings`` are upper-case spellings, sorted; there is more than one only when a wild
    could stand for several letters. Build words with :func:`make_word` or :func:`lay_off`.
    """

    cards: tuple[Card, ...]
    readings: tuple[str, ...]

    def __str__(self) -> str:
        text = format_cards(self.cards)
        return text if self.wild < 0 else f"{text}={self.readings[0]}"

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def wild(self) -> int:
        """The place of the word's wild in ``cards``, or -1 (art. 4.4: at most one)."""
        for i, c in enumerate(self.cards):
            if c in WILDS:
                return i
        return -1

    @property
    def spelling(self) -> str:
        """The word as read (the first reading)."""
        return self.readings[0]

    def value(self, code: BurracoParoleCode | None = None) -> int:
        """The cards' values added up (art. 5 "Carte giocate secondo il loro valore")."""
        return cards_value(self.cards, code)

    def burraco(self, code: BurracoParoleCode | None = None) -> BurracoKind | None:
        """The burraco this word makes (art. 1): 5+ cards, clean without a wild, else dirty."""
        c = code or burraco_parole()
        if len(self.cards) < c.burraco_min_cards:
            return None
        return BurracoKind.CLEAN if self.wild < 0 else BurracoKind.DIRTY


def wild_letters(wild: Card, code: BurracoParoleCode | None = None) -> tuple[str, ...]:
    """The letters a wild can stand for: a jolly any letter of the deck, a pinella a vowel.

    Art. 4.1, 4.4. In Italian play the deck has no J K W X Y, so a jolly never stands for them.
    """
    c = code or burraco_parole()
    return c.alphabet if wild == JOLLY else c.vowels


def readings(
    cards: Sequence[Card],
    lexicon: Lexicon,
    code: BurracoParoleCode | None = None,
) -> tuple[str, ...]:
    """Every valid spelling of ``cards`` (art. 4.1): itself, or one per letter the wild can be.

    ``lexicon`` says which words are valid. Raises :class:`IllegalMoveError` for two wilds
    (art. 4.1, 4.4); does not check the length.
    """
    lex = lexicon
    c = code or burraco_parole()
    try:
        cache = _CACHES[lex]
    except KeyError:
        cache = _CACHES.setdefault(lex, {})
    except TypeError:  # a lexicon that cannot be weakly referenced: no cache
        cache = {}
    key = (c.foreign_letters, tuple(cards))
    hit = cache.get(key)
    if hit is None:
        hit = _readings(key[1], lex, c)
        if len(cache) < _CACHE_LIMIT:
            cache[key] = hit
    return hit


def _readings(cards: tuple[Card, ...], lex: Lexicon, code: BurracoParoleCode) -> tuple[str, ...]:
    wilds = [i for i, x in enumerate(cards) if x in WILDS]
    if not wilds:
        text = "".join(cards)
        return (text,) if lex.is_word(text) else ()
    if len(wilds) > 1:
        raise _two_wilds()
    i = wilds[0]
    head, tail = "".join(cards[:i]), "".join(cards[i + 1 :])
    is_word = lex.is_word
    return tuple(head + x + tail for x in wild_letters(cards[i], code) if is_word(head + x + tail))


_CACHE_LIMIT = 500_000
_CACHES: weakref.WeakKeyDictionary[Any, dict[tuple[bool, tuple[Card, ...]], tuple[str, ...]]] = (
    weakref.WeakKeyDictionary()
)


def _check_shape(cards: Sequence[Card], code: BurracoParoleCode) -> None:
    if len(cards) < code.meld_min_cards:
        raise illegal(
            message("a word is opened with at least {count} cards", count=code.meld_min_cards),
            "word_length",
            "parole.short_word",
        )
    wilds = sum(1 for x in cards if x in WILDS)
    if wilds == len(cards):
        raise illegal(
            message("a word of wilds only cannot be laid"), "wilds_only", "parole.wilds_only"
        )
    if wilds > code.meld_max_wilds:
        raise _two_wilds()


def _two_wilds() -> IllegalMoveError:
    return illegal(
        message("a word may hold one wild only (jolly or pinella)"), "one_wild", "parole.two_wilds"
    )


def _not_a_word(cards: Sequence[Card]) -> IllegalMoveError:
    return illegal(
        message("{cards} is not a valid Italian word", cards=format_cards(cards)),
        "valid_words",
        "parole.not_a_word",
    )


def make_word(
    cards: Sequence[Card],
    lexicon: Lexicon,
    code: BurracoParoleCode | None = None,
) -> Word:
    """Open a word with ``cards`` in table order (art. 4.1): 3+ cards, one wild, a word of
    ``lexicon``.

    Raises :class:`IllegalMoveError` naming the article otherwise.
    """
    c = code or burraco_parole()
    cards = tuple(cards)
    _check_shape(cards, c)
    found = readings(cards, lexicon, c)
    if not found:
        raise _not_a_word(cards)
    return Word(cards, found)


def parse_word(text: str, lexicon: Lexicon, code: BurracoParoleCode | None = None) -> Word:
    """Read a word in the letter notation (``CA?A``; an ``=CASA`` suffix is ignored)."""
    return make_word(parse_cards(text.split("=", 1)[0], code), lexicon, code)


def _is_subsequence(short: Iterable[Card], long: Sequence[Card]) -> bool:
    it = iter(long)
    return all(any(x == y for y in it) for x in short)


def added_cards(old: Word, new_cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a lay-off turning ``old`` into ``new_cards`` adds, in table order.

    Raises :class:`IllegalMoveError` if a card of the word goes missing or its letters change
    order (art. 4.1 "aggiungere nuove carte"; art. 4.4: the wild stays in the same word).
    """
    extra = Counter(new_cards)
    extra.subtract(old.cards)
    if any(n < 0 for n in extra.values()):
        raise illegal(
            message("laying off adds cards: no card of the word may be taken away"),
            "lay_off_keeps_cards",
            "parole.cards_removed",
        )
    if not +extra:
        raise illegal(
            message("laying off means adding at least one card"), "lay_off", "parole.nothing_added"
        )
    naturals = [x for x in old.cards if x != JOLLY and x != PINELLA]
    if not _is_subsequence(naturals, new_cards):
        raise illegal(
            message("the letters already on the table keep their order"),
            "lay_off",
            "parole.letters_moved",
        )
    out: list[Card] = []
    left = +extra
    for x in reversed(new_cards):  # any consistent choice: the cards' multiset is what counts
        if left[x] > 0:
            left[x] -= 1
            out.append(x)
    return tuple(reversed(out))


def lay_off(
    old: Word,
    new_cards: Sequence[Card],
    lexicon: Lexicon,
    code: BurracoParoleCode | None = None,
) -> Word:
    """The word ``old`` becomes after a lay-off spelled ``new_cards`` (arts. 4.1, 4.4).

    The new word must be valid; it keeps every card of ``old`` with the letters in order; it
    holds at most one wild, which may move (art. 4.4 fig. 3: a wild replaced by letters is used
    again in the same word).
    """
    c = code or burraco_parole()
    new_cards = tuple(new_cards)
    added_cards(old, new_cards)
    _check_shape(new_cards, c)
    found = readings(new_cards, lexicon, c)
    if not found:
        raise _not_a_word(new_cards)
    return Word(new_cards, found)


__all__ = [
    "BurracoKind",
    "Word",
    "added_cards",
    "lay_off",
    "make_word",
    "parse_word",
    "readings",
    "wild_letters",
]
