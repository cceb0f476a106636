"""Prize ties (Burraco Parole art. 6.1) where mutation testing found changes no test noticed
(issue 26, item Q; bench/mutation.py): a tie on the last prize place, and the seeded draw of
rule c), which must give the same places whenever the event file is read again (the plan
records only its seed)."""

from __future__ import annotations

from arbitro.tournament.standings.prizes import (
    PrizeCategory,
    PrizeTie,
    TieRule,
    allocate,
    draw_places,
    prize_ties,
)
from arbitro.tournament.standings.standings import StandingRow


def standing(rank: int, competitor: int) -> StandingRow:
    """A row of the final standings at ``rank``."""
    return StandingRow(rank, competitor, f"C{competitor}", 100 - rank, 0, (), (), 0, 0, 0, 0, False)


def test_art61_a_tie_on_the_last_prize_place_is_a_prize_tie() -> None:
    """Art. 6.1: "a pari merito ... per l'assegnazione di un premio": two competitors level
    at rank 3 with three prizes compete for the third; level at rank 4, for none."""
    rows = [standing(1, 1), standing(2, 2), standing(3, 3), standing(3, 4), standing(5, 5)]
    assert prize_ties(rows, 3) == [PrizeTie(3, (3, 4))]
    assert prize_ties(rows, 2) == []
    later = [standing(1, 1), standing(2, 2), standing(3, 3), standing(4, 4), standing(4, 5)]
    assert prize_ties(later, 3) == []


def test_art61_c_a_tie_for_the_last_prize_is_drawn_and_the_other_passes_on() -> None:
    """Art. 6.1 c): pairs 5 and 8 level at rank 2 with two overall prizes: one prize for two,
    drawn by the plan's seed; the one drawn out takes the ladies' prize (one prize each)."""
    rows = [standing(1, 1), standing(2, 5), standing(2, 8), standing(4, 2)]
    cats = [
        PrizeCategory("Assoluta", (10000, 6000)),
        PrizeCategory("Dame", (3000,), frozenset({5, 8})),
    ]

    def given(seed: int) -> list[tuple[str, tuple[int, ...], int, int | str, TieRule | None]]:
        awards = allocate(rows, cats, TieRule.DRAW, seed)
        return [(a.category, a.places, a.competitor, a.prize, a.tie) for a in awards]

    assert given(0) == [
        ("Assoluta", (1,), 1, 10000, None),
        ("Assoluta", (2,), 8, 6000, TieRule.DRAW),
        ("Dame", (1,), 5, 3000, None),
    ]
    assert given(1) == [
        ("Assoluta", (1,), 1, 10000, None),
        ("Assoluta", (2,), 5, 6000, TieRule.DRAW),
        ("Dame", (1,), 8, 3000, None),
    ]
    tied = allocate(rows, cats, TieRule.DRAW, 1)[1]
    assert (tied.rank, tied.tied_with) == (2, (8,))


def test_art61_c_the_seeded_draw_is_the_same_when_read_again() -> None:
    """Art. 6.1 c) "aggiudicazione del premio secondo sorteggio": the draw is made from the
    plan's seed, so reading the event file again (another day, another version) gives the
    same places; these are the places seed 2026 draws for five tied from place 2."""
    assert draw_places(PrizeTie(2, (1, 3, 5, 7, 9)), 2026) == {3: 2, 9: 3, 7: 4, 5: 5, 1: 6}


def test_art61_c_each_category_draws_with_its_own_seed() -> None:
    """Art. 6.1 c): five level at rank 1 for four overall prizes, the overall category listed
    second: the places drawn by the plan's seed 41 for that category and place."""
    rows = [standing(1, c) for c in (1, 2, 3, 4, 5)]
    cats = [
        PrizeCategory("Dame", (500,), frozenset({9})),
        PrizeCategory("Assoluta", (400, 300, 200, 100)),
    ]
    awards = allocate(rows, cats, TieRule.DRAW, 41)
    assert [(a.places, a.competitor, a.prize) for a in awards] == [
        ((1,), 2, 400),
        ((2,), 3, 300),
        ((3,), 4, 200),
        ((4,), 1, 100),
    ]
