"""``arbitro print``: the event's printouts as PDF files (table cards, score sheets in the
FIBAS layout of art. 19-20, seating lists, standings, the prize list of Parole art. 6.1),
Italian or English."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli.common import command_group, errors, lang, open_store, service
from arbitro.errors import ArbitroError
from arbitro.i18n import _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro import printouts
    from arbitro.printouts import hand_records, labels, names
    from arbitro.printouts import prizes as printouts_prizes
    from arbitro.services import prizes as prizes_service
    from arbitro.web import base_url as web_base_url
    from arbitro.web import seat_links, secret, tokens
else:
    # Loaded on first use: the command line's start-up (issue 14).
    printouts = lazy_module("arbitro.printouts")
    labels = lazy_module("arbitro.printouts.labels")
    hand_records = lazy_module("arbitro.printouts.hand_records")
    names = lazy_module("arbitro.printouts.names")
    printouts_prizes = lazy_module("arbitro.printouts.prizes")
    prizes_service = lazy_module("arbitro.services.prizes")
    web_base_url = lazy_module("arbitro.web.base_url")
    secret = lazy_module("arbitro.web.secret")
    tokens = lazy_module("arbitro.web.tokens")
    seat_links = lazy_module("arbitro.web.seat_links")

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
    return labels.check_lang(option or lang())


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
        with errors():
            state = service().state(event_id)
            seating = names.seated_round(state, round_number)
            tables = [tb.table for tb in seating.tables]
            store = open_store()
            base = web_base_url.cli_base_url(store, base_url)
            urls = web_base_url.cli_table_urls(store, base, event_id, tables, round_number)

            codes = tokens.card_codes(
                secret.load_secret(store), seating.tables, urls
            )  # each line's code
            seats = seat_links.round_seat_links(  # a digital table's seats (issue 32)
                secret.load_secret(store), base, state, event_id, round_number
            )
            pdf = printouts.table_cards_pdf(
                state, round_number, urls, lang=_lang(language), codes=codes, seat_urls=seats
            )
            _write(output, pdf)
            running = web_base_url.running_elsewhere(store, base)
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
            if first is not None and web_base_url.points_at_localhost(first):
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
        with errors():
            state = service().state(event_id)
            pdf = printouts.score_sheets_pdf(
                state, round_number, lang=_lang(language), filled=filled
            )
            _write(output, pdf)

    @print_app.command("seating", help=_("Seating list, by table and by name."))
    def seating(
        event_id: EventArg, round_number: RoundArg, output: OutOpt, language: LangOpt = None
    ) -> None:
        """The seating list, by table and by name (FIBAS art. 4)."""
        with errors():
            state = service().state(event_id)
            _write(output, printouts.seating_pdf(state, round_number, lang=_lang(language)))

    @print_app.command("hand-records", help=_("Hand records of the round's digital tables."))
    def hand_records_command(
        event_id: EventArg, round_number: RoundArg, output: OutOpt, language: LangOpt = None
    ) -> None:
        """Each finished deal of the round's digital tables: as dealt, its moves, its final
        position (issue 32)."""
        with errors():
            state = service().state(event_id)
            pdf = hand_records.hand_records_pdf(state, round_number, lang=_lang(language))
            _write(output, pdf)

    @print_app.command("prizes", help=_("The prize list for the ceremony."))
    def prizes(event_id: EventArg, output: OutOpt, language: LangOpt = None) -> None:
        """The prize list of the recorded prize plan, for the ceremony (Parole art. 6.1)."""
        with errors():
            state = service().state(event_id)
            _write(
                output,
                printouts_prizes.prizes_pdf(prizes_service.prize_list(state), lang=_lang(language)),
            )

    @print_app.command("standings", help=_("Provisional or final standings."))
    def standings(
        event_id: EventArg,
        output: OutOpt,
        round_number: Annotated[
            int | None, typer.Argument(hidden=True, help=_("Round (old form: use --round)"))
        ] = None,
        round_option: Annotated[
            int | None,
            typer.Option("--round", help=_("After round (default: the current one)")),
        ] = None,
        language: LangOpt = None,
    ) -> None:
        """The provisional or final standings after a round (FIBAS art. 39): ``--round``, as
        ``arbitro standings`` takes it, else the current round; the round written as an
        argument (the old form, in directors' scripts) still works, with a notice."""
        with errors():
            chosen = given_round(round_option, round_number)
            svc = service()
            state = svc.state(event_id)
            rnd = chosen or state.current_round()
            if rnd == 0:
                raise ArbitroError(
                    "no round is seated yet: the standings come after a round (--round N)"
                )
            state.round(rnd)
            final = state.standings_final(rnd, svc.clock())
            pdf = printouts.standings_pdf(state, rnd, lang=_lang(language), final=final)
            _write(output, pdf)


def given_round(option: int | None, argument: int | None) -> int | None:
    """The round ``print standings`` was given: ``--round``, or the argument of the old form
    (``print standings EVENT 2``) with a notice on the errors' stream; both, if they differ,
    are refused."""
    if argument is None:
        return option
    if option is not None and option != argument:
        raise ArbitroError(
            "two rounds given ({argument} and --round {option}): give --round only",
            argument=argument,
            option=option,
        )
    typer.echo(
        _(
            "Notice: the round as an argument is the old form; write --round {round} (as "
            "«arbitro standings» takes it).",
            round=argument,
        ),
        err=True,
    )
    return argument
