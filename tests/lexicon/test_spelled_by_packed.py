"""The anagram lookup of the Italian dictionary (``Cores.spelled_by``, issue 32) on packed
letters must name exactly the candidate words the walk names (``Cores._spelled_by_walk``, the
slow reference): the words of exactly the cards a phone selected (art. 4.1), or of them and
the one letter a jolly or a pinella stands for (art. 4.4: one wild a word; a pinella a vowel),
with the letters of a word on the table added for a lay-off (art. 4.1, *legare*). Thousands of
random letter sets drawn from the Italian deck, from 1 card to a picked-up hand of 22."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arbitro.lexicon.affixes import Cores, cores
from arbitro.lexicon.hunspell import HUNSPELL_DIR, italian

_DECK = "AAAAAAEEEEEEIIIIIOOOOOUUUBCCDDFGGHLLMMNNPPQRRSSSTTTVZ"
_VOWELS = "AEIOU"  # a pinella's letters (art. 4.4)
_ALPHABET = "ABCDEFGHILMNOPQRSTUVZ"  # a jolly's: the Italian deck's 21 letters (art. 1.2)


def _cores() -> Cores:
    italian()  # the dictionary is there (hunspell-it), else this fails as the others do
    return cores(HUNSPELL_DIR)


def _same(c: Cores, letters: Counter[str], extra: str) -> set[str]:
    fast = list(c.spelled_by(letters, extra))
    slow = set(c._spelled_by_walk(letters, extra))
    assert len(fast) == len(set(fast)), (letters, extra)  # each word once, as the walk
    assert set(fast) == slow, (letters, extra, set(fast) ^ slow)
    return slow


@pytest.mark.slow
def test_art4_1_art4_4_the_packed_lookup_names_the_walks_words() -> None:
    """Arts. 4.1, 4.4, issue 32: 800 random letter sets of the deck, 770 of 1 to 8 cards
    and 30 of 10 to 22 (a large selection, or one with a word's letters for a lay-off), with
    no wild, a pinella's vowels or a jolly's 21 letters: the packed lookup names the same
    candidates as the walk, each once; some sets spell words, some with the wild's letter."""
    c = _cores()
    rng = random.Random(32)
    spelled = wild = 0
    for i in range(800):
        size = rng.randint(1, 8) if i < 770 else rng.randint(10, 22)
        letters = Counter(rng.choices(_DECK, k=size))
        extra = rng.choice(["", _VOWELS, _ALPHABET])
        found = _same(c, letters, extra)
        spelled += bool(found)
        wild += any(len(w) == size + 1 for w in found)
    assert spelled > 300 and wild > 100, (spelled, wild)


def test_art4_1_words_the_packed_lookup_finds() -> None:
    """Art. 4.1 (fig. 1, CASA): the letters of CASA spell CASA (and its anagrams the
    dictionary makes); C A S and a pinella's vowels spell CASA and CASO (art. 4.4); the same
    as the walk; letters that spell nothing give nothing."""
    c = _cores()
    lexicon = italian()
    exact = {w for w in _same(c, Counter("CASA"), "") if lexicon.is_word(w)}
    assert "CASA" in exact
    assert all(sorted(w) == sorted("CASA") for w in exact)
    one_more = {w for w in _same(c, Counter("CAS"), _VOWELS) if lexicon.is_word(w)}
    assert {"CASA", "CASO"} <= one_more
    assert not _same(c, Counter("QZQZ"), "")


def test_letters_the_packed_lookup_cannot_hold_are_answered_by_the_walk() -> None:
    """A letter 15 times or more (no field of the packed multiset holds it with a wild's
    letter), a character no card is, lower-case letters, zero and negative counts and
    extra letters no card is: the answer is the walk's."""
    c = _cores()
    for letters, extra in (
        (Counter({"A": 15, "C": 1, "S": 1}), _VOWELS),
        (Counter({"A": 14, "C": 1, "S": 1}), "A"),
        (Counter({"A": 14}), _ALPHABET),
        (Counter({"C": 1, "A": 2, "S": 1, "'": 1}), ""),
        (Counter({"c": 1, "a": 2, "s": 1}), ""),
        (Counter({"C": 1, "A": 2, "S": 1, "O": 0, "E": -1}), ""),
        (Counter({"C": 1, "A": 1, "S": 1}), "aeiou'?!O"),
    ):
        _same(c, letters, extra)
    assert "CASA" in set(c.spelled_by(Counter({"C": 1, "A": 2, "S": 1, "O": 0, "E": -1})))
    assert "CASO" in set(c.spelled_by(Counter("CAS"), "aeiou'?!O"))
