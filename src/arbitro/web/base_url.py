"""The public base URL: the address the players' phones use to reach the app.

Every QR code and every printed URL (the table cards printed from the desk and from the
command line) starts with it. In order, the first that is set wins:

1. ``arbitro serve --base-url`` (which sets ``$ARBITRO_BASE_URL`` for the app it starts);
2. ``$ARBITRO_BASE_URL``;
3. the installation's setting ``base_url`` (in the database);
4. with ``arbitro serve --hall``, the machine's LAN address found at start (also passed on
   through ``$ARBITRO_BASE_URL``);
5. the address the desk was opened with (the request's own base URL).

The hall's address is one recorded setting (issue 26 D): ``serve --hall`` and ``serve
--base-url`` store the address they serve as ``base_url`` (:func:`remember_base_url`), and
``arbitro print table-cards`` reads it, so the cards of the desk and of the terminal lead to
the same place. An address ``serve --hall`` found on the LAN is marked so: the next ``serve
--hall`` finds it anew (:func:`chosen_base_url`) rather than keep last night's network.

An address on the machine itself (localhost, 127.x, ::1) cannot be reached by a phone: the
desk warns about it (:func:`points_at_localhost`). The table's path (its token) comes from
:mod:`arbitro.web.tokens`, the one scheme the table pages accept; :func:`table_url` is the one
place that joins the two.
"""

from __future__ import annotations

import functools
import ipaddress
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING
from urllib.error import URLError
from urllib.parse import urlsplit

from arbitro.lazy_names import lazy_module
from arbitro.store import RecordStore
from arbitro.store.users import get_setting, set_setting
from arbitro.web import tokens
from arbitro.web.secret import load_secret

if TYPE_CHECKING:
    import ssl
    from urllib import request as urllib_request

    import ifaddr
    from fastapi import Request

    from arbitro.web.context import Web
else:
    ifaddr = lazy_module("ifaddr")
    urllib_request = lazy_module("urllib.request")
    ssl = lazy_module("ssl")

BASE_URL_ENV = "ARBITRO_BASE_URL"
BASE_URL_SETTING = "base_url"
BASE_URL_ORIGIN_SETTING = "base_url_origin"
FOUND = "found"  # the origin of an address ``serve --hall`` found on the LAN, not one chosen
LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", ""})


def normalise(url: str, scheme: str = "http") -> str:
    """``url`` without trailing slashes, ``scheme://`` added when no scheme is given
    (``https`` when the app is served over TLS)."""
    url = url.strip().rstrip("/")
    if url and "://" not in url:
        url = f"{scheme}://{url}"
    return url


def configured_base_url(store: RecordStore | None = None) -> str | None:
    """The configured public base URL: ``$ARBITRO_BASE_URL``, else the installation's
    setting ``base_url``; None when neither is set."""
    env = os.environ.get(BASE_URL_ENV, "").strip()
    if env:
        return normalise(env)
    if store is not None:
        stored = (get_setting(store, BASE_URL_SETTING) or "").strip()
        if stored:
            return normalise(stored)
    return None


def stored_base_url(store: RecordStore) -> str | None:
    """The installation's setting ``base_url`` alone (None when never set)."""
    stored = (get_setting(store, BASE_URL_SETTING) or "").strip()
    return normalise(stored) if stored else None


def chosen_base_url(store: RecordStore | None = None) -> str | None:
    """The base URL chosen for the hall, as ``arbitro serve`` reads it: like
    :func:`configured_base_url`, but a stored address that ``serve --hall`` found on the LAN
    (not one given) does not count: the next ``serve --hall`` finds the address anew (the
    computer may be on another network)."""
    if store is not None and get_setting(store, BASE_URL_ORIGIN_SETTING) == FOUND:
        env = os.environ.get(BASE_URL_ENV, "").strip()
        return normalise(env) if env else None
    return configured_base_url(store)


def remember_base_url(store: RecordStore, url: str, found: bool) -> None:
    """Record ``url`` as the setting ``base_url``: the address ``arbitro serve`` serves the
    phones (``found``: found on the LAN, not given), which the terminal's printouts read."""
    set_setting(store, BASE_URL_SETTING, normalise(url))
    set_setting(store, BASE_URL_ORIGIN_SETTING, FOUND if found else "given")


def server_answers(url: str, timeout: float = 1.0) -> bool:
    """True when an arbitro app answers at ``url`` (its public ``/phone-check`` page, within
    ``timeout`` seconds): a server is running there."""
    # Only whether the app answers: a hall's self-signed certificate is no reason to say no.
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        with urllib_request.urlopen(
            normalise(url) + "/phone-check", timeout=timeout, context=context
        ) as response:
            return bool(response.status == 200)
    except (URLError, OSError, ValueError):
        return False


def public_base_url(web: Web, request: Request) -> str:
    """The base URL for the phones: the configured one, else the address of ``request``. A
    LAN address ``serve --hall`` found and recorded counts only while that server runs (it
    passes it on through ``$ARBITRO_BASE_URL``): :func:`chosen_base_url`."""
    return chosen_base_url(web.store) or normalise(str(request.base_url))


