"""``arbitro vp``: one MP→VP conversion by a code's table (FIBAS art. 20)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import JsonOpt, emit, errors
from arbitro.codes.registry import DEFAULT_CODE
from arbitro.errors import ArbitroError
from arbitro.i18n import _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.tournament import rules
    from arbitro.tournament.scoring import vp as scoring_vp
    from arbitro.tournament.scoring.vp import Number
else:
    # Loaded on first use: the command line's start-up (issue 14).
    rules = lazy_module("arbitro.tournament.rules")
    scoring_vp = lazy_module("arbitro.tournament.scoring.vp")


def register(app: typer.Typer) -> None:
    """Add the ``vp`` command to ``app``."""

    @app.command(
        "vp",
        help=_("Convert an MP difference into VP (e.g. arbitro vp --deals 2 130 → 12-8)."),
        # A negative difference (``-60``) is the argument, not an unknown option: a word that
        # is neither an option nor a number is refused by the conversion's own error.
        context_settings={"ignore_unknown_options": True},
    )
    def vp(
        difference: Annotated[str, typer.Argument(help=_("MP difference (argument)"))],
        code: Annotated[str, typer.Option(help=_("Competition code"))] = DEFAULT_CODE,
        deals: Annotated[int, typer.Option(help=_("Deals per round (1-4)"))] = 2,
        teams: Annotated[bool, typer.Option(help=_("Teams table"))] = False,
        duplicate: Annotated[
            bool, typer.Option(help=_("Duplicate cards: continuous scale"))
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Convert an MP difference into VP by the code's table (FIBAS art. 20)."""
        with errors(json_out):
            if code not in rules.CODES:
                raise ArbitroError(
                    "unknown code «{code}» ({codes})", code=code, codes=", ".join(rules.CODES)
                )
            try:
                diff: Number = Decimal(difference) if duplicate else int(difference)
            except (ValueError, InvalidOperation):
                raise ArbitroError(
                    "«{difference}» is not an MP difference", difference=difference
                ) from None
            table = rules.rules_for(code).vp_table(deals=deals, teams=teams)
            magnitude: Number = -diff if diff < 0 else diff
            # Teams with --duplicate: refused by the conversion itself (art. 20).
            winner, loser = scoring_vp.vp_for_difference(magnitude, table, duplicate=duplicate)
            emit(
                {
                    "code": code,
                    "table": table.label,
                    "difference": str(diff),
                    "winner": winner,
                    "loser": loser,
                },
                f"{winner}-{loser}",
                json_out,
            )
