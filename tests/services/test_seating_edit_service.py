"""Seating by hand before publishing (issue 34; docs/rulings.md, "Seating by hand"): each
swap or move is a record, folded on the drawn seating in order and cancelled like every
action; refused once the seating is published (FIBAS art. 21 b) or stale (art. 21 a); the
warnings of a rematch (art. 4, modified Danish), a constraint broken (art. 4), a rest twice
in a session (art. 37) and of incomplete tables; the event file holds the edits and imports
with each one decided again."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError, ConflictError
from arbitro.i18n import render
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement, Seating, TableSeating
from arbitro.tournament.records import SeatingEdited
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

SHEET = SheetEntry(
    (
        DealScore(LineDeal(300, 120), LineDeal(0, -45)),
        DealScore(LineDeal(100, 85), LineDeal(200, 90)),
    )
)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 27, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=5)
        return self.now


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    with RecordStore.open(f"sqlite:///{tmp_path / 's.sqlite3'}") as store:
        yield EventService(store, Clock())


def seven_pairs(svc: EventService) -> str:
    """Seven pairs, three rounds (a draw, then modified Danish), one session: round 1 played
    and its standings published, round 2 seated and not published (one pair rests in each
    round, FIBAS art. 37)."""
    config = EventConfig(
        name="Serata",
        event_format=EventFormat.PAIRS,
        rounds=3,
        deals=(2, 2, 2),
        movements=(Movement.DRAW, Movement.MODIFIED_DANISH, Movement.MODIFIED_DANISH),
        seed=5,
    )
    svc.create_event("e", config)
    for i in range(1, 8):
        svc.run("e", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    seating = svc.seat("e", 1, publish=True).round(1).seating
    assert seating is not None
    for t in seating.tables:
        if not t.is_incomplete:
            svc.enter_sheet("e", 1, t.table, SHEET)
    svc.run("e", values.PublishStandings(1))
    svc.seat("e", 2)
    return "e"


def seating(svc: EventService, n: int = 2) -> Seating:
    found = svc.state("e").round(n).seating
    assert found is not None
    return found


def opponent(s: Seating, c: int) -> int | None:
    """The competitor ``c`` meets in seating ``s`` (None if it rests)."""
    for t in s.tables:
        if t.ns == (c,):
            return t.ew[0] if t.ew else None
        if t.ew == (c,):
            return t.ns[0] if t.ns else None
    raise AssertionError(c)


def resting(s: Seating) -> int:
    (line,) = s.resting
    return line[0]


def kinds(svc: EventService) -> list[str]:
    return [w.kind for w in svc.seating_warnings("e", 2)]


def test_art4_a_swap_that_makes_a_rematch_is_recorded_and_warned(service: EventService) -> None:
    """FIBAS art. 4, modified Danish: "non si possono incontrare le coppie [...] che si siano
    affrontate nel turno precedente, salvo all'ultimo turno". A swap that seats two pairs of
    the same round-1 table together again is recorded (a warning, not a refusal: the
    director may publish it) and the warning names the table and the article."""
    e = seven_pairs(service)
    drawn = seating(service)
    assert kinds(service) == []  # the draw kept the rule
    first = seating(service, 1)
    a = next(t.ns[0] for t in drawn.tables if t.ns and t.ew)  # a pair playing round 2
    was = opponent(first, a)
    assert was is not None
    mate = opponent(drawn, a)
    assert mate is not None and mate != was
    seq = service.run(e, values.SwapSeats(2, mate, was))
    assert opponent(seating(service), a) == was
    edits = service.seating_edits(e, 2)
    assert [r.seq for r in edits] == [seq]
    assert edits[0].body == SeatingEdited(2, "swap", mate, other=was)
    (warning,) = [w for w in service.seating_warnings(e, 2) if w.kind == "rematch"]
    assert set(warning.competitors) == {a, was}
    assert warning.article is not None and warning.article.article == "4"
    text = render(warning.message, "it")
    assert f"Tavolo {warning.table}" in text and "turno precedente" in text
    # named as the seating's tables name them: «Coppia 3 (3)», the number after the name
    assert f"Coppia {a} ({a})" in text and f"Coppia {was} ({was})" in text
    assert "Danese modificato" in text or "danese modificato" in text
    # The drawn seating stays in the state: the round's is the drawn one with the edit applied.
    assert service.state(e).round(2).drawn == drawn


def test_art4_the_last_round_allows_a_rematch_only_a_note(service: EventService) -> None:
    """Art. 4: modified Danish forbids meeting the previous round's opponents "salvo
    all'ultimo turno": in the last round the same swap is only a note (met-before)."""
    e = seven_pairs(service)
    service.run(e, values.PublishSeating(2))
    for t in seating(service).tables:
        if not t.is_incomplete:
            service.enter_sheet(e, 2, t.table, SHEET)
    service.run(e, values.PublishStandings(2))
    service.seat(e, 3)
    third, second = seating(service, 3), seating(service, 2)
    a = next(t.ns[0] for t in third.tables if t.ns and t.ew)
    was = opponent(second, a)
    mate = opponent(third, a)
    assert was is not None and mate is not None
    service.run(e, values.SwapSeats(3, mate, was))
    found = [w for w in service.seating_warnings(e, 3) if a in w.competitors]
    assert [w.kind for w in found] == ["met-before"]
    assert "già incontrate nel turno 2" in render(found[0].message, "it")


