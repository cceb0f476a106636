"""Art. 1.2 deck and notation, art. 3.3 seat draw."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arbitro.codes.burraco_parole import burraco_parole
from arbitro.errors import ArbitroError
from arbitro.games.parole import (
    card_value,
    cards_value,
    deck,
    format_cards,
    is_wild,
    parse_cards,
    seat_draw,
    seat_draw_key,
    shuffled_deck,
)


def test_art1_2_italian_deck_has_58_cards() -> None:
    """Art. 1.2: the Italian deck drops J K W X Y: 58 cards."""
    d = deck()
    counts = Counter(d)
    assert len(d) == 58
    assert counts["A"] == 4 and counts["B"] == 2 and counts["?"] == 2 and counts["!"] == 4
    assert not set("JKWXY") & set(d)


def test_art1_2_full_deck_has_68_cards() -> None:
    """Art. 1.2: 68 cards with the foreign letters, two each."""
    d = deck(burraco_parole().with_foreign_letters())
    assert len(d) == 68 and Counter(d)["X"] == 2


def test_art1_2_deck_value() -> None:
    """Art. 1.2: the Italian deck's points: 2x30 + 4x20 + 2x(3x15) + 2x(13x10) + 4x(5x5)."""
    assert cards_value(deck()) == 60 + 80 + 90 + 260 + 100
    assert card_value("?") == 30 and card_value("!") == 20 and card_value("Z") == 15
    assert card_value("T") == 10 and card_value("E") == 5


def test_notation_letters_jolly_pinella() -> None:
    """DESIGN.md notation: the letter itself, ? jolly, ! pinella; lower case accepted."""
    assert parse_cards("ca?a !") == ("C", "A", "?", "A", "!")
    assert format_cards(parse_cards("CASA")) == "CASA"
    assert is_wild("?") and is_wild("!") and not is_wild("A")


def test_art1_2_foreign_letter_refused_in_italian_deck() -> None:
    """Art. 1.2: J K W X Y are taken out for Italian play."""
    with pytest.raises(ArbitroError, match="straniera") as err:
        parse_cards("TAXI")
    assert str(err.value.article) == "Parole UISP art. 1.2"
    assert parse_cards("TAXI", burraco_parole().with_foreign_letters()) == tuple("TAXI")
    with pytest.raises(ArbitroError, match="carta non valida"):
        parse_cards("CA5A")


def test_art3_4_shuffle_keeps_the_deck() -> None:
    """Art. 3.4: shuffling and cutting keep the 58 cards."""
    assert Counter(shuffled_deck(random.Random(1))) == Counter(deck())


def test_art3_3_seat_draw_strength() -> None:
    """Art. 3.3's table: jolly > pinella > H > Q > ... > Z > B > ... > V > A > E > I > O > U."""
    assert seat_draw_key("?") > seat_draw_key("!") > seat_draw_key("H") > seat_draw_key("Z")
    assert seat_draw_key("Z") > seat_draw_key("B") > seat_draw_key("V") > seat_draw_key("A")
    assert seat_draw_key("A") > seat_draw_key("U")


def test_art3_3_seat_draw_winner_and_dealer() -> None:
    """Art. 3.3: the highest card chooses and is served by the opponent with the lower card."""
    pairs = (("anna", "bruno"), ("carla", "dario"))
    got = seat_draw({"anna": "B", "bruno": "H", "carla": "E", "dario": "T"}, pairs)
    assert got is not None and got.first == "bruno" and got.dealer == "carla"


def test_art3_3_seat_draw_ties_draw_again() -> None:
    """Art. 3.3: two equal cards at the top, or between the opponents, mean drawing again."""
    pairs = (("a", "b"), ("c", "d"))
    assert seat_draw({"a": "?", "b": "A", "c": "?", "d": "E"}, pairs) is None
    assert seat_draw({"a": "?", "b": "A", "c": "E", "d": "E"}, pairs) is None
    got = seat_draw({"a": "E", "b": "B", "c": "E", "d": "A"}, pairs)  # a-c tie does not matter
    assert got is not None and (got.first, got.dealer) == ("b", "c")
    with pytest.raises(ArbitroError, match="quattro"):
        seat_draw({"a": "E"}, pairs)
