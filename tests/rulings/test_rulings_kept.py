"""Rulings that are kept (issue 31): the deal's score a ruling decides is entered into the
table's sheet in the same transaction, so the standings change (Scala 40 art. 14, Law 13's
arbitral score); cancelling the ruling cancels its warnings and its sheet with it; the Parole
arbiter reads the words the event's language judge ruled on (art. 2, 4.1) before the
dictionary."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.parole.words import WORDS
from tests.rulings.events import (
    NOW,
    SCALA40_ROWS,
    briscola_communication,
    cards_mixed,
    event,
    fibas_time_out_not_counted,
    fibas_two_warnings,
    knockout,
    law13_board,
    parole_laid,
    parole_wrong_word,
    scala40_event,
    service,
    sheet_in_force,
)

from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games import briscola, parole
from arbitro.games.core.seats import Seat
from arbitro.services.knockout import KnockoutService
from arbitro.services.rulings import cancel_ruling, record_game_ruling, record_ruling
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.commands.rulings import seat_competitor
from arbitro.tournament.records import Irregularity, RulingGiven, SheetCorrected
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry


def test_scala40_art14_arbitral_score_corrects_the_sheet_and_the_standings(
    tmp_path: Path,
) -> None:
    """Scala 40 art. 14: the arbiter's score of deal 2 (N 30, E 45, S 0, W 60) replaces the
    sheet's deal 2 in the same append as the ruling, signed by the arbiter (art. 24); each
    player's negative points in the standings change by it."""
    svc = service(tmp_path)
    players = scala40_event(svc)
    before = {r.competitor: r.mp for r in svc.standings("s")}
    count = len(svc.store.records("s"))
    seq, ruling = record_ruling(svc, "s", 1, 1, cards_mixed({"N": 30, "E": 45, "S": 0, "W": 60}))
    assert ruling.score_row == (30, 45, 0, 60) and str(ruling.article) == "Scala 40 art. 14"
    added = svc.store.records("s")[count:]
    assert [r.kind for r in added] == ["ruling-given", "sheet-corrected"]
    body = svc.state("s").actions[seq].body
    assert isinstance(body, RulingGiven) and body.deal == 2
    fix = svc.state("s").actions[seq + 1].body
    assert isinstance(fix, SheetCorrected) and (fix.correction, fix.by_arbiter) == ("arbiter", True)
    entry = sheet_in_force(svc, "s")
    assert entry.deals[1] == (30, 45, 0, 60) and entry.deals[0] == SCALA40_ROWS[0]
    after = {r.competitor: r.mp for r in svc.standings("s")}
    old, new = SCALA40_ROWS[1], (30, 45, 0, 60)
    # Scala 40's MP are the negative points (art. 22)
    assert {p: after[p] - before[p] for p in players} == {
        p: abs(new[i] - old[i]) * (1 if new[i] >= old[i] else -1) for i, p in enumerate(players)
    }


def test_cancelling_the_scala40_ruling_puts_the_sheet_back(tmp_path: Path) -> None:
    """Cancelling the art. 14 ruling cancels the sheet it corrected, in one append: the sheet
    and the standings are the table's again."""
    svc = service(tmp_path)
    scala40_event(svc)
    before = [(r.competitor, r.mp, r.vp) for r in svc.standings("s")]
    seq, _ = record_ruling(svc, "s", 1, 1, cards_mixed({"N": 30, "E": 45, "S": 0, "W": 60}))
    count = len(svc.store.records("s"))
    assert cancel_ruling(svc, "s", seq, "punteggio assegnato al tavolo sbagliato") == [seq, seq + 1]
    added = svc.store.records("s")[count:]
    assert [r.kind for r in added] == ["record-cancelled", "record-cancelled"]
    assert sheet_in_force(svc, "s").deals[1] == SCALA40_ROWS[1]
    assert [(r.competitor, r.mp, r.vp) for r in svc.standings("s")] == before
    fresh = type(svc)(svc.store)  # folded again from the log
    assert sheet_in_force(fresh, "s").deals[1] == SCALA40_ROWS[1]


