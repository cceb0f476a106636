"""Three separate arbitro processes (each what ``scripts/production.sh`` starts) on one real
PostgreSQL and one real Redis, BEHIND nginx (the production template, tests/scale/proxy.py),
started once for the module (issue 33, docs/workers.md). Every request of the tests goes
through nginx; each answer names the process that gave it (``X-Arbitro-Worker``, a
WebSocket's handshake included), so that a test shows which processes it reached:

- the login throttle holds across processes: a source's wrong passwords, spread by nginx over
  the three, add up, and then every process refuses it, even with the right password;
- a sheet entered through one process is on the standings page of the others at once (their
  pages were cached before: no stale page);
- a phone's table stream held on one process wakes when a sheet is entered through another
  (LISTEN/NOTIFY: one process's commit wakes the others' streams, not their periodic read);
- a phone whose requests alternate between the processes behaves as with one: its device
  binding, its line's code, its idempotency key and the director's token hold on all three;
- a seat's phone connected to one process is «connected» on the desk's page served by another
  (web/digital_presence.py: shared through Redis), and «empty» there once it leaves;
- a FIBAS digital table whose four phones are connected to the three processes plays a deal to
  the end and both lines sign (each move fans out to the other processes' sockets);
- chaos: one process killed (SIGKILL) with a move in flight and Redis restarted during play:
  the phone connects again through nginx and lands on another process, no move is lost or
  doubled, the table goes on and signs; the sheets sent while and after Redis was gone are
  stored once.

The throttle test blocks the tests' source (127.0.0.1) from logging in for a minute: the
director's token and session are taken once, by the fixture, before it. The chaos test kills a
process: it is the module's last."""

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
from typing import Any

import httpx
import pytest
import tests.postgres as postgres
import tests.web.test_digital_table_web as digital
from tests.digital.play import logged_moves
from tests.scale.proxy import Proxy
from tests.scale.redis_server import RedisServer, free_port
from tests.web.digital_phones import moved_from as phones_moved_from
from tests.web.digital_phones import wait_for as phones_wait_for

