"""CLI: the arbiter's records: lateness (art. 37), sanctions (art. 22, 40, 41), penalties in
points (art. 22), the ledger,
Law 13 rulings, arbitral scores (art. 40), abandon (art. 36)."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from arbitro.cli import law13 as board_law
from arbitro.cli import words
from arbitro.cli.common import (
    CompArg,
    EventArg,
    JsonOpt,
    RoundArg,
    TableArg,
    emit,
    errors,
    record,
    service,
)
from arbitro.errors import ArbitroError
from arbitro.i18n import N_, _, message, ngettext, render, verbatim
from arbitro.lazy_names import lazy_module
from arbitro.record_names import LEDGER_NAMES

if TYPE_CHECKING:
    from arbitro.games import prepared_deals
    from arbitro.tournament import clock, event, records, zone
    from arbitro.tournament.commands import boards, values
    from arbitro.tournament.event import EventState
    from arbitro.tournament.standings import standings
else:
    # Loaded on first use: the command line's start-up (issue 14).
    prepared_deals = lazy_module("arbitro.games.prepared_deals")
    boards = lazy_module("arbitro.tournament.commands.boards")
    clock = lazy_module("arbitro.tournament.clock")
    event = lazy_module("arbitro.tournament.event")
    records = lazy_module("arbitro.tournament.records")
    zone = lazy_module("arbitro.tournament.zone")
    values = lazy_module("arbitro.tournament.commands.values")
    standings = lazy_module("arbitro.tournament.standings.standings")


class SanctionChoice(StrEnum):
    """The ``--kind`` of ``arbitro sanction``: the values of
    :class:`arbitro.tournament.event.SanctionKind`, declared here so that declaring the command
    does not import the event model (and pydantic) for every command."""

    REPRIMAND = "reprimand"
    WARNING = "warning"
    EXPULSION = "expulsion"


class AbandonChoice(StrEnum):
    """The ``--score`` of ``arbitro abandon`` (Parole art. 13.4): the values of
    :class:`arbitro.tournament.records.AbandonScore`, declared here for the same reason."""

    ZERO = "zero"
    REST_SCORE = "rest_score"
    SCORE_SO_FAR = "score_so_far"


def _score(choice: AbandonChoice | None) -> records.AbandonScore | None:
    """The record's value of the ``--score`` given (the record type imported when used)."""
    return None if choice is None else records.AbandonScore(choice.value)


def lateness_text(preview: clock.LatenessPreview) -> str:
    """What a lateness recorded costs, by the event's code (FIBAS art. 37: up to 5 minutes a
    warning, 5:01-10 100 M.P., beyond the match lost; Parole art. 13.1-13.3), in words:
    «Ritardo registrato (6:30): 100 M.P. in meno (FIBAS art. 37)»."""
    if preview.forfeit:
        cost = message("the match is lost")
    elif preview.mp_penalty:
        cost = message("{mp} M.P. off", mp=abs(preview.mp_penalty))
    else:
        cost = message("no points lost")
    said = [cost, *(LEDGER_NAMES.get(s, verbatim(s)) for s in preview.sanctions)]
    text = ", ".join(render(m) for m in said)
    late = f"{preview.seconds // 60}:{preview.seconds % 60:02d}"
    if preview.article is None:
        return _("Lateness recorded ({late}): {cost}", late=late, cost=text)
    return _(
        "Lateness recorded ({late}): {cost} ({article})",
        late=late,
        cost=text,
        article=preview.article,
    )


