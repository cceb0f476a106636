"""Melds by the FIBAS code where mutation testing found changes no test noticed (issue 26,
item Q; bench/mutation.py): the burraco kinds at their boundaries (art. 15: a dirty 7-card
run with the wild at one end, a semi-clean one of eight), the bonuses of the code given, and
melds and lay-offs made afresh (arts. 8, 11-14, 28): the engine keeps the melds it made, so
a test that asks for a meld made before checks nothing of how it is made."""

from __future__ import annotations

import dataclasses

import pytest

from arbitro.cards import parse_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.games.burraco import BurracoKind, IllegalMoveError, MeldKind, parse_meld


@pytest.mark.parametrize(
    "text",
    [
        "4C 5C 6C 7C 8C 9C JK",  # the wild after six naturals, at the high end
        "JK 5C 6C 7C 8C 9C 10C",  # the wild before six naturals, at the low end
        "4C 2S 6C 7C 8C 9C 10C",  # the wild second: one natural before it, five after
        "KD KD KH KS KC KC JK",  # a set: six naturals and the wild
    ],
)
def test_art15_a_burraco_of_seven_with_a_wild_at_one_end_is_dirty(text: str) -> None:
    """Art. 15: semi-clean only when the wild "preceda o segua almeno sette carte"; seven
    cards with a wild at one end have six naturals beside it: a dirty burraco (100 M.P.)."""
    meld = parse_meld(text)
    assert len(meld) == 7
    kind = meld.burraco()
    assert kind is BurracoKind.DIRTY
    assert kind.bonus() == 100


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("4C 5C 6C 7C 8C 9C 10C JK", BurracoKind.SEMI_CLEAN),  # seven naturals, then the wild
        ("JK 4C 5C 6C 7C 8C 9C 10C", BurracoKind.SEMI_CLEAN),  # the wild, then seven
        ("4C JK 6C 7C 8C 9C 10C JC", BurracoKind.DIRTY),  # one before it, six after
        ("4C 5C 6C 7C 8C 9C JK JC", BurracoKind.DIRTY),  # six before it, one after
        ("4C 5C 6C 7C 8C 9C 10C JC", BurracoKind.CLEAN),
    ],
)
def test_art15_a_run_of_eight_semi_clean_only_with_seven_beside_the_wild(
    text: str, kind: BurracoKind
) -> None:
    """Art. 15: a run of eight is semi-clean when seven naturals precede or follow the wild,
    dirty when the wild has fewer on either side."""
    assert parse_meld(text).burraco() is kind


def test_art15_the_bonuses_and_the_length_come_from_the_code_given() -> None:
    """Art. 15 (200, 150, 100 M.P.; at least seven cards) as the code object says them."""
    code = dataclasses.replace(
        burraco_fibas(),
        clean_burraco=210,
        semi_clean_burraco=160,
        dirty_burraco=110,
        burraco_min_cards=8,
        semi_clean_min_naturals=6,
    )
    assert [k.bonus(code) for k in BurracoKind] == [210, 160, 110]
    assert [k.bonus() for k in BurracoKind] == [200, 150, 100]
    assert parse_meld("4C 5C 6C 7C 8C 9C 10C").burraco(code) is None
    assert parse_meld("4C 5C 6C 7C 8C 9C 10C JK").burraco(code) is BurracoKind.SEMI_CLEAN
    assert parse_meld("4C 5C 6C 7C 8C 9C JK").burraco(code) is None
    assert parse_meld("4C 5C 6C 7C 8C 9C JK JC").burraco(code) is BurracoKind.SEMI_CLEAN


def fresh() -> BurracoFibasCode:
    """The FIBAS code as a new object: the melds made under it are made afresh, not found in
    the memo of melds already made (a mutant changes only what is computed)."""
    return dataclasses.replace(burraco_fibas())


