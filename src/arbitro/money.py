"""Amounts of money as the desk, the CLI and the printouts write them: cents held as integers,
shown in euros the Italian way (``4,00``), typed as ``4``, ``4,50`` or ``4.50``. The entry
fees of a knockout (Briscola premessa: "Quota di iscrizione € 4 a coppia") and of an event of
rounds share these."""

from __future__ import annotations

import re

from arbitro.errors import ArbitroError

MAX_FEE_CENTS = 1_000_000
"""The highest amount accepted (€ 10.000,00): more is a typing slip."""

FEE_PATTERN = re.compile(r"^(\d{1,6})(?:[.,](\d{1,2}))?$")


def euros(cents: int) -> str:
    """Cents as euros, Italian style, with the thousands' dots: ``4,00``, ``1.240,50``."""
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units:,}".replace(",", ".") + f",{rest:02d}"


def parse_euros(raw: str) -> int:
    """An amount typed in euros (``4``, ``4,50``, ``4.50``, ``€ 4``) as cents; an error naming
    the text if it is not one, or if it is over :data:`MAX_FEE_CENTS`."""
    text = raw.replace("€", "").strip()
    m = FEE_PATTERN.fullmatch(text)
    if m is None:
        raise ArbitroError("amount «{raw}» is not valid: write euros, e.g. 4 or 4.50", raw=raw)
    cents = int(m.group(1)) * 100 + int((m.group(2) or "0").ljust(2, "0"))
    if cents > MAX_FEE_CENTS:
        raise ArbitroError(
            "amount «{raw}» is too high (at most € {most})", raw=raw, most=euros(MAX_FEE_CENTS)
        )
    return cents
