"""``arbitro demo``: play the demo event on the database and print it round by round."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Annotated

import typer

from arbitro.cli.common import errors, t
from arbitro.cli.render import seating_text, standings_text
from arbitro.services.demo import run_demo
from arbitro.store import RecordStore
from arbitro.tournament.standings.standings import standings


def register(app: typer.Typer) -> None:
    """Add the ``demo`` command to ``app``."""

    @app.command("demo")
    def demo(
        event_id: Annotated[str | None, typer.Option(help="Identificativo / event id")] = None,
        seed: Annotated[int, typer.Option(help="Seme / seed")] = 2026,
    ) -> None:
        """Gioca una gara dimostrativa dall'iscrizione alla classifica finale / play a demo event."""
        with errors():
            store = RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL"))
            eid = event_id or f"demo-{datetime.now(UTC):%Y%m%d-%H%M%S}"
            result = run_demo(store, eid, seed=seed)
            state = result.state
            typer.echo(
                t(
                    f"Gara dimostrativa «{state.config.name}» ({eid})",
                    f"Demo event «{state.config.name}» ({eid})",
                )
            )
            typer.echo(
                t(
                    f"{len(state.competitors)} coppie iscritte; database: {store.url}",
                    f"{len(state.competitors)} pairs registered; database: {store.url}",
                )
            )
            for rnd in range(1, state.config.rounds + 1):
                typer.echo("")
                typer.echo(seating_text(state, rnd))
                final = state.standings_final(rnd, result.finished_at)
                typer.echo(standings_text(state, standings(state, rnd), rnd, final))