from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store.secret import SECRET_ENV, load_secret
from arbitro.store.users import add_user
from arbitro.web import live
from arbitro.web.digital_table import seat_code
from arbitro.web.factory import WORKER_HEADER
from arbitro.web.throttle import REDIS_URL_ENV, SOURCE_FAILURES
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
    """The module's processes (``labels[i]``: process i's ``X-Arbitro-Worker``), nginx in
    front of them (``base``: the only address the tests' requests go to), its database and
    Redis; the director's bearer token and desk session (cookies) taken through nginx."""

    url: str
    redis: RedisServer
    env: dict[str, str]
    ports: list[int] = field(default_factory=list)
    processes: list[subprocess.Popen[str]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    proxy: Proxy | None = None
    secret: bytes = b""
    token: str = ""
    session: dict[str, str] = field(default_factory=dict)

    @property
    def base(self) -> str:
        assert self.proxy is not None
        return self.proxy.url

    def start(self) -> None:
        """One process as production.sh starts it (uvicorn, the factory, behind a proxy)."""
        port = free_port()
        self.processes.append(self._spawn(port))
        self.ports.append(port)

    def _spawn(self, port: int) -> subprocess.Popen[str]:
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "arbitro.web.factory:app_from_environment",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--proxy-headers",
            "--forwarded-allow-ips",
            "127.0.0.1",
            "--log-level",
            "warning",
        ]
        return subprocess.Popen(
            command,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )

    def wait_ready(self) -> None:
        """Wait until every process answers (on its own port, once); their labels."""
        for process, port in zip(self.processes, self.ports, strict=True):
            self.labels.append(self._ready(process, port))

    def _ready(self, process: subprocess.Popen[str], port: int) -> str:
        """Wait until ``process`` answers on its own port; its label."""
        deadline = time.monotonic() + READY_WITHIN
        while True:
            assert process.poll() is None, f"process on {port} stopped"
            assert time.monotonic() < deadline, f"process on {port} did not start"
            try:
                with httpx.Client(timeout=30) as client:
                    answer = client.get(f"http://127.0.0.1:{port}/api/events")
                if answer.status_code == 200:
                    return answer.headers[WORKER_HEADER]
            except httpx.TransportError:
                pass
            time.sleep(0.1)

    def restart(self, i: int) -> None:
        """Start process ``i`` again on its port (the chaos test killed it) and wait until
        nginx sends requests to it again (it rests a failed server for 5 s): the module's
        tests, in whatever order they run, each find three processes."""
        assert self.processes[i].poll() is not None, "process still running"
        self.processes[i] = self._spawn(self.ports[i])
        self.labels[i] = self._ready(self.processes[i], self.ports[i])
        deadline = time.monotonic() + READY_WITHIN
        seen: set[str] = set()
        with httpx.Client(base_url=self.base, timeout=60) as client:
            while seen != set(self.labels):
                assert time.monotonic() < deadline, f"nginx reached {sorted(seen)} only"
                seen.add(client.get("/api/events").headers[WORKER_HEADER])
                time.sleep(0.1)

    def api(self, path: str, body: object = None) -> httpx.Response:
        """The director's API call through nginx (whichever process it picks)."""
        headers = {"Authorization": f"Bearer {self.token}"}
        with httpx.Client(base_url=self.base, timeout=60, headers=headers) as client:
            return client.post(path, json=body)

    def on_every_process(self, path: str, **kwargs: Any) -> dict[str, httpx.Response]:
        """GET ``path`` through nginx until every live process answered once: the first
        answer of each, by label (nginx's round robin reaches them all in a few)."""
        live_labels = {
            label
            for label, process in zip(self.labels, self.processes, strict=True)
            if process.poll() is None
        }
        answers: dict[str, httpx.Response] = {}
        with httpx.Client(base_url=self.base, timeout=60, **kwargs) as client:
            for _ in range(6 * PROCESSES):
                answer = client.get(path)
                answers.setdefault(answer.headers[WORKER_HEADER], answer)
                if set(answers) >= live_labels:
                    return answers
        raise AssertionError(f"nginx reached {sorted(answers)} of {sorted(live_labels)}")

    def records(self, event_id: str, kind: str) -> list[Any]:
        store = RecordStore.open(self.url)
        try:
            return [to_domain(r).body for r in store.records(event_id) if r.kind == kind]
        finally:
            store.close()


@pytest.fixture(scope="module")
def servers(
    postgres_test_database: str, redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Servers]:
    url = postgres.create_schema(postgres_test_database)
    env = {**os.environ, "ARBITRO_DATABASE_URL": url, "ARBITRO_LANG": "en"}
    env[REDIS_URL_ENV] = redis_server.url
    env["ARBITRO_TRUST_PROXY"] = "1"  # as production.sh: only nginx reaches the processes
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
        found.wait_ready()
        assert len(set(found.labels)) == PROCESSES
        found.proxy = Proxy.start(tmp_path_factory.mktemp("nginx"), found.ports)
        with httpx.Client(base_url=found.base, timeout=60) as client:
            issued = client.post(
                "/api/token", json={"username": DIRECTOR[0], "password": DIRECTOR[1]}
            )
            assert issued.status_code == 200, issued.text
            found.token = issued.json()["access_token"]
            desk = client.post("/login", data={"username": DIRECTOR[0], "password": DIRECTOR[1]})
            assert desk.status_code == 303, desk.text
            found.session = dict(client.cookies)
        yield found
    finally:
        if found.proxy is not None:
            found.proxy.stop()
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
    """A pairs event of one round (FIBAS), created, registered and seated through nginx."""
    event = {"event_id": event_id, "name": event_id, "format": "pairs", "rounds": 1}
    created = servers.api("/api/events", {**event, "deals": [deals], "movements": ["draw"]})
    assert created.status_code == 201, created.text
    for i in range(1, 2 * tables + 1):
        path = f"/api/events/{event_id}/competitors"
        assert servers.api(path, {"name": f"Coppia {i}"}).is_success
    assert servers.api(f"/api/events/{event_id}/rounds/1/seat", {"publish": True}).is_success


