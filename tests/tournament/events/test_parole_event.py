"""A Burraco Parole event (UISP code, shared/seeds/002) on the same machinery: the Parole VP
table (art. 3), 3 or 4 deals (art. 3), the incomplete table's 355 MP (art. 3.1), lateness
(art. 13.1-13.3), bonuses of 50 (art. 1, 5), no team events."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.results import ScoreSource, round_scores
from arbitro.tournament.standings.standings import standings

from .conftest import Driver, config, first

NOW = datetime(2026, 11, 22, 21, 0, tzinfo=UTC)


def parole(rounds: int = 2, deals: int = 3) -> Driver:
    moves = (Movement.DRAW,) + (Movement.MITCHELL,) * (rounds - 1)
    return Driver(
        config(
            rounds=rounds,
            deals=deals,
            movements=moves,
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        )
    )


def test_art3_rounds_of_3_or_4_deals_and_no_teams() -> None:
    """Art. 3: the Parole code has tables for 3 and 4 deals; art. 3.2: pairs events."""
    with pytest.raises(ArbitroError, match=r"prevede turni da 3, 4"):
        commands.create_event(
            config(
                rounds=1,
                deals=2,
                movements=(Movement.DRAW,),
                code=CodeId.BURRACO_PAROLE,
                game=GameId.PAROLE,
            ),
            NOW,
        )
    one = config(
        rounds=1,
        deals=1,
        movements=(Movement.DRAW,),
        code=CodeId.BURRACO_PAROLE,
        game=GameId.PAROLE,
    )
    with pytest.raises(ArbitroError, match=r"turno 1: 1 smazzata; il codice"):  # not "1 smazzate"
        commands.create_event(one, NOW)
    with pytest.raises(ArbitroError, match="squadre"):
        commands.create_event(
            config(
                rounds=1,
                deals=3,
                movements=(Movement.DRAW,),
                code=CodeId.BURRACO_PAROLE,
                game=GameId.PAROLE,
                event_format=EventFormat.TEAMS,
            ),
            NOW,
        )
    with pytest.raises(ArbitroError, match="gioco"):
        commands.create_event(
            config(
                rounds=1,
                deals=3,
                movements=(Movement.DRAW,),
                code=CodeId.BURRACO_PAROLE,
                game=GameId.BURRACO,
            ),
            NOW,
        )


def test_art31_incomplete_table_gets_355_mp() -> None:
    """Art. 3.1: the line resting at the "tavolo zoppo" gets 355 MP (14 VP on the table)."""
    d = parole()
    d.register_many(3)
    d.seat(1)
    (rest,) = d.seating(1).resting
    s = round_scores(d.state, 1, as_of=1)[rest[0]]
    assert (s.source, s.mp, s.vp) == (ScoreSource.REST, 355, 14)


def test_art3_parole_vp_table_and_bonuses_of_50() -> None:
    """A dirty burraco is 50 (art. 1): a base of 50 is possible in Parole (not in FIBAS);
    600 v 245 over 3 deals is 355 → 14-6 on the Parole table (art. 3)."""
    d = parole()
    d.register_many(2)
    d.seat(1)
    d.sheet(1, 1, (50, 200, 0, 45), (150, 100, 50, 100), (50, 50, 0, 50))
    got = {r.competitor: (r.vp, r.mp) for r in standings(d.state, 1)}
    ns = first(next(t.ns for t in d.seating(1).tables))
    assert got[ns] == (14, 355)


def test_art13_lateness() -> None:
    """Art. 13.1: within 3 minutes a reprimand; late twice, a warning and -100 MP;
    art. 13.2: 3-5 minutes -100 MP; art. 13.3: beyond 5 minutes the late line gets zero and the
    complete line 355 MP."""
    d = parole(rounds=3)
    d.register_many(6)
    d.seat(1)
    t1, t2, t3 = d.seating(1).tables
    a, b, c = first(t1.ns), first(t2.ns), first(t3.ns)
    d.do(commands.record_lateness(d.state, 1, a, 120, d.now))  # reprimand only
    d.do(commands.record_lateness(d.state, 1, b, 240, d.now))  # -100 MP
    d.do(commands.record_lateness(d.state, 1, c, 400, d.now))  # match lost
    for t in (1, 2):
        d.sheet(1, t, (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    scores = round_scores(d.state, 1, as_of=1)
    assert scores[a].mp_penalty == 0 and scores[b].mp_penalty == -100
    assert (scores[c].source, scores[c].mp, scores[c].vp) == (ScoreSource.ZERO, 0, 0)
    assert (scores[first(t3.ew)].mp, scores[first(t3.ew)].vp) == (355, 14)
    d.publish(1)
    d.seat(2)
    d.do(commands.record_lateness(d.state, 2, a, 60, d.now))  # second lateness within 3 min
    for table in d.seating(2).tables:
        d.sheet(2, table.table, (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    row = next(r for r in standings(d.state, 2) if r.competitor == a)
    assert row.warnings == 1 and row.lateness_mp == -100 and row.penalty_vp == 0
    assert [e.kind for e in d.state.ledger if e.competitor == a] == ["lateness", "lateness"]
    assert d.state.ledger[0].article.render() == "Parole UISP art. 13"


def test_art5_art12_an_impossible_parole_sheet_cites_the_parole_articles() -> None:
    """A base of 75 is no sum of Parole bonuses (art. 5): refused citing the Parole articles
    of the score (art. 5, 12), with the bonuses named in both languages."""
    d = parole()
    d.register_many(2)
    d.seat(1)
    with pytest.raises(ArbitroError) as err:
        d.sheet(1, 1, (75, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    assert isinstance(err.value.article, Citation)
    assert err.value.article.article == "5, 12"
    assert "chiusura 50" in err.value.it and "closing 50" in err.value.en
