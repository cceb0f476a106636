"""The ``arbitro`` command line: every command prints text, or JSON with ``--json``."""

from __future__ import annotations

import importlib
import os
import sys
from contextlib import nullcontext
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.models import CommandInfo, TyperInfo

from arbitro.cli import coerce, lazy
from arbitro.cli.actor import acting_as
from arbitro.cli.click_words import LANG_KEY, speak
from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.codes.registry import CodeSpec, EventKind, code_specs, top_level_commands
from arbitro.i18n import LANGUAGES, N_, Lang, _, use_lang
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.cli import citing
else:
    citing = lazy_module("arbitro.cli.citing")  # only --help's listing cites by topic

speak()  # click's and typer's own words (Usage, Options, ...) in the run's language

# typer is pinned to 0.29 (pyproject.toml): these two reach into its internals, and its
# tests fail loudly should a new typer change them.
coerce.install()  # plain parameters coerced without pydantic (issue 14)
lazy.install()  # each command's parameters read from its function when it runs (issue 14)

# The command modules, in the order their commands are listed by --help, and the top-level
# commands and groups each registers (a test checks them against the modules); the codes' own
# commands (a game's tools: ``arbitro scala40``) follow, from the registry of codes.
SHARED_MODULES: dict[str, tuple[str, ...]] = {
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
        "complaints",
        "redraw",
        "resolve",
        "prizes",
        "seat",  # a group (seat a round, or edit its seating by hand): after the commands
    ),
    "penalties": ("late", "warn", "sanction", "penalty", "ledger", "law13", "arbitral", "abandon"),
    "clock": ("clock",),
    "eventfile": ("export", "import", "replay"),
    "vp": ("vp",),
    "demo": ("demo",),
    "articles": ("articles",),
    "serve": ("serve",),
    "knockout": ("knockout",),
    "print": ("print",),
    "arbiter": ("arbiter",),
    "users": ("user",),
    "backup": ("backup", "restore"),
    "boards": ("travellers", "card", "boards"),
    "players": ("players",),
    "results": ("results",),
    "series": ("series",),
    "digital": ("digital",),
}

