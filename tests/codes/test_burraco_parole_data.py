"""The UISP Burraco Parole code's numbers, checked against the seed's text (shared/seeds/002)."""

from __future__ import annotations

import pytest

from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.codes.burraco_parole import JOLLY, PINELLA, burraco_parole
from arbitro.errors import ArbitroError


def test_art1_2_deck_composition() -> None:
    """Art. 1.2: 16 consonants x2, 5 vowels x4, 5 foreign x2, 4 pinelle, 2 jolly; 68 or 58."""
    c = burraco_parole()
    assert len(c.consonants) == 16 and c.consonant_copies == 2
    assert c.vowels == ("A", "E", "I", "O", "U") and c.vowel_copies == 4
    assert c.foreign == ("J", "K", "W", "X", "Y") and c.foreign_copies == 2
    assert (c.pinelle, c.jolly) == (4, 2)
    italian = 16 * 2 + 5 * 4 + 4 + 2
    assert c.italian_cards == italian == 58 == c.deck_size
    assert c.full_cards == italian + 10 == 68 == c.with_foreign_letters().deck_size
    assert len(c.alphabet) == 21 and len(c.with_foreign_letters().alphabet) == 26


def test_art1_2_values_by_colour() -> None:
    """Art. 1.2, 5: jolly 30, pinella 20, green 15, red 10, yellow 5 (colours: DESIGN.md)."""
    v = burraco_parole().letter_values
    assert v[JOLLY] == 30 and v[PINELLA] == 20
    assert {v[x] for x in "HQZJKWXY"} == {15}
    assert {v[x] for x in "BCDFGLMNPRSTV"} == {10}
    assert {v[x] for x in "AEIOU"} == {5}
    assert len(v) == 26 + 2
    assert burraco_parole().deck_value() == 2 * 30 + 4 * 20 + 2 * 45 + 2 * 130 + 4 * 25 == 590
    assert burraco_parole().with_foreign_letters().deck_value() == 590 + 2 * 5 * 15


def test_art3_3_seat_draw_order() -> None:
    """Art. 3.3: jolly, pinella, H Q J K W X Y Z, B ... V, A E I O U, highest first."""
    order = burraco_parole().seat_draw_order
    assert order[:2] == (JOLLY, PINELLA)
    assert "".join(order[2:]) == "HQJKWXYZBCDFGLMNPRSTVAEIOU"


def test_arts1_5_6_deal_and_bonuses() -> None:
    """Art. 3.4: 7 cards; art. 6 B.1: two stock cards unplayable; arts. 1, 5: 100/50/50."""
    c = burraco_parole()
    assert c.cards_per_player == 7 and c.unplayable_stock_cards == 2 and c.pozzetti == 0
    assert (c.meld_min_cards, c.meld_max_wilds, c.burraco_min_cards) == (3, 1, 5)
    assert c.dirty_burraco_min_naturals == 4
    assert (c.clean_burraco, c.dirty_burraco, c.closing_bonus) == (100, 50, 50)
    assert c.game_target == 1005 and c.vp_total == 20 and c.mp_step == 5


def test_art3_vp_table_as_printed() -> None:
    """Art. 3: the table on the sheet: 0-40 10-10 ... 875-1000 19-1, beyond 1000 20-0."""
    c = burraco_parole()
    for deals in (3, 4):
        t = c.vp_table(deals=deals)
        assert t.article == "3"
        assert (t.bands[0].low, t.bands[0].high, t.bands[0].winner) == (0, 40, 10)
        assert (t.bands[4].low, t.bands[4].high, t.bands[4].winner) == (305, 400, 14)
        assert (t.bands[-1].low, t.bands[-1].high, t.bands[-1].loser) == (875, 1000, 1)
        assert t.beyond == (20, 0)
        for a, b in zip(t.bands, t.bands[1:], strict=False):
            assert b.low == a.high + 5 and b.winner == a.winner + 1
        assert all(b.winner + b.loser == c.vp_total for b in t.bands)
    with pytest.raises(ArbitroError, match="squadre"):
        c.vp_table(deals=3, teams=True)
    with pytest.raises(ArbitroError):
        c.vp_table(deals=2)


