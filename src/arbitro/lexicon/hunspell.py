"""Word validity of Burraco Parole (art. 4.1) from Hunspell's Italian dictionary.

Allowed (art. 4.1): adjectives, nouns, verbs in every mood and tense, adverbs, pronouns,
prepositions, conjunctions, interjections. Not allowed: proper names, truncated words
(*parole tronche*), abbreviations and acronyms (*sigle*), altered nouns (diminutives,
augmentatives, ...) without a meaning of their own. The check, in order:

1. letters only (A-Z; no accents, apostrophes, digits or hyphens: the cards have none);
2. the event's lists of the *giudice di lingua* (art. 2): rejected words, then approved words;
3. the words Hunspell accepts that the code forbids (``exclusions.toml``) and Roman numerals;
4. the Italian Hunspell dictionary (Debian ``hunspell-it``, through ``chunspell``), in lower
   case, so that proper names (which Hunspell knows capitalised) are refused;
5. a word ending in a consonant must be an entry of the dictionary itself: Hunspell makes the
   others only by apocope (``mangiar``, ``parlar``: *parole tronche*);
6. an altered noun is refused: a word made of a base noun of the dictionary and an alteration
   suffix (:mod:`arbitro.lexicon.altered`: ``gattino`` from ``gatto``, ``casetta`` from
   ``casa``), unless it has a meaning of its own (the ``[lexicalised]`` table: ``bustina``,
   ``tavolino``, a table of ``exclusions.toml`` with the reason of each; at an event also the
   language judge's approved list).

:class:`Dictionary` is a :class:`~arbitro.games.core.lexicon.Lexicon` for the engine.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from arbitro.codes.citation import sole_citation
from arbitro.errors import ArbitroError
from arbitro.games.core.lexicon import Reason, Verdict, is_letters, judge_lists, normalize
from arbitro.lazy_names import lazy_module
from arbitro.lexicon.affixes import cores, fits
from arbitro.lexicon.altered import TAILS, Alteration, alteration

if TYPE_CHECKING:
    import hunspell  # type: ignore[import-untyped,unused-ignore]  # chunspell ships no stubs
else:
    hunspell = lazy_module("hunspell")

HUNSPELL_DIR = "/usr/share/hunspell"
"""Where Debian's ``hunspell-it`` puts ``it_IT.dic`` and ``it_IT.aff``."""

