"""``arbitro digital``: a round's digital tables from the terminal (issue 32): open a table
as digital (its first deal dealt by a secure random source, robots at the seats asked), show
it (the director's full position and progress, or what one seat sees), and replay a deal
move by move in the engine's notation."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli import words
from arbitro.cli.common import (
    EventArg,
    JsonOpt,
    RoundArg,
    TableArg,
    command_group,
    emit,
    errors,
    open_store,
    service,
)
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, current_lang, ngettext, render
from arbitro.i18n.seats import named
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import psycopg

    from arbitro.games.core import seats
    from arbitro.games.core.seats import Seat
    from arbitro.services import digital_desk, digital_rounds, digital_tables, knockout_digital
    from arbitro.services import events as events_service
    from arbitro.services import knockout as knockout_service
    from arbitro.store import notify
    from arbitro.tournament.digital import rounds as rounds_choice
    from arbitro.tournament.digital.table import DigitalTable
    from arbitro.tournament.event import EventState
    from arbitro.web import base_url as web_base_url
    from arbitro.web import digital_table as web_digital_table
    from arbitro.web import knockout_match as web_knockout_match
    from arbitro.web import replay_words, seat_names
    from arbitro.web import secret as web_secret
    from arbitro.web.desk import digital as desk_digital
else:
    seats = lazy_module("arbitro.games.core.seats")
    psycopg = lazy_module("psycopg")  # PostgreSQL's path only (tell_phones)
    notify = lazy_module("arbitro.store.notify")
    digital_tables = lazy_module("arbitro.services.digital_tables")
    digital_rounds = lazy_module("arbitro.services.digital_rounds")
    rounds_choice = lazy_module("arbitro.tournament.digital.rounds")
    digital_desk = lazy_module("arbitro.services.digital_desk")
    knockout_digital = lazy_module("arbitro.services.knockout_digital")
    knockout_service = lazy_module("arbitro.services.knockout")
    events_service = lazy_module("arbitro.services.events")
    web_knockout_match = lazy_module("arbitro.web.knockout_match")
    web_base_url = lazy_module("arbitro.web.base_url")
    desk_digital = lazy_module("arbitro.web.desk.digital")  # the desk's naming of the fields
    replay_words = lazy_module("arbitro.web.replay_words")
    seat_names = lazy_module("arbitro.web.seat_names")  # the phone's view, named
    web_digital_table = lazy_module("arbitro.web.digital_table")
    web_secret = lazy_module("arbitro.web.secret")


def _seat(text: str) -> Seat:
    try:
        return seats.Seat(text.strip().upper())
    except ValueError:
        raise ArbitroError("«{seat}» is not a seat (N, E, S, W)", seat=text) from None


def _seats(text: str | None) -> tuple[Seat, ...]:
    if not text:
        return ()
    return tuple(_seat(s) for s in text.replace(",", " ").split())


def progress_data(state: EventState, t: DigitalTable) -> dict[str, Any]:
    """The table's progress as JSON, the desk's (:func:`digital_desk.progress`): deal k of
    n, moves, whose turn, the seats, paused, the calls waiting, the full position (the seats'
    phones are the web server's: ``unknown`` here)."""
    return digital_desk.progress(state, t)


_REASONS = {
    "player": N_("called from the table"),
    "time": N_("the move's time limit exceeded"),
    "wait": N_("a seat awaited too long"),
}


def _tables(event_id: str) -> tuple[Any, Callable[[DigitalTable], dict[str, Any]]]:
    """The digital tables' use cases of the event (a round event's tables, or a knockout's
    matches: the same methods) and a table's progress (the desk's for a round's table,
    :func:`progress_data`; a match's games at most for a match's, art. 9)."""
    store = open_store()
    if store.has_event(event_id) and store.event_kind(event_id) == "knockout":
        ko = knockout_service.KnockoutService(store)

        def games(round_number: int, table: int) -> int:
            view = knockout_digital.DigitalMatches(ko).view(
                event_id, round_number, table, seats.SEATS[0]
            )
            return int(view["deals"])

        return knockout_digital.DigitalMatches(ko), lambda t: match_progress(
            t, games(t.round, t.table)
        )
    svc = events_service.EventService(store)
    return digital_tables.DigitalTables(svc), lambda t: progress_data(svc.state(event_id), t)


def match_progress(t: DigitalTable, deals: int) -> dict[str, Any]:
    """A match's table's progress as JSON: game k of n, moves, whose turn, the full
    position."""
    game = t.position()
    return {
        "round": t.round,
        "table": t.table,
        "deal": t.current.number,
        "deals": deals,
        "moves": len(t.current.moves),
        "turn": None if game.is_over else game.turn.value,
        "over": game.is_over,
        "robots": list(t.current.robots),
        "position": t.engine.position(game),
    }


def progress_text(data: dict[str, Any]) -> str:
    """The table's progress as the terminal shows it, in the run's language."""
    head = _(
        "Table {table}, round {round}: deal {deal} of {deals}",
        table=data["table"],
        round=data["round"],
        deal=data["deal"],
        deals=data["deals"],
    )
    moves = render(ngettext("{count} move", "{count} moves", data["moves"]))
    turn = _("deal over") if data["over"] else _("to play: {seat}", seat=named(data["turn"]))
    if data.get("paused"):
        turn = f"{turn} · {_('Table paused by the arbiter')}"
    lines = [f"{head}, {moves} · {turn}"]
    if data["robots"]:
        robots = " ".join(named(s, short=True) for s in data["robots"])
        lines.append(_("Robots: {seats}", seats=robots))
    for c in data.get("calls", ()):
        why = _(_REASONS.get(c["reason"], c["reason"]))
        seat = named(c["seat"])
        lines.append(_("Call {number}: seat {seat}, {why}", number=c["number"], seat=seat, why=why))
    if data["position"]:
        lines.append(position_text(data["position"]))
    return "\n".join(lines)


def position_text(position: str) -> str:
    """A position as the desk shows it (:func:`arbitro.web.desk.digital.position_fields`):
    each field of the notation named in the terminal's language, a seat by its name, a
    phase with its meaning; then the notation itself, to copy (docs/notation-*.md)."""
    lines = []
    for f in desk_digital.position_fields(position):
        name = render(f["name"]) if f["name"] is not None else f["key"]
        value = render(f["seat"]) if f["seat"] is not None else f["value"]
        gloss = f" ({render(f['gloss'])})" if f["gloss"] is not None else ""
        lines.append(f"{name}: {value}{gloss}")
    lines.append(f"{_('The position in the notation (to copy)')}:")
    lines.append(position)
    return "\n".join(lines)


def view_text(view: dict[str, Any]) -> str:
    """A seat's view as its phone shows it, in the terminal's language (issue 32): the table
    and the seat by its name, the deal and whose turn, the hand, the other hands' sizes, the
    discard pile, each panel of melds and each count under its title (the phone's own,
    :func:`arbitro.web.seat_names.phone_view`: «Combinazioni della linea E-O»), the score
    once the deal is over, then the legal moves in the notation (what the seat may send)."""
    said = seat_names.phone_view(view, current_lang())
    seat, turn = str(said.get("seat") or ""), str(said.get("turn") or "")
    lines = [_("Table {table}, seat {seat}", table=said.get("table", "?"), seat=named(seat))]
    if said.get("over"):
        status = _("Deal over")
    elif turn == seat:
        status = _("Your turn")
    else:
        status = f"{_('To play')}: {named(turn)}"
    if said.get("paused"):
        status = f"{status} · {_('Table paused by the arbiter')}"
    deal = _("deal {deal} of {deals}", deal=said.get("deal", "?"), deals=said.get("deals", "?"))
    lines.append(f"{deal} · {status}")
    lines.append(f"{_('Your hand')}: {' '.join(said.get('hand') or []) or '—'}")
    sizes = {s: n for s, n in (said.get("hand_sizes") or {}).items() if s != seat}
    if sizes:
        hands = ", ".join(f"{named(s, short=True)} {n}" for s, n in sizes.items())
        lines.append(f"{_('Cards in the other hands')}: {hands}")
    if "pile" in said:
        lines.append(f"{_('Discard pile')}: {' '.join(said.get('pile') or []) or '—'}")
    for area in said.get("areas") or []:
        melds = [" ".join(m.get("cards") or []) for m in area.get("melds") or []]
        shown = " | ".join(f"{k}) {m}" for k, m in enumerate(melds, 1)) if melds else None
        lines.append(f"{area['title']}: {shown or area.get('empty') or _('No melds yet')}")
        if area.get("note"):
            lines.append(f"  {area['note']}")
    lines.extend(f"{c['title']}: {c['value']}" for c in said.get("counters") or [])
    if said.get("scores"):
        lines.append(f"{_('Score of the deal')}:")
        lines.extend(f"  {sc['title']}: {sc['value']}" for sc in said["scores"])
    if said.get("moves"):
        lines.append(_("Legal moves:"))
        lines.extend(f"  {m}" for m in said["moves"])
    return "\n".join(lines)


def typed_tables(text: str | None) -> str | None:
    """The digital tables as the director typed them: «tutti»/«all» and «nessuno»/«none»
    read in either language (:data:`words.DIGITAL_WORDS`) as their record's word, any other
    text (the tables' numbers, «carta») as it is (issue 32)."""
    return None if text is None else words.typed_or_same(words.DIGITAL_WORDS, text)


ONLINE_HELP = N_("The competitors playing online, e.g. 3,7 (their tables digital)")


def _online(text: str | None) -> tuple[int, ...]:
    """The competitors' numbers typed (``3,7``)."""
    if not text:
        return ()
    try:
        return tuple(int(x) for x in text.replace(",", " ").split())
    except ValueError:
        raise ArbitroError(
            "«{text}» is not a list of competitors (3,7)", text=text, key="digital.online"
        ) from None


def choose_round(
    svc: events_service.EventService,
    event_id: str,
    round_number: int,
    tables: str | None,
    online: str | None,
    actor: str = "director",
) -> None:
    """Record the director's choice of digital tables typed on the command line (``--tables``,
    ``--online``) for the round (0: the event's default); nothing when neither is given."""
    if tables is None and online is None:
        return
    mode, numbers, who = rounds_choice.parse_choice(typed_tables(tables), _online(online))
    digital_rounds.DigitalRounds(svc).choose(event_id, round_number, mode, numbers, who, actor)


def open_round(svc: events_service.EventService, event_id: str, round_number: int) -> list[int]:
    """Open the round's digital tables as chosen, once its seating is published."""
    return digital_rounds.DigitalRounds(svc).open_round(event_id, round_number)


def round_text(state: EventState, round_number: int, opened: list[int]) -> str:
    """The round's choice as the terminal shows it: the digital tables and those opened now,
    or that they open with the seating's publication."""
    found = rounds_choice.digital_tables(state, round_number)
    r = state.round(round_number)
    if not found:
        if r.seating is None and rounds_choice.choice_of(state, round_number).mode != "paper":
            return _(
                "Round {round}: the digital tables are chosen when it is seated", round=round_number
            )
        return _("Round {round}: every table on paper", round=round_number)
    lines = [
        _(
            "Round {round}: digital tables {tables}",
            round=round_number,
            tables=", ".join(str(t) for t in found),
        )
    ]
    if opened:
        lines.append(
            render(
                ngettext(
                    "Opened now: table {tables}",
                    "Opened now: tables {tables}",
                    len(opened),
                    tables=", ".join(str(t) for t in opened),
                )
            )
        )
    elif r.seating_published_at is None:
        lines.append(_("They open when the seating is published."))
    return "\n".join(lines)


def round_data(state: EventState, round_number: int, opened: list[int]) -> dict[str, Any]:
    """The round's choice as JSON: the mode, the tables and competitors named, the digital
    tables of its seating and those opened now."""
    choice = rounds_choice.choice_of(state, round_number)
    return {
        "round": round_number,
        "mode": choice.mode,
        "tables": list(choice.tables),
        "competitors": list(choice.competitors),
        "digital_tables": list(rounds_choice.digital_tables(state, round_number)),
        "opened": opened,
    }


def tell_phones(key: tuple[str, int, int]) -> bool:
    """Tell the web processes that the table ``key`` (event, round, table) changed off its
    sockets (paused or resumed from the terminal, FIBAS art. 7), so that its phones show it at
    once: on PostgreSQL, the table's notice on the channel the processes share for their
    moves (:data:`arbitro.store.notify.TABLES`, issue 33); on SQLite (one server), nothing to
    send: each socket's periodic re-read of its table sees the pause within seconds
    (:data:`arbitro.web.digital_table.RECHECK_SECONDS`). A notice that cannot be sent is only
    late, never wrong (the record is stored). Whether the phones were told at once (False: the
    notice could not be sent, the re-read brings it)."""
    url = os.environ.get("ARBITRO_DATABASE_URL") or ""
    if not url.lower().startswith("postgres"):
        return True
    event_id, round_number, table = key
    try:
        with psycopg.connect(notify.libpq_url(url), autocommit=True, connect_timeout=5) as conn:
            conn.execute(
                "SELECT pg_notify(%s, %s)", (notify.TABLES, f"{round_number} {table} {event_id}")
            )
    except psycopg.Error:
        return False
    return True


def register(app: typer.Typer) -> None:
    """Add the ``digital`` command group (``round``, ``open``, ``show``, ``pause``,
    ``resume``, ``answer``, ``replay``, ``links``)."""
    group = command_group(app, "digital", _("Digital tables: open, show, replay, links"))

    @group.command("round", help=_("Choose a round's tables digital, paper or mixed."))
    def choose(
        event_id: EventArg,
        round_number: Annotated[
            int, typer.Option("--round", help=_("The round (default 0: the whole event)"))
        ] = 0,
        tables: Annotated[str | None, typer.Option("--tables", help=words.tables_help())] = None,
        online: Annotated[str | None, typer.Option("--online", help=_(ONLINE_HELP))] = None,
        robots: Annotated[
            str | None,
            typer.Option("--robots", help=_("The seats robots play, e.g. E,W")),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Choose which tables of a round (or, by default, of every round) are digital
        (issue 32): all, none, the tables numbered, or those of the competitors online; a
        round whose seating is published has its digital tables opened at once (deal 1
        dealt; in a carte uguali event the round's prepared board 1, FIBAS art. 7, 20)."""
        with errors(json_out):
            svc = service()
            choose_round(svc, event_id, round_number, tables, online)
            opened: list[int] = []
            if round_number:
                opened = digital_rounds.DigitalRounds(svc).open_round(
                    event_id, round_number, _seats(robots)
                )
            state = svc.state(event_id)
            emit(
                round_data(state, round_number, opened),
                round_text(state, round_number, opened) if round_number else _("Done."),
                json_out,
            )

    @group.command("links", help=_("Each seat's own link to a digital table (for its phone)."))
    def links(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        base_url: Annotated[
            str | None,
            typer.Option(
                "--base-url",
                help=_("Address of the site (default: the one arbitro serve recorded)"),
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """The address each seat's phone opens once (its code in it, kept by the phone): give
        each player only their own."""

        with errors(json_out):
            t = _tables(event_id)[0].table(event_id, round_number, table)
            store = open_store()
            base, secret = web_base_url.cli_base_url(store, base_url), web_secret.load_secret(store)
            seats = [s.value for s in t.seats]
            found = {
                s: base.rstrip("/")
                + web_digital_table.seat_path(secret, event_id, table, round_number, s)
                for s in seats
            }
            emit(found, "\n".join(f"{s}: {url}" for s, url in found.items()), json_out)

    @group.command("open", help=_("Open a round's table as digital (its first deal dealt)."))
    def open_table(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        robots: Annotated[
            str | None,
            typer.Option("--robots", help=_("The seats robots play, e.g. E,W")),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Open the table as digital: deal 1 dealt by a secure random source (FIBAS art.
        5-6), robots at ``--robots``, their moves played up to a player's turn."""

        with errors(json_out):
            svc = service()
            tables = digital_tables.DigitalTables(svc)
            tables.open(event_id, round_number, table, _seats(robots), actor="director")
            t = tables.table(event_id, round_number, table)
            data = progress_data(svc.state(event_id), t)
            data.pop("position")  # the terminal that opens it is no player's: still, no cards
            emit(data, progress_text({**data, "position": ""}).rstrip(), json_out)

    @group.command("match", help=_("Open a knockout match at a digital table: its seats' links."))
    def open_match(
        event_id: EventArg,
        match: Annotated[str, typer.Argument(help=_("The match, e.g. R1M1"))],
        robots: Annotated[
            str | None,
            typer.Option("--robots", help=_("The seats robots play, e.g. E,W")),
        ] = None,
        base_url: Annotated[
            str | None,
            typer.Option(
                "--base-url",
                help=_("Address of the site (default: the one arbitro serve recorded)"),
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Open the match at a digital table (its next game dealt by a secure random source,
        the dealer drawn by the server: Briscola arts. 1-3), then give the match page (its
        QR code is on the match card) and each seat's own link."""

        with errors(json_out):
            store = open_store()
            matches = knockout_digital.DigitalMatches(knockout_service.KnockoutService(store))
            round_number, table = matches.open(event_id, match, _seats(robots))
            t = matches.table(event_id, round_number, table)
            base = web_base_url.cli_base_url(store, base_url).rstrip("/")
            secret = web_secret.load_secret(store)
            page = base + web_knockout_match.match_path(secret, event_id, match)
            found = {
                s.value: base
                + web_digital_table.seat_path(secret, event_id, table, round_number, s.value)
                for s in t.engine.seats
            }
            data = {"match": match, "round": round_number, "table": table, "page": page}
            lines = [
                _(
                    "{match}: round {round}, table {table}",
                    match=match,
                    round=round_number,
                    table=table,
                ),
                _("Match page: {url}", url=page),
            ]
            lines.extend(f"{s}: {url}" for s, url in found.items())
            emit(data | {"seats": found}, "\n".join(lines), json_out)

    @group.command("show", help=_("A digital table: the full position, or what a seat sees."))
    def show(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        seat: Annotated[
            str | None,
            typer.Option("--seat", help=_("Show only what this seat sees (N, E, S, W)")),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """The director's view (progress and the full position in the notation), or with
        ``--seat`` what that seat's phone shows (its hand only)."""

        with errors(json_out):
            tables, progress = _tables(event_id)
            if seat is not None:
                view = tables.view(event_id, round_number, table, _seat(seat))
                emit(view, view_text(view), json_out)
                return
            t = tables.table(event_id, round_number, table)
            data = progress(t)
            emit(data, progress_text(data), json_out)

    def _desk_action(
        event_id: str, round_number: int, table: int, json_out: bool, act: Any
    ) -> None:
        svc = service()
        act(digital_desk.DigitalDesk(svc))
        if not tell_phones((event_id, round_number, table)):
            seconds = round(web_digital_table.RECHECK_SECONDS)
            told_late = ngettext(
                "Recorded; the phones could not be told at once: they show it within"
                " {count} second.",
                "Recorded; the phones could not be told at once: they show it within"
                " {count} seconds.",
                seconds,
            )
            typer.echo(render(told_late), err=True)
        t = digital_tables.DigitalTables(svc).table(event_id, round_number, table)
        data = progress_data(svc.state(event_id), t)
        data.pop("position")
        emit(data, progress_text({**data, "position": ""}).rstrip(), json_out)

    @group.command("pause", help=_("Pause a digital table: its phones take no move."))
    def pause(
        event_id: EventArg, round_number: RoundArg, table: TableArg, json_out: bool = JsonOpt
    ) -> None:
        """Pause the table (FIBAS art. 7): «Tavolo sospeso dall'arbitro» on its phones."""
        with errors(json_out):
            _desk_action(
                event_id,
                round_number,
                table,
                json_out,
                lambda d: d.pause(event_id, round_number, table),
            )

    @group.command("resume", help=_("Resume a paused digital table."))
    def resume(
        event_id: EventArg, round_number: RoundArg, table: TableArg, json_out: bool = JsonOpt
    ) -> None:
        """Resume the table: the play (and the robots) go on."""
        with errors(json_out):
            _desk_action(
                event_id,
                round_number,
                table,
                json_out,
                lambda d: d.resume(event_id, round_number, table),
            )

    @group.command("answer", help=_("Mark a call of the arbiter to a digital table answered."))
    def answer(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        call: Annotated[int, typer.Argument(help=_("The call's number (see show)"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Mark the call answered (a ruling goes through the arbiter's ruling, the table named)."""
        with errors(json_out):
            _desk_action(
                event_id,
                round_number,
                table,
                json_out,
                lambda d: d.answer(event_id, round_number, table, call),
            )

    @group.command("settings", help=_("Time limits and robots of the digital tables."))
    def settings(
        event_id: EventArg,
        round_number: Annotated[
            int, typer.Option("--round", help=_("The round (default 0: the whole event)"))
        ] = 0,
        move_seconds: Annotated[
            int, typer.Option("--move-seconds", help=_("Time limit per move (seconds)"))
        ] = 0,
        wait_seconds: Annotated[
            int,
            typer.Option("--wait-seconds", help=_("Wait for a disconnected seat (seconds)")),
        ] = 0,
        robots: Annotated[
            bool, typer.Option("--robots/--no-robots", help=_("Robots may take empty seats"))
        ] = True,
        json_out: bool = JsonOpt,
    ) -> None:
        """The per-move time limit and the wait for a disconnected seat (0: off; over them
        the arbiter is called, FIBAS art. 7, 17, 36-37) and whether robots may take empty
        seats, for a round or the event."""
        with errors(json_out):
            digital_desk.DigitalDesk(service()).settings(
                event_id, round_number, move_seconds, wait_seconds, robots
            )
            data = {
                "round": round_number,
                "move_seconds": move_seconds,
                "wait_seconds": wait_seconds,
                "robots": robots,
            }
            emit(data, _("Done."), json_out)

    @group.command("replay", help=_("Replay a deal of a digital table move by move."))
    def replay(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        deal: Annotated[int, typer.Option("--deal", help=_("The deal (default 1)"))] = 1,
        json_out: bool = JsonOpt,
    ) -> None:
        """Every move of the deal in order, said in the terminal's language (its notation
        beside it), and the final position once it is over."""

        with errors(json_out):
            tables = _tables(event_id)[0]
            moves = tables.replay(event_id, round_number, table, deal)
            t = tables.table(event_id, round_number, table)
            game = t.position(deal)
            said = replay_words.moves_said(t, deal, current_lang())
            data = {
                "deal": deal,
                "moves": [
                    {"n": n, "seat": s.value, "move": m, "said": w.text}
                    for (n, s, m), w in zip(moves, said, strict=True)
                ],
                "over": game.is_over,
                "position": t.engine.position(game) if game.is_over else None,
            }
            lines = [
                _(
                    "Table {table}, round {round}, deal {deal}",
                    table=table,
                    round=round_number,
                    deal=deal,
                )
            ]
            # each move in words, its notation beside it (to copy): «Ovest raccoglie gli scarti»
            lines.extend(f"{w.n:>4}. {w.text}  [{w.seat} {w.notation}]" for w in said)
            if game.is_over:
                lines.append(_("Final position:"))
                lines.append(t.engine.position(game))
            emit(data, "\n".join(lines), json_out)