def test_art3_1_rest_score_355() -> None:
    """Art. 3.1, 13.3: the resting line gets 355 MP, 14 VP by the table (band 305-400)."""
    c = burraco_parole()
    for deals in (3, 4):
        r = c.rest_score(deals)
        assert r is not None
        assert (r.present_mp, r.present_vp, r.absent_mp, r.absent_vp) == (355, 14, -355, 6)
    assert c.rest_score(1) is None


def test_art3_round_times() -> None:
    """Art. 3: 3 deals from 25 to 32 minutes, 4 deals from 32 to 40."""
    c = burraco_parole()
    assert c.round_minutes == {3: 32, 4: 40}
    assert c.round_minutes_min == {3: 25, 4: 32}


def test_art13_lateness() -> None:
    """Art. 13.1: within 3 min a reprimand; 13.2: 3-5 min -100 MP; twice: a warning."""
    c = burraco_parole()
    assert c.lateness_warning_up_to_s == 180 and c.lateness_first_sanction == "reprimand"
    assert c.lateness_mp_penalty_up_to_s == 300 and c.lateness_mp_penalty == -100
    assert c.lateness_repeat_sanction == "warning"
    assert c.lateness_repeat_within_warning_mp_penalty == -100
    assert c.lateness_beyond == ("zero", "rest_score")
    assert c.abandon_options == ("zero", "rest_score", "score_so_far")


def test_art14_sanctions_and_art6_1_ties() -> None:
    """Art. 14.4: reprimand, warning, expulsion and their causes; art. 6.1 ties; 14.1: 5 min."""
    c = burraco_parole()
    assert c.sanctions_order == ("reprimand", "warning", "expulsion")
    assert len(c.sanction_causes["reprimand"]) == 11
    assert len(c.sanction_causes["warning"]) == 2
    assert len(c.sanction_causes["expulsion"]) == 3
    assert c.report_within_hours == 24 and c.complaints_window_minutes == 5
    assert c.tie_options == ("split_prize", "winners_decide", "draw_lots")
    assert c.score_sheet_filled_by == "served_first" and c.score_sheet_handed_in_by == "winner"
    assert c.time_out_extra_rounds == 1


def test_same_keys_as_fibas() -> None:
    """The event machinery reads either code: same VP table, rest score and lateness shapes."""
    p, f = burraco_parole(), burraco_fibas()
    assert type(p.vp_table(deals=3)) is type(f.vp_table(deals=3))
    assert type(p.rest_score(3)) is type(f.rest_score(3))
    for name in ("lateness_warning_up_to_s", "lateness_mp_penalty_up_to_s", "lateness_mp_penalty"):
        assert isinstance(getattr(p, name), int) and isinstance(getattr(f, name), int)
    assert set(p.round_minutes) <= set(f.round_minutes)


def test_event_value_override() -> None:
    """An event may read the colours differently (DESIGN.md); bad values are refused."""
    c = burraco_parole().with_letter_values({"h": 10})
    assert c.letter_values["H"] == 10 and burraco_parole().letter_values["H"] == 15
    with pytest.raises(ArbitroError, match="valore"):
        burraco_parole().with_letter_values({"1": 5})


def test_art14_1_the_complaints_window_is_cited_from_14_1_not_2_5() -> None:
    """Parole art. 14.1 2): a mistaken count is contested "entro 5 minuti dall'affissione delle
    classifiche"; art. 2.5 is the direction's own check of the sheets (issue 27)."""
    from arbitro.codes.citation import cite
    from arbitro.tournament.rules import rules_for

    rules = rules_for("burraco-parole-uisp")
    assert rules.complaints_window_minutes == 5
    assert str(rules.cite("complaints")) == "Parole UISP art. 14.1"
    assert cite("burraco-parole-uisp", "complaints_procedure").article == "14.1"
