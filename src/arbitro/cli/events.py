"""CLI commands to run an event: create, register, seat, enter sheets, correct, penalise,
publish standings, export and import (FIBAS code arts. 4, 19-21, 36-40)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.cli.common import JsonOpt, emit, errors, service, t
from arbitro.cli.render import history_text, seating_text, standings_text
from arbitro.errors import ArbitroError
from arbitro.games.prepared_deals import BoardCheck, HandCount, law13_outcome
from arbitro.services.event_file import export_event, import_event, parse_event_file
from arbitro.services.registrations import parse_registrations_csv
from arbitro.tournament.commands import missing_sheets, sheet_status
from arbitro.tournament.event import (
    EventConfig,
    EventState,
    SanctionKind,
    seating_from_payload,
    seating_to_payload,
)
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry
from arbitro.tournament.standings.standings import standings

EventArg = Annotated[str, typer.Argument(help="Identificativo della gara / event id")]
RoundArg = Annotated[int, typer.Argument(help="Turno / round")]
TableArg = Annotated[int, typer.Argument(help="Tavolo / table")]
CompArg = Annotated[int, typer.Argument(help="Numero del concorrente / competitor number")]


def _ints(text: str, what_it: str, what_en: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(";", ",").split(",") if x.strip()]
    except ValueError:
        raise ArbitroError(
            f"{what_it}: «{text}» non è un elenco di numeri",
            f"{what_en}: «{text}» is not a list of numbers",
        ) from None


def _per_round(values: list[str], rounds: int, what_it: str, what_en: str) -> list[str]:
    if len(values) == 1:
        return values * rounds
    if len(values) != rounds:
        raise ArbitroError(
            f"{what_it}: {len(values)} valori per {rounds} turni (uno solo vale per tutti)",
            f"{what_en}: {len(values)} values for {rounds} rounds (a single one applies to all)",
        )
    return values


def _deal(text: str) -> DealScore:
    values = _ints(text, "smazzata", "deal")
    if len(values) != 4:
        raise ArbitroError(
            f"smazzata «{text}»: servono 4 numeri base,punti N-S e base,punti E-O",
            f"deal «{text}»: 4 numbers needed: N-S base,points and E-W base,points",
            article="19",
        )
    return DealScore.from_list(values)


def _entry(deals: list[str], closed: list[str] | None) -> SheetEntry:
    return SheetEntry(
        tuple(_deal(d) for d in deals), tuple(_deal(d) for d in closed) if closed else None
    )


def _standings_data(state: EventState, rnd: int, final: bool) -> dict[str, Any]:
    return {"round": rnd, "final": final, "rows": standings(state, rnd)}


def register_commands(app: typer.Typer) -> None:
    """Add the event commands to ``app``."""
    event_app = typer.Typer(
        help="Gare: crea, elenca, mostra / events: create, list, show", no_args_is_help=True
    )
    app.add_typer(event_app, name="event")

    @event_app.command("create")
    def create(
        event_id: EventArg,
        name: Annotated[str, typer.Option(help="Nome della gara / event name")],
        rounds: Annotated[int, typer.Option(help="Numero di turni / rounds")],
        movements: Annotated[
            str,
            typer.Option(
                help="Movimento per turno, separati da virgola (draw, registration, arbiter, mitchell, danish, modified-danish, round-robin); uno solo vale per tutti"
            ),
        ],
        format: Annotated[
            EventFormat, typer.Option("--format", help="pairs | teams | individual")
        ] = EventFormat.PAIRS,
        deals: Annotated[
            str,
            typer.Option(help="Smazzate per turno (1-4), per tutti o per turno: 2 oppure 2,2,3"),
        ] = "2",
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
            deal_list = [
                int(d)
                for d in _per_round(
                    [str(x) for x in _ints(deals, "smazzate", "deals")], rounds, "smazzate", "deals"
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
                session_starts=tuple(_ints(sessions, "sessioni", "sessions")),
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

    @app.command("seat")
    def seat(
        event_id: EventArg,
        round_number: RoundArg,
        movement: Annotated[
            Movement | None, typer.Option(help="Altro movimento per questo turno / override")
        ] = None,
        seed: Annotated[int | None, typer.Option(help="Seme del sorteggio / draw seed")] = None,
        tables: Annotated[
            Path | None, typer.Option(help="Scelta dell'arbitro: JSON [{table, ns, ew}]")
        ] = None,
        publish: Annotated[bool, typer.Option(help="Affiggi subito / publish now")] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Assegna i tavoli di un turno (art. 4) / seat a round."""
        with errors(json_out):
            arbiter = None
            if tables is not None:
                arbiter = seating_from_payload(json.loads(tables.read_text("utf-8"))).tables
                movement = movement or Movement.ARBITER_CHOICE
            state = service().seat(
                event_id,
                round_number,
                movement=movement,
                seed=seed,
                arbiter_tables=arbiter,
                publish=publish,
            )
            seating = state.round(round_number).seating
            assert seating is not None
            emit(
                {"round": round_number, "tables": seating_to_payload(seating)},
                seating_text(state, round_number),
                json_out,
            )

    @app.command("publish-seating")
    def publish_seating(
        event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt
    ) -> None:
        """Affiggi la posizione ai tavoli / publish the seating."""
        with errors(json_out):
            service().publish_seating(event_id, round_number)
            emit(
                {"round": round_number, "published": True},
                t("Posizione ai tavoli affissa", "Seating published"),
                json_out,
            )

    @app.command("seating")
    def seating(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """Mostra la posizione ai tavoli / show the seating."""
        with errors(json_out):
            state = service().state(event_id)
            s = state.round(round_number).seating
            emit(
                {"round": round_number, "tables": seating_to_payload(s) if s else None},
                seating_text(state, round_number),
                json_out,
            )

    @app.command("sheet")
    def sheet(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        deal: Annotated[
            list[str],
            typer.Option(
                "--deal",
                "-d",
                help="base,punti N-S,base,punti E-O (una per smazzata; a squadre: sala aperta)",
            ),
        ],
        closed: Annotated[
            list[str] | None, typer.Option("--closed", help="A squadre: smazzate della sala chiusa")
        ] = None,
        actor: Annotated[str, typer.Option(help="Chi inserisce / entered by")] = "director",
        line: Annotated[
            str | None,
            typer.Option(help="ns | ew: la linea che lo invia dal tavolo / the line submitting it"),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Inserisci lo score di un tavolo (art. 19-20) / enter a table's sheet."""
        with errors(json_out):
            svc = service()
            entry = _entry(deal, closed)
            status = svc.enter_sheet(event_id, round_number, table, entry, actor=actor, line=line)
            state = svc.state(event_id)
            from arbitro.tournament.scoring.sheet import sheet_result

            res = sheet_result(
                state.code,
                entry,
                deals=state.deals(round_number),
                teams=state.config.event_format is EventFormat.TEAMS,
                duplicate=state.config.duplicate,
            )
            data = {
                "round": round_number,
                "table": table,
                "status": status,
                "ns_total": res.ns_total,
                "ew_total": res.ew_total,
                "ns_mp": res.ns_mp,
                "ew_mp": res.ew_mp,
                "ns_vp": res.ns_vp,
                "ew_vp": res.ew_vp,
            }
            text = t(
                f"Tavolo {table}: N-S {res.ns_total} ({res.ns_vp} V.P.) - E-O {res.ew_total} ({res.ew_vp} V.P.)",
                f"Table {table}: N-S {res.ns_total} ({res.ns_vp} VP) - E-W {res.ew_total} ({res.ew_vp} VP)",
            ) + (
                t(
                    " — CONFLITTO con lo score già inserito: decide il direttore",
                    " — CONFLICT with the sheet already entered: the director decides",
                )
                if status == "conflict"
                else ""
            )
            emit(data, text, json_out)

    @app.command("confirm")
    def confirm(
        event_id: EventArg, round_number: RoundArg, table: TableArg, json_out: bool = JsonOpt
    ) -> None:
        """Conferma uno score inviato da una sola linea / confirm a sheet sent by one line."""
        with errors(json_out):
            service().confirm_sheet(event_id, round_number, table)
            emit(
                {"round": round_number, "table": table, "status": "confirmed"},
                t("Score confermato", "Sheet confirmed"),
                json_out,
            )

    @app.command("correct")
    def correct(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        kind: Annotated[str, typer.Option(help="sum | inverted | conflict | arbiter (art. 21)")],
        reason: Annotated[str, typer.Option(help="Motivo / reason")],
        deal: Annotated[
            list[str] | None, typer.Option("--deal", "-d", help="Score corretto / corrected deals")
        ] = None,
        closed: Annotated[list[str] | None, typer.Option("--closed")] = None,
        table_agrees: Annotated[
            bool, typer.Option(help="Il tavolo riconosce l'errore (punteggi invertiti)")
        ] = False,
        by_arbiter: Annotated[bool, typer.Option(help="Correzione firmata dall'arbitro")] = False,
        actor: Annotated[str, typer.Option()] = "director",
        json_out: bool = JsonOpt,
    ) -> None:
        """Correggi uno score (art. 21) / correct a sheet."""
        with errors(json_out):
            entry = _entry(deal, closed) if deal else None
            eff = service().correct_sheet(
                event_id,
                round_number,
                table,
                kind=kind,
                reason=reason,
                entry=entry,
                table_agrees=table_agrees,
                by_arbiter=by_arbiter,
                actor=actor,
            )
            emit(
                {"round": round_number, "table": table, "effective_round": eff},
                t(
                    f"Correzione registrata (vale dal turno {eff})",
                    f"Correction recorded (counts from round {eff})",
                ),
                json_out,
            )

    @app.command("history")
    def history(
        event_id: EventArg, round_number: RoundArg, table: TableArg, json_out: bool = JsonOpt
    ) -> None:
        """Storia di uno score / a sheet's history."""
        with errors(json_out):
            versions = service().sheet_history(event_id, round_number, table)
            data = [
                {
                    "seq": v.seq,
                    "kind": v.kind,
                    "actor": v.actor,
                    "at": v.at,
                    "reason": v.reason,
                    "entry": v.entry.to_payload(),
                    "effective_round": v.effective_round,
                }
                for v in versions
            ]
            emit(data, history_text(versions), json_out)

    @app.command("late")
    def late(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        minutes: Annotated[str, typer.Argument(help="Ritardo mm:ss / lateness mm:ss")],
        json_out: bool = JsonOpt,
    ) -> None:
        """Registra un ritardo (art. 37) / record a lateness."""
        with errors(json_out):
            mm, _, ss = minutes.partition(":")
            try:
                seconds = int(mm) * 60 + (int(ss) if ss else 0)
            except ValueError:
                raise ArbitroError(
                    f"ritardo «{minutes}»: usare mm:ss", f"lateness «{minutes}»: use mm:ss"
                ) from None
            service().record_lateness(event_id, round_number, competitor, seconds)
            emit(
                {"round": round_number, "competitor": competitor, "seconds": seconds},
                t("Ritardo registrato", "Lateness recorded"),
                json_out,
            )

    @app.command("warn")
    def warn(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        reason: Annotated[str, typer.Option()],
        article: Annotated[str, typer.Option()] = "41",
        json_out: bool = JsonOpt,
    ) -> None:
        """Ammonizione (art. 22, 41) / warning."""
        with errors(json_out):
            service().give_warning(event_id, round_number, competitor, reason, article)
            emit(
                {"round": round_number, "competitor": competitor},
                t("Ammonizione registrata", "Warning recorded"),
                json_out,
            )

    @app.command("sanction")
    def sanction(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        kind: Annotated[
            SanctionKind, typer.Option("--kind", help="reprimand | warning | expulsion")
        ],
        reason: Annotated[str, typer.Option(help="Motivo / reason")],
        article: Annotated[str | None, typer.Option(help="Articolo / article")] = None,
        player: Annotated[str | None, typer.Option(help="Giocatore sanzionato / player")] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Sanzione: richiamo, ammonizione, espulsione (art. 22, 40, 41) / sanction."""
        with errors(json_out):
            service().give_sanction(
                event_id, round_number, competitor, kind, reason, article=article, player=player
            )
            emit(
                {"round": round_number, "competitor": competitor, "sanction": kind.value},
                t("Sanzione registrata", "Sanction recorded"),
                json_out,
            )

    @app.command("ledger")
    def ledger(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """Registro delle sanzioni, ritardi, abbandoni e punteggi arbitrali / sanctions ledger."""
        with errors(json_out):
            state = service().state(event_id)
            lines = [
                f"#{e.seq} {e.at:%Y-%m-%d %H:%M} {t('turno', 'round')} {e.round} {state.competitors[e.competitor].name if e.competitor else '—'}: {e.kind} ({'art. ' + e.article if e.article[:1].isdigit() else e.article}) {e.detail} — {e.reason} [{e.actor}]"
                for e in state.ledger
            ]
            emit(state.ledger, "\n".join(lines) or t("Registro vuoto", "Empty ledger"), json_out)

    @app.command("law13")
    def law13(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        board: Annotated[int, typer.Option(help="Numero del board / board number")],
        count: Annotated[
            list[str], typer.Option("--count", help="Tasca con carte errate: N=12 / wrong pocket")
        ],
        reason: Annotated[str, typer.Option(help="Motivo / reason")],
        expected: Annotated[
            int, typer.Option(help="Carte attese per tasca / cards due per pocket")
        ] = 11,
        call_made: Annotated[bool, typer.Option(help="Dichiarazione già fatta (13A/13B)")] = False,
        play_completed: Annotated[bool, typer.Option(help="Gioco completato (13C)")] = False,
        cannot_correct: Annotated[
            bool, typer.Option(help="L'arbitro non può correggere (13B)")
        ] = False,
        card_seen: Annotated[
            bool, typer.Option(help="Una carta altrui è stata vista (13D2)")
        ] = False,
        significant: Annotated[
            bool, typer.Option(help="Informazione significativa (13D2b)")
        ] = False,
        foreign: Annotated[bool, typer.Option(help="Carta estranea alla smazzata (13F)")] = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """Numero errato di carte in un board (Legge 13) / wrong number of cards in a board."""
        with errors(json_out):
            wrong = []
            for item in count:
                pos, _, n = item.partition("=")
                try:
                    wrong.append(HandCount(pos.strip().upper(), int(n), expected))
                except ValueError:
                    raise ArbitroError(
                        f"«{item}»: usare POSIZIONE=NUMERO", f"«{item}»: use POSITION=NUMBER"
                    ) from None
            ruling = law13_outcome(
                BoardCheck(board, tuple(w for w in wrong if w.count != w.expected)),
                call_made=call_made,
                play_completed=play_completed,
                can_correct=not cannot_correct,
                card_seen=card_seen,
                information_significant=significant,
                excess_card_foreign=foreign,
            )
            service().record_board_ruling(event_id, round_number, table, ruling, reason)
            what = ruling.outcome.english if t("it", "en") == "en" else ruling.outcome.italian
            emit(ruling.as_payload(), f"{ruling.paragraph}: {what}", json_out)

    @app.command("arbitral")
    def arbitral(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        mp: Annotated[int, typer.Option()],
        vp: Annotated[int, typer.Option()],
        reason: Annotated[str, typer.Option()],
        json_out: bool = JsonOpt,
    ) -> None:
        """Punteggio arbitrale (art. 40) / arbitral score."""
        with errors(json_out):
            service().arbitral_score(event_id, round_number, competitor, mp, vp, reason)
            emit(
                {"round": round_number, "competitor": competitor, "mp": mp, "vp": vp},
                t("Punteggio arbitrale registrato", "Arbitral score recorded"),
                json_out,
            )

    @app.command("abandon")
    def abandon(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        reason: Annotated[str, typer.Option()],
        justified: Annotated[bool, typer.Option("--justified/--unjustified")] = True,
        json_out: bool = JsonOpt,
    ) -> None:
        """Abbandono (art. 36) / abandon."""
        with errors(json_out):
            service().record_abandon(event_id, round_number, competitor, justified, reason)
            emit(
                {"round": round_number, "competitor": competitor, "justified": justified},
                t("Abbandono registrato", "Abandon recorded"),
                json_out,
            )

    @app.command("publish")
    def publish(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """Pubblica la classifica del turno (art. 39) / publish the round's standings."""
        with errors(json_out):
            svc = service()
            svc.publish_standings(event_id, round_number)
            state = svc.state(event_id)
            final = state.standings_final(round_number, svc.clock())
            emit(
                _standings_data(state, round_number, final),
                standings_text(state, standings(state, round_number), round_number, final),
                json_out,
            )

    @app.command("standings")
    def show_standings(
        event_id: EventArg,
        round_number: Annotated[
            int | None, typer.Option("--round", help="Dopo il turno / after round")
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Classifica / standings."""
        with errors(json_out):
            svc = service()
            state = svc.state(event_id)
            rnd = round_number or state.current_round()
            final = rnd > 0 and state.standings_final(rnd, svc.clock())
            emit(
                _standings_data(state, rnd, final),
                standings_text(state, standings(state, rnd), rnd, final),
                json_out,
            )

    @app.command("missing")
    def missing(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """Tavoli senza score o in conflitto / tables without a sheet or in conflict."""
        with errors(json_out):
            tables = missing_sheets(service().state(event_id), round_number)
            emit(
                {"round": round_number, "tables": tables},
                ", ".join(map(str, tables)) or t("Nessuno", "None"),
                json_out,
            )

    @app.command("complaint")
    def complaint(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        text: Annotated[str, typer.Argument()],
        json_out: bool = JsonOpt,
    ) -> None:
        """Reclamo sulla classifica (art. 39) / complaint."""
        with errors(json_out):
            n = service().lodge_complaint(event_id, round_number, competitor, text)
            emit(
                {"complaint": n},
                t(f"Reclamo n. {n} registrato", f"Complaint no. {n} recorded"),
                json_out,
            )

    @app.command("resolve")
    def resolve(
        event_id: EventArg,
        round_number: RoundArg,
        complaint_no: Annotated[int, typer.Argument()],
        decision: Annotated[str, typer.Option()],
        json_out: bool = JsonOpt,
    ) -> None:
        """Decidi un reclamo (art. 38) / settle a complaint."""
        with errors(json_out):
            service().resolve_complaint(event_id, round_number, complaint_no, decision)
            emit(
                {"complaint": complaint_no, "resolved": True},
                t("Reclamo deciso", "Complaint settled"),
                json_out,
            )

    @app.command("export")
    def export(
        event_id: EventArg,
        out: Annotated[Path | None, typer.Option("--out", "-o")] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Esporta il file di gara (JSON) / export the event file."""
        with errors(json_out):
            data = export_event(service(), event_id)
            text = json.dumps(data, ensure_ascii=False, indent=1, default=str)
            if out is None:
                typer.echo(text)
            else:
                out.write_text(text, "utf-8")
                emit(
                    {"file": str(out), "records": len(data["records"])},
                    t(
                        f"Esportate {len(data['records'])} registrazioni in {out}",
                        f"Exported {len(data['records'])} records to {out}",
                    ),
                    json_out,
                )

    @app.command("import")
    def import_(
        file: Annotated[Path, typer.Argument()],
        as_id: Annotated[
            str | None, typer.Option("--as", help="Nuovo identificativo / new event id")
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Importa un file di gara / import an event file."""
        with errors(json_out):
            data = _read_json(file)
            state = import_event(service(), data, as_id)
            emit(
                {"event_id": state.event_id, "records": state.last_seq},
                t(
                    f"Gara importata: {state.event_id} ({state.last_seq} registrazioni)",
                    f"Event imported: {state.event_id} ({state.last_seq} records)",
                ),
                json_out,
            )

    @app.command("replay")
    def replay(file: Annotated[Path, typer.Argument()], json_out: bool = JsonOpt) -> None:
        """Rigioca un file di gara e stampa la classifica, senza salvarlo / replay an event file."""
        with errors(json_out):
            event_id, _, records = parse_event_file(_read_json(file))
            state = EventState.replay(event_id, records)
            rnd = state.current_round()
            emit(
                _standings_data(state, rnd, False),
                standings_text(state, standings(state, rnd), rnd, False),
                json_out,
            )


def _read_json(file: Path) -> Any:
    try:
        return json.loads(file.read_text("utf-8"))
    except OSError as exc:
        raise ArbitroError(
            f"impossibile leggere {file}: {exc.strerror}", f"cannot read {file}: {exc.strerror}"
        ) from None
    except json.JSONDecodeError as exc:
        raise ArbitroError(
            f"{file}: JSON non valido ({exc.msg}, riga {exc.lineno})",
            f"{file}: invalid JSON ({exc.msg}, line {exc.lineno})",
        ) from None
