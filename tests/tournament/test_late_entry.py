"""Late entries after the start (issue 34, docs/rulings.md "Late entries"): FIBAS art. 37
refuses a new pair once round 1 is under way unless a table is incomplete; the director may
still admit a latecomer from a later round, choosing what its missed rounds score (the rest
score of art. 37, an arbitral score, art. 40, or nothing) and whether it is ranked. Where the
code fixes the score (Scala 40 art. 26: 3 V.P. and 80 M.P.) that score stands."""

from __future__ import annotations

from datetime import timedelta

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.commands.setup import LateEntry, late_window
from arbitro.tournament.event import EventState
from arbitro.tournament.log_check import check_log
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import CompetitorRegistered
from arbitro.tournament.scoring.results import ScoreSource, memo_scores
from arbitro.tournament.standings.standings import entry_mark, standings

from .events.conftest import Driver, config


def _after_round_1(pairs: int = 4, rounds: int = 3) -> Driver:
    """``pairs`` pairs play round 1 (2 deals) and its standings are published."""
    d = Driver(config(rounds=rounds))
    d.register_many(pairs)
    d.seat(1)
    for t in d.seating(1).tables:
        if not t.is_incomplete:
            d.sheet(1, t.table, (300, 200, 0, 50), (0, 90, 100, 100))
    d.publish(1)
    d.tick(10)
    return d


def _admit(d: Driver, late: LateEntry, name: str = "Ritardatari") -> int:
    made = commands.register(d.state, name, ["Rossi", "Bianchi"], d.now, late=late)
    d.do(made)
    body = made[0].body
    assert isinstance(body, CompetitorRegistered)
    return body.competitor


def test_art37_a_plain_registration_after_round_1_is_still_refused() -> None:
    """FIBAS art. 37: "Non è possibile alcun accomodamento se è già stata stilata la
    classifica del primo turno": without the director's admission, refused citing art. 37."""
    d = _after_round_1()
    with pytest.raises(ArbitroError) as exc:
        commands.register(d.state, "Ritardatari", [], d.now)
    assert "FIBAS art. 37" in str(exc.value)


def test_rest_choice_scores_the_rest_score_of_art37_in_each_missed_round() -> None:
    """Ruling "Late entries" 1: the rest score of art. 37 ("Turni da 2 mani: 305 M.P. e 14
    V.P.") for round 1, missed; the pair plays from round 2."""
    d = _after_round_1()
    number = _admit(d, LateEntry(2, "rest"))
    assert not d.state.competitors[number].active_in(1)
    assert d.state.competitors[number].active_in(2)
    missed = memo_scores(d.state, 1, 1)[number]
    assert (missed.mp, missed.vp, missed.source) == (305, 14, ScoreSource.REST)


def test_arbitral_choice_scores_what_the_director_typed() -> None:
    """Art. 40: an arbitral score, here 10 V.P. and 0 M.P. for each missed round."""
    d = _after_round_1()
    number = _admit(d, LateEntry(2, "arbitral", 10, 0))
    missed = memo_scores(d.state, 1, 1)[number]
    assert (missed.mp, missed.vp, missed.source) == (0, 10, ScoreSource.ARBITRAL)


def test_none_choice_scores_nothing_and_the_standings_mark_the_entry() -> None:
    """Nothing for the missed round; the row says «iscritto dal turno 2» as a withdrawn row
    says «ritirato dal turno N» (art. 36)."""
    d = _after_round_1()
    number = _admit(d, LateEntry(2, "none"))
    row = next(r for r in standings(d.state, 1) if r.competitor == number)
    assert (row.vp, row.mp, row.joined_from, row.unranked) == (0, 0, 2, False)
    mark = entry_mark(row)
    assert mark is not None
    from arbitro.i18n import render

    assert render(mark, "it") == "iscritto dal turno 2"
    assert render(mark, "en") == "joined from round 2"


def test_unranked_entry_is_listed_last_whatever_its_score() -> None:
    """Ruling "Late entries" 2: admitted out of the ranking, it plays (its opponents score
    normally) but is listed after every ranked competitor, «fuori classifica»."""
    d = _after_round_1()
    number = _admit(d, LateEntry(2, "rest", ranked=False))
    rows = standings(d.state, 1)
    assert rows[-1].competitor == number and rows[-1].unranked
    assert rows[-1].vp == 14 > rows[0].vp - 20  # the rest score, yet listed last
    mark = entry_mark(rows[-1])
    assert mark is not None
    from arbitro.i18n import render

    assert render(mark, "it") == "iscritto dal turno 2, fuori classifica"


def test_odd_field_next_seating_takes_the_latecomer_and_the_rest_rotates() -> None:
    """The next seating takes the latecomer in: 4 pairs and a fifth from round 2 make an
    incomplete table (art. 37 "tavolo incompleto"), and no pair rests twice in the session."""
    d = _after_round_1(pairs=4, rounds=3)
    number = _admit(d, LateEntry(2, "rest"))
    d.seat(2)
    seated = {c for t in d.seating(2).tables for line in t.lines for c in line}
    assert seated == {1, 2, 3, 4, number}
    resting = [t for t in d.seating(2).tables if t.is_incomplete]
    assert len(resting) == 1
    for t in d.seating(2).tables:
        if not t.is_incomplete:
            d.sheet(2, t.table, (300, 200, 0, 50), (0, 90, 100, 100))
    d.publish(2)
    d.seat(3)
    rested_3 = next(t for t in d.seating(3).tables if t.is_incomplete)
    assert rested_3.lines != resting[0].lines  # art. 37: "non può riposare due volte"


