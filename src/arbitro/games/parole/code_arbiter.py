"""The Burraco Parole arbiter (``CodeSpec.arbiter`` of Parole UISP, issue 31), reading its
positions' words with the shared Italian dictionary (art. 4.1) and, before it, the words the
event's language judge allowed or refused (art. 2: the situation's ``judged_words``, word →
allowed, which the event's service adds). The engine opens no dictionary: this module,
imported only when an arbiter first asks for the code's arbiter, is where the edge's
dictionary is given to it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import CodeRuling, Fact, IrregularityKind, RemediesArbiter
from arbitro.games.parole.arbiter import code_arbiter
from arbitro.lexicon.hunspell import italian

if TYPE_CHECKING:
    from arbitro.games.parole.deal import Deal

_JUDGED: dict[tuple[tuple[str, bool], ...], RemediesArbiter[Deal]] = {}
"""The event's judged words → the arbiter reading them (a few events at a time)."""


class ParoleArbiter:
    """The Parole arbiter: the dictionary's, or with the event's judged words first."""

    code: str = CodeId.BURRACO_PAROLE

    def __init__(self) -> None:
        self._plain = code_arbiter(italian())

    def irregularities(self) -> tuple[IrregularityKind, ...]:
        """The remedies of arts. 9-11, each with its article and fields."""
        return self._plain.irregularities()

    def rule(self, situation: Mapping[str, Any]) -> CodeRuling:
        """The ruling on ``situation``, its words read with the event's judged words (art. 2,
        4.1: the language judge's ruling stands for the rest of the event) before the
        dictionary."""
        return judged_arbiter(situation.get("judged_words"), self).rule(situation)

    def facts(self, kind: str) -> tuple[Fact, ...]:
        """The facts the desk asks for ``kind`` (issue 31), typed and worded: the plain
        arbiter's (the judged words are the event's, added by its service)."""
        return self._plain.facts(kind)

    def situation(self, kind: str, facts: Mapping[str, Any]) -> dict[str, Any]:
        """The situation the facts typed at the desk describe, as :meth:`rule` reads it."""
        return self._plain.situation(kind, facts)

    @property
    def plain(self) -> RemediesArbiter[Deal]:
        """The arbiter with the dictionary alone."""
        return self._plain


def judged_arbiter(judged: object, base: ParoleArbiter) -> RemediesArbiter[Deal]:
    """The arbiter reading ``judged`` (word → allowed) before the dictionary; ``base``'s own
    when there are none."""
    if not judged:
        return base.plain
    if not isinstance(judged, Mapping):
        raise ArbitroError("judged words: a word → true/false object is needed")
    key = tuple(sorted((str(w).lower(), bool(ok)) for w, ok in judged.items()))
    found = _JUDGED.get(key)
    if found is None:
        approved = [w for w, ok in key if ok]
        rejected = [w for w, ok in key if not ok]
        found = code_arbiter(italian().with_lists(approved, rejected))
        if len(_JUDGED) >= 32:
            _JUDGED.clear()
        _JUDGED[key] = found
    return found


ARBITER: Final = ParoleArbiter()
"""The Parole arbiter with the Italian dictionary and the event's judged words."""
