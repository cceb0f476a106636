"""The arbiter of every code at the event (issue 31): each code's arbiter, named by its spec
(``CodeSpec.arbiter``) and loaded on first use, rules on a described situation; the ruling is
recorded at a table of the event — its ``ruling-given`` record and the warnings it gives, in
one transaction (``GiveRuling`` run by the event's service)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from arbitro.codes.registry import code_spec
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import CodeArbiter, CodeRuling
from arbitro.games.core.seats import Seat
from arbitro.i18n import Message
from arbitro.services.events import EventService
from arbitro.tournament.commands.rulings import check_code
from arbitro.tournament.commands.values import GiveRuling

if TYPE_CHECKING:
    from arbitro.services.knockout import KnockoutService

SITUATION = Message("the situation")


def arbiter_of(code: str) -> CodeArbiter:
    """The arbiter of ``code`` (its spec's module's ``ARBITER``); a code without one is
    refused."""
    spec = code_spec(code)
    if not spec.arbiter:
        raise ArbitroError("the code «{code}» has no arbiter", code=spec.id)
    found: CodeArbiter = importlib.import_module(spec.arbiter).ARBITER
    return found


def rule_on(code: str, situation: Mapping[str, Any]) -> CodeRuling:
    """The ruling of the arbiter of ``code`` on ``situation``; a situation the engine cannot
    read (a key missing, a malformed value: what the desk, the API or a file gives) is
    refused with an :class:`ArbitroError`, never a server error."""
    try:
        return arbiter_of(code).rule(situation)
    except ArbitroError:
        raise
    except KeyError as exc:
        raise ArbitroError(
            "{what}: the key {name} is missing",
            what=SITUATION,
            name=exc.args[0] if exc.args else "",
        ) from None
    except (ValueError, TypeError, AttributeError, IndexError) as exc:
        raise ArbitroError(
            "{what}: malformed data ({detail})", what=SITUATION, detail=str(exc)
        ) from None


def event_code(svc: EventService, event_id: str) -> str:
    """The code of the event ``event_id``."""
    return str(svc.state(event_id).code.code)


def record_ruling(
    svc: EventService,
    event_id: str,
    round_number: int,
    table: int,
    situation: Mapping[str, Any],
    *,
    code: str | None = None,
    actor: str = "arbiter",
    reason: str | None = None,
) -> tuple[int, CodeRuling]:
    """Rule on ``situation`` by the arbiter of ``code`` (the event's own by default) and record
    the ruling at ``table`` of ``round_number``, with its warnings, in one transaction; the
    ruling's seq and the ruling. A ruling of another code than the event's is refused."""
    ruling = rule_on(code or event_code(svc, event_id), situation)
    seq = svc.run(event_id, GiveRuling(round_number, table, ruling, actor, reason))
    return seq, ruling


def record_game_ruling(
    svc: KnockoutService,
    event_id: str,
    match: str,
    game: int,
    situation: Mapping[str, Any],
    *,
    code: str | None = None,
    actor: str = "arbiter",
    reason: str | None = None,
) -> tuple[int, CodeRuling]:
    """Rule on ``situation`` by the arbiter of the knockout event's code and record the game
    ``game`` of ``match`` lost by the offender's pair (Briscola art. 10; N-S is the match's
    first pair, as the games are played); the record's seq and the ruling. A ruling of
    another code than the event's is refused."""
    from arbitro.tournament.commands.values.knockout import RecordGame
    from arbitro.tournament.knockout import GameReport

    state = svc.state(event_id)
    own = str(state.config.code)
    ruling = rule_on(code or own, situation)
    check_code(ruling.code, own)
    if state.bracket is None:
        raise ArbitroError("draw the bracket first")
    found = state.bracket.match(match)
    first_pair = ruling.offender in (Seat.N.value, Seat.S.value)
    offender = found.first if first_pair else found.second
    report = GameReport(match, game, irregularity=ruling.irregularity, offender=offender)
    svc.run(event_id, RecordGame(report, reason or ruling.irregularity, actor))
    return svc.state(event_id).last_seq, ruling
