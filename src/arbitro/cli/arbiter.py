"""``arbitro arbiter``: the arbiter's tools from a terminal.

- ``irregularities [--code C]``: the irregularities a code's arbiter rules on, with articles;
- ``rule FILE --event E --round R --table T`` (a knockout: ``--match M --game G``): a ruling
  of the event's code's arbiter on a situation, recorded in the event with its warnings and,
  where it decides the deal's score, the table's sheet (issue 31);
- ``cancel SEQ --event E --reason R``: a ruling cancelled with its warnings and its sheet;
- ``board FILE``: Bridge Law 13 count check of a prepared board and the law's outcome, the
  board of the game the file names as the registry's codes of that game prepare it;
- the codes' own arbiter's commands, named by their specs (``CodeSpec.commands`` with
  ``within="arbiter"``: FIBAS's ``replay`` and ``apply``, Parole's ``report``), each added by
  its module's ``register_arbiter``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli import law13
from arbitro.cli.common import (
    command_group,
    emit,
    errors,
    knockouts,
    malformed,
    read_json_object,
    service,
)
from arbitro.codes.registry import DEFAULT_CODE, code_spec, commands_within, prepared_board
from arbitro.errors import ArbitroError
from arbitro.i18n import _, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import arbitro.cards as cards_module
    import arbitro.games.core.code_arbiter as code_arbiter
    import arbitro.games.prepared_deals as games_prepared_deals
    import arbitro.services.rulings as services_rulings
else:
    cards_module = lazy_module("arbitro.cards")
    code_arbiter = lazy_module("arbitro.games.core.code_arbiter")
    games_prepared_deals = lazy_module("arbitro.games.prepared_deals")
    services_rulings = lazy_module("arbitro.services.rulings")

GROUP = "arbiter"
JsonFlag = Annotated[bool, typer.Option("--json", help=_("Output as JSON."))]


def irregularity_label(code: str, kind: str) -> str:
    """The irregularity ``kind`` ruled on, in the words of its code's arbiter (FIBAS art. 22:
    «gioco proseguito prima della decisione dell'arbitro», not ``played_before_ruling``); its
    name where the arbiter does not list it."""
    for found in services_rulings.arbiter_of(code).irregularities():
        if found.kind == kind:
            return render(found.label)
    return kind


def register(app: typer.Typer) -> None:
    """Add the ``arbiter`` command group (irregularities, rule, cancel, board, and the codes'
    own: replay, apply, report) to ``app``."""
    group = command_group(app, GROUP, _("The arbiter's tools."))

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
                        knockouts(),
                        event_id,
                        match,
                        game,
                        data,
                        code=chosen,
                    )
                elif round_number is not None and table is not None:
                    seq, ruling = services_rulings.record_ruling(
                        service(),
                        event_id,
                        round_number,
                        table,
                        data,
                        code=chosen,
                    )
                else:
                    raise ArbitroError("give --round and --table, or --match and --game")
        out = {"seq": seq, **ruling.as_json()}
        lines = [
            _(
                "Ruling {seq} ({article}): {irregularity}",
                seq=seq,
                article=ruling.article,
                irregularity=irregularity_label(ruling.code, ruling.irregularity),
            ),
            *(render(m) for m in services_rulings.effects_said_once(ruling.effects)),
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
            pozzetti = [cards_module.parse_cards(p) for p in data.get("pozzetti", [])]
            made = prepared_board(str(data.get("game", "")))
            b: games_prepared_deals.Board = (
                games_prepared_deals.Board.bridge(number, hands)
                if made is None
                else made(number, hands, pozzetti)
            )
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

    # The codes' own commands of the arbiter's group, each module once, in the registry's order.
    for module in dict.fromkeys(c.module for c in commands_within(GROUP)):
        importlib.import_module(f"arbitro.cli.{module}").register_arbiter(group)
