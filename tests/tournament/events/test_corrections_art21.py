"""Corrections of a delivered sheet and the round they count in (FIBAS art. 21, 38-39; Scala 40
art. 24; Parole 12.2), every combination of when the error is found: before the round's
standings, within the complaints window, with a complaint open, after the standings are final;
with the next (Danish) seating not drawn, drawn but not posted, or posted."""

from __future__ import annotations

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.errors import ArbitroError, NotFoundError
from arbitro.tournament import commands
from arbitro.tournament.commands.rounds import stale_seating
from arbitro.tournament.commands.sheets import correction_round
from arbitro.tournament.event import EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import (
    ComplaintResolved,
    SheetCorrected,
    body_from_json,
    body_to_json,
)
from arbitro.tournament.standings.standings import ranking, standings

from .conftest import Driver, MakeEvent, config, entry, first


def rows(d: Driver, rnd: int) -> dict[int, tuple[int, int]]:
    """competitor → (VP, MP) after ``rnd``."""
    return {r.competitor: (r.vp, r.mp) for r in standings(d.state, rnd)}


def pairs(d: Driver, rnd: int) -> list[tuple[int, int]]:
    """Round ``rnd``'s tables as (N-S, E-W) competitor pairs."""
    return [(first(t.ns), first(t.ew)) for t in d.seating(rnd).tables]


def played_round_1(make_event: MakeEvent) -> Driver:
    """Four pairs, round 1 by registration order then Danish rounds: pair 1 beats pair 2
    500-0 (15-5), pair 3 beats pair 4 100-0 (11-9); ranking 1, 3, 4, 2."""
    d = make_event(rounds=3)
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 0, 0))
    return d


def invert_table_1(d: Driver, complaint: int | None = None) -> SheetCorrected:
    """Table 1 of round 1 acknowledges that its scores were written on the wrong lines."""
    rec = commands.correct_sheet(
        d.state,
        1,
        1,
        d.now,
        kind="inverted",
        reason="punteggi invertiti, il tavolo conferma",
        table_agrees=True,
        complaint=complaint,
    )
    d.do(rec)
    assert isinstance(rec.body, SheetCorrected)
    return rec.body


# (VP, MP): the MP are the difference at the table
CORRECTED_1 = {1: (5, -500), 2: (15, 500), 3: (11, 100), 4: (9, -100)}
AS_PUBLISHED_1 = {1: (15, 500), 2: (5, -500), 3: (11, 100), 4: (9, -100)}


def test_art21_sum_error_before_the_standings_corrects_that_round(make_event: MakeEvent) -> None:
    """FIBAS art. 21 §2: an evident sum error found before the round's standings and the next
    seating is corrected in that round: its own standings show the corrected sheet."""
    d = played_round_1(make_event)
    rec = commands.correct_sheet(
        d.state,
        1,
        2,
        d.now,
        kind="sum",
        reason="somma errata",
        entry=entry((100, 50, 0, 0), (0, 0, 0, 0)),
    )
    d.do(rec)
    assert isinstance(rec.body, SheetCorrected) and rec.body.effective_round == 1
    d.publish(1)
    assert rows(d, 1)[3] == (12, 150)