# What ``arbitro --help`` lists, without importing any command module (issue 14): each
# top-level command's help (a msgid of the catalogue, the same the module registers), a
# group's marked ``GROUP``, and for a few the code and topic of the article it cites (no code:
# the one code with an article for the topic, :func:`~arbitro.cli.citing.code_citing`). A test
# checks it against what the modules register, and the listing against the full app's.
GROUP = "group"
Listed = tuple[str, str, tuple[CodeId | None, str] | None]
SHARED_LISTING: dict[str, Listed] = {
    "register": (N_("Register a competitor."), "", None),
    "import-csv": (N_("Registrations from CSV (columns name, player1, player2...)."), "", None),
    "rename": (N_("Rename a competitor, or change its players."), "", None),
    "check-in": (N_("Check in the competitors present before round 1."), "", None),
    "withdraw-absent": (N_("Withdraw the competitors not checked in."), "", None),
    "withdraw": (N_("Withdraw a competitor."), "", None),
    "event": (N_("Events: create, list, show"), GROUP, None),
    "constraint": (
        N_("Pairs that must not meet (same club, family, director's list)."),
        GROUP,
        None,
    ),
    "fee": (N_("Set the entry fee per competitor (before round 1)."), "", None),
    "pay": (N_("Record the entry fee paid by competitors."), "", None),
    "cash": (N_("The cash summary of the entry fees."), "", None),
    "publish-seating": (N_("Publish the seating."), "", None),
    "seating": (N_("Show the seating."), "", None),
    "sheet": (N_("Enter a table's sheet."), "", None),
    "confirm": (N_("Confirm a sheet sent by one line."), "", None),
    "correct": (N_("Correct a sheet."), "", None),
    "history": (N_("A sheet's history."), "", None),
    "publish": (N_("Publish the round's standings."), "", None),
    "standings": (N_("Standings."), "", None),
    "missing": (N_("Tables without a sheet or in conflict."), "", None),
    "complaint": (N_("A complaint about the standings."), "", None),
    "complaints": (N_("The open complaints, with their numbers."), "", None),
    "redraw": (N_("Draw a stale seating again."), "", None),
    "resolve": (N_("Settle a complaint."), "", None),
    "prizes": (
        N_("Prizes by category and ties for prizes ({article})."),
        "",
        (None, "prize_ties"),
    ),
    "seat": (N_("Seat a round."), GROUP, None),
    "late": (N_("Record a lateness."), "", None),
    "warn": (N_("Warning, citing the event's code."), "", None),
    "sanction": (N_("Sanction: reprimand, warning, expulsion, citing the event's code."), "", None),
    "penalty": (N_("Penalty in M.P. and V.P., citing the event's code."), "", None),
    "ledger": (N_("The ledger of sanctions, lateness, abandons and arbitral scores."), "", None),
    "law13": (N_("Wrong number of cards in a board (Law 13)."), "", None),
    "arbitral": (N_("Arbitral score."), "", None),
    "abandon": (N_("Abandon."), "", None),
    "clock": (
        N_(
            "The round's clock: show it, start it (--start now or HH:MM), correct its start "
            "(--start HH:MM --reason ...)."
        ),
        "",
        None,
    ),
    "export": (N_("Export the event file (JSON)."), "", None),
    "import": (N_("Import an event file."), "", None),
    "replay": (N_("Replay an event file and print the standings, without saving it."), "", None),
    "vp": (
        N_("Convert an MP difference into VP (e.g. arbitro vp --deals 2 130 → 12-8)."),
        "",
        None,
    ),
    "demo": (N_("Play a demo event from the registrations to the final standings."), "", None),
    "articles": (N_("Articles of the competition codes: search and show."), GROUP, None),
    "serve": (N_("Start the web app."), "", None),
    "knockout": (N_("Knockout events (Briscola)"), GROUP, None),
    "print": (
        N_("Printouts as PDF: table-cards, score-sheets, seating, standings, prizes"),
        GROUP,
        None,
    ),
    "arbiter": (N_("The arbiter's tools."), GROUP, None),
    "user": (N_("Users of the director's desk"), GROUP, None),
    "backup": (N_("Back up the whole installation (sensitive: keep it private)."), "", None),
    "restore": (N_("Restore a backup into a new database."), "", None),
    "travellers": (N_("The round's travellers: each board against the field."), "", None),
    "card": (N_("A line's card: board by board against the field."), "", None),
    "boards": (N_("Carte uguali boards: plan, printouts, count before play"), GROUP, None),
    "players": (N_("The club's registry of players"), GROUP, None),
    "results": (N_("Results out to the world: export, validate, site, verbale"), GROUP, None),
    "series": (N_("Series of events: a season, a circuit of stages"), GROUP, None),
    "digital": (N_("Digital tables: open, show, replay, links"), GROUP, None),
}


@cache
def _codes_commands() -> tuple[dict[str, tuple[str, ...]], dict[str, Listed]]:
    """The modules and the listing of each code's own commands (``CodeSpec.commands``), read
    from the registry when first needed: a shared command (``arbitro vp``) loads no code for
    them (issue 14)."""
    modules: dict[str, tuple[str, ...]] = {}
    listing: dict[str, Listed] = {}
    for spec in code_specs():
        for c in top_level_commands(spec):
            modules[c.module] = (*modules.get(c.module, ()), c.name)
            cites = (CodeId(spec.id), c.topic) if c.topic else None
            listing[c.name] = (c.help, GROUP if c.group else "", cites)
    return modules, listing


def listed_article(cites: tuple[CodeId | None, str]) -> Citation:
    """The article a listed command's help cites: the topic's article in the code named, or
    in the one code with an article for it (issue 30: the listing names no code)."""
    code, topic = cites
    return cite(code or citing.code_citing(topic), topic)


def all_modules() -> dict[str, tuple[str, ...]]:
    """Every command module, in the order of ``--help``, with the commands and groups it
    registers: the shared ones, then the codes' (a test checks them against the modules)."""
    return {**SHARED_MODULES, **_codes_commands()[0]}


def listing() -> dict[str, Listed]:
    """What ``arbitro --help`` lists: :data:`SHARED_LISTING`, then the codes' commands."""
    return {**SHARED_LISTING, **_codes_commands()[1]}


def module_of(command: str) -> str | None:
    """The module of the top-level command or group ``command``; None for no command."""
    shared = _SHARED_MODULE_OF.get(command)
    if shared is not None:
        return shared
    return next((m for m, names in _codes_commands()[0].items() if command in names), None)


