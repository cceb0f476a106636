"""``arbitro serve``: the web app (director's desk, table-side entry, room displays).

``--hall`` serves the players' phones on the club's network: it listens on every interface
(0.0.0.0), finds the machine's LAN address and prints the URL the phones must use; that URL
is the base of every QR code and printed URL (:mod:`arbitro.web.base_url`). A base URL given
with ``--base-url``, ``$ARBITRO_BASE_URL`` or the installation's setting wins. The address
served is stored as the setting ``base_url``, which ``arbitro print table-cards`` reads.

``--tls-cert FILE --tls-key FILE`` serves HTTPS (uvicorn with the certificate and its
private key, both PEM): the URLs printed and the QR codes' base URL are then ``https://``,
session cookies are ``Secure`` and answers carry ``Strict-Transport-Security``. The pair is
checked before the app starts: a missing or unreadable file, a certificate without its key,
a key that does not match, a key protected by a password are each refused with a message.

``--workers N`` serves the app from N processes (uvicorn workers, each building its app with
:func:`arbitro.web.factory.app_from_environment`), on PostgreSQL only: on SQLite it is refused
before anything starts (``docs/workers.md``). One process on PostgreSQL is wired to the other
processes on the same database as a worker is (:func:`arbitro.web.factory.share_changes`:
their changes wake its pages and its digital tables' phones, and its wake theirs).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.common import errors
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import ssl

    import uvicorn

    from arbitro import store as store_module
    from arbitro.services import demo as demo_service
    from arbitro.web import app as web_app
    from arbitro.web import auth, factory, live
    from arbitro.web import base_url as web_base_url
else:
    # Loaded on first use: the command line's start-up (issue 14).
    demo_service = lazy_module("arbitro.services.demo")
    store_module = lazy_module("arbitro.store")
    web_app = lazy_module("arbitro.web.app")
    auth = lazy_module("arbitro.web.auth")
    web_base_url = lazy_module("arbitro.web.base_url")
    factory = lazy_module("arbitro.web.factory")
    live = lazy_module("arbitro.web.live")
    ssl = lazy_module("ssl")
    uvicorn = lazy_module("uvicorn")

DEMO_EVENT = "demo"
HALL_HOST = "0.0.0.0"  # hall mode: the phones on the LAN must reach the app


MAX_PORT = 65535
MAX_WORKERS = 64
SHUTDOWN_SECONDS = 5
"""How long a stopping server waits for the answers under way (uvicorn's
``timeout_graceful_shutdown``) before it cancels them: the phones' pushed streams are ended at
once (:func:`arbitro.web.live.close_hubs`), a stream still open after this is cut."""


def run_uvicorn(application: Any, **options: Any) -> None:
    """Serve ``application`` with uvicorn (``options`` as :func:`uvicorn.run` takes them),
    stopping within :data:`SHUTDOWN_SECONDS`: on SIGTERM or Ctrl+C the phones' streams are
    ended first (in one process; with ``workers`` the worker cancels them after the delay),
    so that the server does not wait for the phones (up to 5 minutes a stream)."""

    options.setdefault("timeout_graceful_shutdown", SHUTDOWN_SECONDS)
    if options.get("workers", 1) > 1:
        uvicorn.run(application, **options)
        return

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            live.close_hubs()  # before uvicorn waits for the answers under way
            await super().shutdown(sockets)

    config = uvicorn.Config(application, **options)
    server = Server(config)
    server.run()
    if not server.started:
        raise SystemExit(3)  # as uvicorn.run: the server could not start


def check_workers(workers: int, url: str) -> None:
    """Refuse a number of worker processes that cannot serve ``url``: fewer than one, more
    than :data:`MAX_WORKERS`, or more than one on SQLite (one file: the processes would wait
    on its write lock and fail with "database is locked" under a room's posts)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise ArbitroError(
            "the number of worker processes must be between 1 and {max}, not {workers}",
            max=MAX_WORKERS,
            workers=workers,
        )
    if workers > 1 and factory.is_sqlite(url):
        raise ArbitroError(
            "--workers {workers} needs PostgreSQL: with SQLite (database: {url}) the web app"
            " runs in one process. Set ARBITRO_DATABASE_URL to a PostgreSQL database, or"
            " leave out --workers",
            workers=workers,
            url=url,
        )


def hall_settings(
    host: str | None,
    port: int,
    hall: bool,
    base_url: str | None,
    configured: str | None,
    scheme: str = "http",
) -> tuple[str, str | None, list[str]]:
    """``(host to listen on, public base URL or None, LAN addresses found)``: in hall mode
    the app listens on 0.0.0.0 and the base URL is the given one, else the configured one,
    else the first LAN address (never 127.0.0.1) with ``scheme`` (``https`` under TLS; a
    given base URL without a scheme gets it too)."""
    listen = host or (HALL_HOST if hall else "127.0.0.1")
    addresses = web_base_url.lan_addresses() if hall else []
    base = web_base_url.normalise(base_url, scheme) if base_url else configured
    if base is None and addresses:
        base = web_base_url.hall_base_url(addresses[0], port, scheme)
    return listen, base, addresses


def check_port(port: int) -> None:
    """Refuse a port no server can listen on."""
    if not 1 <= port <= MAX_PORT:
        raise ArbitroError(
            "the port must be between 1 and {max}, not {port}", max=MAX_PORT, port=port
        )