def process_of(answer: httpx.Response) -> str:
    """The label of the process that gave ``answer`` (through nginx)."""
    return answer.headers[WORKER_HEADER]


@pytest.mark.postgres
@pytest.mark.slow
def test_a_sheet_entered_through_one_process_is_on_the_standings_page_of_the_others_at_once(
    servers: Servers,
) -> None:
    """Every process renders (and keeps, web/page_cache.py) the standings display before the
    round's sheets; the sheets are entered and the standings published through nginx; the
    very next read of the display through each process shows them (its cached page was of
    the event's old version: the commit's NOTIFY reached it)."""
    make_event(servers, "classifica", tables=2)
    before = servers.on_every_process("/e/classifica/standings")
    assert all(a.status_code == 200 and "Coppia 1" not in a.text for a in before.values())
    for table in (1, 2):
        path = f"/api/events/classifica/rounds/1/tables/{table}/sheet"
        answer = servers.api(path, {"deals": [DEAL, DEAL]})
        assert answer.status_code == 200, answer.text
    published = servers.api("/api/events/classifica/rounds/1/publish-standings")
    assert published.status_code == 200, published.text
    after = servers.on_every_process("/e/classifica/standings")
    assert len(after) == PROCESSES
    # The standings were published by one process: the two others' pages hold them too.
    assert len(set(after) - {process_of(published)}) == PROCESSES - 1
    for label, answer in after.items():
        assert answer.status_code == 200
        for i in range(1, 5):  # the four pairs' rows, on every process's page
            assert f"Coppia {i}" in answer.text, (label, answer.text[-2000:])


@pytest.mark.postgres
@pytest.mark.slow
def test_a_stream_on_one_process_wakes_when_a_sheet_is_entered_through_another(
    servers: Servers,
) -> None:
    make_event(servers, "serata", tables=2)
    token = make_token(servers.secret, "serata", 1, 1)
    phone = httpx.Client(base_url=servers.base, timeout=60)
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
        entered = servers.api("/api/events/serata/rounds/1/tables/1/sheet", {"deals": [DEAL] * 2})
        assert entered.status_code == 200, entered.text
        woken = next_event()
        elapsed = time.monotonic() - started
    # nginx's round robin sent the sheet to another process than the stream's.
    assert process_of(entered) != process_of(stream)
    assert woken[0] == "status" and woken[1] != first[1]
    # Woken by the other process's NOTIFY, not by the stream's own periodic read of the event
    # (which comes RECHECK_SECONDS after the stream subscribed: about when the sheet was
    # entered).
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
    path = f"{servers.base}/t/{token}"
    reached = []
    with httpx.Client(timeout=60) as phone:  # one cookie jar, as one phone's browser
        opened = phone.get(path, params={"line": "ns"})
        assert opened.status_code == 200, opened.text
        assert "arbitro_device" in phone.cookies
        form = {**PHONE_SHEET, "line": "ns", "round": "1"}
        form["proof"] = line_code(servers.secret, token, "ns")
        key = {"Idempotency-Key": "telefono-ns-invio-1"}
        sent = phone.post(path, data=form, headers=key)
        assert sent.status_code == 303, sent.text
        again = keyed_post(phone, path, form, key)  # its answer was lost
        assert (again.status_code, again.headers["location"]) == (303, sent.headers["location"])
        # The same phone, bound to N-S by another process, may not sign E-W on this one.
        other = {**form, "line": "ew", "proof": line_code(servers.secret, token, "ew")}
        refused = phone.post(path, data=other)
        assert refused.status_code == 409, refused.text
        assert "already signed" in refused.text or "già firmato" in refused.text
        reached = [process_of(a) for a in (opened, sent, again, refused)]
    assert set(reached) == set(servers.labels), reached  # nginx spread them over all three
    signed = servers.records("giro", "sheet-entered")
    assert [(b.line, b.device) for b in signed] == [("ns", phone.cookies["arbitro_device"])]
    # The director's token, issued by one process, is honoured by every one.
    for label, answer in servers.on_every_process(
        "/api/events/giro", headers={"Authorization": f"Bearer {servers.token}"}
    ).items():
        assert answer.status_code == 200, (label, answer.text)


