"""``arbitro demo``: play the demo event on the database and print it round by round."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Annotated

import typer

from arbitro.cli.common import errors
from arbitro.i18n import _


def register(app: typer.Typer) -> None:
    """Add the ``demo`` command to ``app``."""

    @app.command("demo", help=_("Play a demo event from the registrations to the final standings."))
    def demo(
        event_id: Annotated[str | None, typer.Option(help=_("Event id"))] = None,
        seed: Annotated[int, typer.Option(help=_("Seed"))] = 2026,
    ) -> None:
        """Play the demo event on the database and print it round by round."""
        from arbitro.cli.render import seating_text, standings_text
        from arbitro.services.demo import run_demo
        from arbitro.store import RecordStore
        from arbitro.tournament.standings.standings import standings

        with errors():
            store = RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))
            eid = event_id or f"demo-{datetime.now(UTC):%Y%m%d-%H%M%S}"
            result = run_demo(store, eid, seed=seed)
            state = result.state
            typer.echo(_("Demo event «{name}» ({event})", name=state.config.name, event=eid))
            typer.echo(
                _(
                    "{count} pairs registered; database: {url}",
                    count=len(state.competitors),
                    url=store.url,
                )
            )
            for rnd in range(1, state.config.rounds + 1):
                typer.echo("")
                typer.echo(seating_text(state, rnd))
                final = state.standings_final(rnd, result.finished_at)
                typer.echo(standings_text(state, standings(state, rnd), rnd, final))
