"""``arbitro arbiter``: the arbiter's tools from a terminal.

- ``irregularities [--code C]``: the irregularities a code's arbiter rules on, with articles;
- ``rule FILE --event E --round R --table T`` (a knockout: ``--match M --game G``): a ruling
  of the event's code's arbiter on a situation, recorded in the event with its warnings and,
  where it decides the deal's score, the table's sheet (issue 31);
- ``cancel SEQ --event E --reason R``: a ruling cancelled with its warnings and its sheet;
- ``replay FILE``: a deal in arbiter mode from a JSON file (a position string, a layout or a
  seed, and the script of actions and rulings, see :mod:`arbitro.games.burraco.arbiter.script`):
  prints each ruling, the position string (docs/notation-burraco.md) and the scores;
- ``report FILE [--out DIR]``: the arbiter's reports (*referto arbitrale*, Parole art. 14.2),
  one per player, as text and PDF;
- ``board FILE``: Bridge Law 13 count check of a prepared board and the law's outcome.
"""

from __future__ import annotations

import json
import random
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter import ArbiterDeal
from arbitro.cli import law13
from arbitro.cli.common import (
    cited,
    command_group,
    emit,
    errors,
    malformed,
    open_store,
    read_json_object,
    service,
)
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.codes.registry import DEFAULT_CODE, code_spec
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, current_lang, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import arbitro.cards as cards_module
    import arbitro.games.burraco.arbiter as burraco_arbiter
    import arbitro.games.prepared_deals as games_prepared_deals
    import arbitro.printouts.report as printouts_report
    import arbitro.services.arbiter_deal as services_arbiter_deal
    import arbitro.services.knockout as services_knockout
    import arbitro.services.rulings as services_rulings
    import arbitro.tournament.zone as tournament_zone
else:
    burraco_arbiter = lazy_module("arbitro.games.burraco.arbiter")
    cards_module = lazy_module("arbitro.cards")
    games_prepared_deals = lazy_module("arbitro.games.prepared_deals")
    printouts_report = lazy_module("arbitro.printouts.report")
    services_arbiter_deal = lazy_module("arbitro.services.arbiter_deal")
    services_knockout = lazy_module("arbitro.services.knockout")
    services_rulings = lazy_module("arbitro.services.rulings")
    tournament_zone = lazy_module("arbitro.tournament.zone")

JsonFlag = Annotated[bool, typer.Option("--json", help=_("Output as JSON."))]


def knockout_service() -> services_knockout.KnockoutService:
    """A KnockoutService on the database of ``--db`` / ``ARBITRO_DATABASE_URL``."""

    return services_knockout.KnockoutService(open_store())


def _deal(data: dict[str, Any]) -> burraco_arbiter.ArbiterDeal:

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


