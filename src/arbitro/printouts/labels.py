"""The printouts' language: every word they print is a msgid of the message catalogue
(:mod:`arbitro.i18n`), rendered in the one language the printout is asked for.

The Italian wording follows the FIBAS code's sample score sheets (art. 19 "fac simile score a
squadre": Tavolo, Turno, Nord-Sud, Est-Ovest, Mano, Base, Punti, TOTALE, Riporto Sala Chiusa,
COMPLESSIVO, Sottrarre valore minore, Solo risultato positivo, V.P., Firma) and its VP tables
(art. 20 "Range di riferimento").
"""

from __future__ import annotations

from arbitro.errors import ArbitroError
from arbitro.i18n import LANGUAGES, Message, render


def check_lang(lang: str) -> str:
    """The language code if supported (``it`` or ``en``), else an ArbitroError."""
    if lang not in LANGUAGES:
        raise ArbitroError("language «{lang}» not available for printouts (it, en)", lang=lang)
    return lang


def tr(msg: Message, lang: str) -> str:
    """``msg`` rendered in ``lang`` (``it`` or ``en``; any other is refused), so that a
    printout never mixes two languages."""
    return render(msg, check_lang(lang))