def digital_table(servers: Servers, event_id: str) -> str:
    """A digital table (FIBAS, a round of two deals) opened by the director, and its token."""
    make_event(servers, event_id, tables=2)
    store = RecordStore.open(servers.url)
    try:
        DigitalTables(EventService(store), random.Random(8)).open(event_id, 1, 1)
    finally:
        store.close()
    return make_token(servers.secret, event_id, 1, 1)


def socket_process(phone: Any) -> str:
    """The label of the process holding ``phone``'s socket (its handshake's header)."""
    return str(phone.socket.response.headers[WORKER_HEADER])


def connect_phone(servers: Servers, token: str, seat: str, avoid: set[str]) -> Any:
    """The seat's phone connected through nginx to a process not in ``avoid`` (connected
    again, round robin, until it lands on one)."""
    code = seat_code(servers.secret, token, seat)
    for _ in range(3 * PROCESSES):
        phone = digital.Phone(servers.base, token, seat, code)
        if socket_process(phone) not in avoid:
            return phone
        phone.socket.close()
    raise AssertionError(f"nginx kept {seat} on {avoid}")


def spread_phones(servers: Servers, token: str) -> dict[str, Any]:
    """A table's four phones through nginx, N, E and S each on its own process, W on
    another than S's."""
    phones: dict[str, Any] = {}
    for seat in ("N", "E", "S"):
        phones[seat] = connect_phone(
            servers, token, seat, {socket_process(p) for p in phones.values()}
        )
    phones["W"] = connect_phone(servers, token, "W", {socket_process(phones["S"])})
    assert {socket_process(p) for p in phones.values()} == set(servers.labels)
    return phones


def desk_seats(servers: Servers, path: str, avoid: str) -> dict[str, str]:
    """The desk's digital table page read through nginx from every process but ``avoid``:
    process -> its page's text."""
    answers = servers.on_every_process(path, cookies=servers.session)
    return {label: a.text for label, a in answers.items() if label != avoid}


@pytest.mark.postgres
@pytest.mark.slow
def test_a_seat_connected_to_one_process_is_connected_on_the_desk_of_another(
    servers: Servers,
) -> None:
    """The desk's page of a digital table shows North «connected» whichever process serves it
    while North's phone holds a socket on one (web/digital_presence.py through Redis), and
    «empty» on them all once it left (issue 32's wait for a disconnected seat counts from
    then)."""
    token = digital_table(servers, "presenze")
    page = "/desk/e/presenze/r/1/digital/1"
    phone = connect_phone(servers, token, "N", set())
    holder = socket_process(phone)
    try:
        others = desk_seats(servers, page, avoid=holder)
        assert len(others) == PROCESSES - 1
        for label, text in others.items():
            assert 'dd-connected"><strong>Nord</strong>' in text, (label, text[-3000:])
            assert 'dd-connected"><strong>Est</strong>' not in text
    finally:
        phone.socket.close()
    phones_wait_for(
        lambda: all(
            'dd-empty"><strong>Nord</strong>' in text
            for text in desk_seats(servers, page, avoid="").values()
        )
    )


@pytest.mark.postgres
@pytest.mark.slow
def test_a_digital_tables_four_phones_on_three_processes_play_a_deal(servers: Servers) -> None:
    token = digital_table(servers, "online")
    phones = spread_phones(servers, token)
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
            p.read_until(phones_moved_from(deal, n))
        moves += 1
    return moves


