"""Word validity of Burraco Parole (art. 4.1): Hunspell's Italian dictionary plus the code.

Allowed (art. 4.1): adjectives, nouns, verbs in every mood and tense, adverbs, pronouns,
prepositions, conjunctions, interjections. Not allowed: proper names, truncated words
(*parole tronche*), abbreviations and acronyms (*sigle*), altered nouns (diminutives,
augmentatives, ...) without a meaning of their own. The check, in order:

1. letters only (A-Z; no accents, apostrophes, digits or hyphens: the cards have none);
2. the event's lists of the *giudice di lingua* (art. 2): rejected words, then approved words;
3. the code's exclusions (``exclusions.toml``) and Roman numerals;
4. the Italian Hunspell dictionary (Debian ``hunspell-it``), in lower case, so that proper
   names (which Hunspell knows capitalised) are refused.

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
                ok = bool(self._spell(low))
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
            return Verdict(low, True, Reason.WORD)
        return Verdict(low, False, self._why_not(low))

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
