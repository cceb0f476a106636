"""Numbers with decimals as the reader writes them (issue 27: "+76.250" on an Italian page)."""

from __future__ import annotations

from decimal import Decimal

from arbitro.i18n import use_lang
from arbitro.numbers import LocalDecimal, decimal_text


def test_italian_writes_the_comma_as_fibas_art_20_writes_0_001() -> None:
    """FIBAS art. 20: "inizio scala = fine scala precedente+0,001": the comma in Italian."""
    assert decimal_text(Decimal("76.250"), "it", signed=True) == "+76,250"
    assert decimal_text(Decimal("0.000"), "it", signed=True) == "0,000"
    assert decimal_text(Decimal("-1240.500"), "it") == "-1.240,500"
    assert decimal_text(Decimal("0.001"), "it") == "0,001"


def test_english_keeps_the_point() -> None:
    """The same numbers on an English page (FIBAS art. 20's three decimals)."""
    assert decimal_text(Decimal("76.250"), "en", signed=True) == "+76.250"
    assert decimal_text(Decimal("-1240.500"), "en") == "-1,240.500"


def test_a_local_decimal_renders_in_the_language_of_the_page() -> None:
    """A view built before the page's language is known renders in it (FIBAS art. 20)."""
    x = LocalDecimal(Decimal("13.500"), signed=True)
    with use_lang("it"):
        assert str(x) == "+13,500"
    with use_lang("en"):
        assert str(x) == "+13.500"


def test_names_sort_with_their_numbers_read_as_numbers() -> None:
    """The room reads "Coppia 2" before "Coppia 10" (FIBAS art. 4: the seating by name)."""
    from arbitro.collation import name_key
    from arbitro.printouts.names import sort_key

    names = ["Coppia 10", "Coppia 2", "coppia 1", "Àlfa", "Coppia 11"]
    assert sorted(names, key=name_key) == [
        "Àlfa",
        "coppia 1",
        "Coppia 2",
        "Coppia 10",
        "Coppia 11",
    ]
    assert sorted(names, key=sort_key)[1:3] == ["coppia 1", "Coppia 2"]
