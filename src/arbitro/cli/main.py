"""The ``arbitro`` command line: every command prints text, or JSON with ``--json``."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="arbitro",
    help="arbitro: gestione gare di carte (Burraco FIBAS...). / card-game competitions.",
    no_args_is_help=True,
    add_completion=False,
)


def main() -> None:
    """Entry point for ``python -m arbitro``."""
    app()
