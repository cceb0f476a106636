"""Logins under attack (issue 29, "Strangers and big inputs"): wrong passwords are throttled
per source (the client's network address) and per account separately, so that a flood from
one source does not keep the real director out; a guess spread over many sources is still
paced; behind a reverse proxy the source is the address the proxy saw; and the command line
clears an account's throttle in the running server. The attacks are run against the app
(TestClient) on a clock that stands still: no timing is asserted."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import typer
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from arbitro.web import auth, guard, throttle
from arbitro.web.throttle import HashingBudget, LoginThrottle

WRONG = "sbagliata!"


class Ticks:
    """A monotonic clock standing still until advanced."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def no_hold(seconds: float) -> None:
    """A refused login answered at once (the guard's hold is a sleep, not a decision)."""


@pytest.fixture
def ticks(web_app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> Ticks:
    """The app's login throttle on a still clock, behind a trusted proxy (each request says
    its source in ``X-Forwarded-For``), with a hashing budget that never runs out (these
    tests are about the throttle, test_login_budget.py about the budget)."""
    monkeypatch.setenv(auth.TRUST_PROXY_ENV, "1")
    monkeypatch.setattr(guard, "hold_refused_login", no_hold)
    clock = Ticks()
    web = web_app.state.web
    web.login_throttle = LoginThrottle(clock=clock)
    web.hashing_budget = HashingBudget(share=1000.0, burst=1000.0, clock=clock)
    return clock


@pytest.fixture
def fresh(web_app: FastAPI) -> Iterator[TestClient]:
    """Another browser, with no cookie."""
    with TestClient(web_app, follow_redirects=False) as c:
        yield c


def login(client: TestClient, user: str, password: str, source: str) -> int:
    reply = client.post(
        "/login",
        data={"username": user, "password": password},
        headers={"X-Forwarded-For": source},
    )
    status: int = reply.status_code
    return status


def test_two_hundred_wrong_logins_from_one_source_leave_the_director_a_way_in(
    client: TestClient, fresh: TestClient, director: tuple[str, str], ticks: Ticks
) -> None:
    """Issue 29: 200 wrong passwords for the director's account from source A, then the
    right password from source B logs in (303); from A it is still refused (429), and A's
    flood was refused before its passwords were checked (5 checked, 195 refused)."""
    statuses = [login(client, director[0], WRONG, "198.51.100.66") for _ in range(200)]
    assert statuses.count(401) == throttle.SOURCE_FAILURES
    assert statuses.count(429) == 200 - throttle.SOURCE_FAILURES
    assert login(fresh, director[0], director[1], "192.168.1.10") == 303
    assert fresh.get("/desk").status_code == 200
    assert login(client, director[0], director[1], "198.51.100.66") == 429


def test_a_source_waits_longer_after_each_further_failure(
    client: TestClient, director: tuple[str, str], ticks: Ticks
) -> None:
    """A source's wait after its 5th wrong password is a minute and doubles with each
    further one (the growing delay), up to 15 minutes, for as long as its failures are
    remembered (an hour); only that source waits."""
    source = "198.51.100.7"
    for _ in range(throttle.SOURCE_FAILURES):
        assert login(client, "intruso", WRONG, source) == 401
    waits = []
    for _ in range(6):
        reply = client.post(
            "/login",
            data={"username": "intruso", "password": WRONG},
            headers={"X-Forwarded-For": source},
        )
        assert reply.status_code == 429
        wait = int(reply.headers["retry-after"])
        waits.append(wait)
        ticks.now += wait
        assert login(client, "intruso", WRONG, source) == 401
    assert waits == [60, 120, 240, 480, 900, 900]
    assert login(client, director[0], director[1], "198.51.100.8") == 303


def test_a_guess_spread_over_many_sources_is_paced_not_locked(
    web_app: FastAPI, fresh: TestClient, director: tuple[str, str], ticks: Ticks
) -> None:
    """Issue 29: a distributed guess (one wrong password from each of many sources) is
    slowed: after 20 wrong passwords for the account in 15 minutes, one check every 30
    seconds for that account whichever source asks (the rest 429 at once, unchecked). The
    director's right password is let in at its turn from a fresh source, and at once from a
    browser that logged in to the account before (its known-device cookie)."""
    with TestClient(web_app, follow_redirects=False) as laptop:
        assert login(laptop, director[0], director[1], "192.168.1.10") == 303
        assert auth.DEVICE_COOKIE in laptop.cookies
        statuses = []
        for i in range(100):
            with TestClient(web_app, follow_redirects=False) as bot:
                statuses.append(login(bot, director[0], f"guess-{i}", f"203.0.113.{i}"))
        # 20 free, then one paced check: 21 guesses checked out of 100
        assert statuses.count(401) == throttle.ACCOUNT_FAILURES + 1
        assert statuses[: throttle.ACCOUNT_FAILURES + 1] == [401] * 21
        assert set(statuses[21:]) == {429}
        refused = fresh.post(
            "/login",
            data={"username": director[0], "password": director[1]},
            headers={"X-Forwarded-For": "192.168.1.20"},
        )
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) == throttle.ACCOUNT_SPACING
        assert login(laptop, director[0], director[1], "192.168.1.10") == 303
        ticks.now += throttle.ACCOUNT_SPACING
        assert login(fresh, director[0], director[1], "192.168.1.20") == 303
        with TestClient(web_app, follow_redirects=False) as bot:  # the turn was the director's
            assert login(bot, director[0], "guess-x", "203.0.113.200") == 429


