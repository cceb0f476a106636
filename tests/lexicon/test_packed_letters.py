"""The packed letter multisets of the per-tap check (issue 32, art. 4.1): one integer a
multiset, 5 bits a letter, so that "can this core and its affixes hold the letters tapped?"
is a few integer operations. Checked against ``Counter``'s own arithmetic."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from arbitro.lexicon.affixes import _most_of, _packed, _within

# counts below 16 a letter (a word of the deck holds at most 8 copies of a letter, art. 1.2)
_WORDS = st.text(alphabet="ABCEIOQZ", max_size=14)


@given(_WORDS, _WORDS)
def test_within_is_the_multiset_inclusion(a: str, b: str) -> None:
    assert _within(_packed(a), _packed(b)) == (not Counter(a) - Counter(b))


@given(_WORDS, _WORDS)
def test_most_of_is_the_multiset_union(a: str, b: str) -> None:
    assert _most_of(_packed(a), _packed(b)) == _packed((Counter(a) | Counter(b)).elements())


def test_packed_counts_a_letter_per_field_and_ignores_the_rest() -> None:
    """A pinella or a jolly (``!``, ``?``) is no letter: it adds nothing (art. 4.4)."""
    assert _packed("CASA!?") == _packed("AACS")
    assert _within(_packed("SS"), _packed("CASSA")) and not _within(
        _packed("SSS"), _packed("CASSA")
    )
