"""Scala 40 table scoring (arts. 22-26): placement VP 8/6/4/2 with ties, difference VP by the
DESIGN.md reading (and the pairwise alternative), three-player tables and the riposato,
abandon, late entries, corrections."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.codes.scala40_scoring import (
    CorrectionKind,
    DifferenceReading,
    ScoreSheet,
    check_correction,
    check_late_entry,
    correct_deal,
    differences,
    late_entry_score,
    placements,
    score_table,
    swap_players,
)
from arbitro.errors import ArbitroError

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


def _sheet(*deals: tuple[int, ...], players: tuple[str, ...] = PLAYERS) -> ScoreSheet:
    return ScoreSheet(players, tuple(deals))


# Five deals (art. 5): totals Anna 20, Bruno 50, Carla 90, Dario 150.
FIVE = _sheet(
    (0, 10, 20, 30),
    (5, 0, 25, 40),
    (10, 15, 0, 30),
    (5, 10, 25, 0),
    (0, 15, 20, 50),
)


def test_art22_totals_are_the_deals_added_up() -> None:
    """Art. 22: the negative points of each deal are added for the round."""
    assert FIVE.totals() == {"Anna": 20, "Bruno": 50, "Carla": 90, "Dario": 150}


def test_art22_placement_vp_8_6_4_2() -> None:
    """Art. 22 "Punti classifica": fewest points 8, then 6, 4 and 2."""
    r = score_table(FIVE).by_player()
    assert [r[p].placement_vp for p in PLAYERS] == [8, 6, 4, 2]
    assert [r[p].place for p in PLAYERS] == [1, 2, 3, 4]


def test_art22_summed_differences_five_deal_table() -> None:
    """Art. 22 and DESIGN.md: the first sums 30 + 70 + 130 = 230 (8 VP in the 5-deal table),
    the second 40 + 100 = 140 (6), the third 60 (2), the fourth gets 0."""
    r = score_table(FIVE).by_player()
    assert [r[p].difference for p in PLAYERS] == [230, 140, 60, 0]
    assert [r[p].difference_vp for p in PLAYERS] == [8, 6, 2, 0]
    assert [r[p].vp for p in PLAYERS] == [16, 12, 6, 2]
    assert score_table(FIVE).table_label == "Tabella per 5 smazzate"


def test_art22_pairwise_alternative_reading() -> None:
    """The alternative reading: 30 (0) + 70 (2) + 130 (4) = 6 for the first; 40 (0) + 100 (4)
    = 4 for the second; 60 (2) for the third."""
    r = score_table(FIVE, reading=DifferenceReading.PAIRWISE).by_player()
    assert [r[p].difference_vp for p in PLAYERS] == [6, 4, 2, 0]


def test_art22_three_or_four_deals_use_their_table() -> None:
    """Art. 22 "TABELLA PER 3-4 SMAZZATE": 230 is over 200 (12), 140 in 121-160 (8), 60 (2)."""
    assert [vp for _, vp in differences([20, 50, 90, 150], 4)] == [12, 8, 2, 0]
    four = _sheet((0, 10, 20, 30), (5, 0, 25, 40), (10, 15, 0, 30), (5, 25, 45, 50))
    r = score_table(four).by_player()
    assert r["Anna"].difference == 30 + 70 + 130 and r["Anna"].difference_vp == 12
    with pytest.raises(ArbitroError) as err:
        score_table(_sheet((0, 1, 2, 3), (3, 0, 1, 2)))
    # raised by arbitro.codes.scala40: "(art. 22)" there until its citation is converted too
    assert err.value.message("en").endswith("art. 22)")


def test_art22_band_edges() -> None:
    """Art. 22: "da 0 a 30" 0 VP, "da 31 a 60" 2 VP (3-4 deals); 40 0 VP, 41 2 VP (5 deals)."""
    assert differences([0, 30], 3) == [(30, 0), (0, 0)]
    assert differences([0, 31], 3) == [(31, 2), (0, 0)]
    assert differences([0, 40], 5) == [(40, 0), (0, 0)]
    assert differences([0, 41], 5) == [(41, 2), (0, 0)]


def test_art22_ties_share_places_and_vp() -> None:
    """Art. 22, ruling: equal totals share the best place and the VP of their places."""
    assert placements([20, 20, 90, 150]) == [(1, 7), (1, 7), (3, 4), (4, 2)]
    assert placements([20, 50, 50, 50]) == [(1, 8), (2, 4), (2, 4), (2, 4)]
    assert placements([10, 10, 10, 10]) == [(1, 5)] * 4
    assert placements([5, 60, 70, 70]) == [(1, 8), (2, 6), (3, 3), (3, 3)]
    # Tied players have no difference between them.
    assert differences([20, 20, 90, 150], 5)[0] == (70 + 130, 8)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=600), min_size=4, max_size=4))
def test_art22_placement_vp_always_add_up_to_20(totals: list[int]) -> None:
    """Art. 22: placement VP add up to 8 + 6 + 4 + 2 = 20 at every table, ties or not; fewer
    points never earn fewer VP."""
    places = placements(totals)
    assert sum(vp for _, vp in places) == 20
    diffs = differences(totals, 5)
    for i in range(4):
        for j in range(4):
            if totals[i] < totals[j]:
                assert places[i][1] > places[j][1]
                assert diffs[i][1] >= diffs[j][1]


def test_art25_art26_three_player_table_with_the_riposato() -> None:
    """Arts. 25-26: three play, "tenendo sempre validi i punteggi come per quattro": the
    riposato has 1000 and takes the fourth place; its VP go to nobody."""
    sheet = _sheet((0, 20, 30), (15, 0, 40), (10, 20, 0), players=("Anna", "Bruno", "Carla"))
    res = score_table(sheet)
    r = res.by_player()
    assert set(r) == {"Anna", "Bruno", "Carla"} and res.rested_points == 1000
    assert [r[p].placement_vp for p in ("Anna", "Bruno", "Carla")] == [8, 6, 4]
    assert r["Anna"].difference == (40 - 25) + (70 - 25) + (1000 - 25)
    assert r["Carla"].difference == 1000 - 70 and r["Carla"].difference_vp == 12


def test_art25_abandon_goes_on_three_handed() -> None:
    """Art. 25: a player leaves; the three left play on; the leaver takes the riposato's 1000
    and no VP (ruling)."""
    sheet = ScoreSheet(
        PLAYERS,
        ((0, 10, 20, 30), (5, 0, 25, None), (10, 15, 0, None)),
        abandoned="Dario",
    )
    r = score_table(sheet).by_player()
    assert r["Dario"].vp == 0 and r["Dario"].negative_points == 1000
    assert r["Dario"].note == "abandon"
    assert [r[p].placement_vp for p in PLAYERS[:3]] == [8, 6, 4]
    with pytest.raises(ArbitroError):
        ScoreSheet(PLAYERS, ((0, 10, 20, None),))


def test_art26_late_entry_three_vp_eighty_mp() -> None:
    """Art. 26: after round 1's standings, late players enter with 3 VP and 80 MP."""
    score = late_entry_score()
    assert (score.vp, score.mp, score.article) == (3, 80, Citation(CodeId.SCALA40, "26"))
    assert check_late_entry(2, incomplete_table=False) == "arbitral_score"
    assert check_late_entry(1, incomplete_table=True) == "complete_table"
    with pytest.raises(ArbitroError) as err:
        check_late_entry(1, incomplete_table=False)
    assert err.value.article == Citation(CodeId.SCALA40, "26")


