"""A new director reads ``--help``: every argument and option of every command says what it
is, in Italian (a bare «testo <testo> [obbligatorio]» tells nothing: ``complaint``'s text,
``correct``'s ``--actor``, ``export``'s ``-o``, ``abandon``'s ``--justified`` (FIBAS art. 36)
said nothing before)."""

from __future__ import annotations

from typing import Any

import typer
from typer._click import Context  # typer 0.29 carries its own click
from typer.testing import CliRunner

from arbitro.cli.main import all_modules, app
from arbitro.i18n import use_lang


def _commands(group: Any, ctx: Context, path: tuple[str, ...]) -> list[tuple[str, Any]]:
    """Every command below ``group``, with its path."""
    found: list[tuple[str, Any]] = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if hasattr(command, "list_commands"):
            found += _commands(command, ctx, (*path, name))
        else:
            found.append((" ".join((*path, name)), command))
    return found


def test_every_parameter_of_every_command_has_its_help() -> None:
    """The parameters shown by ``--help`` without a help text: none."""
    with use_lang("it"):
        app._load(tuple(all_modules()))
        root = typer.main.get_command(app)
        ctx = Context(root)
        silent = [
            f"{path} {param.name}"
            for path, command in _commands(root, ctx, ())
            for param in command.params
            if not getattr(param, "hidden", False) and not getattr(param, "help", None)
        ]
    assert silent == []


def test_a_flags_default_is_the_option_as_typed() -> None:
    """A yes/no option's default is shown as the option one types (``--no-by-arbiter``,
    ``--justified``), not as a bare English word in the Italian help («[predefinito:
    no-by-arbiter]» read as English prose; FIBAS art. 21, 36)."""
    runner = CliRunner()
    correct = runner.invoke(app, ["--lang", "it", "correct", "--help"], terminal_width=200)
    assert "[predefinito: --no-by-arbiter]" in correct.stdout
    assert "[predefinito: --no-table-agrees]" in correct.stdout
    abandon = runner.invoke(app, ["--lang", "it", "abandon", "--help"], terminal_width=200)
    assert "[predefinito: --justified]" in abandon.stdout
    assert "predefinito: justified" not in abandon.stdout
