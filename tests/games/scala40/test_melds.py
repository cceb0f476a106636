"""Scala 40 melds: runs and sets (art. 9), jokers and their reading (art. 8), opening values
(art. 7), lay-offs and their limit (arts. 6, 17), taking a joker back (arts. 6, 8)."""

from __future__ import annotations

import pytest

from arbitro.cards import parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.scala40 import (
    IllegalMoveError,
    MeldKind,
    parse_meld,
    parse_move,
    parse_token,
    parse_tokens,
    penalty_points,
    place_value,
)


def _bad(text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as err:
        parse_meld(text)
    return err.value


# ---------------------------------------------------------------- art. 9 runs and sets


def test_art9_run_of_three_same_suit() -> None:
    """Art. 9: "Sequenze ordinate di tre o più carte obbligatoriamente dello stesso seme"."""
    m = parse_meld("7H 8H 9H")
    assert m.kind is MeldKind.RUN and (m.low, m.high) == (7, 9)
    assert str(_bad("7H 8D 9H").article) == "Scala 40 art. 9"
    assert str(_bad("7H 8H").article) == "Scala 40 art. 9"
    assert str(_bad("7H 9H 10H").article) == "Scala 40 art. 8, 9"


def test_art9_run_written_high_to_low_is_read_low_to_high() -> None:
    """Art. 9: a run is ordered; written from the top it is read the same."""
    assert str(parse_meld("9H 8H 7H")) == "7H 8H 9H"


def test_art9_ace_low_or_high_once() -> None:
    """Art. 9: "L'Asso nelle sequenze è unico, e può essere legato sia al 2 o al K"."""
    assert parse_meld("AS 2S 3S").low == 1
    assert parse_meld("QS KS AS").high == 14
    assert str(_bad("KS AS 2S").article) == "Scala 40 art. 8, 9"  # no turning the corner


def test_art9_longest_run_is_fourteen_cards() -> None:
    """Art. 9: A-2-...-K-Matta, 14 cards at most; the ace once (the joker is the second)."""
    m = parse_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    assert len(m) == 14 and m.stands[-1] == parse_card("AH")
    assert str(_bad("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH").article) == "Scala 40 art. 8, 9"


def test_art9_set_of_three_or_four_different_suits() -> None:
    """Art. 9: "Combinazioni di tre o quattro carte uguali, ma non dello stesso seme"."""
    assert parse_meld("KH KD KC").kind is MeldKind.SET
    assert len(parse_meld("KH KD KC KS")) == 4
    assert str(_bad("KH KH KC").article) == "Scala 40 art. 9"
    assert (
        str(_bad("KH KD KC KS JK").article) == "Scala 40 art. 9"
    )  # four at most, the joker included


def test_art9_art17_several_jokers_in_a_meld() -> None:
    """Arts. 9, 17: "Ogni gioco aperto può contenere anche più di un jolly"."""
    assert parse_meld("5H JK JK 8H").jokers == 2
    assert parse_meld("QS JK JK").kind is MeldKind.SET
    assert (
        str(_bad("JK JK JK").article) == "Scala 40 art. 8, 9"
    )  # a meld needs a natural card (ruling)


# ---------------------------------------------------------------- art. 8 joker reading


def test_art8_declared_joker() -> None:
    """Art. 8: "Chi cala un jolly deve dichiararne il valore ed il seme"."""
    assert parse_meld("7H 7C JK=7D").stands[-1] == parse_card("7D")
    assert parse_meld("7H JK=8H JK").kind is MeldKind.RUN
    assert str(_bad("7H 7C JK=8D").article) == "Scala 40 art. 8"
    assert str(_bad("7H 7C JK=7C").article) == "Scala 40 art. 8"
    with pytest.raises(ArbitroError):
        parse_token("7H=7D")


def test_art8_default_reading_in_runs_is_the_place_written() -> None:
    """Art. 8: undeclared, the card laid under the joker decides: in a run, its place."""
    assert str(parse_meld("5H 6H JK")) == "5H 6H JK=7H"
    assert str(parse_meld("JK 5H 6H")) == "JK=4H 5H 6H"
    assert str(parse_meld("JK 2H 3H")) == "JK=AH 2H 3H"


def test_art8_default_reading_one_colour() -> None:
    """Art. 8: a joker laid with a red (black) card takes the other suit of that colour."""
    assert parse_meld("7C 7H JK").stands[-1] == parse_card("7D")  # under it: 7H, red
    assert parse_meld("7H 7C JK").stands[-1] == parse_card("7S")  # under it: 7C, black


def test_art8_default_reading_two_of_a_colour() -> None:
    """Art. 8: with both red (black) cards, "cuori vale picche e quadri vale fiori"."""
    assert parse_meld("7H 7D JK").stands[-1] == parse_card("7C")  # under it: diamonds
    assert parse_meld("7D 7H JK").stands[-1] == parse_card("7S")  # under it: hearts
    assert parse_meld("7C 7S JK").stands[-1] == parse_card("7H")  # under it: spades


def test_art8_joker_laid_first_reads_the_card_above() -> None:
    """Art. 8: "Quando il jolly è la carta calata sul tavolo si considera quella sopra"."""
    assert parse_meld("JK 7H 7C").stands[0] == parse_card("7D")


# ---------------------------------------------------------------- art. 7 values


def test_art7_opening_values() -> None:
    """Art. 7: ace 11 except with the 2 (1); K Q J 10 ten; others face; joker as replaced."""
    assert parse_meld("AH 2H 3H").opening_value() == 6
    assert parse_meld("QH KH AH").opening_value() == 31
    assert parse_meld("AH AD AC").opening_value() == 33
    assert parse_meld("10S JS QS KS").opening_value() == 40
    assert parse_meld("5H JK 7H").opening_value() == 18
    assert parse_meld("JK 2H 3H").opening_value() == 6  # the joker is the ace low
    assert parse_meld("KD KC JK").opening_value() == 30
    assert place_value(1) == 1 and place_value(14) == 11 and place_value(9) == 9


def test_art22_negative_points_of_cards_left() -> None:
    """Art. 22: joker 25, ace 11, K Q J 10 ten, others face value."""
    assert penalty_points(parse_cards("JK AH KH QD JC 10S 9S 2C")) == 25 + 11 + 40 + 9 + 2


# ---------------------------------------------------------------- arts. 6, 17 lay-offs


def test_art6_lay_off_on_runs_and_sets() -> None:
    """Art. 6 "legare": cards added at a run's ends, the missing suit of a set."""
    run = parse_meld("4H 5H 6H")
    assert str(run.lay_off(parse_tokens("7H"))) == "4H 5H 6H 7H"
    assert str(run.lay_off(parse_tokens("3H"))) == "3H 4H 5H 6H"
    assert str(run.lay_off(parse_tokens("8H 7H"))) == "4H 5H 6H 7H 8H"
    assert str(run.lay_off(parse_tokens("JK"))) == "4H 5H 6H JK=7H"
    assert str(run.lay_off(parse_tokens("JK"), low=True)) == "JK=3H 4H 5H 6H"
    assert run.accepts(parse_card("7H")) and not run.accepts(parse_card("8H"))
    with pytest.raises(IllegalMoveError) as err:
        run.lay_off(parse_tokens("9H"))
    assert str(err.value.article) == "Scala 40 art. 6, 9"
    trio = parse_meld("9H 9D 9C")
    assert trio.accepts(parse_card("9S")) and not trio.accepts(parse_card("9H"))
    assert len(trio.lay_off(parse_tokens("9S"))) == 4
    with pytest.raises(IllegalMoveError):
        trio.lay_off(parse_tokens("9D"))


def test_art9_ace_lays_off_once() -> None:
    """Art. 9: the ace is unique in a run: after an ace low no ace goes high."""
    run = parse_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert not run.accepts(parse_card("AH"))
    assert run.accepts(parse_card("JK"))


def test_art17_at_most_two_cards_at_a_time_on_a_run() -> None:
    """Art. 17: "si possono legare alle sequenze ... mai più di due consecutive alla volta"."""
    run = parse_meld("4H 5H 6H")
    assert len(run.lay_off(parse_tokens("7H 8H"))) == 5
    with pytest.raises(IllegalMoveError) as err:
        run.lay_off(parse_tokens("7H 8H 9H"))
    assert str(err.value.article) == "Scala 40 art. 17"


# ---------------------------------------------------------------- arts. 6, 8 swap


def test_art6_art8_joker_replaced_only_by_its_card() -> None:
    """Art. 8: "il Jolly può essere sostituito solo dalla carta della quale fa le veci"."""
    run = parse_meld("5H JK 7H")
    assert str(run.swap(parse_card("6H"))) == "5H 6H 7H"
    with pytest.raises(IllegalMoveError) as err:
        run.swap(parse_card("6D"))
    assert str(err.value.article) == "Scala 40 art. 6, 8"
    trio = parse_meld("7H 7C JK")  # the joker reads 7S
    assert str(trio.swap(parse_card("7S"))) == "7H 7C 7S"
    with pytest.raises(IllegalMoveError):
        trio.swap(parse_card("7D"))


def test_move_notation_round_trips_and_errors() -> None:
    """The move notation (arts. 6-8, 19): every move prints as it parses; bad text is refused."""
    for text in (
        "draw",
        "pickup",
        "open 7H 8H 9H | KS KD KC JK=KH",
        "open @0 4H 3H | @2 JK=5C low",
        "meld 5C 6C 7C",
        "layoff 2 8C 9C",
        "layoff 0 JK low",
        "swap 3 7D",
        "discard KS",
    ):
        assert str(parse_move(text)) == text
    for bad in ("", "fly", "discard", "layoff x 7H", "swap 1", "open", "meld"):
        with pytest.raises(ArbitroError):
            parse_move(bad)
