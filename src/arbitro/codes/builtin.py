"""The built-in competition codes' specs (issue 30), read by :mod:`arbitro.codes.registry`.

A spec is light: names, files and the module that builds its rules, imported when an event
first asks for them; a command that cites one article or lists the codes loads no code's module
(issue 14: ``arbitro --help`` and ``arbitro vp`` start as fast as before the registry)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import CodeSpec, Command, EventKind
from arbitro.i18n import N_, Message

if TYPE_CHECKING:
    from arbitro.codes.event_rules import EventRules

_HERE = Path(__file__).parent
_CATALOGUE = _HERE / "catalogue"


def rules_of(module: str) -> Callable[[], EventRules]:
    """The ``event_rules()`` of the code's ``module``, imported when first called."""

    def build() -> EventRules:
        made: EventRules = importlib.import_module(module).event_rules()
        return made

    return build


# The sheet of two lines, shared by the games of lines (tournament.sheets.lines_sheet).
LINES_SHEET = "arbitro.tournament.sheets:lines_sheet"

FIBAS = CodeSpec(
    id=CodeId.BURRACO_FIBAS,
    game=GameId.BURRACO,
    events=EventKind.ROUNDS,
    name=Message("Burraco — FIBAS competition code"),
    short_name="FIBAS",
    data=_HERE / "burraco_fibas.toml",
    catalogue=_CATALOGUE / "burraco-fibas.json",
    aliases=("fibas", "burraco"),
    search_words="burraco fibas",
    rules=rules_of("arbitro.codes.burraco_fibas"),
    sheet=LINES_SHEET,  # two lines' base and points (art. 19-20)
    sheet_options=("--deal", "--closed"),  # a team match's closed room too
    commands=(
        Command(
            "codes.burraco",
            "score",
            N_(
                "Score a Burraco deal per line ({article}): base (burraco and closing) and card "
                "points."
            ),
            topic="scoring",
        ),
        Command("codes.burraco", "replay", N_("Replay a deal in arbiter mode."), within="arbiter"),
        Command(
            "codes.burraco",
            "apply",
            N_(
                "Carry a deal's warnings ({warnings}) into the event and give its sheet row "
                "({sheet})."
            ),
            within="arbiter",
        ),
    ),
    prepared_board="arbitro.games.prepared_deals:Board.burraco",
    arbiter="arbitro.games.burraco.arbiter.code_arbiter",
    digital="arbitro.games.burraco.digital",
    boards="arbitro.games.burraco.boards",  # carte uguali, art. 6, 7, 20
    bot_deal="arbitro.games.burraco.sheet_check:played_scores",  # the demo's rows, art. 19
)
PAROLE = CodeSpec(
    id=CodeId.BURRACO_PAROLE,
    game=GameId.PAROLE,
    events=EventKind.ROUNDS,
    name=Message("Burraco Parole — UISP competition code"),
    short_name="Parole UISP",
    data=_HERE / "burraco_parole.toml",
    catalogue=_CATALOGUE / "burraco-parole-uisp.json",
    aliases=("parole", "uisp", "burraco-parole"),
    search_words="burraco parole uisp",
    rules=rules_of("arbitro.codes.burraco_parole"),
    sheet=LINES_SHEET,  # two lines' base and points (art. 12)
    sheet_options=("--deal",),
    commands=(
        Command(
            "codes.parole", "parole", N_("Burraco Parole (UISP): words, wilds, score."), group=True
        ),
        Command(
            "codes.parole",
            "report",
            N_("The arbiter's reports, one per player ({article})."),
            topic="arbiter_report",
            within="arbiter",
        ),
    ),
    arbiter="arbitro.games.parole.code_arbiter",
    digital="arbitro.games.parole.digital",
)
SCALA40 = CodeSpec(
    id=CodeId.SCALA40,
    game=GameId.SCALA40,
    events=EventKind.ROUNDS,
    name=Message("Scala 40 — competition code"),
    short_name="Scala 40",
    data=_HERE / "scala40.toml",
    catalogue=_CATALOGUE / "scala40.json",
    aliases=("scala-40", "scala"),
    search_words="scala 40 scala40",
    rules=rules_of("arbitro.codes.scala40"),
    sheet="arbitro.codes.scala40_sheet_kind:individuals_sheet",  # negative points (art. 22)
    sheet_options=("--points", "--abandoned", "--swap"),  # art. 22, 25, 24
    # Tables of four individuals (art. 2), five rounds of five deals (art. 5).
    desk_defaults={"format": "individual", "rounds": "5", "deals": "5"},
    desk_formats=("individual",),
    desk_hint=N_("Scala 40: individual, 5 deals a round, tables of four players ({article})."),
    desk_hint_topic="table_size",
    commands=(
        Command(
            "codes.scala40",
            "scala40",
            N_("Scala 40: opening solver and table scores."),
            group=True,
        ),
    ),
    arbiter="arbitro.games.scala40.arbiter",
    digital="arbitro.games.scala40.digital",
)
BRISCOLA = CodeSpec(
    id=CodeId.BRISCOLA,
    game=GameId.BRISCOLA,
    events=EventKind.KNOCKOUT,
    name=Message("Briscola — competition rules"),
    short_name="Briscola",
    data=_HERE / "briscola.toml",
    catalogue=_CATALOGUE / "briscola.json",
    search_words="briscola",
    deck="italian",  # art. 3: the 40 cards of an Italian deck
    # Played by knockout (art. 9): the desk's new-event form leads to the knockouts' own.
    desk_hint=N_("Briscola is played by knockout: create it from «Knockout events»"),
    desk_option=N_("Briscola — knockout"),
    commands=(
        Command(
            "codes.briscola", "briscola", N_("Briscola: games and knockout bracket."), group=True
        ),
    ),
    arbiter="arbitro.games.briscola.arbiter",
    knockout="arbitro.codes.briscola",
    digital="arbitro.games.briscola.digital",
)
# Bridge Law 13 (wrong number of cards in a board, seed 003): a law without events of its own,
# read by the prepared-deal events of the other codes (arbitro.games.prepared_deals).
BRIDGE_LAW_13 = CodeSpec(
    id=CodeId.BRIDGE_LAW_13,
    game="bridge",
    events=EventKind.NONE,
    name=Message("Bridge — Law 13, wrong number of cards"),
    short_name="Bridge",
    data=_HERE / "bridge_law_13.toml",
    catalogue=_CATALOGUE / "bridge-law-13.json",
    aliases=("bridge", "bridge-13"),
    search_words="bridge",
    arbiter="arbitro.games.law13_arbiter",
)

# The built-in codes, one line each, in the order every list shows them (the catalogue's too).
SPECS: tuple[CodeSpec, ...] = (
    FIBAS,
    PAROLE,
    SCALA40,
    BRISCOLA,
    BRIDGE_LAW_13,
)

# What a record written before its field existed says (an old event file imports exactly as it
# always did): an event of rounds without "code" and "game" played FIBAS's Burraco, a knockout
# without them Briscola, a board's ruling without "code" applied Bridge Law 13. The records'
# defaults read them here, so that shared code names no code (issue 30).
FORMER_ROUNDS_CODE: Final = CodeId.BURRACO_FIBAS
FORMER_ROUNDS_GAME: Final = GameId.BURRACO
FORMER_KNOCKOUT_CODE: Final = CodeId.BRISCOLA
FORMER_KNOCKOUT_GAME: Final = GameId.BRISCOLA
FORMER_RULING_CODE: Final = CodeId.BRIDGE_LAW_13
