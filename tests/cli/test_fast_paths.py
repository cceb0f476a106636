"""The CLI's two shortcuts around typer's costs at start-up (issue 14), checked on behaviour:
plain parameters coerced without pydantic (:mod:`arbitro.cli.coerce`), and commands whose
parameters are read from their function only when they run (:mod:`arbitro.cli.lazy`)."""

from __future__ import annotations

import subprocess
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
import typer.main
from typer.testing import CliRunner

from arbitro.cli import coerce, lazy
from arbitro.cli.main import app as arbitro_app


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


def _probe_app() -> typer.Typer:
    """A small app with one parameter of each kind, printing what its command received."""
    app = typer.Typer(add_completion=False, rich_markup_mode=None)

    @app.command()
    def show(
        name: str,
        count: Annotated[int, typer.Option()] = 1,
        flag: Annotated[bool, typer.Option()] = False,
        colour: Annotated[Colour, typer.Option()] = Colour.RED,
        bounded: Annotated[int, typer.Option(min=1, max=4)] = 2,
        many: Annotated[list[int] | None, typer.Option()] = None,
        where: Annotated[Path | None, typer.Option()] = None,
        maybe: Annotated[int | None, typer.Option()] = None,
        label: Annotated[str | None, typer.Option()] = None,
    ) -> None:
        print(repr((name, count, flag, colour, bounded, many, where, maybe, label)))

    @app.command()
    def other() -> None:
        print("other")

    return app


def test_plain_parameters_are_coerced_as_typer_does() -> None:
    coerce.install()
    app = _probe_app()
    done = CliRunner().invoke(
        app,
        [
            *("show", "Ada", "--count", "-7", "--flag", "--colour", "blue", "--many", "3"),
            *("--where", "iscritti.csv", "--maybe", "5"),
        ],
    )
    assert done.exit_code == 0, done.output
    expected = ("Ada", -7, True, Colour.BLUE, 2, [3], Path("iscritti.csv"), 5, None)
    assert done.output.strip() == repr(expected)
    # An optional parameter left out stays None, as with typer's own coercion.
    done = CliRunner().invoke(app, ["show", "Ada"])
    assert done.output.strip() == repr(("Ada", 1, False, Colour.RED, 2, None, None, None, None))


def test_a_malformed_value_gets_typers_own_error() -> None:
    """Not plainly a number: handed to typer's coercion, which refuses it (usage error, 2)."""
    coerce.install()
    app = _probe_app()
    for argv, words in (
        # typer's reasons, said in the run's language (issue 26 L: Italian by default).
        (["show", "Ada", "--count", "1.5"], "non è un numero intero"),
        (["show", "Ada", "--colour", "green"], "green"),
        (["show", "Ada", "--bounded", "9"], "al massimo 4"),
        (["show", "Ada", "--maybe", "x"], "non è un numero intero"),
    ):
        done = CliRunner().invoke(app, argv)
        assert done.exit_code == 2, argv
        assert words in done.output, done.output


def test_which_parameters_skip_pydantic() -> None:
    from typer._coercion import resolve_type_descriptor
    from typer.models import OptionInfo

    def plain(annotation: object, **info: object) -> bool:
        return coerce.plain(resolve_type_descriptor(annotation, OptionInfo(**info)))  # type: ignore[arg-type]

    assert plain(str) and plain(int) and plain(bool) and plain(Colour) and plain(Path)
    assert plain(str | None) and plain(int | None) and plain(Path | None)
    assert not plain(int, min=1)
    assert not plain(int | None, min=1)
    assert not plain(int | str)
    assert not plain(float)
    assert not plain(list[int])


