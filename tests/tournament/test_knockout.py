"""The knockout bracket (Briscola art. 9, with arts. 8 and 10): byes, best of 3, champion."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.tournament.knockout import (
    Bracket,
    GameReport,
    apply_game,
    bracket_from_payload,
    bracket_payload,
    draw_order,
    fold_bracket,
    seeding_positions,
)


def _won(match: str, game: int, winner: int, loser: int, pts: int = 70) -> GameReport:
    return GameReport(match, game, points={winner: pts, loser: 120 - pts}, last_trick=winner)


def test_seeding_positions_keep_the_top_seeds_apart() -> None:
    """The usual layout: 1 v 8, 4 v 5, 2 v 7, 3 v 6; seeds 1 and 2 meet only in the final."""
    assert seeding_positions(2) == (1, 2)
    assert seeding_positions(4) == (1, 4, 2, 3)
    assert seeding_positions(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert sorted(seeding_positions(16)) == list(range(1, 17))


def test_art9_thirteen_seeded_pairs_top_three_seeds_get_byes() -> None:
    """13 pairs: a bracket of 16, three byes in round 1 to seeds 1-3; 12 matches to play."""
    b = Bracket.seeded(list(range(101, 114)))
    assert b.size == 16 and len(b.rounds) == 4
    assert b.byes == (101, 102, 103)
    assert [m.id for m in b.rounds[0] if m.is_bye] == ["R1M1", "R1M5", "R1M7"]
    assert len(b.matches()) == 12 and len(b.pending()) == 5
    assert [b.round_label(r).render("it") for r in (1, 2, 3, 4)] == [
        "ottavi di finale",
        "quarti di finale",
        "semifinali",
        "finale",
    ]
    # the byes already wait in round 2
    assert b.match("R2M1").first == 101 and b.match("R2M1").second is None
    first = b.match("R1M1")
    assert first.is_bye and first.winner == 101 and first.games == ()


def test_art9_byes_by_draw_are_reproducible() -> None:
    """By draw: the order comes from a seeded random.Random; the byes fall by draw."""
    pairs = list(range(1, 14))
    a = Bracket.drawn(pairs, random.Random(1))
    assert a == Bracket.drawn(pairs, random.Random(1))
    assert a.method == "draw" and sorted(a.order) == pairs and len(a.byes) == 3
    assert set(a.byes) == set(a.order[:3])
    assert draw_order(pairs, random.Random(1)) == a.order


def test_art9_power_of_two_has_no_byes_and_one_pair_is_champion() -> None:
    """8 pairs: no byes, 7 matches; a field of one pair is its own champion."""
    b = Bracket.seeded(list(range(1, 9)))
    assert b.byes == () and len(b.matches()) == 7 and len(b.pending()) == 4
    assert Bracket.seeded([5]).champion == 5 and Bracket.seeded([5]).matches() == ()


def test_bracket_refuses_empty_field_and_pairs_twice() -> None:
    """Bad fields name what is wrong."""
    with pytest.raises(ArbitroError):
        Bracket.seeded([])
    with pytest.raises(ArbitroError) as err:
        Bracket.seeded([1, 2, 2, 3])
    assert "2" in err.value.it


def test_art9_two_games_of_three_decide_and_the_winner_advances() -> None:
    """Art. 9: "La coppia che vincerà 2 partite su 3, accede al turno successivo"."""
    b0 = Bracket.seeded([1, 2, 3, 4])  # R1M1: 1 v 4, R1M2: 2 v 3
    b = apply_game(b0, _won("R1M1", 1, 4, 1))
    assert b.match("R1M1").winner is None and b.match("R1M1").score == (0, 1)
    b = apply_game(b, _won("R1M1", 2, 1, 4))
    b = apply_game(b, _won("R1M1", 3, 1, 4, pts=61))
    m = b.match("R1M1")
    assert m.score == (2, 1) and m.winner == 1 and m.loser == 4
    assert b.match("R2M1").first == 1 and b.match("R2M1").second is None
    assert b0.match("R1M1").games == ()  # immutable: the old bracket is unchanged
    assert b.eliminated_in(4) == 1 and b.eliminated_in(1) is None


def test_art9_a_decided_match_takes_no_more_games() -> None:
    """Art. 9: after 2-0 there is no third game."""
    b = Bracket.seeded([1, 2])
    b = apply_game(apply_game(b, _won("R1M1", 1, 2, 1)), _won("R1M1", 2, 2, 1))
    assert b.champion == 2 and b.is_over
    with pytest.raises(ConflictError) as err:
        apply_game(b, _won("R1M1", 3, 1, 2))
    assert err.value.article == Citation(CodeId.BRISCOLA, "9")


def test_art9_games_come_in_order() -> None:
    """A game number out of order (a repeated or skipped game) is refused."""
    b = Bracket.seeded([1, 2])
    with pytest.raises(ConflictError):
        apply_game(b, _won("R1M1", 2, 1, 2))


def test_art8_points_must_add_up_and_name_the_match_pairs() -> None:
    """Art. 8: the two pairs' points add up to 120; a third pair's points are refused."""
    b = Bracket.seeded([1, 2])
    with pytest.raises(ArbitroError) as err:
        apply_game(b, GameReport("R1M1", 1, points={1: 70, 2: 60}))
    assert err.value.article == Citation(CodeId.BRISCOLA, "8")
    with pytest.raises(ArbitroError):
        apply_game(b, GameReport("R1M1", 1, points={1: 70, 3: 50}))
    with pytest.raises(ArbitroError):
        apply_game(b, GameReport("R1M1", 1, points={1: 70, 2: 50}, winner=2))


def test_art8_tie_at_sixty_goes_to_the_last_trick() -> None:
    """Art. 8: at 60-60 the pair that won the last trick wins the game; without it, refused."""
    b = Bracket.seeded([1, 2])
    b = apply_game(b, GameReport("R1M1", 1, points={1: 60, 2: 60}, last_trick=2))
    assert b.match("R1M1").games[0].winner == 2
    with pytest.raises(ArbitroError) as err:
        apply_game(b, GameReport("R1M1", 2, points={1: 60, 2: 60}))
    assert err.value.article == Citation(CodeId.BRISCOLA, "8")


def test_art10_irregularity_loses_the_game_for_the_offending_pair() -> None:
    """Art. 10: "la coppia perderà la partita"."""
    b = Bracket.seeded([1, 2])
    b = apply_game(b, GameReport("R1M1", 1, irregularity="out-of-turn", offender=1))
    g = b.match("R1M1").games[0]
    assert g.winner == 2 and g.offender == 1 and g.irregularity == "out-of-turn"
    b = apply_game(b, GameReport("R1M1", 2, irregularity="dealer-stacking", offender=1))
    assert b.champion == 2
    with pytest.raises(ArbitroError) as err:
        apply_game(Bracket.seeded([1, 2]), GameReport("R1M1", 1, irregularity="late", offender=1))
    assert err.value.article == Citation(CodeId.BRISCOLA, "10")
    with pytest.raises(ArbitroError) as err:
        apply_game(
            Bracket.seeded([1, 2]), GameReport("R1M1", 1, irregularity="communication", offender=9)
        )
    assert err.value.article == Citation(CodeId.BRISCOLA, "10")


def test_matches_not_ready_byes_and_unknown_ids_are_refused() -> None:
    """Results for a bye, a match whose pairs are unknown or no such match are refused."""
    b = Bracket.seeded([1, 2, 3])  # 1 has a bye
    with pytest.raises(ConflictError):
        apply_game(b, _won("R1M1", 1, 1, 4))
    with pytest.raises(ConflictError):
        apply_game(b, _won("R2M1", 1, 1, 2))
    with pytest.raises(NotFoundError):
        apply_game(b, _won("R9M1", 1, 1, 2))


def test_payloads_round_trip() -> None:
    """The record payloads (bracket drawn, game result, irregularity) read back the same."""
    b = Bracket.drawn(list(range(1, 14)), random.Random(3))
    p = bracket_payload(b, seed=3)
    assert p == {"method": "draw", "order": list(b.order), "seed": 3}
    assert bracket_from_payload(p) == b
    for r in (
        GameReport("R1M2", 1, points={4: 61, 9: 59}, last_trick=9, winner=4),
        GameReport("R1M2", 2, irregularity="communication", offender=9),
    ):
        assert GameReport.from_payload(r.to_payload()) == r
    with pytest.raises(ArbitroError):
        GameReport.from_payload({"game": 1})


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=1, max_value=40), seed=st.integers(min_value=0, max_value=10**6))
def test_art9_any_field_ends_with_a_champion_after_n_minus_one_matches(n: int, seed: int) -> None:
    """Any field, any results: n-1 matches, each 2-0 or 2-1, every pair but the champion
    knocked out exactly once, never two byes meeting."""
    rng = random.Random(seed)
    b = Bracket.drawn(list(range(1, n + 1)), rng)
    while b.pending():
        m = b.pending()[0]
        assert m.first is not None and m.second is not None
        game = len(m.games) + 1
        if rng.random() < 0.1:
            b = apply_game(
                b, GameReport(m.id, game, irregularity="communication", offender=m.first)
            )
        else:
            w, lo = (m.first, m.second) if rng.random() < 0.5 else (m.second, m.first)
            pts = rng.choice([p for p in range(60, 121) if p != 119])  # art. 8: 119 impossible
            b = apply_game(b, GameReport(m.id, game, points={w: pts, lo: 120 - pts}, last_trick=w))
    assert b.champion is not None
    played = b.matches()
    assert len(played) == n - 1
    assert all(sorted(m.score) in ([0, 2], [1, 2]) for m in played)
    losers = [m.loser for m in played if m.loser is not None]
    assert len(losers) == n - 1
    assert sorted([*losers, b.champion]) == list(range(1, n + 1))


def test_fold_bracket_from_records() -> None:
    """An event's records fold into its bracket; a result before the draw is refused."""
    b = Bracket.seeded([1, 2, 3])
    recs = [
        ("pair-registered", {"competitor": 1}),
        ("bracket-drawn", bracket_payload(b)),
        ("game-result", _won("R1M2", 1, 3, 2).to_payload()),
        (
            "irregularity",
            GameReport("R1M2", 2, irregularity="communication", offender=2).to_payload(),
        ),
    ]
    folded = fold_bracket(recs)
    assert folded is not None and folded.match("R1M2").winner == 3
    assert folded.match("R2M1").first == 1 and folded.match("R2M1").second == 3
    assert fold_bracket([]) is None
    with pytest.raises(ConflictError):
        fold_bracket(recs[2:])
