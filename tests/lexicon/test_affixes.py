"""The words the Italian dictionary can make from a set of letters (art. 4.1), read from its
affix rules (:mod:`arbitro.lexicon.affixes`): what the engine lists the openings from. Every
word the dictionary accepts must be found from its own letters, or ``legal_moves`` would miss
a legal opening."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

from arbitro.codes.burraco_parole import burraco_parole
from arbitro.games.parole.lexicon import SpellableLexicon
from arbitro.lexicon.hunspell import italian

from .dictionary_cases import VALID

ITALIAN = italian()
ALPHABET = burraco_parole().alphabet


def _found(word: str) -> bool:
    return word.upper() in set(ITALIAN.spellable(Counter(word.upper())))


def test_art4_1_every_three_letter_word_is_found_from_its_letters() -> None:
    """Art. 4.1: each of the 9,261 three-letter strings of the Italian deck's letters that
    the dictionary accepts is found from its letters."""
    words = ["".join(p) for p in product(ALPHABET, repeat=3) if ITALIAN.is_word("".join(p))]
    assert len(words) > 100
    assert [w for w in words if not _found(w)] == []


def test_art4_1_the_allowed_words_and_their_neighbours_are_found() -> None:
    """Art. 4.1: every allowed word of the test set (nouns, verbs in every mood, adverbs...)
    of three letters or more and every word one letter away from 300 of them is found from
    its letters (a word is three cards at least)."""
    rng = random.Random(4)
    words = [w.upper() for text in VALID.values() for w in text.split() if w.isalpha()]
    near = []
    for w in rng.sample(words, min(300, len(words))):
        i = rng.randrange(len(w))
        near += [w[:i] + x + w[i + 1 :] for x in ALPHABET]
    checked = [w for w in words + near if len(w) >= 3 and ITALIAN.is_word(w)]
    assert len(checked) > 300
    assert [w for w in checked if not _found(w)] == []


def test_art4_1_a_wild_letter_and_the_judges_approved_words() -> None:
    """Arts. 2, 4.1, 4.4: one more letter where a wild can stand for it; the language
    judge's approved words too; the dictionary names the words it can spell."""
    assert isinstance(ITALIAN, SpellableLexicon)
    assert "CASA" in set(ITALIAN.spellable(Counter("CAA"), "S"))
    assert "CASA" not in set(ITALIAN.spellable(Counter("CAA"), "T"))
    judged = ITALIAN.with_lists(approved=["zzaa"])
    assert "ZZAA" in set(judged.spellable(Counter("ZZAA")))
