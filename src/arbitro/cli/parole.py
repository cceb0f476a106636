"""``arbitro parole``: Burraco Parole from the command line (UISP code).

- ``parole check WORD...``: is each word allowed (art. 4.1)? with the reason;
- ``parole wild CARDS``: the letters a wild can stand for (``CA?A``, art. 4.4);
- ``parole score``: a deal's score per line (arts. 5-6), inline or from a JSON file::

    arbitro parole score --words "NS: CASSATA | RE?; EW: CANE" --hands "NS: ; EW: QZ | !" \\
        --closed NS --penalized "EW: H" --json

  JSON file: ``{"NS": {"words": ["CASSATA"], "hands": ["", "Q"], "closed": true,
  "penalized": "H", "frozen": ""}, "EW": {...}}``;
- ``parole deal --seed N``: a whole deal played by bots, as a replayable JSON record.

``--approve``/``--reject`` add the event's language judge's lists (art. 2). Every command
prints text, or JSON with ``--json``; bad input exits with status 2 and a message naming the
article.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.cli.render import ScoreRow, score_table_text
from arbitro.errors import ArbitroError
from arbitro.games.parole import (
    Deal,
    DealRecord,
    GreedyBot,
    Line,
    LinePosition,
    LineScore,
    RandomBot,
    Seat,
    italian,
    parse_cards,
    parse_word,
    play_deal,
    readings,
    score_table,
)
from arbitro.games.parole.dictionary import Dictionary

HELP = "Burraco Parole (UISP): parole, matte, punteggio. / words, wilds, score."
ApproveOpt = Annotated[
    list[str] | None,
    typer.Option("--approve", help="Parola approvata dal giudice di lingua (art. 2), ripetibile"),
]
RejectOpt = Annotated[
    list[str] | None,
    typer.Option("--reject", help="Parola respinta dal giudice di lingua (art. 2), ripetibile"),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Risultato in JSON / JSON output")]


def _bad(it: str, en: str) -> ArbitroError:
    return ArbitroError(it=it, en=en, key="cli.parole.bad_input")


@contextmanager
def _errors(as_json: bool) -> Iterator[None]:
    try:
        yield
    except ArbitroError as err:
        if as_json:
            payload = {"error": {"it": err.it, "en": err.en, "article": err.article}}
            typer.echo(json.dumps(payload, ensure_ascii=False))
        else:
            typer.echo(err.message(), err=True)
        raise typer.Exit(2) from err


def _dictionary(approve: list[str] | None, reject: list[str] | None) -> Dictionary:
    if not approve and not reject:
        return italian()
    return italian().with_lists(approve or (), reject or ())


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
                f'{what}: indicare la linea, es. "NS: CASA | CANE; EW: RE?" (trovato {part!r})',
                f'{what}: name the line, e.g. "NS: CASA | CANE; EW: RE?" (got {part!r})',
            )
        out[line] = body
    return out


def _groups(text: str) -> list[str]:
    return [g for g in (x.strip() for x in text.split("|")) if g]


def _strings(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise _bad(f"{what}: serve una lista di stringhe", f"{what}: a list of strings is needed")
    return list(value)


def _position(data: dict[str, Any], line: Line, lexicon: Dictionary) -> LinePosition:
    if not isinstance(data, dict):
        raise _bad(f"{line.value}: serve un oggetto", f"{line.value}: an object is needed")
    return LinePosition(
        words=tuple(parse_word(w, lexicon) for w in _strings(data.get("words"), "words")),
        hands=tuple(parse_cards(h) for h in _strings(data.get("hands"), "hands")),
        penalized=parse_cards(str(data.get("penalized", ""))),
        frozen=parse_cards(str(data.get("frozen", ""))),
        closed=bool(data.get("closed", False)),
    )


SCORE_ROWS: list[ScoreRow] = [
    ("burrachi", "burraco", lambda s: " ".join(b.italian for b in s.burrachi) or "-"),
    ("bonus burrachi", "burraco bonus", lambda s: s.burraco_bonus),
    ("chiusura", "closing", lambda s: s.closing_bonus),
    ("BASE", "BASE", lambda s: s.base),
    ("carte giocate", "cards played", lambda s: s.melded),
    ("carte in mano", "cards in hand", lambda s: s.in_hand),
    ("penalizzate", "penalized", lambda s: s.penalized),
    ("congelate", "frozen", lambda s: s.frozen),
    ("PUNTI", "POINTS", lambda s: s.points),
    ("TOTALE", "TOTAL", lambda s: s.total),
]


def _table(scores: dict[Line, LineScore]) -> str:
    return score_table_text(scores, SCORE_ROWS, 10)


def register(app: typer.Typer) -> None:
    """Add the ``parole`` command group (check, wild, score, deal) to ``app``."""
    group = typer.Typer(help=HELP, no_args_is_help=True)
    app.add_typer(group, name="parole")

    @group.command("check")
    def check(
        words: Annotated[list[str], typer.Argument(help="Parole da controllare / words")],
        approve: ApproveOpt = None,
        reject: RejectOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Controlla le parole (art. 4.1) / check words: valid or not, and why."""
        with _errors(as_json):
            lexicon = _dictionary(approve, reject)
            verdicts = [lexicon.check(w) for w in words]
        if as_json:
            typer.echo(json.dumps([v.as_dict() for v in verdicts], ensure_ascii=False, indent=1))
        else:
            for v in verdicts:
                mark = "SÌ" if v.valid else "NO"
                typer.echo(f"{v.word.upper():<16} {mark:<3} {v.reason.italian} (art. {v.article})")
        if not all(v.valid for v in verdicts):
            raise typer.Exit(1)

    @group.command("wild")
    def wild(
        cards: Annotated[str, typer.Argument(help="Parola con una matta, es. CA?A o CAN!")],
        approve: ApproveOpt = None,
        reject: RejectOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Le lettere che la matta può sostituire (art. 4.4) / the letters a wild stands for."""
        with _errors(as_json):
            found = readings(parse_cards(cards), _dictionary(approve, reject))
        if as_json:
            typer.echo(json.dumps({"cards": cards.upper(), "readings": list(found)}))
        else:
            typer.echo(" ".join(found) if found else "nessuna parola / no word")
        if not found:
            raise typer.Exit(1)

    @group.command("score")
    def score(
        words: Annotated[
            str | None, typer.Option(help='Parole per linea: "NS: CASSATA | RE?; EW: CANE"')
        ] = None,
        hands: Annotated[
            str | None, typer.Option(help='Carte in mano per giocatore: "NS: QZ | A; EW: !"')
        ] = None,
        closed: Annotated[str | None, typer.Option(help="Linea che ha chiuso (NS o EW)")] = None,
        penalized: Annotated[
            str | None, typer.Option(help='Carte penalizzate (art. 10.8): "EW: H"')
        ] = None,
        frozen: Annotated[
            str | None, typer.Option(help='Carte congelate, contate in negativo: "NS: CANE"')
        ] = None,
        file: Annotated[Path | None, typer.Option(help="Posizione in JSON / JSON file")] = None,
        approve: ApproveOpt = None,
        reject: RejectOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Punteggio di una smazzata per linea (artt. 5-6) / a deal's score per line."""
        with _errors(as_json):
            lexicon = _dictionary(approve, reject)
            if file is not None:
                try:
                    data = json.loads(file.read_text("utf-8"))
                except (OSError, json.JSONDecodeError) as err:
                    raise _bad(f"file non leggibile: {err}", f"unreadable file: {err}") from err
                if not isinstance(data, dict):
                    raise _bad("il JSON deve essere un oggetto", "the JSON must be an object")
                positions = {
                    ln: _position(data[ln.value], ln, lexicon)
                    for ln in (Line.NS, Line.EW)
                    if ln.value in data
                }
            else:
                w, h = _by_line(words, "--words"), _by_line(hands, "--hands")
                p, f = _by_line(penalized, "--penalized"), _by_line(frozen, "--frozen")
                closer = (closed or "").strip().upper()
                if closer and closer not in ("NS", "EW"):
                    raise _bad("--closed: NS o EW", "--closed: NS or EW")
                positions = {
                    ln: _position(
                        {
                            "words": _groups(w.get(ln, "")),
                            "hands": _groups(h.get(ln, "")),
                            "penalized": p.get(ln, ""),
                            "frozen": f.get(ln, ""),
                            "closed": closer == ln.value,
                        },
                        ln,
                        lexicon,
                    )
                    for ln in (Line.NS, Line.EW)
                }
            scores = score_table(positions)
        if as_json:
            out = {ln.value: s.as_dict() for ln, s in scores.items()}
            for ln, pos in positions.items():
                out[ln.value]["words"] = [w.spelling for w in pos.words]
            typer.echo(json.dumps(out, ensure_ascii=False, indent=1))
        else:
            typer.echo(_table(scores))

    @group.command("deal")
    def deal(
        seed: Annotated[int, typer.Option(help="Seme del mescolamento / shuffle seed")] = 1,
        bots: Annotated[str, typer.Option(help="greedy | random")] = "greedy",
        dealer: Annotated[str, typer.Option(help="Mazziere N, E, S, W")] = "N",
        as_json: JsonOpt = False,
    ) -> None:
        """Una smazzata giocata dai bot (registrazione JSON) / a whole deal played by bots."""
        with _errors(as_json):
            if bots not in ("greedy", "random"):
                raise _bad("--bots: greedy o random", "--bots: greedy or random")
            try:
                seat = Seat(dealer.strip().upper())
            except ValueError as err:
                raise _bad("--dealer: N, E, S o W", "--dealer: N, E, S or W") from err
            rng = random.Random(seed)
            bot = GreedyBot() if bots == "greedy" else RandomBot()
            played = play_deal(Deal.shuffled(rng, seat), [bot] * 4, rng)
            record = DealRecord.from_deal(played)
        if as_json:
            typer.echo(record.to_json())
        else:
            for s, m in record.moves:
                typer.echo(f"{s.value} {m}")
            typer.echo(_table(played.scores()))


__all__ = ["register"]
