"""Burraco Parole's own terminal commands (the UISP code's, named by its spec's ``commands``):
``arbitro parole`` and, in the arbiter's group, ``arbitro arbiter report FILE [--out DIR]``, the
arbiter's reports (*referto arbitrale*, Parole art. 14.2), one per player, as text and PDF.

``arbitro parole``: Burraco Parole from the command line (UISP code).

- ``parole check WORD...``: is each word allowed (art. 4.1)? with the reason;
- ``parole wild CARDS``: the letters a wild can stand for (``CA?A``, art. 4.4);
- ``parole score``: a deal's score per line (arts. 5-6), inline or from a JSON file::

    arbitro parole score --words "NS: CASSATA | RE?; EW: CANE" --hands "NS: ; EW: QZ | !" \\
        --closed NS --penalized "EW: H" --json

  JSON file: ``{"NS": {"words": ["CASSATA"], "hands": ["", "Q"], "closed": true,
  "penalized": "H", "frozen": ""}, "EW": {...}}``;
- ``parole deal --seed N``: a whole deal played by bots, as a replayable JSON record.

``--approve``/``--reject`` add the event's language judge's lists (art. 2). Every command
prints text, or JSON with ``--json``; bad input exits with status 1 and a message naming the
article.
"""

from __future__ import annotations

import random
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.codes.burraco import BASE_ROWS
from arbitro.cli.common import (
    by_line,
    cited,
    command_group,
    emit,
    errors,
    groups,
    malformed,
    read_json_object,
)
from arbitro.cli.render import TOTAL_ROWS, score_table_text
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, current_lang, message
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.cli.render import ScoreRow
    from arbitro.games import parole
    from arbitro.games.parole import Line, LineScore
    from arbitro.lexicon import hunspell
    from arbitro.lexicon.hunspell import Dictionary
    from arbitro.printouts import report as printouts_report
    from arbitro.tournament import zone as tournament_zone
else:
    # Loaded on first use: the command line's start-up (issue 14).
    parole = lazy_module("arbitro.games.parole")
    hunspell = lazy_module("arbitro.lexicon.hunspell")
    printouts_report = lazy_module("arbitro.printouts.report")
    tournament_zone = lazy_module("arbitro.tournament.zone")

HELP = _("Burraco Parole (UISP): words, wilds, score.")
ApproveOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--approve",
        help=cited(
            N_("A word approved by the language judge ({article}), repeatable"),
            CodeId.BURRACO_PAROLE,
            "language_judge_lists",
        ),
    ),
]
RejectOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--reject",
        help=cited(
            N_("A word rejected by the language judge ({article}), repeatable"),
            CodeId.BURRACO_PAROLE,
            "language_judge_lists",
        ),
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help=_("Output as JSON."))]
BAD_INPUT = "cli.parole.bad_input"


def _dictionary(approve: list[str] | None, reject: list[str] | None) -> Dictionary:
    if not approve and not reject:
        return hunspell.italian()
    return hunspell.italian().with_lists(approve or (), reject or ())


def _by_line(text: str | None, what: str) -> dict[parole.Line, str]:
    return by_line(text, parole.Line, what, '"NS: CASA | CANE; EW: RE?"', BAD_INPUT)


