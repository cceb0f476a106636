"""Word validity of Burraco Parole (art. 4.1): Hunspell's Italian dictionary plus the code.

Allowed (art. 4.1): adjectives, nouns, verbs in every mood and tense, adverbs, pronouns,
prepositions, conjunctions, interjections. Not allowed: proper names, truncated words
(*parole tronche*), abbreviations and acronyms (*sigle*), altered nouns (diminutives,
augmentatives, ...) without a meaning of their own. The check, in order:

1. letters only (A-Z; no accents, apostrophes, digits or hyphens: the cards have none);
2. the event's lists of the *giudice di lingua* (art. 2): rejected words, then approved words;
3. the code's exclusions (``exclusions.toml``) and Roman numerals;
4. the Italian Hunspell dictionary (Debian ``hunspell-it``), in lower case, so that proper
   names (which Hunspell knows capitalised) are refused;
5. a word ending in a consonant must be an entry of the dictionary itself: Hunspell makes the
   others only by apocope (``mangiar``, ``parlar``: *parole tronche*).

A :class:`Lexicon` is anything with ``is_word``; :class:`Dictionary` is the real one, and
:class:`WordList` a fixed set (for tests and offline use).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any, Protocol

from arbitro.errors import ArbitroError

HUNSPELL_DIR = "/usr/share/hunspell"
"""Where Debian's ``hunspell-it`` puts ``it_IT.dic`` and ``it_IT.aff``."""

_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz")
_MEMO_LIMIT = 200_000
_VOWELS = frozenset("aeiouy")
_ACCENTED = {"a": "à", "e": "èé", "i": "ì", "o": "ò", "u": "ù"}


class Reason(Enum):
    """Why a word is valid or not (art. 4.1)."""

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
    def italian(self) -> str:
        """The reason in Italian, as the arbiter says it."""
        return _ITALIAN[self]

    @property
    def english(self) -> str:
        """The reason in English."""
        return _ENGLISH[self]


