"""The ``arbitro`` command line: every command prints text, or JSON with ``--json``."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from arbitro.cli import (
    arbiter,
    articles,
    briscola,
    demo,
    eventfile,
    events,
    knockout,
    parole,
    penalties,
    rounds,
    scala40,
    score,
    serve,
    users,
    vp,
)
from arbitro.cli import print as print_cli

app = typer.Typer(
    name="arbitro",
    help="arbitro: gare di carte (Burraco FIBAS) per il direttore e l'arbitro. / card-game competitions for the director and the arbiter.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _options(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="URL del database (default: $ARBITRO_DATABASE_URL o sqlite:///arbitro.sqlite3)",
        ),
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="it | en")] = None,
) -> None:
    if db:
        os.environ["ARBITRO_DATABASE_URL"] = db
    if lang:
        os.environ["ARBITRO_LANG"] = lang


events.register(app)
rounds.register(app)
penalties.register(app)
eventfile.register(app)
vp.register(app)
demo.register(app)
articles.register(app)
score.register(app)
serve.register(app)
briscola.register(app)
knockout.register(app)
print_cli.register(app)
parole.register(app)
arbiter.register(app)
users.register(app)
scala40.register(app)


def main() -> None:
    """Entry point for ``python -m arbitro``."""
    app()
