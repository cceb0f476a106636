"""CLI: the event file: export, import, replay (docs/event-file.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.cli.common import (
    EventArg,
    JsonOpt,
    emit,
    errors,
    service,
    t,
)
from arbitro.cli.render import standings_data, standings_text
from arbitro.errors import ArbitroError
from arbitro.services.event_file import export_event, import_event, parse_event_file
from arbitro.tournament.event import (
    EventState,
)
from arbitro.tournament.standings.standings import standings


def _read_json(file: Path) -> Any:
    try:
        return json.loads(file.read_text("utf-8"))
    except OSError as exc:
        raise ArbitroError(
            f"impossibile leggere {file}: {exc.strerror}", f"cannot read {file}: {exc.strerror}"
        ) from None
    except json.JSONDecodeError as exc:
        raise ArbitroError(
            f"{file}: JSON non valido ({exc.msg}, riga {exc.lineno})",
            f"{file}: invalid JSON ({exc.msg}, line {exc.lineno})",
        ) from None


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""

    @app.command("export")
    def export(
        event_id: EventArg,
        out: Annotated[Path | None, typer.Option("--out", "-o")] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Esporta il file di gara (JSON) / export the event file."""
        with errors(json_out):
            data = export_event(service(), event_id)
            text = json.dumps(data, ensure_ascii=False, indent=1, default=str)
            if out is None:
                typer.echo(text)
            else:
                out.write_text(text, "utf-8")
                emit(
                    {"file": str(out), "records": len(data["records"])},
                    t(
                        f"Esportate {len(data['records'])} registrazioni in {out}",
                        f"Exported {len(data['records'])} records to {out}",
                    ),
                    json_out,
                )

    @app.command("import")
    def import_(
        file: Annotated[Path, typer.Argument()],
        as_id: Annotated[
            str | None, typer.Option("--as", help="Nuovo identificativo / new event id")
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Importa un file di gara / import an event file."""
        with errors(json_out):
            data = _read_json(file)
            state = import_event(service(), data, as_id)
            emit(
                {"event_id": state.event_id, "records": state.last_seq},
                t(
                    f"Gara importata: {state.event_id} ({state.last_seq} registrazioni)",
                    f"Event imported: {state.event_id} ({state.last_seq} records)",
                ),
                json_out,
            )

    @app.command("replay")
    def replay(file: Annotated[Path, typer.Argument()], json_out: bool = JsonOpt) -> None:
        """Rigioca un file di gara e stampa la classifica, senza salvarlo / replay an event file."""
        with errors(json_out):
            event_id, _, records = parse_event_file(_read_json(file))
            state = EventState.replay(event_id, records)
            rnd = state.current_round()
            emit(
                standings_data(state, rnd, False),
                standings_text(state, standings(state, rnd), rnd, False),
                json_out,
            )