def test_vp_runs_without_pydantic() -> None:
    """FIBAS art. 20, 2 deals: 130 MP → 12-8; typer's pydantic coercion never loaded."""
    code = (
        "import sys\n"
        "from arbitro.cli.main import app\n"
        "try:\n"
        "    app(['vp', '--code', 'burraco-fibas', '--deals', '2', '130'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('pydantic' in sys.modules, 'typer._adapters' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["12-8", "False", "False"]


def test_commands_are_built_when_they_run() -> None:
    lazy.install()
    group = typer.main.get_command(arbitro_app)
    assert isinstance(group, typer.core.TyperGroup)
    vp = group.commands["vp"]
    assert isinstance(vp, lazy.LazyCommand)
    assert vp._pending is not None  # listed, named and helped without reading its function
    assert vp.get_short_help_str(80).startswith("Convert") or vp.help
    names = [p.name for p in vp.params]
    assert vp._pending is None
    assert names == ["difference", "code", "deals", "teams", "duplicate", "json_out"]


def test_a_lazy_command_is_the_command_typer_builds() -> None:
    """Same name, help, parameters (names, options, defaults) as typer's own build."""
    lazy.install()
    for info in arbitro_app.registered_commands:
        mine = lazy.get_command_from_info(info, pretty_exceptions_short=True, rich_markup_mode=None)
        theirs = lazy._typer_from_info(info, pretty_exceptions_short=True, rich_markup_mode=None)
        assert (mine.name, mine.help, mine.short_help, mine.hidden) == (
            theirs.name,
            theirs.help,
            theirs.short_help,
            theirs.hidden,
        )
        assert [(p.name, p.opts, p.default, p.required) for p in mine.params] == [
            (p.name, p.opts, p.default, p.required) for p in theirs.params
        ]
        assert mine.callback is not None and theirs.callback is not None


def test_help_lists_every_command_and_runs_one() -> None:
    runner = CliRunner()
    listing = runner.invoke(arbitro_app, ["--help"])
    assert listing.exit_code == 0
    assert "vp" in listing.output and "articles" in listing.output
    done = runner.invoke(arbitro_app, ["vp", "--deals", "2", "130"])
    assert done.exit_code == 0 and done.output.strip() == "12-8"


def test_the_modules_register_the_commands_main_names() -> None:
    """``MODULES`` (which module has which command) is what each module registers, in the
    order of the full app."""
    import importlib

    from arbitro.cli import main

    for module, names in main.MODULES.items():
        probe = typer.Typer()
        importlib.import_module(f"arbitro.cli.{module}").register(probe)
        registered = [
            c.name or typer.main.get_command_name(c.callback.__name__)  # type: ignore[union-attr]
            for c in probe.registered_commands
        ] + [g.name or str(g.typer_instance.info.name) for g in probe.registered_groups]  # type: ignore[union-attr]
        assert tuple(registered) == names, module
    group = typer.main.get_command(arbitro_app)
    assert isinstance(group, typer.core.TyperGroup)
    listed = list(group.commands)
    assert sorted(listed) == sorted(main.MODULE_OF)


def test_the_command_named_in_the_arguments() -> None:
    from arbitro.cli.main import command_module

    assert command_module(["vp", "130"]) == "vp"
    assert command_module(["--db", "sqlite:///x", "--lang", "en", "event", "list"]) == "events"
    assert command_module(["--lang=en", "articles", "search", "x"]) == "articles"
    assert command_module(["--help"]) is None
    assert command_module(["vpp"]) is None
    assert command_module([]) is None
    assert command_module(["--db"]) is None


def test_a_command_run_loads_only_its_module() -> None:
    """``arbitro vp`` as a user types it: the other commands' modules are not imported, and
    the answer is that of the full app (FIBAS art. 20: 130 MP in 2 deals → 12-8)."""
    code = (
        "import sys\n"
        "sys.argv = ['arbitro', '--lang', 'en', 'vp', '--deals', '2', '130']\n"
        "from arbitro.cli.main import app\n"
        "try:\n"
        "    app()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('arbitro.cli.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    answer, modules = done.stdout.strip().splitlines()
    assert answer == "12-8"
    loaded = eval(modules)
    assert "arbitro.cli.vp" in loaded
    assert "arbitro.cli.arbiter" not in loaded and "arbitro.cli.events" not in loaded
