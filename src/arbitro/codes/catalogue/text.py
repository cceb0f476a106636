"""Italian text normalisation for the article search: accents, stop words, stems.

``"Il pozzetto è stato visto prima"`` → ``["pozzett", "vist", "prim"]``: lowercase, accents
stripped (NFKD), elisions split (``l'arbitro`` → ``arbitro``), stop words dropped, each word
reduced by the Snowball Italian stemmer so that inflections meet (pozzetti/pozzetto,
congelata/congelamento, errato/errata).

The stemmer is loaded only for a word not stemmed before: the stems of the catalogue's words
come back with its cached search index (:func:`remember_stems`), so that a search whose words
are in the catalogue does not load Snowball (issue 14).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import snowballstemmer
else:
    snowballstemmer = lazy_module("snowballstemmer")

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
        "articolo",
        "art",
        "regola",
        "regole",
        "codice",
        # The table's questions around the facts ("vale?", "si può?", "cosa facciamo?").
        "vale",
        "valgono",
        "bene",
        "va",
        "facciamo",
        "faccio",
        # "dice che ..." reports a side's claim to the arbiter; "ha detto" (not a stop word)
        # is what was said at the table, read through the synonyms of "dire" (issue 31).
        # "fa"/"fare" ("chi fa le carte") and "dopo" ("dopo lo scarto") are words of the rules.
        "dice",
        "dicono",
        "adesso",
        "ora",
        "ok",
        "perche",
        "pero",
        "cioe",
        "invece",
        "allora",
        "quindi",
        "cosi",
        "solo",
        "senza",
    ]
)


@cache
def _snowball() -> Any:
    """The Snowball Italian stemmer (loaded on first need)."""
    return snowballstemmer.stemmer("italian")


# Word → stem, for the words stemmed so far (or remembered from a cached index).
_stems: dict[str, str] = {}
MAX_STEMS = 65536

# Stems of one word family that the Snowball stemmer leaves apart (chiudere / chiuso /
# chiusura, raccogliere / raccolta, vedere / visto): each is folded into one stem. The irregular
# past participles of the verbs of the table (aggiunto / aggiungere, messo / mettere, scelto /
# scegliere, ...) meet their verb the same way (issue 31: "ha aggiunto una lettera" is the
# codes' "aggiungere").
STEM_ALIASES: dict[str, str] = {
    "chiud": "chiusur",
    "chius": "chiusur",
    "raccogl": "raccolt",
    "ved": "vist",
    "dat": "dar",
    "dav": "dar",
    "aggiunt": "aggiung",
    "mess": "mett",
    "rimess": "rimett",
    "scelt": "scegl",
    "tolt": "togl",
    "rimast": "riman",
    "rispost": "rispond",
    "scritt": "scriv",
    "accort": "accorg",
    "chiest": "chied",
    "pers": "perd",
    "nascost": "nascond",
    "moss": "muov",
    "decis": "decid",
    "rott": "romp",
    "dett": "dir",
    "fa": "far",
}

# Italian number words read as their digits ("sette carte" is "7 carte", "quaranta punti" is
# "40 punti"), so that a query meets a text whichever way either writes the number (issue 31).
# "due" and "uno" are left out: "uno" is an article, and "2" is also a card (the pinella).
NUMBER_WORDS: dict[str, str] = {
    word: str(n)
    for n, word in enumerate(
        [
            "tre",
            "quattro",
            "cinque",
            "sei",
            "sette",
            "otto",
            "nove",
            "dieci",
            "undici",
            "dodici",
            "tredici",
            "quattordici",
            "quindici",
            "sedici",
            "diciassette",
            "diciotto",
            "diciannove",
            "venti",
        ],
        start=3,
    )
} | {
    "trenta": "30",
    "quaranta": "40",
    "cinquanta": "50",
    "sessanta": "60",
    "settanta": "70",
    "ottanta": "80",
    "novanta": "90",
    "cento": "100",
    "duecento": "200",
    "mille": "1000",
}


def fold(text: str) -> str:
    """Lowercase ``text`` and strip its accents: ``"Età PIÙ"`` → ``"eta piu"``."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def stem(word: str) -> str:
    """The Snowball Italian stem of one folded word (numbers are kept as they are, a number
    word becomes its digits: :data:`NUMBER_WORDS`)."""
    known = _stems.get(word)
    if known is not None:
        return known
    if word.isdigit():
        result = word
    elif word in NUMBER_WORDS:
        result = NUMBER_WORDS[word]
    else:
        stemmed: str = _snowball().stemWord(word)
        result = STEM_ALIASES.get(stemmed, stemmed)
    if len(_stems) >= MAX_STEMS:
        _stems.clear()
    _stems[word] = result
    return result


def known_stems() -> dict[str, str]:
    """The words stemmed so far in this process, with their stems."""
    return dict(_stems)


def remember_stems(stems: dict[str, str]) -> None:
    """Take ``stems`` (:func:`known_stems` of a process with the same stemmer) as stemmed."""
    _stems.update(stems)


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
