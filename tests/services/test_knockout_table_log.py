"""A knockout match's digital table keeps its moves in its own log (issues 32, 33), as a
round's table does: the store's ``table_records``, appended with the table's expected seq;
the knockout's log keeps the games dealt and each game's ``game-result`` (Briscola art. 8),
which follows the game's last move. A match resumes after a restart from its table's log,
also when the server stopped between a game's last card and its result; the event file
carries the match's table log; an old file (arbitro 93d11e7: the moves in the knockout's
log) still imports and replays, and its match goes on in the table's log."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.briscola.seats import PLAY_ORDER
from arbitro.games.core import Seat
from arbitro.services.digital_tables import append_move
from arbitro.services.event_file import export_event, import_event
from arbitro.services.event_log import to_domain
from arbitro.services.knockout import KnockoutService
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_digital import (
    DealNextGame,
    RecordDigitalGame,
    play_match_move,
    result_due,
)
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.records import DigitalMove, GameResult

OLD_FILE = Path(__file__).parent / "old_files" / "knockout-digital-93d11e7.json"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 3, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RecordStore]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'k.sqlite3'}") as s:
        yield s


def _knockout(store: RecordStore, event_id: str = "k") -> KnockoutService:
    """Four pairs, the bracket seeded: R1M1 and R1M2, then the final (art. 9)."""
    ko = KnockoutService(store, Clock())
    ko.create(event_id, KnockoutConfig("Coppa digitale", seeded=True))
    for i in range(1, 5):
        ko.run(event_id, values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    ko.run(event_id, values.DrawBracket())
    return ko


def _event_kinds(ko: KnockoutService, event_id: str) -> list[str]:
    return [r.kind for r in ko.store.records(event_id)]


def _play(matches: DigitalMatches, event_id: str, table: int, cards: int, seed: int) -> None:
    """``cards`` cards played by the seats to play, each a card its own view offers."""
    rng = random.Random(seed)
    for _ in range(cards):
        t = matches.table(event_id, 1, table)
        seat = t.position().turn
        card = rng.choice(matches.view(event_id, 1, table, seat)["moves"])
        matches.play(event_id, 1, table, seat, t.current.number, len(t.current.moves) + 1, card)


def test_a_matchs_moves_are_records_of_its_tables_log_not_of_the_knockouts(
    store: RecordStore,
) -> None:
    """Robots play R1M1 to its end (art. 9): every card is a ``digital-move`` of table 1 of
    round 1's own log, numbered 1, 2, 3...; the knockout's log holds no move, only the
    games dealt and each game's result, which comes after its game's last card (the card's
    ``event_seq``, the knockout record it was decided on, is before the result's seq) and is
    the engine's replay of the game's cards (art. 8). A human's card leaves the knockout's
    log alone."""
    ko = _knockout(store)
    matches = DigitalMatches(ko, random.Random(5))
    matches.open("k", "R1M1", robots=PLAY_ORDER)
    assert "digital-move" not in _event_kinds(ko, "k")
    logged = store.table_records("k", 1, 1)
    t = matches.table("k", 1, 1)
    assert [r.seq for r in logged] == list(range(1, len(logged) + 1))
    assert [(r.payload["seat"], r.payload["move"]) for r in logged] == [
        m for d in t.deals for m in d.moves
    ]
    results = [to_domain(r) for r in store.records("k") if r.kind == "game-result"]
    state = ko.state("k")
    m = state.bracket.match("R1M1")  # type: ignore[union-attr]
    assert m.winner is not None and len(results) == len(m.games) == len(t.deals)
    last_card = 0
    for deal, rec in zip(t.deals, results, strict=True):
        last_card += len(deal.moves)
        assert logged[last_card - 1].event_seq < rec.seq  # the result follows its last card
        game = t.engine.start(deal.layout)
        for _, move in deal.moves:
            game.push(t.engine.parse_move(move))
        assert isinstance(rec.body, GameResult) and game.is_over
        outcome = game.outcome()
        assert outcome is not None
        assert sorted(rec.body.points.values()) == sorted(outcome.points.values())
    # a human's card: one more record of R1M2's table log, none of the knockout's
    matches.open("k", "R1M2", robots=(Seat.S, Seat.W))
    before = store.last_seq("k")
    _play(matches, "k", 2, 1, seed=3)
    assert store.last_seq("k") == before
    assert len(store.table_records("k", 1, 2)) >= 1


def test_a_match_resumes_after_a_restart_from_its_tables_log(store: RecordStore) -> None:
    """A new process (a new service on the same store) folds the match's table from its
    own log and plays on: its next card is the log's next record. The server stopped
    between a game's last card (in the table's log) and the game's result: the first phone
    that reads the table after the restart finds the result recorded once (art. 8) and the
    next game dealt (art. 9)."""
    ko = _knockout(store)
    DigitalMatches(ko, random.Random(8)).open("k", "R1M1")  # four phones, no robot
    _play(DigitalMatches(ko, random.Random(9)), "k", 1, 7, seed=4)
    played = list(DigitalMatches(ko).table("k", 1, 1).current.moves)

    again = DigitalMatches(KnockoutService(store, Clock()), random.Random(10))  # restarted
    assert again.table("k", 1, 1).current.moves == played
    _play(again, "k", 1, 1, seed=5)
    assert len(store.table_records("k", 1, 1)) >= len(played) + 1

    # the game's cards to its last, the last appended as a server killed right after it
    rng = random.Random(11)
    while True:
        t = again.table("k", 1, 1)
        game = t.position()
        seat = game.turn
        card = rng.choice(again.view("k", 1, 1, seat)["moves"])
        n = len(t.current.moves) + 1
        probe = game.copy()
        probe.push(t.engine.parse_move(card))
        if probe.is_over:
            append_move(ko, "k", 1, 1, 1, n, seat, card, f"1 {seat.value}", play_match_move)
            break
        again.play("k", 1, 1, seat, 1, n, card)
    assert "game-result" not in _event_kinds(ko, "k")  # the server died before it
    layout = DigitalMatches(ko).table("k", 1, 1).current.layout
    with pytest.raises(ConflictError, match="non è ancora registrato"):  # art. 8, then 9
        ko.run("k", DealNextGame("R1M1", layout))

    restarted = DigitalMatches(KnockoutService(store, Clock()), random.Random(12))
    view = restarted.view("k", 1, 1, Seat.N)
    assert _event_kinds(ko, "k").count("game-result") == 1
    assert view["deal"] == 2 and sorted(view["match"]["games"]) == [0, 1]
    restarted.view("k", 1, 1, Seat.E)  # read again: nothing recorded twice
    assert _event_kinds(ko, "k").count("game-result") == 1
    assert _event_kinds(ko, "k").count("digital-dealt") == 2
    with pytest.raises(ConflictError, match="nessun risultato"):  # recorded once
        ko.run("k", RecordDigitalGame("R1M1"))


def test_the_event_file_carries_the_matchs_table_log(store: RecordStore) -> None:
    """Export: the file's ``tables`` hold the match's cards, its ``records`` none; import
    decides every card again after the record it was decided on and each game's result
    after its last card: the cards are back in the new event's table log, the bracket is
    the same; a result changed in the file is refused (art. 8: the engine's points)."""
    ko = _knockout(store)
    DigitalMatches(ko, random.Random(9)).open("k", "R1M1", robots=PLAY_ORDER)
    DigitalMatches(ko, random.Random(13)).open("k", "R1M2", robots=(Seat.S, Seat.W))
    _play(DigitalMatches(ko, random.Random(14)), "k", 2, 3, seed=6)
    data = json.loads(json.dumps(export_event(ko, "k")))
    assert "digital-move" not in [r["kind"] for r in data["records"]]
    stored = store.all_table_records("k")
    assert len(data["tables"]) == len(stored) > 40
    import_event(ko, data, "copia")
    copied = store.all_table_records("copia")
    assert [(r.round, r.table, r.seq, r.event_seq, r.payload) for r in copied] == [
        (r.round, r.table, r.seq, r.event_seq, r.payload) for r in stored
    ]
    fresh = KnockoutService(store, Clock())  # a new process: folded from the store alone
    assert fresh.state("copia").bracket == ko.state("k").bracket
    for table in (1, 2):
        assert [d.moves for d in DigitalMatches(fresh).table("copia", 1, table).deals] == [
            d.moves for d in DigitalMatches(ko).table("k", 1, table).deals
        ]
    result = next(
        r
        for r in data["records"]
        if r["kind"] == "game-result" and len(set(r["payload"]["points"].values())) == 2
    )
    points = result["payload"]["points"]
    first, second = sorted(points)
    points[first], points[second] = points[second], points[first]  # not what was played
    result["payload"]["winner"] = int(max(points, key=points.__getitem__))
    with pytest.raises(ArbitroError):
        import_event(ko, data, "falsa")
    assert not store.has_event("falsa")


def test_an_old_knockout_file_with_its_moves_in_the_knockouts_log_imports_and_replays(
    store: RecordStore,
) -> None:
    """A file of arbitro 93d11e7: R1M1 played by robots and R1M2 begun, every card a record
    of the knockout's log, each result right after its game's last card. It imports (each
    card and result decided again as the live action), folds the same matches, and R1M2
    goes on: its next cards go to the table's own log after the old ones, the next game's
    result to the knockout's log; the new file (old cards in ``records``, new in ``tables``)
    round-trips. A card changed in the old file is refused."""
    data = json.loads(OLD_FILE.read_text("utf-8"))
    old_moves = [r for r in data["records"] if r["kind"] == "digital-move"]
    assert old_moves and "tables" not in data
    ko = KnockoutService(store, Clock())
    import_event(ko, data, "vecchia")
    assert store.all_table_records("vecchia") == []
    state = ko.state("vecchia")
    r1m1 = state.bracket.match("R1M1")  # type: ignore[union-attr]
    assert r1m1.winner is not None and len(r1m1.games) >= 2
    later = KnockoutService(store, Clock())  # another process, folded from the store
    matches = DigitalMatches(later, random.Random(15))
    r1m2 = matches.table("vecchia", 1, 2)
    old_r1m2 = [
        (r["payload"]["seat"], r["payload"]["move"])
        for r in old_moves
        if r["payload"]["table"] == 2
    ]
    assert r1m2.current.moves == old_r1m2
    rng = random.Random(16)
    while later.state("vecchia").bracket.match("R1M2").winner is None:  # type: ignore[union-attr]
        t = matches.table("vecchia", 1, 2)
        seat = t.position().turn
        card = rng.choice(matches.view("vecchia", 1, 2, seat)["moves"])
        matches.play("vecchia", 1, 2, seat, t.current.number, len(t.current.moves) + 1, card)
    logged = store.table_records("vecchia", 1, 2)
    assert [r.seq for r in logged] == list(range(1, len(logged) + 1)) and logged
    bodies = [to_domain(r).body for r in store.records("vecchia")]
    assert sum(isinstance(b, DigitalMove) for b in bodies) == len(old_moves)  # no new one
    done = ko.state("vecchia").bracket.match("R1M2")  # type: ignore[union-attr]
    assert done.winner is not None
    assert sum(isinstance(b, GameResult) for b in bodies) == len(r1m1.games) + len(done.games)
    newer = json.loads(json.dumps(export_event(ko, "vecchia")))
    import_event(ko, newer, "vecchia-2")
    assert ko.state("vecchia-2").bracket == ko.state("vecchia").bracket
    # a card of the old file changed: refused, nothing stored
    old_moves[5]["payload"]["move"] = "1B" if old_moves[5]["payload"]["move"] != "1B" else "2B"
    with pytest.raises(ArbitroError):
        import_event(ko, data, "falsa")
    assert not store.has_event("falsa")


def test_a_digital_result_cancelled_is_not_made_again_from_the_table(store: RecordStore) -> None:
    """The arbiter cancels the result that decided a digital match (art. 9: the last game of
    its match): the table's finished game does not record it again by itself (nothing is
    due from the table; the arbiter records that game, art. 10), before or after the state
    is folded again from the store."""
    ko = _knockout(store)
    DigitalMatches(ko, random.Random(5)).open("k", "R1M1", robots=PLAY_ORDER)
    last = [r for r in store.records("k") if r.kind == "game-result"][-1]
    ko.run("k", values.CancelGame(last.seq, "risultato da rivedere"))
    for svc in (ko, KnockoutService(store, Clock())):
        m = svc.state("k").bracket.match("R1M1")  # type: ignore[union-attr]
        assert m.winner is None and not result_due(svc.state("k"), m)
        with pytest.raises(ConflictError, match="nessun risultato"):
            svc.run("k", RecordDigitalGame("R1M1"))
