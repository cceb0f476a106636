"""CLI: create, list and show events; register (one by one or from CSV), rename and
withdraw competitors (FIBAS art. 2, 4, 36, 37)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

import typer

from arbitro.cli import words
from arbitro.cli.citing import code_citing
from arbitro.cli.common import (
    CompArg,
    EventArg,
    JsonOpt,
    NameOpt,
    cited,
    command_group,
    emit,
    errors,
    event_created,
    ints,
    open_store,
    record,
    service,
)
from arbitro.codes.citation import Citation, cite_if
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import DEFAULT_CODE, EventKind, code_spec, codes_of
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, Message, _, message, ngettext, render, verbatim
from arbitro.lazy_names import lazy_module
from arbitro.tournament.model import EventFormat, Movement

if TYPE_CHECKING:
    from arbitro import money, tiebreak_names
    from arbitro.cli import digital as cli_digital
    from arbitro.services import registering
    from arbitro.services import registrations as registrations_service
    from arbitro.tournament import commands, event, zone
    from arbitro.tournament import rules as tournament_rules
    from arbitro.tournament.commands import setup, values
    from arbitro.tournament.event import EventState
    from arbitro.tournament.standings import tiebreaks as standings_tiebreaks
else:
    # Loaded on first use: the command line's start-up (issue 14).
    money = lazy_module("arbitro.money")
    cli_digital = lazy_module("arbitro.cli.digital")
    registrations_service = lazy_module("arbitro.services.registrations")
    tiebreak_names = lazy_module("arbitro.tiebreak_names")
    commands = lazy_module("arbitro.tournament.commands")
    setup = lazy_module("arbitro.tournament.commands.setup")
    values = lazy_module("arbitro.tournament.commands.values")
    event = lazy_module("arbitro.tournament.event")
    tournament_rules = lazy_module("arbitro.tournament.rules")
    standings_tiebreaks = lazy_module("arbitro.tournament.standings.tiebreaks")
    zone = lazy_module("arbitro.tournament.zone")
    registering = lazy_module("arbitro.services.registering")


def _movement_word(text: str) -> bool:
    """Whether ``text`` names a movement in either language (FIBAS art. 4)."""
    try:
        words.typed(words.MOVEMENT_WORDS, text, "--movements")
    except ArbitroError:
        return False
    return True


def _per_round(values: list[str], rounds: int, what: Message) -> list[str]:
    if len(values) == 1:
        return values * rounds
    if len(values) != rounds:
        raise ArbitroError(
            ngettext(
                "{what}: {count} values for {rounds} round (a single one applies to all)",
                "{what}: {count} values for {rounds} rounds (a single one applies to all)",
                rounds,
                what=what,
                count=len(values),
                rounds=rounds,
            )
        )
    return values


def code_citation(code: str, topic: str) -> Citation | None:
    """The article of ``topic`` in the code named ``code`` (``None`` for an unknown code, which
    the service refuses on its own, or a topic the code has no rule for)."""
    try:
        return cite_if(CodeId(code), topic)
    except ValueError:
        return None


def code_defaults(code: str) -> tuple[int | None, int]:
    """Rounds and deals per round when not given, as the code's spec sets them for a new
    event (Scala 40's "5 turni di gioco da 5 chiusure", art. 5); else 2 deals a round and no
    default number of rounds (FIBAS art. 7)."""
    defaults = code_spec(code).desk_defaults
    rounds = defaults.get("rounds")
    return (None if rounds is None else int(rounds)), int(defaults.get("deals", "2"))


def tiebreak_choices() -> str:
    """The tie-breaks a director may choose, for the command's help: each criterion's words
    in the run's language (the command takes them in either language, or the record's name),
    then what it does (issue 34)."""
    return "; ".join(
        f"{render(label)}: {render(what)}"
        for label, what in tiebreak_names.CRITERION_WORDS.values()
    )


def _late_seat(state: EventState, number: int) -> tuple[int, int] | None:
    """The round and table where a competitor just registered was seated at once (a late
    pair completing round 1's incomplete table, FIBAS art. 37; a player at a table of three,
    Scala 40 art. 26); None when it waits for the next seating."""
    rnd = state.current_round()
    if rnd == 0 or state.round(rnd).seating_published_at is None:
        return None
    table = state.table_of(rnd, number)
    return None if table is None else (rnd, table.table)


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""
    event_app = command_group(app, "event", _("Events: create, list, show"))

    @event_app.command("create", help=_("Create an event."))
    def create(
        event_id: EventArg,
        name: NameOpt,
        movements: Annotated[
            str,
            typer.Option(
                help=_(
                    "Movement per round, comma-separated ({movements}); a single one applies "
                    "to all",
                    movements=words.choices(words.MOVEMENT_WORDS).replace(" | ", ", "),
                )
            ),
        ],
        format: Annotated[
            str | None,
            typer.Option(
                "--format",
                help=words.choices(words.FORMAT_WORDS),
                show_default=_("the code's: pairs, unless it is played individually"),
            ),
        ] = None,
        rounds: Annotated[
            int | None,
            typer.Option(
                help=cited(N_("Number of rounds ({article}: 5)"), code_citing("rounds"), "rounds")
            ),
        ] = None,
        deals: Annotated[
            str | None,
            typer.Option(
                help=cited(
                    N_(
                        "Deals per round, for all or per round: 2 or 2,2,3 (Burraco: 2; {article}: 5)"
                    ),
                    code_citing("rounds"),
                    "rounds",
                )
            ),
        ] = None,
        mitchell_step: Annotated[
            int,
            typer.Option(
                help=_(
                    "Mitchell step (tables; 0: chosen to keep apart the pairs that must not meet)"
                )
            ),
        ] = 1,
        seed: Annotated[int, typer.Option(help=_("Seed of the draws"))] = 0,
        duplicate: Annotated[
            bool,
            typer.Option(
                help=cited(N_("Duplicate cards (continuous scale, {article})"), DEFAULT_CODE, "vp")
            ),
        ] = False,
        carte_uguali: Annotated[
            bool,
            typer.Option(
                "--carte-uguali",
                help=cited(
                    N_(
                        "Carte uguali: prepared boards, each line compared with the field "
                        "(implies --duplicate; {article})"
                    ),
                    DEFAULT_CODE,
                    "vp",
                ),
            ),
        ] = False,
        comparison: Annotated[
            str | None,
            typer.Option(
                "--comparison",
                help=_(
                    "Carte uguali: compare with {others} (average of the other tables) or "
                    "{field} (all the tables); {table}: each table's own difference",
                    others=render(words.COMPARISON_WORDS["others"]),
                    field=render(words.COMPARISON_WORDS["field"]),
                    table=render(words.COMPARISON_WORDS["table"]),
                ),
            ),
        ] = None,
        complaints_minutes: Annotated[int, typer.Option(help=_("Minutes for complaints"))] = 15,
        sessions: Annotated[
            str, typer.Option(help=_("First round of each session, e.g. 1,4"))
        ] = "1",
        code: Annotated[
            str,
            typer.Option(
                help=_("Competition code: {codes}", codes=" | ".join(codes_of(EventKind.ROUNDS)))
            ),
        ] = DEFAULT_CODE,
        fee: Annotated[
            str | None,
            typer.Option(
                "--fee",
                help=_("Entry fee per competitor (pair, team, player) in euros, e.g. 10,00"),
            ),
        ] = None,
        timezone: Annotated[
            str | None,
            typer.Option(
                "--timezone",
                help=_(
                    "The venue's time zone (e.g. Europe/London): times are shown and typed "
                    "in it (default: Europe/Rome)"
                ),
            ),
        ] = None,
        digital: Annotated[
            str | None,
            typer.Option(
                "--digital",
                help=words.tables_help(event_default=True),
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Create an event with its rounds, deals and movements (FIBAS art. 4), its entry
        fee per competitor and, with ``--digital``, its rounds' digital tables (issue 32)."""
        with errors(json_out):
            rules = tournament_rules.rules_for(code)  # refuses an unknown code first
            defaults = code_defaults(code)
            rounds = rounds if rounds is not None else defaults[0]
            deals = deals if deals is not None else str(defaults[1])
            if rounds is None:
                raise ArbitroError("give the number of rounds (--rounds)")
            deal_list = [
                int(d)
                for d in _per_round(
                    [str(x) for x in ints(deals, message("deals"))], rounds, message("deals")
                )
            ]
            moves = _per_round(
                [m.strip() for m in movements.split(",") if m.strip()],
                rounds,
                message("movements"),
            )
            unknown = [m for m in moves if not _movement_word(m)]
            if unknown:
                raise ArbitroError(
                    "unknown movement: {detail}; valid: {valid}",
                    detail=unknown[0],
                    valid=words.choices(words.MOVEMENT_WORDS).replace(" | ", ", "),
                    article=code_citation(code, "movements"),
                )
            move_list = tuple(
                Movement(words.typed(words.MOVEMENT_WORDS, m, "--movements")) for m in moves
            )
            if comparison is not None:
                comparison = words.typed(words.COMPARISON_WORDS, comparison, "--comparison")
            if carte_uguali or comparison not in (None, "table"):
                duplicate = True
                comparison = comparison or "others"
            config = event.EventConfig(
                name=name,
                event_format=EventFormat(
                    words.typed(words.FORMAT_WORDS, format, "--format")
                    if format is not None
                    else code_spec(code).desk_defaults.get("format", EventFormat.PAIRS.value)
                ),
                rounds=rounds,
                deals=tuple(deal_list),
                movements=move_list,
                mitchell_step=mitchell_step,
                seed=seed,
                duplicate=duplicate,
                comparison=cast(Literal["table", "others", "field"] | None, comparison),
                complaints_window_minutes=complaints_minutes,
                session_starts=tuple(ints(sessions, message("sessions"))),
                code=CodeId(rules.code_id),
                game=GameId(rules.game),
                entry_fee_cents=None if fee is None else money.parse_euros(fee),
                timezone=timezone,
            )
            svc = service()
            svc.create_event(event_id, config)
            cli_digital.choose_round(svc, event_id, 0, digital, None)  # the rounds' default
            event_created(
                event_id, name, {"event_id": event_id, "config": config.to_payload()}, json_out
            )

    @event_app.command("list", help=_("List the events."))
    def list_events(json_out: bool = JsonOpt) -> None:
        """List the events of the database."""
        with errors(json_out):
            events = open_store().list_events()  # the store alone: no event is folded
            text = "\n".join(
                _(
                    "{event}  {name}  ({count} rec.)",
                    event=e.event_id,
                    name=e.name,
                    count=e.record_count,
                )
                for e in events
            ) or _("No events")
            emit(events, text, json_out)

    @event_app.command("show", help=_("Configuration and round status."))
    def show(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """An event's configuration and each round's status: seated, published, sheets
        missing (FIBAS art. 4, 19, 39)."""
        with errors(json_out):
            state = service().state(event_id)
            rounds: list[dict[str, Any]] = []
            for n in range(1, state.config.rounds + 1):
                r = state.round(n)
                tables = r.seating.tables if r.seating else ()
                rounds.append(
                    {
                        "round": n,
                        "deals": state.deals(n),
                        "movement": (r.movement or state.config.movements[n - 1]).value,
                        "seated": r.seating is not None,
                        "seating_published": r.seating_published_at,
                        "standings_published": r.standings_published_at,
                        "sheets": {
                            tab.table: commands.sheet_status(state, n, tab.table) for tab in tables
                        },
                    }
                )
            data = {
                "event_id": event_id,
                "config": state.config.to_payload(),
                "competitors": len(state.competitors),
                "rounds": rounds,
                "unverified": list(state.unverified),  # records imported unverified (issue 29)
            }
            lines = [
                render(
                    ngettext(
                        "{name} ({event}): {format}, {count} competitor",
                        "{name} ({event}): {format}, {count} competitors",
                        len(state.competitors),
                        name=state.config.name,
                        event=event_id,
                        format=words.named(words.FORMAT_NAMES, state.config.event_format),
                    )
                ),
                "  " + _("Time zone: {zone}", zone=zone.event_zone(state.config).key),
            ]
            if state.unverified:
                lines.insert(
                    0,
                    _(
                        "UNVERIFIED: imported from a file whose records live actions would not "
                        "all have accepted (records {records})",
                        records=", ".join(map(str, state.unverified)),
                    ),
                )
            if state.config.comparison in ("others", "field"):
                lines.append(
                    "  "
                    + _(
                        "Carte uguali: each line compared with {method} ({article})",
                        article=str(state.code.cite("vp")),
                        method=_("the other tables")
                        if state.config.comparison == "others"
                        else _("the whole field"),
                    )
                )
            for rd in rounds:
                sheets: dict[int, str] = rd["sheets"]
                missing = [str(k) for k, v in sheets.items() if v in ("missing", "conflict")]
                notes = [
                    render(
                        ngettext(
                            "Round {round}: {deals} deal, {movement}",
                            "Round {round}: {deals} deals, {movement}",
                            rd["deals"],
                            round=rd["round"],
                            deals=rd["deals"],
                            movement=words.named(words.MOVEMENT_NAMES, rd["movement"]),
                        )
                    )
                ]
                if rd["seated"]:
                    notes.append(_("seated"))
                if rd["standings_published"]:
                    notes.append(_("standings published"))
                if missing and rd["seating_published"]:
                    notes.append(_("sheets missing: {tables}", tables=", ".join(missing)))
                lines.append("  " + ", ".join(notes))
            emit(data, "\n".join(lines), json_out)

    @event_app.command(
        "tiebreaks",
        help=_(
            "Tie-breaks among competitors level on V.P., in order (none given: show them). "
            "Criteria: {criteria}",
            criteria=tiebreak_choices(),
        ),
    )
    def tiebreaks(
        event_id: EventArg,
        criteria: Annotated[
            list[str] | None,
            typer.Argument(help=_("The criteria in order, by name or in words")),
        ] = None,
        seed: Annotated[
            int | None, typer.Option(help=_("Seed of the draw (default: a new one, kept)"))
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Record the event's tie-breaks among competitors level on V.P., in order, or show
        them (issue 34; docs/rulings.md, "Tie-breaks": the default is V.P., then M.P.)."""
        with errors(json_out):
            svc = service()
            if criteria:
                svc.run(event_id, values.ChooseTiebreaks(criteria, seed))
            state = svc.state(event_id)
            names, drawn = standings_tiebreaks.chosen(state)
            emit(
                {"event_id": event_id, "criteria": list(names), "seed": drawn},
                render(
                    standings_tiebreaks.tiebreak_line(names, state.sheet_kind.mp_lower_is_better)
                ),
                json_out,
            )

    @app.command("register", help=_("Register a competitor."))
    def register(
        event_id: EventArg,
        name: Annotated[str, typer.Argument(help=_("Name"))],
        player: Annotated[
            list[str] | None,
            typer.Option("--player", "-p", help=_("Player (repeatable)")),
        ] = None,
        from_round: Annotated[
            int | None,
            typer.Option(
                "--from-round",
                help=_("Admit a latecomer from this round (after the start; see the rulings)"),
            ),
        ] = None,
        missed: Annotated[
            str | None,
            typer.Option(
                "--missed",
                help=_(
                    "What the missed rounds score: {words} (the code's own score where it "
                    "fixes one)",
                    words=words.choices(words.MISSED_WORDS),
                ),
            ),
        ] = None,
        vp: Annotated[int, typer.Option("--vp", help=_("V.P. of each missed round"))] = 0,
        mp: Annotated[int, typer.Option("--mp", help=_("M.P. of each missed round"))] = 0,
        unranked: Annotated[
            bool, typer.Option("--unranked", help=_("It plays out of the ranking"))
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Register a competitor with its players (FIBAS art. 2); with ``--from-round`` admit
        a latecomer from a later round, its missed rounds scored as chosen (FIBAS art. 37,
        Scala 40 art. 26, docs/rulings.md "Late entries")."""
        with errors(json_out):
            late = None
            if from_round is not None:
                choice = (
                    None if missed is None else words.typed(words.MISSED_WORDS, missed, "--missed")
                )
                late = setup.LateEntry(from_round, choice, vp, mp, not unranked)
            elif missed is not None or unranked:
                raise ArbitroError("--missed and --unranked go with --from-round")
            svc = service()
            number = svc.run(event_id, registering.Register(name, player or [], late=late))
            state = svc.state(event_id)
            seated = _late_seat(state, number) if late is None else None
            article = state.code.cite_if("late_registration")
            if seated is not None and article is not None:
                rnd, table = seated
                text = _(
                    "Registered no. {number}: {name}, at table {table} of round {round} "
                    "({article})",
                    number=number,
                    name=name,
                    table=table,
                    round=rnd,
                    article=article,
                )
            elif late is None:
                text = _("Registered no. {number}: {name}", number=number, name=name)
            else:
                text = _(
                    "Registered no. {number}: {name}, playing from round {round}",
                    number=number,
                    name=name,
                    round=late.from_round,
                )
            data: dict[str, Any] = {"competitor": number, "name": name}
            if late is not None:
                data["from_round"] = late.from_round
            emit(data, text, json_out)

    @app.command(
        "import-csv",
        help=_("Registrations from CSV (columns name, player1, player2...)."),
    )
    def import_csv(
        event_id: EventArg,
        file: Annotated[Path, typer.Argument(help=_("CSV file"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Register the competitors of a CSV file, one per row (FIBAS art. 2), all or
        nothing: a file with problems registers nobody and every problem is listed by line."""
        with errors(json_out):
            try:
                data = file.read_bytes()
            except OSError as exc:
                raise ArbitroError(
                    "cannot read {file}: {reason}", file=str(file), reason=exc.strerror
                ) from None
            rows, problems = registrations_service.read_registrations_csv(
                registrations_service.decode_registrations(data)
            )
            numbers = service().register_many(event_id, rows, problems=problems)
            # Each with its number, in the file's order (the event's state is not folded): the
            # numbers check-in, seat and withdraw take (FIBAS art. 4).
            emit(
                {"registered": numbers},
                "\n".join(
                    [
                        render(
                            ngettext(
                                "Registered {count} competitor",
                                "Registered {count} competitors",
                                len(numbers),
                            )
                        ),
                        *(f"  {n} {row.name}" for n, row in zip(numbers, rows, strict=True)),
                    ]
                ),
                json_out,
            )

    @app.command("rename", help=_("Rename a competitor, or change its players."))
    def rename(
        event_id: EventArg,
        competitor: CompArg,
        name: Annotated[str, typer.Argument(help=_("The competitor's new name"))],
        player: Annotated[
            list[str] | None,
            typer.Option("--player", "-p", help=_("Player (repeatable): replaces the players")),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Rename a competitor; with ``--player``, its players are replaced (FIBAS art. 2)."""
        data: dict[str, Any] = {"competitor": competitor, "name": name}
        if player is not None:
            data["players"] = player
        record(
            json_out,
            lambda svc: svc.run(event_id, values.Rename(competitor, name, player)),
            data,
            _("Renamed"),
        )

    @app.command("check-in", help=_("Check in the competitors present before round 1."))
    def check_in(
        event_id: EventArg,
        numbers: Annotated[
            list[int] | None, typer.Argument(help=_("Competitor numbers"), show_default=False)
        ] = None,
        absent: Annotated[bool, typer.Option("--absent", help=_("Mark them absent again"))] = False,
        everyone: Annotated[
            bool, typer.Option("--all", help=_("Every competitor is present"))
        ] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Record who is present before round 1 is seated (FIBAS art. 4)."""
        with errors(json_out):
            svc = service()
            if everyone:
                svc.run(event_id, values.CheckInAll())
            else:
                svc.run(event_id, values.CheckIn(numbers or [], not absent))
            _check_in_report(svc.state(event_id), json_out)

    @app.command("withdraw-absent", help=_("Withdraw the competitors not checked in."))
    def withdraw_absent(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Withdraw every competitor absent at the check-in (FIBAS art. 36)."""
        with errors(json_out):
            svc = service()
            numbers = svc.run(event_id, values.WithdrawAbsent())
            state = svc.state(event_id)
            emit(
                {"withdrawn": numbers},
                _(
                    "Withdrawn: {competitors}",
                    competitors=", ".join(f"{n} {state.competitors[n].name}" for n in numbers),
                ),
                json_out,
            )

    @app.command("withdraw", help=_("Withdraw a competitor."))
    def withdraw(
        event_id: EventArg,
        competitor: CompArg,
        reason: Annotated[str | None, typer.Option(help=_("Reason"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Withdraw a competitor from the next round on (FIBAS art. 36)."""
        with errors(json_out):
            svc = service()
            rnd = svc.run(event_id, values.Withdraw(competitor, reason))
            state = svc.state(event_id)
            name = state.competitors[competitor].name
            emit(
                {"competitor": competitor, "from_round": rnd},
                "\n".join(
                    [
                        _(
                            "{number} {name} withdrawn from round {round}",
                            number=competitor,
                            name=verbatim(name),
                            round=rnd,
                        )
                        if rnd <= state.config.rounds
                        else _(
                            "{number} {name} withdrawn: no round is left to play, its results "
                            "stand",
                            number=competitor,
                            name=verbatim(name),
                        ),
                        *_still_seated(state, event_id, rnd, competitor),
                    ]
                ),
                json_out,
            )


def _still_seated(state: EventState, event_id: str, rnd: int, competitor: int) -> list[str]:
    """The line telling that round ``rnd``'s seating, drawn before the withdrawal and not yet
    published, still seats the competitor withdrawn from it, with the command that seats the
    round again without it (FIBAS art. 36, 4); nothing otherwise."""
    held = state.rounds.get(rnd)
    seating = None if held is None else held.seating
    if seating is None or competitor not in seating.competitors():
        return []
    return [
        _(
            "Round {round}'s seating, drawn before this withdrawal and not yet published, "
            "still seats {number}: seat the round again («arbitro seat {event} {round}») "
            "before publishing it",
            round=rnd,
            number=verbatim(f"{competitor} {state.competitors[competitor].name}"),
            event=verbatim(event_id),
        )
    ]


def _check_in_report(state: EventState, json_out: bool) -> None:
    """Who is present and who is not, after a check-in."""
    present, absent = state.present(), state.absent()
    total = len(present) + len(absent)
    lines = [_("Present: {present} of {total}", present=len(present), total=total)]
    if absent:
        names = ", ".join(f"{n} {state.competitors[n].name}" for n in absent)
        lines.append(_("Not checked in: {competitors}", competitors=names))
    emit({"present": present, "absent": absent}, "\n".join(lines), json_out)
