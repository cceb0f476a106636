"""Three separate ``arbitro serve`` processes on one real PostgreSQL and one real Redis (issue 33,
docs/workers.md), started once for the module, reached by their own ports (as nginx reaches
them):

- a phone's table stream held on one process wakes when a sheet is entered through another
  (LISTEN/NOTIFY: one process's commit wakes the others' streams, not their periodic read);
- a phone whose requests alternate between the processes behaves as with one: its device
  binding, its line's code, its idempotency key and the director's token hold on all three;
- a FIBAS digital table whose four phones are connected to three processes plays a deal to the
  end and both lines sign (each move fans out to the other processes' sockets);
- chaos: one process killed (SIGKILL) with a move in flight and Redis restarted during play:
  the phone connects again to another process, no move is lost or doubled, the table goes on
  and signs; the sheets sent while and after Redis was gone are stored once.

The chaos test kills a process: it is the module's last."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import tests.postgres as postgres
import tests.web.test_digital_table_web as digital
from tests.digital.play import logged_moves
from tests.scale.redis_server import RedisServer, free_port

from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store.secret import SECRET_ENV, load_secret
from arbitro.store.users import add_user
from arbitro.web import live
from arbitro.web.digital_table import seat_code
from arbitro.web.factory import WORKER_HEADER
from arbitro.web.throttle import REDIS_URL_ENV
from arbitro.web.tokens import line_code, make_token

DIRECTOR = ("direttore", "una-password-lunga")
PROCESSES = 3
READY_WITHIN = 120.0
DEAL = {"ns_base": 300, "ns_points": 120, "ew_base": 100, "ew_points": 45}
PHONE_SHEET = {
    "o1_ns_base": "300",
    "o1_ns_points": "150",
    "o1_ew_base": "100",
    "o1_ew_points": "35",
    "o2_ns_base": "0",
    "o2_ns_points": "-40",
    "o2_ew_base": "250",
    "o2_ew_points": "120",
}


@dataclass
class Servers:
    """The module's processes (``bases[i]`` is process i's URL), its database and Redis."""

    url: str
    redis: RedisServer
    env: dict[str, str]
    bases: list[str] = field(default_factory=list)
    processes: list[subprocess.Popen[str]] = field(default_factory=list)
    secret: bytes = b""
    token: str = ""

    def start(self) -> None:
        port = free_port()
        command = [str(Path(sys.executable).with_name("arbitro")), "serve", "--port", str(port)]
        self.processes.append(
            subprocess.Popen(
                command,
                env=self.env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                text=True,
                start_new_session=True,
            )
        )
        self.bases.append(f"http://127.0.0.1:{port}")

    def wait_ready(self) -> set[str]:
        """Wait until every live process answers; their labels (X-Arbitro-Worker)."""
        labels = set()
        for process, base in zip(self.processes, self.bases, strict=True):
            if process.poll() is not None:
                continue
            deadline = time.monotonic() + READY_WITHIN
            while True:
                assert process.poll() is None, f"{base} stopped"
                assert time.monotonic() < deadline, f"{base} did not start"
                try:
                    with httpx.Client(base_url=base, timeout=30) as client:
                        answer = client.get("/api/events")
                    if answer.status_code == 200:
                        labels.add(answer.headers[WORKER_HEADER])
                        break
                except httpx.TransportError:
                    pass
                time.sleep(0.1)
        return labels

    def api(self, i: int, path: str, body: object = None) -> httpx.Response:
        """The director's API call through process ``i`` (its bearer token from process 0)."""
        headers = {"Authorization": f"Bearer {self.token}"}
        with httpx.Client(base_url=self.bases[i], timeout=60, headers=headers) as client:
            return client.post(path, json=body)

    def records(self, event_id: str, kind: str) -> list[Any]:
        store = RecordStore.open(self.url)
        try:
            return [to_domain(r).body for r in store.records(event_id) if r.kind == kind]
        finally:
            store.close()


