"""Burraco's own terminal commands (the FIBAS code's, named by its spec's ``commands``):
``arbitro score`` and, in the arbiter's group, ``arbitro arbiter replay`` and ``apply``.

``arbitro score``: the hand score of a Burraco position per line (FIBAS art. 19).

Input inline (``--melds "NS: 3H 4H 5H | 7C 7D 7S; EW: AS AD AC"``, ``--hands``, ``--closed``,
``--no-pozzetto``, ``--unplayed``) or as a JSON file (``--file``)::

    {"NS": {"melds": ["3H 4H 5H 6H 7H 8H 9H"], "hands": ["KS", "3D 4D"],
            "pozzetto": "taken", "closed": true},
     "EW": {"melds": ["AS AD AC"], "hands": ["JK"], "pozzetto": "not_taken"}}

``pozzetto`` is ``taken`` (default), ``not_taken`` or ``not_played`` (then ``unplayed`` holds the
pozzetto's cards). Output: a table, or JSON with ``--json``.

``arbitro arbiter replay FILE``: a deal in arbiter mode from a JSON file (a position string, a
layout or a seed, and the script of actions and rulings, see
:mod:`arbitro.games.burraco.arbiter.script`): prints each ruling, the position string
(docs/notation-burraco.md) and the scores; ``arbitro arbiter apply FILE --event E --round R
--table T`` carries the deal's warnings into the event and gives its sheet row (FIBAS art. 19,
22).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.citing import code_citing
from arbitro.cli.common import (
    by_line,
    cited,
    emit,
    errors,
    groups,
    malformed,
    read_json_object,
    service,
)
from arbitro.cli.render import TOTAL_ROWS, score_table_text
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, message, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import json
    import random

    from arbitro import cards
    from arbitro.cli.render import ScoreRow
    from arbitro.games import burraco
    from arbitro.games.burraco import arbiter as burraco_arbiter
    from arbitro.games.burraco.arbiter import ArbiterDeal
    from arbitro.services import arbiter_deal as services_arbiter_deal
else:
    # Loaded on first use: the command line's start-up (issue 14; the arbiter's replay and
    # apply read JSON and draw a seed's deal, ``arbitro score`` neither).
    json = lazy_module("json")
    random = lazy_module("random")
    cards = lazy_module("arbitro.cards")
    burraco = lazy_module("arbitro.games.burraco")
    burraco_arbiter = lazy_module("arbitro.games.burraco.arbiter")
    services_arbiter_deal = lazy_module("arbitro.services.arbiter_deal")

JsonFlag = Annotated[bool, typer.Option("--json", help=_("Output as JSON."))]


def _burrachi(score: Any) -> str:
    return " ".join(render(b.label) for b in score.burrachi) or "-"


BASE_ROWS: tuple[ScoreRow, ...] = (
    (message("burraco"), _burrachi),
    (message("burraco bonus"), lambda s: s.burraco_bonus),
    (message("closing"), lambda s: s.closing_bonus),
    (message("BASE"), lambda s: s.base),
)
"""The first rows of a Burraco or Burraco Parole score table: the burrachi, their bonus, the
closing bonus, the base (FIBAS art. 19; Parole arts. 5-6)."""


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


def _deal(data: dict[str, Any]) -> ArbiterDeal:
    """The deal of an arbiter-mode file: its position, its layout or a seed (FIBAS
    Section C)."""
    if "position" in data:
        return burraco_arbiter.ArbiterDeal.from_position(str(data["position"]))
    if "layout" in data:
        return burraco_arbiter.deal_from_layout(data["layout"])
    return burraco_arbiter.ArbiterDeal.shuffled(random.Random(int(data.get("seed", 0))))


def _state_json(d: ArbiterDeal) -> dict[str, Any]:
    """The deal's state for ``--json``: its position string (``ArbiterDeal.from_position``
    reads it back; docs/notation-burraco.md), how it stands, the scores (art. 19)."""
    return {
        "position": str(d),
        "over": d.is_over,
        "end": d.end_reason.value if d.end_reason else None,
        "next_to_act": d.next_to_act.value if d.next_to_act else None,
        "scores": {ln.value: s.as_dict() for ln, s in d.scores().items()},
        "totals": {ln.value: v for ln, v in d.totals().items()},
    }


def _state_text(d: ArbiterDeal) -> str:
    """The deal's state as text: who acts next, the position string, the totals."""
    st = _state_json(d)
    return "\n".join(
        [
            _("Next to act: {seat}", seat=st["next_to_act"] or "—"),
            _("Position: {position}", position=st["position"]),
            _("Totals: {totals}", totals=", ".join(f"{k} {v}" for k, v in st["totals"].items())),
        ]
    )


def register_arbiter(group: typer.Typer) -> None:
    """Add Burraco's arbiter-mode commands (``replay``, ``apply``: FIBAS Section C, art. 19,
    22) to the ``arbiter`` command group."""

    @group.command("replay", help=_("Replay a deal in arbiter mode."))
    def replay(
        file: Annotated[
            Path, typer.Argument(help=_("JSON: a position, a layout or a seed, and the script"))
        ],
        as_json: JsonFlag = False,
    ) -> None:
        """Replay a deal in arbiter mode from a JSON file: each ruling, the position, the
        scores (FIBAS Section C)."""

        with errors(as_json):
            data = read_json_object(file)
            with malformed(str(file)):
                d = _deal(data)
                results = burraco_arbiter.run_script(d, data.get("script", []))
        rulings = [r for r in results if isinstance(r, burraco_arbiter.Ruling)]
        out = {
            "rulings": [r.as_dict() for r in rulings],
            "state": _state_json(d),
            "script": d.script(),
        }
        lines = [
            f"[{render(r.citation)}] {r.offender.value if r.offender else '-'}: {render(r.text)}"
            for r in rulings
        ]
        emit(out, "\n".join([*lines, _state_text(d)]), as_json)

    @group.command(
        "apply",
        help=_(
            "Carry a deal's warnings ({warnings}) into the event and give its sheet row ({sheet}).",
            warnings=cite(CodeId.BURRACO_FIBAS, "arbiter"),
            sheet=cite(CodeId.BURRACO_FIBAS, "sheet"),
        ),
    )
    def apply(
        file: Annotated[
            Path, typer.Argument(help=_("JSON: a position, a layout or a seed, and the script"))
        ],
        event_id: Annotated[str, typer.Option("--event", help=_("Event id"))],
        round_number: Annotated[int, typer.Option("--round", help=_("Round"))],
        table: Annotated[int, typer.Option("--table", help=_("Table"))],
        as_json: JsonFlag = False,
    ) -> None:
        """Carry a deal's warnings into the event and give its sheet row (FIBAS art. 19, 22)."""

        with errors(as_json):
            data = read_json_object(file)
            with malformed(str(file)):
                d = _deal(data)
                burraco_arbiter.run_script(d, data.get("script", []))
            row = services_arbiter_deal.carry_into_event(
                service(), event_id, round_number, table, d
            )
        out = {"row": row.to_list(), "warnings": [[s.value, a, r] for s, a, r in d.warnings]}
        typer.echo(
            json.dumps(out, ensure_ascii=False)
            if as_json
            else _("Sheet row: {row}", row=",".join(map(str, row.to_list())))
        )