def test_art24_calculation_error_only_before_standings() -> None:
    """Art. 24: a calculation error is corrected only before the round's standings."""
    check_correction(CorrectionKind.CALCULATION, standings_published=False)
    with pytest.raises(ArbitroError) as err:
        check_correction(CorrectionKind.CALCULATION, standings_published=True)
    assert err.value.article == Citation(CodeId.SCALA40, "24")
    fixed = correct_deal(FIVE, 1, "Anna", 5)
    assert fixed.totals()["Anna"] == 25 and FIVE.totals()["Anna"] == 20


def test_art24_swapped_scores_any_time_if_the_table_agrees() -> None:
    """Art. 24: inverted scores are put right even after the standings, if the table agrees."""
    check_correction(CorrectionKind.SWAPPED, standings_published=True, table_agrees=True)
    with pytest.raises(ArbitroError):
        check_correction(CorrectionKind.SWAPPED, standings_published=True)
    swapped = swap_players(FIVE, "Anna", "Dario")
    assert swapped.totals()["Anna"] == 150 and swapped.totals()["Dario"] == 20


def test_sheet_errors_name_the_problem() -> None:
    """Arts. 2, 22: a sheet needs 3-4 distinct players and whole non-negative points."""
    with pytest.raises(ArbitroError) as err:
        _sheet((0, 10, -5, 30))
    assert err.value.article == Citation(CodeId.SCALA40, "22") and "-5" in err.value.en
    with pytest.raises(ArbitroError):
        _sheet((0, 10, 5), players=("A", "A", "B"))
    with pytest.raises(ArbitroError):
        _sheet((0, 10, 5))
