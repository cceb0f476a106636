"""CLI: seat rounds (art. 4), enter, confirm and correct sheets (art. 19-21), publish
standings, complaints (art. 38-39)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from arbitro.cli.common import (
    CompArg,
    EventArg,
    JsonOpt,
    RoundArg,
    TableArg,
    emit,
    errors,
    ints,
    service,
    t,
)
from arbitro.cli.render import history_text, seating_text, standings_data, standings_text
from arbitro.errors import ArbitroError
from arbitro.services.events import EventService
from arbitro.tournament.commands import missing_sheets
from arbitro.tournament.event import (
    seating_from_payload,
    seating_to_payload,
)
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry
from arbitro.tournament.standings.prizes import draw_places, prize_ties
from arbitro.tournament.standings.standings import standings


def _deal(text: str) -> DealScore:
    values = ints(text, "smazzata", "deal")
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


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""

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
            list[str] | None,
            typer.Option(
                "--deal",
                "-d",
                help="base,punti N-S,base,punti E-O (una per smazzata; a squadre: sala aperta)",
            ),
        ] = None,
        points: Annotated[
            list[str] | None,
            typer.Option(
                "--points",
                help="Scala 40: punti negativi dei giocatori nell'ordine del tavolo, una per smazzata (art. 22)",
            ),
        ] = None,
        abandoned: Annotated[
            int | None, typer.Option(help="Scala 40: giocatore che ha abbandonato (art. 25)")
        ] = None,
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
            if points:
                status = _scala40_sheet(
                    svc, event_id, round_number, table, points, abandoned, actor, line
                )
                emit(
                    {"round": round_number, "table": table, "status": status},
                    t(f"Tavolo {table}: score {status}", f"Table {table}: sheet {status}"),
                    json_out,
                )
                return
            if not deal:
                raise ArbitroError(
                    "indicare le smazzate (--deal)", "give the deals (--deal)", article="19"
                )
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
        swap: Annotated[
            str | None,
            typer.Option(
                help="Scala 40: i due giocatori dai punteggi invertiti, es. 3,7 (art. 24)"
            ),
        ] = None,
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
                swap=None if swap is None else _pair(swap),
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

    @app.command("publish")
    def publish(event_id: EventArg, round_number: RoundArg, json_out: bool = JsonOpt) -> None:
        """Pubblica la classifica del turno (art. 39) / publish the round's standings."""
        with errors(json_out):
            svc = service()
            svc.publish_standings(event_id, round_number)
            state = svc.state(event_id)
            final = state.standings_final(round_number, svc.clock())
            emit(
                standings_data(state, round_number, final),
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
                standings_data(state, rnd, final),
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

    @app.command("prizes")
    def prizes(
        event_id: EventArg,
        places: Annotated[int, typer.Option(help="Posti premiati / prize places")] = 3,
        draw_seed: Annotated[
            int | None, typer.Option(help="Sorteggio dei pari merito (art. 6.1 c)")
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Pari merito per i premi (Parole art. 6.1) / ties for prizes."""
        with errors(json_out):
            state = service().state(event_id)
            ties = prize_ties(standings(state, state.current_round()), places)
            drawn = (
                {str(c): p for tie in ties for c, p in draw_places(tie, draw_seed).items()}
                if draw_seed is not None
                else {}
            )
            lines = [
                t(
                    f"Posti {tie.places[0]}-{tie.places[-1]} a pari merito: ",
                    f"Places {tie.places[0]}-{tie.places[-1]} tied: ",
                )
                + ", ".join(state.competitors[c].name for c in tie.competitors)
                for tie in ties
            ] or [t("Nessun pari merito per i premi", "No ties for prizes")]
            lines += [f"{state.competitors[int(c)].name}: {p}" for c, p in drawn.items()]
            emit(
                {
                    "ties": [
                        {"places": tie.places, "competitors": tie.competitors} for tie in ties
                    ],
                    "drawn": drawn,
                },
                "\n".join(lines),
                json_out,
            )


def _pair(text: str) -> tuple[int, int]:
    values = ints(text, "giocatori", "players")
    if len(values) != 2:
        raise ArbitroError(
            f"«{text}»: indicare due giocatori", f"«{text}»: name two players", article="24"
        )
    return values[0], values[1]


def _scala40_sheet(
    svc: EventService,
    event_id: str,
    round_number: int,
    table: int,
    points: list[str],
    abandoned: int | None,
    actor: str,
    line: str | None,
) -> str:
    """Enter a Scala 40 sheet: negative points per deal, players in the table's seat order."""
    seat = svc.state(event_id).round(round_number).seating
    at = seat.table(table) if seat else None
    if at is None or at.players is None:
        raise ArbitroError(
            f"il tavolo {table} non è un tavolo di Scala 40",
            f"table {table} is not a Scala 40 table",
            article="2",
        )
    rows = tuple(tuple(None if v is None else v for v in _points_row(p)) for p in points)
    entry = Scala40Entry(at.players, rows, abandoned)
    return svc.enter_sheet(event_id, round_number, table, entry, actor=actor, line=line)


def _points_row(text: str) -> list[int | None]:
    try:
        return [None if v.strip() in ("", "-") else int(v) for v in text.split(",")]
    except ValueError:
        raise ArbitroError(
            f"«{text}»: punti negativi separati da virgole",
            f"«{text}»: comma-separated negative points",
            article="22",
        ) from None
