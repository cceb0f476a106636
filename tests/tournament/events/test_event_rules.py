"""Event rules of the FIBAS code as the domain applies them: rest scores and the last-round
average (art. 37), lateness (art. 37), warnings (art. 22, 41), abandon (art. 36), arbitral
scores (art. 40), sheet conflicts (art. 19-20), corrections (art. 21), complaints (art. 39)."""

from __future__ import annotations

import pytest

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.tournament import commands
from arbitro.tournament.model import EventFormat, Movement, TableSeating
from arbitro.tournament.scoring.results import ScoreSource, round_scores
from arbitro.tournament.standings.standings import standings

from .conftest import Driver, MakeEvent, entry


def rows(d: Driver, rnd: int) -> dict[int, tuple[int, int]]:
    """competitor → (VP, MP) after ``rnd``."""
    return {r.competitor: (r.vp, r.mp) for r in standings(d.state, rnd)}


def test_registration_order_seats_1v2_3v4(make_event: MakeEvent) -> None:
    """Art. 4: first round by registration order."""
    d = make_event()
    d.register_many(4)
    d.seat(1)
    tables = d.seating(1).tables
    assert [(t.ns, t.ew) for t in tables] == [((1,), (2,)), ((3,), (4,))]


@pytest.mark.parametrize(("deals", "mp", "vp"), [(2, 305, 14), (3, 355, 14), (4, 305, 12)])
def test_art37_rest_score_by_deals(make_event: MakeEvent, deals: int, mp: int, vp: int) -> None:
    """An odd field: the line at the incomplete table gets the rest score of art. 37."""
    d = make_event(deals=deals)
    d.register_many(3)
    d.seat(1)
    scores = round_scores(d.state, 1, as_of=1)
    assert scores[3].source is ScoreSource.REST
    assert (scores[3].mp, scores[3].vp) == (mp, vp)


def test_art37_nobody_rests_twice_and_the_last_ranked_rests(make_event: MakeEvent) -> None:
    """Art. 37: "una coppia non può riposare due volte nella stessa sessione (riposerà la
    penultima, terzultima...)"."""
    d = make_event(rounds=3)
    d.register_many(5)
    d.seat(1)  # registration order: 5 rests
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 100, 50))  # 1: 500, 2: 150
    d.sheet(1, 2, (100, 50, 0, 0), (0, 0, 0, 0))  # 3: 150, 4: 0
    d.publish(1)
    ranking = [r.competitor for r in standings(d.state, 1)]
    assert ranking == [1, 5, 3, 4, 2]  # 1: 14 VP +350; 5 rested: 14 VP +305; 2: 6 VP
    d.seat(2)
    assert d.seating(2).resting == ((2,),)
    d.sheet(2, 1, (100, 0, 0, 0), (0, 0, 0, 0))
    d.sheet(2, 2, (100, 0, 0, 0), (0, 0, 0, 0))
    d.publish(2)
    d.seat(3)
    rested = {c for r in (1, 2) for line in d.seating(r).resting for c in line}
    (third,) = d.seating(3).resting
    assert third[0] not in rested