@pytest.mark.parametrize(
    ("text", "shown", "kind", "low", "wild"),
    [
        ("3H 4H 5H", "3H 4H 5H", MeldKind.RUN, 3, -1),  # art. 11: three in order
        ("5H 3H 4H", "3H 4H 5H", MeldKind.RUN, 3, -1),  # laid in any order, shown in order
        ("AC 2C 3C", "AC 2C 3C", MeldKind.RUN, 1, -1),  # art. 13: ace low, natural 2
        ("QC KC AC", "QC KC AC", MeldKind.RUN, 12, -1),  # art. 13: ace after the K
        ("KC AC 2C", "2C KC AC", MeldKind.RUN, 12, 0),  # the 2 a pinella for the Q
        ("JK 5D 6D", "JK 5D 6D", MeldKind.RUN, 4, 0),  # art. 8: written first, low end
        ("5D 6D JK", "5D 6D JK", MeldKind.RUN, 5, 2),  # otherwise the high end
        ("3H 4H JK 6H", "3H 4H JK 6H", MeldKind.RUN, 3, 2),  # art. 12: the wild in the gap
        ("2H 3H 4H", "2H 3H 4H", MeldKind.RUN, 2, -1),  # art. 12: the pinella of the suit
        ("3S 2H 5S", "3S 2H 5S", MeldKind.RUN, 3, 1),  # a 2 of another suit is a wild
        ("2C 9S 9H", "9H 9S 2C", MeldKind.SET, 0, 2),  # art. 8: the set's wild last
        ("7S 7H 7H", "7H 7H 7S", MeldKind.SET, 0, -1),  # art. 11: equal cards, any suit
        ("KD KD KH KS KC KC KS JK", "KH KD KD KC KC KS KS JK", MeldKind.SET, 0, 7),
        ("QS QH QD QH QC QD QS QC", "QH QH QD QD QC QC QS QS", MeldKind.SET, 0, -1),  # 8
        ("JK AH 2H 3H", "AH 2H 3H JK", MeldKind.RUN, 1, 3),  # no place before the ace
        ("JK 2H 3H", "JK 2H 3H", MeldKind.RUN, 1, 0),  # the wild for the ace, low
        ("QH KH JK", "QH KH JK", MeldKind.RUN, 12, 2),  # the wild for the ace, high
        # art. 13: the thirteen ranks and the wild for the ace high: fourteen cards in all
        (
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
            MeldKind.RUN,
            1,
            13,
        ),
    ],
)
def test_art11_art14_melds_made_afresh(
    text: str, shown: str, kind: MeldKind, low: int, wild: int
) -> None:
    """Arts. 8, 11-14: each meld as the code makes it: kind, order shown, the run's first
    place and the wild's index."""
    meld = parse_meld(text, fresh())
    assert (str(meld), meld.kind, meld.low, meld.wild) == (shown, kind, low, wild)


@pytest.mark.parametrize(
    "text",
    [
        "3H 4H 6H",  # art. 13: a gap
        "3H 4H",  # art. 11: three cards at least
        "2H 2H 2D",  # art. 12: wilds only
        "JK JK 5H",  # art. 11: one wild
        "JK 2S 5H 6H",  # art. 11: one wild
        "3H 4S 5H",  # art. 11: one suit
        "7H 7S 8H",  # art. 11: one rank
        "7H 7S JK 2D",  # art. 11: one wild in a set
        "QH QH QD QD QC QC QS QS QH",  # art. 14: eight at most
        "KC AC 3C",  # art. 13: no wrap-around
        "AH KH AH QH AH",  # art. 13: an ace before the 2 or after the K, no third
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK",  # art. 13: 14 cards at most
        # art. 13, rulings (Burraco engine 12): one ace, even with the pinella standing for the 2
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ],
)
def test_art11_art14_impossible_melds_made_afresh(text: str) -> None:
    """Arts. 11-14: what is no meld is refused, made afresh."""
    with pytest.raises(IllegalMoveError):
        parse_meld(text, fresh())


