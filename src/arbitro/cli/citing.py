"""The code a help text cites, read from the registry of codes (issue 30: the terminal names
no particular code): the one code whose data has an article for a topic."""

from __future__ import annotations

from functools import cache

from arbitro.codes.citation import articles
from arbitro.codes.ids import CodeId
from arbitro.codes.registry import code_specs


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