def test_art37_last_round_rest_gets_the_average_rounded_down(make_event: MakeEvent) -> None:
    """Art. 37: a line resting in the last round whose average is higher than the rest score
    gets its average, rounded down; in earlier rounds it gets the rest score."""
    d = make_event(
        rounds=3,
        movements=(Movement.REGISTRATION_ORDER, Movement.ARBITER_CHOICE, Movement.ARBITER_CHOICE),
    )
    d.register_many(3)
    d.seat(1)  # 1 v 2; 3 rests: 305 MP, 14 VP
    d.sheet(1, 1, (1000, 500, 0, 0), (1000, 505, 0, 0))  # 1: +3005 → 20-0
    d.publish(1)
    d.seat(2, arbiter_tables=(TableSeating(1, (1,), (3,)), TableSeating(2, (2,), None)))
    d.sheet(2, 1, (100, 0, 0, 0), (0, 0, 0, 0))  # 1: +100 → 11-9
    d.publish(2)
    d.seat(3, arbiter_tables=(TableSeating(1, (2,), (3,)), TableSeating(2, (1,), None)))
    last = round_scores(
        d.state, 3, as_of=3, history={1: [round_scores(d.state, r, as_of=3)[1] for r in (1, 2)]}
    )
    assert last[1].source is ScoreSource.REST_AVERAGE
    assert (last[1].vp, last[1].mp) == ((20 + 11) // 2, (3005 + 100) // 2)  # 15 VP, 1552 MP
    d.sheet(3, 1, (0, 0, 0, 0), (0, 0, 0, 0))
    one = next(r for r in standings(d.state, 3) if r.competitor == 1)
    assert one.round_vp == (20, 11, 15) and one.round_mp == (3005, 100, 1552)
    assert round_scores(d.state, 2, as_of=2)[2].source is ScoreSource.REST  # not the last round


def test_art37_lateness_bands(make_event: MakeEvent) -> None:
    """Art. 37: up to 5 min a warning; 5:01-10 min -100 MP; over 10 the match is lost, the
    opponents getting the rest score and the late line its counterpart."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(6)
    d.seat(1)
    d.do(commands.record_lateness(d.state, 1, 1, 300, d.now))  # warning only
    d.do(commands.record_lateness(d.state, 1, 3, 301, d.now))  # -100 MP
    d.do(commands.record_lateness(d.state, 1, 5, 601, d.now))  # match lost
    for table in (1, 2):
        d.sheet(1, table, (100, 0, 100, 0), (0, 0, 0, 0))
    got = rows(d, 1)
    assert got[1] == (10, 0) and got[2] == (10, 0)
    assert got[3] == (10, -100) and got[4] == (10, 0)
    assert got[6] == (14, 305) and got[5] == (6, -305)
    assert {r.competitor: r.warnings for r in standings(d.state, 1)}[1] == 1


def test_art37_both_lines_late_over_10_minutes_both_get_zero(make_event: MakeEvent) -> None:
    """Art. 37: "dopo i 10 minuti entrambe perdono l'incontro prendendo zero"."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(2)
    d.seat(1)
    d.do(commands.record_lateness(d.state, 1, 1, 700, d.now))
    d.do(commands.record_lateness(d.state, 1, 2, 660, d.now))
    assert rows(d, 1) == {1: (0, 0), 2: (0, 0)}
    assert commands.missing_sheets(d.state, 1) == []


def test_art22_two_warnings_cost_1_vp_and_100_mp(make_event: MakeEvent) -> None:
    """Art. 22 note 1 and art. 41: two warnings = -1 VP and -100 MP overall; one costs nothing."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(2)
    d.seat(1)
    d.sheet(1, 1, (100, 0, 100, 0), (0, 0, 0, 0))
    d.do(commands.give_warning(d.state, 1, 1, "commenti sul gioco", d.now))
    assert rows(d, 1)[1] == (10, 0)
    d.do(commands.give_warning(d.state, 1, 1, "carte mosse durante il gioco del compagno", d.now))
    row = next(r for r in standings(d.state, 1) if r.competitor == 1)
    assert (row.vp, row.mp, row.warnings, row.penalty_vp, row.penalty_mp) == (9, -100, 2, -1, -100)
    with pytest.raises(ArbitroError, match="motivo"):
        commands.give_warning(d.state, 1, 1, "  ", d.now)


@pytest.mark.parametrize(("justified", "leaver"), [(True, (6, -305)), (False, (0, 0))])
def test_art36_abandon(make_event: MakeEvent, justified: bool, leaver: tuple[int, int]) -> None:
    """Art. 36: the pair present wins with the rest score; the pair leaving loses with the
    counterpart if justified, at zero if not; it plays no later round, whose opponents rest."""
    d = make_event(rounds=2, movements=(Movement.REGISTRATION_ORDER, Movement.DANISH))
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 2, (100, 0, 100, 0), (0, 0, 0, 0))
    d.do(
        commands.record_abandon(d.state, 1, 1, justified, "malore" if justified else "lite", d.now)
    )
    got = rows(d, 1)
    assert got[2] == (14, 305)
    assert got[1] == leaver
    d.publish(1)
    d.seat(2)
    assert 1 not in d.seating(2).competitors()
    assert len(d.seating(2).resting) == 1


def test_art36_both_pairs_abandon_get_zero(make_event: MakeEvent) -> None:
    """Art. 36: "qualora entrambe le coppie al tavolo abbandonino... pari a zero"."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(2)
    d.seat(1)
    d.do(commands.record_abandon(d.state, 1, 1, True, "malore", d.now))
    d.do(commands.record_abandon(d.state, 1, 2, True, "treno", d.now))
    assert rows(d, 1) == {1: (0, 0), 2: (0, 0)}


def test_art40_arbitral_score_replaces_the_round_result(make_event: MakeEvent) -> None:
    """Art. 40: the arbiter assigns a score that replaces the competitor's result."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(2)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))
    d.do(
        commands.arbitral_score(d.state, 1, 2, 0, 8, "danneggiata da informazione illecita", d.now)
    )
    assert rows(d, 1)[2] == (8, 0)
    with pytest.raises(ArbitroError, match="fuori scala"):
        commands.arbitral_score(d.state, 1, 2, 0, 21, "x", d.now)


def test_art19_same_sheet_twice_is_harmless_a_different_one_is_a_conflict(
    make_event: MakeEvent,
) -> None:
    """Both lines submit: the same numbers again change nothing; different numbers are kept
    as a conflict for the director, never an overwrite; publication waits for it."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(2)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))
    assert commands.sheet_status(d.state, 1, 1) == "confirmed"
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 100, 0))
    assert commands.sheet_status(d.state, 1, 1) == "conflict"
    assert rows(d, 1)[1] == (15, 500)  # the first entry still counts
    with pytest.raises(ArbitroError, match="conflitto"):
        d.publish(1)
    d.do(
        commands.correct_sheet(
            d.state,
            1,
            1,
            d.now,
            kind="conflict",
            reason="verificato con il tavolo",
            entry=entry((300, 200, 0, 0), (0, 0, 100, 0)),
        )
    )
    assert commands.sheet_status(d.state, 1, 1) == "confirmed"
    assert rows(d, 1)[1] == (14, 400)
    d.publish(1)
    assert [v.kind for v in d.state.round(1).sheets[1].history] == [
        "entered",
        "repeated",
        "conflict",
        "correction: conflict",
    ]


