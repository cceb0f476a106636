"""The phone's check of a selection asks the dictionary for the words holding the selected
letters (``spellable(..., need=...)``, issue 32; art. 4.1, one wild letter at most, art. 4.4).
The fast walk (the cores' index spelled rarest letter first, the affixes' reach counting only
additions a card can spell) must find every word the slow one finds: the reference is the
walk without ``need``, filtered by the needed letters."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.games.parole.lexicon import LetterIndex
from arbitro.lexicon.hunspell import italian

ITALIAN = italian()
_DECK = "AAAAAAEEEEEEIIIIIOOOOOUUUBCCDDFGGHLLMMNNPPQRRSSSTTTVZ"
_ORDER = "QZHVXJKWYBFGDPUMLCSNTREOIA"


def _holds(word: str, need: Counter[str]) -> bool:
    return not need - Counter(word)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text("ABCDEQZ", min_size=1, max_size=5), min_size=1, max_size=30),
    st.dictionaries(st.sampled_from("ABCDEQZ"), st.integers(0, 3)),
    st.sampled_from(["", "A", "QZ", "ABCDEQZ"]),
    st.dictionaries(st.sampled_from("ABCDEQZ"), st.integers(1, 2), max_size=2),
)
def test_the_index_answers_the_same_in_any_letter_order(
    words: list[str], letters: dict[str, int], extra: str, need: dict[str, int]
) -> None:
    """Issue 32: a :class:`LetterIndex` spelled rarest letter first answers ``within`` (with
    and without ``need``, with ``hold``) and ``exactly`` as the alphabetical one does."""
    reach = {w: "Q" for w in words[:3]}
    plain = LetterIndex(words, reach)
    rare = LetterIndex(words, reach, order=_ORDER)
    assert sorted(rare.within(letters, extra)) == sorted(plain.within(letters, extra))
    assert sorted(rare.within(letters, extra, need)) == sorted(plain.within(letters, extra, need))
    hold = "".join(need)

    def holding(found: list[str]) -> list[str]:  # ``hold`` may let others through
        return sorted(w for w in found if set(hold) <= set(w + reach.get(w, "")))

    assert holding(list(rare.within(letters, extra, hold=hold))) == holding(
        list(plain.within(letters, extra, hold=hold))
    )
    assert holding(list(plain.within(letters, extra, hold=hold))) == holding(
        list(plain.within(letters, extra))
    )
    assert sorted(rare.exactly(letters, extra)) == sorted(plain.exactly(letters, extra))


def test_an_order_must_be_the_26_letters() -> None:
    """An order that is not the alphabet's 26 letters each once is refused."""
    try:
        LetterIndex(["CASA"], order="ABC")
    except ValueError:
        return
    raise AssertionError("an order of three letters was accepted")


def test_art4_1_art4_4_the_words_holding_a_selection_are_all_found() -> None:
    """Arts. 4.1, 4.4 with the Italian dictionary: for 40 random hands of 6-9 letters (some
    with a wild's letters) and a selection of 1-3 of their letters, the valid words
    ``spellable`` finds with ``need`` are exactly the valid words of the walk without it
    that hold the selection (Q, Z and H selections included: the letters no affix a card
    can spell holds)."""
    rng = random.Random(32)
    checked = 0
    for i in range(40):
        hand = Counter(rng.sample(_DECK, rng.randint(6, 9)))
        if i % 4 == 0:
            hand["Q"] += 1
        extra = rng.choice(["", "AEIOU", "ABCDEFGHILMNOPQRSTUVZ"])
        need = Counter(rng.sample(list(hand.elements()), rng.randint(1, 3)))
        fast = {w for w in ITALIAN.spellable(hand, extra, need) if ITALIAN.is_word(w)}
        slow = {w for w in ITALIAN.spellable(hand, extra) if ITALIAN.is_word(w) and _holds(w, need)}
        assert {w for w in fast if _holds(w, need)} == slow, (hand, extra, need)
        checked += bool(slow)
    assert checked > 10