def is_local_host(host: str) -> bool:
    """True for a name or address of the machine itself (a phone cannot reach it)."""
    host = host.strip("[]").lower()
    if host in LOCAL_NAMES or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def points_at_localhost(url: str) -> bool:
    """True when ``url`` names the machine itself (localhost, 127.x, ::1, 0.0.0.0)."""
    return is_local_host(urlsplit(normalise(url)).hostname or "")


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses on its networks, loopback and link-local (169.254.x)
    left out: the addresses the phones on the same Wi-Fi may use. Private addresses
    (192.168.x, 10.x, 172.16-31.x) first."""
    found: list[ipaddress.IPv4Address] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):  # IPv6: (address, flowinfo, scope)
                continue
            try:
                address = ipaddress.IPv4Address(ip.ip)
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            if address not in found:
                found.append(address)
    found.sort(key=lambda a: (not a.is_private, a))
    return [str(a) for a in found]


def hall_base_url(address: str, port: int, scheme: str = "http") -> str:
    """The base URL of the app served on ``address``:``port`` over ``scheme`` (no port for
    the scheme's own: 80 for http, 443 for https)."""
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{address}" + ("" if port == default else f":{port}")


def table_path(secret: bytes, event_id: str, table: int, round_number: int) -> str:
    """The path of a table's page of a round with its token (:mod:`arbitro.web.tokens`)."""
    return tokens.table_path(secret, event_id, table, round_number)


def table_url_at(base_url: str, secret: bytes, event_id: str, table: int, round_number: int) -> str:
    """The absolute URL of a table's page under ``base_url`` (the QR code of its card)."""
    return normalise(base_url) + table_path(secret, event_id, table, round_number)


def table_url(
    web: Web, request: Request, event_id: str, table: int, round_number: int | None = None
) -> str:
    """The absolute URL of a table's page for the desk's printouts: the public base URL
    (:func:`public_base_url`) and the table's token path of ``round_number`` (default: the
    event's latest seated round)."""
    if round_number is None:
        round_number = tokens.seated_round(web.service.state(event_id))
    return table_urls(web, request, event_id, [table], round_number)[table]


def table_urls(
    web: Web, request: Request, event_id: str, tables: Iterable[int], round_number: int
) -> dict[int, str]:
    """The absolute URLs of ``tables`` in ``round_number`` (the desk's round page lists them
    all): the public base URL read once, the signed paths kept per (base, event, round)
    (:func:`round_paths`), not one setting lookup and one HMAC per table at every render."""
    base = public_base_url(web, request)
    paths = round_paths(web.secret, event_id, round_number)
    return {
        t: base + (paths.get(t) or table_path(web.secret, event_id, t, round_number))
        for t in tables
    }


@functools.lru_cache(maxsize=64)
def _round_paths(secret: bytes, event_id: str, round_number: int, count: int) -> dict[int, str]:
    return {t: table_path(secret, event_id, t, round_number) for t in range(1, count + 1)}


ROUND_TABLES = 512
"""Tables whose paths :func:`round_paths` keeps per round (an evening's hall has fewer)."""


def round_paths(secret: bytes, event_id: str, round_number: int) -> dict[int, str]:
    """The token paths of tables 1..:data:`ROUND_TABLES` of ``round_number``, signed once per
    (secret, event, round) and kept (a token depends on nothing else)."""
    return _round_paths(secret, event_id, round_number, ROUND_TABLES)


DEFAULT_PORT = 8000  # arbitro serve's port when none is given


def cli_base_url(store: RecordStore, base_url: str | None) -> str:
    """The base URL of ``arbitro print table-cards``: ``base_url`` (the option), else the
    configured one (:func:`configured_base_url`: the address ``arbitro serve`` recorded), else
    the machine's first LAN address on the default port, else ``http://localhost:8000``."""
    base = normalise(base_url) if base_url else configured_base_url(store)
    if base is None:
        found = lan_addresses()
        base = (
            hall_base_url(found[0], DEFAULT_PORT) if found else f"http://localhost:{DEFAULT_PORT}"
        )
    return base


def running_elsewhere(store: RecordStore, base: str) -> str | None:
    """The recorded address (:func:`stored_base_url`) when it differs from ``base`` and an
    arbitro server answers there: the phones reach that one, not ``base``. Only the recorded
    address is tried, and only when it differs."""
    stored = stored_base_url(store)
    if stored is None or stored == normalise(base):
        return None
    return stored if server_answers(stored) else None


def cli_table_urls(
    store: RecordStore,
    base_url: str | None,
    event_id: str,
    tables: list[int],
    round_number: int,
) -> dict[int, str]:
    """The URLs of ``tables`` for ``arbitro print table-cards`` under :func:`cli_base_url`,
    signed with the installation's secret, so the app opens them."""
    base = cli_base_url(store, base_url)
    secret = load_secret(store)
    return {t: table_url_at(base, secret, event_id, t, round_number) for t in tables}
