"""Measure: the desk's pages of a 2,000-pair event (issue 29, "page every list on the desk").

Run on demand: ``.venv/bin/python bench/desk_pages.py``. Registers 2,000 pairs through the
service (one transaction), sets a fee and takes 1,000 payments, seats round 1 (a draw) and
renders, as the logged-in director, the event page, the cash page, the seating editor, the
round page before the seating is published and the arbiter's choice form, then the round page and its live panel
after it, each ``RUNS`` times: the HTML's size (uncompressed) and the least wall time.
The floor is the desk's home page in the same run (the render's fixed cost)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from arbitro.store import users
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import PaymentMethod
from arbitro.web.app import create_app

PAIRS = 2000
RUNS = 5
CONFIG = EventConfig("Grande", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.DRAW), seed=1)


def timed(client: TestClient, url: str) -> tuple[int, float]:
    """The page's size in bytes and the least of ``RUNS`` wall times in seconds."""
    best, size = float("inf"), 0
    for _ in range(RUNS):
        start = time.perf_counter()
        reply = client.get(url, headers={"accept-encoding": "identity"})
        best = min(best, time.perf_counter() - start)
        assert reply.status_code == 200, (url, reply.status_code)
        size = len(reply.content)
    return size, best


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{Path(tmp) / 'a.db'}")
        service = app.state.web.service
        users.add_user(app.state.web.store, "arbitro", "una password lunga")
        service.create_event("grande", CONFIG)
        service.register_many(
            "grande", [(f"Coppia {i}", (f"Rossi {i}", f"Bianchi {i}")) for i in range(1, PAIRS + 1)]
        )
        service.run("grande", values.SetFee(2000, actor="arbitro"))
        service.run(
            "grande",
            values.Pay(list(range(1, PAIRS // 2 + 1)), None, PaymentMethod.CASH, actor="arbitro"),
        )
        service.seat("grande", 1, actor="arbitro")
        with TestClient(app, follow_redirects=False) as client:
            login = client.post(
                "/login", data={"username": "arbitro", "password": "una password lunga"}
            )
            assert login.status_code == 303
            pages = [
                ("floor: desk home", "/desk"),
                ("event page", "/desk/e/grande"),
                ("cash page", "/desk/e/grande/cash"),
                ("seating editor", "/desk/e/grande/r/1/seating-edit"),
                ("round page, seating to review", "/desk/e/grande/r/1"),
                ("arbiter's choice form", "/desk/e/grande/r/1/arbiter-seating"),
            ]
            rows = [(name, *timed(client, url)) for name, url in pages]
            service.run("grande", values.PublishSeating(1, actor="arbitro"))
            for name, url in (
                ("round page, sheets", "/desk/e/grande/r/1"),
                ("round page, page 2", "/desk/e/grande/r/1?page=2"),
                ("round live panel", "/desk/e/grande/r/1/live"),
            ):
                rows.append((name, *timed(client, url)))
        floor = rows[0][2]
        print(f"{PAIRS} pairs, best of {RUNS}; python {sys.version.split()[0]}")
        print(f"{'page':32} {'bytes':>10} {'ms':>8} {'x floor':>8}")
        for name, size, seconds in rows:
            print(f"{name:32} {size:>10,} {seconds * 1000:>8.1f} {seconds / floor:>8.1f}")
        app.state.web.store.close()


if __name__ == "__main__":
    main()
