"""Prizes: the director records the prize plan of the event, its categories in the order
they are given, the tie rule and the seed of the draws (Parole art. 6.1)."""

from __future__ import annotations

from datetime import datetime

from arbitro.errors import ArbitroError
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.event import EventState
from arbitro.tournament.records import PrizePlanRecorded, Record
from arbitro.tournament.standings.prizes import (
    RULE_WORDS,
    TIE_WORDS,
    Eligibility,
    TieRule,
    WordList,
    prize_year,
)


def check_prize_plan(state: EventState, plan: PrizePlanRecorded) -> None:
    """Refuse a plan the event cannot award: a round whose standings are not published, a
    category without a name or prizes, a name given twice, a negative amount, an unknown
    rule, a year that is not one, a competitor not registered (Parole art. 6.1)."""
    article = state.code.cite_if("prize_ties")  # None where the code is silent on prizes
    if state.round(plan.round).standings_published_at is None:
        raise ArbitroError(
            "round {round}'s standings are not published: prizes go on published standings",
            round=plan.round,
            article=article,
        )
    try:
        TieRule(plan.tie_rule)
    except ValueError:
        raise ArbitroError(
            "unknown tie rule «{rule}» (one of: {rules})",
            rule=plan.tie_rule,
            rules=WordList(TIE_WORDS),
            article=article,
        ) from None
    if not plan.categories:
        raise ArbitroError("a prize plan needs a category", article=article)
    seen: set[str] = set()
    for cat in plan.categories:
        name = cat.name.strip()
        if not name or name.casefold() in seen:
            raise ArbitroError(
                "prize category «{name}»: a name of its own is needed", name=name, article=article
            )
        seen.add(name.casefold())
        if not cat.prizes or any((isinstance(p, int) and p < 0) or p == "" for p in cat.prizes):
            raise ArbitroError(
                "prize category «{name}»: one prize or more, none negative or empty",
                name=name,
                article=article,
            )
        try:
            rule = Eligibility(cat.rule)
        except ValueError:
            raise ArbitroError(
                "prize category «{name}»: unknown rule «{rule}» (one of: {rules})",
                name=name,
                rule=cat.rule,
                rules=WordList(RULE_WORDS),
                article=article,
            ) from None
        if rule in (Eligibility.SENIORS, Eligibility.NEWCOMERS):
            prize_year(cat.param)
        for number in cat.eligible or ():
            state.competitor(number)


def record_prize_plan(
    state: EventState, plan: PrizePlanRecorded, now: datetime, actor: str = "director"
) -> Record:
    """The record of a prize plan, checked (:func:`check_prize_plan`)."""
    check_prize_plan(state, plan)
    return make_record(plan, now, actor)
