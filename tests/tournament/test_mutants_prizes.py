"""Prize ties (Burraco Parole art. 6.1) where mutation testing found changes no test noticed
(issue 26, item Q; bench/mutation.py): a tie on the last prize place, and the seeded draw of
rule c), which must give the same places whenever the event file is read again (the plan
records only its seed)."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.i18n import use_lang
from arbitro.tournament.standings.prizes import (
    RULE_WORDS,
    TIE_WORDS,
    Award,
    CategoryRequest,
    Eligibility,
    PlayerProfile,
    PrizeCategory,
    PrizeTie,
    TieRule,
    WordList,
    allocate,
    build_plan,
    draw_places,
    named,
    plan_awards,
    plan_categories,
    prize_ties,
    qualifies,
    rule_word,
    split_prize,
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


def test_art61_a_the_share_of_a_split_is_whole_cents_and_names_the_tie() -> None:
    """Art. 6.1 a): tied for the 2nd and 3rd prizes of 60 and 40 euros, each takes 50,00
    (whole cents), the award naming its category, places, rank, rule and the other."""
    rows = [standing(1, 5), standing(2, 1), standing(2, 3)]
    awards = allocate(rows, [PrizeCategory("Assoluta", (10000, 6000, 4000))], TieRule.SPLIT, 1)
    assert awards[1:] == [
        Award("Assoluta", (2, 3), 1, 2, 5000, TieRule.SPLIT, (3,)),
        Award("Assoluta", (2, 3), 3, 2, 5000, TieRule.SPLIT, (1,)),
    ]
    assert all(type(a.prize) is int for a in awards)
    assert split_prize([5000]) == 5000 and type(split_prize([6000, 4000])) is int
    with pytest.raises(ArbitroError):
        split_prize([])


def test_art61_a_a_prize_in_kind_cannot_be_split_it_is_drawn() -> None:
    """Art. 6.1 c) "qualora il premio non fosse divisibile": two tied for a cup and 50 euros
    (even though 50 alone would split in two) draw the places."""
    rows = [standing(1, 1), standing(1, 2)]
    awards = allocate(rows, [PrizeCategory("Assoluta", ("Coppa", 5000))], TieRule.SPLIT, 4)
    assert [a.tie for a in awards] == [TieRule.DRAW, TieRule.DRAW]
    assert sorted(a.places for a in awards) == [(1,), (2,)]
    assert {a.prize for a in awards} == {"Coppa", 5000}


def test_art61_b_the_winners_share_what_they_compete_for() -> None:
    """Art. 6.1 b) "lasciare facoltà decisionale ai vincitori": the tied share the prizes
    they cover: money added up, or the prizes listed when one is in kind."""
    rows = [standing(1, 1), standing(1, 2), standing(3, 3)]
    cup = allocate(
        rows, [PrizeCategory("Assoluta", ("Coppa", 5000, 100))], TieRule.WINNERS_DECIDE, 0
    )
    assert cup[:2] == [
        Award("Assoluta", (1, 2), 1, 1, "Coppa + 5000", TieRule.WINNERS_DECIDE, (2,)),
        Award("Assoluta", (1, 2), 2, 1, "Coppa + 5000", TieRule.WINNERS_DECIDE, (1,)),
    ]
    money = allocate(rows, [PrizeCategory("Assoluta", (7000, 5000))], TieRule.WINNERS_DECIDE, 0)
    assert [(a.competitor, a.prize, a.rank) for a in money] == [(1, 12000, 1), (2, 12000, 1)]


def test_art61_c_a_drawn_award_names_its_rank_and_the_others() -> None:
    """Art. 6.1 c): each drawn award names the rank the tied shared and the others."""
    rows = [standing(1, 1), standing(2, 5), standing(2, 8), standing(2, 9)]
    awards = allocate(rows, [PrizeCategory("Assoluta", (100, 60, 40, 20))], TieRule.DRAW, 3)
    drawn = awards[1:]
    assert [a.places for a in drawn] == [(2,), (3,), (4,)]
    assert [a.prize for a in drawn] == [60, 40, 20]
    for a in drawn:
        assert (a.category, a.rank, a.tie) == ("Assoluta", 2, TieRule.DRAW)
        assert set(a.tied_with) == {5, 8, 9} - {a.competitor}


def test_art61_eligibility_seniors_born_in_the_year_and_listed_categories() -> None:
    """Parole art. 6.1 "criteri preannunciati": seniors born in the year named or before;
    a listed category takes only the competitors the director lists (none listed: none)."""
    anna = PlayerProfile("F", 1955)
    assert qualifies(Eligibility.SENIORS, "1955", [anna])
    assert not qualifies(Eligibility.LISTED, None, [anna])
    plan = build_plan(
        [1, 2],
        {1: [anna], 2: [anna]},
        [CategoryRequest("Elenco", Eligibility.LISTED, (100,))],
        TieRule.DRAW,
        1,
        3,
    )
    assert plan.categories[0].eligible == ()


def test_art61_the_recorded_plan_gives_the_prizes() -> None:
    """The prize plan recorded in the event file (its categories, eligible competitors, tie
    rule and seed) gives the same prizes as the director's categories did."""
    rows = [standing(1, 1), standing(2, 2), standing(2, 3), standing(4, 4)]
    profiles = {c: [PlayerProfile("F" if c in (3, 4) else "M")] for c in (1, 2, 3, 4)}
    requests = [
        CategoryRequest("Assoluta", Eligibility.OVERALL, (10000, 6000)),
        CategoryRequest("Dame", Eligibility.LADIES, (3000,)),
    ]
    plan = build_plan([1, 2, 3, 4], profiles, requests, TieRule.DRAW, 9, 4)
    assert plan_categories(plan) == [
        PrizeCategory("Assoluta", (10000, 6000), None),
        PrizeCategory("Dame", (3000,), frozenset({3, 4})),
    ]
    assert plan_awards(rows, plan) == allocate(rows, plan_categories(plan), TieRule.DRAW, 9)
    assert {a.competitor for a in plan_awards(rows, plan)} == {1, 2, 3}


