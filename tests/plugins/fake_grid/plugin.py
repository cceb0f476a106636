"""A fake game with a new kind of sheet, in one folder (issue 30): its code's spec and data,
its sheet (each line's total per deal: the kind of ``tests/sheet_kinds/``) and that kind's
templates (``templates/``), registered together."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.plugins.fake_lines.plugin import event_rules
from tests.sheet_kinds.totals_sheet import TotalsSheet

from arbitro.codes.event_rules import EventRules
from arbitro.codes.registry import CodeSpec, EventKind, registered
from arbitro.i18n import verbatim
from arbitro.tournament.sheets import registered_sheet_kind
from arbitro.tournament.sheets.kind import registered_templates

HERE = Path(__file__).parent
DATA = HERE / "fake_grid.toml"
GAME = "fake-grid"


def grid_rules() -> EventRules:
    """The fake grid code's rules, from its TOML."""
    return event_rules(DATA, GAME)


SPEC = CodeSpec(
    id="fake-grid",
    game=GAME,
    events=EventKind.ROUNDS,
    name=verbatim("Fake Grid"),
    short_name="Grid",
    data=DATA,
    aliases=("grid",),
    search_words="fake grid totals",
    rules=grid_rules,
)


@contextmanager
def fake_grid_registered() -> Iterator[CodeSpec]:
    """The code, its game's kind of sheet and the kind's templates, for the block."""
    with (
        registered(SPEC),
        registered_sheet_kind(GAME, TotalsSheet) as kind,
        registered_templates(kind.folder, HERE / "templates"),
    ):
        yield SPEC
