"""The ``arbitro`` command line: every command prints text, or JSON with ``--json``."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Annotated, Any

import typer

from arbitro.cli import coerce, lazy
from arbitro.cli.click_words import speak
from arbitro.i18n import _, use_lang

speak()  # click's and typer's own words (Usage, Options, ...) in the run's language

# typer is pinned to 0.29 (pyproject.toml): these two reach into its internals, and its
# tests fail loudly should a new typer change them.
coerce.install()  # plain parameters coerced without pydantic (issue 14)
lazy.install()  # each command's parameters read from its function when it runs (issue 14)

# The command modules, in the order their commands are listed by --help, and the top-level
# commands and groups each registers (a test checks them against the modules).
MODULES: dict[str, tuple[str, ...]] = {
    "events": (
        "register",
        "import-csv",
        "rename",
        "check-in",
        "withdraw-absent",
        "withdraw",
        "event",
    ),
    "constraints": ("constraint",),
    "fees": ("fee", "pay", "cash"),
    "rounds": (
        "seat",
        "publish-seating",
        "seating",
        "sheet",
        "confirm",
        "correct",
        "history",
        "publish",
        "standings",
        "missing",
        "complaint",
        "resolve",
        "prizes",
    ),
    "penalties": ("late", "warn", "sanction", "ledger", "law13", "arbitral", "abandon"),
    "eventfile": ("export", "import", "replay"),
    "vp": ("vp",),
    "demo": ("demo",),
    "articles": ("articles",),
    "score": ("score",),
    "serve": ("serve",),
    "briscola": ("briscola",),
    "knockout": ("knockout",),
    "print": ("print",),
    "parole": ("parole",),
    "arbiter": ("arbiter",),
    "users": ("user",),
    "scala40": ("scala40",),
    "backup": ("backup", "restore"),
    "boards": ("travellers", "card", "boards"),
    "players": ("players",),
    "results": ("results",),
    "series": ("series",),
}
MODULE_OF: dict[str, str] = {name: module for module, names in MODULES.items() for name in names}
# The root options that take a value (skipped to find the command's name in the arguments).
VALUE_OPTIONS = ("--db", "--lang")


def command_module(argv: list[str]) -> str | None:
    """The module of the command named in ``argv`` (the arguments after ``arbitro``); None
    when no known command is named before anything else (``--help``, a typo, nothing)."""
    args = iter(argv)
    for arg in args:
        if arg in VALUE_OPTIONS:
            next(args, None)
        elif arg.startswith(tuple(f"{o}=" for o in VALUE_OPTIONS)):
            continue
        else:
            return MODULE_OF.get(arg)
    return None


class ArbitroApp(typer.Typer):
    """The ``arbitro`` app, its commands registered from their modules when first needed: all
    of them when anything reads the app's commands (``--help``, a test, typer's build); only
    the module of the command named when the command line runs one (issue 14: ``arbitro vp``
    imports neither the arbiter's nor the events' commands)."""

    def __init__(self, **settings: Any) -> None:
        self._commands: list[Any] = []
        self._groups: list[Any] = []
        self._loaded: tuple[str, ...] = ()
        self._loading = False
        super().__init__(**settings)

    def _load(self, modules: tuple[str, ...]) -> None:
        if self._loaded == modules or self._loading:
            return
        self._loading = True
        try:
            self._commands.clear()
            self._groups.clear()
            for name in modules:
                importlib.import_module(f"arbitro.cli.{name}").register(self)
            self._loaded = modules
        finally:
            self._loading = False

    @property
    def registered_commands(self) -> list[Any]:
        if not self._loaded:
            self._load(tuple(MODULES))
        return self._commands

    @registered_commands.setter
    def registered_commands(self, value: list[Any]) -> None:
        self._commands = value

    @property
    def registered_groups(self) -> list[Any]:
        if not self._loaded:
            self._load(tuple(MODULES))
        return self._groups

    @registered_groups.setter
    def registered_groups(self, value: list[Any]) -> None:
        self._groups = value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line: with the arguments of the process, only the named command's
        module is registered; otherwise (explicit arguments, no command named) all of them."""
        module = command_module(sys.argv[1:]) if not args and "args" not in kwargs else None
        self._load((module,) if module is not None else tuple(MODULES))
        return super().__call__(*args, **kwargs)


app = ArbitroApp(
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


def main() -> None:
    """Entry point for ``python -m arbitro``."""
    app()
