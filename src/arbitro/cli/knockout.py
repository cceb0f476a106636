"""CLI: knockout events of pairs, by the code the event plays (``--code``: the registry's codes
played by knockout, Briscola's regulation the first): create, register with the entry fee, draw
the bracket, record games or let the code's bots play them, irregularities (Briscola art. 10),
the bracket and the champion. A help text cites the first knockout code's article; what an
event refuses cites its own code's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.common import (
    EventArg,
    JsonOpt,
    NameOpt,
    cited,
    command_group,
    emit,
    errors,
    event_created,
    knockouts,
    open_store,
    read_json,
)
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import EventKind, code_spec, codes_of, default_knockout, knockout_code
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, ngettext, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.printouts import bracket as printouts_bracket
    from arbitro.printouts import match_cards
    from arbitro.services import event_file as event_file_service
    from arbitro.tournament import knockout, knockout_event
    from arbitro.tournament.commands import values
    from arbitro.tournament.knockout import Bracket, GameReport, Match
    from arbitro.tournament.knockout_event import KnockoutConfig, KnockoutState
    from arbitro.web import knockout_match
else:
    # Loaded on first use: the command line's start-up (issue 14).
    printouts_bracket = lazy_module("arbitro.printouts.bracket")
    match_cards = lazy_module("arbitro.printouts.match_cards")
    event_file_service = lazy_module("arbitro.services.event_file")
    values = lazy_module("arbitro.tournament.commands.values")
    knockout = lazy_module("arbitro.tournament.knockout")
    knockout_event = lazy_module("arbitro.tournament.knockout_event")
    knockout_match = lazy_module("arbitro.web.knockout_match")


def bracket_text(state: KnockoutState) -> str:
    """The bracket round by round, the champion, the fees."""
    names = {n: p.name for n, p in state.pairs.items()}
    out = [
        render(
            ngettext(
                "{name} ({event}): {count} pair",
                "{name} ({event}): {count} pairs",
                len(state.pairs),
                name=state.config.name,
                event=state.event_id,
            )
        )
    ]
    if state.bracket is None:
        out.append(_("Bracket not drawn yet"))
        return "\n".join(out)
    for rnd in state.bracket.rounds:
        for m in rnd:
            # An empty place is a bye only in round 1 (art. 9); later it waits for a winner.
            if m.is_bye:
                pair = names.get(m.winner or 0, "—")
                out.append(_("{match}: {pair}, bye", match=match_name(state.bracket, m), pair=pair))
                continue
            unknown = _("to be decided")
            line = _(
                "{match}: {first} v {second}",
                match=match_name(state.bracket, m),
                first=names.get(m.first, "—") if m.first else unknown,
                second=names.get(m.second, "—") if m.second else unknown,
            )
            if m.is_walkover:
                pair = names.get(m.walkover or 0, "—")
                line += " " + _("walkover: {pair} did not show up", pair=pair)
            elif m.games:
                line += f" {m.score[0]}-{m.score[1]}"
            out.append(line)
    if state.bracket.champion is not None:
        out.append(_("Champion: {name}", name=names[state.bracket.champion]))
    return "\n".join(out)


def match_name(bracket: Bracket, m: Match) -> str:
    """A match as the room says it: its round's name and its number in the round,
    "ottavi di finale, partita 1" (Briscola art. 9: the rounds of the knockout); the id
    (``R1M1``) stays the commands' and the JSON's."""
    return _(
        "{round}, match {number}", round=render(bracket.round_label(m.round)), number=m.number
    ).capitalize()


def _data(state: KnockoutState) -> dict[str, Any]:
    return {
        "event_id": state.event_id,
        "name": state.config.name,
        "pairs": {n: p.name for n, p in state.pairs.items()},
        "fees_collected_cents": state.fees_collected_cents,
        "bracket": None if state.bracket is None else state.bracket.to_dict(),
        "champion": None if state.bracket is None else state.bracket.champion,
        "ledger": state.ledger,
    }


def _show(state: KnockoutState, json_out: bool) -> None:
    emit(_data(state), bracket_text(state), json_out)


def _points(text: str) -> dict[int, int]:
    """``3=68,7=52``: each pair's points in a game (Briscola art. 8)."""
    try:
        return {int(k): int(v) for k, v in (item.split("=") for item in text.split(","))}
    except ValueError:
        raise ArbitroError("points «{points}»: use PAIR=POINTS,PAIR=POINTS", points=text) from None


