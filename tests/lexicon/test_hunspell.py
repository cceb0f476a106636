"""Art. 4.1 word validity (and art. 2's language judge) by Hunspell's Italian dictionary: the
dictionary test set and rules."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.games.parole.lexicon import Reason, WordList, normalize
from arbitro.lexicon.hunspell import ROMAN_NUMERALS, Dictionary, exclusions, italian

from .dictionary_cases import INVALID, VALID

VALID_CASES = [(w, kind) for kind, text in VALID.items() for w in text.split()]
INVALID_CASES = [(w, kind) for kind, text in INVALID.items() for w in text.split()]
EXACT_REASON = {
    "proper_name": Reason.PROPER_NAME,
    "truncated": Reason.TRUNCATED,
    "abbreviation": Reason.ABBREVIATION,
    "altered": Reason.ALTERED,
    "roman_numeral": Reason.ROMAN_NUMERAL,
    "not_letters": Reason.NOT_LETTERS,
    "unknown": Reason.UNKNOWN,
}


def test_art4_1_test_set_has_300_words_of_every_kind() -> None:
    """Art. 4.1: at least 300 words, every allowed part of speech and every excluded kind."""
    assert len(VALID_CASES) + len(INVALID_CASES) >= 300
    assert set(VALID) >= {
        "noun",
        "adjective",
        "verb",
        "adverb",
        "pronoun",
        "preposition",
        "conjunction",
        "interjection",
    }
    assert set(INVALID) >= {"proper_name", "truncated", "abbreviation", "altered"}


@pytest.mark.parametrize(("word", "kind"), VALID_CASES)
def test_art4_1_allowed_word(word: str, kind: str) -> None:
    """Art. 4.1 "È consentito formare": adjectives, nouns, verbs in every mood and tense..."""
    verdict = italian().check(word)
    assert verdict.valid, (kind, verdict)
    assert italian().is_word(word) and italian().is_word(word.upper())


@pytest.mark.parametrize(("word", "kind"), INVALID_CASES)
def test_art4_1_forbidden_word(word: str, kind: str) -> None:
    """Art. 4.1 "Non è consentito formare": proper names, truncated words, acronyms, altered."""
    verdict = italian().check(word)
    assert not verdict.valid
    assert not italian().is_word(word)
    if kind in EXACT_REASON:
        assert verdict.reason is EXACT_REASON[kind], verdict
    else:  # acronyms: known to Hunspell only in capitals, or not at all
        assert verdict.reason in (Reason.ABBREVIATION, Reason.PROPER_NAME, Reason.UNKNOWN)


def test_art4_1_bustina_has_a_meaning_of_its_own() -> None:
    """Art. 4.1's own example: "busta" and "bustina" (a military cap) are both allowed."""
    assert italian().check("busta").valid and italian().check("bustina").valid
    assert italian().check("casetta").reason is Reason.ALTERED


def test_art4_1_proper_names_are_refused_in_any_case() -> None:
    """Art. 4.1: Hunspell accepts "Milano"; the check lowers it first and refuses it."""
    assert not italian().is_word("Milano")
    assert italian().check("MILANO").reason is Reason.PROPER_NAME
    assert italian().is_word("Usa")  # "usa", from usare, is a verb


def test_art4_1_roman_numerals_by_rule() -> None:
    """Art. 4.1 "sigle": every strict Roman numeral of 3+ letters; real words are not numerals."""
    assert "mmmcmxcix" in ROMAN_NUMERALS and "iii" in ROMAN_NUMERALS
    assert "ivi" not in ROMAN_NUMERALS and italian().is_word("ivi")
    assert not italian().is_word("mdcclxxvi")


def test_art4_1_exclusions_are_words_hunspell_accepts() -> None:
    """The exclusion lists hold only words Hunspell would otherwise accept (no dead entries)."""
    ex = exclusions()
    raw = Dictionary(hunspell_dir="/usr/share/hunspell")
    for word in ex.abbreviations | ex.truncated | ex.altered.keys():
        assert raw.spells(word), word


def test_art2_language_judge_lists_win() -> None:
    """Art. 2: the event's "giudice di lingua" approves "burraco" and rejects "cane"."""
    assert not italian().is_word("burraco")
    judged = italian().with_lists(approved=["Burraco", "gattino"], rejected=["cane"])
    assert judged.is_word("BURRACO") and judged.is_word("gattino")
    assert not judged.is_word("cane")
    assert judged.check("cane").reason is Reason.REJECTED
    assert judged.check("burraco").reason is Reason.APPROVED
    assert str(judged.check("burraco").article) == "Parole UISP art. 2, 4.1"
    assert italian().is_word("cane")  # the shared dictionary is unchanged


def test_art2_judge_lists_refuse_bad_input() -> None:
    """Art. 2: a word both approved and rejected, or not letters, is refused clearly."""
    with pytest.raises(ArbitroError, match="approvate sia respinte"):
        Dictionary(approved=["cane"], rejected=["CANE"])
    with pytest.raises(ArbitroError, match="solo di lettere"):
        italian().with_lists(approved=["l'acqua"])


def test_art1_2_letters_only() -> None:
    """Art. 1.2: the cards are plain letters, so accents, apostrophes and digits never match."""
    assert normalize(" Casa ") == "casa"
    assert normalize("città") is None and normalize("po'") is None and normalize("") is None
    assert italian().check("").reason is Reason.NOT_LETTERS


def test_word_list_lexicon() -> None:
    """A fixed word list answers in any case (prepared events, tests)."""
    words = WordList(["Casa", "cane"])
    assert words.is_word("CASA") and not words.is_word("gatto")
    assert words.check("Casa").valid and words.check("gatto").reason is Reason.UNKNOWN
    assert words.check("l'acqua").reason is Reason.NOT_LETTERS
    verdict = italian().check("Cani").as_dict()
    assert verdict["valid"] is True and verdict["word"] == "cani" and verdict["article"] == "4.1"


def test_art4_1_apocope_by_rule() -> None:
    """Art. 4.1 "parole tronche": Hunspell derives MANGIAR from MANGIARE; a word ending in a
    consonant must be an entry of the dictionary (BAR, FILM, PER are)."""
    assert italian().check("mangiar").reason is Reason.TRUNCATED
    assert not italian().is_word("PARLAR")
    for word in ("bar", "film", "per", "con", "sport", "computer"):
        assert italian().is_word(word), word


def test_reasons_speak_from_the_catalogue() -> None:
    """Every reason has its label in Italian (the arbiter reads it); the msgid is English."""
    assert Reason.PROPER_NAME.label.render("it") == "nome proprio"
    assert Reason.ALTERED.label.msgid == "an altered noun with no meaning of its own"
    assert all(r.label.render("it") != r.label.msgid for r in Reason)
