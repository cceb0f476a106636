"""Burraco Parole art. 13.4 (shared/seeds/002), abandon or sending away during a round: "a suo
insindacabile giudizio [l'arbitro] potrà: a) accreditarli zero Punti Partita; b) attribuire il
punteggio previsto dalla tabella in uso [...]; c) attribuire ai giocatori il punteggio
acquisito sino a quel momento". The choice is a field of the abandon record, applied by the
scoring; a record without it (every file written before) scores as before."""

from __future__ import annotations

import dataclasses

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.event import EventState
from arbitro.tournament.model import Movement
from arbitro.tournament.records import AbandonRecorded, AbandonScore, body_from_json, body_to_json
from arbitro.tournament.scoring.results import RoundScore, ScoreSource, round_scores

from .conftest import Driver, config, first


def parole_table() -> tuple[Driver, int, int]:
    """A Parole event of 3-deal rounds, two pairs at table 1: (driver, N-S, E-W)."""
    d = Driver(
        config(
            rounds=2,
            deals=3,
            movements=(Movement.REGISTRATION_ORDER, Movement.DRAW),
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        )
    )
    d.register_many(2)
    d.seat(1)
    t = d.table(1, 1)
    return d, first(t.ns), first(t.ew)


def scores(d: Driver) -> dict[int, RoundScore]:
    return round_scores(d.state, 1, as_of=1)


def test_art13_4_a_zero_for_the_side_that_left() -> None:
    """Art. 13.4 a): the side that left gets zero; the side present the table's rest score
    (art. 3.1: 355 MP, 14 VP)."""
    d, ns, ew = parole_table()
    d.do(commands.record_abandon(d.state, 1, ns, True, "malore", d.now, score=AbandonScore.ZERO))
    got = scores(d)
    assert (got[ns].source, got[ns].mp, got[ns].vp) == (ScoreSource.ZERO, 0, 0)
    assert (got[ew].source, got[ew].mp, got[ew].vp) == (ScoreSource.REST, 355, 14)


def test_art13_4_b_the_tables_score_for_the_side_that_left() -> None:
    """Art. 13.4 b): "il punteggio previsto dalla tabella in uso" — the side that left gets
    the rest score's counterpart (art. 3 table: 355 MP is 14-6), even for an unjustified
    abandon, which without the choice would score zero."""
    d, ns, ew = parole_table()
    d.do(
        commands.record_abandon(
            d.state, 1, ns, False, "allontanato", d.now, score=AbandonScore.REST_SCORE
        )
    )
    got = scores(d)
    assert (got[ns].source, got[ns].vp) == (ScoreSource.FORFEIT, 6)
    assert got[ns].mp < 0
    assert (got[ew].source, got[ew].mp, got[ew].vp) == (ScoreSource.REST, 355, 14)


def test_art13_4_c_the_score_acquired_so_far() -> None:
    """Art. 13.4 c): the sheet of the deals played until the abandon (the deals not played
    written as 0) is the round's score, for both sides; no sheet yet: pending."""
    d, ns, ew = parole_table()
    d.do(
        commands.record_abandon(
            d.state, 1, ns, True, "malore", d.now, score=AbandonScore.SCORE_SO_FAR
        )
    )
    assert scores(d)[ns].source is ScoreSource.PENDING
    d.sheet(1, 1, (300, 200, 100, 45), (0, 0, 0, 0), (0, 0, 0, 0))
    got = scores(d)
    assert (got[ns].source, got[ns].mp, got[ns].vp) == (ScoreSource.SHEET, 355, 14)
    assert (got[ew].source, got[ew].mp, got[ew].vp) == (ScoreSource.SHEET, -355, 6)
    # The side that left plays no later round all the same (art. 13.4: abandon).
    d.publish(1)
    assert d.state.competitors[ns].withdrawn_from_round == 2


def test_art13_4_without_a_choice_scores_as_before() -> None:
    """An abandon recorded without the choice (old event files) keeps today's reading: the
    rest score's counterpart if justified, zero if not."""
    d, ns, ew = parole_table()
    d.do(commands.record_abandon(d.state, 1, ns, False, "lite", d.now))
    got = scores(d)
    assert (got[ns].source, got[ns].mp, got[ns].vp) == (ScoreSource.ZERO, 0, 0)
    assert (got[ew].source, got[ew].mp, got[ew].vp) == (ScoreSource.REST, 355, 14)
    old = {"round": 1, "competitor": ns, "justified": True}
    body = body_from_json("abandon-recorded", old)
    assert body == AbandonRecorded(1, ns, True)
    assert body_to_json(body) == old  # no new key written for the default
    chosen = AbandonRecorded(1, ns, True, AbandonScore.SCORE_SO_FAR)
    assert body_to_json(chosen) == {**old, "score": "score_so_far"}
    assert body_from_json("abandon-recorded", body_to_json(chosen)) == chosen


def test_art13_4_the_choice_survives_a_replay_and_shows_in_the_ledger() -> None:
    """The choice is folded from the log like every record and named in the ledger."""
    d, ns, _ = parole_table()
    d.do(commands.record_abandon(d.state, 1, ns, True, "malore", d.now, score=AbandonScore.ZERO))
    again = EventState.replay("test", [dataclasses.replace(r) for r in d.log])
    assert again.abandon_scores == {(1, ns): AbandonScore.ZERO}
    (line,) = [e for e in again.ledger if e.kind == "abandon"]
    assert "zero" in line.detail.render("en")


def test_fibas_art36_offers_no_choice() -> None:
    """FIBAS art. 36 fixes the leaving line's score by whether the abandon is justified: a
    choice of score is refused, citing the article."""
    d = Driver(config(rounds=1, movements=(Movement.REGISTRATION_ORDER,)))
    d.register_many(2)
    d.seat(1)
    with pytest.raises(ArbitroError, match=r"art\. 36"):
        commands.record_abandon(d.state, 1, 1, True, "malore", d.now, score=AbandonScore.ZERO)


def test_art13_4_a_cancelled_abandon_takes_its_choice_with_it() -> None:
    """Cancelled (by the arbiter, with a reason, while the round is played), the abandon and
    its choice go: the table is scored by its sheet again."""
    d, ns, _ = parole_table()
    d.do(commands.record_abandon(d.state, 1, ns, True, "malore", d.now, score=AbandonScore.ZERO))
    seq = len(d.log)
    d.do(commands.cancel(d.state, seq, "sbaglio di tavolo", d.now, "arbiter"))
    again = EventState.replay("test", d.log)
    assert again.abandon_scores == {} and again.abandons == {}
    assert round_scores(again, 1, as_of=1)[ns].source is ScoreSource.PENDING
