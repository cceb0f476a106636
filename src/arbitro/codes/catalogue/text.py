"""Italian text normalisation for the article search: accents, stop words, stems.

``"Il pozzetto è stato visto prima"`` → ``["pozzett", "vist", "prim"]``: lowercase, accents
stripped (NFKD), elisions split (``l'arbitro`` → ``arbitro``), stop words dropped, each word
reduced by the Snowball Italian stemmer so that inflections meet (pozzetti/pozzetto,
congelata/congelamento, errato/errata).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer

_WORD = re.compile(r"[a-z0-9]+")

# Italian function words (accents already stripped). Content words such as "carta", "gioco"
# stay: their weight is left to the ranking (inverse document frequency).
STOP_WORDS: frozenset[str] = frozenset(
    [
        "a",
        "ad",
        "al",
        "allo",
        "ai",
        "agli",
        "all",
        "alla",
        "alle",
        "col",
        "coi",
        "con",
        "da",
        "dal",
        "dallo",
        "dai",
        "dagli",
        "dall",
        "dalla",
        "dalle",
        "di",
        "del",
        "dello",
        "dei",
        "degli",
        "dell",
        "della",
        "delle",
        "in",
        "nel",
        "nello",
        "nei",
        "negli",
        "nell",
        "nella",
        "nelle",
        "su",
        "sul",
        "sullo",
        "sui",
        "sugli",
        "sull",
        "sulla",
        "sulle",
        "per",
        "tra",
        "fra",
        "il",
        "lo",
        "la",
        "i",
        "gli",
        "le",
        "l",
        "un",
        "uno",
        "una",
        "un",
        "e",
        "ed",
        "o",
        "od",
        "ma",
        "se",
        "che",
        "chi",
        "cui",
        "non",
        "ne",
        "ci",
        "vi",
        "si",
        "mi",
        "ti",
        "ce",
        "ve",
        "sa",
        "anche",
        "come",
        "dove",
        "quando",
        "quale",
        "quali",
        "quanto",
        "quanta",
        "quanti",
        "quante",
        "questo",
        "questa",
        "questi",
        "queste",
        "quello",
        "quella",
        "quelli",
        "quelle",
        "quel",
        "quei",
        "io",
        "tu",
        "lui",
        "lei",
        "noi",
        "voi",
        "loro",
        "mio",
        "mia",
        "miei",
        "mie",
        "tuo",
        "tua",
        "suo",
        "sua",
        "suoi",
        "sue",
        "nostro",
        "nostra",
        "vostro",
        "vostra",
        "proprio",
        "propria",
        "propri",
        "proprie",
        "e",
        "era",
        "erano",
        "essere",
        "stato",
        "stata",
        "stati",
        "state",
        "sono",
        "sia",
        "siano",
        "sara",
        "saranno",
        "ha",
        "hanno",
        "ho",
        "abbia",
        "abbiano",
        "avere",
        "aver",
        "avuto",
        "avra",
        "fa",
        "fare",
        "fatto",
        "del",
        "piu",
        "molto",
        "poco",
        "tutto",
        "tutti",
        "tutte",
        "tutta",
        "ogni",
        "qualsiasi",
        "qualunque",
        "altro",
        "altra",
        "altri",
        "altre",
        "gia",
        "ancora",
        "poi",
        "dopo",
        "prima",
        "mentre",
        "durante",
        "verso",
        "contro",
        "sopra",
        "sotto",
        "dentro",
        "cosa",
        "cose",
        "caso",
        "casi",
        "devo",
        "deve",
        "devono",
        "puo",
        "possono",
        "posso",
        "cosa",
        "succede",
        "fa",
        "articolo",
        "art",
        "regola",
        "regole",
        "codice",
    ]
)

_stemmer = snowballstemmer.stemmer("italian")

# Stems of one word family that the Snowball stemmer leaves apart (chiudere / chiuso /
# chiusura, raccogliere / raccolta, vedere / visto): each is folded into one stem.
STEM_ALIASES: dict[str, str] = {
    "chiud": "chiusur",
    "chius": "chiusur",
    "raccogl": "raccolt",
    "ved": "vist",
}


def fold(text: str) -> str:
    """Lowercase ``text`` and strip its accents: ``"Età PIÙ"`` → ``"eta piu"``."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball Italian stem of one folded word (numbers are kept as they are)."""
    if word.isdigit():
        return word
    result: str = _stemmer.stemWord(word)
    return STEM_ALIASES.get(result, result)


def words(text: str) -> list[str]:
    """The folded words of ``text``, elisions split, stop words kept."""
    return _WORD.findall(fold(text))


def terms(text: str) -> list[str]:
    """The search terms of ``text``: folded words without stop words, stemmed, in order."""
    return [stem(w) for w in words(text) if w not in STOP_WORDS and (len(w) > 1 or w.isdigit())]


@lru_cache(maxsize=1024)
def spans(text: str) -> tuple[tuple[str, int, int], ...]:
    """``(term, start, end)`` for every non-stop word of ``text``, offsets into ``text``.

    Folding keeps one character per character for Latin letters with accents (the combining
    marks are dropped), so the offsets found on the folded text are offsets into ``text``.
    """
    out: list[tuple[str, int, int]] = []
    for m in re.finditer(r"\w+", text):
        for w in _WORD.findall(fold(m.group())):
            if w not in STOP_WORDS and (len(w) > 1 or w.isdigit()):
                out.append((stem(w), m.start(), m.end()))
    return tuple(out)
