"""CLI: knockout events of pairs (the Briscola regulation): create, register with the entry
fee, draw the bracket, record games or let the bots play them, irregularities of art. 10, the
bracket and the champion."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.cli.common import EventArg, JsonOpt, emit, errors, t
from arbitro.errors import ArbitroError
from arbitro.services.event_file import import_event
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import KnockoutConfig, KnockoutState


def _service() -> KnockoutService:
    return KnockoutService(RecordStore.open(os.environ.get("ARBITRO_DATABASE_URL")))


def bracket_text(state: KnockoutState) -> str:
    """The bracket round by round, the champion, the fees."""
    names = {n: p.name for n, p in state.pairs.items()}
    out = [f"{state.config.name} ({state.event_id}): {len(state.pairs)} {t('coppie', 'pairs')}"]
    if state.bracket is None:
        out.append(t("Tabellone non ancora sorteggiato", "Bracket not drawn yet"))
        return "\n".join(out)
    for r, rnd in enumerate(state.bracket.rounds, start=1):
        it, en = state.bracket.round_name(r)
        out.append(f"{t(it, en).capitalize()}:")
        for m in rnd:
            a = names.get(m.first, "—") if m.first else t("riposo", "bye")
            b = names.get(m.second, "—") if m.second else t("riposo", "bye")
            score = f"{m.score[0]}-{m.score[1]}" if m.games else ""
            out.append(f"  {m.id}: {a} v {b} {score}")
    if state.bracket.champion is not None:
        out.append(f"{t('Campione', 'Champion')}: {names[state.bracket.champion]}")
    return "\n".join(out)


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


def register(app: typer.Typer) -> None:
    """Add the ``knockout`` command group to ``app``."""
    ko = typer.Typer(
        help="Gare a eliminazione diretta (Briscola) / knockout events", no_args_is_help=True
    )
    app.add_typer(ko, name="knockout")

    @ko.command("create")
    def create(
        event_id: EventArg,
        name: Annotated[str, typer.Option(help="Nome / name")],
        seeded: Annotated[
            bool,
            typer.Option(
                help="Tabellone per teste di serie (ordine d'iscrizione) invece del sorteggio"
            ),
        ] = False,
        seed: Annotated[int, typer.Option(help="Seme del sorteggio / draw seed")] = 0,
        json_out: bool = JsonOpt,
    ) -> None:
        """Crea una gara a eliminazione diretta / create a knockout event."""
        with errors(json_out):
            state = _service().create(event_id, KnockoutConfig(name, seeded, seed))
            emit(
                _data(state),
                t(f"Gara «{name}» creata: {event_id}", f"Event «{name}» created: {event_id}"),
                json_out,
            )

    @ko.command("register")
    def register_pair(
        event_id: EventArg,
        name: Annotated[str, typer.Argument(help="Nome della coppia / pair name")],
        player: Annotated[list[str] | None, typer.Option("--player", "-p")] = None,
        unpaid: Annotated[bool, typer.Option(help="Quota non versata / fee not paid")] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Iscrivi una coppia con la quota (premessa) / register a pair with its fee."""
        with errors(json_out):
            n = _service().register(event_id, name, player or [], paid=not unpaid)
            emit(
                {"competitor": n, "name": name},
                t(f"Iscritta n. {n}: {name}", f"Registered no. {n}: {name}"),
                json_out,
            )

    @ko.command("draw")
    def draw(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Sorteggia il tabellone (art. 9) / draw the bracket."""
        with errors(json_out):
            svc = _service()
            svc.draw(event_id)
            state = svc.state(event_id)
            emit(_data(state), bracket_text(state), json_out)

    @ko.command("game")
    def game(
        event_id: EventArg,
        match: Annotated[str, typer.Argument(help="Incontro, es. R1M2 / match")],
        points: Annotated[str, typer.Option(help="Punti per coppia: 3=68,7=52 (art. 8)")],
        last_trick: Annotated[
            int | None, typer.Option(help="Coppia dell'ultima presa (60-60)")
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Registra una partita giocata (art. 8-9) / record a game played."""
        with errors(json_out):
            svc = _service()
            m = _match(svc.state(event_id), match)
            try:
                pts = {int(k): int(v) for k, v in (item.split("=") for item in points.split(","))}
            except ValueError:
                raise ArbitroError(
                    f"punti «{points}»: usare COPPIA=PUNTI,COPPIA=PUNTI",
                    f"points «{points}»: use PAIR=POINTS,PAIR=POINTS",
                ) from None
            svc.record_game(event_id, GameReport(match, len(m.games) + 1, pts, last_trick))
            state = svc.state(event_id)
            emit(_data(state), bracket_text(state), json_out)

    @ko.command("irregularity")
    def irregularity(
        event_id: EventArg,
        match: Annotated[str, typer.Argument(help="Incontro / match")],
        offender: Annotated[int, typer.Option(help="Coppia colpevole / offending pair")],
        kind: Annotated[
            str,
            typer.Option(
                help="dealer-stacking | cutter-stacking | communication | out-of-turn | signalling-play"
            ),
        ],
        reason: Annotated[str, typer.Option(help="Motivo / reason")],
        json_out: bool = JsonOpt,
    ) -> None:
        """Irregolarità dell'art. 10: la coppia colpevole perde la partita / art. 10 irregularity."""
        with errors(json_out):
            svc = _service()
            m = _match(svc.state(event_id), match)
            report = GameReport(match, len(m.games) + 1, irregularity=kind, offender=offender)
            svc.record_game(event_id, report, reason=reason)
            state = svc.state(event_id)
            emit(_data(state), bracket_text(state), json_out)

    @ko.command("play")
    def play(
        event_id: EventArg,
        seed: Annotated[int, typer.Option(help="Seme / seed")] = 0,
        json_out: bool = JsonOpt,
    ) -> None:
        """I bot giocano le partite ancora da giocare fino al campione / bots play to the champion."""
        with errors(json_out):
            state = _service().play_all(event_id, seed)
            emit(_data(state), bracket_text(state), json_out)

    @ko.command("show")
    def show(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Tabellone, campione e quote / bracket, champion and fees."""
        with errors(json_out):
            state = _service().state(event_id)
            emit(_data(state), bracket_text(state), json_out)

    @ko.command("print")
    def print_bracket(
        event_id: EventArg,
        output: Annotated[Path, typer.Option("--output", "-o", help="File PDF / PDF file")] = Path(
            "bracket.pdf"
        ),
        lang: Annotated[str, typer.Option(help="it | en")] = "it",
        json_out: bool = JsonOpt,
    ) -> None:
        """Stampa il tabellone in PDF (art. 9) / print the bracket as a PDF."""
        from arbitro.printouts.bracket import bracket_pdf

        with errors(json_out):
            pdf = bracket_pdf(_service().state(event_id), lang=lang)
            output.write_bytes(pdf)
            emit(
                {"event_id": event_id, "file": str(output), "bytes": len(pdf)},
                t(f"Tabellone scritto in {output}", f"Bracket written to {output}"),
                json_out,
            )

    @ko.command("import")
    def import_(
        file: Annotated[Path, typer.Argument()],
        as_id: Annotated[str | None, typer.Option("--as")] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Importa il file di una gara a eliminazione / import a knockout event file."""
        with errors(json_out):
            state = import_event(_service(), json.loads(file.read_text("utf-8")), as_id)
            emit(
                {"event_id": state.event_id, "records": state.last_seq},
                t("Gara importata", "Event imported"),
                json_out,
            )


def _match(state: KnockoutState, match_id: str) -> Any:
    if state.bracket is None:
        raise ArbitroError("prima sorteggiare il tabellone", "draw the bracket first", article="9")
    return state.bracket.match(match_id)
