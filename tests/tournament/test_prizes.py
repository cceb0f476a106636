"""Prizes: categories, one prize per competitor, ties (Burraco Parole art. 6.1)."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament.standings.prizes import (
    Award,
    CategoryRequest,
    Eligibility,
    PlayerProfile,
    PrizeCategory,
    PrizeTie,
    TieRule,
    allocate,
    build_plan,
    draw_places,
    prize_ties,
    qualifies,
    split_prize,
)
from arbitro.tournament.standings.standings import StandingRow


def row(rank: int, competitor: int, vp: int, mp: int) -> StandingRow:
    return StandingRow(rank, competitor, f"C{competitor}", vp, mp, (), (), 0, 0, 0, 0, False)


def test_art61_ties_reaching_the_prize_places() -> None:
    """Level on VP and MP, sharing rank 2, with three prizes: a tie for places 2 and 3; the
    tie at rank 5 is beyond the prizes."""
    rows = [
        row(1, 4, 60, 900),
        row(2, 1, 50, 300),
        row(2, 7, 50, 300),
        row(4, 2, 40, 0),
        row(5, 3, 30, 0),
        row(5, 5, 30, 0),
    ]
    assert prize_ties(rows, 3) == [PrizeTie(2, (1, 7))]
    assert PrizeTie(2, (1, 7)).places == (2, 3)


def test_art61_draw_and_split() -> None:
    """(c) a seeded draw gives each tied competitor a distinct place; (a) the prizes added and
    split when divisible, else the draw is needed."""
    tie = PrizeTie(2, (1, 7))
    places = draw_places(tie, seed=11)
    assert sorted(places.values()) == [2, 3] and places == draw_places(tie, seed=11)
    assert split_prize([10000, 6000]) == 8000
    with pytest.raises(ArbitroError, match="sorteggio"):
        split_prize([10000, 5001])


# ---------------------------------------------------------------------------- categories
def standing(rank: int, competitor: int, withdrawn: bool = False) -> StandingRow:
    return StandingRow(
        rank, competitor, f"C{competitor}", 100 - rank, 0, (), (), 0, 0, 0, 0, withdrawn
    )


LADIES = frozenset({1, 3, 4})


def test_art61_one_competitor_one_prize_the_prize_passes_down() -> None:
    """Overall first: the first lady takes the overall prize, so the ladies' prizes pass down
    to the next two ladies in the standings ("gli altri vincitori ... secondo i criteri
    preannunciati")."""
    rows = [standing(r, c) for r, c in [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]]
    cats = [
        PrizeCategory("Assoluta", (10000, 6000)),
        PrizeCategory("Dame", (5000, 3000), LADIES),
    ]
    awards = allocate(rows, cats, TieRule.DRAW, seed=1)
    assert [(a.category, a.places, a.competitor, a.prize) for a in awards] == [
        ("Assoluta", (1,), 1, 10000),
        ("Assoluta", (2,), 2, 6000),
        ("Dame", (1,), 3, 5000),
        ("Dame", (2,), 4, 3000),
    ]
    assert len({a.competitor for a in awards}) == len(awards)


def test_art61_a_tie_for_places_two_and_three_split_in_two() -> None:
    """Art. 6.1 a): "sommare l'entità dei due premi e dividerlo per 2": tied for the 2nd and
    3rd prizes of 60 and 40, each takes 50, and neither takes a later category's prize."""
    rows = [standing(r, c) for r, c in [(1, 5), (2, 1), (2, 3), (4, 4), (5, 2)]]
    cats = [
        PrizeCategory("Assoluta", (10000, 6000, 4000)),
        PrizeCategory("Dame", (3000,), LADIES),
    ]
    awards = allocate(rows, cats, TieRule.SPLIT, seed=1)
    assert [(a.places, a.competitor, a.prize, a.tie, a.tied_with) for a in awards[1:3]] == [
        ((2, 3), 1, 5000, TieRule.SPLIT, (3,)),
        ((2, 3), 3, 5000, TieRule.SPLIT, (1,)),
    ]
    assert awards[3] == Award("Dame", (1,), 4, 4, 3000)


def test_art61_c_a_prize_not_divisible_is_drawn() -> None:
    """Art. 6.1 c) "qualora il premio non fosse divisibile": three tied for a cup and 50
    cannot split them: the places are drawn by the plan's seed (the same seed, the same
    draw), and the one drawn out still competes for the ladies' prize."""
    rows = [standing(r, c) for r, c in [(1, 1), (1, 3), (1, 4), (4, 2)]]
    cats = [
        PrizeCategory("Assoluta", ("Coppa", 5000)),
        PrizeCategory("Dame", (2000,), LADIES),
    ]
    first = allocate(rows, cats, TieRule.SPLIT, seed=3)
    assert first == allocate(rows, cats, TieRule.SPLIT, seed=3)
    overall = [a for a in first if a.category == "Assoluta"]
    assert [(a.places, a.prize, a.tie) for a in overall] == [
        ((1,), "Coppa", TieRule.DRAW),
        ((2,), 5000, TieRule.DRAW),
    ]
    (out,) = {1, 3, 4} - {a.competitor for a in overall}
    assert [(a.category, a.competitor) for a in first[2:]] == [("Dame", out)]
    draws = {
        tuple(a.competitor for a in allocate(rows, cats, TieRule.DRAW, seed=s)[:2])
        for s in range(20)
    }
    assert len(draws) > 1  # the seed decides, not the registration order


def test_art61_b_the_winners_decide_and_a_tie_for_the_last_prize() -> None:
    """Art. 6.1 b) the tied share what they compete for and agree among themselves; two tied
    for the last prize under a) split it."""
    rows = [standing(r, c) for r, c in [(1, 1), (2, 2), (2, 3)]]
    cats = [PrizeCategory("Assoluta", (10000, 6000))]
    shared = allocate(rows, cats, TieRule.WINNERS_DECIDE, seed=0)
    assert [(a.competitor, a.places, a.prize) for a in shared[1:]] == [
        (2, (2,), 6000),
        (3, (2,), 6000),
    ]
    split = allocate(rows, cats, TieRule.SPLIT, seed=0)
    assert [(a.competitor, a.prize) for a in split[1:]] == [(2, 3000), (3, 3000)]


def test_withdrawn_competitors_take_no_prize() -> None:
    """An expelled or withdrawn competitor (FIBAS art. 36) is passed over."""
    rows = [standing(1, 1, withdrawn=True), standing(2, 2), standing(3, 3)]
    awards = allocate(rows, [PrizeCategory("Assoluta", (100,))], TieRule.DRAW, seed=0)
    assert [a.competitor for a in awards] == [2]


def test_eligibility_of_a_pair() -> None:
    """Ladies: both women; mixed: a woman and a man; seniors: both born in the year or
    before; newcomers: both in a first season from the year; a federation category; an
    unknown attribute does not qualify."""
    anna = PlayerProfile("F", 1955, 2026, "B")
    rosa = PlayerProfile("F", 1962, 2020, "b")
    ugo = PlayerProfile("M", 1950, 2026, "B")
    assert qualifies(Eligibility.LADIES, None, [anna, rosa])
    assert not qualifies(Eligibility.LADIES, None, [anna, ugo])
    assert qualifies(Eligibility.MIXED, None, [anna, ugo])
    assert not qualifies(Eligibility.MIXED, None, [anna, rosa])
    assert qualifies(Eligibility.SENIORS, "1961", [anna, ugo])
    assert not qualifies(Eligibility.SENIORS, "1961", [anna, rosa])
    assert qualifies(Eligibility.NEWCOMERS, "2026", [anna, ugo])
    assert not qualifies(Eligibility.NEWCOMERS, "2026", [anna, rosa])
    assert qualifies(Eligibility.CATEGORY, "B", [anna, rosa])
    assert not qualifies(Eligibility.SENIORS, "1961", [PlayerProfile("F"), anna])
    assert not qualifies(Eligibility.LADIES, None, [])
    assert qualifies(Eligibility.OVERALL, None, [])
    with pytest.raises(ArbitroError, match="anno"):
        qualifies(Eligibility.SENIORS, "sessanta", [anna])


def test_a_plan_keeps_whom_each_category_found() -> None:
    """The plan record names each category's eligible competitors found when recorded (the
    listed ones when listed), so the list is read again without the registry."""
    profiles = {
        1: [PlayerProfile("F"), PlayerProfile("F")],
        2: [PlayerProfile("F"), PlayerProfile("M")],
    }
    plan = build_plan(
        [1, 2, 3],
        profiles,
        [
            CategoryRequest("Assoluta", Eligibility.OVERALL, (100,)),
            CategoryRequest("Dame", Eligibility.LADIES, (50,)),
            CategoryRequest("Miste", Eligibility.MIXED, (50,), listed=(3,)),
        ],
        TieRule.SPLIT,
        7,
        4,
    )
    assert [c.eligible for c in plan.categories] == [None, (1,), (3,)]
    assert (plan.round, plan.tie_rule, plan.seed) == (4, "split", 7)