def test_art37_a_rest_given_twice_in_the_session_is_warned(service: EventService) -> None:
    """FIBAS art. 37: "una coppia non può riposare due volte nella stessa sessione". Swapping
    round 1's resting pair with round 2's makes it rest again: warned, with the article."""
    e = seven_pairs(service)
    rested = resting(seating(service, 1))
    rests = resting(seating(service))
    assert rested != rests
    service.run(e, values.SwapSeats(2, rested, rests))
    assert resting(seating(service)) == rested
    (warning,) = [w for w in service.seating_warnings(e, 2) if w.kind == "rest-twice"]
    assert warning.competitors == (rested,)
    assert warning.article is not None and warning.article.article == "37"
    assert "riposa di nuovo" in render(warning.message, "it")
    assert "rests again" in render(warning.message, "en")


def test_art4_a_constraint_broken_by_a_move_and_the_incomplete_tables(
    service: EventService,
) -> None:
    """Art. 4, pairs that must not meet: a move that seats them together is warned. A move to
    a new table leaves two more tables with one line (art. 2 "Tavolo incompleto"): each
    warned, with art. 37."""
    e = seven_pairs(service)
    drawn = seating(service)
    t1, t2 = drawn.tables[0], drawn.tables[1]
    assert t1.ns and t1.ew and t2.ns and t2.ew
    a, b = t1.ns[0], t2.ns[0]
    service.run(e, values.AddConstraint(a, b, "family"))
    service.run(
        e, values.MoveSeat(2, b, 1, "ew")
    )  # b takes t1's E-W line; its occupant goes to t2 N-S
    now = seating(service)
    assert now.tables[0] == TableSeating(1, (a,), (b,))
    assert now.tables[1] == TableSeating(2, t1.ew, t2.ew)
    assert kinds(service) == ["constraint"]
    count = len(now.tables)
    service.run(e, values.MoveSeat(2, a, count + 1, "ns"))  # a new table
    moved = seating(service)
    assert len(moved.tables) == count + 1 and moved.tables[-1] == TableSeating(
        count + 1, (a,), None
    )
    incomplete = [w for w in service.seating_warnings(e, 2) if w.kind == "missing-line"]
    assert {w.table for w in incomplete} == {1, count, count + 1}
    assert all(w.article is not None and w.article.article == "37" for w in incomplete)


def test_an_edit_cancelled_folds_the_seating_again_without_it(service: EventService) -> None:
    """Every change cancellable: the seating is the drawn one with the edits in force
    applied in order; cancelling the first keeps the second (a move applies to whatever
    seating it meets). A cancelled edit is refused a second cancel."""
    e = seven_pairs(service)
    drawn = seating(service)
    t1, t2 = drawn.tables[0], drawn.tables[1]
    assert t1.ns and t1.ew and t2.ns
    first = service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    second = service.run(e, values.MoveSeat(2, t1.ew[0], 2, "ew"))
    service.run(e, values.Cancel(first, "scambio sbagliato"))
    assert [r.seq for r in service.seating_edits(e, 2)] == [second]
    from arbitro.tournament.seating_edit import move

    assert seating(service) == move(drawn, t1.ew[0], 2, "ew")
    with pytest.raises(ConflictError):
        service.run(e, values.Cancel(first, "di nuovo"))
    service.run(e, values.Cancel(second, "anche questo"))
    assert seating(service) == drawn