def test_sheet_for_a_table_that_does_not_exist(make_event: MakeEvent) -> None:
    """A sheet for table 9 of a 1-table round is refused, naming the tables that exist."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(2)
    d.seat(1)
    with pytest.raises(ArbitroError) as err:
        d.sheet(1, 9, (0, 0, 0, 0))
    assert "tavolo 9 non esiste nel turno 1 (tavoli 1-1)" in err.value.it


def _two_rounds(make_event: MakeEvent) -> Driver:
    d = make_event(rounds=3)
    d.register_many(4)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))  # 1: 500 v 2: 0 → 15-5
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 0, 0))  # 3: 100 v 4: 0 → 11-9
    return d


def test_art21_sum_error_corrected_only_before_publication(make_event: MakeEvent) -> None:
    """Art. 21: an evident sum error is corrected if found before the round's standings and
    the next seating; afterwards the sheet stands."""
    d = _two_rounds(make_event)
    d.do(
        commands.correct_sheet(
            d.state,
            1,
            2,
            d.now,
            kind="sum",
            reason="somma errata",
            entry=entry((100, 50, 0, 0), (0, 0, 0, 0)),
        )
    )
    assert rows(d, 1)[3] == (12, 150)
    d.publish(1)
    with pytest.raises(ArbitroError) as err:
        commands.correct_sheet(
            d.state,
            1,
            2,
            d.now,
            kind="sum",
            reason="altra somma",
            entry=entry((100, 0, 0, 0), (0, 0, 0, 0)),
        )
    assert isinstance(err.value.article, Citation)
    assert err.value.article.article == "21"


def test_art21_inverted_scores_need_the_table_and_count_from_the_next_round(
    make_event: MakeEvent,
) -> None:
    """Art. 21: inverted scores are corrected when the table agrees, even after the standings
    and next seating; the seating stands and, once round 1's standings are final (art. 39),
    the result changes from the next round (docs/rulings.md)."""
    d = _two_rounds(make_event)
    d.publish(1)
    d.tick(16)  # past art. 39's window: round 1's standings are final
    d.seat(2)
    seating_before = d.seating(2)
    with pytest.raises(ArbitroError, match="il tavolo lo riconosce"):
        commands.correct_sheet(d.state, 1, 1, d.now, kind="inverted", reason="invertiti")
    d.do(
        commands.correct_sheet(
            d.state, 1, 1, d.now, kind="inverted", reason="invertiti", table_agrees=True
        )
    )
    assert d.seating(2) == seating_before
    assert rows(d, 1)[1] == (15, 500)  # standings after round 1 as published
    assert standings(d.state, 2)[0].round_vp[0] is not None
    after2 = {r.competitor: r for r in standings(d.state, 2)}
    assert after2[1].round_vp[0] == 5 and after2[2].round_vp[0] == 15


def test_art21_last_round_corrections_only_by_the_arbiter(make_event: MakeEvent) -> None:
    """Art. 21: during the last round no correction unless the arbiter makes it, signing."""
    d = make_event(rounds=2)
    d.register_many(2)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    d.seat(2, movement=Movement.DRAW)
    with pytest.raises(ArbitroError, match="solo l'arbitro corregge uno score"):
        commands.correct_sheet(
            d.state, 1, 1, d.now, kind="inverted", reason="invertiti", table_agrees=True
        )
    d.do(
        commands.correct_sheet(
            d.state,
            1,
            1,
            d.now,
            kind="inverted",
            reason="invertiti",
            table_agrees=True,
            by_arbiter=True,
        )
    )
    assert len(d.state.round(1).sheets[1].corrections) == 1


def test_art39_complaints_window_then_final(make_event: MakeEvent) -> None:
    """Art. 39: complaints within 15 minutes of the display; then the standings are final;
    an open complaint keeps them provisional until settled (art. 38)."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(2)
    d.seat(1)
    d.sheet(1, 1, (300, 200, 0, 0), (0, 0, 0, 0))
    d.publish(1)
    d.tick(10)
    d.do(commands.lodge_complaint(d.state, 1, 2, "punteggio sbagliato", d.now))
    d.tick(6)
    assert not d.state.standings_final(1, d.now)
    complaint = next(iter(d.state.round(1).open_complaints))
    d.do(commands.resolve_complaint(d.state, 1, complaint, "respinto: score firmato", d.now))
    assert d.state.standings_final(1, d.now)
    with pytest.raises(ArbitroError, match="15 minuti"):
        commands.lodge_complaint(d.state, 1, 2, "tardi", d.now)


