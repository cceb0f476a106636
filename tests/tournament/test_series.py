"""Series standings (tournament/series.py): a club's season of three events ranked by
placement points, by VP, best 2 of 3, with ties decided and explained. The codes rank one
event (FIBAS art. 19); a championship follows the organiser's own regulation (Burraco Parole
art. 1, "regolamento interno ... di un campionato"): the scheme is the series' data."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.i18n import use_lang
from arbitro.tournament.series import (
    EventResults,
    Placement,
    PointsScheme,
    SchemeKind,
    series_standings,
)

ADA, BRUNO, CARLA, DARIO, ELENA = 1, 2, 3, 4, 5
NAMES = {ADA: "Ada", BRUNO: "Bruno", CARLA: "Carla", DARIO: "Dario", ELENA: "Elena"}


def event(event_id: str, *placed: tuple[int, int, int]) -> EventResults:
    """An event's placements: (player, rank, VP)."""
    return EventResults(
        event_id, event_id, tuple(Placement(p, NAMES[p], rank, vp) for p, rank, vp in placed)
    )


SEASON = (
    event("sett", (ADA, 1, 60), (BRUNO, 2, 50), (CARLA, 3, 40), (DARIO, 4, 30)),
    event("ott", (BRUNO, 1, 70), (CARLA, 2, 45), (ADA, 3, 40), (ELENA, 4, 25)),
    event("nov", (CARLA, 1, 55), (ADA, 2, 50), (DARIO, 3, 35), (BRUNO, 4, 20)),
)
TABLE = PointsScheme(SchemeKind.PLACEMENT, (10, 8, 6, 4))


def test_placement_points_best_2_of_3_with_ties_decided_and_explained() -> None:
    """Best 2 of 3: Ada (10, 6, 8), Bruno (8, 10, 4) and Carla (6, 8, 10) all count 18 from
    a 10 and an 8; with every result Ada and Carla have 24, Bruno 22: Ada and Carla share
    first place (listed by name), Bruno is third and the row says why."""
    rows = series_standings(PointsScheme(SchemeKind.PLACEMENT, (10, 8, 6, 4), best=2), SEASON)
    assert [(r.rank, r.name, r.total, r.all_total) for r in rows] == [
        (1, "Ada", 18, 24),
        (1, "Carla", 18, 24),
        (3, "Bruno", 18, 22),
        (4, "Dario", 10, 10),
        (5, "Elena", 4, 4),
    ]
    ada = rows[0]
    assert [(r.rank, r.points, r.counted) for r in ada.results if r] == [
        (1, 10, True),
        (3, 6, False),
        (2, 8, True),
    ]
    dario = rows[3]
    assert dario.results[1] is None and dario.played == 2
    assert rows[0].tie is None and rows[3].tie is None
    with use_lang("en"):
        assert rows[1].tie is not None
        assert rows[1].tie.render() == "tie on 18 points: equal on every criterion, rank shared"
        assert rows[2].tie is not None
        assert rows[2].tie.render() == (
            "tie on 18 points: all results, dropped ones included, 24 against 22"
        )
    with use_lang("it"):
        assert rows[2].tie is not None and "24" in rows[2].tie.render()
        assert "points" not in rows[2].tie.render()


def test_all_results_count_without_best_n() -> None:
    """Without best N every result counts: Ada and Carla 24, Bruno 22, Dario 10, Elena 4;
    Ada and Carla equal on every result (10, 8, 6) share the rank."""
    rows = series_standings(TABLE, SEASON)
    assert [(r.rank, r.name, r.total) for r in rows] == [
        (1, "Ada", 24),
        (1, "Carla", 24),
        (3, "Bruno", 22),
        (4, "Dario", 10),
        (5, "Elena", 4),
    ]
    assert all(r.counted for row in rows for r in row.results if r is not None)


def test_vp_scheme_tie_decided_by_the_best_result() -> None:
    """By VP, best 2 of 3: Bruno 70 + 50 = 120, Ada 60 + 50 = 110, Carla 55 + 45 = 100,
    Dario 35 + 30 = 65. With one more event Dario's 65 would tie; here a two-player case:
    40 + 0 against 20 + 20 — the better best result wins and the row says it."""
    rows = series_standings(PointsScheme(SchemeKind.VP, best=2), SEASON)
    assert [(r.name, r.total) for r in rows] == [
        ("Bruno", 120),
        ("Ada", 110),
        ("Carla", 100),
        ("Dario", 65),
        ("Elena", 25),
    ]
    tie = series_standings(
        PointsScheme(SchemeKind.VP),
        (event("a", (DARIO, 1, 20), (ELENA, 2, 0)), event("b", (ELENA, 1, 40), (DARIO, 2, 20))),
    )
    assert [(r.rank, r.name, r.total) for r in tie] == [(1, "Elena", 40), (2, "Dario", 40)]
    with use_lang("en"):
        assert tie[1].tie is not None
        assert tie[1].tie.render() == "tie on 40 points: result no. 1 counted, 40 against 20"


def test_a_shared_rank_in_an_event_earns_that_ranks_points_and_beyond_the_table() -> None:
    """Competitors equal on VP and MP share the rank (FIBAS art. 19; docs/rulings.md): each
    earns that rank's points; a place beyond the table earns ``beyond``."""
    scheme = PointsScheme(SchemeKind.PLACEMENT, (10, 8), beyond=1)
    rows = series_standings(
        scheme, (event("a", (ADA, 1, 60), (BRUNO, 2, 40), (CARLA, 2, 40), (DARIO, 4, 10)),)
    )
    assert {r.name: r.total for r in rows} == {"Ada": 10, "Bruno": 8, "Carla": 8, "Dario": 1}


def test_schemes_parse_and_round_trip_and_bad_ones_are_refused() -> None:
    """``placement:25,18,15`` and ``vp`` parse; the JSON form reads back; a placement scheme
    without a table, a VP scheme with one, negative points, best 0 are refused."""
    parsed = PointsScheme.parse("placement:25, 18,15", best=2, beyond=1)
    assert parsed == PointsScheme(SchemeKind.PLACEMENT, (25, 18, 15), 1, 2)
    assert PointsScheme.from_json(parsed.to_json()) == parsed
    assert PointsScheme.parse("VP") == PointsScheme(SchemeKind.VP)
    for bad in ("placement", "vp:1,2", "placement:10,-1", "points:1", "placement:a,b"):
        with pytest.raises(ArbitroError):
            PointsScheme.parse(bad)
    with pytest.raises(ArbitroError):
        PointsScheme.parse("vp", best=0)
    with use_lang("en"):
        assert parsed.describe().render() == (
            "points by placement: 25, 18, 15 (then 1); best 2 results count"
        )


def test_a_player_twice_in_one_event_is_refused() -> None:
    """Two results for one player in one event is a link error, refused with its name."""
    with pytest.raises(ArbitroError, match="Ada"):
        series_standings(TABLE, (event("a", (ADA, 1, 60), (ADA, 2, 40)),))
