"""Score of a deal (arts. 5-6): base, card points, cards in hand, penalized and frozen cards."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.games.parole import (
    BurracoKind,
    Line,
    LinePosition,
    parse_cards,
    parse_word,
    score_position,
    score_table,
)

from .words import WORDS


def test_art5_clean_burraco_and_closing() -> None:
    """Arts. 5, 6 C: clean burraco 100 + closing 50 + the cards' values."""
    s = score_position([parse_word("CASSATA", WORDS), parse_word("RE?", WORDS)], [()], closed=True)
    assert s.burrachi == (BurracoKind.CLEAN,)
    assert s.base == 150
    assert s.melded == (10 + 5 + 10 + 10 + 5 + 10 + 5) + (10 + 5 + 30)
    assert s.total == 150 + 100


def test_art6_d_cards_in_hand_and_penalized_count_negative() -> None:
    """Art. 6 D, 10.8: cards left in hand and penalized cards are subtracted."""
    s = score_position(
        [parse_word("PAR?A", WORDS)], [parse_cards("QZ"), parse_cards("!")], penalized=("H",)
    )
    assert s.burrachi == (BurracoKind.DIRTY,) and s.base == 50
    assert s.melded == 10 + 5 + 10 + 30 + 5
    assert s.in_hand == -(15 + 15 + 20) and s.penalized == -15
    assert s.points == 60 - 50 - 15 and s.total == 50 - 5


def test_art10_11_frozen_cards_count_negative() -> None:
    """Art. 10.11: a definitively frozen word's cards count negative at the end."""
    s = score_position([], frozen=parse_cards("CANE"))
    assert s.frozen == -30 and s.total == -30 and s.burrachi == ()


def test_art11_4_closing_without_burraco_refused() -> None:
    """Art. 6 A.1, 11.4: a closing without any burraco is not valid."""
    with pytest.raises(ArbitroError, match="burraco") as err:
        score_position([parse_word("CASA", WORDS)], closed=True)
    assert "11.4" in str(err.value.article)


def test_art6_table_checks() -> None:
    """Art. 6: one closing per deal; art. 1.2: no more cards than the deck holds."""
    ns = LinePosition(words=(parse_word("CASSA", WORDS),), closed=True)
    ew = LinePosition(words=(parse_word("SASSO", WORDS),), hands=(parse_cards("S"),))
    with pytest.raises(ArbitroError, match="eccesso") as err:
        score_table({Line.NS: ns, Line.EW: ew})
    assert str(err.value.article) == "Parole UISP art. 1.2"
    both = LinePosition(words=(parse_word("CASSA", WORDS),), closed=True)
    with pytest.raises(ArbitroError, match="entrambe"):
        score_table({Line.NS: ns, Line.EW: both})
    ok = score_table({Line.NS: ns, Line.EW: LinePosition(hands=(parse_cards("QZ"),))})
    assert ok[Line.NS].total == 100 + 50 + 40 and ok[Line.EW].total == -30
    assert ok[Line.NS].as_dict()["line"] == "NS"