def test_scala40_ruling_on_a_table_without_a_sheet_in_a_round_of_five_deals_is_refused(
    tmp_path: Path,
) -> None:
    """A round of five deals (art. 22) and no sheet yet: the ruling's deal cannot be the whole
    sheet; nothing is recorded. Without a deal named, the row stays in the record only."""
    svc = service(tmp_path)
    event(svc, "s", CodeId.SCALA40)
    count = len(svc.store.records("s"))
    with pytest.raises(ArbitroError, match="non ha ancora lo score"):
        record_ruling(svc, "s", 1, 1, cards_mixed({"N": 30, "E": 45, "S": 0, "W": 60}))
    assert len(svc.store.records("s")) == count
    seq, _ = record_ruling(svc, "s", 1, 1, cards_mixed({"N": 30, "E": 45, "S": 0}, deal=None))
    body = svc.state("s").actions[seq].body
    assert isinstance(body, RulingGiven) and body.deal is None and body.score_row is not None
    assert 1 not in svc.state("s").round(1).sheets


FIBAS_ROWS = (DealScore.from_list([300, 150, 100, 85]), DealScore.from_list([100, 40, 200, 120]))


def test_law13_c_arbitral_score_enters_deal_2_of_a_fibas_sheet(tmp_path: Path) -> None:
    """Law 13C: a wrong count found after play is completed: an arbitral score; the arbiter's
    score of the board (N-S 100+50, E-W 100+80) corrects deal 2 of the table's FIBAS sheet
    (art. 19) and the VP of the round follow it."""
    svc = service(tmp_path)
    event(svc, "b")
    svc.enter_sheet("b", 1, 1, SheetEntry(FIBAS_ROWS))
    vp_before = {r.competitor: r.vp for r in svc.standings("b")}
    situation = {**law13_board(), "play_completed": True, "score_row": [100, 50, 100, 80]}
    _, ruling = record_ruling(svc, "b", 1, 1, {**situation, "deal": 2}, code=CodeId.BRIDGE_LAW_13)
    assert ruling.article.article.startswith("13C") and ruling.score_row == (100, 50, 100, 80)
    entry = sheet_in_force(svc, "b")
    assert entry.deals == (FIBAS_ROWS[0], DealScore.from_list([100, 50, 100, 80]))
    vp_after = {r.competitor: r.vp for r in svc.standings("b")}
    assert vp_after != vp_before and sum(vp_after.values()) == sum(vp_before.values())


def test_law13_d1_correct_and_play_assigns_no_score(tmp_path: Path) -> None:
    """Law 13D1: nobody saw, the board is corrected and played: a score row given is refused,
    citing the law; nothing recorded."""
    svc = service(tmp_path)
    event(svc, "b")
    count = len(svc.store.records("b"))
    situation = {**law13_board(), "score_row": [100, 50, 100, 80], "deal": 1}
    with pytest.raises(ArbitroError) as err:
        record_ruling(svc, "b", 1, 1, situation, code=CodeId.BRIDGE_LAW_13)
    assert err.value.article is not None and err.value.article.article == "13D1"
    assert len(svc.store.records("b")) == count


def test_fibas_art22_cancelling_the_ruling_cancels_its_two_warnings(tmp_path: Path) -> None:
    """FIBAS art. 22: the ruling gave two warnings (-1 VP, -100 MP for E-W, art. 41);
    cancelling the ruling cancels both, in one append, and the standings lose the penalty."""
    svc = service(tmp_path)
    event(svc, "w")
    svc.enter_sheet("w", 1, 1, SheetEntry(FIBAS_ROWS))
    seq, _ = record_ruling(svc, "w", 1, 1, fibas_two_warnings())
    rows = {r.competitor: r for r in svc.standings("w")}
    assert (rows[2].warnings, rows[2].penalty_vp, rows[2].penalty_mp) == (2, -1, -100)
    count = len(svc.store.records("w"))
    svc.run("w", values.Cancel(seq, "decisione data al tavolo sbagliato"))
    assert [r.kind for r in svc.store.records("w")[count:]] == ["record-cancelled"] * 3
    ledger = svc.state("w").ledger
    assert [(e.kind, e.cancelled_by is not None) for e in ledger] == [
        ("ruling-given", True),
        ("warning", True),
        ("warning", True),
    ]
    rows = {r.competitor: r for r in svc.standings("w")}
    assert (rows[2].warnings, rows[2].penalty_vp, rows[2].penalty_mp) == (0, 0, 0)


