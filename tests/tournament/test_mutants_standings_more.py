"""The result survivors of the standings and results' mutation run (bench/RESULTS.md, "The
six result survivors not killed"), each a case of the codes: a carte uguali round whose
seating has no board plan, with a rest score listed before a table's sheet (FIBAS art. 7, 20,
37); a table's sheet with no accepted entry (art. 19-20); the session standings of a code
without the warnings' penalty, warnings given in an earlier session (Parole art. 14.4, FIBAS
art. 2 "Sessione"); a federation category and a player whose category is not known
(docs/rulings.md, Prizes 4; Parole art. 6.1)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tests.tournament.events.conftest import Driver, config

from arbitro.codes.ids import CodeId, GameId
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.boards import comparison_method
from arbitro.tournament.event import EventConfig, TableSheet
from arbitro.tournament.model import EventFormat, Movement, TableSeating
from arbitro.tournament.scoring.results import ScoreSource, round_scores
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.tournament.standings.prizes import Eligibility, PlayerProfile, qualifies
from arbitro.tournament.standings.standings import session_standings, standings

NOW = datetime(2026, 11, 25, 21, 0, tzinfo=UTC)


def _carte_uguali_without_board_plan(tmp_path: Path) -> EventService:
    """Three pairs of a carte uguali event, seated by the arbiter (art. 4) with the incomplete
    table first: table 1 rests pair 1, table 2 plays 2 v 3. The tables where two lines play
    are not numbered from 1, so the round has no board plan (art. 7)."""
    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 'cu.sqlite3'}"), lambda: NOW)
    svc.create_event(
        "cu",
        EventConfig(
            name="Carte uguali",
            event_format=EventFormat.PAIRS,
            rounds=2,
            deals=(2, 2),
            movements=(Movement.ARBITER_CHOICE, Movement.MITCHELL),
            seed=7,
            duplicate=True,
            comparison="others",
        ),
    )
    for i in range(1, 4):
        svc.run("cu", Register(f"Coppia {i}", []))
    resting, playing = TableSeating(1, (1,), None), TableSeating(2, (2,), (3,))
    svc.seat("cu", 1, arbiter_tables=(resting, playing), publish=True)
    deals = (
        DealScore(LineDeal(100, 50), LineDeal(0, 30)),
        DealScore(LineDeal(0, 20), LineDeal(200, 40)),
    )
    svc.enter_sheet("cu", 1, 2, SheetEntry(deals))
    return svc


def test_art20_no_board_plan_keeps_the_sheets_pending_after_a_rest_score(
    tmp_path: Path,
) -> None:
    """FIBAS art. 20 (carte uguali: VP against the field) and art. 7 (the board plan): with
    no plan there is nothing to compare, so the lines scored by their sheet stay PENDING —
    also when the resting pair's rest score (art. 37) is listed before them."""
    svc = _carte_uguali_without_board_plan(tmp_path)
    state = svc.state("cu")
    assert comparison_method(state) is not None
    scores = round_scores(state, 1, as_of=2)
    assert next(iter(scores)) == 1 and scores[1].source is ScoreSource.REST
    assert (scores[1].vp, scores[1].mp) == (14, 305)  # art. 37: 2 deals, 305 MP, 14 VP
    for pair in (2, 3):
        assert (scores[pair].source, scores[pair].vp, scores[pair].mp) == (
            ScoreSource.PENDING,
            0,
            0,
        )


def test_art19_a_sheet_with_no_accepted_entry_scores_pending() -> None:
    """FIBAS art. 19-20: a table's sheet that holds no accepted entry (nothing signed in
    force) gives its lines no score yet: PENDING, the other table scored."""
    d = Driver(config(rounds=1, movements=(Movement.REGISTRATION_ORDER,)))
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 0, 100, 0), (0, 0, 0, 0))
    d.state.round(1).sheets[2] = TableSheet(2, signers=frozenset({"ns", "ew"}))
    scores = round_scores(d.state, 1, as_of=1)
    assert {c: scores[c].source for c in (3, 4)} == {
        3: ScoreSource.PENDING,
        4: ScoreSource.PENDING,
    }
    assert scores[1].source is ScoreSource.SHEET and scores[1].mp == 200


def test_parole_session_standings_with_a_warning_in_the_earlier_session() -> None:
    """Parole art. 14.4: a warning costs no points (the code has no two-warnings penalty,
    unlike FIBAS art. 22 note 1); the second session's standings count the warnings of their
    own rounds only (FIBAS art. 2 "Sessione"), without dividing by the code's zero."""
    d = Driver(
        config(
            rounds=2,
            deals=3,
            movements=(Movement.DRAW, Movement.MITCHELL),
            session_starts=(1, 2),
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        )
    )
    d.register_many(4)
    d.seat(1)
    d.do(commands.give_warning(d.state, 1, 1, "commenti sul gioco", d.now))
    d.do(commands.give_warning(d.state, 1, 1, "di nuovo", d.now))
    first = {r.competitor: r for r in session_standings(d.state, 1, 2)}
    second = {r.competitor: r for r in session_standings(d.state, 2, 2)}
    assert (first[1].warnings, first[1].penalty_vp, first[1].penalty_mp) == (2, 0, 0)
    assert (second[1].warnings, second[1].penalty_vp, second[1].penalty_mp) == (0, 0, 0)
    overall = next(r for r in standings(d.state, 2) if r.competitor == 1)
    assert (overall.warnings, overall.penalty_vp, overall.penalty_mp) == (2, 0, 0)


def test_a_category_not_known_never_qualifies_whatever_the_names() -> None:
    """docs/rulings.md, Prizes 4 (Parole art. 6.1, "criteri preannunciati"): "An attribute
    not known does not qualify". A line naming no category takes no player, whatever his
    category; a player whose category is not known takes no category, whatever its name."""
    assert not qualifies(Eligibility.CATEGORY, None, [PlayerProfile(category="XXXX")])
    assert not qualifies(Eligibility.CATEGORY, "", [PlayerProfile(category="xxxx")])
    assert not qualifies(Eligibility.CATEGORY, "XXXX", [PlayerProfile()])
    assert not qualifies(
        Eligibility.CATEGORY, "XXXX", [PlayerProfile(category="xxxx"), PlayerProfile()]
    )
    assert qualifies(Eligibility.CATEGORY, "XXXX", [PlayerProfile(category=" xxxx ")])


def test_art36_the_standings_before_a_withdrawal_do_not_show_it() -> None:
    """FIBAS art. 36: a pair withdrawn after round 2's seating leaves from round 3; the
    standings after round 1 (it played round 2 too) name no withdrawal, those after round 2
    say from which round it no longer plays."""
    d = Driver(config(rounds=3, movements=(Movement.REGISTRATION_ORDER,) + (Movement.DANISH,) * 2))
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 0, 100, 0), (0, 0, 0, 0))
    d.sheet(1, 2, (300, 0, 100, 10), (0, 0, 0, 0))
    d.publish(1)
    d.seat(2)
    d.do(commands.withdraw(d.state, 1, d.now, "malore"))
    after_1 = next(r for r in standings(d.state, 1) if r.competitor == 1)
    after_2 = next(r for r in standings(d.state, 2) if r.competitor == 1)
    assert (after_1.withdrawn, after_1.withdrawn_from) == (False, None)
    assert (after_2.withdrawn, after_2.withdrawn_from) == (True, 3)