_MEMO_LIMIT = 200_000
_VOWELS = frozenset("aeiouy")
_ACCENTED = {"a": "à", "e": "èé", "i": "ì", "o": "ò", "u": "ù"}


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
    """Words Hunspell accepts that the code forbids (art. 4.1), by kind, and the reviewed
    tables of the altered-noun rule."""

    abbreviations: frozenset[str]
    truncated: frozenset[str]
    altered: Mapping[str, str] = field(default_factory=dict)
    """Altered nouns the suffix rule cannot read (``cagnolino``), with their base (``cane``)."""
    lexicalised: Mapping[str, str] = field(default_factory=dict)
    """Altered in form, with a meaning of their own: allowed (art. 4.1, "bustina"); the
    singular of each, with the reason."""
    bases: Mapping[str, str] = field(default_factory=dict)
    """Nouns the dictionary holds only as another part of speech (``libro``, a form of
    *librare*; ``vestito``, a participle), with the reason: bases of altered nouns too."""

    def reason(self, word: str) -> Reason | None:
        """Why the lower-case ``word`` is excluded (art. 4.1), or None."""
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
    """The exclusion lists and tables of ``exclusions.toml`` (art. 4.1)."""
    text = resources.files("arbitro.lexicon").joinpath("exclusions.toml").read_text("utf-8")
    d = tomllib.loads(text)
    return Exclusions(
        frozenset(d["abbreviations"]["words"]),
        frozenset(d["truncated"]["words"]),
        MappingProxyType(d["altered"]["words"]),
        MappingProxyType(d["lexicalised"]["words"]),
        MappingProxyType(d["bases"]["words"]),
    )


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
        """Open Hunspell's Italian dictionary and attach the event's lists (arts. 2, 4.1)."""
        self._dir = hunspell_dir
        try:
            self._h: Any = hunspell.Hunspell("it_IT", hunspell_data_dir=hunspell_dir)
        except Exception as err:  # pragma: no cover - depends on the machine
            raise ArbitroError(
                "Italian dictionary not found in {folder} (package hunspell-it)",
                folder=hunspell_dir,
                article=sole_citation("valid_words"),
                key="parole.no_dictionary",
            ) from err
        self.approved, self.rejected = judge_lists(approved, rejected)
        self.excluded = excluded or exclusions()
        self._memo: dict[str, bool] = {}
        self._judged: dict[str, bool] = {}
        self._banned: frozenset[str] = frozenset()
        self._spell: Any = None
        self._nouns: Callable[[str], bool] = (
            _noun_bases(hunspell_dir, self._h.spell) | frozenset(self.excluded.bases)
        ).__contains__
        self._lists_changed()

    def with_lists(self, approved: Iterable[str] = (), rejected: Iterable[str] = ()) -> Dictionary:
        """A dictionary sharing this one's Hunspell, with other event lists (art. 2)."""
        new = object.__new__(Dictionary)
        new._h = self._h
        new._dir = self._dir
        new.approved, new.rejected = judge_lists(approved, rejected)
        new.excluded = self.excluded
        new._nouns = self._nouns
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
            if low in self._banned or not is_letters(low):
                ok = False
            else:
                ok = (
                    bool(self._spell(low))
                    and (low[-1] in _VOWELS or low in self.lemmas)
                    and (low[-3:] not in TAILS or self.alteration(low) is None)
                )
        if len(self._memo) < _MEMO_LIMIT:
            self._memo[word] = ok
        return ok

    def spellable(
        self,
        letters: Mapping[str, int],
        extra: Collection[str] = (),
        need: Mapping[str, int] | None = None,
    ) -> Iterator[str]:
        """Candidate words made of ``letters`` and at most one letter of ``extra`` (art. 4.1):
        the dictionary's words read from its affix rules (:mod:`arbitro.lexicon.affixes`) and
        the language judge's approved words (art. 2); :meth:`is_word` decides each. With
        ``need`` the dictionary's are only those holding those letters (issue 32)."""
        yield from cores(self._dir).spellable(letters, extra, need)
        for w in self.approved:
            up = w.upper()
            if fits(up, letters, extra):
                yield up

    def spelled_by(self, letters: Mapping[str, int], extra: Collection[str] = ()) -> Iterator[str]:
        """Candidate words of exactly ``letters``, or of them and one letter of ``extra``
        (art. 4.1; :class:`~arbitro.games.core.lexicon.ExactLexicon`): the dictionary's from
        its affix rules and the language judge's approved words (art. 2)."""
        yield from cores(self._dir).spelled_by(letters, extra)
        size = sum(n for n in letters.values() if n > 0)
        for w in self.approved:
            up = w.upper()
            if size <= len(up) <= size + 1 and fits(up, letters, extra):
                yield up

    def _lists_changed(self) -> None:
        self._judged = dict.fromkeys(self.rejected, False) | dict.fromkeys(self.approved, True)
        ex = self.excluded
        self._banned = ex.abbreviations | ex.truncated | frozenset(ex.altered) | ROMAN_NUMERALS
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
            return Verdict(low, False, why, base=self.excluded.altered.get(low))
        if self._h.spell(low):
            if low[-1] not in _VOWELS and low not in self.lemmas:
                return Verdict(low, False, Reason.TRUNCATED)
            altered = self.alteration(low)
            if altered is not None:
                return Verdict(low, False, Reason.ALTERED, base=altered.base)
            return Verdict(low, True, Reason.WORD)
        return Verdict(low, False, self._why_not(low))

    def alteration(self, word: str) -> Alteration | None:
        """``word`` (lower case) as an altered noun without a meaning of its own (art. 4.1):
        its suffix and its base noun in the dictionary; None for any other word, and for the
        altered forms of the ``[lexicalised]`` table (``bustina``, ``tavolini``)."""
        return alteration(word, self._nouns, self.excluded.lexicalised)

    @property
    def lemmas(self) -> frozenset[str]:
        """The dictionary's own entries in lower case (read once from ``it_IT.dic``).

        Hunspell builds a word ending in a consonant that is not an entry (``mangiar``,
        ``parlar``) only by apocope from one ending in a vowel: a *parola tronca* (art. 4.1).
        """
        return _lemmas(self._dir)

    def spells(self, word: str) -> bool:
        """True if Hunspell itself accepts ``word`` as written (no rule of the code applied)."""
        return bool(self._h.spell(word))

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