def test_a_warning_cancelled_alone_first_is_not_cancelled_twice(tmp_path: Path) -> None:
    """One of the ruling's warnings cancelled alone, then the ruling: the other warning goes
    with it; the one already cancelled is not cancelled again (refused otherwise)."""
    svc = service(tmp_path)
    event(svc, "w")
    seq, _ = record_ruling(svc, "w", 1, 1, fibas_two_warnings())
    svc.run("w", values.Cancel(seq + 1, "ammonizione data per errore"))
    assert cancel_ruling(svc, "w", seq, "decisione ritirata") == [seq, seq + 2]
    assert all(e.cancelled_by is not None for e in svc.state("w").ledger)
    with pytest.raises(ArbitroError):
        cancel_ruling(svc, "w", seq + 2, "not a ruling")


def test_parole_art4_1_a_truncated_word_refused_by_the_judge_is_a_wrong_word(
    tmp_path: Path,
) -> None:
    """Parole art. 4.1: "Non è consentito formare: ... Parole tronche": the dictionary knows
    FRIGO, the event's language judge (art. 2) refused it; E lays it: the arbiter rules it a
    wrong opening (art. 10.2), its cards penalized. Before the judge's ruling the arbiter found
    the play valid."""
    svc = service(tmp_path)
    event(svc, "p", CodeId.BURRACO_PAROLE)
    with pytest.raises(ArbitroError, match="valido"):
        record_ruling(svc, "p", 1, 1, parole_laid("FRIGOBT", "FRIGO"))
    svc.run("p", values.JudgeWord("frigo", False, "parola tronca (art. 4.1)", 1))
    _, ruling = record_ruling(svc, "p", 1, 1, parole_laid("FRIGOBT", "FRIGO"))
    assert {"kind": "penalized", "seat": "E", "cards": "F G R I O"} in ruling.effects
    assert "penalized=-/FGRIO/-/-" in ruling.after


def test_parole_art4_1_an_altered_noun_of_its_own_meaning_approved_by_the_judge_is_valid(
    tmp_path: Path,
) -> None:
    """Parole art. 4.1: altered nouns are refused "a meno che la parola non cambi il
    significato" (busta, bustina): the dictionary refuses TELONE (tela's augmentative), the
    judge approved it (a tarpaulin); E lays it: the arbiter finds nothing to put right."""
    svc = service(tmp_path)
    event(svc, "p", CodeId.BURRACO_PAROLE)
    _, ruling = record_ruling(svc, "p", 1, 1, parole_laid("TELONEB", "TELONE"))
    # the dictionary alone: a wrong word (said first, then its penalized cards)
    assert [e["kind"] for e in ruling.effects][:2] == ["message", "penalized"]
    svc.run("p", values.JudgeWord("telone", True, "cambia significato: copertura impermeabile", 1))
    with pytest.raises(ArbitroError, match="valido"):
        record_ruling(svc, "p", 1, 1, parole_laid("TELONEB", "TELONE"))


def test_briscola_art10_ruling_in_a_knockout_keeps_its_position(tmp_path: Path) -> None:
    """Briscola art. 10: the game lost by the E-W pair is recorded with the ruling's position
    before and after (the game's notation), the seat that offended and the effects, as a
    ruling of an event of rounds keeps them; read back from the store."""
    db = f"sqlite:///{tmp_path / 'k.sqlite3'}"
    svc = KnockoutService(RecordStore(db), lambda: NOW)
    match = knockout(svc, "k")
    situation = briscola_communication()
    seq, ruling = record_game_ruling(svc, "k", match, 1, situation)
    fresh = KnockoutService(RecordStore(db), lambda: NOW)
    body = fresh.state("k").games[seq].body
    assert isinstance(body, Irregularity)
    assert (body.before, body.after, body.seat) == (situation["position"], ruling.after, "E")
    assert body.before and body.after != body.before  # the game ends where it stands
    assert [e["kind"] for e in body.effects] == [e["kind"] for e in ruling.effects]
    bracket = fresh.state("k").bracket
    assert bracket is not None  # the E-W pair is the match's second
    assert (body.kind, body.article, body.offender) == (
        "communication",
        "10",
        bracket.match(match).second,
    )