def warnings_text(state: EventState, competitor: int) -> list[str]:
    """What a warning just given adds up to (FIBAS art. 22, 41: «la somma di due ammonizioni
    comporta la perdita di 1 V.P. e 100 M.P.»): the competitor's warnings in the event (those
    a lateness carries included, art. 37) and, when this one completes a pair, the points
    the standings take off; nothing for a code whose warnings cost no points."""
    code = state.code
    per = code.warnings_per_penalty
    if not per:
        return []
    count = standings.warning_counts(state, max(state.rounds, default=0)).get(competitor, 0)
    name = f"{competitor} {state.competitor(competitor).name}"
    lines = [_("{competitor}: warning no. {count} in this event", competitor=name, count=count)]
    if count and count % per == 0:
        cost = render(
            ngettext(
                "{count} warning: {vp} V.P. and {mp} M.P. in the standings",
                "{count} warnings: {vp} V.P. and {mp} M.P. in the standings",
                per,
                vp=code.warning_vp_penalty,
                mp=code.warning_mp_penalty,
            )
        )
        article = code.cite_if("warning_penalty")
        lines.append(cost if article is None else f"{cost} ({render(article)})")
    return lines


def ledger_line(msgid: str, **params: object) -> str:
    """One line of ``arbitro ledger`` (FIBAS art. 36-41): ``msgid`` rendered, without the
    gap an empty detail leaves («(FIBAS art. 41)  — commenti») nor the dash of a reason not
    given («6:30 di ritardo —  [arbitro]»)."""
    text = _(msgid, **params)
    if not params.get("reason"):
        text = text.replace(" — ", " ", 1)
    return re.sub(r"(?<=\S) {2,}(?=\S)", " ", text)


def gone_text(state: EventState, competitor: int) -> list[str]:
    """Who an abandon or an expulsion takes out of the event and from which round (FIBAS art.
    36, 40: its results so far stand), or that no round is left to play."""
    found = state.competitor(competitor)
    rnd = found.withdrawn_from_round
    if rnd is None:
        return []
    if rnd > state.config.rounds:
        return [
            _(
                "{number} {name} withdrawn: no round is left to play, its results stand",
                number=competitor,
                name=verbatim(found.name),
            )
        ]
    return [
        _(
            "{number} {name} withdrawn from round {round}",
            number=competitor,
            name=verbatim(found.name),
            round=rnd,
        )
    ]


