"""CLI: the event file: export, import, replay (docs/event-file.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from arbitro.cli.common import (
    EventArg,
    JsonOpt,
    emit,
    errors,
    read_json,
    read_text,
    service,
)
from arbitro.i18n import _


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""

    @app.command("export", help=_("Export the event file (JSON)."))
    def export(
        event_id: EventArg,
        out: Annotated[Path | None, typer.Option("--out", "-o")] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Export the event file: every record, as JSON (docs/event-file.schema.json)."""
        from arbitro.services.event_file import export_event

        with errors(json_out):
            data = export_event(service(), event_id)
            text = json.dumps(data, ensure_ascii=False, indent=1, default=str)
            if out is None:
                typer.echo(text)
            else:
                out.write_text(text, "utf-8")
                emit(
                    {"file": str(out), "records": len(data["records"])},
                    _(
                        "Exported {count} records to {file}",
                        count=len(data["records"]),
                        file=str(out),
                    ),
                    json_out,
                )

    @app.command("import", help=_("Import an event file."))
    def import_(
        file: Annotated[Path, typer.Argument()],
        as_id: Annotated[str | None, typer.Option("--as", help=_("New event id"))] = None,
        unverified: Annotated[
            bool,
            typer.Option(
                "--unverified",
                help=_(
                    "Import even records a live action would refuse: the event is marked "
                    "unverified on every page and printout"
                ),
            ),
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Import an event file, under its own id or ``--as``; each record decided as its
        live action (issue 29), the file refused with every problem unless ``--unverified``."""
        from arbitro.services.event_file import import_event

        with errors(json_out):
            data = read_json(file)
            state = import_event(service(), data, as_id, unverified=unverified)
            emit(
                {"event_id": state.event_id, "records": state.last_seq},
                _(
                    "Event imported: {event} ({count} records)",
                    event=state.event_id,
                    count=state.last_seq,
                ),
                json_out,
            )

    @app.command(
        "replay", help=_("Replay an event file and print the standings, without saving it.")
    )
    def replay(file: Annotated[Path, typer.Argument()], json_out: bool = JsonOpt) -> None:
        """Replay an event file in memory and print its current standings."""
        from arbitro.cli.render import standings_data, standings_text
        from arbitro.errors import ArbitroError
        from arbitro.services.event_file import gc_paused, read_event_file
        from arbitro.tournament.event import EventState
        from arbitro.tournament.standings.standings import standings

        with errors(json_out), gc_paused():
            # The log is folded once, by its check: that state is the replay's.
            event_id, _name, _records, state = read_event_file(read_text(file))
            if not isinstance(state, EventState):
                raise ArbitroError(
                    "«{event}» is a knockout event: use «arbitro knockout»", event=event_id
                )
            rnd = state.current_round()
            emit(
                standings_data(state, rnd, False),
                standings_text(state, standings(state, rnd), rnd, False),
                json_out,
            )
