"""Melds by the FIBAS code: valid games (art. 11), wilds (art. 12), runs (art. 13), sets
(art. 14), burraco kinds (art. 15), incomplete games healed (art. 28)."""

from __future__ import annotations

import pytest

from arbitro.cards import parse_card, parse_cards
from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.games.burraco import BurracoKind, IllegalMoveError, MeldKind, make_meld, parse_meld


def _article(text: str) -> str:
    with pytest.raises(IllegalMoveError) as err:
        parse_meld(text)
    return _fibas(err.value.article)


def _fibas(cited: object) -> str:
    """The article of a FIBAS citation (every Burraco error cites the FIBAS code)."""
    assert isinstance(cited, Citation) and cited.code is CodeId.BURRACO_FIBAS
    return cited.article


# --- art. 11: runs of one suit, sets of equal ranks, at least three cards, one wild -----------


def test_art11_set_of_three_equal_cards_suits_free() -> None:
    """Art. 11: "COMBINAZIONI di tre o più carte uguali, anche dello stesso seme"."""
    m = parse_meld("7H 7H 7S")
    assert m.kind is MeldKind.SET and m.naturals == 3


def test_art11_run_of_three_same_suit() -> None:
    """Art. 11: "SEQUENZE ordinate di tre o più carte obbligatoriamente dello stesso seme"."""
    m = parse_meld("9D 10D JD")
    assert m.kind is MeldKind.RUN and (m.low, m.high) == (9, 11)


@pytest.mark.parametrize(
    ("text", "article"),
    [
        ("5H 5D", "11"),  # two cards only
        ("5H 6D 7H", "2, 11"),  # gioco errato 1): a card of another suit
        ("5H 5D 6H", "2, 11"),  # gioco errato 2): a card of another rank
        ("5H 6H JK 2S", "11"),  # two wilds
        ("5H 5D JK 2C", "11"),
    ],
)
def test_art11_invalid_openings(text: str, article: str) -> None:
    """Art. 11 and art. 2 "Gioco errato": wrong suit, wrong rank, two wilds, too few cards."""
    assert _article(text) == article


# --- art. 12: wilds ----------------------------------------------------------------------------


def test_art12_no_meld_of_wilds_only() -> None:
    """Art. 12: "NON SI POSSONO CALARE COMBINAZIONI DI PINELLE O JOLLY"."""
    assert _article("2H 2D 2C") == "12"
    assert _article("JK JK 2S") == "12"


def test_art12_pinella_of_the_suit_is_a_natural_two() -> None:
    """Art. 12: a 2 of the run's suit may be a natural 2 (A-2-3), and a wild may still be added."""
    m = parse_meld("AH 2H 3H")
    assert m.wild == -1 and m.naturals == 3
    with_joker = m.lay_off([parse_card("JK")])
    assert with_joker.wild_card == parse_card("JK") and with_joker.stands_for == parse_card("4H")
    assert str(parse_meld("2S 3S 4S 2S")) == "2S 3S 4S 2S"


def test_art12_pinella_of_another_suit_is_a_wild() -> None:
    """Art. 12: a 2 of another suit is a wild, standing where it is written."""
    m = parse_meld("2S 3H 4H")
    assert m.wild == 0 and m.stands_for == parse_card("2H")


def test_art12_wild_replaced_only_by_the_card_it_stands_for_and_stays() -> None:
    """Art. 12: the wild in 5-JK-7 stands for the 6; the 6 replaces it and it stays in the run."""
    m = parse_meld("5H JK 7H")
    assert m.stands_for == parse_card("6H")
    after = m.lay_off([parse_card("6H")])
    assert str(after) == "5H 6H 7H JK"
    assert after.wild_card == parse_card("JK") and after.stands_for == parse_card("8H")


def test_art12_displaced_pinella_becomes_natural_two() -> None:
    """Art. 12: the run's own 2, displaced from the 4's place, moves to place 2 as a natural."""
    m = parse_meld("3H 2H 5H")
    after = m.lay_off([parse_card("4H")])
    assert str(after) == "2H 3H 4H 5H" and after.wild == -1


def test_art12_wild_cannot_be_replaced_by_another_card() -> None:
    """Art. 12: only the card the wild stands for replaces it (the 8 does not fit 5-JK-7)."""
    with pytest.raises(IllegalMoveError):
        parse_meld("5H JK 7H").lay_off([parse_card("9H")])


def test_art11_second_wild_on_a_meld_is_refused() -> None:
    """Art. 11: one wild per meld, also when laying off."""
    with pytest.raises(IllegalMoveError) as err:
        parse_meld("5H 6H JK").lay_off([parse_card("2C")])
    assert _fibas(err.value.article) == "11"


