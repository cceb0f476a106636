"""``arbitro series``: a series of events (a club's season, a circuit of stages) with its own
standings by a points scheme (docs/rulings.md, "Series").

``series create ID NAME --scheme placement:25,18,15 [--best 2] [--event E]...``,
``series add ID EVENT``, ``series remove ID EVENT``, ``series list``, ``series standings ID
[--json]`` and ``series print ID -o FILE.pdf``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import EventArg, JsonOpt, command_group, emit, errors, lang, open_store
from arbitro.i18n import _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import errors as errors_module
    from arbitro.printouts import labels, series
    from arbitro.services import series as series_service
    from arbitro.services.series import SeriesStandings
    from arbitro.tournament import series as tournament_series
else:
    # Loaded on first use: the command line's start-up (issue 14).
    errors_module = lazy_module("arbitro.errors")
    labels = lazy_module("arbitro.printouts.labels")
    series = lazy_module("arbitro.printouts.series")
    series_service = lazy_module("arbitro.services.series")
    tournament_series = lazy_module("arbitro.tournament.series")

SeriesArg = Annotated[str, typer.Argument(help=_("Series id"))]


def standings_text(result: SeriesStandings) -> str:
    """The series standings as a table: rank, player, the points of each event (bracketed
    when not counted), total; the scheme, the events, and the ties explained."""
    head = _("FINAL") if result.final else _("PROVISIONAL")
    out = [
        f"{result.series.name} — {_('Series standings — {kind}', kind=head)}",
        result.scheme.describe().render(),
    ]
    count = len(result.events)
    events = "".join(f"{n:>6}" for n in range(1, count + 1))
    out.append(f"{'#':>3}  {_('Player'):<28}{events} {_('Total'):>7}")
    for row in result.rows:
        cells = "".join(f"{series.result_text(r):>6}" for r in row.results)
        out.append(f"{row.rank:>3}  {row.name[:28]:<28}{cells} {row.total:>7}")
    if not result.rows:
        out.append(_("No results yet."))
    for row in result.rows:
        if row.tie is not None:
            out.append(f"* {row.name}: {row.tie.render()}")
    for n, event in enumerate(result.events, start=1):
        out.append(series.event_line(n, event, lang()))
        if event.unlinked:
            out.append(
                "   "
                + _(
                    "not in the players registry, no series points: {names}",
                    names=", ".join(event.unlinked),
                )
            )
    return "\n".join(out)


def register(app: typer.Typer) -> None:
    """Add the ``series`` command group."""
    group = command_group(app, "series", _("Series of events: a season, a circuit of stages"))

    @group.command("create", help=_("Create a series with its points scheme."))
    def create(
        series_id: SeriesArg,
        name: Annotated[str, typer.Argument(help=_("Name of the series"))],
        scheme: Annotated[
            str,
            typer.Option(
                "--scheme",
                help=_("Points: vp, or placement:25,18,15,... (points of the 1st, 2nd, ... place)"),
            ),
        ] = "vp",
        best: Annotated[
            int | None, typer.Option("--best", help=_("Only the best N results count"))
        ] = None,
        beyond: Annotated[
            int, typer.Option("--beyond", help=_("Points of a place beyond the table"))
        ] = 0,
        events: Annotated[
            list[str] | None, typer.Option("--event", help=_("An event of the series, in order"))
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Create a series (and add its first events in order)."""
        with errors(json_out):
            points = tournament_series.PointsScheme.parse(scheme, best, beyond)
            store = open_store()
            try:
                made = series_service.create_series(
                    store, series_id, name, points, tuple(events or ())
                )
            finally:
                store.close()
            emit(
                {
                    "series": made.id,
                    "name": made.name,
                    "scheme": made.scheme,
                    "events": made.events,
                },
                _("Series «{name}» created: {series}", name=made.name, series=made.id)
                + "\n"
                + points.describe().render(),
                json_out,
            )

    @group.command("add", help=_("Add an event at the end of a series."))
    def add(series_id: SeriesArg, event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Add an event to a series."""
        with errors(json_out):
            store = open_store()
            try:
                position = series_service.add_event(store, series_id, event_id)
            finally:
                store.close()
            emit(
                {"series": series_id, "event": event_id, "position": position},
                _(
                    "Event {event} added to {series} as no. {position}",
                    event=event_id,
                    series=series_id,
                    position=position,
                ),
                json_out,
            )

    @group.command("remove", help=_("Take an event out of a series."))
    def remove(series_id: SeriesArg, event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Take an event out of a series."""
        with errors(json_out):
            store = open_store()
            try:
                series_service.remove_event(store, series_id, event_id)
            finally:
                store.close()
            emit(
                {"series": series_id, "removed": event_id},
                _("Event {event} taken out of {series}", event=event_id, series=series_id),
                json_out,
            )

    @group.command("list", help=_("List the series."))
    def list_all(json_out: bool = JsonOpt) -> None:
        """List the series."""
        with errors(json_out):
            store = open_store()
            try:
                found = [
                    series_service.get_series(store, s.id)
                    for s in series_service.list_series(store)
                ]
            finally:
                store.close()
            emit(
                [{"series": s.id, "name": s.name, "events": s.events} for s in found],
                "\n".join(f"{s.id}  «{s.name}»  {', '.join(s.events)}" for s in found)
                or _("No series yet."),
                json_out,
            )

    @group.command("standings", help=_("The series standings."))
    def show(series_id: SeriesArg, json_out: bool = JsonOpt) -> None:
        """The series standings (each event's latest published standings, by the scheme)."""
        with errors(json_out):
            store = open_store()
            try:
                result = series_service.standings(store, series_id)
            finally:
                store.close()
            emit(result.to_json(), standings_text(result), json_out)

    @group.command("print", help=_("The series standings as PDF."))
    def print_pdf(
        series_id: SeriesArg,
        output: Annotated[Path, typer.Option("-o", "--output", help=_("PDF file to write"))],
        language: Annotated[
            str | None, typer.Option("--lang", help=_("Language of the printout: it | en"))
        ] = None,
    ) -> None:
        """Print the series standings (A4 PDF)."""
        with errors():
            store = open_store()
            try:
                result = series_service.standings(store, series_id)
            finally:
                store.close()
            pdf = series.series_pdf(result, lang=labels.check_lang(language or lang()))
            try:
                output.write_bytes(pdf)
            except OSError as exc:
                raise errors_module.ArbitroError(
                    "cannot write {file}: {reason}", file=str(output), reason=exc.strerror
                ) from None
            typer.echo(_("Wrote {file}", file=str(output)))
