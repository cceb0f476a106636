"""``arbitro print``: the event's printouts as PDF files (table cards, score sheets in the
FIBAS layout of art. 19-20, seating lists, standings, the prize list of Parole art. 6.1),
Italian or English."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbitro.cli.common import command_group, errors, lang, open_store, service
from arbitro.errors import ArbitroError
from arbitro.i18n import _

EventArg = Annotated[str, typer.Argument(help=_("Event id"))]
RoundArg = Annotated[int, typer.Argument(help=_("Round"))]
OutOpt = Annotated[Path, typer.Option("-o", "--output", help=_("PDF file to write"))]
LangOpt = Annotated[str | None, typer.Option("--lang", help=_("Language of the printout: it | en"))]


def _write(path: Path, pdf: bytes) -> None:
    try:
        path.write_bytes(pdf)
    except OSError as exc:
        raise ArbitroError(
            "cannot write {file}: {reason}", file=str(path), reason=exc.strerror
        ) from None
    typer.echo(_("Wrote {file}", file=str(path)))


def _lang(option: str | None) -> str:
    from arbitro.printouts.labels import check_lang

    return check_lang(option or lang())


def register(app: typer.Typer) -> None:
    """Add ``print table-cards|score-sheets|seating|standings`` to ``app``."""
    print_app = command_group(
        app, "print", _("Printouts as PDF: table-cards, score-sheets, seating, standings, prizes")
    )

    @print_app.command("table-cards", help=_("Table cards with QR codes."))
    def table_cards(
        event_id: EventArg,
        round_number: RoundArg,
        output: OutOpt,
        base_url: Annotated[
            str | None,
            typer.Option(
                "--base-url",
                help=_("Address of the site (default: the one arbitro serve recorded)"),
            ),
        ] = None,
        language: LangOpt = None,
    ) -> None:
        """Table cards with the QR code of each table's score entry (FIBAS art. 4, 7)."""
        from arbitro.printouts import table_cards_pdf
        from arbitro.printouts.names import seated_round
        from arbitro.web.base_url import (
            cli_base_url,
            cli_table_urls,
            points_at_localhost,
            running_elsewhere,
        )

        with errors():
            state = service().state(event_id)
            seating = seated_round(state, round_number)
            tables = [tb.table for tb in seating.tables]
            store = open_store()
            base = cli_base_url(store, base_url)
            urls = cli_table_urls(store, base, event_id, tables, round_number)
            from arbitro.web.secret import load_secret
            from arbitro.web.tokens import card_codes

            codes = card_codes(load_secret(store), seating.tables, urls)  # each line's code
            pdf = table_cards_pdf(state, round_number, urls, lang=_lang(language), codes=codes)
            _write(output, pdf)
            running = running_elsewhere(store, base)
            if running is not None:
                typer.echo(
                    _(
                        "Warning: the QR codes lead to {url}, but the server running serves the"
                        " phones at {running}: the table cards printed from the desk lead there."
                        " Leave out --base-url to print the server's address.",
                        url=base,
                        running=running,
                    ),
                    err=True,
                )
            first = next(iter(urls.values()), None)
            if first is not None and points_at_localhost(first):
                typer.echo(
                    _(
                        "Warning: the QR codes lead to {url}, which no phone can open: give "
                        "the address the phones use with --base-url (arbitro serve --hall "
                        "prints it).",
                        url=first.split("/t/")[0],
                    ),
                    err=True,
                )

    @print_app.command("score-sheets", help=_("Score sheets in the FIBAS layout."))
    def score_sheets(
        event_id: EventArg,
        round_number: RoundArg,
        output: OutOpt,
        filled: Annotated[
            bool, typer.Option("--filled", help=_("With the recorded sheets"))
        ] = False,
        language: LangOpt = None,
    ) -> None:
        """The score sheets in the FIBAS layout, blank or filled (FIBAS art. 19, 20)."""
        from arbitro.printouts import score_sheets_pdf

        with errors():
            state = service().state(event_id)
            pdf = score_sheets_pdf(state, round_number, lang=_lang(language), filled=filled)
            _write(output, pdf)

    @print_app.command("seating", help=_("Seating list, by table and by name."))
    def seating(
        event_id: EventArg, round_number: RoundArg, output: OutOpt, language: LangOpt = None
    ) -> None:
        """The seating list, by table and by name (FIBAS art. 4)."""
        from arbitro.printouts import seating_pdf

        with errors():
            state = service().state(event_id)
            _write(output, seating_pdf(state, round_number, lang=_lang(language)))

    @print_app.command("prizes", help=_("The prize list for the ceremony."))
    def prizes(event_id: EventArg, output: OutOpt, language: LangOpt = None) -> None:
        """The prize list of the recorded prize plan, for the ceremony (Parole art. 6.1)."""
        from arbitro.printouts.prizes import prizes_pdf
        from arbitro.services.prizes import prize_list

        with errors():
            state = service().state(event_id)
            _write(output, prizes_pdf(prize_list(state), lang=_lang(language)))

    @print_app.command("standings", help=_("Provisional or final standings."))
    def standings(
        event_id: EventArg, round_number: RoundArg, output: OutOpt, language: LangOpt = None
    ) -> None:
        """The provisional or final standings (FIBAS art. 39)."""
        from arbitro.printouts import standings_pdf

        with errors():
            svc = service()
            state = svc.state(event_id)
            state.round(round_number)
            final = state.standings_final(round_number, svc.clock())
            pdf = standings_pdf(state, round_number, lang=_lang(language), final=final)
            _write(output, pdf)
