"""``arbitro players``: the club's registry of players kept across events (docs/players.md).

``players import FILE`` (a members list, CSV or XLSX), ``players add NAME``, ``players list
[--search TEXT]``, ``players show CARD_OR_ID``, ``players register EVENT --player CARD
--player CARD``, ``players link CARD_OR_ID EVENT COMPETITOR``, ``players export CARD_OR_ID
--out FILE.json``, ``players delete CARD_OR_ID --reason TEXT`` and ``players audit``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli import click_words
from arbitro.cli.actor import terminal_actor
from arbitro.cli.common import (
    EventArg,
    JsonOpt,
    command_group,
    dumps,
    emit,
    errors,
    open_store,
)
from arbitro.errors import ArbitroError
from arbitro.i18n import _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.services import players as players_service
    from arbitro.services.players import EventPlayed
    from arbitro.store import players
    from arbitro.store.players import Player
else:
    # Loaded on first use: the command line's start-up (issue 14).
    players_service = lazy_module("arbitro.services.players")
    players = lazy_module("arbitro.store.players")

RefArg = Annotated[str, typer.Argument(help=_("Card number, or registry number (#12)"))]


def default_actor() -> str:
    """Who is acting, for the audit log: the root's ``--actor``, else ``$ARBITRO_ACTOR``,
    else the system user (:func:`arbitro.cli.common.terminal_actor`)."""
    return terminal_actor()


ByOpt = Annotated[
    str | None,
    typer.Option(
        "--by",
        help=_("Who does it, for the audit log (default: $ARBITRO_ACTOR or the system user)"),
    ),
]


def _line(player: Player) -> str:
    """A player in one line: registry number, card number, name, club, category."""
    parts = [f"#{player.id:<4}", f"{player.card or '—':<12}", player.name]
    extra = ", ".join(t for t in (player.club, player.category) if t)
    return "  ".join(parts) + (f"  ({extra})" if extra else "")


def _event_line(event: EventPlayed) -> str:
    """An event played in one line, with the result."""
    head = f"{event.created_at:%Y-%m-%d}  {event.event_id}  «{event.event_name}»"
    who = _("no. {number} {name}", number=event.competitor, name=event.competitor_name)
    if event.rank is None:
        return f"{head}  {who}  " + _("no results yet")
    result = _(
        "rank {rank} of {count}, {vp} VP, {mp} MP",
        rank=event.rank,
        count=event.field_size,
        vp=event.vp,
        mp=event.mp,
    )
    if event.withdrawn:
        result += ", " + _("withdrawn")
    return f"{head}  {who}  {result}"


def _read(file: Path) -> bytes:
    try:
        return file.read_bytes()
    except OSError as exc:
        raise ArbitroError(
            "cannot read {file}: {reason}", file=str(file), reason=exc.strerror or str(exc)
        ) from None


def register(app: typer.Typer) -> None:
    """Add the ``players`` command group."""
    group = command_group(app, "players", _("The club's registry of players"))

    @group.command("import", help=_("Import a members list (CSV or XLSX)."))
    def import_file(
        file: Annotated[Path, typer.Argument(help=_("CSV or XLSX file"))],
        dry_run: Annotated[
            bool, typer.Option("--dry-run", help=_("Only check the file: write nothing."))
        ] = False,
        by: ByOpt = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Import a members list: one player per row; the rows refused are listed."""
        with errors(json_out):
            data = _read(file)
            store = open_store()
            try:
                report = players_service.import_members(
                    store, data, by or default_actor(), file.name, dry_run
                )
            finally:
                store.close()
            lines = [
                _(
                    "Added: {added}; updated: {updated}; unchanged: {unchanged}; rows refused: "
                    "{refused}",
                    added=report.added,
                    updated=report.updated,
                    unchanged=report.unchanged,
                    refused=len(report.refused),
                )
            ]
            if dry_run:
                lines.append(_("Dry run: nothing was written."))
            lines += [
                _("row {row}: {reason}", row=r.row, reason=r.reason.render())
                for r in report.refused
            ]
            emit(report.to_json(), "\n".join(lines), json_out)

    @group.command("add", help=_("Add one player to the registry."))
    def add(
        name: Annotated[str, typer.Argument(help=_("Name"))],
        card: Annotated[
            str | None, typer.Option("--card", help=_("Federation card number"))
        ] = None,
        club: Annotated[str | None, typer.Option("--club", help=_("Club"))] = None,
        category: Annotated[str | None, typer.Option("--category", help=_("Category"))] = None,
        contact: Annotated[
            str | None, typer.Option("--contact", help=_("Contact (e-mail, telephone)"))
        ] = None,
        sex: Annotated[str | None, typer.Option("--sex", help=_("Sex: F or M"))] = None,
        birth_year: Annotated[
            int | None, typer.Option("--birth-year", help=_("Year of birth"))
        ] = None,
        first_season: Annotated[
            int | None,
            typer.Option("--first-season", help=_("Year of the first season (newcomers)")),
        ] = None,
        by: ByOpt = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Add one player to the registry."""
        with errors(json_out):
            store = open_store()
            try:
                fields = players.PlayerFields(
                    name, card, club, category, contact, sex, birth_year, first_season
                )
                player = players_service.add_player(store, fields, by or default_actor())
            finally:
                store.close()
            emit(
                players_service.player_json(player),
                _("Added: {player}", player=_line(player)),
                json_out,
            )

    @group.command("list", help=_("List the registry's players (or those matching --search)."))
    def list_players(
        search: Annotated[
            str | None,
            typer.Option(
                "--search",
                "-s",
                help=_("Part of a name, card number or club (case and accents ignored)"),
            ),
        ] = None,
        limit: Annotated[int | None, typer.Option("--limit", help=_("At most this many"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """List the registry's players, by name, or those matching ``--search``."""
        with errors(json_out):
            store = open_store()
            try:
                found = players_service.search(store, search or "", limit)
            finally:
                store.close()
            if found:
                text = "\n".join(_line(p) for p in found)
            elif search:
                text = _("No player matches «{text}».", text=search)
            else:
                text = _(
                    "The registry is empty: import a members list with «arbitro players import FILE»."
                )
            emit([players_service.player_json(p) for p in found], text, json_out)

    @group.command("show", help=_("A player's page: registry entry, events played, results."))
    def show(ref: RefArg, json_out: bool = JsonOpt) -> None:
        """Show a player's page."""
        with errors(json_out):
            store = open_store()
            try:
                page = players_service.player_page(store, players_service.find_player(store, ref))
            finally:
                store.close()
            p = page.player
            lines = [_line(p)]
            if p.contact:
                lines.append(_("Contact: {contact}", contact=p.contact))
            if page.events:
                lines.append(_("Events played: {count}", count=len(page.events)))
                lines += ["  " + _event_line(e) for e in page.events]
            else:
                lines.append(_("No event played yet."))
            emit(page.to_json(), "\n".join(lines), json_out)

    @group.command("register", help=_("Register a competitor of an event from the registry."))
    def register_players(
        event_id: EventArg,
        player: Annotated[
            list[str],
            typer.Option("--player", "-p", help=_("Card number or #registry number (repeatable)")),
        ],
        name: Annotated[
            str | None,
            typer.Option("--name", help=_("Competitor's name (default: the players' names)")),
        ] = None,
        by: ByOpt = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Register a competitor made of registry players (FIBAS art. 2)."""
        with errors(json_out):
            store = open_store()
            try:
                number, registered = players_service.register_players(
                    store, event_id, player, name, by or default_actor()
                )
            finally:
                store.close()
            emit(
                {"competitor": number, "name": registered},
                _("Registered no. {number}: {name}", number=number, name=registered),
                json_out,
            )

    @group.command("link", help=_("Link a player to a competitor already registered."))
    def link(
        ref: RefArg,
        event_id: EventArg,
        competitor: Annotated[int, typer.Argument(help=_("Competitor number"))],
        by: ByOpt = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Link a registry player to a competitor of an event (registered by name)."""
        with errors(json_out):
            store = open_store()
            try:
                found = players_service.link_player(
                    store, ref, event_id, competitor, by or default_actor()
                )
            finally:
                store.close()
            emit(
                {"player": found.id, "event": event_id, "competitor": competitor},
                _(
                    "«{name}» linked to no. {number} of {event}",
                    name=found.name,
                    number=competitor,
                    event=event_id,
                ),
                json_out,
            )

    @group.command("export", help=_("Export a player's data (JSON), on request."))
    def export(
        ref: RefArg,
        out: Annotated[Path, typer.Option("--out", "-o", help=_("JSON file to write"))],
        by: ByOpt = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Write everything the registry holds about a player to a JSON file."""
        with errors(json_out):
            store = open_store()
            try:
                data = players_service.export_player(
                    store, players_service.find_player(store, ref), by or default_actor()
                )
            finally:
                store.close()
            out.write_text(dumps(data) + "\n", "utf-8")
            emit(
                {"file": str(out), "events": len(data["events"])},
                _(
                    "Written {file}: the player's data; events played: {count}",
                    file=str(out),
                    count=len(data["events"]),
                ),
                json_out,
            )

    @group.command(
        "delete",
        help=_("Delete a player on request: the events show «anonymous» instead of the name."),
    )
    def delete(
        ref: RefArg,
        reason: Annotated[
            str, typer.Option("--reason", help=_("Why (e.g. the request's date); audited"))
        ],
        yes: Annotated[bool, typer.Option("--yes", "-y", help=_("Do not ask to confirm"))] = False,
        by: ByOpt = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Delete a player from the registry and anonymise the player in the events played."""
        with errors(json_out):
            store = open_store()
            try:
                players_service.check_reason(reason)
                found = players_service.find_player(store, ref)
                events = players_service.player_page(store, found).events
                if not yes and not json_out:
                    click_words.confirm(
                        _(
                            "Delete «{name}»? Events where the name will be replaced: {count}",
                            name=found.name,
                            count=len(events),
                        ),
                        abort=True,
                    )
                done = players_service.delete_player(store, found, reason, by or default_actor())
            finally:
                store.close()
            lines = [
                _(
                    "Deleted «{name}»; events anonymised: {count}.",
                    name=found.name,
                    count=len(done.anonymised),
                )
            ]
            if done.not_found:
                lines.append(
                    _(
                        "Name not found in: {events}: rename the competitor by hand "
                        "(arbitro rename).",
                        events=", ".join(done.not_found),
                    )
                )
            emit(done.to_json(), "\n".join(lines), json_out)

    @group.command("audit", help=_("Who imported, exported or deleted what, and why."))
    def audit(
        ref: Annotated[
            str | None, typer.Argument(help=_("Registry number (#12): one player's lines"))
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Print the registry's audit log."""
        with errors(json_out):
            number = None
            if ref is not None:
                digits = ref.removeprefix("#")
                if not digits.isdigit():
                    raise ArbitroError(
                        "«{ref}» is not a registry number (#12)", ref=ref, key="players.none"
                    )
                number = int(digits)
            store = open_store()
            try:
                lines = players_service.audit_log(store, number)
            finally:
                store.close()
            data = [
                {
                    "at": a.at.isoformat(),
                    "by": a.actor,
                    "action": a.action,
                    "player": a.player_id,
                    "reason": a.reason,
                    "detail": a.detail,
                }
                for a in lines
            ]
            text = "\n".join(
                f"{a.at:%Y-%m-%d %H:%M} UTC  {a.actor}  {a.action}"
                + (f"  #{a.player_id}" if a.player_id is not None else "")
                + (f"  «{a.reason}»" if a.reason else "")
                + (f"  {a.detail}" if a.detail else "")
                for a in lines
            )
            emit(data, text or _("The audit log is empty."), json_out)