def test_art4_later_round_needs_previous_standings_and_published_seating_stands(
    make_event: MakeEvent,
) -> None:
    """Round 2 is seated from round 1's standings; once published a seating stands (art. 21 b)."""
    d = make_event(rounds=2)
    d.register_many(4)
    d.seat(1)
    with pytest.raises(ArbitroError, match="prima pubblicare la classifica del turno 1"):
        commands.seat(d.state, 2, d.now)
    with pytest.raises(ArbitroError, match="già affissa"):
        commands.seat(d.state, 1, d.now)


def test_art37_late_pair_completes_the_incomplete_table_in_round_1(make_event: MakeEvent) -> None:
    """Art. 37: while round 1 is played the arbiter may seat a late pair at the incomplete
    table; with complete tables registration is closed."""
    d = make_event(rounds=2)
    d.register_many(3)
    d.seat(1)
    d.do(commands.register(d.state, "Ritardatari", [], d.now))
    assert d.seating(1).resting == ()
    with pytest.raises(ArbitroError, match="iscrizioni chiuse"):
        commands.register(d.state, "Troppo tardi", [], d.now)


def test_art7_one_deal_rounds_only_with_prepared_deals() -> None:
    """Art. 7: rounds of 1 deal only for championships or prepared-deals events."""
    from .conftest import config

    with pytest.raises(ArbitroError) as err:
        commands.create_event(
            config(rounds=1, deals=1, movements=(Movement.DRAW,)),
            __import__("datetime").datetime.now(),
        )
    assert isinstance(err.value.article, Citation)
    assert err.value.article.article == "7"
    commands.create_event(
        config(rounds=1, deals=1, movements=(Movement.DRAW,), duplicate=True),
        __import__("datetime").datetime.now(),
    )


def test_teams_event_uses_two_rooms_and_the_teams_table(make_event: MakeEvent) -> None:
    """Team events: a match is the open and the closed room; the teams table converts."""
    d = make_event(
        rounds=1, movements=(Movement.REGISTRATION_ORDER,), event_format=EventFormat.TEAMS
    )
    for name in ("Squadra A", "Squadra B"):
        d.do(commands.register(d.state, name, ["a", "b", "c", "d"], d.now))
    d.seat(1)
    with pytest.raises(ArbitroError, match="sala chiusa"):
        d.sheet(1, 1, (200, 150, 0, 30), (0, 0, 0, 0))
    d.sheet(1, 1, (200, 150, 0, 30), (0, 0, 0, 0), closed=((100, 60, 300, 105), (0, 0, 0, 0)))
    assert rows(d, 1) == {1: (13, 565), 2: (7, -565)}
    with pytest.raises(ArbitroError, match="una squadra ne ha almeno 4"):
        commands.register(d.state, "Squadra C", ["a", "b"], d.now)


