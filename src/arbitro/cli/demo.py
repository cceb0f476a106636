"""``arbitro demo``: play the demo event on the database and print it round by round."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import errors
from arbitro.i18n import _, ngettext
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import store as store_module
    from arbitro.cli import render
    from arbitro.services import demo as demo_service
    from arbitro.tournament.standings import standings
else:
    # Loaded on first use: the command line's start-up (issue 14).
    render = lazy_module("arbitro.cli.render")
    demo_service = lazy_module("arbitro.services.demo")
    store_module = lazy_module("arbitro.store")
    standings = lazy_module("arbitro.tournament.standings.standings")


def register(app: typer.Typer) -> None:
    """Add the ``demo`` command to ``app``."""

    @app.command("demo", help=_("Play a demo event from the registrations to the final standings."))
    def demo(
        event_id: Annotated[str | None, typer.Option(help=_("Event id"))] = None,
        seed: Annotated[int, typer.Option(help=_("Seed"))] = 2026,
    ) -> None:
        """Play the demo event on the database and print it round by round."""
        with errors():
            store = store_module.RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))
            eid = event_id or f"demo-{datetime.now(UTC):%Y%m%d-%H%M%S}"
            result = demo_service.run_demo(store, eid, seed=seed)
            state = result.state
            typer.echo(_("Demo event «{name}» ({event})", name=state.config.name, event=eid))
            typer.echo(
                str(
                    ngettext(
                        "{count} pair registered; database: {url}",
                        "{count} pairs registered; database: {url}",
                        len(state.competitors),
                        url=store.url,
                    )
                )
            )
            for rnd in range(1, state.config.rounds + 1):
                typer.echo("")
                typer.echo(render.seating_text(state, rnd))
                final = state.standings_final(rnd, result.finished_at)
                typer.echo(
                    render.standings_text(state, standings.standings(state, rnd), rnd, final)
                )