def register(app: typer.Typer) -> None:
    """Add these commands to ``app``."""

    @app.command("late", help=_("Record a lateness."))
    def late(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        minutes: Annotated[str, typer.Argument(help=_("Lateness mm:ss"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Record a competitor's lateness (FIBAS art. 37)."""
        with errors(json_out):
            mm, _sep, ss = minutes.partition(":")
            try:
                seconds = int(mm) * 60 + (int(ss) if ss else 0)
            except ValueError:
                raise ArbitroError("lateness «{minutes}»: use mm:ss", minutes=minutes) from None
            svc = service()
            svc.run(event_id, values.RecordLateness(round_number, competitor, seconds))
            preview = clock.lateness_preview(svc.state(event_id), round_number, competitor, seconds)
            emit(
                {"round": round_number, "competitor": competitor, "seconds": seconds},
                lateness_text(preview),
                json_out,
            )

    @app.command("warn", help=_("Warning, citing the event's code."))
    def warn(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        article: Annotated[str | None, typer.Option(help=_("Article"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Give a warning, citing the event's code unless ``--article`` names another (FIBAS
        art. 22, 41; Parole art. 14.4; Scala 40 art. 10)."""
        with errors(json_out):
            svc = service()
            svc.run(
                event_id,
                values.GiveSanction(
                    round_number,
                    competitor,
                    event.SanctionKind.WARNING,
                    reason,
                    article,
                ),
            )
            emit(
                {"round": round_number, "competitor": competitor},
                "\n".join([_("Warning recorded"), *warnings_text(svc.state(event_id), competitor)]),
                json_out,
            )

    @app.command(
        "sanction", help=_("Sanction: reprimand, warning, expulsion, citing the event's code.")
    )
    def sanction(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        kind: Annotated[str, typer.Option("--kind", help=words.choices(words.SANCTION_WORDS))],
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        article: Annotated[str | None, typer.Option(help=_("Article"))] = None,
        player: Annotated[str | None, typer.Option(help=_("Player sanctioned"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """A sanction: reprimand, warning, expulsion (FIBAS art. 22, 40, 41)."""
        with errors(json_out):
            # «richiamo» or «reprimand»: the director's word in either language.
            chosen = SanctionChoice(words.typed(words.SANCTION_WORDS, kind, "--kind"))
        with errors(json_out):
            svc = service()
            svc.run(
                event_id,
                values.GiveSanction(
                    round_number,
                    competitor,
                    event.SanctionKind(chosen.value),
                    reason,
                    article=article,
                    player=player,
                ),
            )
            said = [_("Sanction recorded")]
            if chosen is SanctionChoice.WARNING:
                said += warnings_text(svc.state(event_id), competitor)
            elif chosen is SanctionChoice.EXPULSION:
                said += gone_text(svc.state(event_id), competitor)
            emit(
                {"round": round_number, "competitor": competitor, "sanction": chosen.value},
                "\n".join(said),
                json_out,
            )

    @app.command("penalty", help=_("Penalty in M.P. and V.P., citing the event's code."))
    def penalty(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        mp: Annotated[int | None, typer.Option("--mp", help=_("M.P. taken off"))] = None,
        vp: Annotated[int | None, typer.Option("--vp", help=_("V.P. taken off"))] = None,
        article: Annotated[str | None, typer.Option(help=_("Article"))] = None,
        player: Annotated[str | None, typer.Option(help=_("Player penalised"))] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """A penalty in points (FIBAS art. 22): ``--mp`` and ``--vp`` taken off the
        competitor's standings; neither given, the code's penalty of two warnings (art. 41)."""
        with errors(json_out):
            svc = service()
            svc.run(
                event_id,
                values.GivePenalty(
                    round_number,
                    competitor,
                    reason,
                    mp=mp,
                    vp=vp,
                    article=article,
                    player=player,
                ),
            )
            given = svc.state(event_id).penalties[-1]
            emit(
                {
                    "round": round_number,
                    "competitor": competitor,
                    "mp": given.mp,
                    "vp": given.vp,
                    "article": given.article.article,
                    "player": given.player,
                },
                _(
                    "Penalty recorded: -{mp} M.P., -{vp} V.P. ({article})",
                    mp=given.mp,
                    vp=given.vp,
                    article=given.article,
                ),
                json_out,
            )

    @app.command(
        "ledger", help=_("The ledger of sanctions, lateness, abandons and arbitral scores.")
    )
    def ledger(event_id: EventArg, json_out: bool = JsonOpt) -> None:
        """The ledger of sanctions, lateness, abandons and arbitral scores (FIBAS art. 36-41)."""
        with errors(json_out):
            state = service().state(event_id)
            where = zone.event_zone(state.config)  # the times in the event's zone, as on the desk
            lines = [
                ledger_line(
                    N_(
                        "#{seq} {at} round {round} {who}: {kind} ({article}) {detail} — {reason} "
                        "[{actor}]"
                    ),
                    seq=e.seq,
                    at=zone.local_text(e.at, where, zone.STAMP),
                    round=e.round,
                    who=state.competitors[e.competitor].name if e.competitor else "—",
                    kind=words.named(words.LEDGER_NAMES, e.kind),
                    article=render(e.article),
                    detail=render(e.detail),
                    reason=e.reason,
                    actor=words.actor(e.actor),
                )
                for e in state.ledger
            ]
            rows = [
                {
                    "seq": e.seq,
                    "at": e.at,
                    "round": e.round,
                    "competitor": e.competitor,
                    "kind": e.kind,
                    "article": e.article.to_json(),
                    "detail": render(e.detail),
                    "reason": e.reason,
                    "actor": e.actor,
                }
                for e in state.ledger
            ]
            emit(rows, "\n".join(lines) or _("Empty ledger"), json_out)

    @app.command("law13", help=_("Wrong number of cards in a board (Law 13)."))
    def law13(
        event_id: EventArg,
        round_number: RoundArg,
        table: TableArg,
        board: Annotated[int, typer.Option(help=_("Board number"))],
        count: Annotated[
            list[str], typer.Option("--count", help=_("Pocket with a wrong count: N=12"))
        ],
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        expected: Annotated[int, typer.Option(help=_("Cards due per pocket"))] = 11,
        call_made: board_law.CallMade = False,
        play_completed: board_law.PlayCompleted = False,
        cannot_correct: board_law.CannotCorrect = False,
        card_seen: board_law.CardSeen = False,
        significant: board_law.Significant = False,
        foreign: board_law.Foreign = False,
        called: board_law.Called = None,
        affected: board_law.Affected = False,
        foreign_played: board_law.ForeignPlayed = False,
        json_out: bool = JsonOpt,
    ) -> None:
        """A wrong number of cards in a board: the ruling of Bridge Law 13, recorded; refused
        on an event whose code rules it itself (FIBAS art. 6: a new deal from the dealing
        sheet, recorded with ``boards rule``)."""
        with errors(json_out):
            state = service().state(event_id)
            if boards.wrong_count_rule(state) is not None:
                raise ArbitroError(
                    "this event's code rules a wrong number of cards itself, not Law 13: "
                    "before play the board is dealt again from its dealing sheet, once play "
                    "has begun the result stands; record it with «arbitro boards rule»",
                    article=boards.wrong_count_citation(state),
                )
            wrong = []
            for item in count:
                pos, _sep, n = item.partition("=")
                try:
                    wrong.append(prepared_deals.HandCount(pos.strip().upper(), int(n), expected))
                except ValueError:
                    raise ArbitroError("«{item}»: use POSITION=NUMBER", item=item) from None
            check = prepared_deals.BoardCheck(
                board, tuple(w for w in wrong if w.count != w.expected)
            )
            ruling = board_law.ruling(
                check,
                call_made,
                play_completed,
                cannot_correct,
                card_seen,
                significant,
                foreign,
                called,
                affected,
                foreign_played,
            )
            service().run(
                event_id,
                values.RecordBoardRuling(round_number, table, ruling, reason),
            )
            what = render(ruling.outcome.label)
            emit(ruling.as_payload(), f"{ruling.paragraph}: {what}", json_out)

    @app.command("arbitral", help=_("Arbitral score."))
    def arbitral(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        mp: Annotated[int, typer.Option(help=_("M.P."))],
        vp: Annotated[int, typer.Option(help=_("V.P."))],
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        json_out: bool = JsonOpt,
    ) -> None:
        """Record an arbitral score (FIBAS art. 40)."""
        record(
            json_out,
            lambda svc: svc.run(
                event_id,
                values.ArbitralScore(round_number, competitor, mp, vp, reason),
            ),
            {"round": round_number, "competitor": competitor, "mp": mp, "vp": vp},
            _("Arbitral score recorded"),
        )

    @app.command("abandon", help=_("Abandon."))
    def abandon(
        event_id: EventArg,
        round_number: RoundArg,
        competitor: CompArg,
        reason: Annotated[str, typer.Option(help=_("Reason"))],
        justified: Annotated[
            bool, typer.Option("--justified/--unjustified", help=_("A justified abandon or not"))
        ] = True,
        score: Annotated[
            str | None,
            typer.Option(
                help=_(
                    "The leaving side's score where the code lets the arbiter choose "
                    "(Parole art. 13.4): {scores}",
                    scores=words.choices(words.ABANDON_WORDS),
                )
            ),
        ] = None,
        json_out: bool = JsonOpt,
    ) -> None:
        """Record an abandon, justified or not (FIBAS art. 36), with the arbiter's choice of
        the leaving side's score where the code has one (Parole art. 13.4)."""
        with errors(json_out):
            chosen = (
                None
                if score is None
                else AbandonChoice(words.typed(words.ABANDON_WORDS, score, "--score"))
            )
        with errors(json_out):
            svc = service()
            svc.run(
                event_id,
                values.RecordAbandon(
                    round_number,
                    competitor,
                    justified,
                    reason,
                    score=_score(chosen),
                ),
            )
            emit(
                {
                    "round": round_number,
                    "competitor": competitor,
                    "justified": justified,
                    "score": None if chosen is None else chosen.value,
                },
                "\n".join([_("Abandon recorded"), *gone_text(svc.state(event_id), competitor)]),
                json_out,
            )
