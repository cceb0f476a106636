"""Tests of the French cards, their notation and the Burraco deck (FIBAS arts. 2, 3, 6)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import (
    ALL_CARDS,
    JOKER,
    SUITS,
    Card,
    Rank,
    Suit,
    burraco_deck,
    card,
    cut,
    deal_one_at_a_time,
    format_cards,
    french_deck,
    missing_and_extra,
    parse_card,
    parse_cards,
    random_cut,
    shuffled,
    sort_cards,
)
from arbitro.errors import ArbitroError


def test_notation_round_trip_every_card() -> None:
    """DESIGN.md notation: every card prints and parses back to itself (ASCII and symbols)."""
    for c in ALL_CARDS:
        assert parse_card(str(c)) is c
        assert parse_card(c.unicode) is c


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AH", Rank.ACE, Suit.HEARTS),
        ("10♦", Rank.TEN, Suit.DIAMONDS),
        ("q♣", Rank.QUEEN, Suit.CLUBS),
        ("TS", Rank.TEN, Suit.SPADES),
        ("2♠", Rank.TWO, Suit.SPADES),
        ("K♥", Rank.KING, Suit.HEARTS),
    ],
)
def test_parse_card_ascii_and_symbols(text: str, rank: Rank, suit: Suit) -> None:
    """DESIGN.md notation: rank then suit, ♥♦♣♠ accepted on input."""
    c = parse_card(text)
    assert (c.rank, c.suit) == (rank, suit)
    assert c == card(rank, suit)


def test_joker_notation() -> None:
    """Art. 3: the joker is written JK, ``*`` accepted on input."""
    assert parse_card("JK") is JOKER
    assert parse_card("*") is JOKER
    assert str(JOKER) == "JK"
    assert JOKER.is_joker and JOKER.rank is None and JOKER.suit is None


@pytest.mark.parametrize("bad", ["", "1X", "11H", "KK", "H", "Z", "JKH"])
def test_bad_card_raises_with_message(bad: str) -> None:
    """A malformed card is refused with a message naming the text (quality bar)."""
    with pytest.raises(ArbitroError) as err:
        parse_card(bad)
    assert repr(bad) in err.value.it and repr(bad) in err.value.en


def test_parse_and_format_cards() -> None:
    """Cards are separated by spaces or commas; printing uses the ASCII notation."""
    cards = parse_cards("A♥, 2H 10d *")
    assert format_cards(cards) == "AH 2H 10D JK"
    assert format_cards(cards, unicode=True) == "A♥ 2♥ 10♦ JK"
    assert parse_cards("  ") == ()


def test_suit_rank_hearts_diamonds_clubs_spades() -> None:
    """Art. 3 "Rango dei semi": cuori > quadri > fiori > picche."""
    assert [s.value for s in SUITS] == ["H", "D", "C", "S"]
    assert sorted(SUITS, key=lambda s: s.strength, reverse=True) == list(SUITS)
    assert [s.italian for s in SUITS] == ["cuori", "quadri", "fiori", "picche"]


def test_cards_are_immutable_and_interned() -> None:
    """Cards are immutable values: equal cards are the same object, also after copy/pickle."""
    c = parse_card("7C")
    with pytest.raises(AttributeError):
        c.rank = Rank.ACE
    assert copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert len({*ALL_CARDS}) == 53


def test_burraco_deck_108_cards_4_jokers() -> None:
    """Art. 3: two 54-card French decks, 108 cards including 4 jokers, each card twice."""
    deck = burraco_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert all(counts[c] == 2 for c in ALL_CARDS if not c.is_joker)
    assert len(french_deck()) == 54


def test_shuffle_is_seeded_and_keeps_cards() -> None:
    """Art. 6: the shuffle is reproducible from a seed and keeps the 108 cards."""
    deck = burraco_deck()
    a = shuffled(deck, random.Random(7))
    b = shuffled(deck, random.Random(7))
    assert a == b
    assert a != shuffled(deck, random.Random(8))
    assert Counter(a) == Counter(deck)


def test_cut_moves_top_under() -> None:
    """Art. 2 "Tagliare": the lifted top cards go under the rest."""
    deck = parse_cards("AH 2H 3H 4H 5H")
    assert cut(deck, 2) == parse_cards("3H 4H 5H AH 2H")


@pytest.mark.parametrize("at", [0, 5, -1])
def test_cut_needs_a_card_each_side(at: int) -> None:
    """Art. 2: the cutter lifts at least one card (and cannot lift the whole deck)."""
    with pytest.raises(ArbitroError) as err:
        cut(parse_cards("AH 2H 3H 4H 5H"), at)
    assert str(err.value.article) == "FIBAS art. 2"


def test_deal_one_at_a_time() -> None:
    """Art. 6 point 2: cards are dealt one at a time to each player in turn."""
    deck = parse_cards("AH 2H 3H 4H 5H 6H 7H")
    hands, rest = deal_one_at_a_time(deck, 3, 2)
    assert hands == (parse_cards("AH 4H"), parse_cards("2H 5H"), parse_cards("3H 6H"))
    assert rest == parse_cards("7H")
    with pytest.raises(ArbitroError):
        deal_one_at_a_time(deck, 4, 2)


def test_missing_and_extra_cards() -> None:
    """Art. 5/27: checking a deck names the missing and the extra cards."""
    deck = list(burraco_deck())
    deck.remove(JOKER)
    deck.append(parse_card("AH"))
    missing, extra = missing_and_extra(deck, burraco_deck())
    assert missing == Counter({JOKER: 1})
    assert extra == Counter({parse_card("AH"): 1})


def test_sort_cards_by_suit_rank_then_rank() -> None:
    """Display order: hearts, diamonds, clubs, spades (art. 3), ace to king, jokers last."""
    assert format_cards(sort_cards(parse_cards("JK 3S KH AH 5D"))) == "AH KH 5D 3S JK"


@settings(max_examples=50)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=107))
def test_shuffle_and_cut_conserve_the_deck(seed: int, at: int) -> None:
    """Art. 3/6 property: shuffling and cutting never add or lose a card."""
    deck = cut(shuffled(burraco_deck(), random.Random(seed)), at)
    assert Counter(deck) == Counter(burraco_deck())
    assert Counter(random_cut(deck, random.Random(seed))) == Counter(deck)


def test_card_ordering_and_hash() -> None:
    """Cards hash and compare by identity of value; ``<`` orders by suit rank then rank."""
    a, b = parse_card("KH"), parse_card("AD")
    assert a < b
    assert {a: 1}[card(Rank.KING, Suit.HEARTS)] == 1
    assert isinstance(a, Card)
