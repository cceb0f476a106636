"""CLI: seat rounds (art. 4), enter, confirm and correct sheets (art. 19-21), publish
standings, complaints (art. 38-39)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._click import Command, Context  # typer 0.29 carries its own click
from typer.core import TyperGroup

from arbitro.cli import words
from arbitro.cli.citing import code_citing, for_codes
from arbitro.cli.common import (
    CompArg,
    EventArg,
    JsonOpt,
    RoundArg,
    TableArg,
    cited,
    emit,
    errors,
    ints,
    malformed,
    read_json,
    record,
    service,
)
from arbitro.codes.citation import cite
from arbitro.codes.registry import code_spec
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message, _, message, ngettext, render, verbatim
from arbitro.lazy_names import lazy_module
from arbitro.tournament.model import Movement, TableSeating

if TYPE_CHECKING:
    from arbitro.cli import digital as cli_digital
    from arbitro.cli import render as cli_render
    from arbitro.cli import sheet_view
    from arbitro.services import prizes as prizes_service
    from arbitro.services.events import EventService
    from arbitro.services.prizes import PrizeList
    from arbitro.tournament import (
        commands,
        event,
        pairing_constraints,
        records,
        seating_warnings,
        sheets,
        zone,
    )
    from arbitro.tournament.commands import common, values
    from arbitro.tournament.event import EventState
    from arbitro.tournament.model import Line
    from arbitro.tournament.records import Record
    from arbitro.tournament.rules import EventRules
    from arbitro.tournament.sheets import SheetKind, labels
    from arbitro.tournament.standings import prizes as standings_prizes
    from arbitro.tournament.standings import standings
else:
    # Loaded on first use: the command line's start-up (issue 14).
    cli_render = lazy_module("arbitro.cli.render")
    cli_digital = lazy_module("arbitro.cli.digital")
    sheet_view = lazy_module("arbitro.cli.sheet_view")
    prizes_service = lazy_module("arbitro.services.prizes")
    commands = lazy_module("arbitro.tournament.commands")
    common = lazy_module("arbitro.tournament.commands.common")
    event = lazy_module("arbitro.tournament.event")
    pairing_constraints = lazy_module("arbitro.tournament.pairing_constraints")
    records = lazy_module("arbitro.tournament.records")
    seating_warnings = lazy_module("arbitro.tournament.seating_warnings")
    sheets = lazy_module("arbitro.tournament.sheets")
    labels = lazy_module("arbitro.tournament.sheets.labels")
    standings_prizes = lazy_module("arbitro.tournament.standings.prizes")
    standings = lazy_module("arbitro.tournament.standings.standings")
    zone = lazy_module("arbitro.tournament.zone")
    values = lazy_module("arbitro.tournament.commands.values")


def sheet_entry(
    kind: SheetKind[Any],
    seat: TableSeating,
    rules: EventRules,
    deal: list[str] | None = None,
    closed: list[str] | None = None,
    points: list[str] | None = None,
    abandoned: int | None = None,
) -> Any:
    """The sheet typed on ``arbitro sheet``'s (or ``correct``'s) options for the table
    ``seat``, read by the event's kind of sheet (FIBAS art. 19; Scala 40 art. 22)."""
    return kind.read_cli(
        seat, sheets.CliSheet(deal or (), closed or (), points or (), abandoned), rules
    )


def points_option() -> Any:
    """``--points`` of ``sheet`` and ``correct``: the players' negative points, one per deal
    (Scala 40 art. 22), its help citing the code's article."""
    return typer.Option(
        "--points",
        help=for_codes(
            _("The players' negative points in the table's order, one per deal"), "--points"
        ),
    )


def abandoned_option() -> Any:
    """``--abandoned`` of ``sheet`` and ``correct``: the player who abandoned the table
    (Scala 40 art. 25), its help citing the code's article."""
    return typer.Option(help=for_codes(_("The player who abandoned"), "--abandoned"))


def refuse_foreign_options(state: EventState, given: Mapping[str, bool]) -> None:
    """Refuse an option of ``arbitro sheet`` or ``correct`` that the event's code's sheet
    does not read (``CodeSpec.sheet_options``: ``--points`` in a FIBAS event, whose sheet is
    two lines' deals, art. 19; ``--deal`` in a Scala 40 event, art. 22), naming the options
    it reads, rather than passing over it; ``given`` is each option and whether it was
    typed."""
    spec = code_spec(state.code.code_id)
    if not spec.sheet_options:
        return
    for option, typed in given.items():
        if typed and option not in spec.sheet_options:
            raise ArbitroError(
                "{option} is not for this event's sheets: {code} takes {options}",
                option=verbatim(option),
                code=verbatim(spec.short_name),
                options=verbatim(", ".join(spec.sheet_options)),
                article=state.code.cite_if("sheet"),
            )


def published_round(state: EventState) -> int:
    """The last round whose seating is published (0 before round 1's): the round the
    standings show by default (FIBAS art. 39), not one drawn as a draft that no table has
    seen (its rests would count already)."""
    published = [n for n, r in state.rounds.items() if r.seating_published_at is not None]
    return max(published, default=0)


def _correction_options(individuals: bool) -> dict[str, Message]:
    """What to type to ``arbitro correct`` to give what a refusal says is missing, by the
    refusal's key (FIBAS art. 21; Scala 40 art. 24): the option to add, or the kinds left."""
    kinds = " | ".join(render(w) for k, w in words.CORRECTION_WORDS.items() if k != "conflict")
    add = {
        "correction.entry": "--points" if individuals else "-d/--deal",
        "correction.by_arbiter": "--by-arbiter",
        "correction.table_agrees": "--table-agrees",
        "correction.swap": "--swap",
        "reason.missing": "--reason",
    }
    options = {key: message("add {option}", option=verbatim(o)) for key, o in add.items()}
    options["correction.no_conflict"] = verbatim(f"--kind {kinds}")
    return options


