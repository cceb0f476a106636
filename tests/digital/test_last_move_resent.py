"""A deal's last move sent again once the next deal is dealt (its phone's answer lost as the
deal ended) is recorded once and answered as a move sent twice, not refused as a move of a
deal no longer played (docs/digital-tables.md, "Records": the same one sent twice is
recorded once; issue 32, idempotent moves). Found by the property test's re-sends."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from arbitro.codes.registry import DEFAULT_CODE
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.store import RecordStore

from .play import Clock, seated_event


def test_the_last_move_of_a_deal_sent_again_is_recorded_once() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = RecordStore(f"sqlite:///{Path(folder) / 'r.sqlite3'}")
        try:
            svc = EventService(store, Clock())
            seated_event(svc, "ultima", DEFAULT_CODE, tables=1, deals=2)
            tables = DigitalTables(svc, random.Random(11))
            tables.open("ultima", 1, 1)
            seats = tables.table("ultima", 1, 1).engine.seats
            choose = random.Random(12)
            last = None
            while True:
                views = {s: tables.view("ultima", 1, 1, s) for s in seats}
                if views[seats[0]]["deal"] == 2:
                    break
                seat = next(s for s in seats if views[s]["moves"])
                v = views[seat]
                move = choose.choice(v["moves"])
                tables.play("ultima", 1, 1, seat, v["deal"], v["n"] + 1, move)
                last = (seat, v["deal"], v["n"] + 1, move)
            assert last is not None
            seat, deal, n, move = last
            table = tables.table("ultima", 1, 1)
            assert deal == 1 and len(table.deals[0].moves) == n
            tables.play("ultima", 1, 1, seat, deal, n, move)  # sent again: no refusal
            again = tables.table("ultima", 1, 1)
            assert len(again.deals[0].moves) == n and again.deals[0].moves[-1] == (seat.value, move)
            assert len(again.deals) == 2 and again.current.moves == table.current.moves
        finally:
            store.close()
