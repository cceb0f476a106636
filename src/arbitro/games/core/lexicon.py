"""What a game of words asks of a dictionary (Burraco Parole art. 4.1), and the word rules.

The engine is pure: it never opens a dictionary. It takes a :class:`Lexicon` (anything with
``is_word``) as a parameter; the edges give it the real one (Hunspell's Italian dictionary,
:mod:`arbitro.lexicon.hunspell`) or a fixed :class:`WordList` (tests, prepared events).

The rules of the code that do not depend on a dictionary live here: a word is made of the
cards' letters only (art. 1.2, :func:`normalize`); the event's *giudice di lingua* approves
and rejects words (art. 2, :func:`word_set`); and why a word is allowed or not (art. 4.1:
no proper names, truncated words, abbreviations, altered nouns without a meaning of their
own) is a :class:`Reason` of a :class:`Verdict`. The articles cited are those of the one code
of the registry that writes each rule (Parole UISP's), read without naming it (issue 30);
``arbitro.games.parole.lexicon`` re-exports these names for the game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, runtime_checkable

from arbitro.codes.citation import Citation, sole_citation
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, message

_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz")


class Lexicon(Protocol):
    """What the engine needs of a dictionary: is this (upper- or lower-case) word valid?

    The wild search (art. 4.4) asks ``is_word`` once per letter a wild may stand for; a
    lexicon that can be weakly referenced gets its answers cached by the engine.
    """

    def is_word(self, word: str) -> bool:
        """True if ``word`` may be formed (art. 4.1)."""
        ...


@runtime_checkable
class SpellableLexicon(Lexicon, Protocol):
    """A lexicon that can also name the words a set of cards may spell (art. 4.1): what
    :meth:`~arbitro.games.parole.deal.Deal.legal_moves` asks so as to list every word the hand
    can open or lay off, without trying every arrangement of the cards."""

    def spellable(
        self,
        letters: Mapping[str, int],
        extra: Collection[str] = (),
        need: Mapping[str, int] | None = None,
    ) -> Iterable[str]:
        """Every word ``is_word`` may accept (more is allowed: the engine checks each) made of
        at most ``letters[x]`` of each upper-case letter ``x`` and at most one more letter of
        ``extra`` (the letter a wild stands for, art. 4.4), any case; with ``need``, only those
        holding at least ``need[x]`` of each letter ``x`` are wanted (others may be listed)."""
        ...


@runtime_checkable
class ExactLexicon(SpellableLexicon, Protocol):
    """A lexicon that can also name the words spelled by exactly a multiset of letters: what
    :meth:`~arbitro.games.parole.deal.Deal.plays_with` asks for the cards a player selected
    (all of them make the word, art. 4.1), a lookup instead of a walk over every sub-multiset
    of the letters (issue 32)."""

    def spelled_by(self, letters: Mapping[str, int], extra: Collection[str] = ()) -> Iterable[str]:
        """Every word ``is_word`` may accept (more is allowed) whose letters are exactly
        ``letters``, or exactly ``letters`` and one letter of ``extra`` (art. 4.4); any case."""
        ...


def anagram_keys(letters: Mapping[str, int], extra: Collection[str] = ()) -> Iterator[str]:
    """The anagram keys (letters in alphabetical order) of exactly ``letters``, and of
    ``letters`` with one letter of ``extra`` more."""
    base = "".join(sorted(x * n for x, n in letters.items() if n > 0))
    yield base
    for x in sorted(set(extra)):
        i = bisect_right(base, x)
        yield base[:i] + x + base[i:]


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_BIT = {chr(65 + i): 1 << i for i in range(26)}


def _bits(letters: Iterable[str]) -> int:
    """The upper-case letters of ``letters`` as a bit set."""
    out = 0
    for x in letters:
        out |= _BIT.get(x, 0)
    return out


class LetterIndex:
    """Words by their letters in alphabetical order (an anagram key), to find the words a
    multiset of letters spells (art. 4.1) by walking the keys' prefixes."""

    def __init__(
        self,
        words: Iterable[str],
        reach: Mapping[str, str] | None = None,
        order: str | None = None,
    ) -> None:
        """Index ``words`` (any case; kept and given back in upper case); ``reach``: for a
        word (upper case), the letters the words made from it may add (its affixes), which
        :meth:`within` counts as reachable below it (``hold``); ``order``: the 26 letters in
        the order the keys are spelled (by default alphabetical; rarest first makes a walk
        that must hold a rare letter leave the other branches at once, issue 32). The answers
        do not depend on ``order``."""
        self._to: dict[int, int] | None = None
        if order is not None:
            if sorted(order) != sorted(_ALPHABET):
                raise ValueError("order: the 26 letters A-Z, each once")
            self._to = str.maketrans(order, _ALPHABET)
        by_key: dict[str, list[str]] = {}
        for w in words:
            up = w.upper()
            by_key.setdefault(self._key(up), []).append(up)
        self._words = {k: tuple(v) for k, v in by_key.items()}
        # each prefix of a key -> the letters (a bit each) of the keys it begins
        below: dict[str, int] = {}
        more = {k: 0 for k in by_key}
        for w, add in (reach or {}).items():
            key = self._key(w.upper())
            if key in more:
                more[key] |= _bits(self._in(add.upper()))
        for k in by_key:
            bits = _bits(k) | more[k]
            for i in range(1, len(k) + 1):
                p = k[:i]
                below[p] = below.get(p, 0) | bits
        self._below = below

    def __len__(self) -> int:
        return sum(len(v) for v in self._words.values())

    def _in(self, text: str) -> str:
        """``text``'s letters in the index's own alphabet (the ``order`` renamed A-Z)."""
        return text if self._to is None else text.translate(self._to)

    def _key(self, word: str) -> str:
        """The key of an upper-case ``word``: its letters renamed, in order."""
        return "".join(sorted(self._in(word)))

    def _counts(self, letters: Mapping[str, int]) -> Mapping[str, int]:
        """A multiset of letters in the index's own alphabet."""
        if self._to is None:
            return letters
        return {self._in(x): n for x, n in letters.items()}

    def within(
        self,
        letters: Mapping[str, int],
        extra: Collection[str] = (),
        need: Mapping[str, int] | None = None,
        hold: str = "",
    ) -> Iterator[str]:
        """The words made of at most ``letters[x]`` of each letter ``x`` and at most one more
        letter of ``extra``, each once (upper case); with ``need``, only those holding at least
        ``need[x]`` of each letter ``x`` (the walk leaves a branch as soon as it passes a
        needed letter without taking it); with ``hold``, only the words that hold, or whose
        ``reach`` holds, each letter of ``hold`` (and maybe others: a branch is left once no
        word below it can)."""
        if self._to is not None:
            letters = self._counts(letters)
            extra = [self._in(x) for x in extra]
            need = self._counts(need or {})
            hold = self._in(hold)
        want = {x: n for x, n in (need or {}).items() if n > 0}
        alpha = sorted(set(letters) | set(extra) | set(want))
        words, below = self._words, self._below
        if not want:
            must = _bits(hold)

            def free(i: int, key: str, used: bool) -> Iterator[str]:
                for j in range(i, len(alpha)):
                    x = alpha[j]
                    cap = letters.get(x, 0)
                    top = cap + (not used and x in extra)
                    k = key
                    for n in range(1, top + 1):
                        k += x
                        bits = below.get(k)
                        if bits is None or bits & must != must:
                            break
                        yield from words.get(k, ())
                        yield from free(j + 1, k, used or n > cap)

            return free(0, "", False)
        last = max(want)

        def walk(i: int, key: str, used: bool, rest: int) -> Iterator[str]:
            # ``rest``: the needed letters after ``key``'s last one (a bit each)
            for j in range(i, len(alpha)):
                x = alpha[j]
                cap = letters.get(x, 0)
                top = cap + (not used and x in extra)
                low = want.get(x, 0)
                after = rest & ~_BIT[x]
                k = key
                for n in range(1, top + 1):
                    k += x
                    bits = below.get(k)
                    if bits is None or bits & after != after:
                        break  # no key goes on from ``k`` to hold every needed letter
                    if n >= low:
                        if x >= last:
                            yield from words.get(k, ())
                        yield from walk(j + 1, k, used or n > cap, after)
                if low:
                    break  # a later letter would leave the needed ``x`` out

        return walk(0, "", False, _bits(want))

    def exactly(self, letters: Mapping[str, int], extra: Collection[str] = ()) -> Iterator[str]:
        """The words made of exactly ``letters``, or of them and one letter of ``extra`` (upper
        case): one lookup per anagram key."""
        if self._to is not None:
            letters = self._counts(letters)
            extra = [self._in(x) for x in extra]
        for key in anagram_keys(letters, extra):
            yield from self._words.get(key, ())