def _with_option(exc: ArbitroError, individuals: bool) -> ArbitroError:
    """``exc`` with what to type, when it refuses a correction for something missing (its
    key): «...; aggiungere --by-arbiter (FIBAS art. 21)»."""
    option = _correction_options(individuals).get(exc.key)
    if option is None:
        return exc
    return type(exc)(
        message("{refusal}; {option}", refusal=exc.msg, option=option),
        article=exc.article,
        key=exc.key,
    )


def _absent_in_terminal(exc: ArbitroError, event_id: str) -> ArbitroError:
    """The refusal to seat round 1 with competitors not checked in (FIBAS art. 4), naming
    the terminal's commands that check them in or withdraw them (the desk's names its
    button); any other refusal as it is."""
    if exc.key != "seating.absent":
        return exc
    return ArbitroError(
        "not checked in: {competitors}. Check them in («arbitro check-in {event} NUMBERS»), "
        "or withdraw them («arbitro withdraw-absent {event}»), before seating round 1",
        competitors=exc.msg.params.get("competitors", ""),
        event=verbatim(event_id),
        article=exc.article,
        key=exc.key,
    )


def _line_names(lines: list[str]) -> str:
    """Lines as the terminal writes them (``N-S``, ``E-O``; a Scala 40 player's number)."""
    return ", ".join(render(labels.line_label(n)) for n in lines)


def _flagged_sheets(state: EventState, round_number: int) -> list[dict[str, Any]]:
    """The round's sheets flagged for the director (issue 29), by table: the lines signed
    from two phones (``third_device``) and those signed from one address and browser within
    seconds (``same_source``)."""
    rnd = state.rounds.get(round_number)
    return [
        {
            "table": n,
            "third_device": sorted(sheet.resigned),
            "same_source": sheet.same_source_lines,
        }
        for n, sheet in sorted(rnd.sheets.items() if rnd is not None else ())
        if sheet.resigned or sheet.same_source
    ]


def _flag_text(flag: dict[str, Any]) -> str:
    """One flagged sheet, as the terminal lists it (FIBAS art. 20: each line signs its own)."""
    said = []
    if flag["third_device"]:
        said.append(
            _(
                "third device: {line} signed from two phones",
                line=_line_names(flag["third_device"]),
            )
        )
    if flag["same_source"]:
        said.append(
            _(
                "one phone: {lines} signed from the same network address and browser within "
                "{seconds} s",
                lines=_line_names(flag["same_source"]),
                seconds=event.SAME_SOURCE_SECONDS,
            )
        )
    return _("Table {table}: {flags}", table=flag["table"], flags="; ".join(said))


def _line(value: Any) -> Line | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise TypeError(f"{value!r} is not a list of competitor numbers")
    return tuple(int(c) for c in value)


def arbiter_tables(data: Any) -> tuple[TableSeating, ...]:
    """The arbiter's seating from ``--tables`` JSON (FIBAS art. 4): a list of tables, each
    ``{"table": n, "ns": [..], "ew": [..]}`` or, for individuals (Scala 40 art. 2),
    ``{"table": n, "players": [..]}``; malformed data is a clear error, never a traceback."""
    what = "--tables"
    if not isinstance(data, list):
        raise ArbitroError(
            "{what}: a list of tables is needed, e.g. {example}",
            what=what,
            example='[{"table": 1, "ns": [1], "ew": [2]}]',
        )
    out = []
    with malformed(what):
        for t in data:
            if not isinstance(t, dict):
                raise TypeError(f"{t!r} is not a table")
            number = int(t["table"])
            if t.get("players") is not None:
                out.append(TableSeating(number, None, None, _line(t["players"])))
            else:
                out.append(TableSeating(number, _line(t.get("ns")), _line(t.get("ew"))))
    return tuple(out)


def unkept_payload(state: Any, round_number: int) -> list[dict[str, Any]]:
    """The constraints a round's seating does not keep, as JSON (FIBAS art. 4)."""
    return [
        {
            "seq": u.constraint.seq,
            "first": u.constraint.first,
            "second": u.constraint.second,
            "reason": u.constraint.reason.value,
            "table": u.table,
        }
        for u in pairing_constraints.unkept_constraints(state, round_number)
    ]


class SeatGroup(TyperGroup):
    """``arbitro seat``: seat a round (``seat EVENT ROUND``, the command ``round`` by
    default) or edit its seating by hand before it is published (``swap``, ``move``,
    ``edits``, ``cancel``; FIBAS art. 4, docs/rulings.md "Seating by hand")."""

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        """The subcommand named first, else ``round`` with every argument (``arbitro seat
        EVENT ROUND`` as before the group existed)."""
        if args and args[0] in self.commands:
            return super().resolve_command(ctx, args)
        return DEFAULT_SEAT, self.commands[DEFAULT_SEAT], args


DEFAULT_SEAT = "round"


def warnings_payload(state: EventState, round_number: int) -> list[dict[str, Any]]:
    """The warnings of a round's seating, as JSON (docs/rulings.md, "Seating by hand")."""
    return [
        {
            "kind": w.kind,
            "table": w.table,
            "competitors": list(w.competitors),
            "article": None if w.article is None else w.article.article,
            "message": render(w.message),
        }
        for w in seating_warnings.seating_warnings(state, round_number)
    ]


