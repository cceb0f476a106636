"""The code a help text cites, read from the registry of codes (issue 30: the terminal names
no particular code): the one code whose data has an article for a topic."""

from __future__ import annotations

from functools import cache

from arbitro.codes.citation import articles, cite_if
from arbitro.codes.ids import CodeId
from arbitro.codes.registry import CodeSpec, code_specs
from arbitro.i18n import _, render, verbatim


@cache
def code_citing(topic: str) -> CodeId:
    """The one registered code with an article for ``topic`` (Parole UISP art. 6.1 for
    "prize_ties", Scala 40 art. 22 for "negative_points"): a shared command's help cites it without naming
    it. A topic no code or several codes cite is a programming error (``LookupError``), caught
    by the tests of the help texts."""
    found = [CodeId(s.id) for s in code_specs() if topic in articles(CodeId(s.id))]
    if len(found) != 1:
        raise LookupError(f"{len(found)} codes cite topic {topic!r}: {found}")
    return found[0]


# The topic whose article each code cites beside a sheet option it reads (FIBAS art. 19,
# Scala 40 art. 22 the sheet; Scala 40 art. 25 the abandon, art. 24 the inverted scores).
SHEET_OPTION_TOPICS = {
    "--deal": "sheet",
    "--closed": "sheet",
    "--points": "sheet",
    "--abandoned": "abandon",
    "--swap": "corrections",
}


def option_codes(option: str) -> tuple[CodeSpec, ...]:
    """The codes whose score sheet reads ``option`` of ``arbitro sheet`` and ``correct``
    (``CodeSpec.sheet_options``: ``--points`` is Scala 40's, art. 22)."""
    return tuple(s for s in code_specs() if option in s.sheet_options)


def for_codes(text: str, option: str) -> str:
    """``text``, the help of a sheet option, followed by the codes that read it, each with
    its article («... — solo Scala 40 art. 22»), from the registry of codes (the terminal
    names no code itself); as it is when no code declares the option."""
    topic = SHEET_OPTION_TOPICS.get(option, "sheet")
    cites = [render(cite_if(s.id, topic) or verbatim(s.short_name)) for s in option_codes(option)]
    if not cites:
        return text
    return _("{what} — only {codes}", what=text, codes=", ".join(cites))
