"""A knockout match at a digital table through the service (issue 32), on a real SQLite
store: robots play a whole Briscola match and each game goes into the match as the same
``game-result`` the pairs' phones record (art. 8), so the bracket advances and the champion
comes (art. 9); a seat's view never holds another hand's nor a stock's card (art. 6); the
server refuses a card out of turn or not in hand; the event file round-trips with every move
decided again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbitro.cards.italian import parse_card
from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.briscola import Game
from arbitro.games.briscola.seats import PLAY_ORDER
from arbitro.games.core import Line, Seat
from arbitro.services.event_file import export_event, import_event
from arbitro.services.knockout import KnockoutService
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.records import GameResult


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def ko(tmp_path: Path) -> Iterator[KnockoutService]:
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


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _hidden(game: Game, seat: Seat) -> set[str]:
    """The cards ``seat`` may not see (art. 6): the other hands, the stock under the trump,
    the cards won."""
    seen = {*game.hand(seat), *(c for _, c in game.table)}
    if game.trump_on_table:
        seen.add(game.trump)
    return {str(c) for c in game.card_counts() if c not in seen}


def test_robots_play_a_match_and_the_bracket_advances_as_on_paper(ko: KnockoutService) -> None:
    """Art. 9: the first match played by four robots ends with two games won by one pair;
    each game is a ``game-result`` whose points add up to 120 (art. 8), and the winner goes
    on to the final exactly as the same reports entered on paper would take it."""
    matches = DigitalMatches(ko, random.Random(5))
    m = ko.state("k").bracket.match("R1M1")  # type: ignore[union-attr]
    key = matches.open("k", m.id, robots=PLAY_ORDER)
    assert key == (1, 1)
    state = ko.state("k")
    assert state.bracket is not None
    done = state.bracket.match("R1M1")
    assert done.winner is not None and max(done.score) == 2
    results = [r.body for r in state.games.values() if isinstance(r.body, GameResult)]
    assert len(results) == len(done.games) == len(matches.table("k", 1, 1).deals)
    for rec in results:
        report = GameReport.from_payload(
            {"match": rec.match, "game": rec.game, "points": rec.points}
            | {"last_trick": rec.last_trick}
        )
        assert sum(report.points.values()) == 120  # type: ignore[union-attr]
    # the final now holds the winner of R1M1 (the bracket advanced unchanged)
    final = state.bracket.match("R2M1")
    assert done.winner in (final.first, final.second)
    # each game's points are the engine's own replay of its moves
    t = matches.table("k", 1, 1)
    for deal, rec in zip(t.deals, results, strict=True):
        game = t.engine.start(deal.layout)
        for _, move in deal.moves:
            game.push(t.engine.parse_move(move))
        assert isinstance(game, Game)
        r = game.result()
        assert rec.points == {
            str(m.first): r.points[Line.NS],
            str(m.second): r.points[Line.EW],
        }


def test_a_seat_sees_no_hidden_card_in_any_view(ko: KnockoutService) -> None:
    """Art. 6: after every card of a game, each seat's view holds its own hand, the trick and
    the turned-up trump, never a card of another hand, of the stock or of the cards won."""
    matches = DigitalMatches(ko, random.Random(11))
    matches.open("k", "R1M2")
    rng = random.Random(3)
    for _ in range(40):
        t = matches.table("k", 1, 2)
        game = t.position()
        if game.is_over:
            break
        for seat in PLAY_ORDER:
            view = matches.view("k", 1, 2, seat)
            words = set(_strings(view))
            assert not words & _hidden(game, seat), seat
            assert view["hand"] == [str(c) for c in game.hand(seat)]
            assert view["moves"] == ([str(c) for c in game.hand(seat)] if seat is game.turn else [])
        seat = game.turn
        card = rng.choice(matches.view("k", 1, 2, seat)["moves"])
        matches.play("k", 1, 2, seat, t.current.number, len(t.current.moves) + 1, card)
    assert matches.table("k", 1, 2).deals[0].moves  # the game was played through the service


def test_the_server_refuses_what_the_code_forbids(ko: KnockoutService) -> None:
    """Art. 4: a player plays in turn one card of the hand; a stale move number is refused
    and the same move sent twice is recorded once."""
    matches = DigitalMatches(ko, random.Random(2))
    matches.open("k", "R1M1")
    t = matches.table("k", 1, 1)
    game = t.position()
    turn = game.turn
    other = next(s for s in PLAY_ORDER if s is not turn)
    with pytest.raises(ArbitroError):
        matches.play("k", 1, 1, other, 1, 1, str(game.hand(other)[0]))
    with pytest.raises(ArbitroError):
        matches.play("k", 1, 1, turn, 1, 1, str(game.hand(other)[0]))
    card = str(game.hand(turn)[0])
    assert matches.play("k", 1, 1, turn, 1, 1, card) == 1
    assert matches.play("k", 1, 1, turn, 1, 1, card) == 1  # sent twice: once
    with pytest.raises(ConflictError):
        matches.play("k", 1, 1, other, 1, 1, str(game.hand(other)[0]))
    assert parse_card(card) not in matches.table("k", 1, 1).position().hand(turn)
    with pytest.raises(ConflictError):
        matches.open("k", "R1M1")  # already at a digital table
    m = ko.state("k").bracket.match("R1M1")  # type: ignore[union-attr]
    assert m.first is not None and m.second is not None
    with pytest.raises(ConflictError, match="tavolo digitale"):  # no paper entry: art. 8
        ko.run(
            "k", values.EnterGame("R1M1", m.first, {m.first: 70, m.second: 50}, None, "telefono-1")
        )
    with pytest.raises(ConflictError):
        matches.open("k", "R2M1")  # its pairs are not known yet


def test_the_event_file_round_trips_every_move(ko: KnockoutService, tmp_path: Path) -> None:
    """The log check decides each digital record again (a game's last card with its result)."""
    matches = DigitalMatches(ko, random.Random(9))
    matches.open("k", "R1M1", robots=PLAY_ORDER)
    data = export_event(ko, "k")
    with RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as b:
        target = KnockoutService(b, Clock())
        import_event(target, data)
        assert target.state("k").bracket == ko.state("k").bracket
        # a move changed in the file is refused
        assert not [r for r in data["records"] if r["kind"] == "digital-move"]
        moves = data["tables"]  # the match's table's own log (issue 33)
        moves[3]["payload"]["move"] = "1B" if moves[3]["payload"]["move"] != "1B" else "2B"
        with pytest.raises(ArbitroError):
            import_event(target, data, event_id="k2")


def test_the_matchs_last_card_sent_again_is_recorded_once(ko: KnockoutService) -> None:
    """A phone that lost the answer to the card that decided the match sends it again (the
    same game and ``n``): recorded once, not refused as a decided match (art. 9); another
    card after the match is decided is refused."""
    matches = DigitalMatches(ko, random.Random(4))
    matches.open("k", "R1M1")
    rng = random.Random(6)
    last: tuple[Seat, int, int, str] | None = None
    while ko.state("k").bracket.match("R1M1").winner is None:  # type: ignore[union-attr]
        t = matches.table("k", 1, 1)
        seat = t.position().turn
        card = rng.choice(matches.view("k", 1, 1, seat)["moves"])
        last = (seat, t.current.number, len(t.current.moves) + 1, card)
        matches.play("k", 1, 1, *last)
    assert last is not None
    seat, deal, n, card = last
    records = len(ko.store.records("k"))
    matches.play("k", 1, 1, seat, deal, n, card)  # no error
    assert len(ko.store.records("k")) == records
    with pytest.raises(ConflictError):
        matches.play("k", 1, 1, seat, deal, n + 1, card)
