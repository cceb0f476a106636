"""Commands built on first use (issue 14).

When the command line starts, typer turns every registered function into a click command:
reading the ~70 functions' signatures (their ``Annotated`` hints evaluated, twice each) costs
~50 ms at every run, though a run uses one command and ``--help`` only the commands' names and
help texts. :func:`install` makes typer build a :class:`LazyCommand` instead: the same command
with the same name, help and settings, whose parameters and callback are read from its function
the first time they are asked for (when the command runs or shows its own help).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Any

import typer.main
from typer.core import MarkupMode, TyperArgument, TyperCommand, TyperOption
from typer.models import CommandInfo

_typer_from_info = typer.main.get_command_from_info


class LazyCommand(TyperCommand):
    """A typer command whose ``params`` and ``callback`` are built from its function on first
    access, exactly as typer builds them."""

    def __init__(
        self, command_info: CommandInfo, *, pretty_exceptions_short: bool, **settings: Any
    ) -> None:
        super().__init__(**settings)
        self._pending: tuple[CommandInfo, bool] | None = (command_info, pretty_exceptions_short)

    def _build(self) -> None:
        pending = self.__dict__.get("_pending")
        if pending is None:
            return
        self._pending = None
        info, short = pending
        params, context_param_name = typer.main._get_params_name_from_function(info.callback)
        self._params = params
        self._callback = typer.main.get_callback(
            callback=info.callback,
            params=params,
            context_param_name=context_param_name,
            pretty_exceptions_short=short,
        )

    def get_short_help_str(self, limit: int = 45) -> str:
        """The command's line in its group's list: click's first sentence of the help, not
        cut after an article's abbreviation ("(Parole UISP art. 4.1)": click ends a sentence
        at the first word ending in a full stop) nor after one written with full stops
        ("M.P.", "V.P.", "e.g.": «Penalità in M.P.» was all ``penalty`` said, FIBAS art. 22)."""
        if self.short_help or not self.help:
            return super().get_short_help_str(limit)

        text = " ".join(str(self.help).split())
        # The first sentence: up to a full stop and a space, not after "art." / "Art." nor
        # after an abbreviation's last full stop ("M.P.", "V.P.", "e.g.").
        end = re.search(r"(?<![Aa]rt)(?<!\.[A-Za-z])\.(\s|$)", text)
        first = text[: end.start() + 1] if end else text
        return first if len(first) <= limit else first[: limit - 3].rstrip() + "..."

    @property  # type: ignore[override]
    def params(self) -> list[TyperArgument | TyperOption]:  # a list of click parameters
        self._build()
        return self._params

    @params.setter
    def params(self, value: list[TyperArgument | TyperOption]) -> None:
        self._params = value

    @property
    def callback(self) -> Callable[..., Any] | None:
        self._build()
        return self._callback

    @callback.setter
    def callback(self, value: Callable[..., Any] | None) -> None:
        self._callback = value


def get_command_from_info(
    command_info: CommandInfo, *, pretty_exceptions_short: bool, rich_markup_mode: MarkupMode
) -> Any:
    """typer's ``get_command_from_info``, the parameters and callback left to first use (a
    command of a custom class is built by typer at once)."""
    callback = command_info.callback
    if command_info.cls not in (None, TyperCommand) or callback is None:
        return _typer_from_info(
            command_info,
            pretty_exceptions_short=pretty_exceptions_short,
            rich_markup_mode=rich_markup_mode,
        )
    name = command_info.name or typer.main.get_command_name(callback.__name__)
    use_help = command_info.help
    use_help = inspect.getdoc(callback) if use_help is None else inspect.cleandoc(use_help)
    return LazyCommand(
        command_info,
        pretty_exceptions_short=pretty_exceptions_short,
        name=name,
        context_settings=command_info.context_settings,
        help=use_help,
        epilog=command_info.epilog,
        short_help=command_info.short_help,
        options_metavar=command_info.options_metavar,
        add_help_option=command_info.add_help_option,
        no_args_is_help=command_info.no_args_is_help,
        hidden=command_info.hidden,
        deprecated=command_info.deprecated,
        rich_markup_mode=rich_markup_mode,
        rich_help_panel=command_info.rich_help_panel,
    )


def install() -> None:
    """Make typer build its commands with :func:`get_command_from_info`."""
    typer.main.get_command_from_info = get_command_from_info