class Reason(Enum):
    """Why a word is valid or not (art. 4.1; art. 2 for the language judge's lists)."""

    WORD = "word"
    APPROVED = "approved"
    REJECTED = "rejected"
    NOT_LETTERS = "not_letters"
    ABBREVIATION = "abbreviation"
    TRUNCATED = "truncated"
    ALTERED = "altered"
    ROMAN_NUMERAL = "roman_numeral"
    PROPER_NAME = "proper_name"
    UNKNOWN = "unknown"

    @property
    def label(self) -> Message:
        """The reason as the arbiter says it (rendered at the edge)."""
        return _LABELS[self]


_LABELS = {
    Reason.WORD: message("a dictionary word"),
    Reason.APPROVED: message("approved by the language judge"),
    Reason.REJECTED: message("rejected by the language judge"),
    Reason.NOT_LETTERS: message("holds signs that are not card letters"),
    Reason.ABBREVIATION: message("an abbreviation or acronym"),
    Reason.TRUNCATED: message("a truncated word"),
    Reason.ALTERED: message("an altered noun with no meaning of its own"),
    Reason.ROMAN_NUMERAL: message("a Roman numeral"),
    Reason.PROPER_NAME: message("a proper name"),
    Reason.UNKNOWN: message("not in the dictionary"),
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer for one word: ``valid`` and the ``reason`` (art. 4.1); for an altered noun
    its ``base`` (``vestitino``: ``vestito``)."""

    word: str
    valid: bool
    reason: Reason
    base: str | None = None

    @property
    def label(self) -> Message:
        """The reason as the arbiter says it, naming the base of an altered noun (art. 4.1)."""
        if self.reason is Reason.ALTERED and self.base:
            return message("an altered noun of {base} with no meaning of its own", base=self.base)
        return self.reason.label

    @property
    def article(self) -> Citation:
        """The article deciding the verdict: art. 2 and 4.1 for the language judge's lists,
        else 4.1."""
        judged = self.reason in (Reason.APPROVED, Reason.REJECTED)
        return sole_citation("language_judge" if judged else "valid_words")

    def as_dict(self) -> dict[str, object]:
        """JSON-ready data: word, valid, reason (its code), article (its number); the base of
        an altered noun."""
        out: dict[str, object] = {
            "word": self.word,
            "valid": self.valid,
            "reason": self.reason.value,
            "article": self.article.article,
        }
        if self.base:
            out["base"] = self.base
        return out


def normalize(word: str) -> str | None:
    """The lower-case form of ``word`` if it is letters A-Z only, else None (cards, art. 1.2)."""
    low = word.strip().lower()
    if not low or not _ASCII.issuperset(low):
        return None
    return low


def is_letters(word: str) -> bool:
    """True if the lower-case ``word`` is made of the letters a-z only (art. 1.2)."""
    return bool(word) and _ASCII.issuperset(word)


def word_set(words: Iterable[str], what: Message) -> frozenset[str]:
    """``words`` in lower case; a word that is not letters only raises ArbitroError (arts. 2,
    4.1). ``what`` names the list in the error (e.g. the language judge's approved words)."""
    out = set()
    for w in words:
        low = normalize(w)
        if low is None:
            raise ArbitroError(
                "{what}: {word!r} is not letters only",
                what=what,
                word=w,
                article=sole_citation("language_judge"),
                key="parole.bad_word_list",
            )
        out.add(low)
    return frozenset(out)


def judge_lists(
    approved: Iterable[str], rejected: Iterable[str]
) -> tuple[frozenset[str], frozenset[str]]:
    """The language judge's lists of an event (art. 2), checked: letters only, no word in
    both; they win over the dictionary."""
    yes = word_set(approved, message("approved words"))
    no = word_set(rejected, message("rejected words"))
    both = yes & no
    if both:
        raise ArbitroError(
            "words both approved and rejected: {words}",
            words=", ".join(sorted(both)),
            article=sole_citation("language_judge_lists"),
            key="parole.bad_word_list",
        )
    return yes, no


class WordList:
    """A fixed lexicon: exactly the words given (lower-cased); for tests and prepared events."""

    def __init__(self, words: Iterable[str]) -> None:
        """Keep ``words`` (letters only)."""
        self.words = word_set(words, message("word list"))
        self._index: LetterIndex | None = None

    def is_word(self, word: str) -> bool:
        """True if ``word`` (any case) is in the list."""
        return word.lower() in self.words

    def spellable(
        self,
        letters: Mapping[str, int],
        extra: Collection[str] = (),
        need: Mapping[str, int] | None = None,
    ) -> Iterator[str]:
        """The listed words ``letters`` spell, with at most one letter of ``extra`` more, and
        holding ``need`` (see :class:`SpellableLexicon`; art. 4.1)."""
        if self._index is None:
            self._index = LetterIndex(self.words)
        return self._index.within(letters, extra, need)

    def spelled_by(self, letters: Mapping[str, int], extra: Collection[str] = ()) -> Iterator[str]:
        """The listed words of exactly ``letters``, or of them and one letter of ``extra`` (see
        :class:`ExactLexicon`; art. 4.1)."""
        if self._index is None:
            self._index = LetterIndex(self.words)
        return self._index.exactly(letters, extra)

    def check(self, word: str) -> Verdict:
        """The verdict for ``word``: in the list or not (art. 4.1)."""
        low = normalize(word)
        if low is None:
            return Verdict(word, False, Reason.NOT_LETTERS)
        return Verdict(low, low in self.words, Reason.WORD if low in self.words else Reason.UNKNOWN)


__all__ = [
    "LetterIndex",
    "Lexicon",
    "Reason",
    "SpellableLexicon",
    "Verdict",
    "WordList",
    "is_letters",
    "judge_lists",
    "normalize",
    "word_set",
]
