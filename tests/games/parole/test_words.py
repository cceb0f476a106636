"""Words on the table (arts. 1, 4.1, 4.4): opening, wilds, laying off, burraco kinds."""

from __future__ import annotations

import pytest

from arbitro.codes.burraco_parole import burraco_parole
from arbitro.games.parole import (
    BurracoKind,
    IllegalMoveError,
    WordList,
    make_word,
    parse_cards,
    parse_word,
    readings,
    wild_letters,
)
from arbitro.games.parole.words import added_cards, lay_off

from .words import WORDS


def test_art4_1_open_a_word_of_three_cards() -> None:
    """Art. 4.1: a word is opened with at least 3 cards forming a valid word."""
    w = parse_word("CANE", WORDS)
    assert w.spelling == "CANE" and w.wild == -1 and w.value() == 10 + 5 + 10 + 5
    with pytest.raises(IllegalMoveError, match="almeno 3") as err:
        parse_word("DI", WORDS)
    assert str(err.value.article) == "Parole UISP art. 4.1"


def test_art4_1_invalid_word_refused() -> None:
    """Art. 4.1: "senso compiuto" — a non-word, or a proper name, is refused."""
    with pytest.raises(IllegalMoveError, match="non è una parola valida"):
        parse_word("CNAE", WORDS)
    with pytest.raises(IllegalMoveError):
        parse_word("ROMA", WORDS)


def test_art4_4_jolly_finds_its_letters() -> None:
    """Art. 4.4: the jolly stands for any letter; the engine finds which ones make words."""
    got = readings(parse_cards("CA?A"), WORDS)
    assert {"CASA", "CARA", "CAVA", "CALA"} <= set(got)
    assert all(len(r) == 4 and r[2] not in "JKWXY" for r in got)
    w = parse_word("CA?A", WORDS)
    assert w.wild == 2 and str(w).startswith("CA?A=")


def test_art4_4_pinella_only_vowels() -> None:
    """Art. 4.1, 4.4: the pinella stands for a vowel only."""
    assert wild_letters("!") == ("A", "E", "I", "O", "U")
    got = readings(parse_cards("CAN!"), WORDS)
    assert {"CANE", "CANI"} <= set(got) and all(r[3] in "AEIOU" for r in got)
    assert "CANTO" in readings(parse_cards("CAN?O"), WORDS) and not readings(
        parse_cards("CAN!O"), WORDS
    )
    with pytest.raises(IllegalMoveError):
        parse_word("!ANE", WORDS)  # no vowel makes a word of ?ANE... with a vowel first


def test_art4_4_jolly_never_a_foreign_letter_in_italian() -> None:
    """Art. 1.2: in Italian play the deck has no J K W X Y, so the jolly cannot be one."""
    lex = WordList(["TAXI"])
    assert readings(parse_cards("TA?I"), lex) == ()
    full = burraco_parole().with_foreign_letters()
    assert readings(parse_cards("TA?I"), lex, full) == ("TAXI",)


def test_art4_1_one_wild_per_word() -> None:
    """Art. 4.1, 4.4, 10.1: a word may hold one wild only, never two."""
    with pytest.raises(IllegalMoveError, match="una sola matta") as err:
        parse_word("C??A", WORDS)
    assert "4.4" in str(err.value.article)
    with pytest.raises(IllegalMoveError, match="una sola matta"):
        parse_word("CA!?", WORDS)


def test_art4_4_no_word_of_wilds_only() -> None:
    """Art. 4.4 fig. 2: no word of three or more wilds."""
    with pytest.raises(IllegalMoveError, match="sole matte"):
        make_word(("?", "!", "!"), WORDS)


def test_art4_1_lay_off_anywhere_in_the_word() -> None:
    """Art. 4.1 fig. 2: letters go anywhere, not only at the ends: CASA -> CASSA -> CASSATA."""
    w = parse_word("CASA", WORDS)
    w2 = lay_off(w, parse_cards("CASSA"), WORDS)
    assert w2.spelling == "CASSA"
    assert added_cards(w, parse_cards("CASSA")) == ("S",)
    w3 = lay_off(w2, parse_cards("CASSATA"), WORDS)
    assert w3.spelling == "CASSATA" and w3.burraco() is BurracoKind.CLEAN


def test_art4_1_lay_off_keeps_letters_in_order() -> None:
    """Art. 4.1: laying off adds cards; the letters on the table are not reordered or taken."""
    w = parse_word("CASA", WORDS)
    with pytest.raises(IllegalMoveError, match="ordine"):
        lay_off(w, parse_cards("SACCA"), WORDS)
    with pytest.raises(IllegalMoveError, match="tolta"):
        lay_off(w, parse_cards("CAS"), WORDS)
    with pytest.raises(IllegalMoveError, match="almeno una"):
        lay_off(w, parse_cards("CASA"), WORDS)
    with pytest.raises(IllegalMoveError, match="non è una parola"):
        lay_off(w, parse_cards("CASAZ"), WORDS)


def test_art4_4_wild_replaced_and_used_again_in_the_word() -> None:
    """Art. 4.4 fig. 3: a wild may be replaced by a letter if used again in the same word."""
    w = parse_word("CA?A", WORDS)
    moved = lay_off(w, parse_cards("CAS?A"), WORDS)  # S where the jolly was, the jolly moves on
    assert "CASSA" in moved.readings and moved.wild == 3
    with pytest.raises(IllegalMoveError, match="tolta"):
        lay_off(w, parse_cards("CASA"), WORDS)  # the wild cannot go back to the hand


def test_art4_1_second_wild_on_a_word_refused() -> None:
    """Art. 10.5: a second wild laid on a word that has one is played improperly."""
    w = parse_word("CA?A", WORDS)
    with pytest.raises(IllegalMoveError, match="una sola matta"):
        lay_off(w, parse_cards("CA?A!"), WORDS)


def test_art1_burraco_kinds() -> None:
    """Art. 1: burraco = 5+ cards; clean without a wild (100), dirty with one (50)."""
    assert parse_word("CASSA", WORDS).burraco() is BurracoKind.CLEAN
    dirty = parse_word("CAS?A", WORDS)
    assert dirty.burraco() is BurracoKind.DIRTY
    assert parse_word("CASA", WORDS).burraco() is None
    assert BurracoKind.CLEAN.bonus() == 100 and BurracoKind.DIRTY.bonus() == 50
    assert BurracoKind.DIRTY.label.render("it") == "sporco"


def test_art1_dirty_burraco_is_four_letters_and_a_wild() -> None:
    """Art. 1 wins over the definitions page: 4 letters + a wild is already a dirty burraco."""
    w = parse_word("PAR?A", WORDS)
    assert len(w) == 5 and w.burraco() is BurracoKind.DIRTY
