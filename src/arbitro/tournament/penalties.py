"""Lateness by the code in force: what each lateness costs and which sanction it carries
(FIBAS art. 37; Parole art. 13.1-13.3)."""

from __future__ import annotations

from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.rules import EventRules


def earlier_lateness(state: EventState, competitor: CompetitorId, rnd: int) -> int:
    """How many times the competitor was late before round ``rnd`` in this event."""
    return sum(1 for (r, c) in state.lateness if c == competitor and r < rnd)


def lateness_mp_penalty(rules: EventRules, seconds: int, earlier: int) -> int:
    """The MP a lateness of ``seconds`` costs when the competitor was late ``earlier`` times
    before: FIBAS 5:01-10 min -100 MP; Parole 3-5 min -100 MP, and a second lateness within 3
    minutes -100 MP too (art. 13.1). Beyond that the match is lost (see results)."""
    if seconds <= rules.lateness_sanction_up_to_s:
        return (
            rules.lateness_repeat_mp_penalty if (earlier and rules.lateness_repeat_warning) else 0
        )
    if seconds <= rules.lateness_mp_penalty_up_to_s:
        return rules.lateness_mp_penalty
    return 0


def forfeits_match(rules: EventRules, seconds: int) -> bool:
    """True when the lateness loses the match (FIBAS over 10 minutes; Parole over 5)."""
    return seconds > rules.lateness_mp_penalty_up_to_s


def lateness_sanctions(rules: EventRules, seconds: int, earlier: int) -> list[str]:
    """The sanctions a lateness carries: FIBAS up to 5 minutes a warning (art. 37); Parole
    within 3 minutes a reprimand, and any second lateness a warning (art. 13.1-13.2)."""
    out: list[str] = []
    if seconds <= rules.lateness_sanction_up_to_s:
        out.append(rules.lateness_sanction)
    if earlier and rules.lateness_repeat_warning:
        out.append("warning")
    return out
