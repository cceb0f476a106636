"""The check-in of the competitors present before round 1 is seated (FIBAS art. 4: round 1
is seated with those present; art. 36: the absent are withdrawn), and a competitor's players
edited as an append-only record (art. 2 "Concorrente")."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.tournament import commands
from arbitro.tournament.commands.setup import check_in, check_in_all, withdraw_absent
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import (
    CompetitorCheckedIn,
    CompetitorRenamed,
    CompetitorWithdrawn,
    Record,
    body_to_json,
)

NOW = datetime(2026, 11, 25, 20, 30, tzinfo=UTC)


class Event:
    """An in-memory event: commands make records, numbered and folded as the store does."""

    def __init__(self, pairs: int = 4, event_format: EventFormat = EventFormat.PAIRS) -> None:
        config = EventConfig(
            name="Serata",
            event_format=event_format,
            rounds=2,
            deals=(2, 2),
            movements=(Movement.DRAW, Movement.MITCHELL),
        )
        self.log: list[Record] = []
        self.log.append(dataclasses.replace(commands.create_event(config, NOW), seq=1))
        self.state = EventState.replay("e", self.log)
        for i in range(1, pairs + 1):
            self.do(commands.register(self.state, f"Coppia {i}", [f"G{i}a", f"G{i}b"], NOW))

    def do(self, made: Record | list[Record]) -> list[Record]:
        out = []
        for rec in made if isinstance(made, list) else [made]:
            rec = dataclasses.replace(rec, seq=len(self.log) + 1)
            self.log.append(rec)
            self.state.apply(rec)
            out.append(rec)
        return out


def test_without_check_in_round_1_is_seated_as_before_art4() -> None:
    """No check-in record: nothing changes, round 1 is seated with every registered pair
    (art. 4), as in every event file made before the check-in existed."""
    ev = Event(4)
    assert not ev.state.check_in_used and ev.state.absent() == []
    ev.do(commands.seat(ev.state, 1, NOW))
    assert sorted(ev.state.round(1).seating.competitors()) == [1, 2, 3, 4]  # type: ignore[union-attr]


def test_seating_round_1_refused_naming_the_absent_art4() -> None:
    """Once the check-in is in use, round 1 is seated only with every competitor playing it
    present (art. 4): the refusal names the absent by number and name and says what to do."""
    ev = Event(4)
    ev.do(check_in(ev.state, [1, 2, 3], NOW))
    assert ev.state.present() == [1, 2, 3] and ev.state.absent() == [4]
    with pytest.raises(ArbitroError) as refused:
        commands.seat(ev.state, 1, NOW)
    assert "4 Coppia 4" in refused.value.en
    assert "Withdraw the absent" in refused.value.en
    assert "Ritira gli assenti" in refused.value.it
    assert refused.value.article is not None and refused.value.article.article == "4"
    ev.do(check_in(ev.state, [4], NOW))
    ev.do(commands.seat(ev.state, 1, NOW))
    assert sorted(ev.state.round(1).seating.competitors()) == [1, 2, 3, 4]  # type: ignore[union-attr]


def test_absent_again_is_the_undo_art4() -> None:
    """``present=False`` takes a check-in back: that pair is absent again and round 1 waits."""
    ev = Event(2)
    ev.do(check_in(ev.state, [1, 2], NOW))
    ev.do(check_in(ev.state, [2], NOW, present=False))
    assert ev.state.absent() == [2]
    with pytest.raises(ArbitroError, match="non segnati presenti"):
        commands.seat(ev.state, 1, NOW)


def test_withdraw_the_absent_then_seat_art36() -> None:
    """ "Withdraw the absent" records one withdrawal from round 1 per absent competitor, with
    the reason "absent at check-in" (art. 36); round 1 is then seated without them."""
    ev = Event(6)
    ev.do(check_in(ev.state, [1, 2, 4, 5], NOW))
    made = ev.do(withdraw_absent(ev.state, NOW))
    assert [r.body for r in made] == [CompetitorWithdrawn(3, 1), CompetitorWithdrawn(6, 1)]
    assert {r.reason for r in made} == {"absent at check-in"}
    ev.do(commands.seat(ev.state, 1, NOW))
    assert sorted(ev.state.round(1).seating.competitors()) == [1, 2, 4, 5]  # type: ignore[union-attr]
    with pytest.raises(ArbitroError, match="chiuse"):
        withdraw_absent(ev.state, NOW)


def test_all_present_is_one_batch_art4() -> None:
    """ "All present" makes one record per competitor not yet checked in, in one batch; a
    second time there is nobody left."""
    ev = Event(5)
    ev.do(check_in(ev.state, [2], NOW))
    made = check_in_all(ev.state, NOW)
    assert [r.body for r in made] == [CompetitorCheckedIn(c, True) for c in (1, 3, 4, 5)]
    ev.do(made)
    assert ev.state.absent() == [] and len(ev.state.present()) == 5
    with pytest.raises(ConflictError):
        check_in_all(ev.state, NOW)


def test_check_in_closed_after_round_1_is_seated_art4() -> None:
    """After round 1 is seated the check-in is closed: refused with a message."""
    ev = Event(4)
    ev.do(commands.seat(ev.state, 1, NOW))
    with pytest.raises(ArbitroError) as refused:
        check_in(ev.state, [1], NOW)
    assert "closed" in refused.value.en and "chiuse" in refused.value.it


def test_check_in_of_a_withdrawn_or_unknown_competitor_refused_art36() -> None:
    """A withdrawn competitor is re-admitted before it is checked in (art. 36); an unknown
    number is refused; an empty list is refused."""
    ev = Event(3)
    ev.do(commands.withdraw(ev.state, 2, NOW))
    with pytest.raises(ConflictError, match="ritirato"):
        check_in(ev.state, [2], NOW)
    with pytest.raises(NotFoundError):
        check_in(ev.state, [9], NOW)
    with pytest.raises(ArbitroError):
        check_in(ev.state, [], NOW)
    ev.do(check_in(ev.state, [1, 3], NOW))
    assert ev.state.absent() == []  # the withdrawn pair does not play round 1
    ev.do(commands.seat(ev.state, 1, NOW))


def test_players_edited_as_a_record_art2() -> None:
    """A rename may change the players too (a substitute partner), with the checks of a
    registration (art. 2): a pair has two players, no empty name, no name over 200
    characters; without players the players stay, and the record's JSON has no players
    key (the files of earlier versions read the same)."""
    ev = Event(3)
    rec = commands.rename(ev.state, 2, " Rossi - Verdi ", NOW, players=[" Rossi ", "Verdi", " "])
    assert rec.body == CompetitorRenamed(2, "Rossi - Verdi", ("Rossi", "Verdi"))
    ev.do(rec)
    assert ev.state.competitors[2].players == ("Rossi", "Verdi")
    plain = commands.rename(ev.state, 2, "Rossi e Verdi", NOW)
    assert body_to_json(plain.body) == {"competitor": 2, "name": "Rossi e Verdi"}
    ev.do(plain)
    assert ev.state.competitors[2].players == ("Rossi", "Verdi")
    with pytest.raises(ArbitroError) as three:
        commands.rename(ev.state, 2, "Rossi", NOW, players=["a", "b", "c"])
    assert three.value.article is not None and three.value.article.article == "2"
    with pytest.raises(ArbitroError, match="vuoto"):
        commands.rename(ev.state, 2, "  ", NOW, players=["a", "b"])
    with pytest.raises(ArbitroError, match="troppo lungo"):
        commands.rename(ev.state, 2, "Rossi", NOW, players=["x" * 201, "b"])
    with pytest.raises(ConflictError, match="già iscritto"):
        commands.rename(ev.state, 2, "coppia 1", NOW)
    with pytest.raises(NotFoundError):
        commands.rename(ev.state, 7, "Nessuno", NOW)


def test_team_players_edited_art2() -> None:
    """A team's players are replaced whole; a team needs at least its minimum of players."""
    ev = Event(0, EventFormat.TEAMS)
    ev.do(commands.register(ev.state, "Squadra A", ["a", "b", "c", "d"], NOW))
    ev.do(commands.rename(ev.state, 1, "Squadra A", NOW, players=["a", "b", "c", "d", "e"]))
    assert ev.state.competitors[1].players == ("a", "b", "c", "d", "e")
    with pytest.raises(ArbitroError, match="1 giocatore, una squadra ne ha almeno 4"):
        commands.rename(ev.state, 1, "Squadra A", NOW, players=["a"])
