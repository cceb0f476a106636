"""``arbitro results``: an event's results out to the world: the open results format (JSON,
and CSV with ``--csv``), its validator, the public static site, and the arbiter's verbale di
gara (PDF). See docs/results-format.md."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import (
    EventArg,
    command_group,
    dumps,
    errors,
    lang,
    read_json,
    read_text,
    service,
)
from arbitro.errors import ArbitroError
from arbitro.i18n import _, ngettext, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import export
    from arbitro.printouts import labels, verbale
    from arbitro.services import results as results_service
    from arbitro.services.results import ResultsFile
else:
    # Loaded on first use: the command line's start-up (issue 14).
    export = lazy_module("arbitro.export")
    labels = lazy_module("arbitro.printouts.labels")
    verbale = lazy_module("arbitro.printouts.verbale")
    results_service = lazy_module("arbitro.services.results")

ArbiterOpt = Annotated[
    str | None, typer.Option("--arbiter", help=_("The arbiter in charge (name)"))
]
PlaceOpt = Annotated[str | None, typer.Option("--place", help=_("Where the event was played"))]
DateOpt = Annotated[
    str | None,
    typer.Option(
        "--date", help=_("The event's date, DD/MM/YYYY (default: the day it was created)")
    ),
]
LangOpt = Annotated[str | None, typer.Option("--lang", help="it | en")]


def _lang(option: str | None) -> str:
    return labels.check_lang(option or lang())


def _results(
    event_id: str, arbiter: str | None, place: str | None, on: str | None, language: str
) -> ResultsFile:
    return results_service.export(
        service(),
        event_id,
        arbiter=arbiter,
        place=place,
        on=verbale.verbale_date(on),
        lang=language,
    )


def _write(path: Path, data: str | bytes) -> None:
    try:
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, "utf-8")
    except OSError as exc:
        raise ArbitroError(
            "cannot write {file}: {reason}", file=str(path), reason=exc.strerror
        ) from None
    typer.echo(_("Wrote {file}", file=str(path)))


def register(app: typer.Typer) -> None:
    """Add ``results export|validate|site|verbale`` to ``app``."""
    group = command_group(
        app,
        "results",
        _("Results out to the world: export, validate, site, verbale"),
    )

    @group.command("export", help=_("The event's results file (JSON), and CSV with --csv."))
    def export_cmd(
        event_id: EventArg,
        out: Annotated[Path, typer.Option("--out", "-o", help=_("JSON file to write"))],
        csv_dir: Annotated[
            Path | None, typer.Option("--csv", help=_("Folder for standings.csv and rounds.csv"))
        ] = None,
        arbiter: ArbiterOpt = None,
        place: PlaceOpt = None,
        on: DateOpt = None,
        language: LangOpt = None,
    ) -> None:
        """Write the event's results in the open results format (docs/results-format.md)."""
        with errors():
            results = _results(event_id, arbiter, place, on, _lang(language))
            _write(out, results_service.to_json(results))
            if csv_dir is not None:
                try:
                    csv_dir.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise ArbitroError(
                        "cannot write {file}: {reason}", file=str(csv_dir), reason=exc.strerror
                    ) from None
                for name, text in results_service.csv_files(results).items():
                    _write(csv_dir / name, text)

    @group.command("validate", help=_("Check a results file: schema and consistency."))
    def validate_cmd(
        file: Annotated[
            Path, typer.Argument(help=_("Results file (JSON), or one of its CSV files"))
        ],
        json_out: bool = typer.Option(False, "--json", help=_("Output as JSON.")),
    ) -> None:
        """Check ``file`` against the schema, then that its standings add up from the round
        results, its ranks are in order and every competitor is known; a CSV file
        (standings.csv, rounds.csv) against its columns and their types; exit 1 if not."""
        with errors(json_out):
            if file.suffix.lower() == ".csv":
                problems = results_service.validate_csv(file.name, read_text(file))
            else:
                _model, problems = results_service.validate(read_json(file))
        if json_out:
            typer.echo(
                dumps(
                    {
                        "valid": not problems,
                        "problems": [{"path": p.path, "message": p.render()} for p in problems],
                    }
                )
            )
        elif problems:
            typer.echo(
                render(
                    ngettext(
                        "{file}: {count} problem",
                        "{file}: {count} problems",
                        len(problems),
                        file=str(file),
                    )
                ),
                err=True,
            )
            for p in problems:
                typer.echo(f"  {p.render()}", err=True)
        else:
            typer.echo(_("{file}: valid results file", file=str(file)))
        if problems:
            raise typer.Exit(1)

    @group.command("site", help=_("The public static site: plain HTML files to upload."))
    def site_cmd(
        event_id: EventArg,
        out: Annotated[Path, typer.Option("--out", "-o", help=_("Folder to write"))],
        arbiter: ArbiterOpt = None,
        place: PlaceOpt = None,
        on: DateOpt = None,
        language: LangOpt = None,
    ) -> None:
        """Write the static site (index, standings, competitors' cards, rounds) into ``out``."""
        with errors():
            chosen = _lang(language)
            results = _results(event_id, arbiter, place, on, chosen)
            written = export.write_site(results, out, chosen)
            typer.echo(
                render(
                    ngettext(
                        "Wrote {count} file into {folder}: open {index}",
                        "Wrote {count} files into {folder}: open {index}",
                        len(written),
                        folder=str(out),
                        index=str(out / "index.html"),
                    )
                )
            )

    @group.command("verbale", help=_("The arbiter's report of the event (PDF), to sign."))
    def verbale_cmd(
        event_id: EventArg,
        out: Annotated[Path, typer.Option("--out", "-o", help=_("PDF file to write"))],
        arbiter: ArbiterOpt = None,
        place: PlaceOpt = None,
        on: DateOpt = None,
        language: LangOpt = None,
    ) -> None:
        """Write the verbale di gara: event, arbiter, participants, standings, sanctions,
        rulings, complaints, signature."""
        with errors():
            chosen = _lang(language)
            results = _results(event_id, arbiter, place, on, chosen)
            _write(out, verbale.verbale_pdf(results, lang=chosen))
