"""The fold is one step per record kind, registered with the kind together with what it drops
of the memoized views (issue 30): every kind of ``records.py`` is folded by an event of rounds
or a knockout, or refused by name, never ignored; and what each kind declares it keeps is
still true after it (the standings read from the memos equal those of a state folded afresh:
FIBAS arts. 21-22, 36-37, 40)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.demo import played_log
from arbitro.tournament.event import EventState
from arbitro.tournament.event_caches import (
    drops_everything,
    drops_round,
    drops_round_scores,
    drops_scores,
    keeps_scores,
)
from arbitro.tournament.event_folds import EVENT_FOLDS, REFUSED
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import (
    KNOCKOUT_FOLDS,
    KnockoutConfig,
    KnockoutState,
    draw_bracket,
    record_game,
    register_pair,
)
from arbitro.tournament.records import (
    BODIES,
    AbandonRecorded,
    ArbitralScore,
    Body,
    BracketDrawn,
    CompetitorRenamed,
    CompetitorWithdrawn,
    ComplaintLodged,
    EventCreated,
    KnockoutCreated,
    LatenessRecorded,
    PenaltyGiven,
    Record,
    RecordCancelled,
    RecordKind,
    SanctionGiven,
    SheetCorrected,
    SheetEntered,
)
from arbitro.tournament.standings.standings import standings

NOW = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
ROUNDS = 3
EVERY_BODY = {cls for classes in BODIES.values() for cls in classes}


def test_every_record_kind_has_one_fold_in_an_event_of_rounds_or_is_refused() -> None:
    """No record kind is silently ignored: each body class of ``records.py`` is folded by an
    event of rounds or named among the kinds it refuses (a knockout's), not both."""
    assert set(BODIES) == set(RecordKind)
    assert set(EVENT_FOLDS) | set(REFUSED) == EVERY_BODY
    assert not set(EVENT_FOLDS) & set(REFUSED)
    assert set(REFUSED) <= set(KNOCKOUT_FOLDS) | {KnockoutCreated}


def test_a_knockout_folds_its_kinds_and_the_log_records_every_log_holds() -> None:
    """A knockout folds its own kinds and the cancellations and import marks every log holds
    (Briscola art. 9); what it does not fold is a kind of an event of rounds, or its own
    creation (the first record, which starts the state)."""
    assert {RecordCancelled, BracketDrawn} <= set(KNOCKOUT_FOLDS)
    assert EVERY_BODY - set(KNOCKOUT_FOLDS) <= set(EVENT_FOLDS) | {KnockoutCreated}


def test_an_event_of_rounds_refuses_a_knockouts_record() -> None:
    state = EventState.replay("memo", played_log("memo", 4, 1, 1, NOW)[1][:1])
    rec = Record(BracketDrawn("drawn", (1, 2)), NOW, seq=2)
    with pytest.raises(ArbitroError) as refused:
        state.apply(rec)
    assert refused.value.en == "record «bracket-drawn» does not belong to memo"


def test_a_knockout_refuses_a_sheet_and_a_second_creation() -> None:
    config = KnockoutConfig("ko", entry_fee_cents=400)
    state = KnockoutState.replay("ko", [Record(config, NOW, seq=1)])
    for body in (SheetEntered(1, 1, {}), config):
        with pytest.raises(ArbitroError) as refused:
            state.apply(Record(body, NOW, seq=2))
        assert refused.value.en.endswith("does not belong to ko")


def test_the_declared_drops_of_the_kinds_that_touch_the_scores() -> None:
    """What each kind invalidates is declared with it: a sheet or a seating its round's
    outcomes and scores, an arbitral score or an abandon its round's scores, a cancellation
    everything, a registration every score, a sanction or a complaint none."""
    declared = {kind: fold.drops for kind, fold in EVENT_FOLDS.items()}
    assert declared[SheetEntered] is drops_round
    assert declared[SheetCorrected] is drops_round
    assert declared[ArbitralScore] is drops_round_scores
    assert declared[AbandonRecorded] is drops_round_scores
    assert declared[RecordCancelled] is drops_everything
    assert declared[CompetitorWithdrawn] is drops_scores
    assert declared[SanctionGiven] is keeps_scores
    assert declared[EventCreated] is drops_scores


def _memoized(log: list[Record]) -> EventState:
    """The state of ``log`` with every round's scores, standings and sheet outcomes
    memoized."""
    state = EventState.replay("memo", log)
    for k in range(1, ROUNDS + 1):
        standings(state, k)
        seating = state.round(k).seating
        assert seating is not None
        for t in seating.tables:
            state.sheet_result(k, t.table)
    return state


def _late_records(log: list[Record]) -> list[tuple[str, Body]]:
    """One record of each kind that may change a round's scores or standings, on the
    played event of ``log`` (the leader of round 1, a table of round 2)."""
    state = EventState.replay("memo", log)
    leader = standings(state, ROUNDS)[0].competitor
    sheet = state.round(2).sheets[1]
    entry = state.sheet_kind.payload(sheet.entry_as_of(ROUNDS))
    inverted = {**entry, "deals": [[*d[2:], *d[:2]] for d in entry["deals"]]}
    return [
        ("arbitral score (art. 40)", ArbitralScore(2, leader, 0, 0)),
        ("abandon (art. 36)", AbandonRecorded(1, leader, False)),
        ("lateness (art. 37)", LatenessRecorded(3, leader, 700)),
        ("penalty in points (art. 22)", PenaltyGiven(2, leader, 100, 3, "22")),
        ("expulsion (art. 41)", SanctionGiven(1, leader, "expulsion", "41")),
        ("withdrawal (art. 36)", CompetitorWithdrawn(leader, 2)),
        ("correction (art. 21)", SheetCorrected(2, 1, inverted, "inverted", 2)),
        ("complaint (art. 39)", ComplaintLodged(3, leader, "a complaint")),
        ("rename", CompetitorRenamed(leader, "Coppia rinominata")),
    ]


@pytest.mark.parametrize("index", range(9))
def test_the_memos_a_kind_keeps_are_still_true_after_it(index: int) -> None:
    """After any record the standings of every round read from the memos kept (the kind's
    declared drops) equal those of the log folded afresh; and a cancellation of that record
    (it drops everything) brings them back."""
    log = played_log("memo", 9, ROUNDS, 7, NOW)[1]  # 9 pairs: a table rests (art. 37)
    name, body = _late_records(log)[index]
    state = _memoized(log)
    rec = Record(body, NOW, "arbiter", "test", seq=len(log) + 1)
    state.apply(rec)
    log = [*log, rec]
    fresh = EventState.replay("memo", log)
    for k in range(1, ROUNDS + 1):
        assert standings(state, k) == standings(fresh, k), (name, k)
    if type(body) in (ArbitralScore, PenaltyGiven, SheetCorrected, CompetitorWithdrawn):
        cancel = Record(RecordCancelled(rec.seq), NOW, "director", "by mistake", len(log) + 1)
        state = _memoized(log)
        state.apply(cancel)  # a cancellation after its target: the state is stale
        assert state.stale
        again = EventState.replay("memo", [*log, cancel])
        assert standings(again, ROUNDS) == standings(EventState.replay("memo", log[:-1]), ROUNDS)


def test_the_declared_drops_on_the_memos_themselves() -> None:
    """A complaint keeps the outcomes and the scores, an arbitral score drops its round's
    scores and the last round's (art. 37), a correction its round's outcomes and every
    score left (round 2's and the last's: none other was held)."""
    log = played_log("memo", 9, ROUNDS, 7, NOW)[1]
    state = _memoized(log)
    assert set(state._scores) == {1, 2, 3}
    held = dict(state._results)
    state.apply(dataclasses.replace(log[-1], body=ComplaintLodged(3, 1, "x"), seq=len(log) + 1))
    assert set(state._scores) == {1, 2, 3} and state._results == held and not state._views
    state.apply(Record(ArbitralScore(1, 1, 0, 0), NOW, "arbiter", "x", len(log) + 2))
    assert set(state._scores) == {2} and state._results == held  # round 1's and the last's
    state.apply(Record(SheetCorrected(2, 1, {}, "sum", 2), NOW, "d", "x", len(log) + 3))
    assert set(state._scores) == set() and 2 not in state._results and 1 in state._results


def test_a_cancelled_irregularity_keeps_its_ledger_line_and_loses_no_game_art_10() -> None:
    """Briscola art. 10: a game lost by an irregularity is in the ledger; cancelled (the
    knockout's fold of a cancelled kind), its line stays, saying who cancelled it and why,
    and the match has no game."""
    config = KnockoutConfig("ko", seeded=True, entry_fee_cents=400)
    log = [Record(config, NOW, seq=1)]

    def add(rec: Record) -> None:
        log.append(dataclasses.replace(rec, seq=len(log) + 1))

    state = KnockoutState.replay("ko", log)
    for name in ("A", "B"):
        add(register_pair(state, name, [], NOW))
        state = KnockoutState.replay("ko", log)
    add(draw_bracket(state, NOW))
    state = KnockoutState.replay("ko", log)
    assert state.bracket is not None
    final = state.bracket.pending()[0]
    report = GameReport(final.id, 1, irregularity="communication", offender=1)
    add(record_game(state, report, NOW, reason="segni al compagno"))
    lost = log[-1].seq
    assert KnockoutState.replay("ko", log).ledger[0].cancelled_by is None
    log.append(Record(RecordCancelled(lost), NOW, "arbitro", "segno non visto", len(log) + 1))
    state = KnockoutState.replay("ko", log)
    assert state.bracket is not None and state.bracket.match(final.id).games == ()
    (line,) = state.ledger
    assert (line.seq, line.kind, line.competitor) == (lost, "irregularity", 1)
    assert (line.cancelled_by, line.cancel_reason) == ("arbitro", "segno non visto")