def register(app: typer.Typer) -> None:
    """Add the ``arbiter`` command group (irregularities, rule, cancel, replay, apply, report,
    board) to ``app``."""
    group = command_group(app, "arbiter", _("The arbiter's tools."))

    def ruling_deal(event_id: str, seq: int) -> int | None:

        return services_rulings.entered_deal(service(), event_id, seq)

    @group.command(
        "irregularities",
        help=_("The irregularities a code's arbiter rules on, with their article."),
    )
    def irregularities(
        code: Annotated[
            str, typer.Option("--code", help=_("Competition code (default: FIBAS)"))
        ] = DEFAULT_CODE,
        as_json: JsonFlag = False,
    ) -> None:
        """The irregularities the code's arbiter rules on (FIBAS Section C, arts. 6, 9, 10, 18;
        Scala 40 arts. 4, 10-17, 20; Parole arts. 9-11; Briscola art. 10; Bridge Law 13), with
        their article and the fields that describe them."""

        with errors(as_json):
            kinds = services_rulings.arbiter_of(code_spec(code).id).irregularities()
        rows = [
            {
                "name": k.kind,
                "article": k.article.article,
                "citation": k.article.to_json(),
                "label": render(k.label),
                "fields": list(k.fields),
            }
            for k in kinds
        ]
        lines = [
            f"{render(k.article):<16} {r['name']:<26} {r['label']}"
            for k, r in zip(kinds, rows, strict=True)
        ]
        emit(rows, "\n".join(lines), as_json)

    @group.command(
        "rule",
        help=_("Rule on a table's situation by the code's arbiter and record it in the event."),
    )
    def rule(
        file: Annotated[
            Path,
            typer.Argument(help=_("JSON: the position or the facts, the irregularity, its fields")),
        ],
        event_id: Annotated[str, typer.Option("--event", help=_("Event id"))],
        round_number: Annotated[int | None, typer.Option("--round", help=_("Round"))] = None,
        table: Annotated[int | None, typer.Option("--table", help=_("Table"))] = None,
        match: Annotated[
            str | None, typer.Option("--match", help=_("Match of a knockout (with --game)"))
        ] = None,
        game: Annotated[int | None, typer.Option("--game", help=_("Game of the match"))] = None,
        code: Annotated[
            str | None, typer.Option("--code", help=_("Competition code (default: the event's)"))
        ] = None,
        as_json: JsonFlag = False,
    ) -> None:
        """Rule on the situation of ``file`` by the arbiter of the event's code (or ``--code``,
        which must be the event's, or a law the codes read: Bridge Law 13) and record the
        ruling, its warnings and its score row in one transaction (issue 31)."""

        with errors(as_json):
            data = read_json_object(file)
            chosen = None if code is None else code_spec(code).id
            with malformed(str(file)):
                if match is not None and game is not None:
                    seq, ruling = services_rulings.record_game_ruling(
                        knockout_service(), event_id, match, game, data, code=chosen
                    )
                elif round_number is not None and table is not None:
                    seq, ruling = services_rulings.record_ruling(
                        service(), event_id, round_number, table, data, code=chosen
                    )
                else:
                    raise ArbitroError("give --round and --table, or --match and --game")
        out = {"seq": seq, **ruling.as_json()}
        lines = [
            _(
                "Ruling {seq} ({article}): {irregularity}",
                seq=seq,
                article=ruling.article,
                irregularity=ruling.irregularity,
            ),
            *out["text"],
        ]
        if ruling.score_row is not None:
            lines.append(_("Sheet row: {row}", row=",".join(map(str, ruling.score_row))))
        entered = ruling_deal(event_id, seq) if match is None else None
        out["deal"] = entered
        if entered is not None:
            lines.append(
                _("Entered in table {table}'s sheet as deal {deal}", table=table, deal=entered)
            )
        emit(out, "\n".join(lines), as_json)

    @group.command(
        "cancel",
        help=_("Cancel a ruling, with the warnings and the sheet it recorded."),
    )
    def cancel(
        seq: Annotated[int, typer.Argument(help=_("The ruling's record number"))],
        event_id: Annotated[str, typer.Option("--event", help=_("Event id"))],
        reason: Annotated[str, typer.Option("--reason", help=_("Why it is cancelled"))],
        as_json: JsonFlag = False,
    ) -> None:
        """Cancel the ruling ``seq`` of an event of rounds: its warnings and the sheet it
        entered are cancelled with it, in one transaction (issue 31); the standings are
        computed again."""

        with errors(as_json):
            cancelled = services_rulings.cancel_ruling(service(), event_id, seq, reason)
        emit(
            {"cancelled": cancelled},
            _("Cancelled: {records}", records=", ".join(f"#{n}" for n in cancelled)),
            as_json,
        )

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

    @group.command("board", help=_("Count check of a board and the outcome of Law 13."))
    def board(
        file: Annotated[Path, typer.Argument(help=_("JSON: board, game, hands, pozzetti"))],
        call_made: law13.CallMade = False,
        play_completed: law13.PlayCompleted = False,
        cannot_correct: law13.CannotCorrect = False,
        card_seen: law13.CardSeen = False,
        significant: law13.Significant = False,
        foreign_card: law13.Foreign = False,
        called: law13.Called = None,
        affected: law13.Affected = False,
        foreign_played: law13.ForeignPlayed = False,
        as_json: JsonFlag = False,
    ) -> None:
        """Count the cards of a prepared board and give the outcome of Bridge Law 13."""

        with errors(as_json), malformed(str(file)):
            data = read_json_object(file)
            hands = {k: cards_module.parse_cards(v) for k, v in data.get("hands", {}).items()}
            number = int(data.get("board", 1))
            if data.get("game", "bridge") == "burraco":
                b = games_prepared_deals.Board.burraco(
                    number, hands, [cards_module.parse_cards(p) for p in data.get("pozzetti", [])]
                )
            else:
                b = games_prepared_deals.Board.bridge(number, hands)
            check = games_prepared_deals.check_board(b)
            ruling = None
            if not check.ok or foreign_card or foreign_played:
                ruling = law13.ruling(
                    check,
                    call_made,
                    play_completed,
                    cannot_correct,
                    card_seen,
                    significant,
                    foreign_card,
                    called,
                    affected,
                    foreign_played,
                )
        payload = {
            "board": number,
            "ok": check.ok,
            "wrong": [
                {"position": w.position, "count": w.count, "expected": w.expected}
                for w in check.wrong
            ],
            "ruling": ruling.as_payload() if ruling else None,
        }
        lines = [render(games_prepared_deals.describe_check(check))]
        if ruling is not None:
            o = ruling.outcome
            lines.append(_("Law {paragraph}: {outcome}", paragraph=o.paragraph, outcome=o.label))
        emit(payload, "\n".join(lines), as_json)