_ITALIAN = {
    Reason.WORD: "parola del dizionario",
    Reason.APPROVED: "approvata dal giudice di lingua",
    Reason.REJECTED: "respinta dal giudice di lingua",
    Reason.NOT_LETTERS: "contiene segni che non sono lettere delle carte",
    Reason.ABBREVIATION: "sigla o abbreviazione",
    Reason.TRUNCATED: "parola tronca",
    Reason.ALTERED: "nome alterato senza significato proprio",
    Reason.ROMAN_NUMERAL: "numero romano",
    Reason.PROPER_NAME: "nome proprio",
    Reason.UNKNOWN: "parola non presente nel dizionario",
}
_ENGLISH = {
    Reason.WORD: "a dictionary word",
    Reason.APPROVED: "approved by the language judge",
    Reason.REJECTED: "rejected by the language judge",
    Reason.NOT_LETTERS: "holds signs that are not card letters",
    Reason.ABBREVIATION: "an abbreviation or acronym",
    Reason.TRUNCATED: "a truncated word",
    Reason.ALTERED: "an altered noun with no meaning of its own",
    Reason.ROMAN_NUMERAL: "a Roman numeral",
    Reason.PROPER_NAME: "a proper name",
    Reason.UNKNOWN: "not in the dictionary",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer for one word: ``valid`` and the ``reason`` (art. 4.1)."""

    word: str
    valid: bool
    reason: Reason

    @property
    def article(self) -> str:
        """The article deciding the verdict: 2 for the language judge, else 4.1."""
        return "2, 4.1" if self.reason in (Reason.APPROVED, Reason.REJECTED) else "4.1"

    def as_dict(self) -> dict[str, object]:
        """JSON-ready data: word, valid, reason (code, Italian, English), article."""
        return {
            "word": self.word,
            "valid": self.valid,
            "reason": self.reason.value,
            "it": self.reason.italian,
            "en": self.reason.english,
            "article": self.article,
        }


class Lexicon(Protocol):
    """What the engine needs of a dictionary: is this (upper- or lower-case) word valid?"""

    def is_word(self, word: str) -> bool:
        """True if ``word`` may be formed (art. 4.1)."""
        ...


def _roman(n: int) -> str:
    out = []
    for value, sym in (
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ):
        while n >= value:
            out.append(sym)
            n -= value
    return "".join(out)


ROMAN_NUMERALS = frozenset(r for r in (_roman(n) for n in range(1, 4000)) if len(r) >= 3)
"""Every strict Roman numeral of three letters or more (I..MMMCMXCIX); Hunspell accepts them."""


@dataclass(frozen=True, slots=True)
class Exclusions:
    """Words Hunspell accepts that the code forbids (art. 4.1), by kind."""

    abbreviations: frozenset[str]
    truncated: frozenset[str]
    altered: frozenset[str]

    def reason(self, word: str) -> Reason | None:
        """Why the lower-case ``word`` is excluded, or None."""
        if word in self.abbreviations:
            return Reason.ABBREVIATION
        if word in self.truncated:
            return Reason.TRUNCATED
        if word in self.altered:
            return Reason.ALTERED
        if word in ROMAN_NUMERALS:
            return Reason.ROMAN_NUMERAL
        return None


@cache
def exclusions() -> Exclusions:
    """The exclusion lists of ``exclusions.toml`` (art. 4.1)."""
    text = resources.files("arbitro.games.parole").joinpath("exclusions.toml").read_text("utf-8")
    d = tomllib.loads(text)
    return Exclusions(
        frozenset(d["abbreviations"]["words"]),
        frozenset(d["truncated"]["words"]),
        frozenset(d["altered"]["words"]),
    )


def normalize(word: str) -> str | None:
    """The lower-case form of ``word`` if it is letters A-Z only, else None (cards, art. 1.2)."""
    low = word.strip().lower()
    if not low or not _ASCII.issuperset(low):
        return None
    return low


def _word_set(words: Iterable[str], what: str) -> frozenset[str]:
    out = set()
    for w in words:
        low = normalize(w)
        if low is None:
            raise ArbitroError(
                it=f"{what}: {w!r} non è fatta solo di lettere",
                en=f"{what}: {w!r} is not letters only",
                article="2, 4.1",
                key="parole.bad_word_list",
            )
        out.add(low)
    return frozenset(out)


class Dictionary:
    """The word check of art. 4.1: Hunspell ``it_IT``, the code's exclusions, the event's lists.

    ``approved`` and ``rejected`` are the *giudice di lingua*'s lists (art. 2) for an event;
    they win over everything else. Answers are memoised.
    """

    def __init__(
        self,
        approved: Iterable[str] = (),
        rejected: Iterable[str] = (),
        *,
        hunspell_dir: str = HUNSPELL_DIR,
        excluded: Exclusions | None = None,
    ) -> None:
        """Open Hunspell's Italian dictionary and attach the event's lists."""
        import hunspell  # type: ignore[import-untyped,unused-ignore]

        self._dir = hunspell_dir
        try:
            self._h: Any = hunspell.Hunspell("it_IT", hunspell_data_dir=hunspell_dir)
        except Exception as err:  # pragma: no cover - depends on the machine
            raise ArbitroError(
                it=f"dizionario italiano non trovato in {hunspell_dir} (pacchetto hunspell-it)",
                en=f"Italian dictionary not found in {hunspell_dir} (package hunspell-it)",
                article="4.1",
                key="parole.no_dictionary",
            ) from err
        self.approved: frozenset[str] = _word_set(approved, "parole approvate")
        self.rejected: frozenset[str] = _word_set(rejected, "parole respinte")
        both = self.approved & self.rejected
        if both:
            raise ArbitroError(
                it=f"parole sia approvate sia respinte: {', '.join(sorted(both))}",
                en=f"words both approved and rejected: {', '.join(sorted(both))}",
                article="2",
                key="parole.bad_word_list",
            )
        self.excluded = excluded or exclusions()
        self._memo: dict[str, bool] = {}
        self._judged: dict[str, bool] = {}
        self._banned: frozenset[str] = frozenset()
        self._spell: Any = None
        self._lists_changed()

    def with_lists(self, approved: Iterable[str] = (), rejected: Iterable[str] = ()) -> Dictionary:
        """A dictionary sharing this one's Hunspell, with other event lists (art. 2)."""
        new = object.__new__(Dictionary)
        new._h = self._h
        new._dir = self._dir
        new.approved = _word_set(approved, "parole approvate")
        new.rejected = _word_set(rejected, "parole respinte")
        both = new.approved & new.rejected
        if both:
            raise ArbitroError(
                it=f"parole sia approvate sia respinte: {', '.join(sorted(both))}",
                en=f"words both approved and rejected: {', '.join(sorted(both))}",
                article="2",
                key="parole.bad_word_list",
            )
        new.excluded = self.excluded
        new._lists_changed()
        return new

    def is_word(self, word: str) -> bool:
        """True if ``word`` may be formed (art. 4.1); the fast path of :meth:`check`."""
        hit = self._memo.get(word)
        if hit is not None:
            return hit
        low = word.lower()
        ok = self._judged.get(low)
        if ok is None:
            if low in self._banned or not low or not _ASCII.issuperset(low):
                ok = False
            else:
                ok = bool(self._spell(low)) and (low[-1] in _VOWELS or low in self.lemmas)
        if len(self._memo) < _MEMO_LIMIT:
            self._memo[word] = ok
        return ok

    def _lists_changed(self) -> None:
        self._judged = dict.fromkeys(self.rejected, False) | dict.fromkeys(self.approved, True)
        ex = self.excluded
        self._banned = ex.abbreviations | ex.truncated | ex.altered | ROMAN_NUMERALS
        self._spell = self._h.spell
        self._memo = {}

    def check(self, word: str) -> Verdict:
        """The verdict for ``word`` with its reason (art. 4.1; art. 2 for the event's lists)."""
        low = normalize(word)
        if low is None:
            return Verdict(word, False, Reason.NOT_LETTERS)
        if low in self.rejected:
            return Verdict(low, False, Reason.REJECTED)
        if low in self.approved:
            return Verdict(low, True, Reason.APPROVED)
        why = self.excluded.reason(low)
        if why is not None:
            return Verdict(low, False, why)
        if self._h.spell(low):
            if low[-1] not in _VOWELS and low not in self.lemmas:
                return Verdict(low, False, Reason.TRUNCATED)
            return Verdict(low, True, Reason.WORD)
        return Verdict(low, False, self._why_not(low))

    @property
    def lemmas(self) -> frozenset[str]:
        """The dictionary's own entries in lower case (read once from ``it_IT.dic``).

        Hunspell builds a word ending in a consonant that is not an entry (``mangiar``,
        ``parlar``) only by apocope from one ending in a vowel: a *parola tronca* (art. 4.1).
        """
        return _lemmas(self._dir)

    def _why_not(self, low: str) -> Reason:
        """Name what a word Hunspell refuses in lower case is: acronym, name, oxytone."""
        if self._h.spell(low.capitalize()):
            return Reason.PROPER_NAME
        if len(low) <= 5 and self._h.spell(low.upper()):
            return Reason.ABBREVIATION
        accent = _ACCENTED.get(low[-1])
        if accent and any(self._h.spell(low[:-1] + a) for a in accent):
            return Reason.TRUNCATED
        return Reason.UNKNOWN


class WordList:
    """A fixed lexicon: exactly the words given (lower-cased); for tests and prepared events."""

    def __init__(self, words: Iterable[str]) -> None:
        """Keep ``words`` (letters only)."""
        self.words = _word_set(words, "elenco di parole")

    def is_word(self, word: str) -> bool:
        """True if ``word`` (any case) is in the list."""
        return word.lower() in self.words


@cache
def _lemmas(hunspell_dir: str) -> frozenset[str]:
    with open(f"{hunspell_dir}/it_IT.dic", encoding="utf-8") as f:
        next(f, None)  # the first line is the entry count
        return frozenset(line.split("/", 1)[0].strip().lower() for line in f)


@cache
def italian() -> Dictionary:
    """The shared Italian dictionary with no event lists (opened once per process)."""
    return Dictionary()


__all__ = [
    "HUNSPELL_DIR",
    "ROMAN_NUMERALS",
    "Dictionary",
    "Exclusions",
    "Lexicon",
    "Reason",
    "Verdict",
    "WordList",
    "exclusions",
    "italian",
    "normalize",
]
