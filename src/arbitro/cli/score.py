"""``arbitro score``: the hand score of a Burraco position per line (FIBAS art. 19).

Input inline (``--melds "NS: 3H 4H 5H | 7C 7D 7S; EW: AS AD AC"``, ``--hands``, ``--closed``,
``--no-pozzetto``, ``--unplayed``) or as a JSON file (``--file``)::

    {"NS": {"melds": ["3H 4H 5H 6H 7H 8H 9H"], "hands": ["KS", "3D 4D"],
            "pozzetto": "taken", "closed": true},
     "EW": {"melds": ["AS AD AC"], "hands": ["JK"], "pozzetto": "not_taken"}}

``pozzetto`` is ``taken`` (default), ``not_taken`` or ``not_played`` (then ``unplayed`` holds the
pozzetto's cards). Output: a table, or JSON with ``--json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.citing import code_citing
from arbitro.cli.common import by_line, cited, emit, errors, groups, malformed, read_json_object
from arbitro.cli.render import BASE_ROWS, TOTAL_ROWS, score_table_text
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, message
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import cards
    from arbitro.cli.render import ScoreRow
    from arbitro.games import burraco
else:
    # Loaded on first use: the command line's start-up (issue 14).
    cards = lazy_module("arbitro.cards")
    burraco = lazy_module("arbitro.games.burraco")


HELP = cited(
    N_("Score a Burraco deal per line ({article}): base (burraco and closing) and card points."),
    code_citing("scoring"),
    "scoring",
)
BAD_INPUT = "cli.score.bad_input"


def _by_line(text: str | None, what: str) -> dict[burraco.Line, str]:
    return by_line(text, burraco.Line, what, '"NS: 3H 4H 5H; EW: AS AD AC"', BAD_INPUT)


def _position(data: Any, line: burraco.Line) -> burraco.LinePosition:
    if not isinstance(data, dict):
        raise ArbitroError("{line}: an object is needed", line=line.value, key=BAD_INPUT)
    pozzetto = str(data.get("pozzetto", "taken"))
    if pozzetto not in ("taken", "not_taken", "not_played"):
        raise ArbitroError(
            "{line}: pozzetto must be taken, not_taken or not_played ({value})",
            line=line.value,
            value=repr(pozzetto),
            key=BAD_INPUT,
        )
    melds = data.get("melds", [])
    hands = data.get("hands", [])
    if isinstance(melds, str) or isinstance(hands, str):
        raise ArbitroError(
            "{line}: melds and hands are lists of strings", line=line.value, key=BAD_INPUT
        )
    return burraco.LinePosition(
        melds=tuple(burraco.parse_meld(str(m)) for m in melds),
        hands=tuple(cards.parse_cards(str(h)) for h in hands),
        pozzetto_taken=pozzetto != "not_taken",
        unplayed_pozzetto=cards.parse_cards(str(data.get("unplayed", ""))),
        closed=bool(data.get("closed", False)),
    )


SCORE_ROWS: tuple[ScoreRow, ...] = (
    *BASE_ROWS,
    (message("cards melded"), lambda s: s.melded),
    (message("cards in hand"), lambda s: s.in_hand),
    (message("pozzetto"), lambda s: s.pozzetto),
    *TOTAL_ROWS,
)


def register(app: typer.Typer) -> None:
    """Add the ``score`` command to ``app``."""

    @app.command("score", help=HELP)
    def score(
        melds: Annotated[
            str | None,
            typer.Option(
                help=_('Melds per line, separated by "|": "NS: 3H 4H 5H | 7C 7D 7S; EW: ..."')
            ),
        ] = None,
        hands: Annotated[
            str | None,
            typer.Option(help=_('Cards left in hand per player: "NS: KS 3D | 5C; EW: JK"')),
        ] = None,
        closed: Annotated[
            str | None, typer.Option(help=_("The line that closed (NS or EW)"))
        ] = None,
        no_pozzetto: Annotated[
            list[str] | None,
            typer.Option(
                "--no-pozzetto", help=_("A line that did not take its pozzetto (repeatable)")
            ),
        ] = None,
        unplayed: Annotated[
            str | None,
            typer.Option(help=_('Pozzetto taken and not played: "EW: AH 2S ..."')),
        ] = None,
        file: Annotated[
            Path | None, typer.Option(help=_("The position as JSON (see the documentation)"))
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=_("Output as JSON."))] = False,
    ) -> None:
        """Score a Burraco deal per line (FIBAS art. 19), inline or from a JSON file."""
        with errors(as_json):
            if file is not None:
                data = read_json_object(file, BAD_INPUT)
                with malformed(str(file)):
                    positions = {
                        burraco.Line(k): _position(v, burraco.Line(k))
                        for k, v in data.items()
                        if k in ("NS", "EW")
                    }
            else:
                m, h, u = (
                    _by_line(melds, "--melds"),
                    _by_line(hands, "--hands"),
                    _by_line(unplayed, "--unplayed"),
                )
                off = {x.strip().upper() for x in no_pozzetto or []}
                closer = (closed or "").strip().upper()
                positions = {}
                for line in (burraco.Line.NS, burraco.Line.EW):
                    state = "not_taken" if line.value in off else "taken"
                    positions[line] = _position(
                        {
                            "melds": groups(m.get(line, "")),
                            "hands": groups(h.get(line, "")),
                            "pozzetto": state,
                            "unplayed": u.get(line, ""),
                            "closed": closer == line.value,
                        },
                        line,
                    )
            scores = burraco.score_table(positions)
        data = {ln.value: s.as_dict() for ln, s in scores.items()}
        emit(data, score_table_text(scores, SCORE_ROWS, 12), as_json)