def test_art21_refused_once_published_or_redrawn_and_for_nothing(service: EventService) -> None:
    """FIBAS art. 21 b: the published seating stands, no edit and no cancel of an edit then;
    an edit of a seating drawn again no longer applies (its cancel refused); a swap on one
    line, a move to where one sits, an unknown table are refused with the reason."""
    e = seven_pairs(service)
    drawn = seating(service)
    t1, t2 = drawn.tables[0], drawn.tables[1]
    assert t1.ns and t1.ew and t2.ns
    with pytest.raises(ArbitroError) as nothing:
        service.run(e, values.SwapSeats(2, t1.ns[0], t1.ns[0]))
    assert "nothing to swap" in nothing.value.en
    with pytest.raises(ArbitroError) as there:
        service.run(e, values.MoveSeat(2, t1.ns[0], 1, "ns"))
    assert "nothing to move" in there.value.en
    with pytest.raises(ArbitroError) as beyond:
        service.run(e, values.MoveSeat(2, t1.ns[0], len(drawn.tables) + 2, "ns"))
    assert "does not exist" in beyond.value.en
    old = service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    service.seat(e, 2, seed=11)  # a new draw starts from no edit
    assert service.seating_edits(e, 2) == []
    with pytest.raises(ConflictError) as again:
        service.run(e, values.Cancel(old, "annulla"))
    assert "seated again" in again.value.en
    kept = service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    service.run(e, values.PublishSeating(2))
    with pytest.raises(ConflictError) as refused:
        service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    assert "already published" in refused.value.en
    assert refused.value.article is not None and refused.value.article.article == "21"
    with pytest.raises(ConflictError) as late:
        service.run(e, values.Cancel(kept, "troppo tardi"))
    assert "already published" in late.value.en


def test_art21a_a_stale_seating_is_drawn_again_before_an_edit(service: EventService) -> None:
    """FIBAS art. 21 a: a correction of round 1 after round 2 was drawn (modified Danish, on
    its standings) makes round 2's seating stale; it is not edited by hand but drawn again.
    The edits already made do not make it stale themselves."""
    e = seven_pairs(service)
    drawn = seating(service)
    t1, t2 = drawn.tables[0], drawn.tables[1]
    assert t1.ns and t2.ns
    played = next(t.table for t in seating(service, 1).tables if not t.is_incomplete)
    # a correction after the draw that leaves the standings as they were: not stale
    service.run(
        e,
        values.CorrectSheet(
            1, played, kind="arbiter", reason="firma", entry=SHEET, by_arbiter=True
        ),
    )
    service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    assert not service.stale_seating(e, 2)  # the edit is the director's, not a stale draw
    service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    inverted = SheetEntry(tuple(DealScore(d.ew, d.ns) for d in SHEET.deals))
    for t in seating(service, 1).tables:
        if not t.is_incomplete:
            service.run(
                e,
                values.CorrectSheet(
                    1,
                    t.table,
                    kind="inverted",
                    reason="invertiti",
                    entry=inverted,
                    table_agrees=True,
                ),
            )
    assert service.stale_seating(e, 2)  # every result inverted: the ranking is another
    with pytest.raises(ConflictError) as stale:
        service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    assert "draw it again" in stale.value.en
    service.run(e, values.Redraw(2))
    assert service.seating_edits(e, 2) == []
    assert not service.stale_seating(e, 2)


def test_the_event_file_holds_the_edits_and_imports_them_decided_again(
    service: EventService,
) -> None:
    """The edits and their cancellations go into the event file; importing it decides each
    edit again on the state before it and gives the same seating."""
    e = seven_pairs(service)
    drawn = seating(service)
    t1, t2 = drawn.tables[0], drawn.tables[1]
    assert t1.ns and t1.ew and t2.ns
    first = service.run(e, values.SwapSeats(2, t1.ns[0], t2.ns[0]))
    service.run(e, values.MoveSeat(2, t1.ew[0], len(drawn.tables) + 1, "ew"))
    service.run(e, values.Cancel(first, "ripensato"))
    data = export_event(service, e)
    assert [r["kind"] for r in data["records"]].count("seating-edited") == 2
    copied = import_event(service, copy.deepcopy(data), "copia")
    assert isinstance(copied, EventState)
    assert copied.round(2).seating == seating(service)
    bad = copy.deepcopy(data)
    for r in bad["records"]:
        if r["kind"] == "seating-edited" and r["payload"]["action"] == "move":
            r["payload"]["table"] = 40
    with pytest.raises(ArbitroError) as broken:
        import_event(service, bad, "rotto")
    assert "table 40 does not exist" in broken.value.en
