"""The Scala 40 code's numbers as data (``codes/scala40.toml``), checked against the seed."""

from __future__ import annotations

import pytest

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.codes.scala40 import scala40
from arbitro.errors import ArbitroError


def test_art1_deck_two_french_decks_with_four_jokers() -> None:
    """Art. 1: two Anglo-French decks of 54 cards with the 4 jokers; suits H > D > C > S."""
    c = scala40()
    assert (c.french_decks, c.cards_per_deck, c.jokers, c.total_cards) == (2, 54, 4, 108)
    assert c.suit_rank == ("H", "D", "C", "S")
    assert c.rank_order[:3] == ("JK", "A", "K") and c.rank_order[-1] == "2"


def test_art2_art4_tables_of_four_thirteen_cards_one_turned_up() -> None:
    """Art. 2: four at each table; art. 4: 13 cards each, one card turned up."""
    c = scala40()
    assert (c.players, c.cards_per_player, c.turned_up) == (4, 13, 1)


def test_art5_five_rounds_of_five_closings() -> None:
    """Art. 5: "5 turni di gioco da 5 chiusure a turno"."""
    assert (scala40().rounds, scala40().deals_per_round) == (5, 5)


def test_art7_opening_values_and_forty() -> None:
    """Art. 7: ace 11 (1 with the 2), K Q J 10 ten, others face value; opening 40."""
    c = scala40()
    assert c.opening_points == 40
    assert c.opening_values["A"] == 11 and c.ace_low_value == 1
    assert all(c.opening_values[r] == 10 for r in ("K", "Q", "J", "10"))
    assert all(c.opening_values[str(n)] == n for n in range(2, 10))


def test_art9_art17_meld_sizes() -> None:
    """Art. 9: runs of 3 to 14, sets of 3 or 4; art. 17: at most two cards laid off at once."""
    c = scala40()
    assert (c.meld_min_cards, c.run_max_cards, c.set_max_cards) == (3, 14, 4)
    assert c.layoff_max_run_cards == 2


def test_art22_negative_points() -> None:
    """Art. 22: joker 25, ace 11, K Q J 10 ten, 9..2 face value."""
    v = scala40().penalty_values
    assert v["JK"] == 25 and v["A"] == 11
    assert all(v[r] == 10 for r in ("K", "Q", "J", "10"))
    assert all(v[str(n)] == n for n in range(2, 10))


def test_art22_placement_vp() -> None:
    """Art. 22 "Punti classifica": 8, 6, 4, 2 VP."""
    assert scala40().placement_vp == (8, 6, 4, 2)


@pytest.mark.parametrize(
    ("deals", "diff", "vp"),
    [
        (3, 0, 0),
        (3, 30, 0),
        (4, 31, 2),
        (4, 60, 2),
        (3, 61, 4),
        (3, 120, 6),
        (4, 121, 8),
        (4, 160, 8),
        (3, 200, 10),
        (3, 201, 12),
        (5, 40, 0),
        (5, 41, 2),
        (5, 130, 4),
        (5, 131, 6),
        (5, 190, 6),
        (5, 250, 8),
        (5, 300, 10),
        (5, 301, 12),
    ],
)
def test_art22_difference_tables(deals: int, diff: int, vp: int) -> None:
    """Art. 22: the 3-4 deal table and the 5 deal table, band by band."""
    assert scala40().difference_table(deals).vp(diff) == vp


def test_art22_no_table_for_two_deals() -> None:
    """Art. 22 prints tables for 3-4 and 5 deals only."""
    with pytest.raises(ArbitroError) as err:
        scala40().difference_table(2)
    assert err.value.article == cite(CodeId.SCALA40, "difference_tables")
    assert err.value.message("it") == (
        "nessuna tabella delle differenze per 2 smazzate (solo [3, 4, 5]) (Scala 40 art. 22)"
    )
    assert (
        err.value.message("en")
        == "no difference table for 2 deals (only [3, 4, 5]) (Scala 40 art. 22)"
    )
    with pytest.raises(ArbitroError):
        scala40().difference_table(5).vp(-1)


def test_art25_art26_incomplete_tables_and_late_entries() -> None:
    """Art. 25: play three-handed; art. 26: "riposato" 1000; late entry 3 VP and 80 MP."""
    c = scala40()
    assert c.incomplete_table_players == 3 and c.rested_negative_points == 1000
    assert (c.late_entry_vp, c.late_entry_mp) == (3, 80)
