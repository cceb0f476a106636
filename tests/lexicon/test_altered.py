"""Art. 4.1 altered nouns by suffix: "Non è consentito formare: ... Nomi alterati (diminutivi,
accrescitivi, vezzeggiativi, peggiorativi) a meno che la parola non cambi il significato
dell'oggetto a cui fa riferimento. Es.: Busta (sostantivo femminile) – Bustina (copricapo
militare)." Real words of the installed dictionary (Debian hunspell-it)."""

from __future__ import annotations

import pytest

from arbitro.games.parole.lexicon import Reason
from arbitro.games.parole.words import make_word
from arbitro.lexicon.altered import SUFFIXES, Alteration, alteration, base_candidates
from arbitro.lexicon.hunspell import Dictionary, exclusions, italian

OWN_MEANING = frozenset(
    [
        "bustina",
        "bustine",
        "postino",
        "postini",
        "postina",
        "postine",
        "lampadina",
        "lampadine",
        "cucchiaino",
        "cucchiaini",
        "finestrino",
        "finestrini",
        "tavolino",
        "tavolini",
        "libretto",
        "libretti",
        "piattino",
        "piattini",
        "scarpetta",
        "scarpette",
        "scarpone",
        "scarponi",
        "parolaccia",
        "parolacce",
    ]
)
"""The list's first group: the seed's example and the altered forms with a meaning of their
own the project allowed before the suffix rule (some the rule does not reach)."""


@pytest.mark.parametrize(
    ("word", "base", "suffix"),
    [
        ("gattino", "gatto", "ino"),
        ("gattini", "gatto", "ini"),
        ("casetta", "casa", "etta"),
        ("casette", "casa", "ette"),
        ("ragazzone", "ragazzo", "one"),
        ("donnone", "donna", "one"),
        ("nasino", "naso", "ino"),
        ("cameretta", "camera", "etta"),
        ("agnellino", "agnello", "ino"),
        ("gamberone", "gambero", "one"),
        ("occhietto", "occhio", "etto"),
        ("scarpina", "scarpa", "ina"),
    ],
)
def test_art4_1_altered_noun_is_refused_by_its_suffix(word: str, base: str, suffix: str) -> None:
    """Art. 4.1 "Nomi alterati (diminutivi, accrescitivi, vezzeggiativi, peggiorativi)": the
    word less its suffix, with the base's ending restored, is a noun of the dictionary; the
    word is refused though no fixed list names it."""
    d = italian()
    assert d.spells(word)  # Hunspell alone would take it
    assert d.alteration(word) == Alteration(word, base, suffix)
    assert not d.is_word(word) and not d.is_word(word.upper())
    assert d.check(word).reason is Reason.ALTERED
    assert str(d.check(word).article) == "Parole UISP art. 4.1"


@pytest.mark.parametrize("word", ["nasino", "cameretta", "gamberone", "scarpina"])
def test_art4_1_refused_beyond_the_fixed_list(word: str) -> None:
    """Art. 4.1: the suffix rule, not only the list of ``exclusions.toml``, refuses them."""
    assert word not in exclusions().altered
    assert italian().check(word).reason is Reason.ALTERED


@pytest.mark.parametrize(
    "word", ["bustina", "bustine", "tavolino", "tavolini", "postino", "scarpone", "libretto"]
)
def test_art4_1_altered_form_with_a_meaning_of_its_own_is_allowed(word: str) -> None:
    """Art. 4.1 "a meno che la parola non cambi il significato dell'oggetto": bustina (a
    military cap, the article's example), tavolino (a small table, a piece of furniture)."""
    d = italian()
    assert d.alteration(word) is None
    assert d.is_word(word) and d.check(word).valid