def check_tls(cert: Path | None, key: Path | None) -> dict[str, Any]:
    """uvicorn's TLS options for ``--tls-cert``/``--tls-key`` (empty without them), after
    checking that both are given, readable and make a pair (the key matches the certificate
    and needs no password): an ArbitroError saying what is wrong otherwise."""
    if cert is None and key is None:
        return {}
    if cert is None or key is None:
        raise ArbitroError("--tls-cert and --tls-key go together: give both files")
    unreadable = (
        (cert, N_("cannot read the TLS certificate {file}: {reason}")),
        (key, N_("cannot read the TLS private key {file}: {reason}")),
    )
    for path, msgid in unreadable:
        try:
            path.read_bytes()
        except OSError as exc:
            raise ArbitroError(msgid, file=str(path), reason=exc.strerror or str(exc)) from None

    def no_password() -> bytes:
        raise ArbitroError(
            "the TLS private key {file} is protected by a password: give a key without one",
            file=str(key),
        )

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(str(cert), str(key), password=no_password)
    except ssl.SSLError as exc:
        raise ArbitroError(
            "the TLS certificate {cert} and key {keyfile} cannot be used together"
            " (not PEM files, or the key is not the certificate's): {reason}",
            cert=str(cert),
            keyfile=str(key),
            reason=exc.reason or str(exc),
        ) from None
    return {"ssl_certfile": str(cert), "ssl_keyfile": str(key)}


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command("serve", help=_("Start the web app."))
    def serve(
        host: Annotated[
            str | None, typer.Option(help=_("Host (default 127.0.0.1; 0.0.0.0 with --hall)"))
        ] = None,
        port: Annotated[int, typer.Option(help=_("Port"))] = 8000,
        demo: Annotated[bool, typer.Option(help=_("Load the demo event"))] = False,
        hall: Annotated[
            bool, typer.Option("--hall", help=_("Serve the players' phones on the local network"))
        ] = False,
        base_url: Annotated[
            str | None,
            typer.Option(
                "--base-url", help=_("Address the phones use (QR codes and printed URLs)")
            ),
        ] = None,
        tls_cert: Annotated[
            Path | None,
            typer.Option(
                "--tls-cert", help=_("Serve HTTPS with this certificate (PEM; with --tls-key)")
            ),
        ] = None,
        tls_key: Annotated[
            Path | None,
            typer.Option("--tls-key", help=_("The certificate's private key (PEM, no password)")),
        ] = None,
        workers: Annotated[
            int,
            typer.Option(
                "--workers", help=_("Worker processes serving the app (above 1: PostgreSQL only)")
            ),
        ] = 1,
    ) -> None:
        """Start the web app (director's desk, table-side entry, room displays)."""
        with errors():
            check_port(port)
            tls = check_tls(tls_cert, tls_key)
            scheme = "https" if tls else "http"
            url = os.environ.get("ARBITRO_DATABASE_URL") or store_module.default_database_url()
            check_workers(workers, url)
            store = store_module.RecordStore.open(url)
            if demo:
                if not store.has_event(DEMO_EVENT):
                    demo_service.run_demo(store, DEMO_EVENT)
                password = auth.ensure_demo_director(store)
                typer.echo(_("Director's desk: user demo, password {password}", password=password))
            chosen = web_base_url.chosen_base_url(store)
            listen, base, addresses = hall_settings(host, port, hall, base_url, chosen, scheme)
            if base is not None and (hall or base_url):
                # The one recorded address: `print table-cards` reads it (issue 26 D).
                web_base_url.remember_base_url(
                    store, base, found=base_url is None and chosen is None
                )
            store.close()
            if base is not None:
                os.environ[web_base_url.BASE_URL_ENV] = base  # the app's QR codes and printed URLs
            # one process is wired to the others on its database as a worker is (issue 33)
            application = factory.share_changes(web_app.create_app(url)) if workers == 1 else None
            shown = addresses[0] if listen == HALL_HOST and addresses else listen
            if tls:
                typer.echo(
                    _(
                        "arbitro at https://{host}:{port}/ (database: {url})",
                        host=shown,
                        port=port,
                        url=url,
                    )
                )
            else:
                typer.echo(
                    _(
                        "arbitro at http://{host}:{port}/ (database: {url})",
                        host=shown,
                        port=port,
                        url=url,
                    )
                )
            if hall:
                if addresses:
                    typer.echo(
                        _("Addresses of this computer: {addresses}", addresses=", ".join(addresses))
                    )
                else:
                    typer.echo(_("No network address found: is this computer on the Wi-Fi?"))
            if base is not None:
                typer.echo(_("Phones: {url}", url=base + "/"))
                typer.echo(_("Test a phone: {url}", url=base + "/desk/phone-check"))
                if web_base_url.points_at_localhost(base):
                    typer.echo(
                        _("Warning: {url} is this computer only; phones cannot reach it", url=base)
                    )
            if application is not None:
                run_uvicorn(application, host=listen, port=port, log_level="warning", **tls)
            else:
                os.environ[factory.DATABASE_URL_ENV] = url  # what each worker process opens
                typer.echo(_("{workers} worker processes", workers=workers))
                run_uvicorn(
                    "arbitro.web.factory:app_from_environment",
                    factory=True,
                    workers=workers,
                    host=listen,
                    port=port,
                    log_level="warning",
                    **tls,
                )
