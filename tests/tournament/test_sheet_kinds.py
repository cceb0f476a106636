"""The score sheet of each game of rounds behind one protocol (issue 14: a game's sheet module
is loaded when an event of that game first asks for it): Burraco (FIBAS art. 19-20) and Parole
(art. 12) score two lines, Scala 40 each player at a table of individuals (art. 22)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from arbitro.codes.ids import GameId
from arbitro.errors import ArbitroError
from arbitro.tournament.sheets import sheet_kind


@pytest.mark.parametrize(
    ("game", "individual_tables", "mp_lower_is_better"),
    [(GameId.BURRACO, False, False), (GameId.PAROLE, False, False), (GameId.SCALA40, True, True)],
)
def test_each_game_has_its_sheet_one_object_by_name_or_id(
    game: GameId, individual_tables: bool, mp_lower_is_better: bool
) -> None:
    """Scala 40 art. 22: the fewer negative points the better, at tables of individuals; the
    lines' games rank by MP won. Asked by the id or by its text, the same sheet."""
    kind = sheet_kind(game)
    assert kind.game is game
    assert kind.individual_tables is individual_tables
    assert kind.mp_lower_is_better is mp_lower_is_better
    assert sheet_kind(game.value) is kind


def test_a_game_without_a_sheet_of_rounds_is_refused_by_name() -> None:
    """Briscola is played by knockout (Briscola art. 9), not in rounds."""
    with pytest.raises(ArbitroError) as refused:
        sheet_kind("briscola")
    assert "briscola" in str(refused.value.msg.params.get("game"))


PROBE = """
import json, sys
from arbitro.tournament.sheets import sheet_kind
sheet_kind(sys.argv[1])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("arbitro."))))
"""


@pytest.mark.parametrize(
    ("game", "loaded", "not_loaded"),
    [
        ("burraco", "arbitro.tournament.sheets.lines", "arbitro.tournament.sheets.individuals"),
        ("scala40", "arbitro.tournament.sheets.individuals", "arbitro.tournament.sheets.lines"),
    ],
)
def test_a_games_sheet_module_is_loaded_only_when_asked(
    game: str, loaded: str, not_loaded: str
) -> None:
    """A fresh process asking one game's sheet loads that game's module, not the other's."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, game], capture_output=True, text=True, check=True
    )
    modules = json.loads(done.stdout)
    assert loaded in modules
    assert not_loaded not in modules
