"""The Briscola knockout evening's domain (issue 27): impossible game points (art. 8), a pair
that does not show up (art. 9, Briscola ruling 11), a fee paid after registration (premessa), the
draw number kept by the bracket's record."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.codes.briscola import briscola
from arbitro.errors import ArbitroError, ConflictError
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import Bracket, GameReport, apply_game, withdraw
from arbitro.tournament.knockout_event import KnockoutConfig

NOW = datetime(2026, 11, 13, 14, 30, tzinfo=UTC)


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[KnockoutService]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'k.sqlite3'}") as store:
        yield KnockoutService(store, lambda: NOW)


def test_art8_one_point_is_impossible_no_card_is_worth_1() -> None:
    """Art. 8: asso 11, 3 10, re 4, cavallo 3, fante 2, the others 0: a pair takes 0, 2, 3...
    but never 1 point, so never 119 either."""
    possible = briscola().possible_points
    assert 1 not in possible and 119 not in possible
    assert {0, 2, 3, 60, 61, 117, 118, 120} <= possible
    b = Bracket.seeded([1, 2])
    with pytest.raises(ArbitroError) as err:
        apply_game(b, GameReport("R1M1", 1, {1: 119, 2: 1}))
    assert err.value.key == "knockout.points_impossible"
    assert err.value.msg.params["points"] == 119 and "8" in str(err.value.article)
    played = apply_game(b, GameReport("R1M1", 1, {1: 118, 2: 2}))
    assert played.match("R1M1").games[0].winner == 1


def test_art8_a_60_60_tie_goes_to_the_last_trick() -> None:
    """Art. 8: "In caso di parità, la coppia che avrà vinto l'ultima mano, avrà vinto"."""
    b = Bracket.seeded([1, 2])
    with pytest.raises(ArbitroError) as err:
        apply_game(b, GameReport("R1M1", 1, {1: 60, 2: 60}))
    assert err.value.key == "knockout.tie_last_trick"
    b = apply_game(b, GameReport("R1M1", 1, {1: 60, 2: 60}, last_trick=2))
    assert b.match("R1M1").games[0].winner == 2


def test_art9_a_pair_that_does_not_show_up_loses_its_match_without_games() -> None:
    """Art. 9: only the winner of a match goes on; a pair that does not show up loses it
    "a tavolino", without invented games (Briscola ruling 11)."""
    b = Bracket.seeded(list(range(1, 14)))  # 13 pairs: byes to 1, 2, 3
    r1 = next(m for m in b.rounds[0] if not m.is_bye)
    b = withdraw(b, r1.second or 0)
    m = b.match(r1.id)
    assert m.games == () and m.is_walkover and m.winner == r1.first
    assert m.to_dict()["walkover"] == r1.second
    nxt = b.rounds[1][(m.number - 1) // 2]
    assert r1.first in (nxt.first, nxt.second)
    with pytest.raises(ConflictError):
        withdraw(b, r1.second or 0)  # already out


def test_art9_a_bye_pair_that_leaves_loses_its_next_match_once_the_opponent_is_known() -> None:
    """The pair with a bye (seed 1) leaves before round 2: the winner of the match below goes
    to the quarterfinal's winner's place as soon as it is known."""
    b = Bracket.seeded(list(range(1, 14)))
    b = withdraw(b, 1)
    r2 = b.match("R2M1")
    assert r2.first == 1 and r2.winner is None and r2.walkover == 1
    feeder = b.match("R1M2")
    a, c = feeder.first or 0, feeder.second or 0
    for game in (1, 2):
        b = apply_game(b, GameReport("R1M2", game, {a: 70, c: 50}))
    assert b.match("R2M1").winner == a and b.match("R2M1").is_walkover
    assert a in (b.match("R3M1").first, b.match("R3M1").second)


def test_premessa_fee_paid_after_registration_and_art9_withdrawn_before_the_draw(
    svc: KnockoutService,
) -> None:
    """Premessa: € 4 a coppia; a pair registered unpaid pays later. A pair withdrawn before
    the draw is not in the bracket; the bracket's record keeps the real draw number."""
    svc.create("b", KnockoutConfig("Briscola", seed=0))
    for i in range(1, 6):
        svc.run("b", values.RegisterPair(f"Coppia {i}", paid=i != 2))
    assert svc.state("b").fees_collected_cents == 4 * 400
    svc.run("b", values.PayFee(2))
    assert svc.state("b").fees_collected_cents == 5 * 400
    with pytest.raises(ConflictError):
        svc.run("b", values.PayFee(2))
    svc.run("b", values.WithdrawPair(5))
    svc.run("b", values.DrawBracket(seed=4242))
    st = svc.state("b")
    assert st.bracket is not None and 5 not in st.bracket.order
    assert st.draw_number == 4242 and st.config.seed == 0
    svc.run("b", values.WithdrawPair(3))
    st = svc.state("b")
    assert st.bracket is not None and st.bracket.eliminated_in(3) == 1
    assert any(m.is_walkover for m in st.bracket.matches())


def test_art9_a_withdrawal_before_the_draw_stands_once_the_bracket_is_drawn(
    svc: KnockoutService,
) -> None:
    """Ruling Briscola 11: a pair left out of the draw comes back only before the draw; once
    the bracket is drawn without it, cancelling its withdrawal is refused (art. 9)."""
    svc.create("b", KnockoutConfig("Briscola"))
    for i in range(1, 5):
        svc.run("b", values.RegisterPair(f"Coppia {i}"))
    svc.run("b", values.WithdrawPair(4))
    seq = max(svc.state("b").withdrawals)
    svc.run("b", values.CancelGame(seq, "arrivata in ritardo"))
    assert not svc.state("b").pairs[4].withdrawn
    svc.run("b", values.WithdrawPair(4))
    seq = max(svc.state("b").withdrawals)
    svc.run("b", values.DrawBracket(seed=1))
    with pytest.raises(ConflictError) as err:
        svc.run("b", values.CancelGame(seq, "arrivata in ritardo"))
    assert "the draw stands" in err.value.msg.msgid


def test_the_evening_round_trips_through_its_event_file(tmp_path: Path) -> None:
    """Every record of the evening — a fee paid later (premessa), a withdrawal cancelled and
    one standing (ruling Briscola 11), games entered by the two phones (arts. 8-9, ruling
    Briscola 12) — is checked again on import and gives the same bracket."""
    from arbitro.services.event_file import export_event, import_event

    with (
        RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as a,
        RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as b,
    ):
        source = KnockoutService(a, lambda: NOW)
        source.create("ko", KnockoutConfig("Coppa", seeded=True))
        for i in range(1, 6):
            source.run("ko", values.RegisterPair(f"Coppia {i}", paid=i != 3))
        source.run("ko", values.PayFee(3))
        source.run("ko", values.DrawBracket(seed=5))
        source.run("ko", values.WithdrawPair(5))
        source.run("ko", values.CancelGame(max(source.state("ko").withdrawals), "sbaglio"))
        source.run("ko", values.WithdrawPair(5))
        assert not source.run(
            "ko", values.EnterGame("R2M2", 2, {2: 70, 3: 50}, None, "phone-of-pair-2-abcdefg")
        )
        assert source.run(
            "ko", values.EnterGame("R2M2", 3, {2: 70, 3: 50}, None, "phone-of-pair-3-abcdefg")
        )
        data = export_event(source, "ko")
        target = KnockoutService(b, lambda: NOW)
        import_event(target, data)
        assert target.state("ko").bracket == source.state("ko").bracket
        assert target.state("ko").fees_collected_cents == 5 * 400
