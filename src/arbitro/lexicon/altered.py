"""Altered nouns (*nomi alterati*, Burraco Parole art. 4.1) recognised by their suffix.

Art. 4.1 "Non è consentito formare: ... Nomi alterati (diminutivi, accrescitivi, vezzeggiativi,
peggiorativi) a meno che la parola non cambi il significato dell'oggetto a cui fa
riferimento. Es.: Busta (sostantivo femminile) – Bustina (copricapo militare)."

So an altered noun is refused, and allowed only when it has a meaning of its own (it is
*lexicalised*: bustina, a military cap). :func:`alteration` finds the evaluative suffix and the
base: the word without the suffix, with a singular ending restored (``gattini`` → ``gatto``,
``casetta`` → ``casa``, ``leprotto`` → ``lepre``, ``manina`` → ``mano``, ``donnone`` →
``donna``) and the spelling changes at the join undone (``amichetto`` → ``amico``,
``bacetto`` → ``bacio``, ``pesciolino`` → ``pesce``, ``omone`` → ``uomo``), when the dictionary
knows that base as a noun. The suffixes are every evaluative suffix of Italian nouns
(:data:`FAMILIES`), each with its four gender and number forms.

Whether an altered form has a meaning of its own no spelling dictionary says (Hunspell lists
``gattino`` and ``tacchino`` alike, both ``/o``): that is the ``[lexicalised]`` table of
``exclusions.toml`` with the reason of each and, at an event, the language judge's lists
(art. 2), which win over everything.

Pure: the dictionary is a parameter (``is_base``), so the rule is tested on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Final

FAMILIES: Final[dict[str, str]] = {
    # The root of each suffix (its form less the gender/number vowel): what it makes.
    # Diminutives and terms of endearment (vezzeggiativi), with their interfixes.
    "in": "diminutive",  # gattino, manina
    "ett": "diminutive",  # casetta, occhietto
    "ell": "diminutive",  # alberello, finestrella
    "icin": "diminutive",  # libricino, cuoricino
    "iccin": "diminutive",  # libriccino
    "olin": "diminutive",  # topolino, pesciolino
    "ellin": "diminutive",  # fiorellino
    "ettin": "diminutive",  # casettina
    "icell": "diminutive",  # venticello
    "erell": "diminutive",  # fuocherello, pioggerella
    "ucci": "term of endearment",  # casuccia
    "uzz": "term of endearment",  # pietruzza
    "ott": "diminutive",  # leprotto, pienotto
    "acchiott": "diminutive",  # orsacchiotto
    # Augmentatives.
    "on": "augmentative",  # ragazzone, donnone
    # Pejoratives.
    "acci": "pejorative",  # tempaccio, giornataccia
    "astr": "pejorative",  # poetastro
    "iciattol": "pejorative",  # mostriciattolo
    "occi": "pejorative",  # grassoccio (mostly adjectives)
    "ognol": "pejorative",  # (mostly adjectives of colour)
}
"""The evaluative suffixes of Italian nouns by root, with the kind of alteration."""


def _forms(root: str) -> dict[str, tuple[str, ...]]:
    """The four forms of a suffix root, each with the singular(s) of its gender: ``in`` →
    ino, ini, ina, ine; a root in ``i`` keeps it soft (``acci`` → accio, acci, accia, acce);
    ``on`` makes ``one`` for the masculine singular and the feminine plural."""
    if root == "on":
        return {"one": ("one", "ona"), "oni": ("one",), "ona": ("ona",)}
    plural_m = root if root.endswith("i") else root + "i"
    plural_f = (root[:-1] if root.endswith("i") else root) + "e"
    return {
        root + "o": (root + "o",),
        plural_m: (root + "o",),
        root + "a": (root + "a",),
        plural_f: (root + "a",),
    }


SUFFIXES: Final[dict[str, tuple[str, ...]]] = {
    form: singulars for root in FAMILIES for form, singulars in _forms(root).items()
}
"""Every form of every suffix of :data:`FAMILIES`, with the singular form(s) it is a form of."""

_BY_LENGTH: Final = tuple(sorted({len(s) for s in SUFFIXES}, reverse=True))
_MASCULINE: Final = ("o", "e")
_FEMININE: Final = ("a", "e")
_AUGMENTATIVE: Final = ("o", "e", "a")  # -one is also the masculine of a feminine base
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

    @property
    def singulars(self) -> tuple[str, ...]:
        """The word in the singular of its gender (``bustine`` → ``bustina``; ``gattone`` →
        ``gattone``, ``gattona``): the forms the ``[lexicalised]`` table names."""
        stem = self.word[: len(self.word) - len(self.suffix)]
        return tuple(stem + s for s in SUFFIXES[self.suffix])


def _stems(stem: str) -> tuple[str, ...]:
    """The base's stem(s) for the word's ``stem``, the spelling changes at the join undone:
    the ``h`` that keeps c/g hard (``amich-etto`` → ``amic``), the ``i`` that keeps them soft
    (``pesci-olino`` → ``pesc``; ``bac-etto`` → ``baci``, for ``bacio``; ``canagl-ina`` →
    ``canagli``; ``cucchia-ino`` → ``cucchiai``), the ``uo`` of
    *uomo* that becomes ``o`` off the stress (``om-one`` → ``uom``)."""
    out = [stem]
    if stem[-2:] in ("ch", "gh"):
        out = [stem[:-1]]
    elif stem[-2:] in ("ci", "gi"):
        out.append(stem[:-1])
    elif stem[-1] in "cgao" or stem.endswith("gl"):  # baci-o, cucchiai-o, canagli-a
        out.append(stem + "i")
    if stem[0] == "o":  # uomo: omone, omaccio, ometto
        out.append("u" + stem)
    return tuple(out)


def base_candidates(word: str) -> tuple[tuple[str, str], ...]:
    """The (suffix, base) pairs ``word`` may be read as: the longest suffix first, each base
    stem (:func:`_stems`), the base endings of the suffix's gender (``-o``/``-e`` for a
    masculine suffix, ``-a``/``-e`` for a feminine one; an augmentative
    in ``-one`` also makes a feminine base masculine: ``donna`` → ``donnone``)."""
    out: list[tuple[str, str]] = []
    for n in _BY_LENGTH:
        suffix = word[-n:]
        singulars = SUFFIXES.get(suffix) if len(word) > n else None
        if singulars is None:
            continue
        endings: tuple[str, ...]
        if singulars[0].endswith("a"):
            endings = _FEMININE
        else:
            endings = _AUGMENTATIVE if suffix in ("one", "oni") else _MASCULINE
        for stem in _stems(word[:-n]):
            if len(stem) < MIN_STEM:
                continue
            out += [(suffix, stem + e) for e in endings if stem + e != word]
    return tuple(out)


def alteration(
    word: str, is_base: Callable[[str], bool], lexicalised: Container[str] = ()
) -> Alteration | None:
    """``word`` as an altered noun of a base ``is_base`` accepts (art. 4.1), or None.

    ``is_base(base)`` says the dictionary knows ``base`` as a noun (not a verb form: ``gira``
    does not make ``girina`` an alteration). Of the bases of :func:`base_candidates` it knows,
    the longest wins, the first of equal ones: ``alberello`` is ``albero`` + ``-ello``, not
    ``albo`` + ``-erello``; a base that is itself altered gives its own base (``casettina``:
    ``casetta``, of ``casa``). A word whose singular is in ``lexicalised`` (``bustine``:
    ``bustina``) has a meaning of its own: None.
    """
    if word[-3:] not in TAILS:  # the word check's hot path: most words end otherwise
        return None
    found: Alteration | None = None
    for suffix, base in base_candidates(word):
        if (found is None or len(base) > len(found.base)) and is_base(base):
            found = Alteration(word, base, suffix)
    if found is None or word in lexicalised or any(s in lexicalised for s in found.singulars):
        return None
    deeper = alteration(found.base, is_base, lexicalised)  # casettina: casetta, of casa
    return found if deeper is None else Alteration(word, deeper.base, found.suffix)


__all__ = [
    "FAMILIES",
    "MIN_STEM",
    "SUFFIXES",
    "TAILS",
    "Alteration",
    "alteration",
    "base_candidates",
]
