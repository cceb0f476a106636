"""What the terminal calls things, in the run's language (issue 26 L: never a record's English
value in Italian output): movements, formats, the kinds of a sheet's versions and of the
ledger's entries, the default actors; and the words the director types for an option's value
(``--kind richiamo`` or ``--kind reprimand``), read in either language.

The names of the records' kinds and statuses are :mod:`arbitro.record_names`', shared with
the pages (:mod:`arbitro.web.names`, which the command line does not import: issue 14), so the
terminal and the desk say the same word.
"""

from __future__ import annotations

from collections.abc import Mapping

from arbitro.errors import ArbitroError
from arbitro.i18n import LANGUAGES, Message, message, render
from arbitro.record_names import HISTORY_NAMES as HISTORY_NAMES
from arbitro.record_names import LEDGER_NAMES as LEDGER_NAMES
from arbitro.record_names import STATUS_NAMES as STATUS_NAMES

MOVEMENT_NAMES: Mapping[str, Message] = {
    "arbiter": Message("Arbiter's choice"),
    "registration": Message("Registration order"),
    "draw": Message("Draw"),
    "mitchell": Message("Mitchell"),
    "danish": Message("Danish"),
    "modified-danish": Message("Modified Danish"),
    "round-robin": Message("Round robin"),
}
"""Each movement of FIBAS art. 4 by its record's value."""

FORMAT_NAMES: Mapping[str, Message] = {
    "pairs": Message("Pairs"),
    "teams": Message("Teams"),
    "individual": Message("Individual"),
}
"""Each format of FIBAS art. 2 ("Concorrente") by its record's value."""


ACTOR_NAMES: Mapping[str, Message] = {
    "director": Message("director", context="actor"),
    "arbiter": Message("arbiter", context="actor"),
}
"""The default actors the commands record (a user's own name is shown as it is)."""

TERMINAL_ACTOR = Message("who acts at the terminal, arbitro --actor")
"""The default of a command's own ``--actor`` (a sheet's, a correction's, the clock's): the
root's ``--actor``, ``$ARBITRO_ACTOR`` or the login name (:mod:`arbitro.cli.terminal_services`)."""

SANCTION_WORDS: Mapping[str, Message] = {
    "reprimand": Message("reprimand"),
    "warning": Message("warning"),
    "expulsion": Message("expulsion"),
}
"""The ``--kind`` of ``arbitro sanction`` (FIBAS art. 41): «richiamo» or «reprimand»."""

CORRECTION_WORDS: Mapping[str, Message] = {
    "sum": Message("sum", context="correction kind"),
    "inverted": Message("inverted", context="correction kind"),
    "conflict": Message("conflict", context="correction kind"),
    "arbiter": Message("arbiter", context="correction kind"),
}
"""The ``--kind`` of ``arbitro correct`` (FIBAS art. 21): «invertiti» or «inverted»."""


MOVEMENT_WORDS: Mapping[str, Message] = {
    "draw": Message("draw", context="movement word"),
    "registration": Message("registration", context="movement word"),
    "arbiter": Message("arbiter", context="movement word"),
    "mitchell": Message("mitchell", context="movement word"),
    "danish": Message("danish", context="movement word"),
    "modified-danish": Message("modified-danish", context="movement word"),
    "round-robin": Message("round-robin", context="movement word"),
}
"""The ``--movements`` of ``arbitro event create`` (FIBAS art. 4): «danese» or «danish»."""

FORMAT_WORDS: Mapping[str, Message] = {
    "pairs": Message("pairs", context="format word"),
    "teams": Message("teams", context="format word"),
    "individual": Message("individual", context="format word"),
}
"""The ``--format`` of ``arbitro event create`` (FIBAS art. 2): «coppie» or «pairs»."""


CONSTRAINT_WORDS: Mapping[str, Message] = {
    "club": Message("club", context="constraint reason"),
    "family": Message("family", context="constraint reason"),
    "director": Message("director", context="constraint reason"),
}
"""The ``--reason`` of ``arbitro constraint add`` (FIBAS art. 4): «famiglia» or «family»."""


ABANDON_WORDS: Mapping[str, Message] = {
    "zero": Message("zero", context="abandon score"),
    "rest_score": Message("rest_score", context="abandon score"),
    "score_so_far": Message("score_so_far", context="abandon score"),
}
"""The ``--score`` of ``arbitro abandon`` (Parole art. 13.4 a, b, c): «zero», «tabella» (the
table's score), «acquisito» (the score made until then), or their record's values."""