@cache
def _lemmas(hunspell_dir: str) -> frozenset[str]:
    with open(f"{hunspell_dir}/it_IT.dic", encoding="utf-8") as f:
        next(f, None)  # the first line is the entry count
        return frozenset(line.split("/", 1)[0].strip().lower() for line in f)


_NOUN_FLAGS = frozenset("oOQRSnN")
_ADJECTIVE_FLAGS = frozenset("WYy")
_NOUNS: dict[str, frozenset[str]] = {}


def _is_noun(flags: str) -> bool:
    # W, y: superlatives (-issimo); Y: adverbs in -mente: only adjectives take them.
    return _ADJECTIVE_FLAGS.isdisjoint(flags) and not _NOUN_FLAGS.isdisjoint(flags)


def _plurals(word: str) -> tuple[str, ...]:
    """The regular plurals of a singular noun (``bambino`` → ``bambini``; ``casa`` → ``case``;
    ``amico`` → ``amici``, ``amichi``; ``vecchio`` → ``vecchi``)."""
    stem, end = word[:-1], word[-1]
    if end == "a":
        return (stem + "he",) if stem[-1:] in ("c", "g") else (stem + "e",)
    if stem.endswith("i"):
        return (stem,)
    if stem[-1:] in ("c", "g"):
        return (stem + "i", stem + "hi")
    return (stem + "i",)


def _noun_bases(hunspell_dir: str, spell: Callable[[str], bool]) -> frozenset[str]:
    """The words ``it_IT.dic`` has as nouns, the bases of altered nouns (art. 4.1): entries
    inflected as a noun (flags ``o O Q R S n N``) and not as an adjective (no ``W`` nor ``y``,
    the superlatives, nor ``Y``, the adverbs in *-mente*); the other gender of those inflected
    by gender (``casa`` from ``caso/o``); and the entries with no suffix rule whose plural
    ``spell`` accepts (``bambino``: ``bambini``; ``tempo``: ``tempi``; the dictionary lists them
    bare). A verb form (``gira``), an invariable word (``sempre``) or a plural written out
    as its own entry (``porte``, ``casse``: ``cassa`` is a word) is no base. Read once per folder."""
    found = _NOUNS.get(hunspell_dir)
    if found is not None:
        return found
    suffix_flags = frozenset(k[1] for k in _affix_kinds(hunspell_dir) if k[0] == "SFX")
    entries: dict[str, str] = {}
    with open(f"{hunspell_dir}/it_IT.dic", encoding="utf-8") as f:
        next(f, None)  # the first line is the entry count
        for line in f:
            word, _, flags = line.strip().partition("/")
            low = word.lower()
            entries[low] = entries.get(low, "") + (flags.split()[0] if flags else "")
    out = set()
    for word, flags in entries.items():
        if not word:
            continue
        if _is_noun(flags):
            out.add(word)
            if "o" in flags and word.endswith("o"):
                out.add(word[:-1] + "a")
        elif (
            word[-1] in "aeo"
            and suffix_flags.isdisjoint(flags)
            and any(spell(p) for p in _plurals(word))
            and not (word[-1] == "e" and spell(word[:-1] + "a"))  # casse, foglie: plurals
        ):
            out.add(word)
    found = _NOUNS[hunspell_dir] = frozenset(out)
    return found


@cache
def _affix_kinds(hunspell_dir: str) -> frozenset[tuple[str, str]]:
    """The (``PFX``/``SFX``, flag) pairs ``it_IT.aff`` defines."""
    with open(f"{hunspell_dir}/it_IT.aff", encoding="utf-8") as f:
        return frozenset(
            (p[0], p[1]) for p in (line.split() for line in f) if p[:1] in (["PFX"], ["SFX"])
        )


@cache
def italian() -> Dictionary:
    """The shared Italian dictionary with no event lists (opened once per process)."""
    return Dictionary()


__all__ = [
    "HUNSPELL_DIR",
    "ROMAN_NUMERALS",
    "Dictionary",
    "Exclusions",
    "exclusions",
    "italian",
]
