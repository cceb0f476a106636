"""CLI: create, list and show events; register (one by one or from CSV), rename and
withdraw competitors (FIBAS art. 2, 4, 36, 37)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbitro.cli.common import (
    CompArg,
    EventArg,
    JsonOpt,
    emit,
    errors,
    ints,
    service,
    t,
)
from arbitro.codes.scala40 import scala40
from arbitro.errors import ArbitroError
from arbitro.services.registrations import parse_registrations_csv
from arbitro.tournament.commands import sheet_status
from arbitro.tournament.event import (
    EventConfig,
)
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.rules import SCALA40, rules_for


def _per_round(values: list[str], rounds: int, what_it: str, what_en: str) -> list[str]:
    if len(values) == 1:
        return values * rounds
    if len(values) != rounds:
        raise ArbitroError(
            f"{what_it}: {len(values)} valori per {rounds} turni (uno solo vale per tutti)",
            f"{what_en}: {len(values)} values for {rounds} rounds (a single one applies to all)",
        )
    return values


def code_defaults(code: str) -> tuple[int | None, int]:
    """Rounds and deals per round when not given: Scala 40's "5 turni di gioco da 5 chiusure"
    (art. 5); for Burraco, 2 deals a round and no default number of rounds."""
    if code == SCALA40:
        k = scala40()
        return k.rounds, k.deals_per_round
    return None, 2


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""
    event_app = typer.Typer(
        help="Gare: crea, elenca, mostra / events: create, list, show", no_args_is_help=True
    )
    app.add_typer(event_app, name="event")

    @event_app.command("create")
    def create(
        event_id: EventArg,
        name: Annotated[str, typer.Option(help="Nome della gara / event name")],
        movements: Annotated[
            str,
            typer.Option(
                help="Movimento per turno, separati da virgola (draw, registration, arbiter, mitchell, danish, modified-danish, round-robin); uno solo vale per tutti"
            ),
        ],
        format: Annotated[
            EventFormat, typer.Option("--format", help="pairs | teams | individual")
        ] = EventFormat.PAIRS,
        rounds: Annotated[
            int | None, typer.Option(help="Numero di turni (Scala 40: 5, art. 5) / rounds")
        ] = None,
        deals: Annotated[
            str | None,
            typer.Option(
                help="Smazzate per turno, per tutti o per turno: 2 oppure 2,2,3 (Burraco: 2; Scala 40: 5, art. 5)"
            ),
        ] = None,
        mitchell_step: Annotated[
            int, typer.Option(help="Tavoli di avanzamento Mitchell / Mitchell step")
        ] = 1,
        seed: Annotated[int, typer.Option(help="Seme dei sorteggi / draw seed")] = 0,
        duplicate: Annotated[
            bool, typer.Option(help="Carte uguali (scala continua, art. 20)")
        ] = False,
        complaints_minutes: Annotated[
            int, typer.Option(help="Minuti per i reclami (art. 39)")
        ] = 15,
        sessions: Annotated[
            str, typer.Option(help="Turni d'inizio sessione, es. 1,4 / first round of each session")
        ] = "1",
        code: Annotated[
            str, typer.Option(help="Codice di gara: burraco-fibas | burraco-parole-uisp")
        ] = "burraco-fibas",
        json_out: bool = JsonOpt,
    ) -> None:
        """Crea una gara / create an event."""
        with errors(json_out):
            defaults = code_defaults(code)
            rounds = rounds if rounds is not None else defaults[0]
            deals = deals if deals is not None else str(defaults[1])
            if rounds is None:
                raise ArbitroError(
                    "indicare il numero di turni (--rounds)", "give the number of rounds (--rounds)"
                )
            deal_list = [
                int(d)
                for d in _per_round(
                    [str(x) for x in ints(deals, "smazzate", "deals")], rounds, "smazzate", "deals"
                )
            ]
            moves = _per_round(
                [m.strip() for m in movements.split(",") if m.strip()],
                rounds,
                "movimenti",
                "movements",
            )
            try:
                move_list = tuple(Movement(m) for m in moves)
            except ValueError as exc:
                raise ArbitroError(
                    f"movimento sconosciuto: {exc}; validi: {', '.join(m.value for m in Movement)}",
                    f"unknown movement: {exc}; valid: {', '.join(m.value for m in Movement)}",
                    article="4",
                ) from None
            config = EventConfig(
                name=name,
                event_format=format,
                rounds=rounds,
                deals=tuple(deal_list),
                movements=move_list,
                mitchell_step=mitchell_step,
                seed=seed,
                duplicate=duplicate,
                complaints_window_minutes=complaints_minutes,
                session_starts=tuple(ints(sessions, "sessioni", "sessions")),
                code=code,
                game=rules_for(code).game,
            )
            service().create_event(event_id, config)
            emit(
                {"event_id": event_id, "config": config.to_payload()},
                t(f"Gara «{name}» creata: {event_id}", f"Event «{name}» created: {event_id}"),
                json_out,
            )

    @event_app.command("list")
    def list_events(json_out: bool = JsonOpt) -> None:
        """Elenca le gare / list events."""
        with errors(json_out):
            events = service().store.list_events()
            text = "\n".join(
                f"{e.event_id}  {e.name}  ({e.record_count} rec.)" for e in events
            ) or t("Nessuna gara", "No events")
            emit(events, text, json_out)

    @event_app.command("show")
    def show(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Configurazione e stato dei turni / configuration and round status."""
        with errors(json_out):
            state = service().state(event_id)
            rounds = []
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
                        "sheets": {tab.table: sheet_status(state, n, tab.table) for tab in tables},
                    }
                )
            data = {
                "event_id": event_id,
                "config": state.config.to_payload(),
                "competitors": len(state.competitors),
                "rounds": rounds,
            }
            lines = [
                f"{state.config.name} ({event_id}): {state.config.event_format.value}, {len(state.competitors)} {t('concorrenti', 'competitors')}"
            ]
            for rd in rounds:
                missing = [str(k) for k, v in rd["sheets"].items() if v in ("missing", "conflict")]
                lines.append(
                    f"  {t('Turno', 'Round')} {rd['round']}: {rd['deals']} {t('smazzate', 'deals')}, {rd['movement']}"
                    + (t(", assegnato", ", seated") if rd["seated"] else "")
                    + (
                        t(", classifica pubblicata", ", standings published")
                        if rd["standings_published"]
                        else ""
                    )
                    + (
                        t(
                            f", score mancanti: {', '.join(missing)}",
                            f", sheets missing: {', '.join(missing)}",
                        )
                        if missing and rd["seating_published"]
                        else ""
                    )
                )
            emit(data, "\n".join(lines), json_out)

    @app.command("register")
    def register(
        event_id: EventArg,
        name: Annotated[str, typer.Argument(help="Nome / name")],
        player: Annotated[
            list[str] | None,
            typer.Option("--player", "-p", help="Giocatore (ripetibile) / player (repeatable)"),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Iscrivi un concorrente / register a competitor."""
        with errors(json_out):
            number = service().register(event_id, name, player or [])
            emit(
                {"competitor": number, "name": name},
                t(f"Iscritto n. {number}: {name}", f"Registered no. {number}: {name}"),
                json_out,
            )

    @app.command("import-csv")
    def import_csv(
        event_id: EventArg,
        file: Annotated[Path, typer.Argument(help="File CSV")],
        json_out: bool = JsonOpt,
    ) -> None:
        """Iscrizioni da CSV (colonne nome, giocatore1, giocatore2...) / registrations from CSV."""
        with errors(json_out):
            try:
                text = file.read_text("utf-8")
            except OSError as exc:
                raise ArbitroError(
                    f"impossibile leggere {file}: {exc.strerror}",
                    f"cannot read {file}: {exc.strerror}",
                ) from None
            rows = parse_registrations_csv(text)
            svc = service()
            numbers = [svc.register(event_id, name, players) for name, players in rows]
            emit(
                {"registered": numbers},
                t(f"Iscritti {len(numbers)} concorrenti", f"Registered {len(numbers)} competitors"),
                json_out,
            )

    @app.command("rename")
    def rename(
        event_id: EventArg,
        competitor: CompArg,
        name: Annotated[str, typer.Argument()],
        json_out: bool = JsonOpt,
    ) -> None:
        """Rinomina un concorrente / rename a competitor."""
        with errors(json_out):
            service().rename(event_id, competitor, name)
            emit({"competitor": competitor, "name": name}, t("Rinominato", "Renamed"), json_out)

    @app.command("withdraw")
    def withdraw(
        event_id: EventArg,
        competitor: CompArg,
        reason: Annotated[str | None, typer.Option()] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Ritira un concorrente / withdraw a competitor."""
        with errors(json_out):
            rnd = service().withdraw(event_id, competitor, reason)
            emit(
                {"competitor": competitor, "from_round": rnd},
                t(f"Ritirato dal turno {rnd}", f"Withdrawn from round {rnd}"),
                json_out,
            )