@pytest.mark.parametrize(
    ("meld", "cards", "low_end", "shown", "wild"),
    [
        ("5H 6H 7H", "4H", False, "4H 5H 6H 7H", -1),  # art. 13: at the low end
        ("5H 6H 7H", "8H", False, "5H 6H 7H 8H", -1),  # at the high end
        ("5H 6H 7H", "JK", False, "5H 6H 7H JK", 3),  # art. 12: a free wild goes high
        ("5H 6H 7H", "JK", True, "JK 5H 6H 7H", 0),  # or low, when asked
        ("5H JK 7H", "6H", False, "5H 6H 7H JK", 3),  # art. 12: replaced, it moves last
        ("5H JK 7H", "4H", False, "4H 5H JK 7H", 2),  # the wild keeps its card
        ("5H JK 7H", "8H", False, "5H JK 7H 8H", 1),
        ("JK 4H 5H", "3H", False, "3H 4H 5H JK", 3),
        ("3H 2H 5H", "4H", False, "2H 3H 4H 5H", -1),  # art. 12: the pinella back at 2
        ("2H 4H 5H", "3H", False, "3H 4H 5H 2H", 3),  # written first, the 2 stood high
        ("JH QH KH", "AH", False, "JH QH KH AH", -1),  # art. 13: the ace after the K
        ("2H 3H 4H", "AH", False, "AH 2H 3H 4H", -1),  # or before the 2
        ("4H 5H 6H", "2H 3H", False, "2H 3H 4H 5H 6H", -1),  # the pinella natural at 2
        ("6H 7H 8H", "4H 5H", False, "4H 5H 6H 7H 8H", -1),  # art. 28: healed
        ("6H 7H 8H", "4H 2D", False, "4H 2D 6H 7H 8H", 1),  # or healed by a wild
        ("7H 7S 7D", "JK", False, "7H 7D 7S JK", 3),  # art. 8: the set's wild last
        ("7H 7S 7D", "7C", False, "7H 7D 7C 7S", -1),
        ("5H 6H 7H", "4H 3H", False, "3H 4H 5H 6H 7H", -1),  # two cards at the low end
        ("5H JK 7H", "8H 9H", False, "5H JK 7H 8H 9H", 1),  # the wild keeps its place
        ("JK 5H 6H", "3H", False, "3H JK 5H 6H", 1),  # before a wild standing low
    ],
)
def test_art12_art13_lay_offs_made_afresh(
    meld: str, cards: str, low_end: bool, shown: str, wild: int
) -> None:
    """Arts. 12, 13, 28: cards laid off on a meld, made afresh: where each card and the wild
    stand."""
    code = fresh()
    made = parse_meld(meld, code).lay_off(parse_cards(cards), low=low_end, code=code)
    assert (str(made), made.wild) == (shown, wild)
    before = parse_meld(meld, code)
    assert made.kind is before.kind
    if made.kind is MeldKind.RUN:  # the first card stands at the run's first place
        natural = made.cards[1] if made.wild == 0 else made.cards[0]
        assert natural.rank is not None
        assert made.low == natural.rank.value - (made.wild == 0)
    else:
        assert made.low == 0


@pytest.mark.parametrize(
    ("meld", "cards"),
    [
        ("5H 6H 7H", ""),  # nothing laid off
        ("5H JK 7H", "2C"),  # art. 11: a second wild
        ("5H 6H 7H", "5S"),  # art. 11: another suit
        ("5H 6H 7H", "9H"),  # art. 13: not in order
        ("5H 6H 7H", "6H"),  # a place already taken
        ("7H 7S 7D", "8H"),  # art. 11: another rank
        ("7H 7S 7D", "3H"),  # a set is no run, whatever its first card
        ("5H 6H 7H", "4S"),  # art. 11: another suit, even next to an end
        ("5H 6H 7H", "10H"),  # art. 13: two places past the end
        ("5H 6H 7H", "7H"),  # the place of the last card
        ("2H 3H 4H", "9H"),  # art. 13: in order only
        ("JH QH KH", "5H"),
        ("3H 4H 5H", "AH"),  # art. 13: the ace at 1 or 14, never at 2
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AH"),  # art. 13: thirteen at most
        ("QH QH QD QD QC QC QS QS", "QH"),  # art. 14: eight at most
    ],
)
def test_art11_art14_impossible_lay_offs_made_afresh(meld: str, cards: str) -> None:
    """Arts. 11-14: a lay-off that makes no meld is refused, made afresh."""
    code = fresh()
    with pytest.raises(IllegalMoveError):
        parse_meld(meld, code).lay_off(parse_cards(cards), code=code)


def test_art8_a_free_wild_laid_off_goes_high_unless_asked() -> None:
    """Art. 8, 12: "le eventuali matte libere vanno allocate sempre in ultima posizione": a
    wild laid off without saying where stands at the high end."""
    code = fresh()
    made = parse_meld("5H 6H 7H", code).lay_off(parse_cards("JK"), code=code)
    assert (str(made), made.wild) == ("5H 6H 7H JK", 3)


def test_art11_the_codes_minimum_decides_a_meld_already_made() -> None:
    """Art. 11's three cards as the code object says them: under a code asking four, a run
    of three made under the FIBAS code is refused, and so is a lay-off making four of five
    (made before under the FIBAS code)."""
    four = dataclasses.replace(burraco_fibas(), meld_min_cards=4)
    parse_meld("3H 4H 5H")
    with pytest.raises(IllegalMoveError):
        parse_meld("3H 4H 5H", four)
    assert len(parse_meld("6D 7D 8D").lay_off(parse_cards("9D 10D"))) == 5
    short = dataclasses.replace(burraco_fibas(), run_max_naturals=3)
    with pytest.raises(IllegalMoveError):
        parse_meld("6D 7D 8D", short).lay_off(parse_cards("9D 10D"), code=short)


def test_art3_a_melds_value_by_the_code_given() -> None:
    """Art. 3: a meld is worth its cards by the code's values."""
    code = dataclasses.replace(burraco_fibas(), card_values=burraco_fibas().card_values | {"K": 12})
    assert parse_meld("KS KD KC").value(code) == 36
    assert parse_meld("KS KD KC").value() == 30