def sign(servers: Servers, phones: dict[str, Any], event_id: str) -> None:
    phones["N"].socket.send(json.dumps({"sign": True}))
    phones_wait_for(lambda: len(servers.records(event_id, "sheet-entered")) == 1)
    phones["E"].socket.send(json.dumps({"sign": True}))
    phones_wait_for(lambda: len(servers.records(event_id, "sheet-entered")) == 2)


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
def test_the_login_throttle_holds_across_processes_behind_the_proxy(servers: Servers) -> None:
    """docs/security.md: a source's fifth wrong password within the hour makes it wait a
    minute. nginx spreads the five over the three processes (each counts in Redis); then
    every process refuses the source, even with the right password, for about a minute."""
    failed: list[str] = []
    with httpx.Client(base_url=servers.base, timeout=60) as client:
        wrong = {"username": DIRECTOR[0], "password": "non-è-questa"}
        while len(failed) < SOURCE_FAILURES:
            answer = client.post("/api/token", json=wrong)
            if answer.status_code == 429:  # the hashing budget's short wait, not the source's
                wait = int(answer.headers["retry-after"])
                assert wait <= 5, f"refused after {len(failed)} failures: {answer.text}"
                time.sleep(wait)
                continue
            assert answer.status_code == 401, answer.text
            failed.append(process_of(answer))
        right = {"username": DIRECTOR[0], "password": DIRECTOR[1]}
        refused = [client.post("/api/token", json=right) for _ in range(2 * PROCESSES)]
    assert len(set(failed)) >= 2, failed  # the failures were counted by several processes
    assert {process_of(a) for a in refused} == set(servers.labels)
    for answer in refused:
        assert answer.status_code == 429, answer.text
        assert 50 <= int(answer.headers["retry-after"]) <= 60


@pytest.mark.postgres
@pytest.mark.slow
def test_chaos_a_process_killed_and_redis_restarted_during_play(servers: Servers) -> None:
    """The process holding South's socket (and no other phone's) is killed (SIGKILL) right
    after South's phone sent it a move: the phone connects again through nginx, which finds
    that process gone and hands the socket to another; the phone sends the move again only
    if its view says it was not taken (the store's sequence refuses a double anyway); Redis
    is restarted, empty, during play, and a line's sheet sent meanwhile through nginx twice
    (two processes) is stored once."""
    token = digital_table(servers, "caos")
    phones = spread_phones(servers, token)
    south = socket_process(phones["S"])
    victim = servers.labels.index(south)
    killed: list[int] = []
    landed: list[str] = []

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
        os.killpg(servers.processes[victim].pid, signal.SIGKILL)
        servers.processes[victim].wait()
        killed.append(moves)
        phone.socket.close()
        phone.open()  # through nginx again: the position as the store has it
        landed.append(socket_process(phone))
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
    try:
        _after_the_kill(servers, south, killed, landed, phones, moves)
    finally:
        if servers.processes[victim].poll() is not None:
            servers.restart(victim)  # the module's other tests may run after this one


def _after_the_kill(
    servers: Servers,
    south: str,
    killed: list[int],
    landed: list[str],
    phones: dict[str, Any],
    moves: int,
) -> None:
    """The chaos test's checks, with South's process killed (see the test)."""
    assert killed, "South never had the turn after the sixth move"
    assert landed[0] in set(servers.labels) - {south}  # another, live process
    assert not any(p.errors for p in phones.values())
    recorded = moves_recorded(servers, "caos")
    assert len(recorded) == moves
    assert recorded == one_each_in_order(recorded)  # none lost, none doubled
    assert len(servers.records("caos", "sheet-entered")) == 2
    # A line's sheet of the paper table sent after Redis came back, twice: stored once.
    paper = make_token(servers.secret, "caos", 2, 1)
    path = f"{servers.base}/t/{paper}"
    with httpx.Client(timeout=60) as phone:
        assert phone.get(path, params={"line": "ns"}).status_code == 200
        form = {**PHONE_SHEET, "line": "ns", "round": "1"}
        form["proof"] = line_code(servers.secret, paper, "ns")
        key = {"Idempotency-Key": "caos-ns-1"}
        sent = [keyed_post(phone, path, form, key) for _ in range(2)]
    for answer in sent:
        assert answer.status_code == 303, answer.text[-2000:]
    assert {process_of(a) for a in sent} <= set(servers.labels) - {south}
    assert len({process_of(a) for a in sent}) == 2  # nginx: the two live processes in turn
    assert len(servers.records("caos", "sheet-entered")) == 3