def test_art36_mitchell_keeps_turning_and_the_missing_lines_opponents_rest(
    make_event: MakeEvent,
) -> None:
    """Art. 36: after an abandon, the pairs that would have played the missing one in later
    rounds get the rest score; a Mitchell movement keeps its rotation."""
    d = make_event(
        rounds=3, movements=(Movement.REGISTRATION_ORDER, Movement.MITCHELL, Movement.MITCHELL)
    )
    d.register_many(6)
    d.seat(1)  # 1v2, 3v4, 5v6: NS 1, 3, 5 stationary; EW 2, 4, 6 move one table
    d.sheet(1, 2, (100, 0, 100, 0), (0, 0, 0, 0))
    d.sheet(1, 3, (100, 0, 100, 0), (0, 0, 0, 0))
    d.do(commands.record_abandon(d.state, 1, 2, True, "malore", d.now))
    d.publish(1)
    d.seat(2)
    tables = {t.table: (t.ns, t.ew) for t in d.seating(2).tables}
    assert tables == {1: ((1,), (6,)), 2: ((3,), None), 3: ((5,), (4,))}  # 2 would have met 3
    assert round_scores(d.state, 2, as_of=2)[3].source is ScoreSource.REST


def test_art20_both_lines_confirm_a_sheet_sent_from_the_table(make_event: MakeEvent) -> None:
    """Both lines sign the paper sheet (art. 20): a sheet submitted by one line is pending
    until the other line submits the same numbers (or the director confirms); publication
    waits for it; a line signs once (a second submission is refused, art. 21)."""
    d = make_event(rounds=1, movements=(Movement.REGISTRATION_ORDER,))
    d.register_many(4)
    d.seat(1)
    for table, line in ((1, "ns"), (2, "ew")):
        d.do(
            commands.enter_sheet(
                d.state,
                1,
                table,
                entry((300, 200, 0, 0), (0, 0, 0, 0)),
                d.now,
                f"tavolo {table}",
                line,
            )
        )
    with pytest.raises(ArbitroError, match="già firmato"):
        commands.enter_sheet(
            d.state, 1, 1, entry((300, 200, 0, 0), (0, 0, 0, 0)), d.now, "tavolo 1", "ns"
        )
    assert commands.sheet_status(d.state, 1, 1) == "pending"
    assert commands.missing_sheets(d.state, 1) == [1, 2]
    with pytest.raises(ArbitroError, match="da confermare"):
        d.publish(1)
    d.do(
        commands.enter_sheet(
            d.state, 1, 1, entry((300, 200, 0, 0), (0, 0, 0, 0)), d.now, "tavolo 1", "ew"
        )
    )
    d.do(commands.confirm_sheet(d.state, 1, 2, d.now))
    assert [commands.sheet_status(d.state, 1, t) for t in (1, 2)] == ["confirmed", "confirmed"]
    d.publish(1)
    with pytest.raises(ArbitroError, match="linea"):
        commands.enter_sheet(d.state, 1, 1, entry((0, 0, 0, 0), (0, 0, 0, 0)), d.now, "x", "nord")


def test_sanctions_ledger_reprimand_warning_expulsion_lateness(make_event: MakeEvent) -> None:
    """The ledger keeps every sanction with its article, who, when and why: a reprimand costs
    nothing; warnings accumulate (art. 22, 41); an expulsion stops the competitor from the
    next round, its results standing (art. 40); lateness is listed with art. 37."""
    from arbitro.tournament.event import SanctionKind

    d = make_event(rounds=2)
    d.register_many(4)
    d.seat(1)
    d.do(commands.give_sanction(d.state, 1, 1, SanctionKind.REPRIMAND, "commenti", d.now))
    d.do(commands.record_lateness(d.state, 1, 2, 200, d.now))
    d.tick(5)
    d.do(
        commands.give_sanction(
            d.state,
            1,
            3,
            SanctionKind.EXPULSION,
            "condotta antisportiva grave",
            d.now,
            actor="arbitro Rossi",
        )
    )
    d.sheet(1, 1, (100, 0, 0, 0), (0, 0, 0, 0))
    d.sheet(1, 2, (100, 0, 0, 0), (0, 0, 0, 0))
    assert [(e.kind, e.article.article, e.competitor) for e in d.state.ledger] == [
        ("reprimand", "41", 1),
        ("lateness", "37", 2),
        ("expulsion", "40", 3),
    ]
    expulsion = d.state.ledger[-1]
    assert (expulsion.actor, expulsion.reason, expulsion.at) == (
        "arbitro Rossi",
        "condotta antisportiva grave",
        d.now,
    )
    assert rows(d, 1)[3] == (11, 100)  # the round's result stands
    assert {r.competitor: r.warnings for r in standings(d.state, 1)} == {1: 0, 2: 1, 3: 0, 4: 0}
    d.publish(1)
    d.seat(2)
    assert 3 not in d.seating(2).competitors()
