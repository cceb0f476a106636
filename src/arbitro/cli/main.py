"""The ``arbitro`` command line: every command prints text, or JSON with ``--json``."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from arbitro.cli import (
    arbiter,
    articles,
    briscola,
    coerce,
    demo,
    eventfile,
    events,
    knockout,
    lazy,
    parole,
    penalties,
    rounds,
    scala40,
    score,
    serve,
    users,
    vp,
)
from arbitro.cli import backup as backup_cli
from arbitro.cli import print as print_cli
from arbitro.i18n import _, use_lang

coerce.install()  # plain parameters coerced without pydantic (issue 14)
lazy.install()  # each command's parameters read from its function when it runs (issue 14)

app = typer.Typer(
    name="arbitro",
    help=_("arbitro: card-game competitions (Burraco FIBAS) for the director and the arbiter."),
    no_args_is_help=True,
    add_completion=False,
    # Plain help and usage errors: Rich's panels cost ~0.1 s of imports at every --help and
    # every usage error (issue 14).
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


@app.callback()
def _options(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help=_("Database URL (default: $ARBITRO_DATABASE_URL or sqlite:///arbitro.sqlite3)"),
        ),
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="it | en")] = None,
) -> None:
    """Set the database and the run's language (``--lang``, else ``ARBITRO_LANG``)."""
    if db:
        os.environ["ARBITRO_DATABASE_URL"] = db
    if lang:
        # The language holds for this run only: restored when the command's context closes.
        ctx.with_resource(use_lang(lang))


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
backup_cli.register(app)


def main() -> None:
    """Entry point for ``python -m arbitro``."""
    app()
