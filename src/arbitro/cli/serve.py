"""``arbitro serve``: the web app (director's desk, table-side entry, room displays)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from arbitro.cli.common import errors
from arbitro.i18n import _

DEMO_EVENT = "demo"


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command("serve", help=_("Start the web app."))
    def serve(
        host: Annotated[str, typer.Option(help=_("Host"))] = "127.0.0.1",
        port: Annotated[int, typer.Option(help=_("Port"))] = 8000,
        demo: Annotated[bool, typer.Option(help=_("Load the demo event"))] = False,
    ) -> None:
        """Start the web app (director's desk, table-side entry, room displays)."""
        import uvicorn

        from arbitro.services.demo import run_demo
        from arbitro.store import RecordStore, default_database_url
        from arbitro.web.app import create_app

        with errors():
            url = os.environ.get("ARBITRO_DATABASE_URL") or default_database_url()
            if demo:
                from arbitro.web.auth import ensure_demo_director

                store = RecordStore.open(url)
                if not store.has_event(DEMO_EVENT):
                    run_demo(store, DEMO_EVENT)
                password = ensure_demo_director(store)
                store.close()
                typer.echo(_("Director's desk: user demo, password {password}", password=password))
            application = create_app(url)
            typer.echo(
                _(
                    "arbitro at http://{host}:{port}/ (database: {url})",
                    host=host,
                    port=port,
                    url=url,
                )
            )
            uvicorn.run(application, host=host, port=port, log_level="warning")