def test_even_field_the_latecomer_fills_the_incomplete_table() -> None:
    """5 pairs play round 1 with an incomplete table; a sixth admitted from round 2 makes the
    field even: round 2 has three full tables."""
    d = _after_round_1(pairs=5)
    number = _admit(d, LateEntry(2, "none"))
    d.seat(2)
    assert not any(t.is_incomplete for t in d.seating(2).tables)
    assert number in {c for t in d.seating(2).tables for line in t.lines for c in line}


def test_validation_round_published_seated_or_event_finished() -> None:
    """The round must come after every published round, not be seated yet, and the event not
    be finished; the director must choose what the missed rounds score."""
    d = _after_round_1(rounds=3)
    with pytest.raises(ArbitroError, match="tra il 2 e il 3"):
        commands.register(d.state, "X", [], d.now, late=LateEntry(1, "rest"))
    with pytest.raises(ArbitroError, match="tra il 2 e il 3"):
        commands.register(d.state, "X", [], d.now, late=LateEntry(4, "rest"))
    with pytest.raises(ArbitroError, match="scegli il punteggio dei turni persi"):
        commands.register(d.state, "X", [], d.now, late=LateEntry(2, None))
    with pytest.raises(ArbitroError, match="un punteggio arbitrale ha da 0 a"):
        commands.register(d.state, "X", [], d.now, late=LateEntry(2, "arbitral", 99, 0))
    d.do(commands.seat(d.state, 2, d.now))
    with pytest.raises(ArbitroError, match="già sorteggiato senza il ritardatario"):
        commands.register(d.state, "X", [], d.now, late=LateEntry(2, "rest"))
    window = late_window(d.state)
    assert window is not None and (window.first, window.last) == (3, 3)
    d.do(commands.publish_seating(d.state, 2, d.now))
    for t in d.seating(2).tables:
        d.sheet(2, t.table, (300, 200, 0, 50), (0, 90, 100, 100))
    d.publish(2)
    d.seat(3)
    for t in d.seating(3).tables:
        d.sheet(3, t.table, (300, 200, 0, 50), (0, 90, 100, 100))
    d.publish(3)
    assert late_window(d.state) is None
    with pytest.raises(ArbitroError, match="la gara è conclusa"):
        commands.register(d.state, "X", [], d.now, late=LateEntry(3, "rest"))


def test_scala40_art26_the_code_fixes_the_missed_rounds_score() -> None:
    """Scala 40 art. 26: "è possibile l'inserimento degli ultimi giocatori con un punteggio
    arbitrario di 3 V.P. e 80 M.P.": no other choice; the code's score for each missed round."""
    d = Driver(
        config(
            rounds=3,
            deals=3,
            event_format=EventFormat.INDIVIDUAL,
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH, Movement.DANISH),
        )
    )
    for i in range(8):
        d.do(commands.register(d.state, f"G{i + 1}", [], d.now))
    d.seat(1)
    with pytest.raises(ArbitroError, match=r"il regolamento fissa.*\(Scala 40 art. 26\)"):
        commands.register(d.state, "G9", [], d.now, late=LateEntry(2, "rest"))
    made = commands.register(d.state, "G9", [], d.now, late=LateEntry(3))
    d.do(made)
    for rnd in (1,):
        s = memo_scores(d.state, rnd, rnd)[9]
        assert (s.vp, s.mp, s.source) == (3, 80, ScoreSource.ARBITRAL)


def test_an_imported_event_file_decides_the_admission_again() -> None:
    """The log as a whole is what the live actions make: an imported file with a late
    admission is checked as one (it would be refused as a plain registration, art. 37)."""
    d = _after_round_1()
    _admit(d, LateEntry(2, "arbitral", 8, -100, ranked=False))
    checked = check_log("test", d.log, d.now + timedelta(minutes=1))
    assert isinstance(checked, EventState)
    comp = checked.competitors[5]
    assert (comp.joined_round, comp.missed, comp.missed_vp, comp.missed_mp, comp.ranked) == (
        2,
        "arbitral",
        8,
        -100,
        False,
    )


def test_mitchell_with_a_withdrawal_never_seats_the_round_without_the_latecomer() -> None:
    """A Mitchell keeps the lines of the round before (FIBAS art. 4); with a withdrawal (art.
    36) and a latecomer in the same round the Mitchell is refused naming the newcomer, never
    seated silently without it; drawn as Danish the latecomer sits."""
    d = Driver(config(rounds=3, movements=(Movement.DRAW, Movement.MITCHELL, Movement.MITCHELL)))
    d.register_many(8)
    d.seat(1)
    for t in d.seating(1).tables:
        d.sheet(1, t.table, (300, 200, 0, 50), (0, 90, 100, 100))
    d.publish(1)
    d.do(commands.withdraw(d.state, 1, d.now, "andato via"))
    number = _admit(d, LateEntry(2, "rest"))
    with pytest.raises(ArbitroError, match="nuovi: 9"):
        commands.seat(d.state, 2, d.now)
    d.seat(2, movement=Movement.DANISH)
    seated = {c for t in d.seating(2).tables for line in t.lines for c in line}
    assert number in seated and 1 not in seated
