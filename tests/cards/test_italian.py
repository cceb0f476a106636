"""The Italian 40-card deck (Briscola seed 001, arts. 2-3, 5): cards, notation, shuffle, cut."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards.italian import (
    ALL_CARDS,
    DECK_SIZE,
    RANKS,
    SUITS,
    ItalianCard,
    Rank,
    Suit,
    card,
    card_from_index,
    check_deck,
    cut,
    format_cards,
    italian_deck,
    missing_and_extra,
    parse_card,
    parse_cards,
    random_cut,
    shuffled,
    sort_cards,
)
from arbitro.codes.citation import cite_if
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError


def _cites_briscola(err: ArbitroError, topic: str, article: str) -> None:
    """The error cites the Briscola article of ``topic`` from ``briscola.toml`` (art. 3: the
    deck, art. 2: the cut), or nothing while the code's ``[articles]`` table lacks the topic."""
    expected = cite_if(CodeId.BRISCOLA, topic)
    assert err.article == expected
    assert expected is None or expected.article == article


def test_art3_deck_has_forty_cards_in_four_suits() -> None:
    """Art. 3: bastoni, coppe, denari, spade; ranks 1-10 (art. 5): 40 distinct cards."""
    deck = italian_deck()
    assert len(deck) == DECK_SIZE == 40
    assert len(set(deck)) == 40
    assert [s.italian for s in SUITS] == ["bastoni", "coppe", "denari", "spade"]
    assert Counter(c.suit for c in deck) == {s: 10 for s in SUITS}
    assert [r.value for r in RANKS] == list(range(1, 11))


def test_art5_names_of_the_face_cards() -> None:
    """Art. 5: 8 fante, 9 cavallo, 10 re, 1 asso."""
    assert Rank(8).italian == "fante" and Rank(9).italian == "cavallo"
    assert Rank(10).italian == "re" and Rank(1).italian == "asso"
    assert card(Rank.RE, Suit.COPPE).italian == "re di coppe"
    assert card(Rank.ASSO, Suit.BASTONI).english == "ace of batons"


def test_cards_are_interned_and_immutable() -> None:
    """Equal cards are the same object; indices number bastoni 0-9 ... spade 30-39."""
    assert parse_card("7D") is card(Rank.SETTE, Suit.DENARI) is card_from_index(26)
    assert [c.index for c in ALL_CARDS] == list(range(40))
    with pytest.raises(AttributeError):
        ALL_CARDS[0].index = 3
    assert sort_cards([parse_card("1S"), parse_card("10B"), parse_card("3C")]) == [
        parse_card("10B"),
        parse_card("3C"),
        parse_card("1S"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1B", "1B"),
        ("10s", "10S"),
        ("RC", "10C"),
        ("cc", "9C"),
        ("FD", "8D"),
        ("AS", "1S"),
        ("asso di bastoni", "1B"),
        ("Cavallo di Spade", "9S"),
        ("sette denari", "7D"),
        ("3 di coppe", "3C"),
    ],
)
def test_art3_notation_parses_compact_and_italian_names(text: str, expected: str) -> None:
    """DESIGN notation: rank then suit B C D S; Italian names accepted on input."""
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "11B", "0C", "1X", "JH", "asso di cuori", "1"])
def test_art3_bad_card_names_the_text_and_the_article(text: str) -> None:
    """A malformed card is refused with a message naming it (art. 3)."""
    with pytest.raises(ArbitroError) as err:
        parse_card(text)
    _cites_briscola(err.value, "deck", "3")
    assert repr(text) in err.value.it and repr(text) in err.value.en


def test_parse_cards_and_format_round_trip() -> None:
    """Spaces, commas and comma-separated names; format prints the compact notation."""
    assert format_cards(parse_cards("1B 3C,10S")) == "1B 3C 10S"
    assert format_cards(parse_cards("asso di bastoni, re di coppe")) == "1B 10C"
    assert parse_cards("") == ()
    assert parse_cards(format_cards(ALL_CARDS)) == ALL_CARDS


def test_art2_shuffle_is_seeded_and_keeps_the_cards() -> None:
    """Art. 2: the dealer shuffles; the same seed gives the same deck."""
    a = shuffled(italian_deck(), random.Random(5))
    b = shuffled(italian_deck(), random.Random(5))
    assert a == b and a != italian_deck()
    assert Counter(a) == Counter(ALL_CARDS)


def test_art2_cut_moves_the_top_under() -> None:
    """Art. 2: the player at the dealer's left cuts: the top packet goes under the rest."""
    deck = italian_deck()
    assert cut(deck, 10) == deck[10:] + deck[:10]
    for bad in (0, 40, -1):
        with pytest.raises(ArbitroError) as err:
            cut(deck, bad)
        _cites_briscola(err.value, "cut", "2")


def test_check_deck_names_missing_and_extra_cards() -> None:
    """Art. 3: a deck with a card doubled is refused, naming what is missing and extra."""
    deck = list(italian_deck())
    deck[0] = parse_card("7D")
    missing, extra = missing_and_extra(deck)
    assert list(missing) == [parse_card("1B")] and list(extra) == [parse_card("7D")]
    with pytest.raises(ArbitroError) as err:
        check_deck(deck)
    assert "1B" in err.value.it and "7D" in err.value.en
    _cites_briscola(err.value, "deck", "3")
    check_deck(shuffled(deck[:0] + list(italian_deck()), random.Random(1)))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_art2_shuffle_and_cut_conserve_forty_cards(seed: int) -> None:
    """Art. 2 property: any shuffle and cut keeps the 40 cards, each once."""
    rng = random.Random(seed)
    deck = random_cut(shuffled(italian_deck(), rng), rng)
    assert len(deck) == 40 and Counter(deck) == Counter(ALL_CARDS)
    assert all(isinstance(c, ItalianCard) for c in deck)


def test_cards_stay_interned_through_copy_and_pickle() -> None:
    """Equality is identity: copies and pickles give back the same 40 objects; no new card
    can be built outside the deck."""
    import copy
    import pickle

    c = parse_card("9S")
    assert copy.copy(c) is c and copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c
    assert c == card(Rank.CAVALLO, Suit.SPADE) and c != parse_card("9D")
    with pytest.raises(TypeError):
        ItalianCard(Rank.ASSO, Suit.BASTONI, 0)
