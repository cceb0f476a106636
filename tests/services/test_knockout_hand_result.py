"""A game's result typed by hand while the match is played at a digital table (issue 32;
Briscola art. 8: the table records each game's points from its cards), through the service
on a real SQLite store: refused while the table has a game to record (in Italian and English,
saying how), the bracket unchanged; an art. 10 irregularity is still the arbiter's call; a
deciding result the table recorded and the arbiter cancelled is typed by hand
(docs/rulings.md, digital 26)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.errors import ConflictError
from arbitro.games.briscola.seats import PLAY_ORDER
from arbitro.services.knockout import KnockoutService
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport, Match
from arbitro.tournament.knockout_event import KnockoutConfig


class Clock:
    def __call__(self) -> datetime:
        return datetime(2026, 12, 3, 7, 0, tzinfo=UTC)


@pytest.fixture
def ko(tmp_path: Path) -> Iterator[KnockoutService]:
    """Four pairs, the bracket seeded: R1M1 and R1M2, then the final (art. 9)."""
    store = RecordStore(f"sqlite:///{tmp_path / 'k.sqlite3'}")
    try:
        svc = KnockoutService(store, Clock())
        svc.create("k", KnockoutConfig("Coppa digitale", seeded=True))
        for i in range(1, 5):
            svc.run("k", values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        svc.run("k", values.DrawBracket())
        yield svc
    finally:
        store.close()


def _match(ko: KnockoutService, match: str) -> Match:
    bracket = ko.state("k").bracket
    assert bracket is not None
    return bracket.match(match)


def _typed(m: Match, first: int = 68) -> GameReport:
    """The next game of ``m`` as the arbiter types it: each pair's points (art. 8)."""
    assert m.first is not None and m.second is not None
    return GameReport(m.id, len(m.games) + 1, {m.first: first, m.second: 120 - first})


def _play(matches: DigitalMatches, table: int, cards: int, rng: random.Random) -> None:
    """``cards`` cards played by the seats to play, each one its own view offers (art. 4)."""
    for _ in range(cards):
        t = matches.table("k", 1, table)
        seat = t.position().turn
        card = rng.choice(matches.view("k", 1, table, seat)["moves"])
        matches.play("k", 1, table, seat, t.current.number, len(t.current.moves) + 1, card)


def test_a_typed_result_is_refused_while_the_digital_game_is_on(ko: KnockoutService) -> None:
    """Art. 8: R1M1's game 1 is being played on the phones (four cards played); the
    arbiter's result typed for it is refused (before the fix it was recorded, and the
    table's own result of that game was then dropped), naming the match, the game and what
    to do, citing art. 8; nothing is recorded."""
    matches = DigitalMatches(ko, random.Random(5))
    matches.open("k", "R1M1")
    _play(matches, 1, 4, random.Random(1))
    before = len(ko.store.records("k"))
    with pytest.raises(ConflictError) as refused:
        ko.run("k", values.RecordGame(_typed(_match(ko, "R1M1"))))
    err = refused.value
    assert err.key == "ko.digital_game_on"
    assert "R1M1" in err.it and "partita 1" in err.it and "tavolo digitale" in err.it
    assert "lascia finire" in err.it and "irregolarità" in err.it
    assert "game 1" in err.en and "digital table" in err.en and "irregularity" in err.en
    assert err.article is not None and "8" in str(err.article)
    assert len(ko.store.records("k")) == before and _match(ko, "R1M1").games == ()
    # the other match, on paper, is typed as ever
    ko.run("k", values.RecordGame(_typed(_match(ko, "R1M2"))))
    assert len(_match(ko, "R1M2").games) == 1


def test_an_irregularity_is_still_the_arbiters_call(ko: KnockoutService) -> None:
    """Art. 10: the arbiter finds an irregularity while the digital game is on: the
    offending pair loses the game, recorded at once (the table's result of it is not)."""
    DigitalMatches(ko, random.Random(5)).open("k", "R1M1")
    m = _match(ko, "R1M1")
    assert m.first is not None
    report = GameReport(m.id, 1, irregularity="out-of-turn", offender=m.first)
    ko.run("k", values.RecordGame(report, reason="gioca fuori turno"))
    assert len(_match(ko, "R1M1").games) == 1


def test_the_next_game_dealt_at_the_table_is_the_tables_to_record(ko: KnockoutService) -> None:
    """Game 1 is played to its last card (40 cards, art. 3): the table records it and
    deals game 2; a result typed for game 2 is refused as well (art. 8)."""
    matches = DigitalMatches(ko, random.Random(5))
    matches.open("k", "R1M1")
    _play(matches, 1, 40, random.Random(2))
    assert len(_match(ko, "R1M1").games) == 1
    assert matches.table("k", 1, 1).current.number == 2
    with pytest.raises(ConflictError, match="partita 2"):
        ko.run("k", values.RecordGame(_typed(_match(ko, "R1M1"))))
    assert len(_match(ko, "R1M1").games) == 1


def test_a_cancelled_deciding_result_is_typed_by_hand(ko: KnockoutService) -> None:
    """Robots play R1M1 to its end (art. 9: two games won); the arbiter cancels the table's
    deciding result: nothing is due from the table any more, so he types that game by hand
    and it decides the match."""
    DigitalMatches(ko, random.Random(5)).open("k", "R1M1", robots=PLAY_ORDER)
    decided = _match(ko, "R1M1")
    assert decided.winner is not None
    last = [r for r in ko.store.records("k") if r.kind == "game-result"][-1]
    ko.run("k", values.CancelGame(last.seq, "punti da rivedere"))
    m = _match(ko, "R1M1")
    assert m.winner is None
    winner_first = decided.winner == m.first
    ko.run("k", values.RecordGame(_typed(m, first=70 if winner_first else 50)))
    assert _match(ko, "R1M1").winner == decided.winner