@pytest.fixture(scope="module")
def servers(postgres_test_database: str, redis_server: RedisServer) -> Iterator[Servers]:
    url = postgres.create_schema(postgres_test_database)
    env = {**os.environ, "ARBITRO_DATABASE_URL": url, "ARBITRO_LANG": "en"}
    env[REDIS_URL_ENV] = redis_server.url
    for name in (SECRET_ENV, "ARBITRO_BASE_URL"):
        env.pop(name, None)
    store = RecordStore.open(url)  # migrated once, as production.sh does before the processes
    add_user(store, *DIRECTOR)
    secret = load_secret(store)
    store.close()
    found = Servers(url, redis_server, env, secret=secret)
    try:
        for _ in range(PROCESSES):
            found.start()
        assert len(found.wait_ready()) == PROCESSES
        with httpx.Client(base_url=found.bases[0], timeout=60) as client:
            issued = client.post(
                "/api/token", json={"username": DIRECTOR[0], "password": DIRECTOR[1]}
            )
        assert issued.status_code == 200, issued.text
        found.token = issued.json()["access_token"]
        yield found
    finally:
        for process in found.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in found.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        postgres.drop_schema(url)


def make_event(servers: Servers, event_id: str, tables: int, deals: int = 2) -> None:
    """A pairs event of one round (FIBAS), created, registered and seated through process 0."""
    event = {"event_id": event_id, "name": event_id, "format": "pairs", "rounds": 1}
    created = servers.api(0, "/api/events", {**event, "deals": [deals], "movements": ["draw"]})
    assert created.status_code == 201, created.text
    for i in range(1, 2 * tables + 1):
        path = f"/api/events/{event_id}/competitors"
        assert servers.api(0, path, {"name": f"Coppia {i}"}).is_success
    assert servers.api(0, f"/api/events/{event_id}/rounds/1/seat", {"publish": True}).is_success


@pytest.mark.postgres
@pytest.mark.slow
def test_a_stream_on_one_process_wakes_when_a_sheet_is_entered_through_another(
    servers: Servers,
) -> None:
    make_event(servers, "serata", tables=2)
    token = make_token(servers.secret, "serata", 1, 1)
    phone = httpx.Client(base_url=servers.bases[1], timeout=60)
    with phone, phone.stream("GET", f"/t/{token}/events") as stream:
        lines = stream.iter_lines()

        def next_event() -> tuple[str, str]:
            name, data = "", []
            for line in lines:
                if line.startswith("event: "):
                    name = line.removeprefix("event: ")
                elif line.startswith("data: "):
                    data.append(line.removeprefix("data: "))
                elif not line and name:
                    return name, "\n".join(data)
            raise AssertionError("the stream ended")

        first = next_event()
        assert first[0] == "status"
        started = time.monotonic()
        entered = servers.api(
            0, "/api/events/serata/rounds/1/tables/1/sheet", {"deals": [DEAL, DEAL]}
        )
        assert entered.status_code == 200, entered.text
        woken = next_event()
        elapsed = time.monotonic() - started
    assert woken[0] == "status" and woken[1] != first[1]
    # Woken by process 0's NOTIFY, not by process 1's own periodic read of the event (which
    # comes RECHECK_SECONDS after the stream subscribed: about when the sheet was entered).
    assert elapsed < live.RECHECK_SECONDS / 2, elapsed


def keyed_post(
    phone: httpx.Client, url: str, form: dict[str, str], key: dict[str, str]
) -> httpx.Response:
    """A repeated keyed post, as the phone's page sends it: a 409 "already being recorded"
    (the first answer reached the phone before its key was settled in the store,
    web/guard.py) is sent again after its Retry-After, at most 5 times."""
    for _ in range(5):
        answer = phone.post(url, data=form, headers=key)
        if answer.status_code != 409 or "retry-after" not in answer.headers:
            return answer
        time.sleep(int(answer.headers["retry-after"]))
    return answer


