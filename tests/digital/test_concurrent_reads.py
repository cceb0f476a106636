"""A digital table read by two threads at once (issue 33: a server's thread pool; a phone's
socket and a page, or the terminal, reading the same table): each move of its log is folded
once and every position answered is whole (found while looking for the cause of a card
recorded twice: tests/services/test_move_decided_on_its_seq.py)."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime
from typing import Any

from arbitro.tournament.digital.engine import engine_of
from arbitro.tournament.digital.table import DigitalDeal, DigitalTable
from arbitro.tournament.records import DigitalMove, Record

AT = datetime(2026, 12, 3, 21, 0, tzinfo=UTC)


def _moves(count: int) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """A Briscola game's layout and its first ``count`` moves (seat, card), robots' choices."""
    engine = engine_of("briscola")
    layout = engine.layout(random.Random(5), None)
    game, rng, moves = engine.start(layout), random.Random(6), []
    for _ in range(count):
        seat = game.turn.value
        card = str(engine.robot(game, rng))
        game.push(engine.parse_move(card))
        moves.append((seat, card))
    return layout, moves


def test_a_position_once_answered_is_never_changed_by_a_later_move() -> None:
    """A move folded after a position was answered gives a new position: the one answered
    (another thread may be reading it) still has the moves it had (arts. 4, 5)."""
    layout, moves = _moves(5)
    deal = DigitalDeal(1, layout, ())
    engine = engine_of("briscola")
    deal.moves.extend(moves[:4])
    before = deal.position(engine)
    shown = str(before)
    deal.moves.append(moves[4])
    after = deal.position(engine)
    assert str(before) == shown and len(before.move_stack) == 4
    assert len(after.move_stack) == 5 and after.turn is not before.turn
    assert deal.position(engine) is after  # no move since: the same position, not replayed


class _Log:
    """A table's own log holding ``records``, folded under ``lock`` (the service's)."""

    def __init__(self, records: list[Record]) -> None:
        self.records = records
        self.lock = threading.RLock()

    def after(self, round_number: int, table: int, seq: int) -> list[Record]:
        return [r for r in self.records if r.seq > seq]

    def folding(self) -> threading.RLock:
        return self.lock


class _Deals(list[DigitalDeal]):
    """The table's deals; the first time a move is folded into one, ``meanwhile`` runs (the
    other thread's read, at the worst moment: between the fold's check and its append)."""

    meanwhile: Any = None

    def __getitem__(self, index: Any) -> Any:
        run, self.meanwhile = self.meanwhile, None
        if run is not None:
            run()
        return super().__getitem__(index)


def test_a_table_caught_up_by_two_threads_at_once_folds_each_move_once() -> None:
    """Two threads catching the same table up from its log (a page's read beside a phone's)
    fold each move once: the second waits for the first's fold (its service's lock) instead
    of folding the same records again, which would play a card twice."""
    layout, moves = _moves(3)
    records = [
        Record(DigitalMove(1, 1, 1, n, seat, card), AT, "robot", seq=n)
        for n, (seat, card) in enumerate(moves, 1)
    ]
    log = _Log(records)
    deals = _Deals([DigitalDeal(1, layout, ())])
    table = DigitalTable(1, 1, "briscola", deals=deals)
    other = threading.Thread(target=table.catch_up, args=(log,))

    def read_meanwhile() -> None:
        other.start()
        other.join(timeout=1)  # it folds now, or waits for this thread's fold to end

    deals.meanwhile = read_meanwhile
    table.catch_up(log)
    other.join()
    assert table.current.moves == moves
    assert table.log_seq == 3
    assert [(s.value, str(c)) for s, c in table.position().move_stack] == moves
