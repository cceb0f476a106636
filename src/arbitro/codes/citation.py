"""A citation of a competition code: which code, which article. Shared code never writes an
article number: it asks the code in force for the article of a topic (:func:`cite`), read from
the ``[articles]`` table of the code's TOML."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from arbitro.codes.data import code_data, has_code_data
from arbitro.codes.ids import CodeId
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.codes import registry
else:
    registry = lazy_module("arbitro.codes.registry")  # a circle: the registry's errors cite

# The decks a code's game is played with (CodeSpec.deck).
FRENCH = "french"
ITALIAN = "italian"


def _data_file(code: CodeId | str) -> Path | None:
    """The code's TOML, as its spec in the registry names it."""
    return registry.code_spec(str(code)).data


@dataclass(frozen=True, slots=True)
class Citation:
    """An article (or articles, "19, 20"; a paragraph, "13.4") of one code."""

    code: CodeId
    article: str

    def render(self, lang: str | None = None) -> str:
        """``FIBAS art. 37``, ``Parole UISP art. 14.4``, ``Bridge art. 13``."""
        return f"{self.code.short_name} art. {self.article}"

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, str]:
        """``{"code": ..., "article": ...}``."""
        return {"code": self.code.value, "article": self.article}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Citation:
        """Parse :meth:`to_json`'s form."""
        return cls(CodeId(data["code"]), str(data["article"]))


def code_table(code: CodeId | str, table: str) -> dict[str, object]:
    """One table of the code's TOML (``wrong_count``...), ``{}`` where the code has none."""
    name = _data_file(code)
    if name is None or not has_code_data(name):
        return {}
    found = code_data(name).get(table, {})
    return dict(found) if isinstance(found, dict) else {}


@cache
def articles(code: CodeId) -> dict[str, str]:
    """The code's topic → article table: ``[articles]`` (the games' rules) and
    ``[event_articles]`` (what events cite) of its TOML."""
    name = _data_file(code)
    if name is None or not has_code_data(name):
        return {}
    data = code_data(name)
    out: dict[str, str] = {}
    for table in ("articles", "event_articles"):
        out |= {str(k): str(v) for k, v in data.get(table, {}).items() if not isinstance(v, dict)}
    return out


def cite(code: CodeId | str, topic: str) -> Citation:
    """The article of ``topic`` in ``code`` (a KeyError names a topic the code's data lacks:
    a programming error, caught by the tests of every code)."""
    code = CodeId(code)
    table = articles(code)
    if topic not in table:
        raise KeyError(f"{code.value} has no article for topic {topic!r}")
    return Citation(code, table[topic])


def cite_if(code: CodeId | str, topic: str) -> Citation | None:
    """The article of ``topic`` in ``code``, or ``None`` where the code has no such rule."""
    table = articles(CodeId(code))
    return Citation(CodeId(code), table[topic]) if topic in table else None


def deck_citation(deck: str, topic: str) -> Citation | None:
    """The article of ``topic`` in the first code of the registry played with ``deck``
    (``CodeSpec.deck``: "french", "italian"), or None where none has such a rule: the cards'
    own refusals, made before any event's code is known, cite the code of their deck (FIBAS
    art. 2, 3, 6 for the French deck; Briscola art. 2, 3 for the Italian one) without naming
    it (issue 30)."""
    for spec in registry.code_specs():
        if spec.deck == deck:
            found = cite_if(spec.id, topic)
            if found is not None:
                return found
    return None


def sole_citation(topic: str) -> Citation:
    """The article of ``topic`` in the one code of the registry that has a rule on it (Parole
    UISP art. 6.1 for "prize_ties", art. 14.2 for "arbiter_report"): a rule only one code
    writes is cited where no event's code is at hand, without naming that code (issue 30).
    A topic no code, or several codes, cite is a programming error (``LookupError``), caught
    by the tests of the texts that cite it."""
    found = [
        Citation(CodeId(s.id), table[topic])
        for s in registry.code_specs()
        if topic in (table := articles(CodeId(s.id)))
    ]
    if len(found) != 1:
        raise LookupError(f"{len(found)} codes cite topic {topic!r}: {found}")
    return found[0]
