"""The score sheet of each game of rounds behind one protocol (issue 14: a game's sheet module
is loaded when an event of that game first asks for it): Burraco (FIBAS art. 19-20) and Parole
(art. 12) score two lines, Scala 40 each player at a table of individuals (art. 22)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from arbitro.codes.ids import GameId
from arbitro.codes.registry import CodeSpec, EventKind, registered
from arbitro.errors import ArbitroError
from arbitro.i18n import verbatim
from arbitro.tournament.sheets import _KINDS, sheet_kind


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


def test_a_code_names_its_games_sheet_in_its_spec() -> None:
    """A code registered with ``sheet=`` (issue 30: the spec names its game's sheet) scores
    with that kind, no other call: here the two lines' sheet (FIBAS art. 19-20) for a game no
    shared module names; unregistered, its game has no sheet again."""
    spec = CodeSpec(
        id="spec-lines",
        game="spec-lines",
        events=EventKind.ROUNDS,
        name=verbatim("Spec Lines"),
        short_name="Spec",
        sheet="arbitro.tournament.sheets:lines_sheet",
    )
    with registered(spec):
        kind = sheet_kind("spec-lines")
        assert kind.game == "spec-lines"
        assert kind.folder == "lines"
        assert kind.individual_tables is False
    _KINDS.pop("spec-lines", None)  # the kind made for the test's game
    with pytest.raises(ArbitroError):
        sheet_kind("spec-lines")


PROBE = """
import json, sys
from arbitro.tournament.sheets import sheet_kind
sheet_kind(sys.argv[1])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("arbitro."))))
"""


@pytest.mark.parametrize(
    ("game", "loaded", "not_loaded"),
    [
        ("burraco", "arbitro.tournament.sheets.lines", "arbitro.codes.scala40_sheet_kind"),
        ("scala40", "arbitro.codes.scala40_sheet_kind", "arbitro.tournament.sheets.lines"),
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


def test_the_lines_api_sheet_is_read_and_bounded_by_its_kind_art_19() -> None:
    """The API's sheet of two lines (FIBAS art. 19: each line's base and card points per
    deal): one to ten deals of whole numbers within ±100,000, no unknown field; a typed
    number in quotes reads as the number."""
    kind = sheet_kind(GameId.BURRACO)
    deal = {"ns_base": "300", "ns_points": 120, "ew_base": 100, "ew_points": 45}
    entry = kind.read_api({"deals": [deal, deal], "closed_room": None})
    assert [d.to_list() for d in entry.deals] == [[300, 120, 100, 45]] * 2
    bad: dict[str, Any]
    for bad in (
        {"deals": []},
        {"deals": [deal] * 11},
        {"deals": [{**deal, "ns_points": 100_001}]},
        {"deals": [{**deal, "note": "x"}]},
        {"deals": [{**deal, "ew_base": True}]},
    ):
        with pytest.raises(ArbitroError):
            kind.read_api(bad)


def test_the_terminals_scala40_sheet_reads_a_dash_as_a_deal_not_played_art_22_25() -> None:
    """``--points`` per deal in seat order (art. 22); ``-`` is the deal the player who
    abandoned did not play (art. 25); a word is refused citing art. 22."""
    from arbitro.tournament.model import TableSeating
    from arbitro.tournament.rules import rules_for
    from arbitro.tournament.sheets import CliSheet

    kind = sheet_kind(GameId.SCALA40)
    seat = TableSeating(1, None, None, players=(3, 7, 1, 5))
    rules = rules_for("scala40")
    sheet = CliSheet(points=("0,10,20,30", "5,-,20,30"), abandoned=7)
    entry = kind.read_cli(seat, sheet, rules)
    assert entry.players == (3, 7, 1, 5) and entry.deals[1] == (5, None, 20, 30)
    assert entry.abandoned == 7
    with pytest.raises(ArbitroError) as refused:
        kind.read_cli(seat, CliSheet(points=("0,dieci,20,30",)), rules)
    assert str(refused.value.article) == "Scala 40 art. 22"


def test_a_row_of_the_wrong_shape_cites_the_games_own_code() -> None:
    """A deal row of three numbers is refused citing the sheet's article of the game's code:
    FIBAS art. 19 for Burraco, Parole UISP art. 5, 12 for Parole (it cited FIBAS's for both:
    issue 30, a code gets its own article)."""
    bad = {"deals": [[0, 0, 0]]}
    with pytest.raises(ArbitroError) as burraco:
        sheet_kind(GameId.BURRACO).parse(bad)
    assert str(burraco.value.article) == "FIBAS art. 19"
    with pytest.raises(ArbitroError) as parole:
        sheet_kind(GameId.PAROLE).parse(bad)
    assert str(parole.value.article) == "Parole UISP art. 5, 12"
    assert parole.value.msg.msgid == burraco.value.msg.msgid