@pytest.mark.parametrize("word", ["cervello", "pallone", "regione", "persona", "fratello"])
def test_art4_1_words_only_shaped_like_altered_nouns_stay_valid(word: str) -> None:
    """Art. 4.1 allows nouns: cervello is no small cervo, regione no big regio; the rule
    would take them for alterations, the ``[lexicalised]`` list keeps them."""
    d = italian()
    assert word in exclusions().lexicalised
    assert d.is_word(word) and d.check(word).reason is Reason.WORD


def test_art4_1_lexicalised_list_has_no_dead_entries() -> None:
    """Every word of ``[lexicalised]`` is one Hunspell accepts and the suffix rule would refuse
    (or the article's own examples): the list only lifts the rule."""
    raw = Dictionary(excluded=exclusions().__class__(frozenset(), frozenset(), frozenset()))
    for word in exclusions().lexicalised:
        assert raw.spells(word), word
        assert raw.alteration(word) is not None or word in OWN_MEANING, word


def test_art4_1_verb_forms_and_short_stems_are_no_base() -> None:
    """Art. 4.1 speaks of nouns: a verb form (``gira``, of girare) or an entry that is no noun
    is not a base; a stem of two letters (``v-ino``) is no alteration."""
    d = italian()
    assert d.is_word("vino") and d.alteration("vino") is None
    assert d.alteration("rossetto") is None  # rosso: an adjective, not a noun entry
    assert d.alteration("mattina") is None and d.is_word("mattina")
    assert d.is_word("uomini")


def test_art4_1_base_endings_and_spelling_restored() -> None:
    """The base gets its gender/number ending back and the c/g spelling: ``amichetto`` →
    ``amico`` (the h keeps the sound), ``bacetto`` → ``bacio``; plurals map to the singular."""
    assert ("etto", "amico") in base_candidates("amichetto")
    assert ("etto", "bacio") in base_candidates("bacetto")
    assert ("ini", "gatto") in base_candidates("gattini")
    assert ("ette", "casa") in base_candidates("casette")
    assert base_candidates("vino") == ()
    known = {"gatto", "casa"}.__contains__
    assert alteration("gattacci", known) == Alteration("gattacci", "gatto", "acci")
    assert alteration("casona", known) == Alteration("casona", "casa", "ona")
    assert alteration("gatto", known) is None
    for singular, plural in (
        ("ino", "ini"),
        ("etto", "etti"),
        ("ello", "elli"),
        ("uccio", "ucci"),
        ("one", "oni"),
        ("accio", "acci"),
        ("astro", "astri"),
    ):
        assert SUFFIXES[singular] == SUFFIXES[plural]


def test_art2_language_judge_approves_an_altered_noun() -> None:
    """Art. 2: the language judge's approved list wins over the suffix rule."""
    judged = italian().with_lists(approved=["cameretta"])
    assert judged.is_word("cameretta") and judged.check("cameretta").reason is Reason.APPROVED
    assert not italian().is_word("cameretta")


def test_art4_1_engine_refuses_to_open_an_altered_noun() -> None:
    """Art. 4.1 in play: "GATTINO" cannot be opened; "TAVOLINO" can."""
    from arbitro.games.parole.errors import IllegalMoveError
    from arbitro.games.parole.letters import parse_cards

    d = italian()
    with pytest.raises(IllegalMoveError):
        make_word(parse_cards("GATTINO"), d)
    assert make_word(parse_cards("TAVOLINO"), d).spelling == "TAVOLINO"


def test_art4_1_alteration_takes_the_first_candidate_base() -> None:
    """The fast check and the candidate list agree: the first candidate the dictionary knows
    as a noun is the base (gattini, casette, amichetti, bacetti, ragazzoni, donnone)."""
    nouns = {"gatto", "casa", "amico", "bacio", "ragazzo", "donna"}
    for word in ("gattini", "casette", "amichetti", "bacetti", "ragazzoni", "donnone", "cane"):
        first = next(((s, b) for s, b in base_candidates(word) if b in nouns), None)
        found = alteration(word, nouns.__contains__)
        assert (None if found is None else (found.suffix, found.base)) == first, word
