"""The words click and typer print themselves (``Usage:``, ``Options``, the help option's
text, ``[default: ...]``): said in the run's language, from the one catalogue (issue 12 §7:
every CLI output wholly in the chosen language).

click and typer look their words up through :func:`gettext.gettext`, bound into each of
their modules as ``_``; :func:`speak` rebinds that name to the catalogue. A word missing
from the catalogue stays as the library wrote it (never an error: the library may add
words)."""

from __future__ import annotations

import sys
from typing import Any

from arbitro.i18n import N_, catalogue, current_lang

WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Arguments"),
    N_("Show this message and exit."),
    N_("default: {default}"),
    N_("required"),
    N_("(dynamic)"),
    N_("env var: {var}"),
    N_("Aborted!"),
    N_("Missing command."),
    N_("No such command {name!r}."),
)

USAGE_TOKENS = (N_("COMMAND [ARGS]..."), N_("[OPTIONS]"))
"""The usage line's placeholders (the subcommand's, the options')."""
"""The library's words the catalogue translates (what ``arbitro`` shows in practice)."""

LIBRARY_MODULES = (
    *(
        f"{package}.{module}"
        for package in ("click", "typer._click")  # typer 0.29 carries its own copy of click
        for module in ("core", "formatting", "decorators", "exceptions", "parser", "types")
    ),
    "typer.core",
)


def library_word(message: str) -> str:
    """``message`` of click or typer in the run's language (as the library wrote it when the
    catalogue has no text for it)."""
    return catalogue(current_lang()).get(message, message)


def speak() -> None:
    """Make click and typer say their words through :func:`library_word` (the modules
    loaded now; call it after importing typer)."""
    for name in LIBRARY_MODULES:
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "_"):
            module._ = library_word  # type: ignore[attr-defined]
    _speak_typers_click()


def _speak_typers_click() -> None:
    """typer 0.29's own click writes ``Usage:`` and the help option's text without a lookup:
    say them through :func:`library_word` too (nothing to do on another version)."""
    core = sys.modules.get("typer._click.core")
    formatting = sys.modules.get("typer._click.formatting")
    if core is None or formatting is None:
        return
    command, formatter = core.Command, formatting.HelpFormatter
    if getattr(command.get_help_option, "speaks", False):
        return
    get_help_option, write_usage = command.get_help_option, formatter.write_usage

    def help_option(self: Any, ctx: Any) -> Any:
        option = get_help_option(self, ctx)
        if option is not None:
            option.help = library_word("Show this message and exit.")
        return option

    def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        for token in USAGE_TOKENS:
            args = args.replace(token, library_word(token))
        write_usage(self, prog, args, f"{library_word('Usage:')} " if prefix is None else prefix)

    help_option.speaks = True  # type: ignore[attr-defined]
    command.get_help_option, formatter.write_usage = help_option, usage
