"""CLI: the arbiter's records: lateness (art. 37), sanctions (art. 22, 40, 41), the ledger,
Law 13 rulings, arbitral scores (art. 40), abandon (art. 36)."""

from __future__ import annotations

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
    service,
    t,
)
from arbitro.errors import ArbitroError
from arbitro.games.prepared_deals import BoardCheck, HandCount, law13_outcome
from arbitro.tournament.event import (
    SanctionKind,
)


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""

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