def test_parole_art10_10_the_discard_at_once_is_kept_in_the_position_recorded(
    tmp_path: Path,
) -> None:
    """Parole art. 10.10: after CNAE put right as CANE, E "dovrà scartare immediatamente": the
    ruling's position after, as recorded in the event and read back, refuses E's meld and
    takes only a discard."""
    svc = service(tmp_path)
    event(svc, "p", CodeId.BURRACO_PAROLE)
    seq, _ = record_ruling(svc, "p", 1, 1, parole_wrong_word())
    body = svc.state("p").actions[seq].body
    assert isinstance(body, RulingGiven)
    after = parole.Deal.from_position(body.after, lexicon=WORDS)
    with pytest.raises(parole.IllegalMoveError) as err:
        after.push(parole.parse_move("meld BRT"))
    assert "10.10" in str(err.value.article)
    assert all(m.kind is parole.MoveKind.DISCARD for m in after.legal_moves())


def test_briscola_art10_the_game_lost_takes_no_more_cards(tmp_path: Path) -> None:
    """Briscola art. 10: the offending pair "perde la partita": the position the knockout
    keeps is over, read back it takes no card (the code sets no other obligation)."""
    svc = KnockoutService(RecordStore(f"sqlite:///{tmp_path / 'k.sqlite3'}"), lambda: NOW)
    match = knockout(svc, "k")
    situation = briscola_communication()
    before = briscola.Game.from_position(str(situation["position"]))
    card = before.legal_moves()[0]
    _, ruling = record_game_ruling(svc, "k", match, 1, situation)
    after = briscola.Game.from_position(ruling.after)
    assert after.is_over and after.legal_moves() == ()
    with pytest.raises(ArbitroError):
        after.push(card)


def test_fibas_art17_time_out_and_art34_arbitral_score_enter_deal_2(tmp_path: Path) -> None:
    """FIBAS art. 17 (time called, the last round played: the deal is over) and art. 34 ("in
    caso contrario verrà assegnato un punteggio arbitrale"): the deal's row is N-S's count
    (0 base, -310) and E-W's arbitral -150; it corrects deal 2 of the table's sheet in the
    ruling's transaction (art. 19, 21), the round's VP follow it."""
    svc = service(tmp_path)
    event(svc, "f")
    svc.enter_sheet("f", 1, 1, SheetEntry(FIBAS_ROWS))
    _, ruling = record_ruling(svc, "f", 1, 1, {**fibas_time_out_not_counted(), "deal": 2})
    assert str(ruling.article) == "FIBAS art. 34" and ruling.score_row == (0, -310, 0, -150)
    assert sheet_in_force(svc, "f").deals == (
        FIBAS_ROWS[0],
        DealScore.from_list([0, -310, 0, -150]),
    )
    ledger = svc.state("f").ledger
    assert [e.kind for e in ledger] == ["ruling-given"]
    assert svc.state("f").round(1).sheets[1].corrections[-1].actor == "arbiter"


def test_scala40_a_seat_is_a_player_of_the_table(tmp_path: Path) -> None:
    """Scala 40 art. 22-23: a table of four individuals; a ruling's seat (N, E, S, W) is the
    player in that place of the sheet's order, not a line (there are none)."""
    svc = service(tmp_path)
    players = scala40_event(svc)
    state = svc.state("s")
    seats = [seat_competitor(state, 1, 1, s) for s in (Seat.N, Seat.E, Seat.S, Seat.W)]
    assert tuple(seats) == players


def test_an_event_file_with_a_ruling_s_sheet_and_its_cancellation_replays(tmp_path: Path) -> None:
    """The event file holds two Scala 40 art. 14 rulings with their deals and sheet
    corrections, the second cancelled with its correction; imported, each record is decided
    again and the sheet and the ledger are the same."""
    from arbitro.services.event_file import export_event, import_event

    svc = service(tmp_path)
    scala40_event(svc)
    record_ruling(svc, "s", 1, 1, cards_mixed({"N": 30, "E": 45, "S": 0, "W": 60}, deal=3))
    seq, _ = record_ruling(svc, "s", 1, 1, cards_mixed({"N": 5, "E": 0, "S": 10, "W": 20}))
    svc.run("s", values.Cancel(seq, "decisione ritirata"))
    import_event(svc, export_event(svc, "s"), "copia")
    assert sheet_in_force(svc, "copia") == sheet_in_force(svc, "s")
    assert sheet_in_force(svc, "copia").deals[2] == (30, 45, 0, 60)
    seen = [(e.kind, e.cancelled_by) for e in svc.state("copia").ledger]
    assert seen == [(e.kind, e.cancelled_by) for e in svc.state("s").ledger]