def _strings(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise ArbitroError("{what}: a list of strings is needed", what=what, key=BAD_INPUT)
    return list(value)


def _position(data: Any, line: Line, lexicon: Dictionary) -> parole.LinePosition:
    if not isinstance(data, dict):
        raise ArbitroError("{line}: an object is needed", line=line.value, key=BAD_INPUT)
    return parole.LinePosition(
        words=tuple(parole.parse_word(w, lexicon) for w in _strings(data.get("words"), "words")),
        hands=tuple(parole.parse_cards(h) for h in _strings(data.get("hands"), "hands")),
        penalized=parole.parse_cards(str(data.get("penalized", ""))),
        frozen=parole.parse_cards(str(data.get("frozen", ""))),
        closed=bool(data.get("closed", False)),
    )


SCORE_ROWS: tuple[ScoreRow, ...] = (
    *BASE_ROWS,
    (message("cards played"), lambda s: s.melded),
    (message("cards in hand"), lambda s: s.in_hand),
    (message("penalized"), lambda s: s.penalized),
    (message("frozen"), lambda s: s.frozen),
    *TOTAL_ROWS,
)


def _table(scores: dict[Line, LineScore]) -> str:
    return score_table_text(scores, SCORE_ROWS, 10)


def register(app: typer.Typer) -> None:
    """Add the ``parole`` command group (check, wild, score, deal) to ``app``."""
    group = command_group(app, "parole", HELP)

    @group.command(
        "check",
        help=cited(
            N_("Check words ({article}): valid or not, and why."),
            CodeId.BURRACO_PAROLE,
            "valid_words",
        ),
    )
    def check(
        words: Annotated[list[str], typer.Argument(help=_("Words to check"))],
        approve: ApproveOpt = None,
        reject: RejectOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Check words (Parole art. 4.1): valid or not, and why; exit status 1 if one is not."""
        with errors(as_json):
            lexicon = _dictionary(approve, reject)
            verdicts = [lexicon.check(w) for w in words]
        yes, no = _("YES"), _("NO")
        lines = [
            f"{v.word.upper():<16} {yes if v.valid else no:<3} "
            + _("{reason} ({article})", reason=v.label, article=v.article)
            for v in verdicts
        ]
        emit([v.as_dict() for v in verdicts], "\n".join(lines), as_json)
        if not all(v.valid for v in verdicts):
            raise typer.Exit(1)

    @group.command(
        "wild",
        help=cited(
            N_("The letters a wild can stand for ({article})."), CodeId.BURRACO_PAROLE, "wilds_only"
        ),
    )
    def wild(
        cards: Annotated[str, typer.Argument(help=_("A word with a wild, e.g. CA?A or CAN!"))],
        approve: ApproveOpt = None,
        reject: RejectOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """The letters a wild can stand for in a word (Parole art. 4.4)."""
        with errors(as_json):
            found = parole.readings(parole.parse_cards(cards), _dictionary(approve, reject))
        data = {"cards": cards.upper(), "readings": list(found)}
        emit(data, " ".join(found) if found else _("no word"), as_json)
        if not found:
            raise typer.Exit(1)

    @group.command(
        "score",
        help=cited(N_("A deal's score per line ({article})."), CodeId.BURRACO_PAROLE, "deal_score"),
    )
    def score(
        words: Annotated[
            str | None, typer.Option(help=_('Words per line: "NS: CASSATA | RE?; EW: CANE"'))
        ] = None,
        hands: Annotated[
            str | None, typer.Option(help=_('Cards in hand per player: "NS: QZ | A; EW: !"'))
        ] = None,
        closed: Annotated[
            str | None, typer.Option(help=_("The line that closed (NS or EW)"))
        ] = None,
        penalized: Annotated[
            str | None,
            typer.Option(
                help=cited(
                    N_('Penalized cards ({article}): "EW: H"'),
                    CodeId.BURRACO_PAROLE,
                    "penalized_cards",
                )
            ),
        ] = None,
        frozen: Annotated[
            str | None, typer.Option(help=_('Frozen cards, counted as negative: "NS: CANE"'))
        ] = None,
        file: Annotated[Path | None, typer.Option(help=_("The position as JSON"))] = None,
        approve: ApproveOpt = None,
        reject: RejectOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """A deal's score per line (Parole art. 5-6), inline or from a JSON file."""
        with errors(as_json):
            lexicon = _dictionary(approve, reject)
            if file is not None:
                data = read_json_object(file, BAD_INPUT)
                with malformed(str(file)):
                    positions = {
                        ln: _position(data[ln.value], ln, lexicon)
                        for ln in (parole.Line.NS, parole.Line.EW)
                        if ln.value in data
                    }
            else:
                w, h = _by_line(words, "--words"), _by_line(hands, "--hands")
                p, f = _by_line(penalized, "--penalized"), _by_line(frozen, "--frozen")
                closer = (closed or "").strip().upper()
                if closer and closer not in ("NS", "EW"):
                    raise ArbitroError("--closed: NS or EW", key=BAD_INPUT)
                positions = {
                    ln: _position(
                        {
                            "words": groups(w.get(ln, "")),
                            "hands": groups(h.get(ln, "")),
                            "penalized": p.get(ln, ""),
                            "frozen": f.get(ln, ""),
                            "closed": closer == ln.value,
                        },
                        ln,
                        lexicon,
                    )
                    for ln in (parole.Line.NS, parole.Line.EW)
                }
            scores = parole.score_table(positions)
        out = {ln.value: s.as_dict() for ln, s in scores.items()}
        for ln, pos in positions.items():
            out[ln.value]["words"] = [w.spelling for w in pos.words]
        emit(out, _table(scores), as_json)

    @group.command("deal", help=_("A whole deal played by the bots (JSON record)."))
    def deal(
        seed: Annotated[int, typer.Option(help=_("Shuffle seed"))] = 1,
        bots: Annotated[str, typer.Option(help="greedy | random")] = "greedy",
        dealer: Annotated[str, typer.Option(help=_("Dealer N, E, S, W"))] = "N",
        as_json: JsonOpt = False,
    ) -> None:
        """A whole deal played by the bots, as a replayable JSON record."""
        with errors(as_json):
            if bots not in ("greedy", "random"):
                raise ArbitroError("--bots: greedy or random", key=BAD_INPUT)
            try:
                seat = parole.Seat(dealer.strip().upper())
            except ValueError as err:
                raise ArbitroError("--dealer: N, E, S or W", key=BAD_INPUT) from err
            rng = random.Random(seed)
            bot = parole.GreedyBot() if bots == "greedy" else parole.RandomBot()
            played = parole.play_deal(
                parole.Deal.shuffled(rng, seat, lexicon=hunspell.italian()), [bot] * 4, rng
            )
            record = parole.DealRecord.from_deal(played)
        if as_json:
            typer.echo(record.to_json())
        else:
            for s, m in record.moves:
                typer.echo(f"{s.value} {m}")
            typer.echo(_table(played.scores()))


def _incident(raw: dict[str, Any]) -> tuple[printouts_report.Person, printouts_report.Incident]:

    def person(p: Any) -> printouts_report.Person:
        if isinstance(p, str):
            return printouts_report.Person(p)
        return printouts_report.Person(
            str(p.get("name", "")), str(p.get("card", "")), str(p.get("role", ""))
        )

    def when(v: Any) -> datetime | None:
        return datetime.fromisoformat(v) if v else None

    occurred = when(raw.get("occurred_at"))
    if occurred is None:
        raise ArbitroError(
            "every incident needs its time (occurred_at)",
            article=cite(CodeId.BURRACO_PAROLE, "arbiter_report"),
            key="report.no_time",
        )
    return person(raw.get("player", "")), printouts_report.Incident(
        occurred_at=occurred,
        called_at=when(raw.get("called_at")),
        reason=str(raw.get("reason", "")),
        intervention=str(raw.get("intervention", "")),
        article=str(raw.get("article", "")),
        sanction=printouts_report.Sanction(raw.get("sanction", "none")),
        table=str(raw.get("table", "")),
        round=raw.get("round"),
        deal=raw.get("deal"),
        present=tuple(person(p) for p in raw.get("present", [])),
        witnesses=tuple(person(p) for p in raw.get("witnesses", [])),
    )


def register_arbiter(group: typer.Typer) -> None:
    """Add Burraco Parole's ``report`` (the arbiter's reports, Parole art. 14.2) to the
    ``arbiter`` command group."""

    @group.command(
        "report",
        help=cited(
            N_("The arbiter's reports, one per player ({article})."),
            CodeId.BURRACO_PAROLE,
            "arbiter_report",
        ),
    )
    def report(
        file: Annotated[Path, typer.Argument(help=_("JSON: event, arbiter, incidents"))],
        out: Annotated[Path | None, typer.Option("--out", help=_("Folder for the PDFs"))] = None,
        lang: Annotated[
            str | None, typer.Option("--lang", help=_("Language of the reports: it | en"))
        ] = None,
    ) -> None:
        """The arbiter's reports (referto arbitrale), one per player, as text and PDF
        (Parole art. 14.2)."""

        with errors(), malformed(str(file)):
            data = read_json_object(file)
            arbiter = data.get("arbiter", {})
            reports = printouts_report.reports_by_player(
                [_incident(x) for x in data.get("incidents", [])],
                event=str(data.get("event", "")),
                event_date=date.fromisoformat(data["date"]),
                arbiter=printouts_report.Person(
                    str(arbiter.get("name", "")), str(arbiter.get("card", ""))
                ),
                venue=str(data.get("venue", "")),
                code=str(data.get("code", "")),
                event_end=datetime.fromisoformat(data["event_end"])
                if data.get("event_end")
                else None,
                written_at=datetime.fromisoformat(data["written_at"])
                if data.get("written_at")
                else None,
                timezone=tournament_zone.check_timezone(
                    str(data["timezone"]) if data.get("timezone") else None
                ),
            )
        for n, rep in enumerate(reports, 1):
            typer.echo(printouts_report.report_text(rep, lang or current_lang()))
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                path = out / printouts_report.report_file_name(n, rep)
                path.write_bytes(printouts_report.report_pdf(rep))
                typer.echo(f"PDF: {path}")


__all__ = ["register", "register_arbiter"]