def test_art61_rule_and_tie_words_in_either_language() -> None:
    """The director writes the categories' rules and the tie rule in Italian or English
    (dame/ladies, sorteggio/draw), any case; the lists show them in the reader's language."""
    assert named(RULE_WORDS, " Dame ") is Eligibility.LADIES
    assert named(RULE_WORDS, "ladies") is Eligibility.LADIES
    assert named(TIE_WORDS, "sorteggio") is TieRule.DRAW
    assert named(TIE_WORDS, "winners-decide") is TieRule.WINNERS_DECIDE
    assert named(RULE_WORDS, "nessuna") is None
    assert (rule_word(Eligibility.LADIES, "it"), rule_word(Eligibility.LADIES, "en")) == (
        "dame",
        "ladies",
    )
    assert WordList(TIE_WORDS).render("en") == "split, winners-decide, draw"
    assert WordList(RULE_WORDS).render("it").startswith("assoluta, dame, ")
    with use_lang("en"):
        assert named(RULE_WORDS, "Dame") is Eligibility.LADIES
        assert named(TIE_WORDS, "sorteggio") is TieRule.DRAW


def test_art61_a_plan_records_each_categorys_rule_and_year() -> None:
    """The plan recorded names each category's rule and its parameter (the seniors' year),
    and the seniors found by that year (Parole art. 6.1: "criteri preannunciati")."""
    profiles = {1: [PlayerProfile("F", 1950)], 2: [PlayerProfile("M", 1970)]}
    request = CategoryRequest("Anziani", Eligibility.SENIORS, (100,), param="1960")
    plan = build_plan([1, 2], profiles, [request], TieRule.DRAW, 1, 3)
    (cat,) = plan.categories
    assert (cat.rule, cat.param, cat.eligible) == ("seniors", "1960", (1,))


def test_art61_a_category_naming_none_takes_no_player_of_unknown_category() -> None:
    """docs/rulings.md, Prizes 4 (Parole art. 6.1): "An attribute not known does not
    qualify": a federation-category line that names no category takes no player whose
    category is not known (found by mutation testing, issue 26)."""
    assert not qualifies(Eligibility.CATEGORY, None, [PlayerProfile()])
    assert not qualifies(Eligibility.CATEGORY, "", [PlayerProfile(category="")])
    assert qualifies(Eligibility.CATEGORY, "B", [PlayerProfile(category=" b ")])
