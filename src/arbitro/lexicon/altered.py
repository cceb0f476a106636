"""Altered nouns (*nomi alterati*, Burraco Parole art. 4.1) recognised by their suffix.

Art. 4.1 "Non è consentito formare: ... Nomi alterati (diminutivi, accrescitivi, vezzeggiativi,
peggiorativi) a meno che la parola non cambi il significato dell'oggetto a cui fa
riferimento. Es.: Busta (sostantivo femminile) – Bustina (copricapo militare)."

So an altered noun is refused, and allowed only when it has a meaning of its own (it is
*lexicalised*: bustina, a military cap). :func:`alteration` finds the suffix and the base
word: the word without the suffix, with the base's gender and number ending restored
(``gattini`` → ``gatto``, ``casetta`` → ``casa``, ``ragazzone`` → ``ragazzo``), when the
dictionary knows that base as a noun. Whether an altered form has a meaning of its own no
spelling dictionary says (Hunspell lists ``gattino`` and ``bustina`` alike): that is the
``[lexicalised]`` list of ``exclusions.toml`` and, at an event, the language judge's lists
(art. 2), which win over everything.

Pure: the dictionary is a parameter (``is_base``), so the rule is tested on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

_MASCULINE: Final = ("o", "e")
_FEMININE: Final = ("a", "e")

SUFFIXES: Final[dict[str, tuple[str, ...]]] = {
    # suffix (with its gender and number ending): the base's possible singular endings.
    # Diminutives and terms of endearment (vezzeggiativi).
    "ino": _MASCULINE,
    "ini": _MASCULINE,
    "ina": _FEMININE,
    "ine": _FEMININE,
    "etto": _MASCULINE,
    "etti": _MASCULINE,
    "etta": _FEMININE,
    "ette": _FEMININE,
    "ello": _MASCULINE,
    "elli": _MASCULINE,
    "ella": _FEMININE,
    "elle": _FEMININE,
    "uccio": _MASCULINE,
    "ucci": _MASCULINE,
    "uccia": _FEMININE,
    "ucce": _FEMININE,
    # Augmentatives: -one is also the masculine of a feminine base (donna → donnone).
    "one": (*_MASCULINE, "a"),
    "oni": (*_MASCULINE, "a"),
    "ona": _FEMININE,
    # Pejoratives.
    "accio": _MASCULINE,
    "acci": _MASCULINE,
    "accia": _FEMININE,
    "acce": _FEMININE,
    "astro": _MASCULINE,
    "astri": _MASCULINE,
    "astra": _FEMININE,
    "astre": _FEMININE,
}
"""The alteration suffixes of art. 4.1 with their plurals, and the endings the base takes."""

_LENGTHS: Final = tuple(sorted({len(s) for s in SUFFIXES}))
TAILS: Final = frozenset(s[-3:] for s in SUFFIXES)
"""The last three letters of every suffix: a word ending otherwise is no alteration."""

MIN_STEM: Final = 3
"""Letters the base keeps without its ending: shorter stems (``v-ino``) are not alterations."""


@dataclass(frozen=True, slots=True)
class Alteration:
    """An altered form: the ``word``, its ``base`` in the dictionary, the ``suffix``."""

    word: str
    base: str
    suffix: str


def base_candidates(word: str) -> tuple[tuple[str, str], ...]:
    """The (suffix, base) pairs ``word`` may be read as, in the order tried.

    The base gets its gender/number ending back (``-ini`` → ``-o``/``-e``, ``-ette`` →
    ``-a``/``-e``); after ``c``/``g`` the spelling is restored both ways: ``amichetto`` →
    ``amico`` (the ``h`` only keeps the sound hard), ``bacetto`` → ``bacio`` (the ``i`` only
    keeps it soft).
    """
    out: list[tuple[str, str]] = []
    for n in _LENGTHS:
        endings = SUFFIXES.get(word[-n:])
        if endings is not None:
            out += _bases(word, n, endings)
    return tuple(out)


def alteration(word: str, is_base: Callable[[str], bool]) -> Alteration | None:
    """``word`` as an altered noun of a base ``is_base`` accepts (art. 4.1), or None.

    ``is_base(base)`` says the dictionary knows ``base`` as a noun (not a verb form: ``gira``
    does not make ``girina`` an alteration). The first base of :func:`base_candidates` wins.
    """
    if word[-3:] not in TAILS:  # the word check's hot path: most words end otherwise
        return None
    for n in _LENGTHS:
        endings = SUFFIXES.get(word[-n:])
        if endings is None:
            continue
        stem = word[:-n]
        if stem[-2:] in ("ch", "gh"):
            stem = stem[:-1]
        if len(stem) < MIN_STEM:
            continue
        for e in endings:
            if is_base(stem + e) and stem + e != word:
                return Alteration(word, stem + e, word[-n:])
        if stem[-1] in "cg":
            for e in endings:
                if e != "e" and is_base(stem + "i" + e):
                    return Alteration(word, stem + "i" + e, word[-n:])
    return None


def _bases(word: str, n: int, endings: tuple[str, ...]) -> list[tuple[str, str]]:
    suffix, stem = word[-n:], word[:-n]
    if stem.endswith(("ch", "gh")):
        stem = stem[:-1]
    if len(stem) < MIN_STEM:
        return []
    bases = [stem + e for e in endings]
    if stem[-1] in "cg":
        bases += [stem + "i" + e for e in endings if e != "e"]
    return [(suffix, b) for b in bases if b != word]


__all__ = ["MIN_STEM", "SUFFIXES", "TAILS", "Alteration", "alteration", "base_candidates"]