def warnings_text(state: EventState, round_number: int) -> list[str]:
    """The warnings of a round's seating, one line each (FIBAS art. 4, 37)."""
    found = warnings_payload(state, round_number)
    if not found:
        return []
    return [_("Warnings (the seating may be published anyway):")] + [
        "  ! " + w["message"] for w in found
    ]


def _version_text(state: EventState, event_id: str, round_number: int) -> list[str]:
    """The line telling an unpublished seating's version, to publish exactly that one with
    ``arbitro publish-seating EVENT ROUND --seen`` (issue 29: another director may seat the
    round again), the whole command as it is typed (FIBAS art. 4)."""
    r = state.round(round_number)
    if r.seating is None or r.seating_published_at is not None:
        return []
    return [
        _(
            "Seating version {version}: to publish this one and no other, "
            "arbitro publish-seating {event} {round} --seen {version}",
            version=r.version,
            event=verbatim(event_id),
            round=round_number,
        )
    ]


def edit_text(state: EventState, rec: Record) -> str:
    """One hand edit of a seating, as the terminal lists it: its record number, what it
    did, who and when."""
    body = rec.body
    assert isinstance(body, records.SeatingEdited)

    def name(c: int | None) -> str:
        found = state.competitors.get(c) if c is not None else None
        return f"{c} {found.name}" if found is not None else str(c)

    if body.action == "swap":
        what = _("swap {first} ⇄ {second}", first=name(body.competitor), second=name(body.other))
    else:
        what = _(
            "move {competitor} to table {table}, {line}",
            competitor=name(body.competitor),
            table=body.table,
            line=labels.LINE_LABELS.get(body.line or "") or verbatim(body.line or ""),
        )
    return _("#{seq}  {what}  ({actor})", seq=rec.seq, what=what, actor=words.actor(rec.actor))


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""
    seat_app = typer.Typer(
        name="seat",
        help=_("Seat a round."),
        cls=SeatGroup,
        no_args_is_help=True,
        rich_markup_mode=None,
    )
    app.add_typer(seat_app, name="seat")

    @seat_app.command(DEFAULT_SEAT, help=_("Seat a round (also: arbitro seat EVENT ROUND)."))
    def seat(
        event_id: EventArg,
        round_number: RoundArg,
        movement: Annotated[
            str | None,
            typer.Option(
                help=_(
                    "Another movement for this round ({movements})",
                    movements=words.choices(words.MOVEMENT_WORDS),
                )
            ),
        ] = None,
        seed: Annotated[int | None, typer.Option(help=_("Seed of the draw"))] = None,
        tables: Annotated[
            Path | None,
            typer.Option(
                help=_(
                    'The arbiter\'s choice: JSON [{"table", "ns", "ew"}] '
                    '(individuals: [{"table", "players"}])'
                )
            ),
        ] = None,
        publish: Annotated[bool, typer.Option(help=_("Publish now"))] = False,
        digital: Annotated[
            str | None,
            typer.Option(
                "--digital",
                help=words.tables_help(),
            ),
        ] = None,
        online: Annotated[
            str | None,
            typer.Option(
                "--online",
                help=_("The competitors playing online, e.g. 3,7 (their tables digital)"),
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Seat a round by its movement or by the arbiter's choice (FIBAS art. 4; Scala 40
        art. 2); with ``--digital``/``--online`` the round's tables chosen digital, paper or
        mixed (issue 32), the digital ones opened once the seating is published."""
        with errors(json_out):
            # «danese» or «danish»: the director's word in either language (FIBAS art. 4).
            chosen = (
                None
                if movement is None
                else Movement(words.typed(words.MOVEMENT_WORDS, movement, "--movement"))
            )
            arbiter = None
            if tables is not None:
                arbiter = arbiter_tables(read_json(tables))
                chosen = chosen or Movement.ARBITER_CHOICE
            svc = service()
            cli_digital.choose_round(svc, event_id, round_number, digital, online)
            try:
                state = svc.seat(
                    event_id,
                    round_number,
                    movement=chosen,
                    seed=seed,
                    arbiter_tables=arbiter,
                    publish=publish,
                )
            except ArbitroError as exc:
                raise _absent_in_terminal(exc, event_id) from None
            opened = cli_digital.open_round(svc, event_id, round_number)
            state = svc.state(event_id)
            seating = state.round(round_number).seating
            assert seating is not None
            chosen_tables = cli_digital.round_data(state, round_number, opened)
            shown = bool(chosen_tables["digital_tables"])  # a round on paper shows as before
            emit(
                {
                    "round": round_number,
                    "tables": event.seating_to_payload(seating),
                    "unkept_constraints": unkept_payload(state, round_number),
                    "version": state.round(round_number).version,
                    **({"digital": chosen_tables} if shown else {}),
                },
                "\n".join(
                    [
                        cli_render.seating_text(state, round_number),
                        *_version_text(state, event_id, round_number),
                        *([cli_digital.round_text(state, round_number, opened)] if shown else []),
                    ]
                ),
                json_out,
            )

    _register_edits(seat_app)

    @app.command("publish-seating", help=_("Publish the seating."))
    def publish_seating(
        event_id: EventArg,
        round_number: RoundArg,
        seen: Annotated[
            int | None,
            typer.Option(
                help=_(
                    "The seating's version you looked at (shown by «seating»): refused if "
                    "someone changed it since"
                )
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Publish a round's seating (FIBAS art. 4, art. 21 b); its warnings shown once more
        (a rematch, a constraint not kept, a rest twice in a session: docs/rulings.md). With
        ``--seen``, only the version the director looked at (issue 29): refused with the
        tables that changed."""
        with errors(json_out):
            svc = service()
            try:
                svc.run(event_id, values.PublishSeating(round_number, seen=seen))
            except ArbitroError as exc:
                if exc.key != commands.PUBLISH_GONE:
                    raise
                raise ArbitroError(
                    "{refusal} («arbitro seat {event} {round}»)",
                    refusal=exc.msg,
                    event=verbatim(event_id),
                    round=round_number,
                    article=exc.article,
                    key=exc.key,
                ) from None
            opened = cli_digital.open_round(svc, event_id, round_number)  # issue 32
            state = svc.state(event_id)
            digital = cli_digital.round_data(state, round_number, opened)
            emit(
                {
                    "round": round_number,
                    "published": True,
                    "warnings": warnings_payload(state, round_number),
                    **({"digital": digital} if digital["digital_tables"] else {}),
                },
                "\n".join(
                    [
                        _("Seating published"),
                        *warnings_text(state, round_number),
                        *([cli_digital.round_text(state, round_number, opened)] if opened else []),
                    ]
                ),
                json_out,
            )

    @app.command("seating", help=_("Show the seating."))
    def seating(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """Show a round's seating."""
        with errors(json_out):
            state = service().state(event_id)
            s = state.round(round_number).seating
            emit(
                {
                    "round": round_number,
                    "tables": event.seating_to_payload(s) if s else None,
                    "version": state.round(round_number).version,
                },
                "\n".join(
                    [
                        cli_render.seating_text(state, round_number),
                        *_version_text(state, event_id, round_number),
                    ]
                ),
                json_out,
            )

    @app.command("sheet", help=_("Enter a table's sheet."))
    def sheet(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        deal: Annotated[
            list[str] | None,
            typer.Option(
                "--deal",
                "-d",
                help=for_codes(
                    _("N-S base,points,E-W base,points (one per deal; teams: open room)"),
                    "--deal",
                ),
            ),
        ] = None,
        points: Annotated[list[str] | None, points_option()] = None,
        abandoned: Annotated[int | None, abandoned_option()] = None,
        closed: Annotated[
            list[str] | None,
            typer.Option(
                "--closed", help=for_codes(_("Teams: the closed room's deals"), "--closed")
            ),
        ] = None,
        actor: Annotated[
            str,
            typer.Option(help=_("Entered by"), show_default=render(words.TERMINAL_ACTOR)),
        ] = "director",
        line: Annotated[
            str | None,
            typer.Option(
                help=_(
                    "{lines}: the line submitting it from the table",
                    lines=words.choices(words.LINE_WORDS),
                )
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Enter a table's sheet (FIBAS art. 19-20; Scala 40 art. 22-23): a second, different
        entry is a conflict the director decides."""
        with errors(json_out):
            svc = service()
            line = None if line is None else words.typed_or_same(words.LINE_WORDS, line)

            state = svc.state(event_id)
            refuse_foreign_options(
                state,
                {
                    "--deal": bool(deal),
                    "--closed": bool(closed),
                    "--points": bool(points),
                    "--abandoned": abandoned is not None,
                },
            )
            seat = common.playing_table(state, round_number, table)
            kind = state.sheet_kind
            entry = sheet_entry(kind, seat, state.code, deal, closed, points, abandoned)
            status = svc.enter_sheet(event_id, round_number, table, entry, actor=actor, line=line)
            state = svc.state(event_id)
            figures = kind.summary(kind.score(state.sheet_context(round_number, seat), entry))
            if figures is None:  # the kind reports the status only
                emit(
                    {"round": round_number, "table": table, "status": status},
                    _(
                        "Table {table}: sheet {status}",
                        table=table,
                        status=words.named(words.STATUS_NAMES, status),
                    ),
                    json_out,
                )
                return
            data: dict[str, Any] = {
                "round": round_number,
                "table": table,
                "status": status,
                **figures,
            }
            (ns_total, ew_total) = figures["ns_total"], figures["ew_total"]
            ns_vp, ew_vp = figures["ns_vp"], figures["ew_vp"]
            # Carte uguali (art. 20): the comparison's VP, not the table's, and the flags.

            shown, text = sheet_view.sheet_report(
                state, round_number, table, (ns_total, ew_total), (ns_vp, ew_vp)
            )
            data.update(shown)
            if status == "conflict":
                text += " — " + _("CONFLICT with the sheet already entered: the director decides")
            emit(data, text, json_out)

    @app.command("confirm", help=_("Confirm a sheet sent by one line."))
    def confirm(
        event_id: EventArg, round_number: RoundArg, table: TableArg, json_out: bool = JsonOpt
    ) -> None:
        """Confirm a sheet that only one line sent from the table (FIBAS art. 19). A sheet in
        conflict (the lines sent different numbers, art. 20) is refused: confirming does not
        settle it (the status stays «conflict»); the refusal names the correction that
        does."""
        with errors(json_out):
            svc = service()
            try:
                svc.run(event_id, values.ConfirmSheet(round_number, table))
            except ArbitroError as exc:
                if exc.key != commands.CONFIRM_CONFLICT:
                    raise
                options = code_spec(svc.state(event_id).code.code_id).sheet_options
                raise ArbitroError(
                    "table {table}'s sheet is in conflict: confirming does not settle it; "
                    "record the right one with «arbitro correct {event} {round} {table} --kind "
                    "{kind} --reason ... {option} ...»",
                    table=table,
                    kind=words.CORRECTION_WORDS["conflict"],
                    event=verbatim(event_id),
                    round=round_number,
                    option=verbatim(options[0] if options else "--deal"),
                    article=exc.article,
                    key=exc.key,
                ) from None
            emit(
                {"round": round_number, "table": table, "status": "confirmed"},
                _("Sheet confirmed"),
                json_out,
            )

    @app.command("correct", help=_("Correct a sheet."))
    def correct(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        kind: Annotated[str, typer.Option(help=words.choices(words.CORRECTION_WORDS))],
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        deal: Annotated[
            list[str] | None,
            typer.Option("--deal", "-d", help=for_codes(_("The corrected deals"), "--deal")),
        ] = None,
        closed: Annotated[
            list[str] | None,
            typer.Option(
                "--closed", help=for_codes(_("Teams: the closed room's deals"), "--closed")
            ),
        ] = None,
        points: Annotated[list[str] | None, points_option()] = None,
        abandoned: Annotated[int | None, abandoned_option()] = None,
        table_agrees: Annotated[
            bool, typer.Option(help=_("The table acknowledges the mistake (inverted scores)"))
        ] = False,
        swap: Annotated[
            str | None,
            typer.Option(
                help=for_codes(_("The two players whose scores were inverted, e.g. 3,7"), "--swap")
            ),
        ] = None,
        by_arbiter: Annotated[
            bool, typer.Option(help=_("A correction signed by the arbiter"))
        ] = False,
        actor: Annotated[
            str,
            typer.Option(help=_("Corrected by"), show_default=render(words.TERMINAL_ACTOR)),
        ] = "director",
        json_out: bool = JsonOpt,
    ) -> None:
        """Correct a sheet (FIBAS art. 21; Scala 40 art. 24): the round it counts from. A
        refusal for something missing names the option that gives it."""
        with errors(json_out):
            svc = service()
            state = svc.state(event_id)
            refuse_foreign_options(
                state,
                {
                    "--deal": bool(deal),
                    "--closed": bool(closed),
                    "--points": bool(points),
                    "--abandoned": abandoned is not None,
                    "--swap": swap is not None,
                },
            )
            entry = None
            if deal or points:
                seat = common.playing_table(state, round_number, table)
                entry = sheet_entry(
                    state.sheet_kind, seat, state.code, deal, closed, points, abandoned
                )
            correction = values.CorrectSheet(
                round_number,
                table,
                kind=words.typed(words.CORRECTION_WORDS, kind, "--kind"),
                reason=reason,
                entry=entry,
                table_agrees=table_agrees,
                by_arbiter=by_arbiter,
                swap=None if swap is None else _pair(swap),
                actor=actor,
            )
            try:
                eff = svc.run(event_id, correction)
            except ArbitroError as exc:
                raise _with_option(exc, state.sheet_kind.individual_tables) from None
            emit(
                {"round": round_number, "table": table, "effective_round": eff},
                _("Correction recorded (counts from round {round})", round=eff)
                + _stale_next(svc, event_id, round_number),
                json_out,
            )

    @app.command("history", help=_("A sheet's history."))
    def history(
        event_id: EventArg, round_number: RoundArg, table: TableArg, json_out: bool = JsonOpt
    ) -> None:
        """A sheet's history: entries and corrections (FIBAS art. 21)."""
        with errors(json_out):
            svc = service()
            versions = svc.sheet_history(event_id, round_number, table)
            data = [
                {
                    "seq": v.seq,
                    "kind": v.kind,
                    "actor": v.actor,
                    "at": v.at,
                    "reason": v.reason,
                    "entry": v.entry.to_payload(),
                    "effective_round": v.effective_round,
                }
                for v in versions
            ]
            state = svc.state(event_id)
            where = zone.event_zone(state.config)  # the event's time zone
            individuals = state.sheet_kind.individual_tables
            emit(data, cli_render.history_text(versions, where, individuals), json_out)

    @app.command("publish", help=_("Publish the round's standings."))
    def publish(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """Publish a round's standings (FIBAS art. 39)."""
        with errors(json_out):
            svc = service()
            svc.run(event_id, values.PublishStandings(round_number))
            state = svc.state(event_id)
            final = state.standings_final(round_number, svc.clock())
            emit(
                cli_render.standings_data(state, round_number, final),
                cli_render.standings_text(
                    state, standings.standings(state, round_number), round_number, final
                ),
                json_out,
            )

    @app.command("standings", help=_("Standings."))
    def show_standings(
        event_id: EventArg,
        round_number: Annotated[
            int | None,
            typer.Option(
                "--round",
                help=_("After round (default: the last one whose seating is published)"),
            ),
        ] = None,
        session: Annotated[
            int | None,
            typer.Option("--session", help=_("Only the rounds of this session (1, 2, ...)")),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """The standings after a round (default: the last one whose seating is published,
        not a draft no table has seen), final or provisional (FIBAS art. 39); with
        ``--session`` the standings of that session's rounds only (art. 2 "Sessione");
        before any round is published, a line saying so rather than an empty table."""
        with errors(json_out):
            svc = service()
            state = svc.state(event_id)
            rnd = round_number or published_round(state)
            if rnd == 0 and session is None and not json_out:
                emit(None, _("No round published yet: the standings start with round 1"), False)
                return
            final = rnd > 0 and state.standings_final(rnd, svc.clock())
            if session is not None:
                first, last = standings.session_rounds(state, session)
                rows = standings.session_standings(state, session, rnd)
                emit(
                    {
                        "session": session,
                        "first_round": first,
                        "last_round": last,
                        "round": min(rnd, last),
                        "final": final,
                        "rows": rows,
                    },
                    cli_render.session_standings_text(state, rows, session, min(rnd, last)),
                    json_out,
                )
                return
            emit(
                cli_render.standings_data(state, rnd, final),
                cli_render.standings_text(state, standings.standings(state, rnd), rnd, final),
                json_out,
            )

    @app.command("missing", help=_("Tables without a sheet or in conflict."))
    def missing(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """The tables of a round without a sheet or in conflict, then the sheets flagged for
        the director (issue 29): a line signed from two phones (a third device), or two lines
        signed from one network address and browser within seconds."""
        with errors(json_out):
            state = service().state(event_id)
            tables = commands.missing_sheets(state, round_number)
            flagged = _flagged_sheets(state, round_number)
            emit(
                {"round": round_number, "tables": tables, "flagged": flagged},
                "\n".join(
                    [
                        ", ".join(map(str, tables)) or _("None"),
                        *(_flag_text(f) for f in flagged),
                    ]
                ),
                json_out,
            )

    @app.command("complaint", help=_("A complaint about the standings."))
    def complaint(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        text: Annotated[str, typer.Argument(help=_("What the complaint says"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Lodge a complaint about a round's standings (FIBAS art. 39)."""
        with errors(json_out):
            n = service().run(event_id, values.LodgeComplaint(round_number, competitor, text))
            emit({"complaint": n}, _("Complaint no. {number} recorded", number=n), json_out)

    @app.command("complaints", help=_("The open complaints, with their numbers."))
    def complaints(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """The complaints not yet settled, with the numbers «resolve» takes (FIBAS art. 38-39)."""
        with errors(json_out):
            svc = service()
            found = svc.open_complaints(event_id)
            state = svc.state(event_id) if found else None
            lines = [
                _(
                    "Complaint no. {number}, round {round}: {complaint}",
                    number=c.number,
                    round=c.round,
                    complaint=c.text,
                )
                if c.competitor is None or state is None
                else _(
                    "Complaint no. {number}, round {round}, by competitor {competitor} "
                    "({name}): {complaint}",
                    number=c.number,
                    round=c.round,
                    competitor=c.competitor,
                    name=state.competitor(c.competitor).name,
                    complaint=c.text,
                )
                for c in found
            ]
            emit(
                [
                    {
                        "complaint": c.number,
                        "round": c.round,
                        "competitor": c.competitor,
                        "text": c.text,
                    }
                    for c in found
                ],
                "\n".join(lines) or _("No open complaint."),
                json_out,
            )

    @app.command("redraw", help=_("Draw a stale seating again."))
    def redraw(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """Draw a round's unpublished seating again, with its movement and seed, on the
        standings a correction changed (FIBAS art. 21 a)."""
        record(
            json_out,
            lambda svc: svc.run(event_id, values.Redraw(round_number)),
            {"round": round_number, "seated": True},
            _("Round {round} seated again on the corrected standings", round=round_number),
        )

    @app.command("resolve", help=_("Settle a complaint."))
    def resolve(
        event_id: EventArg,
        round_number: RoundArg,
        complaint_no: Annotated[int, typer.Argument(help=_("Complaint number"))],
        decision: Annotated[str, typer.Option(help=_("Decision"))],
        accept: Annotated[
            bool | None,
            typer.Option("--accept/--reject", help=_("Accept or reject the complaint")),
        ] = None,
        table: Annotated[
            int | None,
            typer.Option(help=_("Accepted: the table that acknowledges inverted scores")),
        ] = None,
        by_arbiter: Annotated[
            bool, typer.Option(help=_("A correction signed by the arbiter"))
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Settle a complaint with the director's decision (FIBAS art. 38), saying which way
        it went and what it changed: accepted with ``--table``, that table's inverted sheet is
        corrected in the round's standings (art. 21, 39); rejected, or accepted without a
        table, no sheet changes; neither ``--accept`` nor ``--reject``, the decision's text
        alone says it, and the terminal says so. Then whether the round's standings are final
        (art. 39: none open once the window has passed)."""
        with errors(json_out):
            svc = service()
            if accept is None:
                svc.run(event_id, values.ResolveComplaint(round_number, complaint_no, decision))
                eff = None
            else:
                eff = svc.run(
                    event_id,
                    values.DecideComplaint(
                        round_number,
                        complaint_no,
                        decision,
                        accepted=accept,
                        table=table if accept else None,
                        by_arbiter=by_arbiter,
                    ),
                )
            state = svc.state(event_id)
            emit(
                {
                    "complaint": complaint_no,
                    "resolved": True,
                    "accepted": accept,
                    "effective_round": eff,
                },
                "\n".join(
                    [
                        _settled_text(complaint_no, decision, accept),
                        _settled_change(state, round_number, accept, eff),
                        *_standings_state(state, round_number, svc.clock()),
                    ]
                )
                + ("" if eff is None else _stale_next(svc, event_id, round_number)),
                json_out,
            )

    @app.command(
        "prizes",
        help=cited(
            N_("Prizes by category and ties for prizes ({article})."),
            code_citing("prize_ties"),
            "prize_ties",
        ),
    )
    def prizes(
        event_id: EventArg,
        places: Annotated[int, typer.Option(help=_("Prize places"))] = 3,
        draw_seed: Annotated[
            int | None,
            typer.Option(
                help=cited(
                    N_("Draw among the tied ({article})"), code_citing("prize_ties"), "prize_ties"
                )
            ),
        ] = None,
        category: Annotated[
            list[str] | None,
            typer.Option(
                "--category",
                "-c",
                help=_(
                    "A prize category NAME:RULE[=PARAM]:PRIZES[:NUMBERS], overall first "
                    "(e.g. Assoluta:overall:100/60/40, Dame:ladies:50, Over 65:seniors=1961:30)"
                ),
            ),
        ] = None,
        tie: Annotated[
            str,
            typer.Option(
                "--tie",
                help=cited(
                    N_(
                        "Tie rule ({article}), its letter or word: a) split, b) winners-decide, c) draw"
                    ),
                    code_citing("prize_ties"),
                    "prize_ties",
                ),
            ),
        ] = "c",
        after_round: Annotated[
            int | None, typer.Option("--round", help=_("Standings after this round"))
        ] = None,
        keep: Annotated[
            bool, typer.Option("--record", help=_("Record the prize plan in the event"))
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """The prize list by category (``--category``, recorded with ``--record``; the
        recorded plan's list without it), one prize per competitor and ties by the rule
        chosen; without categories nor plan, the ties for the first ``--places`` places,
        drawn by lot with ``--draw-seed`` (Parole art. 6.1)."""
        with errors(json_out):
            svc = service()
            state = svc.state(event_id)
            if category:
                requests = [prizes_service.parse_category(c) for c in category]
                rule = prizes_service.parse_tie_rule(tie)
                if keep:
                    prizes_service.record_plan(
                        svc, event_id, requests, rule, seed=draw_seed, after_round=after_round
                    )
                    state = svc.state(event_id)
                    plan = state.prize_plan
                else:
                    plan = standings_prizes.build_plan(
                        sorted(state.competitors),
                        prizes_service.profiles(svc.store, event_id),
                        requests,
                        rule,
                        draw_seed or 0,
                        after_round or state.config.rounds,
                    )
            else:
                plan = state.prize_plan
            if plan is not None:
                found = prizes_service.prize_list(state, plan)
                emit(found.to_json(), _prize_text(found), json_out)
                return
            ties = standings_prizes.prize_ties(
                standings.standings(state, state.current_round()), places
            )
            drawn = (
                {
                    str(c): p
                    for tie in ties
                    for c, p in standings_prizes.draw_places(tie, draw_seed).items()
                }
                if draw_seed is not None
                else {}
            )
            lines = [
                _(
                    "Places {first}-{last} tied: {names}",
                    first=tie.places[0],
                    last=tie.places[-1],
                    names=", ".join(state.competitors[c].name for c in tie.competitors),
                )
                for tie in ties
            ] or [_("No ties for prizes")]
            lines += [f"{state.competitors[int(c)].name}: {p}" for c, p in drawn.items()]
            emit(
                {
                    "ties": [
                        {"places": tie.places, "competitors": tie.competitors} for tie in ties
                    ],
                    "drawn": drawn,
                },
                "\n".join(lines),
                json_out,
            )


def _prize_text(found: PrizeList) -> str:
    """The prize list as the terminal shows it: a block per category."""
    out = [
        _("Prizes on the standings after round {round}", round=found.after_round),
        _("Ties: {rule}", rule=prizes_service.TIE_RULE_NAMES[found.tie_rule].render()),
    ]
    for cat in found.categories:
        out.append("")
        out.append(f"{cat.name} ({cat.rule.render()})")
        if not cat.lines:
            out.append("  " + _("no prize given"))
        for line in cat.lines:
            text = f"  {prizes_service.places_text(line.places)}. {line.name} ({line.competitor}) {prizes_service.prize_text(line.prize)}"
            if line.tied_with:
                text += "  " + _("tied with {names}", names=", ".join(line.tied_with))
            out.append(text)
    return "\n".join(out)


def _settled_text(number: int, decision: str, accept: bool | None) -> str:
    """The first line of ``arbitro resolve``: the complaint, which way it went and the
    decision's words (FIBAS art. 38); neither accepted nor rejected, how to say which."""
    if accept is None:
        return _(
            "Complaint no. {number} settled without saying whether it is accepted or rejected "
            "(--accept or --reject says it): «{decision}»",
            number=number,
            decision=decision,
        )
    if accept:
        return _("Complaint no. {number} accepted: «{decision}»", number=number, decision=decision)
    return _("Complaint no. {number} rejected: «{decision}»", number=number, decision=decision)


def _settled_change(
    state: EventState, round_number: int, accept: bool | None, effective: int | None
) -> str:
    """What settling the complaint changed in the standings (FIBAS art. 21, 38): the
    correction and the round it counts from, or no sheet changed (accepted without
    ``--table``: the option that corrects a table's inverted scores)."""
    if effective is not None:
        return _("Correction recorded (counts from round {round})", round=effective)
    unchanged = _("No sheet corrected: round {round}'s standings are unchanged", round=round_number)
    if accept:
        return (
            unchanged
            + " "
            + _(
                "(--table NUMBER corrects the inverted scores of a table that acknowledges them, "
                "{article})",
                article=state.code.cite("corrections"),
            )
        )
    return unchanged


def _standings_state(state: EventState, round_number: int, now: datetime) -> list[str]:
    """Whether the round's published standings are final once the complaint is settled
    (FIBAS art. 39: final when the complaints window has passed and none is open); nothing
    for standings not yet published."""
    r = state.round(round_number)
    if r.standings_published_at is None:
        return []
    if state.standings_final(round_number, now):
        return [_("Round {round}'s standings are final", round=round_number)]
    left = len(r.open_complaints)
    if left:
        return [
            render(
                ngettext(
                    "Round {round}'s standings stay provisional: {count} complaint still open",
                    "Round {round}'s standings stay provisional: {count} complaints still open",
                    left,
                    round=round_number,
                )
            )
        ]
    said = _(
        "Round {round}'s standings stay provisional until the complaints window ends",
        round=round_number,
    )
    article = state.code.cite_if("complaints")
    return [said if article is None else f"{said} ({render(article)})"]


def _stale_next(svc: EventService, event_id: str, round_number: int) -> str:
    """A line saying that the next round's seating, drawn but not published, is stale after
    a correction (FIBAS art. 21 a), with the command that draws it again; "" otherwise."""
    if round_number >= svc.state(event_id).config.rounds:
        return ""
    if not svc.stale_seating(event_id, round_number + 1):
        return ""
    return "\n" + _(
        "Round {round}'s seating was drawn on the standings before this correction: draw it "
        "again with «arbitro redraw {event} {round}» before publishing it",
        round=round_number + 1,
        event=event_id,
    )


def _pair(text: str) -> tuple[int, int]:
    values = ints(text, message("players"))
    if len(values) != 2:
        raise ArbitroError(
            "«{text}»: name two players",
            text=text,
            article=cite(code_citing("negative_points"), "corrections"),
        )
    return values[0], values[1]


def _register_edits(seat_app: typer.Typer) -> None:
    """``arbitro seat swap|move|edits|cancel``: the seating edited by hand before it is
    published (FIBAS art. 4; docs/rulings.md, "Seating by hand")."""

    def report(event_id: str, round_number: int, seq: int, json_out: bool) -> None:
        state = service().state(event_id)
        seating = state.round(round_number).seating
        assert seating is not None
        edit = next(r for r in state.round(round_number).edits if r.seq == seq)
        emit(
            {
                "round": round_number,
                "edit": seq,
                "tables": event.seating_to_payload(seating),
                "warnings": warnings_payload(state, round_number),
            },
            "\n".join(
                [
                    _("Edit recorded: {edit}", edit=edit_text(state, edit)),
                    cli_render.seating_text(state, round_number),
                    *warnings_text(state, round_number),
                ]
            ),
            json_out,
        )

    @seat_app.command("swap", help=_("Swap two competitors in a seating not yet published."))
    def swap(
        event_id: EventArg,
        round_number: RoundArg,
        first: CompArg,
        second: CompArg,
        json_out: bool = JsonOpt,
    ) -> None:
        """Swap the places of two competitors before the seating is published (FIBAS art. 4),
        then show the seating and its warnings."""
        with errors(json_out):
            seq = service().run(event_id, values.SwapSeats(round_number, first, second))
            report(event_id, round_number, seq, json_out)

    @seat_app.command(
        "move", help=_("Move a competitor to a table and line in a seating not yet published.")
    )
    def move(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        table: Annotated[
            int, typer.Option(help=_("The table (the one after the last: a new table)"))
        ],
        line: Annotated[
            str,
            typer.Option(help=_("The line: {lines}", lines=words.choices(words.LINE_WORDS))),
        ],
        json_out: bool = JsonOpt,
    ) -> None:
        """Move a competitor to a table and line before the seating is published (FIBAS
        art. 4): the line's occupant takes its place; a new table is incomplete, its line
        rests (art. 37)."""
        with errors(json_out):
            side = words.typed(words.LINE_WORDS, line, "--line")
            seq = service().run(event_id, values.MoveSeat(round_number, competitor, table, side))
            report(event_id, round_number, seq, json_out)

    @seat_app.command("edits", help=_("The hand edits of a seating, with their numbers."))
    def edits(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """The hand edits in force of a round's seating, in order, with the numbers that
        cancel them, and the seating's warnings."""
        with errors(json_out):
            state = service().state(event_id)
            found = state.round(round_number).edits
            lines = [edit_text(state, r) for r in found] or [_("No edit by hand.")]
            emit(
                {
                    "round": round_number,
                    "edits": [{"seq": r.seq, **records.body_to_json(r.body)} for r in found],
                    "warnings": warnings_payload(state, round_number),
                },
                "\n".join([*lines, *warnings_text(state, round_number)]),
                json_out,
            )

    @seat_app.command("cancel", help=_("Cancel a hand edit of a seating not yet published."))
    def cancel(
        event_id: EventArg,
        seq: Annotated[int, typer.Argument(help=_("The edit's record number"))],
        reason: Annotated[str, typer.Option(help=_("Why it is cancelled"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Cancel a hand edit like every action (a new record says who and why): the
        seating is folded again without it."""
        with errors(json_out):
            svc = service()
            state = svc.state(event_id)
            edited = [n for n, r in state.rounds.items() for e in r.edits if e.seq == seq]
            if not edited:
                raise ArbitroError(
                    "record #{seq} is not a hand edit in force of a seating", seq=seq
                )
            svc.run(event_id, values.Cancel(seq, reason))
            state = svc.state(event_id)
            emit(
                {
                    "cancelled": seq,
                    "round": edited[0],
                    "warnings": warnings_payload(state, edited[0]),
                },
                "\n".join(
                    [_("Record #{seq} cancelled", seq=seq), *warnings_text(state, edited[0])]
                ),
                json_out,
            )