_SHARED_MODULE_OF = {name: module for module, names in SHARED_MODULES.items() for name in names}


def __getattr__(name: str) -> Any:
    """``MODULES``, ``LISTING`` and ``MODULE_OF``, whole (the codes' commands included)."""
    if name == "MODULES":
        return all_modules()
    if name == "LISTING":
        return listing()
    if name == "MODULE_OF":
        return {command: module for module, names in all_modules().items() for command in names}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The root options that take a value (skipped to find the command's name in the arguments).
VALUE_OPTIONS = ("--db", "--lang", "--actor")


def asks_listing(argv: list[str]) -> bool:
    """True when ``argv`` (the arguments after ``arbitro``) asks only for the list of commands:
    ``--help`` or nothing, after the root options that take a value."""
    rest: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg in VALUE_OPTIONS:
            next(args, None)
        elif not arg.startswith(tuple(f"{o}=" for o in VALUE_OPTIONS)):
            rest.append(arg)
    return rest in ([], ["--help"])


def _listed() -> None:
    """A command of the listing: never run (the listing is made only to print --help)."""


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
            return module_of(arg)
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

    def _load_listing(self) -> None:
        """Every command and group with its name and help only, from :func:`listing`: what
        ``--help`` prints, no command module imported."""
        self._commands.clear()
        self._groups.clear()
        for name, (msgid, kind, cites) in listing().items():
            text = _(msgid) if cites is None else _(msgid, article=listed_article(cites))
            if kind == GROUP:
                group = typer.Typer(
                    name=name, help=text, no_args_is_help=True, rich_markup_mode=None
                )
                self._groups.append(TyperInfo(group, name=name))
            else:
                self._commands.append(CommandInfo(name=name, help=text, callback=_listed))
        self._loaded = ("--help",)

    @property
    def registered_commands(self) -> list[Any]:
        if not self._loaded and not self._loading:
            self._load(tuple(all_modules()))
        return self._commands

    @registered_commands.setter
    def registered_commands(self, value: list[Any]) -> None:
        self._commands = value

    @property
    def registered_groups(self) -> list[Any]:
        if not self._loaded and not self._loading:
            self._load(tuple(all_modules()))
        return self._groups

    @registered_groups.setter
    def registered_groups(self, value: list[Any]) -> None:
        self._groups = value

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line: with the arguments of the process, only the named command's
        module is registered; otherwise (explicit arguments, no command named) all of them.
        The whole run, its help and its usage errors too, speaks the language of ``--lang``
        (issue 26 L), the commands' help texts rendered in it when registered."""
        from_argv = not args and "args" not in kwargs
        argv = sys.argv[1:] if from_argv else list(kwargs.get("args") or (args[0] if args else []))
        chosen = known_lang(argv_lang(argv) or "")  # an unknown one is refused by --lang
        with use_lang(chosen) if chosen else nullcontext():
            _root(self)
            module = command_module(argv) if from_argv else None
            if module is None and from_argv and asks_listing(argv):
                self._load_listing()
            else:
                self._load((module,) if module is not None else tuple(all_modules()))
            return super().__call__(*args, **kwargs)


UNKNOWN_LANG = N_("unknown language «{lang}»: the languages are {languages}")
UNKNOWN_ENVIRONMENT_LANG = N_(
    "$ARBITRO_LANG is «{lang}», not one of the languages ({languages}): Italian is used"
)


def known_lang(value: str) -> Lang | None:
    """The language ``value`` names: ``it`` or ``en``, or a tag of one (``en-GB``,
    ``it_IT``, any case); None for any other text."""
    head = value.strip().lower().replace("_", "-").partition("-")[0]
    return next((lang for lang in LANGUAGES if lang == head), None)


def checked_lang(value: str | None) -> str | None:
    """The root's ``--lang``, refused when it names no language of arbitro (a usage error,
    exit status 2, in the terminal's language: ``$ARBITRO_LANG``'s, else Italian) that lists
    the languages there are; before, ``--lang xx`` ran in Italian without a word."""
    if value is None or known_lang(value) is not None:
        return value
    raise typer.BadParameter(
        _(UNKNOWN_LANG, lang=value, languages=", ".join(LANGUAGES)), param_hint="'--lang'"
    )


def warn_unknown_environment_lang() -> None:
    """Warn on stderr, in Italian, when ``$ARBITRO_LANG`` names no language of arbitro and no
    ``--lang`` is given: the run goes on in Italian (a warning, not a refusal: the variable is
    set once for a shell or a server, where a refusal would stop every command, ``--help``
    too; ``--lang`` still chooses)."""
    value = os.environ.get("ARBITRO_LANG", "").strip()
    if value and known_lang(value) is None:
        typer.echo(
            _(UNKNOWN_ENVIRONMENT_LANG, lang=value, languages=", ".join(LANGUAGES)), err=True
        )


def argv_lang(argv: list[str]) -> str | None:
    """The value of the root option ``--lang`` in ``argv`` (the arguments after ``arbitro``),
    None when it is not given before the command's name."""
    args = iter(argv)
    for arg in args:
        if arg == "--lang":
            return next(args, None)
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg in VALUE_OPTIONS:
            next(args, None)
        elif not arg.startswith("-"):
            return None
    return None


ROOT_HELP = N_("arbitro: card-game competitions ({games}) for the director and the arbiter.")
# The codes with no events of their own (a law the other codes read: Bridge Law 13).
ROOT_HELP_LAWS = N_("For the arbiter, also: {laws}.")


def game_name(spec: CodeSpec) -> str:
    """The game a code plays, as ``--help`` names it: its name's part before « — » (the
    registry's names read «Burraco — FIBAS competition code»), with the words of its short
    name that part lacks («Burraco FIBAS», «Burraco Parole UISP», «Scala 40»)."""
    game = spec.name.render().partition(" — ")[0].strip()
    extra = [w for w in spec.short_name.split() if w.casefold() not in game.casefold().split()]
    return " ".join([game, *extra])


def root_help() -> str:
    """The root's help, in the current language: the games of the codes in the registry that
    run events, then the laws the arbiter reads (codes without events), from the registry."""
    specs = code_specs()
    games = ", ".join(game_name(s) for s in specs if s.events is not EventKind.NONE)
    laws = [s.name.render() for s in specs if s.events is EventKind.NONE]
    text = _(ROOT_HELP, games=games)
    return f"{text} {_(ROOT_HELP_LAWS, laws='; '.join(laws))}" if laws else text


app = ArbitroApp(
    name="arbitro",
    help=None,  # the root's help is set when the command line runs (_root: its language)
    no_args_is_help=True,
    add_completion=False,
    # Plain help and usage errors: Rich's panels cost ~0.1 s of imports at every --help and
    # every usage error (issue 14).
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def _root(application: typer.Typer) -> None:
    """The root's help and its options' help in the current language (the run's ``--lang``:
    rendered when the run starts, not when this module was imported)."""
    application.info.help = root_help()

    def options(
        ctx: typer.Context,
        db: Annotated[
            str | None,
            typer.Option(
                "--db",
                help=_(
                    "Database URL (default: $ARBITRO_DATABASE_URL or sqlite:///arbitro.sqlite3)"
                ),
            ),
        ] = None,
        lang: Annotated[
            str | None,
            typer.Option("--lang", help="it | en", callback=checked_lang, is_eager=True),
        ] = None,
        actor: Annotated[
            str | None,
            typer.Option(
                "--actor",
                help=_(
                    "Who acts, recorded with every change the command records (default: "
                    "$ARBITRO_ACTOR or the login name)"
                ),
            ),
        ] = None,
    ) -> None:
        """Set the database, the run's language (``--lang``, else ``ARBITRO_LANG``) and who
        acts (``--actor``, else ``$ARBITRO_ACTOR``, else the login name: the records' actor,
        as the desk records its user)."""
        if db:
            os.environ["ARBITRO_DATABASE_URL"] = db
        if not lang:
            warn_unknown_environment_lang()
        if actor and actor.strip():
            ctx.with_resource(acting_as(actor))
        if lang:
            # The language holds for this run only: restored when the command's context
            # closes; kept in the root's context for a usage error shown after that.
            ctx.with_resource(use_lang(lang))
            ctx.find_root().meta[LANG_KEY] = lang

    application.callback()(options)


_root(app)


def main() -> None:
    """Entry point for ``python -m arbitro``."""
    app()