@pytest.mark.postgres
@pytest.mark.slow
def test_a_phone_alternating_between_processes_behaves_as_with_one(servers: Servers) -> None:
    make_event(servers, "giro", tables=1)
    token = make_token(servers.secret, "giro", 1, 1)
    path = f"/t/{token}"
    first, second, third = servers.bases
    with httpx.Client(timeout=60) as phone:  # one cookie jar, as one phone's browser
        opened = phone.get(f"{first}{path}", params={"line": "ns"})
        assert opened.status_code == 200, opened.text
        assert "arbitro_device" in phone.cookies
        form = {**PHONE_SHEET, "line": "ns", "round": "1"}
        form["proof"] = line_code(servers.secret, token, "ns")
        key = {"Idempotency-Key": "telefono-ns-invio-1"}
        sent = phone.post(f"{second}{path}", data=form, headers=key)
        assert sent.status_code == 303, sent.text
        again = keyed_post(phone, f"{third}{path}", form, key)  # its answer was lost
        assert (again.status_code, again.headers["location"]) == (303, sent.headers["location"])
        # The same phone, bound to N-S on the second process, may not sign E-W on the first.
        other = {**form, "line": "ew", "proof": line_code(servers.secret, token, "ew")}
        refused = phone.post(f"{first}{path}", data=other)
        assert refused.status_code == 409, refused.text
        assert "already signed" in refused.text or "già firmato" in refused.text
    signed = servers.records("giro", "sheet-entered")
    assert [(b.line, b.device) for b in signed] == [("ns", phone.cookies["arbitro_device"])]
    # The director's token, issued by the first process, is honoured by the third.
    published = servers.api(2, "/api/events/giro/rounds/1/tables/1/sheet", {"deals": [DEAL] * 2})
    assert published.status_code == 200, published.text


def digital_table(servers: Servers, event_id: str) -> str:
    """A digital table (FIBAS, a round of two deals) opened by the director, and its token."""
    make_event(servers, event_id, tables=2)
    store = RecordStore.open(servers.url)
    try:
        DigitalTables(EventService(store), random.Random(8)).open(event_id, 1, 1)
    finally:
        store.close()
    return make_token(servers.secret, event_id, 1, 1)


def connect_phone(base: str, token: str, seat: str, secret: bytes) -> Any:
    return digital.Phone(base, token, seat, seat_code(secret, token, seat))


def play(
    phones: dict[str, Any], rng: random.Random, chaos: Callable[[int, Any], bool] | None = None
) -> int:
    """Play the deal to its end by the moves the views offer; ``chaos(moves, phone)`` is asked
    before each move whether it took the move itself. The number of moves played."""
    moves = 0
    while not phones["N"].view["sheet"]:
        turn = phones["N"].view["turn"]
        phone = phones[turn]
        offered = phone.view["moves"]
        assert offered, f"{turn} is to play and is offered no move"
        plays = [m for m in offered if m.split()[0] in ("meld", "layoff")]
        move = rng.choice(plays if plays and rng.random() < 0.7 else offered)
        deal, n = phone.view["deal"], phone.view["n"]
        if chaos is None or not chaos(moves, phone):
            phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))
        for p in phones.values():
            p.read_until(digital._moved_from(deal, n))
        moves += 1
    return moves


def sign(servers: Servers, phones: dict[str, Any], event_id: str) -> None:
    phones["N"].socket.send(json.dumps({"sign": True}))
    digital._wait_for(lambda: len(servers.records(event_id, "sheet-entered")) == 1)
    phones["E"].socket.send(json.dumps({"sign": True}))
    digital._wait_for(lambda: len(servers.records(event_id, "sheet-entered")) == 2)


def moves_recorded(servers: Servers, event_id: str) -> list[tuple[int, int]]:
    """The (deal, n) of the table's move records, in the store's order."""
    store = RecordStore.open(servers.url)
    try:
        return [(b.deal, b.n) for b in logged_moves(store, event_id)]
    finally:
        store.close()


