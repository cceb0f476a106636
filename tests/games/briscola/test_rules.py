"""Trick order and winner (arts. 4-5), card points (art. 8), the numbers of the regulation."""

from __future__ import annotations

import pytest

from arbitro.cards.italian import ALL_CARDS, Suit, parse_card, parse_cards
from arbitro.codes.briscola import briscola
from arbitro.errors import ArbitroError
from arbitro.games.briscola import (
    Pair,
    beats,
    card_points,
    trick_points,
    trick_strength,
    trick_winner,
    winner_by_points,
)


def test_code_numbers_cite_their_articles() -> None:
    """The regulation's numbers: € 4 a pair, 3 cards, 120 points, 61 wins, 2 of 3."""
    c = briscola()
    assert c.entry_fee_cents == 400 and c.entry_fee == "€ 4,00"
    assert c.article("entry_fee_cents") == "premessa"
    assert (c.cards_per_player, c.article("cards_per_player")) == (3, "3")
    assert (c.total_points, c.winning_points, c.article("winning_points")) == (120, 61, "8")
    assert (c.match_wins, c.match_games, c.article("match_wins")) == (2, 3, "9")
    assert c.article("trick_order") == "5" and c.article("card_points") == "8"
    assert [k.key for k in c.irregularities] == [
        "dealer-stacking",
        "cutter-stacking",
        "communication",
        "out-of-turn",
        "signalling-play",
    ]
    assert c.irregularity("out-of-turn") is not None and c.irregularity("x") is None


def test_art5_order_2_4_5_6_7_8_9_10_3_1() -> None:
    """Art. 5: in increasing order 2, 4, 5, 6, 7, 8 fante, 9 cavallo, 10 re, 3, 1 asso."""
    ranked = sorted(parse_cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D"), key=trick_strength)
    assert [c.rank.value for c in ranked] == [2, 4, 5, 6, 7, 8, 9, 10, 3, 1]


def test_art8_points_of_the_carichi() -> None:
    """Art. 8: asso 11, 3 10, re 4, cavallo 3, fante 2; 2, 4, 5, 6, 7 nothing; 120 in all."""
    cards = parse_cards("1C 3C 10C 9C 8C 2C 4C 5C 6C 7C")
    assert [card_points(c) for c in cards] == [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]
    assert trick_points(ALL_CARDS) == 120


def test_art5_trump_beats_any_card_of_the_suit_led() -> None:
    """Art. 5: a briscola beats the asso of the suit led; the highest briscola wins."""
    assert trick_winner(parse_cards("1C 2S 3C 10C"), Suit.SPADE) == 1
    assert trick_winner(parse_cards("1C 2S 4S 3C"), Suit.SPADE) == 2
    assert beats(parse_card("2S"), parse_card("1C"), Suit.SPADE)


def test_art5_without_trumps_highest_of_the_suit_led() -> None:
    """Art. 5: no briscola: the highest card of the leader's suit; the 3 beats the re."""
    assert trick_winner(parse_cards("10B 3B 1C 9B"), Suit.DENARI) == 1
    assert not beats(parse_card("1C"), parse_card("10B"), Suit.DENARI)


def test_art5_nobody_follows_the_leader_wins() -> None:
    """Art. 5: when no one plays the leader's suit (and no trump), the leader wins."""
    assert trick_winner(parse_cards("2B 1C 3D 10S"), Suit.BASTONI) == 0
    assert trick_winner(parse_cards("2C 1B 3D 10S"), Suit.COPPE) == 0


def test_art8_sixty_one_wins() -> None:
    """Art. 8: the pair with at least 61 points wins."""
    assert winner_by_points({Pair.NS: 61, Pair.EW: 59}, Pair.EW) is Pair.NS
    assert winner_by_points({Pair.NS: 0, Pair.EW: 120}, Pair.NS) is Pair.EW


def test_art8_tie_at_sixty_goes_to_the_last_trick() -> None:
    """Art. 8: "In caso di parità, la coppia che avrà vinto l'ultima mano"."""
    assert winner_by_points({Pair.NS: 60, Pair.EW: 60}, Pair.EW) is Pair.EW
    assert winner_by_points({Pair.NS: 60, Pair.EW: 60}, Pair.NS) is Pair.NS
    with pytest.raises(ArbitroError) as err:
        winner_by_points({Pair.NS: 60, Pair.EW: 60}, None)
    assert str(err.value.article) == "Briscola art. 8"


def test_art8_points_must_add_up_to_120() -> None:
    """Art. 8: "In totale, il mazzo conta 120 punti"."""
    with pytest.raises(ArbitroError) as err:
        winner_by_points({Pair.NS: 70, Pair.EW: 60}, Pair.NS)
    assert str(err.value.article) == "Briscola art. 8" and "120" in str(err.value)
