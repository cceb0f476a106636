"""``arbitro scala40``: the Scala 40 opening solver and a table's round score.

- ``arbitro scala40 solve "KH KD KC 5H 6H 7H 2C ..."``: the best opening of 40 (art. 7) in a
  hand of up to 14 cards, or none.
- ``arbitro scala40 score --players "Anna,Bruno,Carla,Dario" --deal "0 10 20 30" --deal ...``
  (or ``--file sheet.json``: ``{"players": [...], "deals": [[...], ...], "abandoned": null}``):
  each player's negative points, place and VP for the round (arts. 22, 25, 26).
- ``arbitro scala40 points "JK AH 5C"``: the negative points of cards left in hand (art. 22).

Every command prints text, or JSON with ``--json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.common import JsonOpt, cited, command_group, emit, errors, malformed, read_json
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, ngettext, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import cards as cards_module
    from arbitro.codes import scala40_scoring as scoring_scala40
    from arbitro.games import scala40
else:
    # Loaded on first use: the command line's start-up (issue 14).
    cards_module = lazy_module("arbitro.cards")
    scala40 = lazy_module("arbitro.games.scala40")
    scoring_scala40 = lazy_module("arbitro.codes.scala40_scoring")

BAD_INPUT = "cli.scala40.bad_input"


def _sheet(
    players: str | None, deals: list[str] | None, file: Path | None, abandoned: str | None
) -> scoring_scala40.ScoreSheet:
    if file is not None:
        data: Any = read_json(file)
        if not isinstance(data, dict) or "players" not in data or "deals" not in data:
            raise ArbitroError(
                "the file is {shape}",
                shape='{"players": [...], "deals": [[...], ...]}',
                key=BAD_INPUT,
            )
        with malformed(str(file)):
            return scoring_scala40.ScoreSheet(
                tuple(str(p) for p in data["players"]),
                tuple(tuple(row) for row in data["deals"]),
                data.get("abandoned"),
            )
    if not players or not deals:
        raise ArbitroError(
            'give --players "A,B,C,D" and one --deal "0 10 20 30" per deal (or --file)',
            key=BAD_INPUT,
        )
    names = tuple(p.strip() for p in players.split(",") if p.strip())
    rows = []
    for text in deals:
        row: list[int | None] = []
        for word in text.replace(",", " ").split():
            if word in ("-", "x"):
                row.append(None)
                continue
            try:
                row.append(int(word))
            except ValueError:
                raise ArbitroError(
                    "not negative points: {word} in {text}",
                    word=repr(word),
                    text=repr(text),
                    key=BAD_INPUT,
                ) from None
        rows.append(tuple(row))
    return scoring_scala40.ScoreSheet(names, tuple(rows), abandoned)


def register(app: typer.Typer) -> None:
    """Add the ``scala40`` command group (``solve``, ``score``, ``points``) to ``app``."""
    sub = command_group(app, "scala40", _("Scala 40: opening solver and table scores."))

    @sub.command(
        "solve",
        help=cited(N_("Find the best opening of 40 ({article})."), CodeId.SCALA40, "opening"),
    )
    def solve(
        hand: Annotated[str, typer.Argument(help=_("Cards in hand, e.g. 'KH KD KC 5H 6H 7H JK'"))],
        min_points: Annotated[
            int | None,
            typer.Option(
                help=cited(N_("Minimum points (default 40, {article})"), CodeId.SCALA40, "opening")
            ),
        ] = None,
        keep: Annotated[int, typer.Option(help=_("Cards to keep"))] = 1,
        json_out: bool = JsonOpt,
    ) -> None:
        """Find the best opening of 40 in a hand (Scala 40 art. 7)."""
        with errors(json_out):
            cards = cards_module.parse_cards(hand)
            if not 1 <= len(cards) <= 14 or sum(c.is_joker for c in cards) > 4:
                raise ArbitroError("a hand has 1 to 14 cards and at most 4 jokers", key=BAD_INPUT)
            found = scala40.best_opening(cards, min_points=min_points, keep=keep)
            if found is None:
                emit(
                    {"hand": cards_module.format_cards(cards), "opening": None},
                    _("No opening."),
                    json_out,
                )
                return
            melds = [str(m) for m in found.melds]
            data = {
                "hand": cards_module.format_cards(cards),
                "opening": {
                    "melds": melds,
                    "points": found.points,
                    "kept": cards_module.format_cards(found.kept),
                    "kept_negative_points": found.kept_points(),
                },
            }
            text = (
                " | ".join(melds)
                + "  "
                + render(
                    ngettext(
                        "({points} point; kept: {kept})",
                        "({points} points; kept: {kept})",
                        found.points,
                        points=found.points,
                        kept=cards_module.format_cards(found.kept),
                    )
                )
            )
            emit(data, text, json_out)

    @sub.command(
        "score",
        help=cited(N_("A table's round score ({article})."), CodeId.SCALA40, "scores"),
    )
    def score(
        players: Annotated[
            str | None,
            typer.Option(help=_("Players, comma-separated")),
        ] = None,
        deal: Annotated[
            list[str] | None,
            typer.Option(help=_("One deal's negative points, per player")),
        ] = None,
        file: Annotated[Path | None, typer.Option(help=_("The sheet as JSON"))] = None,
        abandoned: Annotated[
            str | None,
            typer.Option(
                help=cited(N_("The player who left ({article})"), CodeId.SCALA40, "abandon")
            ),
        ] = None,
        pairwise: Annotated[
            bool,
            typer.Option(help=_("Convert each difference on its own")),
        ] = False,
        deals: Annotated[int | None, typer.Option(help=_("The table for N deals"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """A table's round score: places, differences and VP (Scala 40 art. 22, 25, 26)."""
        with errors(json_out):
            sheet = _sheet(players, deal, file, abandoned)
            reading = (
                scoring_scala40.DifferenceReading.PAIRWISE
                if pairwise
                else scoring_scala40.DifferenceReading.SUMMED
            )
            result = scoring_scala40.score_table(sheet, reading=reading, deals=deals)
            rows = [
                {
                    "player": r.player,
                    "negative_points": r.negative_points,
                    "place": r.place,
                    "placement_vp": r.placement_vp,
                    "difference": r.difference,
                    "difference_vp": r.difference_vp,
                    "vp": r.vp,
                    "note": r.note,
                }
                for r in result.results
            ]
            data = {
                "deals": result.deals,
                "table": result.table_label,
                "reading": result.reading.value,
                "rested_points": result.rested_points,
                "results": rows,
            }
            head = _("player")
            lines = [f"{result.table_label} ({result.reading.value})"]
            lines.append(
                f"{head:<16} {'MP':>5} {'pos':>3} {'VP cl':>5} {'diff':>5} {'VP diff':>7} {'VP':>3}"
            )
            for r in result.results:
                lines.append(
                    f"{r.player:<16} {r.negative_points:>5} {r.place:>3} {r.placement_vp:>5} "
                    f"{r.difference:>5} {r.difference_vp:>7} {r.vp:>3}"
                    + (f"  ({r.note})" if r.note else "")
                )
            emit(data, "\n".join(lines), json_out)

    @sub.command(
        "points",
        help=cited(
            N_("Negative points of the cards in hand ({article})."),
            CodeId.SCALA40,
            "negative_points",
        ),
    )
    def points(
        cards: Annotated[str, typer.Argument(help=_("Cards left in hand"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """The negative points of the cards left in hand (Scala 40 art. 22)."""
        with errors(json_out):
            parsed = cards_module.parse_cards(cards)
            total = scala40.penalty_points(parsed)
            emit(
                {"cards": cards_module.format_cards(parsed), "negative_points": total},
                str(total),
                json_out,
            )
