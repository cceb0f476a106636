"""``arbitro digital``: a round's digital tables from the terminal (issue 32): open a table
as digital (its first deal dealt by a secure random source, robots at the seats asked), show
it (the director's full position and progress, or what one seat sees), and replay a deal
move by move in the engine's notation."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

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
from arbitro.i18n import _, ngettext, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.games.core import seats
    from arbitro.games.core.seats import Seat
    from arbitro.services import digital_tables, knockout_digital
    from arbitro.services import events as events_service
    from arbitro.services import knockout as knockout_service
    from arbitro.tournament.digital.table import DigitalTable
    from arbitro.web import base_url as web_base_url
    from arbitro.web import digital_table as web_digital_table
    from arbitro.web import knockout_match as web_knockout_match
    from arbitro.web import secret as web_secret
else:
    seats = lazy_module("arbitro.games.core.seats")
    digital_tables = lazy_module("arbitro.services.digital_tables")
    knockout_digital = lazy_module("arbitro.services.knockout_digital")
    knockout_service = lazy_module("arbitro.services.knockout")
    events_service = lazy_module("arbitro.services.events")
    web_knockout_match = lazy_module("arbitro.web.knockout_match")
    web_base_url = lazy_module("arbitro.web.base_url")
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


def _tables(event_id: str) -> tuple[Any, Callable[[int, int], int]]:
    """The digital tables' use cases of the event (a round event's tables, or a knockout's
    matches: the same methods) and how many deals a table plays (the round's; a match's
    games at most, art. 9)."""
    store = open_store()
    if store.has_event(event_id) and store.event_kind(event_id) == "knockout":
        ko = knockout_service.KnockoutService(store)

        def games(round_number: int, table: int) -> int:
            view = knockout_digital.DigitalMatches(ko).view(
                event_id, round_number, table, seats.SEATS[0]
            )
            return int(view["deals"])

        return knockout_digital.DigitalMatches(ko), games
    svc = events_service.EventService(store)
    return digital_tables.DigitalTables(svc), lambda r, _t: svc.state(event_id).deals(r)


def progress_data(t: DigitalTable, deals: int) -> dict[str, Any]:
    """The table's progress as JSON: deal k of n, moves, whose turn, the full position."""
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
    turn = _("deal over") if data["over"] else _("to play: {seat}", seat=data["turn"])
    lines = [f"{head}, {moves} · {turn}"]
    if data["robots"]:
        lines.append(_("Robots: {seats}", seats=" ".join(data["robots"])))
    lines.append(data["position"])
    return "\n".join(lines)


def _value(value: Any) -> str:
    if isinstance(value, list):
        return (
            " | ".join(_value(v) for v in value)
            if value and isinstance(value[0], list)
            else (" ".join(str(v) for v in value))
        )
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    return "" if value is None else str(value)


def view_text(view: dict[str, Any]) -> str:
    """A seat's view, one line per item (whatever the game shows), the moves last."""
    lines = [f"{key}: {_value(value)}" for key, value in view.items() if key != "moves"]
    if view.get("moves"):
        lines.append(_("Legal moves:"))
        lines.extend(f"  {m}" for m in view["moves"])
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add the ``digital`` command group (``open``, ``show``, ``replay``, ``links``)."""
    group = command_group(app, "digital", _("Digital tables: open, show, replay, links"))

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
            seats = [s.value for s in t.engine.seats]
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
            data = progress_data(t, svc.state(event_id).deals(round_number))
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
            tables, deals = _tables(event_id)
            if seat is not None:
                view = tables.view(event_id, round_number, table, _seat(seat))
                emit(view, view_text(view), json_out)
                return
            t = tables.table(event_id, round_number, table)
            data = progress_data(t, deals(round_number, table))
            emit(data, progress_text(data), json_out)

    @group.command("replay", help=_("Replay a deal of a digital table move by move."))
    def replay(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        deal: Annotated[int, typer.Option("--deal", help=_("The deal (default 1)"))] = 1,
        json_out: bool = JsonOpt,
    ) -> None:
        """Every move of the deal in order, in the engine's notation, and the final
        position once it is over."""

        with errors(json_out):
            tables = _tables(event_id)[0]
            moves = tables.replay(event_id, round_number, table, deal)
            t = tables.table(event_id, round_number, table)
            game = t.position(deal)
            data = {
                "deal": deal,
                "moves": [{"n": n, "seat": s.value, "move": m} for n, s, m in moves],
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
            lines.extend(f"{n:>4}. {s.value} {m}" for n, s, m in moves)
            if game.is_over:
                lines.append(_("Final position:"))
                lines.append(t.engine.position(game))
            emit(data, "\n".join(lines), json_out)
