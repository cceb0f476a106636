"""The language judge's rulings on disputed words (Parole art. 2: the *giudice di lingua*
decides; art. 4.1: "parole di senso compiuto"), recorded in the event's log so every page,
phone and printout checks words against the same lists."""

from __future__ import annotations

from datetime import datetime

from arbitro.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.tournament.commands.common import make_record, need_reason
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record, WordJudged

MAX_WORD = 40
"""The longest word a ruling names (a Parole word is made of the 58 cards of art. 1.2)."""


def judged_word(word: str) -> str:
    """``word`` as the judge's lists hold it: letters A-Z, lower case (art. 1.2: the cards'
    letters); an error otherwise."""
    low = word.strip().lower()
    if not low or len(low) > MAX_WORD or not low.isascii() or not low.isalpha():
        raise ArbitroError("«{word}» is not a word of the cards' letters", word=word.strip())
    return low


def judge_word(
    state: EventState,
    word: str,
    approved: bool,
    round_number: int | None,
    reason: str | None,
    now: datetime,
    actor: str = "arbiter",
) -> Record:
    """Record the language judge's ruling on ``word`` (Parole art. 2, 4.1): allowed or
    refused for the rest of the event. Only in an event whose code has a language judge."""
    article = state.code.cite_if("language_judge")
    if article is None:
        raise ArbitroError("this event's code has no language judge")
    if round_number is not None:
        state.round(round_number)  # the range check
    reason = need_reason(reason, N_("the language judge's ruling"))
    return make_record(WordJudged(judged_word(word), approved, round_number), now, actor, reason)