def one_each_in_order(recorded: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """What ``recorded`` must be: each deal's moves 1, 2, 3... once each, deal after deal."""
    last: dict[int, int] = {}
    for deal, _ in recorded:
        last[deal] = last.get(deal, 0) + 1
    return [(deal, n) for deal in sorted(last) for n in range(1, last[deal] + 1)]


@pytest.mark.postgres
@pytest.mark.slow
def test_a_digital_tables_four_phones_on_three_processes_play_a_deal(servers: Servers) -> None:
    token = digital_table(servers, "online")
    a, b, c = servers.bases
    phones = {
        seat: connect_phone(base, token, seat, servers.secret)
        for seat, base in zip(("N", "E", "S", "W"), (a, b, c, a), strict=True)
    }
    try:
        moves = play(phones, random.Random(9))
        sign(servers, phones, "online")
    finally:
        for p in phones.values():
            p.socket.close()
    assert moves > 10 and not any(p.errors for p in phones.values())
    recorded = moves_recorded(servers, "online")
    assert len(recorded) == moves and recorded == one_each_in_order(recorded)
    assert {deal for deal, _ in recorded} == {1, 2}
    lines = [(s.line, s.device) for s in servers.records("online", "sheet-entered")]
    assert lines == [("ns", "telefono-N-0123456789abcdef"), ("ew", "telefono-E-0123456789abcdef")]


@pytest.mark.postgres
@pytest.mark.slow
def test_chaos_a_process_killed_and_redis_restarted_during_play(servers: Servers) -> None:
    """The third process is killed (SIGKILL) right after South's phone sent it a move: the
    phone connects to the first process and sends the move again only if its view says it
    was not taken (the store's sequence refuses a double anyway); Redis is restarted, empty,
    during play, and a line's sheet sent meanwhile through the second process is stored once."""
    token = digital_table(servers, "caos")
    a, b, c = servers.bases
    phones = {
        seat: connect_phone(base, token, seat, servers.secret)
        for seat, base in zip(("N", "E", "S", "W"), (a, b, c, a), strict=True)
    }
    killed: list[int] = []

    def chaos(moves: int, phone: Any) -> bool:
        if moves == 12:
            servers.redis.restart()  # during play: empty, the limits start again
        if killed or moves < 6 or phone.seat != "S":
            return False
        view = phone.view
        offered = view["moves"]
        phone.socket.send(
            json.dumps({"deal": view["deal"], "n": view["n"] + 1, "move": offered[0]})
        )
        os.killpg(servers.processes[2].pid, signal.SIGKILL)
        servers.processes[2].wait()
        killed.append(moves)
        phone.url = phone.url.replace(c.replace("http", "ws"), a.replace("http", "ws"))
        phone.socket.close()
        phone.open()  # the same seat on the first process: the position as the store has it
        if (phone.view["deal"], phone.view["n"]) == (view["deal"], view["n"]):
            phone.socket.send(
                json.dumps({"deal": view["deal"], "n": view["n"] + 1, "move": offered[0]})
            )  # the move was lost with the process: sent again
        return True

    try:
        moves = play(phones, random.Random(10), chaos)
        sign(servers, phones, "caos")
    finally:
        for p in phones.values():
            p.socket.close()
    assert killed, "South never had the turn after the sixth move"
    assert not any(p.errors for p in phones.values())
    recorded = moves_recorded(servers, "caos")
    assert len(recorded) == moves
    assert recorded == one_each_in_order(recorded)  # none lost, none doubled
    assert len(servers.records("caos", "sheet-entered")) == 2
    # A line's sheet of the paper table sent after Redis came back: stored once.
    paper = make_token(servers.secret, "caos", 2, 1)
    with httpx.Client(timeout=60) as phone:
        assert phone.get(f"{b}/t/{paper}", params={"line": "ns"}).status_code == 200
        form = {**PHONE_SHEET, "line": "ns", "round": "1"}
        form["proof"] = line_code(servers.secret, paper, "ns")
        key = {"Idempotency-Key": "caos-ns-1"}
        for base in (b, a):
            answer = keyed_post(phone, f"{base}/t/{paper}", form, key)
            assert answer.status_code == 303, (base, answer.text[-2000:])
    assert len(servers.records("caos", "sheet-entered")) == 3