def test_art8_set_wild_stands_last() -> None:
    """Art. 8/12: in a set the wild is placed last."""
    m = parse_meld("2C 9S 9H")
    assert str(m) == "9H 9S 2C" and m.wild == 2


# --- art. 13: runs -----------------------------------------------------------------------------


def test_art13_ace_low_or_high() -> None:
    """Art. 13: "L'Asso può essere posto prima del 2 o dopo il K"."""
    assert parse_meld("AC 2C 3C").low == 1
    assert parse_meld("QC KC AC").high == 14
    with pytest.raises(IllegalMoveError):
        parse_meld("KC AC 3C")  # no wrap-around
    assert parse_meld("KC AC 2C").stands_for == parse_card("QC")  # 2C a pinella for the Q


def test_art13_longest_run_thirteen_naturals_and_a_wild() -> None:
    """Art. 13: A-2-3-...-K-(2) or (jolly): at most 13 cards plus the wild, 14 in all."""
    full = parse_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK")
    assert len(full) == 14 and full.naturals == 13
    with pytest.raises(IllegalMoveError) as err:
        parse_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS").lay_off([parse_card("AS")])
    assert _fibas(err.value.article) == "13"


CLUBS_2_TO_K = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


def test_art13_two_natural_aces_are_no_run() -> None:
    """Art. 13: "un massimo di 13 carte disposte ordinatamente, più l'eventuale matta (per un
    totale di 14 carte) ... L'Asso può essere posto prima del 2 o dopo il K": one ace, before
    the 2 or after the K. 2C-...-KC AC AC (issue 31: taken for a semi-clean burraco) is refused,
    with the 2C natural in its place (rulings, Burraco engine 2) or as the wild."""
    with pytest.raises(IllegalMoveError) as err:
        parse_meld(CLUBS_2_TO_K + " AC AC")
    assert _fibas(err.value.article) == "13"
    assert err.value.key == "burraco.run_two_aces"
    # A-...-A with a wild 2 standing for the 2: still two aces (rulings, Burraco engine 12)
    assert _article("AC 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2H") == "13"
    assert _article("AC 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2C AC") == "13"


def test_art13_the_thirteen_ranks_either_way_are_clean() -> None:
    """Art. 13: A-2-...-K (the ace before the 2) and 2-...-K-A (after the K): 13 naturals, the 2
    in its own place natural (art. 12), a clean burraco (art. 15)."""
    low = parse_meld("AC " + CLUBS_2_TO_K)
    high = parse_meld(CLUBS_2_TO_K + " AC")
    for m in (low, high):
        assert (m.naturals, m.wild, m.low) == (13, -1, 1)
        assert m.burraco() is BurracoKind.CLEAN


def test_art13_fourteen_cards_with_the_wild_and_no_fifteenth() -> None:
    """Art. 13: "A-2-3-4-5-6-7-8-9-10-J-Q-K-(2) o (jolly)": the wild after the K makes 14
    cards, semi-clean (the wild follows seven naturals, art. 15); a 15th card does not fit, be
    it a second ace or a second wild, and a second ace cannot be laid off on the 14."""
    for wild in ("JK", "2H"):
        m = parse_meld(f"AC {CLUBS_2_TO_K} {wild}")
        assert (len(m), m.naturals, m.wild_position) == (14, 13, 14)
        assert m.burraco() is BurracoKind.SEMI_CLEAN
        with pytest.raises(IllegalMoveError) as err:
            m.lay_off([parse_card("AC")])
        assert _fibas(err.value.article) == "13"
    assert _article(f"AC {CLUBS_2_TO_K} AC JK") == "13"
    assert _article(f"AC {CLUBS_2_TO_K} JK 2H") == "11"


def test_art13_a_second_ace_at_the_free_end_of_a_run_with_a_wild_inside() -> None:
    """Art. 13: A-2-3-(wild)-5-...-K holds an ace already: another ace after the K is refused
    (the quick placement at an end must not take it either)."""
    m = parse_meld("AC 2C 3C JK 5C 6C 7C 8C 9C 10C JC QC KC")
    assert (m.naturals, m.wild_position) == (12, 4)
    with pytest.raises(IllegalMoveError) as err:
        m.lay_off([parse_card("AC")])
    assert _fibas(err.value.article) == "13"
    assert str(m.lay_off([parse_card("4C")])) == f"AC {CLUBS_2_TO_K} JK"


def test_art13_run_with_a_gap_is_not_valid() -> None:
    """Art. 13: run cards are in order; a gap needs a wild."""
    assert _article("3H 4H 6H") == "13, 28"
    assert str(parse_meld("3H 4H JK 6H")) == "3H 4H JK 6H"


