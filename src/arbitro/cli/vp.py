"""``arbitro vp``: one MP→VP conversion by a code's table (FIBAS art. 20)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Annotated

import typer

from arbitro.cli.common import JsonOpt, emit, errors
from arbitro.errors import ArbitroError
from arbitro.tournament.rules import CODES, rules_for
from arbitro.tournament.scoring.vp import Number, vp_for_difference


def register(app: typer.Typer) -> None:
    """Add the ``vp`` command to ``app``."""

    @app.command("vp")
    def vp(
        difference: Annotated[str, typer.Argument(help="Differenza di M.P. / MP difference")],
        code: Annotated[
            str, typer.Option(help="Codice di gara / competition code")
        ] = "burraco-fibas",
        deals: Annotated[int, typer.Option(help="Smazzate del turno (1-4) / deals per round")] = 2,
        teams: Annotated[bool, typer.Option(help="Tabella a squadre / teams table")] = False,
        duplicate: Annotated[
            bool, typer.Option(help="Carte uguali: scala continua / duplicate scale")
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Converti una differenza di M.P. in V.P. (es. ``arbitro vp --deals 2 130`` → 12-8)."""
        with errors(json_out):
            if code not in CODES:
                raise ArbitroError(
                    f"codice «{code}» sconosciuto ({', '.join(CODES)})",
                    f"unknown code «{code}» ({', '.join(CODES)})",
                )
            try:
                diff: Number = Decimal(difference) if duplicate else int(difference)
            except (ValueError, InvalidOperation):
                raise ArbitroError(
                    f"«{difference}» non è una differenza di M.P.",
                    f"«{difference}» is not an MP difference",
                ) from None
            table = rules_for(code).vp_table(deals=deals, teams=teams)
            winner, loser = vp_for_difference(abs(diff), table, duplicate=duplicate)
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
