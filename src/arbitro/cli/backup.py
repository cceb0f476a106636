"""CLI: the director's backup of the whole installation, and its restore into a new
database (the events, the directors, the settings with the secret of the QR codes)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import JsonOpt, emit, errors, read_json
from arbitro.i18n import _, ngettext, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import store as store_module
    from arbitro.services import backup as backup_service
else:
    # Loaded on first use: the command line's start-up (issue 14).
    backup_service = lazy_module("arbitro.services.backup")
    store_module = lazy_module("arbitro.store")


def register(app: typer.Typer) -> None:
    """Add ``backup`` and ``restore`` to ``app``."""

    @app.command("backup", help=_("Back up the whole installation (sensitive: keep it private)."))
    def backup_cmd(
        out: Annotated[Path, typer.Option("--out", "-o", help=_("Backup file"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Write the installation's backup: every event, the directors, the settings."""
        with (
            errors(json_out),
            store_module.RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL")) as store,
        ):
            data = backup_service.backup(store, datetime.now(UTC))
            out.write_text(json.dumps(data, ensure_ascii=False, indent=1), "utf-8")
            out.chmod(0o600)
            emit(
                {"file": str(out), "events": len(data["events"])},
                render(
                    ngettext(
                        "Backup of {count} event written to {file}",
                        "Backup of {count} events written to {file}",
                        len(data["events"]),
                        file=str(out),
                    )
                ),
                json_out,
            )

    @app.command("restore", help=_("Restore a backup into a new database."))
    def restore_cmd(
        file: Annotated[Path, typer.Argument(help=_("Backup file"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Restore a backup into a new, empty database."""
        with (
            errors(json_out),
            store_module.RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL")) as store,
        ):
            count = backup_service.restore(store, read_json(file))
            emit(
                {"events": count},
                render(ngettext("{count} event restored", "{count} events restored", count)),
                json_out,
            )
