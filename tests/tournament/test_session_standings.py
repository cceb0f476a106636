"""Standings of one session (FIBAS art. 2 "Sessione": "Insieme dei turni di gara giocati
consecutivamente"): the VP and MP of the session's rounds only, ranked as the event's
standings (art. 19); the penalty of two warnings (art. 22, 41) counts in the session where
it falls due, so that the sessions add up to the event."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from tests.services.test_series_service import MEMBERS, SEASON, play_event

from arbitro.errors import ArbitroError
from arbitro.i18n import use_lang
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store import players as registry
from arbitro.store.players import PlayerFields
from arbitro.tournament.commands import values
from arbitro.tournament.event import SanctionKind
from arbitro.tournament.standings.standings import (
    session_of,
    session_rounds,
    session_standings,
    standings,
)

AT = datetime(2025, 10, 3, 15, 0, tzinfo=UTC)


def two_sessions(store: RecordStore) -> EventService:
    """A championship day of four rounds in two sessions (rounds 1-2 and 3-4); pair no. 4
    is warned in round 2 and in round 3 (its second warning: 1 VP and 100 MP, art. 41)."""
    for card, name in MEMBERS.items():
        registry.add_player(store, PlayerFields(name, card), AT)

    def warn(svc: EventService, rnd: int) -> None:
        if rnd in (2, 3):
            svc.run(
                "camp", values.GiveSanction(rnd, 4, SanctionKind.WARNING, "parla durante il gioco")
            )

    return play_event(
        store, "camp", "Campionato", SEASON["sett"], AT, rounds=4, sessions=(1, 3), on_round=warn
    )


def test_session_standings_add_up_to_the_event(record_store: RecordStore) -> None:
    """Session 1 is rounds 1-2, session 2 rounds 3-4; each competitor's VP and MP in the two
    sessions add up to the event's; the second warning's penalty (−1 VP, −100 MP) is in
    session 2, where it fell due; each session is ranked VP then MP (art. 19)."""
    state = two_sessions(record_store).state("camp")
    assert session_rounds(state, 1) == (1, 2) and session_rounds(state, 2) == (3, 4)
    assert [session_of(state, r) for r in (1, 2, 3, 4)] == [1, 1, 2, 2]
    first, second = session_standings(state, 1), session_standings(state, 2)
    total = {r.competitor: r for r in standings(state, 4)}
    for comp, row in total.items():
        one = next(r for r in first if r.competitor == comp)
        two = next(r for r in second if r.competitor == comp)
        assert one.vp + two.vp == row.vp and one.mp + two.mp == row.mp
        assert one.round_vp == row.round_vp[:2] and two.round_vp == row.round_vp[2:]
    four_1 = next(r for r in first if r.competitor == 4)
    four_2 = next(r for r in second if r.competitor == 4)
    assert (four_1.warnings, four_1.penalty_vp) == (1, 0)
    assert (four_2.warnings, four_2.penalty_vp, four_2.penalty_mp) == (1, -1, -100)
    for rows in (first, second):
        keys = [(-r.vp, -r.mp) for r in rows]
        assert keys == sorted(keys)
    after_one = {r.competitor: r.vp for r in session_standings(state, 1, after_round=1)}
    assert after_one == {c: r.round_vp[0] for c, r in total.items()}


def test_a_session_not_begun_ranks_everyone_level_and_no_such_session_is_refused(
    record_store: RecordStore,
) -> None:
    """After round 2 session 2 has no round played: every competitor 0, rank 1. A session
    the event does not have is refused with art. 2."""
    state = two_sessions(record_store).state("camp")
    early = session_standings(state, 2, after_round=2)
    assert {(r.rank, r.vp, r.mp) for r in early} == {(1, 0, 0)} and len(early) == 4
    with use_lang("it"), pytest.raises(ArbitroError) as refused:
        session_standings(state, 3)
    assert "FIBAS art. 2" in str(refused.value) and "2 sessioni" in str(refused.value)
