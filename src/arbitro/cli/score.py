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

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.cards import parse_cards
from arbitro.cli.render import ScoreRow, score_table_text
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, LinePosition, LineScore, parse_meld, score_table

HELP = (
    "Calcola il punteggio di una smazzata di Burraco per linea (art. 19 FIBAS): base "
    "(burraco e chiusura) e punti carte. / Score a Burraco deal per line (FIBAS art. 19)."
)


def _bad(it: str, en: str) -> ArbitroError:
    return ArbitroError(it=it, en=en, key="cli.score.bad_input")


def _by_line(text: str | None, what: str) -> dict[Line, str]:
    """Split ``"NS: ...; EW: ..."`` into the text of each line."""
    out: dict[Line, str] = {}
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        head, sep, body = part.partition(":")
        try:
            line = Line(head.strip().upper())
        except ValueError:
            line = None
        if not sep or line is None:
            raise _bad(
                f'{what}: indicare la linea, es. "NS: 3H 4H 5H; EW: AS AD AC" (trovato {part!r})',
                f'{what}: name the line, e.g. "NS: 3H 4H 5H; EW: AS AD AC" (got {part!r})',
            )
        out[line] = body
    return out


def _groups(text: str) -> list[str]:
    return [g for g in (x.strip() for x in text.split("|")) if g]


def _position(data: dict[str, Any], line: Line) -> LinePosition:
    pozzetto = str(data.get("pozzetto", "taken"))
    if pozzetto not in ("taken", "not_taken", "not_played"):
        raise _bad(
            f"{line.value}: pozzetto deve essere taken, not_taken o not_played ({pozzetto!r})",
            f"{line.value}: pozzetto must be taken, not_taken or not_played ({pozzetto!r})",
        )
    melds = data.get("melds", [])
    hands = data.get("hands", [])
    if isinstance(melds, str) or isinstance(hands, str):
        raise _bad(
            f"{line.value}: melds e hands sono liste di stringhe",
            f"{line.value}: melds and hands are lists of strings",
        )
    return LinePosition(
        melds=tuple(parse_meld(str(m)) for m in melds),
        hands=tuple(parse_cards(str(h)) for h in hands),
        pozzetto_taken=pozzetto != "not_taken",
        unplayed_pozzetto=parse_cards(str(data.get("unplayed", ""))),
        closed=bool(data.get("closed", False)),
    )


SCORE_ROWS: list[ScoreRow] = [
    ("burrachi", "burraco", lambda s: " ".join(b.italian for b in s.burrachi) or "-"),
    ("bonus burrachi", "burraco bonus", lambda s: s.burraco_bonus),
    ("chiusura", "closing", lambda s: s.closing_bonus),
    ("BASE", "BASE", lambda s: s.base),
    ("carte calate", "cards melded", lambda s: s.melded),
    ("carte in mano", "cards in hand", lambda s: s.in_hand),
    ("pozzetto", "pozzetto", lambda s: s.pozzetto),
    ("PUNTI", "POINTS", lambda s: s.points),
    ("TOTALE", "TOTAL", lambda s: s.total),
]


def _table(scores: dict[Line, LineScore]) -> str:
    return score_table_text(scores, SCORE_ROWS, 12)


def register(app: typer.Typer) -> None:
    """Add the ``score`` command to ``app``."""

    @app.command("score", help=HELP)
    def score(
        melds: Annotated[
            str | None,
            typer.Option(
                help='Giochi per linea, separati da "|": "NS: 3H 4H 5H | 7C 7D 7S; EW: ..."'
            ),
        ] = None,
        hands: Annotated[
            str | None,
            typer.Option(help='Carte rimaste in mano per giocatore: "NS: KS 3D | 5C; EW: JK"'),
        ] = None,
        closed: Annotated[
            str | None, typer.Option(help="Linea che ha chiuso (NS o EW) / closing line")
        ] = None,
        no_pozzetto: Annotated[
            list[str] | None,
            typer.Option("--no-pozzetto", help="Linea che non ha preso il pozzetto (ripetibile)"),
        ] = None,
        unplayed: Annotated[
            str | None,
            typer.Option(help='Pozzetto preso e non giocato: "EW: AH 2S ..." / unplayed pozzetto'),
        ] = None,
        file: Annotated[
            Path | None, typer.Option(help="Posizione in JSON (vedi documentazione) / JSON file")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Risultato in JSON")] = False,
    ) -> None:
        try:
            if file is not None:
                try:
                    data = json.loads(file.read_text("utf-8"))
                except (OSError, json.JSONDecodeError) as err:
                    raise _bad(f"file non leggibile: {err}", f"unreadable file: {err}") from err
                if not isinstance(data, dict):
                    raise _bad("il JSON deve essere un oggetto", "the JSON must be an object")
                positions = {
                    Line(k): _position(v, Line(k)) for k, v in data.items() if k in ("NS", "EW")
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
                for line in (Line.NS, Line.EW):
                    state = "not_taken" if line.value in off else "taken"
                    positions[line] = _position(
                        {
                            "melds": _groups(m.get(line, "")),
                            "hands": _groups(h.get(line, "")),
                            "pozzetto": state,
                            "unplayed": u.get(line, ""),
                            "closed": closer == line.value,
                        },
                        line,
                    )
            scores = score_table(positions)
        except ArbitroError as err:
            typer.echo(err.message(), err=True)
            raise typer.Exit(2) from err
        if as_json:
            typer.echo(json.dumps({ln.value: s.as_dict() for ln, s in scores.items()}, indent=1))
        else:
            typer.echo(_table(scores))
