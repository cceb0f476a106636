"""``arbitro boards``, ``arbitro travellers``, ``arbitro card``: the boards of a carte uguali
event (FIBAS art. 6, 7, 20; Bridge Law 13 as the model for a board's count): the plan of a
round, its printouts, a table's count of a board, the travellers and a line's card."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli import words
from arbitro.cli.common import (
    CompArg,
    EventArg,
    JsonOpt,
    RoundArg,
    TableArg,
    command_group,
    emit,
    errors,
    lang,
    service,
)
from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, ngettext, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import numbers
    from arbitro.cli import sheet_view
    from arbitro.games import prepared_deals
    from arbitro.printouts import boards, names
    from arbitro.tournament import boards as tournament_boards
    from arbitro.tournament import event as tournament_event
    from arbitro.tournament.commands import boards as commands_boards
    from arbitro.tournament.commands import values
    from arbitro.tournament.event import EventState
    from arbitro.tournament.scoring import comparison
else:
    # Loaded on first use: the command line's start-up (issue 14).
    sheet_view = lazy_module("arbitro.cli.sheet_view")
    prepared_deals = lazy_module("arbitro.games.prepared_deals")
    numbers = lazy_module("arbitro.numbers")
    boards = lazy_module("arbitro.printouts.boards")
    names = lazy_module("arbitro.printouts.names")
    tournament_boards = lazy_module("arbitro.tournament.boards")
    commands_boards = lazy_module("arbitro.tournament.commands.boards")
    tournament_event = lazy_module("arbitro.tournament.event")
    comparison = lazy_module("arbitro.tournament.scoring.comparison")
    values = lazy_module("arbitro.tournament.commands.values")


class PrintWhat(StrEnum):
    """What ``arbitro boards print`` writes."""

    DEALING = "dealing"
    LABELS = "labels"
    PLAN = "plan"
    RECORDS = "records"
    TRAVELLERS = "travellers"


def _written(value: Fraction) -> str:
    """A difference as JSON gives it: three decimals (FIBAS art. 20 convention)."""
    return str(comparison.written(value))


def _shown(value: Fraction) -> str:
    """A difference as the terminal shows it: three decimals with the comma in Italian
    ("+76,250"; FIBAS art. 20 writes "0,001")."""
    return numbers.decimal_text(comparison.written(value), signed=True)


def _counts(items: list[str] | None) -> dict[str, int] | None:
    """``["N=11", "P1=10"]`` as {pocket: count}; None when nothing is given."""
    if not items:
        return None
    out: dict[str, int] = {}
    for item in items:
        pocket, sep, count = item.partition("=")
        if not sep or not count.strip().lstrip("-").isdigit():
            raise ArbitroError("«{item}»: write POCKET=COUNT, e.g. N=11 or P1=10", item=item)
        out[pocket.strip().upper()] = int(count)
    return out


def _columns(heads: list[str], rows: list[list[str]]) -> list[str]:
    """A text table: each column right-aligned to its widest cell."""
    widths = [max(len(x) for x in col) for col in zip(heads, *rows, strict=True)]
    return [
        "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in [heads, *rows]
    ]


def table_names(state: EventState, round_number: int) -> dict[int, tuple[str, str]]:
    """Each playing table of the round → (N-S names, E-W names) (for the travellers)."""
    return names.table_lines(state, round_number)


_STATUS_TEXT = {
    "checked": N_("checked"),
    "unchecked": N_("not checked yet"),
    "wrong": N_("wrong count"),
    "ruled": N_("wrong count, ruled"),
}
"""A board's count as the desk's round page names it (the ruling cites the event's code:
FIBAS art. 6, else Law 13)."""


def checks_report(state: EventState, round_number: int) -> tuple[dict[str, Any], str]:
    """The boards' checks of a carte uguali round as JSON and text (``arbitro boards
    checks``): each table's counts of its boards in deal order (Law 13 model: 11 cards in
    each pocket, FIBAS art. 6), the wrong counts with their ruling if any (the event's code's
    own, FIBAS art. 6: a new deal before play; else Law 13's), and the impossible-score
    flags of the sheets (FIBAS arts. 3, 19-20). Refused in an event without prepared boards,
    or before the seating."""
    if tournament_boards.comparison_method(state) is None:
        raise ArbitroError("this event is not played with carte uguali (prepared boards)")
    found = sorted(
        tournament_boards.board_checks(state, round_number).values(),
        key=lambda c: (c.table, c.deal),
    )
    rulings = {
        (table, ruling.get("board")): ruling
        for rnd, table, ruling in state.board_rulings
        if rnd == round_number
    }
    flags = tournament_boards.entry_flags(state, round_number)
    own_rule = commands_boards.wrong_count_rule(state) is not None
    article = render(commands_boards.wrong_count_citation(state))
    counted = sum(1 for c in found if c.status != "unchecked")
    wrong = [c for c in found if c.status in ("wrong", "ruled")]
    cases: list[dict[str, Any]] = []
    case_lines: list[str] = []
    for c in wrong:
        pockets = sorted(
            (c.wrong or {}).items(), key=lambda kv: tournament_boards.POCKETS.index(kv[0])
        )
        said = "; ".join(
            render(
                ngettext(
                    "{pocket}: {found} card instead of {expected}",
                    "{pocket}: {found} cards instead of {expected}",
                    f,
                    pocket=p,
                    found=f,
                    expected=e,
                )
            )
            for p, (f, e) in pockets
        )
        ruling = rulings.get((c.table, c.board))
        case: dict[str, Any] = {
            "table": c.table,
            "board": c.board,
            "deal": c.deal,
            "wrong": {p: {"found": f, "expected": e} for p, (f, e) in pockets},
            "ruling": None,
        }
        if ruling is None and own_rule:
            verdict = _(
                "Before play, the board is dealt again from its dealing sheet ({article}).",
                article=article,
            )
        elif ruling is None:
            verdict = _("The arbiter must rule ({article}).", article=article)
        elif (
            str(ruling.get("outcome")) in tournament_event.WRONG_COUNT_OUTCOMES
        ):  # the code's own rule
            paragraph = str(ruling.get("paragraph", ""))
            outcome_key = str(ruling.get("outcome"))
            case["ruling"] = {"paragraph": paragraph, "outcome": outcome_key}
            verdict = _(
                "{article}: {outcome}",
                article=render(Citation(CodeId(str(ruling.get("code"))), paragraph)),
                outcome=tournament_event.WRONG_COUNT_OUTCOMES[outcome_key],
            )
        else:
            paragraph = str(ruling.get("paragraph", ""))
            outcome = prepared_deals.Law13Outcome(ruling.get("outcome"))
            case["ruling"] = {"paragraph": paragraph, "outcome": outcome.value}
            verdict = _("Law {paragraph}: {outcome}", paragraph=paragraph, outcome=outcome.label)
        case_lines.append(
            _(
                "Table {table}, board {board}: wrong count — {pockets}. {verdict}",
                table=c.table,
                board=c.board,
                pockets=said,
                verdict=verdict,
            )
        )
        cases.append(case)
    data: dict[str, Any] = {
        "round": round_number,
        "boards": len(found),
        "counted": counted,
        "checks": [
            {
                "table": c.table,
                "deal": c.deal,
                "board": c.board,
                "copy": c.copy,
                "status": c.status,
                "counts": None if c.counts is None else dict(c.counts),
            }
            for c in found
        ],
        "law13": cases,
        "flags": [sheet_view.flag_payload(f) for f in flags],
    }
    lines = [
        _(
            "Round {round}: boards counted at the tables {counted}/{boards}; wrong counts: "
            "{wrong} ({article}); impossible scores: {flags}",
            round=round_number,
            counted=counted,
            boards=len(found),
            wrong=len(wrong),
            article=article,
            flags=len(flags),
        )
    ]
    by_table: dict[int, list[str]] = {}
    for c in found:
        by_table.setdefault(c.table, []).append(
            _(
                "deal {deal}: board {board}/{copy} {status}",
                deal=c.deal,
                board=c.board,
                copy=c.copy,
                status=_(_STATUS_TEXT[c.status]),
            )
        )
    for table, said_ in by_table.items():
        lines.append(_("Table {table}: {boards}", table=table, boards="; ".join(said_)))
    lines += case_lines
    lines += [sheet_view.flag_text(f) for f in flags]
    return data, "\n".join(lines)


def _wrong_text(wrong: Any) -> str:
    """The pockets counted wrong, ``N 12/11, S 10/11``."""
    return ", ".join(f"{p} {found}/{exp}" for p, (found, exp) in (wrong or {}).items())


def register(app: typer.Typer) -> None:
    """Add ``boards show|print|check``, ``travellers`` and ``card`` to ``app``."""
    boards_app = command_group(
        app, "boards", _("Carte uguali boards: plan, printouts, count before play")
    )

    @boards_app.command("show", help=_("The round's board plan: table → boards and copies."))
    def show(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """The board plan of a round (FIBAS art. 7, carte preparate): what each table plays
        at each deal, from which copy, and where it passes the board; a digital table (issue
        32) is sent no board (board k at deal k on the phones), and a board for it goes to
        the relay stand."""
        with errors(json_out):
            svc = service()
            plan = svc.board_plan(event_id, round_number)
            digital = tournament_boards.plan_digital_tables(svc.state(event_id), round_number)
            rows: list[dict[str, Any]] = []
            lines = [
                _(
                    "Round {round}: {tables}, {boards}, {copies}",
                    round=round_number,
                    tables=ngettext("{count} table", "{count} tables", plan.tables),
                    boards=ngettext("{count} board", "{count} boards", plan.boards),
                    copies=ngettext(
                        "{count} copy", "{count} copies", len(boards.paper_copies(plan, digital))
                    ),
                )
            ]
            skipped = boards.copies_note(plan, digital, lang())
            if skipped:
                lines.append(skipped)
            for table in range(1, plan.tables + 1):
                if table in digital:
                    rows.append(
                        {
                            "table": table,
                            "boards": [
                                {"deal": k, "board": k, "copy": None}
                                for k in range(1, plan.boards + 1)
                            ],
                            "passes_to": None,
                            "digital": True,
                        }
                    )
                    lines.append(
                        _(
                            "Table {table}: on the phones, board k at deal k (no board goes to it)",
                            table=table,
                        )
                    )
                    continue
                got = plan.at(table)
                nxt = tournament_boards.plan_next(plan, table, digital)
                rows.append(
                    {
                        "table": table,
                        "boards": [{"deal": a.deal, "board": a.board, "copy": a.copy} for a in got],
                        "passes_to": nxt,
                        "digital": False,
                    }
                )
                played = ", ".join(
                    _("deal {deal}: board {board}/{copy}", deal=a.deal, board=a.board, copy=a.copy)
                    for a in got
                )
                after = (
                    _("passes to table {table}", table=nxt)
                    if nxt is not None
                    else _("to the relay stand")
                )
                lines.append(
                    _("Table {table}: {boards}; {after}", table=table, boards=played, after=after)
                )
            emit(rows, "\n".join(lines), json_out)

    @boards_app.command("print", help=_("The round's board printouts as a PDF."))
    def print_boards(
        event_id: EventArg,
        round_number: RoundArg,
        what: Annotated[
            str,
            typer.Option(
                "--what",
                help=_(
                    "What to print: {words} (dealing sheets, board labels, board plan, hand "
                    "records, travellers)",
                    words=words.choices(words.PRINT_WORDS),
                ),
            ),
        ],
        out: Annotated[Path, typer.Option("--out", "-o", help=_("PDF file to write"))],
    ) -> None:
        """Dealing sheets (FIBAS art. 3, 6), board labels, the board plan (art. 7), hand
        records or travellers (art. 20) of a round as a PDF."""
        with errors():
            # «piano» or «plan»: the director's word in either language (issue 32)
            chosen = PrintWhat(words.typed(words.PRINT_WORDS, what, "--what"))
            state = service().state(event_id)
            if (
                tournament_boards.comparison_method(state) is None
            ):  # as the desk: boards only at carte uguali
                raise ArbitroError("this event is not played with carte uguali (prepared boards)")
            name = state.config.name
            shown = lang()
            if chosen is PrintWhat.TRAVELLERS:
                pdf = boards.travellers_pdf(
                    tournament_boards.travellers(state, round_number),
                    table_names(state, round_number),
                    name,
                    round_number,
                    rules=state.code,
                    lang=shown,
                )
            elif chosen is PrintWhat.PLAN:
                pdf = boards.board_plan_pdf(
                    tournament_boards.board_plan(state, round_number),
                    name,
                    round_number,
                    table_names(state, round_number),
                    rules=state.code,
                    lang=shown,
                    digital=tournament_boards.plan_digital_tables(state, round_number),
                )
            else:
                dealt = tournament_boards.boards_of(state, round_number)
                maker = tournament_boards.board_maker(state)  # the game's order of cards
                if chosen is PrintWhat.DEALING:
                    pdf = boards.dealing_sheets_pdf(
                        dealt, name, round_number, maker=maker, lang=shown
                    )
                elif chosen is PrintWhat.LABELS:
                    copies = boards.paper_copies(  # none that only digital tables play
                        tournament_boards.board_plan(state, round_number),
                        tournament_boards.plan_digital_tables(state, round_number),
                    )
                    pdf = boards.board_labels_pdf(dealt, copies, name, round_number, lang=shown)
                else:
                    pdf = boards.hand_records_pdf(
                        dealt, name, round_number, maker=maker, lang=shown
                    )
            try:
                out.write_bytes(pdf)
            except OSError as exc:
                raise ArbitroError(
                    "cannot write {file}: {reason}", file=str(out), reason=exc.strerror
                ) from None
            typer.echo(_("Wrote {file}", file=str(out)))

    @boards_app.command("check", help=_("A table's count of a board before play."))
    def check(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        board: Annotated[int, typer.Argument(help=_("Board"))],
        count: Annotated[
            list[str] | None,
            typer.Option(
                "--count",
                metavar="POCKET=N",
                help=_("A pocket's count when wrong, e.g. N=12 or P1=10 (repeatable)"),
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Record the count of a board's pockets (FIBAS art. 6: 11 cards each): without
        --count the board is checked; a wrong count says the event's code's remedy (FIBAS
        art. 6: before play, a new deal from the dealing sheet), else goes to the arbiter
        (Bridge Law 13, the model for prepared deals)."""
        with errors(json_out):
            counts = _counts(count)
            svc = service()
            svc.run(
                event_id, values.CheckBoard(round_number, table, board, counts, actor="director")
            )
            state = svc.board_checks(event_id, round_number)[(table, board)]
            event = svc.state(event_id)
            if state.status == "checked":
                text = _("Table {table}: board {board} checked", table=table, board=board)
            elif commands_boards.wrong_count_rule(event) is not None:
                text = _(
                    "Table {table}: board {board} has a wrong count ({wrong}): before play, "
                    "deal it again from its dealing sheet ({article})",
                    table=table,
                    board=board,
                    wrong=_wrong_text(state.wrong),
                    article=render(commands_boards.wrong_count_citation(event)),
                )
            else:
                wrong = _wrong_text(state.wrong)
                text = _(
                    "Table {table}: board {board} has a wrong count ({wrong}): call the arbiter "
                    "(Law 13)",
                    table=table,
                    board=board,
                    wrong=wrong,
                )
            emit(
                {"table": table, "board": board, "status": state.status, "counts": state.counts},
                text,
                json_out,
            )

    @boards_app.command(
        "rule",
        help=_("The code's remedy for a board a table counted wrong (FIBAS art. 6)."),
    )
    def rule(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        board: Annotated[int, typer.Argument(help=_("Board"))],
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        play_begun: Annotated[
            bool,
            typer.Option(
                "--play-begun",
                help=_("Found once play had begun: the result stands (FIBAS art. 6)"),
            ),
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Record the event code's own remedy for a board a table counted wrong (FIBAS art. 6:
        "si procede ad una nuova distribuzione" before play; once play has begun "il
        risultato effettuato resterà valido"); refused for a code without one (Law 13)."""
        with errors(json_out):
            svc = service()
            svc.run(
                event_id,
                values.RuleWrongCount(
                    round_number,
                    table,
                    board,
                    play_begun=play_begun,
                    reason=reason,
                    actor="director",
                ),
            )
            ruling = next(
                r
                for rnd, t, r in reversed(svc.state(event_id).board_rulings)
                if (rnd, t, r.get("board")) == (round_number, table, board)
            )
            outcome = str(ruling.get("outcome"))
            emit(
                {"table": table, "board": board, **ruling},
                _(
                    "Table {table}, board {board}: {outcome}",
                    table=table,
                    board=board,
                    outcome=render(tournament_event.WRONG_COUNT_OUTCOMES[outcome]),
                ),
                json_out,
            )

    @boards_app.command(
        "checks",
        help=_("The round's board checks: counts by the tables, wrong counts, impossible scores."),
    )
    def checks(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """The boards' checks of a round (Bridge Law 13 as the model; FIBAS art. 6: 11 cards
        in each pocket): each table's count of each board, the wrong counts still to rule
        and those ruled, and the sheets' deals the prepared boards make impossible (FIBAS
        arts. 3, 19-20; the director corrects them, art. 21)."""
        with errors(json_out):
            data, text = checks_report(service().state(event_id), round_number)
            emit(data, text, json_out)

    @app.command("travellers", help=_("The round's travellers: each board against the field."))
    def travellers_cmd(
        event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt
    ) -> None:
        """Every table's result on each board of the round and its comparison with the
        field (FIBAS art. 20, carte uguali)."""
        with errors(json_out):
            found = service().travellers(event_id, round_number)
            data = {
                str(board): [
                    {
                        "table": c.table,
                        "ns_mp": c.ns_mp,
                        "datum": _written(c.datum),
                        "ns": _written(c.ns),
                        "ew": _written(c.ew),
                    }
                    for c in rows
                ]
                for board, rows in found.items()
            }
            lines: list[str] = []
            heads = [_("Table"), _("N-S MP"), _("Datum"), _("N-S"), _("E-W")]
            for board, rows in found.items():
                lines.append(_("Board {board}", board=board))
                cells = [
                    [str(c.table), str(c.ns_mp), _shown(c.datum), _shown(c.ns), _shown(c.ew)]
                    for c in rows
                ]
                lines += _columns(heads, cells)
            emit(data, "\n".join(lines) or _("No results yet"), json_out)

    @app.command("card", help=_("A line's card: board by board against the field."))
    def card(event_id: EventArg, competitor: CompArg, json_out: bool = JsonOpt) -> None:
        """A line's board-by-board card: table, direction, own MP, datum, difference and the
        round's VP (FIBAS art. 20, carte uguali)."""
        with errors(json_out):
            rows = service().line_card(event_id, competitor)
            data = [
                {
                    "round": r.round,
                    "deal": r.deal,
                    "board": r.board,
                    "table": r.table,
                    "direction": r.direction,
                    "mp": r.mp,
                    "datum": _written(r.datum),
                    "difference": _written(r.difference),
                    "round_difference": None
                    if r.round_difference is None
                    else _written(r.round_difference),
                    "round_vp": r.round_vp,
                }
                for r in rows
            ]
            heads = [
                _("Round"),
                _("Board"),
                _("Table"),
                _("Line"),
                _("MP"),
                _("Datum"),
                _("Difference"),
                _("Round total"),
                _("VP"),
            ]
            cells = [
                [
                    str(r.round),
                    str(r.board),
                    str(r.table),
                    _("N-S") if r.direction == "ns" else _("E-W"),
                    str(r.mp),
                    _shown(r.datum),
                    _shown(r.difference),
                    "" if r.round_difference is None else _shown(r.round_difference),
                    "" if r.round_vp is None else str(r.round_vp),
                ]
                for r in rows
            ]
            lines = _columns(heads, cells)
            emit(data, "\n".join(lines), json_out)
