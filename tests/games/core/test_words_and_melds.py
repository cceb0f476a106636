"""The core's shared logic of the two Burraco games (:mod:`arbitro.games.core.words_and_melds`),
checked through Burraco Parole's code and deal."""

from __future__ import annotations

from collections import Counter

import pytest

from arbitro.errors import ArbitroError
from arbitro.games.core.words_and_melds import check_one_table, discard_error
from arbitro.games.parole.errors import article


def _errors() -> dict[str, ValueError]:
    return {k: ValueError(k) for k in ("last", "twin", "missing")}


@pytest.mark.parametrize(
    ("held", "size", "single", "why"),
    [
        (0, 5, False, "missing"),  # not in hand
        (1, 1, False, "last"),  # the last card: the game's closing rules (Parole art. 6)
        (1, 5, True, "twin"),  # Parole art. 4.2: a one-card pile's card without its twin
        (2, 5, True, None),  # with its twin it may be discarded
        (1, 5, False, None),
    ],
)
def test_parole_art4_2_discard_error(held: int, size: int, single: bool, why: str | None) -> None:
    """Parole art. 4.2 (FIBAS art. 10): which reason forbids a discard, first match wins."""
    e = _errors()
    got = discard_error(
        held,
        size,
        single,
        last=lambda: e["last"],
        twin=lambda: e["twin"],
        missing=lambda: e["missing"],
    )
    assert got is (e[why] if why else None)


def test_parole_art6_one_closing_and_one_deck() -> None:
    """Parole arts. 1.2, 6: at most one line closed; no card beyond the deck."""
    deck = Counter("AAB")
    kw = {"closing": article("deal_end"), "excess": article("deck"), "text": "".join}
    check_one_table([True, False], [["A"], ["A", "B"]], deck, key="parole", **kw)  # type: ignore[arg-type]
    with pytest.raises(ArbitroError) as err:
        check_one_table([True, True], [[], []], deck, key="parole", **kw)  # type: ignore[arg-type]
    assert err.value.key == "parole.two_closings"
    with pytest.raises(ArbitroError) as err:
        check_one_table([False, False], [["B"], ["B"]], deck, key="parole", **kw)  # type: ignore[arg-type]
    assert err.value.key == "parole.extra_cards"