def _record(
    event_id: str,
    match: str,
    report: Callable[[int], GameReport],
    json_out: bool,
    reason: str | None = None,
) -> None:
    """Record the next game of ``match`` (``report`` builds it from its number in the match)
    and show the bracket."""
    with errors(json_out):
        svc = knockouts()
        number = len(_match(svc.state(event_id), match).games) + 1
        svc.run(event_id, values.RecordGame(report(number), reason=reason))
        _show(svc.state(event_id), json_out)


def register(app: typer.Typer) -> None:
    """Add the ``knockout`` command group to ``app``."""
    ko = command_group(app, "knockout", _("Knockout events (Briscola)"))
    # The helps cite the first code played by knockout (an event's own code cites its own);
    # a parameter's annotation is read when the command runs, from this module's names.
    first = default_knockout()

    @ko.command("create", help=_("Create a knockout event."))
    def create(
        event_id: EventArg,
        name: NameOpt,
        seeded: Annotated[
            bool,
            typer.Option(help=_("A seeded bracket (order of registration) instead of the draw")),
        ] = False,
        seed: Annotated[
            int, typer.Option(help=_("Draw number (0: drawn at random when drawing)"))
        ] = 0,
        code: Annotated[
            str | None,
            typer.Option(
                "--code",
                help=_(
                    "Competition code played by knockout ({codes})",
                    codes=", ".join(codes_of(EventKind.KNOCKOUT)),
                ),
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Create a knockout event of pairs (Briscola art. 9) playing ``code``: the
        registry's first code played by knockout unless told; its entry fee is the code's."""
        with errors(json_out):
            config = _config(name, seeded, seed, code)
            state = knockouts().create(event_id, config)
            event_created(event_id, name, _data(state), json_out)

    @ko.command("register", help=_("Register a pair with its entry fee."))
    def register_pair(
        event_id: EventArg,
        name: Annotated[str, typer.Argument(help=_("Pair name"))],
        player: Annotated[
            list[str] | None, typer.Option("--player", "-p", help=_("Player (repeatable)"))
        ] = None,
        unpaid: Annotated[bool, typer.Option(help=_("Entry fee not paid"))] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Register a pair with its entry fee (the regulation's premessa)."""
        with errors(json_out):
            n = knockouts().run(event_id, values.RegisterPair(name, player or [], paid=not unpaid))
            emit(
                {"competitor": n, "name": name},
                _("Registered pair no. {number}: {name}", number=n, name=name),
                json_out,
            )

    @ko.command("draw", help=cited(N_("Draw the bracket ({article})."), first, "knockout"))
    def draw(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Draw the bracket, byes in round 1 (Briscola art. 9)."""
        with errors(json_out):
            svc = knockouts()
            svc.run(event_id, values.DrawBracket())
            _show(svc.state(event_id), json_out)

    @ko.command(
        "game",
        help=cited(N_("Record a game played ({article})."), first, "result"),
    )
    def game(
        event_id: EventArg,
        match: Annotated[str, typer.Argument(help=_("Match, e.g. R1M2 (round 1, match 2)"))],
        points: Annotated[
            str,
            typer.Option(
                help=cited(
                    N_("Points per pair: 3=68,7=52 ({article})"),
                    default_knockout(),
                    "result_points",
                )
            ),
        ],
        last_trick: Annotated[
            int | None, typer.Option(help=_("Pair of the last trick (60-60)"))
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Record a game played (Briscola art. 8-9)."""
        with errors(json_out):
            pts = _points(points)
            _record(
                event_id, match, lambda n: knockout.GameReport(match, n, pts, last_trick), json_out
            )

    @ko.command(
        "irregularity",
        help=cited(
            N_("An irregularity ({article}): the offending pair loses the game."),
            first,
            "irregularities",
        ),
    )
    def irregularity(
        event_id: EventArg,
        match: Annotated[str, typer.Argument(help=_("Match"))],
        offender: Annotated[int, typer.Option(help=_("Offending pair"))],
        kind: Annotated[
            str,
            typer.Option(
                help=" | ".join(k.key for k in knockout_code(default_knockout()).irregularities)
            ),
        ],
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """An irregularity of Briscola art. 10: the offending pair loses the game."""
        _record(
            event_id,
            match,
            lambda n: knockout.GameReport(match, n, irregularity=kind, offender=offender),
            json_out,
            reason,
        )

    @ko.command("play", help=_("The bots play the games still to play, up to the champion."))
    def play(
        event_id: EventArg,
        seed: Annotated[int, typer.Option(help=_("Seed"))] = 0,
        json_out: bool = JsonOpt,
    ) -> None:
        """The bots play every game still to play, up to the champion."""
        with errors(json_out):
            _show(knockouts().play_all(event_id, seed), json_out)

    @ko.command("pay", help=_("A pair pays its entry fee after registering."))
    def pay(
        event_id: EventArg,
        pair: Annotated[int, typer.Argument(help=_("Pair number"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """The pair pays the entry fee it still owes (the regulation's premessa)."""
        with errors(json_out):
            svc = knockouts()
            svc.run(event_id, values.PayFee(pair))
            emit(
                {
                    "competitor": pair,
                    "fees_collected_cents": svc.state(event_id).fees_collected_cents,
                },
                _("Pair no. {number}: fee paid", number=pair),
                json_out,
            )

    @ko.command(
        "withdraw",
        help=cited(
            N_("A pair that does not show up: it loses its match without playing ({article})."),
            first,
            "knockout",
        ),
    )
    def withdraw(
        event_id: EventArg,
        pair: Annotated[int, typer.Argument(help=_("Pair number"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """A pair that does not show up: out of the draw, or its match lost "a tavolino"
        (Briscola art. 9, ruling Briscola 11)."""
        with errors(json_out):
            svc = knockouts()
            svc.run(event_id, values.WithdrawPair(pair))
            _show(svc.state(event_id), json_out)

    @ko.command("cards", help=_("Print the match cards with the QR code of each match (PDF)."))
    def cards(
        event_id: EventArg,
        output: Annotated[Path, typer.Option("--output", "-o", help=_("PDF file"))] = Path(
            "match-cards.pdf"
        ),
        base_url: Annotated[
            str | None,
            typer.Option(
                "--base-url",
                help=_("Address of the site (default: the one arbitro serve recorded)"),
            ),
        ] = None,
        lang: Annotated[str, typer.Option(help="it | en")] = "it",
        json_out: bool = JsonOpt,
    ) -> None:
        """The cards of the matches to play now, each with its QR code (Briscola art. 8-9)."""
        with errors(json_out):
            state = knockouts().state(event_id)
            ids = [m.id for m in knockout_match.card_matches(state)]
            urls = knockout_match.cli_match_urls(open_store(), base_url, event_id, ids)
            pdf = match_cards.match_cards_pdf(state, urls, lang=lang)
            output.write_bytes(pdf)
            emit(
                {"event_id": event_id, "file": str(output), "matches": ids, "urls": urls},
                _("Match cards written to {file}", file=str(output)),
                json_out,
            )

    @ko.command("show", help=_("Bracket, champion and fees."))
    def show(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """The bracket, the champion and the fees collected."""
        with errors(json_out):
            _show(knockouts().state(event_id), json_out)

    @ko.command(
        "print",
        help=cited(N_("Print the bracket as a PDF ({article})."), first, "knockout"),
    )
    def print_bracket(
        event_id: EventArg,
        output: Annotated[Path, typer.Option("--output", "-o", help=_("PDF file"))] = Path(
            "bracket.pdf"
        ),
        lang: Annotated[str, typer.Option(help="it | en")] = "it",
        json_out: bool = JsonOpt,
    ) -> None:
        """Print the bracket as a PDF (Briscola art. 9)."""
        with errors(json_out):
            pdf = printouts_bracket.bracket_pdf(knockouts().state(event_id), lang=lang)
            output.write_bytes(pdf)
            emit(
                {"event_id": event_id, "file": str(output), "bytes": len(pdf)},
                _("Bracket written to {file}", file=str(output)),
                json_out,
            )

    @ko.command("import", help=_("Import a knockout event file."))
    def import_(
        file: Annotated[Path, typer.Argument(help=_("Event file (JSON)"))],
        as_id: Annotated[str | None, typer.Option("--as", help=_("New event id"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Import a knockout event file, under its own id or ``--as``."""
        with errors(json_out):
            state = event_file_service.import_event(knockouts(), read_json(file), as_id)
            emit(
                {"event_id": state.event_id, "records": state.last_seq},
                _("Event imported"),
                json_out,
            )


def _match(state: KnockoutState, match_id: str) -> Match:
    if state.bracket is None:
        raise ArbitroError("draw the bracket first", article=state.cite("knockout"))
    return state.bracket.match(match_id)


def _config(name: str, seeded: bool, seed: int, code: str | None) -> KnockoutConfig:
    """A new knockout event's configuration: the code (its id) must be played by
    knockout; the entry fee and the game are the code's."""
    spec = code_spec(code or default_knockout())
    numbers = knockout_code(spec.id)  # refuses a code not played by knockout
    return knockout_event.KnockoutConfig(
        name,
        seeded,
        seed,
        numbers.entry_fee_cents,
        game=GameId(spec.game),
        code=CodeId(spec.id),
    )