COMPARISON_WORDS: Mapping[str, Message] = {
    "others": Message("others", context="comparison word"),
    "field": Message("field", context="comparison word"),
    "table": Message("table", context="comparison word"),
}
"""The ``--comparison`` of ``arbitro event create`` (carte uguali, FIBAS art. 20): «altri»,
«sala», «tavolo», or their record's values."""

MISSED_WORDS: Mapping[str, Message] = {
    "rest": Message("rest", context="missed rounds word"),
    "arbitral": Message("arbitral", context="missed rounds word"),
    "none": Message("none", context="missed rounds word"),
}
"""The ``--missed`` of ``arbitro register --from-round`` (docs/rulings.md "Late entries"): the
rest score of FIBAS art. 37 («riposo»), an arbitral score («arbitrale»), nothing («niente»)."""

LINE_WORDS: Mapping[str, Message] = {
    "ns": Message("ns", context="line word"),
    "ew": Message("ew", context="line word"),
}
"""The ``--line`` of ``arbitro sheet`` (FIBAS art. 19: the line that sends the sheet):
«ns», «eo» or «ew»."""


DIGITAL_WORDS: Mapping[str, Message] = {
    "all": Message("all", context="digital tables word"),
    "none": Message("none", context="digital tables word"),
}
"""The words of ``--digital`` (``arbitro event create``, ``arbitro seat``) and ``--tables``
(``arbitro digital round``), issue 32: «tutti» or «all» (every table digital), «nessuno» or
«none» (every table on paper); any other text is the digital tables' numbers (``1-5, 8``)."""


def tables_help(event_default: bool = False) -> str:
    """The help of a round's ``--digital`` (``arbitro seat``) and ``--tables`` (``arbitro
    digital round``), or with ``event_default`` of ``arbitro event create --digital`` (the
    rounds' default), its words in the run's language (:data:`DIGITAL_WORDS`; both
    languages are read, issue 32)."""
    words = {"all": render(DIGITAL_WORDS["all"]), "none": render(DIGITAL_WORDS["none"])}
    if event_default:
        return render(
            message(
                "The rounds' digital tables unless a round chooses: {all} (every table), "
                "{none} (paper) or their numbers (1-5, 8: mixed)",
                **words,
            )
        )
    return render(
        message(
            "The round's digital tables: {all} (every table), {none} (paper) or their "
            "numbers (1-5, 8: a mixed round)",
            **words,
        )
    )


PRINT_WORDS: Mapping[str, Message] = {
    "dealing": Message("dealing", context="boards printout word"),
    "labels": Message("labels", context="boards printout word"),
    "plan": Message("plan", context="boards printout word"),
    "records": Message("records", context="boards printout word"),
    "travellers": Message("travellers", context="boards printout word"),
}
"""The ``--what`` of ``arbitro boards print`` (FIBAS arts. 6, 7, 20): «preparazione» or
«dealing» (the dealing sheets), «etichette» or «labels», «piano» or «plan» (the board plan),
«smazzate» or «records» (the hand records), «viaggianti» or «travellers»."""


def named(names: Mapping[str, Message], value: str) -> str:
    """The name of a record's ``value`` in the run's language (the value itself when the
    table has no name for it)."""
    name = names.get(value)
    return value if name is None else render(name)


def actor(value: str) -> str:
    """Who recorded a change: a default actor named in the run's language, a user as is."""
    return named(ACTOR_NAMES, value)


def choices(words: Mapping[str, Message]) -> str:
    """The words an option takes, in the run's language: ``richiamo | ammonizione | ...``."""
    return " | ".join(render(word) for word in words.values())


def typed_or_same(words: Mapping[str, Message], text: str) -> str:
    """The value ``text`` names in ``words`` (either language), else ``text`` as it is (an
    option that takes other values too: a Scala 40 player's number for ``--line``)."""
    key = text.strip().casefold()
    for value, word in words.items():
        if key == value or any(key == render(word, lang).casefold() for lang in LANGUAGES):
            return value
    return text


def typed(words: Mapping[str, Message], text: str, option: str) -> str:
    """The value named by ``text`` as the director typed it for ``option``: its record's
    value or its word in either language, case ignored; an error listing the words in the
    run's language otherwise."""
    value = typed_or_same(words, text)
    if value in words:
        return value
    raise ArbitroError(
        "{option}: «{text}» is not one of {words}",
        option=option,
        text=text,
        words=choices(words),
        key="cli.choice",
    )
