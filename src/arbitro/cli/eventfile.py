"""CLI: the event file: export, import, replay (docs/event-file.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

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
from arbitro.i18n import _, ngettext
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import errors as errors_module
    from arbitro.cli import render
    from arbitro.services import event_file as event_file_service
    from arbitro.tournament import event
    from arbitro.tournament.standings import standings
else:
    # Loaded on first use: the command line's start-up (issue 14).
    render = lazy_module("arbitro.cli.render")
    errors_module = lazy_module("arbitro.errors")
    event_file_service = lazy_module("arbitro.services.event_file")
    event = lazy_module("arbitro.tournament.event")
    standings = lazy_module("arbitro.tournament.standings.standings")


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""

    @app.command("export", help=_("Export the event file (JSON)."))
    def export(
        event_id: EventArg,
        out: Annotated[
            Path | None,
            typer.Option("--out", "-o", help=_("JSON file to write (default: printed)")),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Export the event file: every record, as JSON (docs/event-file.schema.json)."""
        with errors(json_out):
            data = event_file_service.export_event(service(), event_id)
            text = json.dumps(data, ensure_ascii=False, indent=1, default=str)
            if out is None:
                typer.echo(text)
            else:
                out.write_text(text, "utf-8")
                emit(
                    {"file": str(out), "records": len(data["records"])},
                    str(
                        ngettext(
                            "Exported {count} record to {file}",
                            "Exported {count} records to {file}",
                            len(data["records"]),
                            file=str(out),
                        )
                    ),
                    json_out,
                )

    @app.command("import", help=_("Import an event file."))
    def import_(
        file: Annotated[Path, typer.Argument(help=_("Event file (JSON)"))],
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
        with errors(json_out):
            data = read_json(file)
            state = event_file_service.import_event(service(), data, as_id, unverified=unverified)
            emit(
                {"event_id": state.event_id, "records": state.last_seq},
                str(
                    ngettext(
                        "Event imported: {event} ({count} record)",
                        "Event imported: {event} ({count} records)",
                        state.last_seq,
                        event=state.event_id,
                    )
                ),
                json_out,
            )

    @app.command(
        "replay", help=_("Replay an event file and print the standings, without saving it.")
    )
    def replay(
        file: Annotated[Path, typer.Argument(help=_("Event file (JSON)"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Replay an event file in memory and print its current standings."""
        with errors(json_out), event_file_service.gc_paused():
            # The log is folded once, by its check: that state is the replay's.
            event_id, _name, _records, state = event_file_service.read_event_file(read_text(file))
            if not isinstance(state, event.EventState):
                raise errors_module.ArbitroError(
                    "«{event}» is a knockout event: use «arbitro knockout»", event=event_id
                )
            rnd = state.current_round()
            emit(
                render.standings_data(state, rnd, False),
                render.standings_text(state, standings.standings(state, rnd), rnd, False),
                json_out,
            )