def test_art21_sum_error_after_the_standings_is_refused_even_with_a_complaint(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 21 §2 ("il solo errore correggibile è l'evidente errore di somma se
    evidenziato prima della classifica del turno"): once the standings are displayed a sum
    error stands, even if a complaint about them is lodged within art. 39's window."""
    d = played_round_1(make_event)
    d.publish(1)
    d.tick(5)
    d.do(commands.lodge_complaint(d.state, 1, 3, "somma sbagliata al tavolo 2", d.now))
    complaint = next(iter(d.state.round(1).open_complaints))
    with pytest.raises(ArbitroError, match="somma") as err:
        commands.correct_sheet(
            d.state,
            1,
            2,
            d.now,
            kind="sum",
            reason="somma",
            entry=entry((100, 50, 0, 0), (0, 0, 0, 0)),
            complaint=complaint,
        )
    assert err.value.article is not None and err.value.article.article == "21"


def test_art21_art39_inverted_within_the_window_corrects_the_round_then_danish_seats_on_it(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 21 §3 and art. 39: inverted scores acknowledged by the table within the 15
    minutes of the standings' display correct that round's standings (they are not final
    yet); the Danish seating of round 2, drawn afterwards, reads the corrected standings
    (art. 21 a: "attuerà la correzione se non è stata affissa la posizione ai tavoli")."""
    d = played_round_1(make_event)
    d.publish(1)
    assert rows(d, 1) == AS_PUBLISHED_1
    d.tick(10)
    assert invert_table_1(d).effective_round == 1
    assert rows(d, 1) == CORRECTED_1
    assert ranking(d.state, 1) == [2, 3, 4, 1]
    d.seat(2)
    assert pairs(d, 2) == [(2, 3), (4, 1)]  # 1st v 2nd, 3rd v 4th on the corrected standings


def test_art21a_a_drawn_but_unposted_danish_seating_is_stale_and_drawn_again(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 21 a: the error found in a Danish phase before the seating is posted: the
    correction applies, and the seating drawn on the uncorrected standings is stale; drawn
    again (same movement and seed) it seats the corrected standings."""
    d = played_round_1(make_event)
    d.publish(1)
    d.do(commands.seat(d.state, 2, d.now))  # drawn, not posted
    assert pairs(d, 2) == [(1, 3), (4, 2)]
    assert not stale_seating(d.state, 2)
    invert_table_1(d)
    assert rows(d, 1) == CORRECTED_1
    assert stale_seating(d.state, 2)
    r = d.state.round(2)
    d.do(commands.seat(d.state, 2, d.now, movement=r.movement, seed=r.seed))
    assert pairs(d, 2) == [(2, 3), (4, 1)]
    assert not stale_seating(d.state, 2)
    d.do(commands.publish_seating(d.state, 2, d.now))


def test_art21b_a_posted_seating_stands_and_the_round_standings_are_corrected(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 21 b: the seating already posted stands ("farà iniziare il turno con le
    posizioni delle coppie ai tavoli pubblicate", never stale); within art. 39's window the
    correction still applies to the round's own standings, and to every later round's."""
    d = played_round_1(make_event)
    d.publish(1)
    d.seat(2)  # drawn and posted on the uncorrected standings
    assert pairs(d, 2) == [(1, 3), (4, 2)]
    d.tick(3)
    assert invert_table_1(d).effective_round == 1
    assert pairs(d, 2) == [(1, 3), (4, 2)]
    assert not stale_seating(d.state, 2)
    assert rows(d, 1) == CORRECTED_1
    d.sheet(2, 1, (0, 0, 0, 0), (0, 0, 0, 0))
    d.sheet(2, 2, (0, 0, 0, 0), (0, 0, 0, 0))
    after2 = {r.competitor: r.round_vp[0] for r in standings(d.state, 2)}
    assert after2 == {1: 5, 2: 15, 3: 11, 4: 9}


def test_art21c_art39_after_final_standings_the_correction_counts_from_the_next_round(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 39 ("passati i 15 minuti senza alcun reclamo la classifica sarà definitiva")
    with art. 21 §4 and c: found after round 1's standings are final, the inverted sheet is
    still corrected (the table agrees), round 1's standings stay as displayed and the result
    is restored in the standings of round 2 ("ripristino nel corso del turno successivo")."""
    d = played_round_1(make_event)
    d.publish(1)
    d.tick(16)
    assert d.state.standings_final(1, d.now)
    d.seat(2)
    assert invert_table_1(d).effective_round == 2
    assert rows(d, 1) == AS_PUBLISHED_1
    assert pairs(d, 2) == [(1, 3), (4, 2)]
    d.sheet(2, 1, (0, 0, 0, 0), (0, 0, 0, 0))
    d.sheet(2, 2, (0, 0, 0, 0), (0, 0, 0, 0))
    after2 = {r.competitor: r.round_vp[0] for r in standings(d.state, 2)}
    assert after2 == {1: 5, 2: 15, 3: 11, 4: 9}


def test_art21_final_standings_of_several_rounds_are_skipped(make_event: MakeEvent) -> None:
    """FIBAS art. 21, 39: a correction of round 1 found when round 2's standings are final too
    and round 3's seating is posted counts from round 3's standings; before round 3's seating
    is posted, in round 2's (art. 21 a); within round 2's window, in round 2's."""
    d = played_round_1(make_event)
    d.publish(1)
    d.tick(16)
    d.seat(2)
    d.sheet(2, 1, (0, 0, 0, 0), (0, 0, 0, 0))
    d.sheet(2, 2, (0, 0, 0, 0), (0, 0, 0, 0))
    d.publish(2)
    d.tick(16)
    assert correction_round(d.state, 1, d.now) == 2  # round 3 not posted yet
    d.seat(3)
    assert correction_round(d.state, 1, d.now) == 3
    d.tick(-10)  # round 2's standings within their window
    assert correction_round(d.state, 1, d.now) == 2


def test_art21a_final_standings_but_the_next_seating_not_posted_the_round_is_corrected(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 21 a ("attuerà la correzione se non è stata affissa la posizione ai tavoli"),
    §3 ("anche se è stata stilata la classifica"): past art. 39's window, with round 2's
    Danish seating drawn but not posted, the inverted sheet is corrected in round 1's
    standings and the drawn seating is stale."""
    d = played_round_1(make_event)
    d.publish(1)
    d.tick(20)
    assert d.state.standings_final(1, d.now)
    d.do(commands.seat(d.state, 2, d.now))
    assert invert_table_1(d).effective_round == 1
    assert rows(d, 1) == CORRECTED_1
    assert stale_seating(d.state, 2)


def test_art39_a_complaint_lodged_in_time_keeps_the_round_correctable_after_the_window(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 39 and 38: a complaint lodged within the 15 minutes keeps the standings
    provisional until the director decides it, even after the window; accepted with the
    correction of the inverted sheet, the correction counts in that round's standings."""
    d = played_round_1(make_event)
    d.publish(1)
    d.tick(14)
    d.do(commands.lodge_complaint(d.state, 1, 2, "al tavolo 1 i punteggi sono invertiti", d.now))
    complaint = next(iter(d.state.round(1).open_complaints))
    assert d.state.round(1).complainants[complaint] == 2
    d.tick(20)
    assert invert_table_1(d, complaint).effective_round == 1
    rec = commands.resolve_complaint(
        d.state, 1, complaint, "accolto: punteggi invertiti", d.now, accepted=True
    )
    d.do(rec)
    assert isinstance(rec.body, ComplaintResolved) and rec.body.accepted is True
    assert d.state.standings_final(1, d.now)
    assert rows(d, 1) == CORRECTED_1
    with pytest.raises(NotFoundError):
        invert_table_1(d, complaint)  # settled: no correction answers it any more


def test_art39_a_correction_and_a_decision_round_trip_through_the_log(
    make_event: MakeEvent,
) -> None:
    """The correction names the complaint it answers, the decision whether it was accepted
    (FIBAS art. 38-39): both are kept in the record's JSON and the log replays to the same
    standings."""
    d = played_round_1(make_event)
    d.publish(1)
    d.do(commands.lodge_complaint(d.state, 1, 2, "invertiti", d.now))
    complaint = next(iter(d.state.round(1).open_complaints))
    body = invert_table_1(d, complaint)
    assert body_from_json("sheet-corrected", body_to_json(body)) == body
    resolved = ComplaintResolved(1, complaint, False)
    assert body_from_json("complaint-resolved", body_to_json(resolved)) == resolved
    assert "accepted" not in body_to_json(ComplaintResolved(1, complaint))  # earlier logs
    replayed = EventState.replay("test", d.log)
    assert standings(replayed, 1) == standings(d.state, 1)


def test_art21_last_round_an_arbiter_corrects_the_previous_round_within_its_window(
    make_event: MakeEvent,
) -> None:
    """FIBAS art. 21 (last paragraph) and art. 39: during the last round only the arbiter
    corrects; a correction of the previous round within its window counts in its standings."""
    d = make_event(rounds=2)
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    d.seat(2)
    with pytest.raises(ArbitroError):
        invert_table_1(d)
    rec = commands.correct_sheet(
        d.state, 1, 1, d.now, kind="inverted", reason="x", table_agrees=True, by_arbiter=True
    )
    d.do(rec)
    assert isinstance(rec.body, SheetCorrected) and rec.body.effective_round == 1
    assert rows(d, 1) == CORRECTED_1


def scala40() -> Driver:
    return Driver(
        config(
            rounds=2,
            deals=5,
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
            event_format=EventFormat.INDIVIDUAL,
        )
    )


def test_scala40_art24_swapped_points_within_the_window_correct_the_round() -> None:
    """Scala 40 art. 24 ("ciò potrà avvenire anche se è stata stilata la classifica e
    l'accoppiamento per il turno successivo"), read with the complaints window: the swap of two
    players' points, acknowledged by the table while the standings are provisional, corrects
    that round's standings; a drawn, unposted Danish seating becomes stale."""
    d = scala40()
    d.register_many(8)
    d.seat(1)
    for table in (1, 2):
        players = d.table(1, table).players
        assert players is not None
        rows_ = ((0, 10, 20, 30),) * 5
        d.do(commands.enter_sheet(d.state, 1, table, Scala40Entry(players, rows_, None), d.now))
    d.publish(1)
    d.do(commands.seat(d.state, 2, d.now))
    before = {r.competitor: r.mp for r in standings(d.state, 1)}
    assert (before[1], before[4]) == (0, 150)
    rec = commands.correct_sheet(
        d.state, 1, 1, d.now, kind="inverted", reason="x", table_agrees=True, swap=(1, 4)
    )
    d.do(rec)
    assert isinstance(rec.body, SheetCorrected) and rec.body.effective_round == 1
    after = {r.competitor: r.mp for r in standings(d.state, 1)}
    assert (after[1], after[4]) == (150, 0)
    assert stale_seating(d.state, 2)


def test_parole_12_2_acknowledged_error_within_the_window_corrects_the_round() -> None:
    """Parole art. 12.2: an error acknowledged by the table's majority is corrected; the
    seating already made is kept ("convalida gli accoppiamenti di gioco già fatti") and the
    round's standings, still provisional, show the corrected sheet."""
    d = Driver(
        config(
            rounds=2,
            deals=3,
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        )
    )
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    d.seat(2)
    seated = pairs(d, 2)
    rec = commands.correct_sheet(
        d.state, 1, 1, d.now, kind="inverted", reason="x", table_agrees=True, by_arbiter=True
    )
    d.do(rec)
    assert isinstance(rec.body, SheetCorrected) and rec.body.effective_round == 1
    assert pairs(d, 2) == seated
    got = rows(d, 1)
    assert got[2][1] == 500 and got[1][1] == -500
