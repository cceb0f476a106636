"""``arbitro serve``: the web app (director's desk, table-side entry, room displays).

``--hall`` serves the players' phones on the club's network: it listens on every interface
(0.0.0.0), finds the machine's LAN address and prints the URL the phones must use; that URL
is the base of every QR code and printed URL (:mod:`arbitro.web.base_url`). A base URL given
with ``--base-url``, ``$ARBITRO_BASE_URL`` or the installation's setting wins.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from arbitro.cli.common import errors
from arbitro.i18n import _

DEMO_EVENT = "demo"
HALL_HOST = "0.0.0.0"  # hall mode: the phones on the LAN must reach the app


def hall_settings(
    host: str | None, port: int, hall: bool, base_url: str | None, configured: str | None
) -> tuple[str, str | None, list[str]]:
    """``(host to listen on, public base URL or None, LAN addresses found)``: in hall mode
    the app listens on 0.0.0.0 and the base URL is the given one, else the configured one,
    else the first LAN address (never 127.0.0.1)."""
    from arbitro.web.base_url import hall_base_url, lan_addresses, normalise

    listen = host or (HALL_HOST if hall else "127.0.0.1")
    addresses = lan_addresses() if hall else []
    base = normalise(base_url) if base_url else configured
    if base is None and addresses:
        base = hall_base_url(addresses[0], port)
    return listen, base, addresses


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
    ) -> None:
        """Start the web app (director's desk, table-side entry, room displays)."""
        import uvicorn

        from arbitro.services.demo import run_demo
        from arbitro.store import RecordStore, default_database_url
        from arbitro.web.app import create_app
        from arbitro.web.base_url import BASE_URL_ENV, configured_base_url, points_at_localhost

        with errors():
            url = os.environ.get("ARBITRO_DATABASE_URL") or default_database_url()
            store = RecordStore.open(url)
            if demo:
                from arbitro.web.auth import ensure_demo_director

                if not store.has_event(DEMO_EVENT):
                    run_demo(store, DEMO_EVENT)
                password = ensure_demo_director(store)
                typer.echo(_("Director's desk: user demo, password {password}", password=password))
            listen, base, addresses = hall_settings(
                host, port, hall, base_url, configured_base_url(store)
            )
            store.close()
            if base is not None:
                os.environ[BASE_URL_ENV] = base  # the app's QR codes and printed URLs
            application = create_app(url)
            typer.echo(
                _(
                    "arbitro at http://{host}:{port}/ (database: {url})",
                    host=addresses[0] if listen == HALL_HOST and addresses else listen,
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
                if points_at_localhost(base):
                    typer.echo(
                        _("Warning: {url} is this computer only; phones cannot reach it", url=base)
                    )
            uvicorn.run(application, host=listen, port=port, log_level="warning")
