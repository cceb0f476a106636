"""``arbitro --help`` lists every command from the table in ``cli/main.py`` (issue 14: no
command module imported to print it): the same names, in the same order, with the same help
texts as the modules register, in Italian and in English, the cited articles included (Parole
art. 6.1 for the prizes' ties, FIBAS art. 19 for a deal's score)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from arbitro.cli import main
from arbitro.codes.ids import CodeId
from arbitro.i18n import _, use_lang

PROBE = """
import sys
from arbitro.cli.main import app
full, argv = sys.argv[1] == "full", sys.argv[2:]
sys.argv = ["arbitro", *argv]
try:
    app(argv, prog_name="arbitro") if full else app()  # explicit arguments: every module
except SystemExit:
    pass
loaded = sorted(
    m for m in sys.modules
    if m.startswith("arbitro.cli.") and m.removeprefix("arbitro.cli.") in {modules}
)
print("LOADED", " ".join(loaded), file=sys.stderr)
"""


def _listing(lang: str, *argv: str, full: bool = False) -> tuple[str, list[str]]:
    """What a fresh process prints for ``arbitro argv`` (``full``: with every command module
    loaded, as before the listing), on its output then its errors (no arguments: the help on
    the errors), and the command modules it loaded."""
    env = {**os.environ, "ARBITRO_LANG": lang, "COLUMNS": "100"}
    code = PROBE.format(modules=repr(set(main.MODULES)))
    mode = "full" if full else "argv"
    done = subprocess.run(
        [sys.executable, "-c", code, mode, *argv],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED"))
    errors = [x for x in done.stderr.splitlines() if not x.startswith("LOADED")]
    return done.stdout + "\n".join(errors), line.split()[1:]


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("argv", [("--help",), ("--lang", "en", "--help"), ()])
def test_the_listing_is_the_full_apps_help_without_its_modules(
    lang: str, argv: tuple[str, ...]
) -> None:
    printed, loaded = _listing(lang, *argv)
    assert loaded == []  # no command module imported
    full, everything = _listing(lang, *argv, full=True)
    assert len(everything) == len(main.MODULES)  # the probe sees the modules when loaded
    assert printed == full
    assert "prizes" in printed and "vp" in printed and "results" in printed
    # ``--lang en`` wins over ARBITRO_LANG, the listing's texts too (issue 26 L).
    shown = "en" if "--lang" in argv else lang
    assert ("Premi per categoria" if shown == "it" else "Prizes by category") in printed


def test_a_command_named_still_loads_only_its_module() -> None:
    _printed, loaded = _listing("it", "vp", "--help")
    assert loaded == ["arbitro.cli.vp"]


REGISTERED = """
import importlib, json, typer
from arbitro.cli.main import MODULES
out = []
for module in MODULES:
    probe = typer.Typer()
    importlib.import_module(f"arbitro.cli.{module}").register(probe)
    out += [[c.name, "", c.help] for c in probe.registered_commands]
    out += [[g.name, "group", g.typer_instance.info.help] for g in probe.registered_groups]
print(json.dumps(out))
"""


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_table_is_what_each_module_registers(lang: str) -> None:
    """Every top-level command and group, in MODULES' order, a group where the module makes a
    group, with the help text the module gives it (read in a fresh process: some modules
    translate their help when first imported)."""
    env = {**os.environ, "ARBITRO_LANG": lang}
    done = subprocess.run(
        [sys.executable, "-c", REGISTERED], capture_output=True, text=True, env=env, check=True
    )
    registered = [tuple(x) for x in json.loads(done.stdout)]
    with use_lang(lang):
        listed = [
            (name, kind, _text(msgid, cites)) for name, (msgid, kind, cites) in main.LISTING.items()
        ]
    assert listed == registered
    assert [n for n, _k, _h in listed] == [n for ns in main.MODULES.values() for n in ns]


def _text(msgid: str, cites: tuple[CodeId | None, str] | None) -> str:
    """A listed help text in the current language, its article cited from the code."""
    if cites is None:
        return _(msgid)
    return _(msgid, article=main.listed_article(cites))


def test_only_the_list_of_commands_is_a_listing() -> None:
    assert main.asks_listing([])
    assert main.asks_listing(["--help"])
    assert main.asks_listing(["--db", "sqlite:///x", "--lang=en", "--help"])
    assert not main.asks_listing(["vp", "--help"])
    assert not main.asks_listing(["typo"])
    assert not main.asks_listing(["--help", "vp"])