def test_a_forged_device_cookie_or_another_accounts_does_not_skip_the_pacing(
    web_app: FastAPI, director: tuple[str, str], ticks: Ticks
) -> None:
    """The known-device cookie counts only signed by this installation and for the account
    asked: a forged one, or one issued for another account, is paced like any source."""
    secret = web_app.state.web.secret
    for i in range(throttle.ACCOUNT_FAILURES + 1):
        with TestClient(web_app, follow_redirects=False) as bot:
            assert login(bot, director[0], f"guess-{i}", f"203.0.113.{i}") == 401
    for value in (auth.make_device(b"x" * 32, director[0]), auth.make_device(secret, "altro")):
        with TestClient(web_app, follow_redirects=False) as bot:
            bot.cookies.set(auth.DEVICE_COOKIE, value, path="/login")
            assert login(bot, director[0], director[1], "203.0.113.250") == 429


def test_behind_a_proxy_the_source_is_the_address_the_proxy_saw(
    client: TestClient, director: tuple[str, str], ticks: Ticks
) -> None:
    """Behind the trusted proxy (``ARBITRO_TRUST_PROXY=1``) the source is the last address
    of ``X-Forwarded-For``, the one the proxy itself added: a client that writes its own
    header in front (a proxy that appends, like nginx's ``$proxy_add_x_forwarded_for``)
    cannot become a new source at every try."""
    for i in range(throttle.SOURCE_FAILURES):
        forged = f"10.66.0.{i}, 198.51.100.9"
        assert login(client, f"intruso{i}", WRONG, forged) == 401
    assert login(client, "intruso9", WRONG, "10.66.0.99, 198.51.100.9") == 429
    assert login(client, director[0], director[1], "10.66.0.99, 198.51.100.10") == 303