def test_art28_heal_the_8_6_4_of_hearts() -> None:
    """Art. 28: opening 8-6-4 of hearts is incomplete; the 5 and the 7 (or one of them and a
    wild) heal it."""
    assert _article("8H 6H 4H") == "13, 28"
    assert str(make_meld(parse_cards("8H 6H 4H 5H 7H"))) == "4H 5H 6H 7H 8H"
    healed = make_meld(parse_cards("8H 6H 4H 5H JK"))
    assert healed.stands_for == parse_card("7H")


def test_art28_lay_off_4_on_8_7_6_needs_the_5() -> None:
    """Art. 28: adding the 4 to 8-7-6 of hearts is incomplete unless the 5 or a wild heals it."""
    run = parse_meld("6H 7H 8H")
    with pytest.raises(IllegalMoveError):
        run.lay_off([parse_card("4H")])
    assert str(run.lay_off(parse_cards("4H 5H"))) == "4H 5H 6H 7H 8H"
    assert run.lay_off(parse_cards("4H 2D")).stands_for == parse_card("5H")


def test_wild_at_the_end_written_first_stands_low() -> None:
    """Art. 8: the written order decides which end a free wild stands at."""
    assert parse_meld("JK 5D 6D").stands_for == parse_card("4D")
    assert parse_meld("5D 6D JK").stands_for == parse_card("7D")
    m = parse_meld("5D 6D 7D")
    assert m.lay_off([parse_card("JK")], low=True).stands_for == parse_card("4D")


# --- art. 14: sets -----------------------------------------------------------------------------


def test_art14_set_at_most_eight_naturals_plus_wild() -> None:
    """Art. 14: a set holds at most 8 cards plus the wild (9 in all)."""
    eight = parse_meld("QH QH QD QD QC QC QS QS")
    assert len(eight.lay_off([parse_card("JK")])) == 9
    with pytest.raises(IllegalMoveError):
        make_meld([*eight.cards, parse_card("QH")])


def test_art14_set_of_twos_is_not_allowed() -> None:
    """Art. 12/14: 2s are wilds, so a "set of 2s" is a meld of wilds only."""
    assert _article("2H 2H 2D") == "12"


# --- art. 15: burraco kinds --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("4C 5C 6C 7C 8C 9C 10C", BurracoKind.CLEAN),  # seven in order, no wild
        ("KD KD KH KS KC KC KS", BurracoKind.CLEAN),  # seven equal cards
        ("AH 2H 3H 4H 5H 6H 7H", BurracoKind.CLEAN),  # the 2 as natural 2 (art. 15)
        ("4C 5C 6C 7C 8C 9C 10C JK", BurracoKind.SEMI_CLEAN),  # wild follows seven
        ("JK 4C 5C 6C 7C 8C 9C 10C", BurracoKind.SEMI_CLEAN),  # wild precedes seven
        ("3C 2S 5C 6C 7C 8C 9C 10C 11C".replace("11C", "JC"), BurracoKind.SEMI_CLEAN),
        ("KD KD KH KS KC KC KS 2H", BurracoKind.SEMI_CLEAN),  # seven equal + wild
        ("4C 5C 6C JK 8C 9C 10C", BurracoKind.DIRTY),  # seven cards with a wild
        ("4C 5C 6C JK 8C 9C 10C JC", BurracoKind.DIRTY),  # wild between 3 and 4
        ("KD KD KH KS KC KC JK", BurracoKind.DIRTY),
    ],
)
def test_art15_burraco_kinds(text: str, kind: BurracoKind) -> None:
    """Art. 15: clean (200), semi-clean (150: the wild precedes or follows seven), dirty (100)."""
    m = parse_meld(text)
    assert m.burraco() is kind
    assert kind.bonus() == {"clean": 200, "semi_clean": 150, "dirty": 100}[kind.value]


def test_art15_six_cards_are_no_burraco() -> None:
    """Art. 15: a burraco has at least seven cards."""
    assert parse_meld("4C 5C 6C 7C 8C 9C").burraco() is None
    assert parse_meld("4C 5C 6C 7C 8C JK").burraco() is None


def test_art3_meld_value() -> None:
    """Art. 3/19: a meld is worth its cards: joker 30, 2 20, ace 15, K-8 10, 7-3 5."""
    assert parse_meld("AH 2H 3H").value() == 15 + 20 + 5
    assert parse_meld("8S 9S 10S JK").value() == 30 + 30
    assert parse_meld("KD KH KS").value() == 30
