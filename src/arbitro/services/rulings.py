"""The arbiter of every code at the event (issue 31): each code's arbiter, named by its spec
(``CodeSpec.arbiter``) and loaded on first use, rules on a described situation; the ruling is
recorded at a table of the event — its ``ruling-given`` record and the warnings it gives, in
one transaction (``GiveRuling`` run by the event's service)."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from arbitro.codes.registry import code_spec
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import CodeArbiter, CodeRuling, effect_message
from arbitro.games.core.seats import Seat
from arbitro.i18n import Message
from arbitro.services.events import EventService
from arbitro.tournament.commands import values
from arbitro.tournament.commands.rulings import check_code, ruling_parts
from arbitro.tournament.commands.values import GiveRuling
from arbitro.tournament.commands.values.rulings import GiveGameRuling
from arbitro.tournament.event import EventState
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.records import RulingGiven

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


def effects_said_once(effects: Sequence[Mapping[str, Any]]) -> list[Message]:
    """A ruling's effects in words, a warning said once (FIBAS art. 22), as the terminal and
    the desk say them: a warning whose seat a ruling's own sentence already says is warned
    («W ha continuato a giocare prima della decisione: ammonito», its ``warned``) is not said
    again as «W è ammonito (22)»; each sentence hides one warning of its seat."""
    told = Counter(str(seat) for e in effects for seat in e.get("warned", ()))
    out = []
    for effect in effects:
        seat = str(effect.get("seat"))
        if effect.get("kind") == "warning" and told[seat] > 0:
            told[seat] -= 1
            continue
        out.append(effect_message(effect))
    return out


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
    the ruling at ``table`` of ``round_number``, with its warnings and, where it decides the
    deal's score, the table's sheet with that row (the situation's ``deal``, the round's only
    deal by default), in one transaction; the ruling's seq and the ruling. A ruling of
    another code than the event's is refused. The arbiter reads the words the event's
    language judge ruled on (Parole art. 2, 4.1) before its dictionary."""
    state = svc.state(event_id)
    ruling = rule_on(code or str(state.code.code), with_event_facts(situation, state))
    deal = deal_of(situation)
    seq = svc.run(event_id, GiveRuling(round_number, table, ruling, actor, reason, deal))
    return seq, ruling


def entered_deal(svc: EventService, event_id: str, seq: int) -> int | None:
    """The deal of the table's sheet the ruling ``seq`` entered its row as, or None."""
    record = svc.state(event_id).actions.get(seq)
    body = None if record is None else record.body
    return body.deal if isinstance(body, RulingGiven) else None


def cancel_ruling(
    svc: EventService, event_id: str, seq: int, reason: str | None, actor: str = "arbiter"
) -> list[int]:
    """Cancel the ruling ``seq`` with the warnings and the sheet appended with it, in one
    transaction (issue 31); the records cancelled. Refused for a record that is no ruling."""
    state = svc.state(event_id)
    record = state.actions.get(seq)
    if record is None or not isinstance(record.body, RulingGiven):
        raise ArbitroError("record #{seq} is not a ruling that can be cancelled", seq=seq)
    cancelled = [seq, *ruling_parts(state, seq)]
    svc.run(event_id, values.Cancel(seq, reason, actor=actor))
    return cancelled


def with_event_facts(situation: Mapping[str, Any], state: EventState) -> Mapping[str, Any]:
    """The situation with what the event itself decided that a ruling reads: the words the
    language judge allowed or refused during the event (``judged_words``, word → allowed,
    Parole art. 2, 4.1), unless the situation gives its own."""
    if not state.judged_words or "judged_words" in situation:
        return situation
    return {**situation, "judged_words": dict(state.judged_words)}


def deal_of(situation: Mapping[str, Any]) -> int | None:
    """The deal of the table's sheet a ruling scores (the situation's ``deal``), or None."""
    deal = situation.get("deal")
    if deal is None:
        return None
    if type(deal) is not int or deal < 1:
        raise ArbitroError("{what}: malformed data ({detail})", what=SITUATION, detail="deal")
    return deal


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
    first pair, as the games are played), keeping the ruling's position before and after, the
    offending seat and the effects; the record's seq and the ruling. A ruling of another
    code than the event's is refused."""
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
    seq: int = svc.run(
        event_id, GiveGameRuling(report, ruling, actor, reason or ruling.irregularity)
    )
    return seq, ruling
