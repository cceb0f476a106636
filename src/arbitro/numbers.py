"""Numbers with decimals as the reader writes them: the comma in Italian ("+76,250", "0,001",
as the FIBAS code prints art. 20's scale), the point in English. Machine forms (JSON, CSV
for programs) keep :class:`~decimal.Decimal`'s own text; pages, printouts and the terminal
show these."""

from __future__ import annotations

from decimal import Decimal

from arbitro.i18n import current_lang


def decimal_text(value: Decimal, lang: str | None = None, *, signed: bool = False) -> str:
    """``value`` with its decimals as written in ``lang`` (default: the current language):
    ``76,250`` / ``1.240,500`` in Italian, ``76.250`` / ``1,240.500`` in English; with
    ``signed`` a positive value gets its ``+`` (the differences of FIBAS art. 20)."""
    lang = lang or current_lang()
    sign = "-" if value < 0 else ("+" if signed and value > 0 else "")
    digits = f"{abs(value):,f}"
    if lang == "it":
        digits = digits.replace(",", "\x00").replace(".", ",").replace("\x00", ".")
    return sign + digits


class LocalDecimal:
    """A decimal shown in the language current when it is rendered (a page renders in its
    reader's language after its view was built): ``str()`` calls :func:`decimal_text`."""

    __slots__ = ("signed", "value")

    def __init__(self, value: Decimal, *, signed: bool = False) -> None:
        self.value = value
        self.signed = signed

    def render(self, lang: str | None = None) -> str:
        """The number in ``lang`` (default: the current language)."""
        return decimal_text(self.value, lang, signed=self.signed)

    def __str__(self) -> str:
        return self.render()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LocalDecimal):
            return (self.value, self.signed) == (other.value, other.signed)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.value, self.signed))
