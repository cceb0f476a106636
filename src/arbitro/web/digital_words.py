"""The words of the desk's choice of digital tables in the page's language (issue 32): the
seating form shows a round's choice as the director types it back, «tutti» on an Italian
page, "all" on an English one (the terminal's words, ``arbitro.cli.words.DIGITAL_WORDS``:
the same catalogue entries), both read back by
:func:`arbitro.tournament.digital.rounds.parse_choice`."""

from __future__ import annotations

from arbitro.i18n import Message, render
from arbitro.tournament.digital.rounds import choice_text
from arbitro.tournament.records import DigitalRound

DIGITAL_WORDS: dict[str, Message] = {
    "all": Message("all", context="digital tables word"),
    "none": Message("none", context="digital tables word"),
}
"""The record's words for every table digital or on paper, as a page says them."""


def choice_said(choice: DigitalRound, lang: str) -> tuple[str, str]:
    """A round's choice as the seating form shows it in ``lang`` (:func:`choice_text`: the
    tables, «tutti» in Italian for every table digital, and the competitors online)."""
    tables, online = choice_text(choice)
    word = DIGITAL_WORDS.get(tables)
    return (tables if word is None else render(word, lang), online)
