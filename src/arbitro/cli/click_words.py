"""The words click and typer print themselves (``Usage:``, ``Options``, the help option's
text, ``[default: ...]``): said in the run's language, from the one catalogue (issue 12 §7:
every CLI output wholly in the chosen language).

click and typer look their words up through :func:`gettext.gettext`, bound into each of
their modules as ``_``; :func:`speak` rebinds that name to the catalogue. A word missing
from the catalogue stays as the library wrote it (never an error: the library may add
words)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import replace
from typing import Any

import typer

from arbitro.i18n import N_, Message, _, catalogue, current_lang, ngettext, render, use_lang

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

ERRORS: tuple[tuple[re.Pattern[str], str | Callable[[int], Message]], ...] = (
    (
        # typer's suggestion after an unknown command («Did you mean 'event'?»): the
        # refusal before it already said in the run's language by the catalogue
        re.compile(r"(?P<message>.*)\. Did you mean (?P<suggestions>.*)\?(?P<rest>)", re.S),
        N_("{message}. Did you mean {suggestions}?"),
    ),
    (
        re.compile(r"Option (?P<name>'[^']*') requires an argument\.(?P<rest>)", re.S),
        N_("Option {name} requires a value."),
    ),
    (
        re.compile(r"Option (?P<name>'[^']*') requires (?P<count>\d+) arguments\.(?P<rest>)"),
        lambda n: ngettext(
            "Option {name} requires {count} value.", "Option {name} requires {count} values.", n
        ),
    ),
    (
        re.compile(r"Option (?P<name>'[^']*') does not take a value\.(?P<rest>)", re.S),
        N_("Option {name} does not take a value."),
    ),
    (
        re.compile(r"Argument (?P<name>'[^']*') takes (?P<count>\d+) values\.(?P<rest>)"),
        lambda n: ngettext(
            "Argument {name} takes {count} value.", "Argument {name} takes {count} values.", n
        ),
    ),
    (
        re.compile(r"Could not open file (?P<name>'[^']*'|\S+): (?P<detail>.*)(?P<rest>)", re.S),
        N_("Could not open file {name}: {detail}"),
    ),
    (
        re.compile(r"Missing option (?P<name>'[^']*'(?: / '[^']*')*|\S+)\.(?P<rest>.*)", re.S),
        N_("Missing option {name}."),
    ),
    (
        re.compile(r"Missing argument (?P<name>'[^']*'|\S+)\.(?P<rest>.*)", re.S),
        N_("Missing argument {name}."),
    ),
    (
        re.compile(r"Missing parameter:? (?P<name>'[^']*'|\S+?)\.?(?P<rest>)", re.S),
        N_("Missing parameter {name}."),
    ),
    (
        re.compile(
            r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.*)\)(?P<rest>)", re.S
        ),
        N_("No such option: {name} (possible options: {options})"),
    ),
    (re.compile(r"No such option: (?P<name>\S+)(?P<rest>)", re.S), N_("No such option: {name}")),
    (
        re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)(?P<rest>)", re.S),
        N_("Unexpected extra arguments ({args})"),
    ),
    (
        re.compile(r"Invalid value for (?P<name>'[^']*'|\S+): (?P<detail>.*)(?P<rest>)", re.S),
        N_("Invalid value for {name}: {detail}"),
    ),
    (re.compile(r"Invalid value: (?P<detail>.*)(?P<rest>)", re.S), N_("Invalid value: {detail}")),
)
"""click's usage errors, as typer 0.29's own click writes them in English (no lookup): each
read back by its pattern and said from the catalogue (``rest``: what follows, e.g. the
choices of a missing option); a text with a ``count`` is a function of the count
(:func:`arbitro.i18n.ngettext`: its singular and its plural), the pattern's other groups
filled in by :func:`counted`."""

DETAILS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"Input should be a valid integer, unable to parse string as an integer"),
        N_("not a whole number"),
    ),
    (
        re.compile(r"Input should be a valid integer, got a number with a fractional part"),
        N_("not a whole number"),
    ),
    (re.compile(r"Input should be a valid number.*"), N_("not a number")),
    (
        re.compile(r"(?:Value error, )?(?P<value>'[^']*') is not one of (?P<choices>.*?)\.?"),
        N_("{value} is not one of {choices}"),
    ),
    (
        re.compile(r"Input should be less than or equal to (?P<limit>\S+)"),
        N_("at most {limit}"),
    ),
    (
        re.compile(r"Input should be greater than or equal to (?P<limit>\S+)"),
        N_("at least {limit}"),
    ),
)
"""The reasons typer's coercion (pydantic) gives for a refused value, said from the
catalogue."""

TYPE_WORDS = (
    N_("<str>"),
    N_("<int>"),
    N_("<float>"),
    N_("<path>"),
    N_("<list[str]>"),
    N_("<list[int]>"),
)
"""What typer shows for a value's kind in the help (``--name <str>``), said from the
catalogue (``<testo>``); a kind not listed as typer writes it."""

ARGUMENTS: dict[str, Message] = {
    "amount": Message("amount", context="argument"),
    "board": Message("board", context="argument"),
    "cards": Message("cards", context="argument"),
    "code": Message("code", context="argument"),
    "competitor": Message("competitor", context="argument"),
    "complaint_no": Message("complaint_no", context="argument"),
    "criteria": Message("criteria", context="argument"),  # event tiebreaks (issue 34)
    "difference": Message("difference", context="argument"),
    "event_id": Message("event_id", context="argument"),
    "file": Message("file", context="argument"),
    "first": Message("first", context="argument"),
    "hand": Message("hand", context="argument"),
    "match": Message("match", context="argument"),
    "minutes": Message("minutes", context="argument"),
    "name": Message("name", context="argument"),
    "number": Message("number", context="argument"),
    "numbers": Message("numbers", context="argument"),
    "query": Message("query", context="argument"),
    "ref": Message("ref", context="argument"),
    "round_number": Message("round_number", context="argument"),
    "second": Message("second", context="argument"),
    "seq": Message("seq", context="argument"),
    "series_id": Message("series_id", context="argument"),
    "table": Message("table", context="argument"),
    "text": Message("text", context="argument"),
    "words": Message("words", context="argument"),
}
"""The commands' arguments by name, as the usage line and the errors show them
(``{gara} {turno}`` in Italian, ``{event_id} {round_number}`` in English); an argument not
listed by its own name."""

CHOOSE_FROM = N_("Choose from:")

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
    _speak_errors()
    _speak_types()
    _speak_flags()


def _speak_flags() -> None:
    """typer 0.29 shows a yes/no option's default as the option's name without its dashes
    («[default: no-by-arbiter]»), an English word in the Italian help: show the option as one
    types it («[predefinito: --no-by-arbiter]»)."""
    option = getattr(sys.modules.get("typer.core"), "TyperOption", None)
    if option is None or getattr(option._get_default_string, "speaks", False):
        return
    default_string = option._get_default_string

    def flag_default(self: Any, **kwargs: Any) -> Any:
        if self.is_bool_flag and self.secondary_opts and not kwargs.get("show_default_is_str"):
            return str((self.opts if self.default else self.secondary_opts)[0])
        return default_string(self, **kwargs)

    flag_default.speaks = True  # type: ignore[attr-defined]
    option._get_default_string = flag_default


def _speak_types() -> None:
    """typer 0.29 writes a value's kind (``<str>``, ``<int>``) in the help without a lookup:
    say it through :func:`library_word`."""
    core = sys.modules.get("typer.core")
    parameter = getattr(core, "_TyperParameter", None)
    if parameter is None or getattr(parameter.display_type, "speaks", False):
        return
    display_type = parameter.display_type

    def kind(self: Any, ctx: Any) -> Any:
        shown = display_type(self, ctx)
        return library_word(shown) if isinstance(shown, str) else shown

    kind.speaks = True  # type: ignore[attr-defined]
    parameter.display_type = kind
    argument = getattr(core, "TyperArgument", None)
    if argument is not None:
        named = parameter.display_name_raw.fget

        def argument_name(self: Any) -> str:
            """An argument's name in the run's language (its metavar when it has one)."""
            if self.metavar is None and self.name in ARGUMENTS:
                return render(ARGUMENTS[self.name])
            return str(named(self))

        argument.display_name_raw = property(argument_name)


YES_NO = N_("y/N")
"""The hint of a question answered yes or no, no by default (``[s/N]`` in Italian)."""
YES_WORDS = frozenset({"y", "yes", "s", "si", "sì"})
NO_WORDS = frozenset({"n", "no", ""})
REPEAT = N_("Repeat for confirmation")
NOT_THE_SAME = N_("the two values typed differ: type them again")
ANSWER_YES_OR_NO = N_("answer {yes} or {no}")


def confirm(text: str, *, abort: bool = False) -> bool:
    """Ask ``text`` and read yes or no in the run's language (``[s/N]``: «s», «sì», «y»,
    «yes» are yes; «n», «no» or nothing is no), where click would ask ``[y/N]`` and say
    «Error: invalid input» in English; with ``abort``, a no stops the command (click's
    «Aborted!», said from the catalogue)."""
    hint = library_word(YES_NO)
    while True:
        answer = typer.prompt(f"{text} [{hint}]", default="", show_default=False)
        word = answer.strip().casefold()
        if word in YES_WORDS:
            return True
        if word in NO_WORDS:
            if abort:
                raise typer.Abort()
            return False
        yes, no = hint.split("/")
        message = _(ANSWER_YES_OR_NO, yes=yes.lower(), no=no.lower())
        typer.echo(_("Error: {message}", message=message), err=True)


def new_secret(text: str) -> str:
    """Ask a new secret (a password) twice, hidden, in the run's language (click would say
    «Repeat for confirmation» and «Error: The two entered values do not match.» in English);
    again until the two are the same."""
    while True:
        first = typer.prompt(text, hide_input=True)
        second = typer.prompt(library_word(REPEAT), hide_input=True)
        if first == second:
            return str(first)
        typer.echo(_("Error: {message}", message=_(NOT_THE_SAME)), err=True)


LANG_KEY = "arbitro.lang"
"""Where the root command's context keeps the run's ``--lang`` (``Context.meta``): a usage
error is shown after the contexts closed, in the language the run asked for."""


def error_text(message: str) -> str:
    """A usage error of click (``Missing option '--kind'.``) in the run's language; a message
    of no known form as it is (arbitro's own, or a word the library added)."""
    for pattern, msgid in ERRORS:
        found = pattern.fullmatch(message)
        if found is not None:
            params = {k: v for k, v in found.groupdict().items() if k != "rest"}
            if "detail" in params:
                params["detail"] = _detail(params["detail"])
            rest = found.group("rest").replace("Choose from:", library_word(CHOOSE_FROM))
            if callable(msgid):
                return render(counted(msgid, params)) + rest
            return _(msgid, **params) + rest
    return message


def counted(text: Callable[[int], Message], params: dict[str, str]) -> Message:
    """A usage error about a number of values: the text ``text`` says for the pattern's
    ``count`` (:func:`arbitro.i18n.ngettext`: «1 valore», «2 valori»), the pattern's other
    groups filled in (the option's or the argument's ``name``)."""
    said = text(int(params.pop("count")))
    return replace(said, params={**said.params, **params})


def _detail(text: str) -> str:
    """Why typer refused a value, in the run's language (as it is when of no known form)."""
    for pattern, msgid in DETAILS:
        found = pattern.fullmatch(text.strip())
        if found is not None:
            return _(msgid, **found.groupdict())
    return text


def _speak_errors() -> None:
    """typer 0.29's click shows its errors (``Error: ...``, ``Try '... --help' for help.``)
    in English without a lookup: show them through the catalogue, in the run's language."""
    exceptions = sys.modules.get("typer._click.exceptions")
    if exceptions is None or getattr(exceptions.UsageError.show, "speaks", False):
        return
    echo = exceptions.echo

    def lang_of(error: Any) -> Any:
        ctx = getattr(error, "ctx", None)
        lang = None if ctx is None else ctx.find_root().meta.get(LANG_KEY)
        return nullcontext() if lang is None else use_lang(lang)

    def show_click(self: Any, file: Any = None) -> None:
        with lang_of(self):
            text = _("Error: {message}", message=error_text(self.format_message()))
        echo(text, file=file, err=file is None, color=self.show_color)

    def show_usage(self: Any, file: Any = None) -> None:
        color = None
        with lang_of(self):
            if self.ctx is not None:
                color = self.ctx.color
                hint = ""
                if self.ctx.command.get_help_option(self.ctx) is not None:
                    command = f"{self.ctx.command_path} {self.ctx.help_option_names[0]}"
                    hint = _("Try '{command}' for help.", command=command) + "\n"
                echo(f"{self.ctx.get_usage()}\n{hint}", file=file, err=file is None, color=color)
            text = _("Error: {message}", message=error_text(self.format_message()))
        echo(text, file=file, err=file is None, color=color)

    show_click.speaks = True  # type: ignore[attr-defined]
    show_usage.speaks = True  # type: ignore[attr-defined]
    exceptions.ClickException.show = show_click
    exceptions.UsageError.show = show_usage
