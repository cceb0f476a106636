"""``arbitro serve``: the web app (director's desk, table-side entry, room displays)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from arbitro.cli.common import errors, t

DEMO_EVENT = "demo"


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command("serve")
    def serve(
        host: Annotated[str, typer.Option(help="Indirizzo / host")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Porta / port")] = 8000,
        demo: Annotated[
            bool, typer.Option(help="Carica la gara dimostrativa / load the demo event")
        ] = False,
    ) -> None:
        """Avvia l'app web / start the web app."""
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
                typer.echo(
                    t(
                        f"Banco del direttore: utente demo, password {password}",
                        f"Director's desk: user demo, password {password}",
                    )
                )
            application = create_app(url)
            typer.echo(
                t(
                    f"arbitro su http://{host}:{port}/ (database: {url})",
                    f"arbitro at http://{host}:{port}/ (database: {url})",
                )
            )
            uvicorn.run(application, host=host, port=port, log_level="warning")
