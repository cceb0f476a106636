"""Melds by the FIBAS code where mutation testing found changes no test noticed (issue 26,
item Q; bench/mutation.py): the burraco kinds at their boundaries (art. 15: a dirty 7-card
run with the wild at one end, a semi-clean one of eight), the bonuses of the code given."""

from __future__ import annotations

import dataclasses

import pytest

from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.games.burraco import BurracoKind, parse_meld


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