def test_without_the_proxy_setting_a_forwarded_header_is_not_believed(
    client: TestClient, director: tuple[str, str], ticks: Ticks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``ARBITRO_TRUST_PROXY`` the source is the connection's peer, whatever
    ``X-Forwarded-For`` claims: a flood that claims a new address each time is one source."""
    monkeypatch.delenv(auth.TRUST_PROXY_ENV)
    for i in range(throttle.SOURCE_FAILURES):
        assert login(client, f"intruso{i}", WRONG, f"10.77.0.{i}") == 401
    assert login(client, "intruso9", WRONG, "10.77.0.99") == 429


def cli(monkeypatch: pytest.MonkeyPatch, url: str, lang: str) -> tuple[CliRunner, typer.Typer]:
    """The ``user`` commands on the database at ``url``, in ``lang``."""
    from arbitro.cli.users import register

    monkeypatch.setenv("ARBITRO_DATABASE_URL", url)
    monkeypatch.setenv("ARBITRO_LANG", lang)
    monkeypatch.delenv("ARBITRO_PASSWORD", raising=False)
    app = typer.Typer()
    register(app)

    @app.command("noop")
    def noop() -> None:  # a second command keeps "user" a sub-command
        """Nothing."""

    return CliRunner(), app


@pytest.mark.parametrize(
    ("lang", "cleared", "missing"),
    [
        ("it", "Tentativi di accesso di «direttore» azzerati", "Non esiste l'utente «nessuno»"),
        ("en", "Login attempts of «direttore» cleared", "There is no user 'nessuno'"),
    ],
)
def test_the_command_line_clears_an_accounts_throttle_in_the_running_server(
    web_app: FastAPI,
    client: TestClient,
    director: tuple[str, str],
    ticks: Ticks,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    cleared: str,
    missing: str,
) -> None:
    """Issue 29 (the CLI can always reset): with the director's account paced and the
    director's own source waiting, ``arbitro user unlock direttore`` (another process, the
    same database) lets the director in within seconds, from that very source; an unknown
    account is refused with a message, in Italian and in English."""
    for _ in range(throttle.SOURCE_FAILURES):
        assert login(client, director[0], WRONG, "192.168.1.10") == 401
    for i in range(throttle.ACCOUNT_FAILURES + 1):
        with TestClient(web_app, follow_redirects=False) as bot:
            login(bot, director[0], f"guess-{i}", f"203.0.113.{i}")
    assert login(client, director[0], director[1], "192.168.1.10") == 429
    runner, app = cli(monkeypatch, web_app.state.web.store.url, lang)
    result = runner.invoke(app, ["user", "unlock", director[0]])
    assert result.exit_code == 0, result.output
    assert cleared in result.output
    ticks.now += throttle.RESET_POLL
    assert login(client, director[0], director[1], "192.168.1.10") == 303
    unknown = runner.invoke(app, ["user", "unlock", "nessuno"])
    assert unknown.exit_code == 1 and missing in unknown.output


def test_a_new_password_from_the_command_line_also_clears_the_throttle(
    web_app: FastAPI,
    client: TestClient,
    director: tuple[str, str],
    ticks: Ticks,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``arbitro user password direttore`` sets a new password and clears the account's
    throttle: the new password logs in at once from the source that was waiting."""
    for _ in range(throttle.SOURCE_FAILURES):
        assert login(client, director[0], WRONG, "192.168.1.10") == 401
    runner, app = cli(monkeypatch, web_app.state.web.store.url, "it")
    result = runner.invoke(app, ["user", "password", director[0], "--password", "nuova-chiave-9"])
    assert result.exit_code == 0 and "Password di «direttore» cambiata." in result.output
    ticks.now += throttle.RESET_POLL
    assert login(client, director[0], "nuova-chiave-9", "192.168.1.10") == 303


def test_a_reset_older_than_the_server_clears_nothing(
    web_app: FastAPI, director: tuple[str, str], ticks: Ticks
) -> None:
    """A reset written before this server started (yesterday's ``unlock``) does not wipe
    today's counts: an attacker cannot make an old reset work again."""
    store = web_app.state.web.store
    throttle.request_reset(store, director[0], now=1.0)
    web_app.state.web.login_throttle = LoginThrottle(clock=ticks)
    with TestClient(web_app, follow_redirects=False) as bot:
        for _ in range(throttle.SOURCE_FAILURES):
            assert login(bot, director[0], WRONG, "203.0.113.1") == 401
        ticks.now += throttle.RESET_POLL
        assert login(bot, director[0], WRONG, "203.0.113.1") == 429
