"""What the event machinery needs from the competition code in force (:class:`EventRules`):
VP tables, rest scores, round times, sheet limits, lateness and warning penalties. Each code's
module builds its own from its data (``event_rules()`` of ``codes/burraco_fibas.py``...); the
registry (:mod:`arbitro.codes.registry`) says which module that is."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from arbitro.codes.citation import Citation, cite, cite_if
from arbitro.codes.ids import CodeId
from arbitro.codes.registry import CodeSpec, EventKind, code_spec, codes_of
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, ngettext

if TYPE_CHECKING:
    from arbitro.codes.vp_table import RestScore, VpTable


@dataclass(frozen=True, slots=True)
class EventRules:
    """The numbers and choices of one code that an event applies."""

    code_id: str
    title: str
    game: str
    vp_tables: dict[str, VpTable]
    rest_scores: dict[int, RestScore]
    round_minutes: dict[int, int]
    deals_allowed: tuple[int, ...]
    vp_total: int
    mp_step: int
    complaints_window_minutes: int
    # Score sheet limits (a base is a sum of bonuses; points are card values).
    base_step: int
    base_min: int
    base_max: int
    points_min: int
    points_max: int
    # Lateness: sanction up to `lateness_sanction_up_to_s`, MP penalty up to
    # `lateness_mp_penalty_up_to_s`, beyond that the match is lost.
    lateness_sanction: str  # "warning" (FIBAS art. 37) or "reprimand" (Parole art. 13.1)
    lateness_sanction_up_to_s: int
    lateness_mp_penalty_up_to_s: int
    lateness_mp_penalty: int
    lateness_repeat_warning: bool  # Parole art. 13.1-13.2: a second lateness is a warning
    lateness_repeat_mp_penalty: int  # Parole art. 13.1: ... and -100 MP if within 3 minutes
    late_line_forfeit: str  # "absent": the rest score's counterpart (FIBAS); "zero" (Parole)
    # Warnings: every `warnings_per_penalty` cost VP and MP overall (FIBAS art. 22, 41); 0: none.
    warnings_per_penalty: int
    warning_vp_penalty: int
    warning_mp_penalty: int
    teams: bool
    one_deal_rounds_need_duplicate: bool
    # The arbiter's choices of an abandoning side's score (Parole art. 13.4); () where the
    # code fixes it by whether the abandon is justified (FIBAS art. 36).
    abandon_choices: tuple[str, ...] = ()
    # The (VP, MP) a late entry scores in each round it missed where the code fixes it (Scala
    # 40 art. 26: 3 VP and 80 MP); None: the director chooses (docs/rulings.md "Late entries").
    late_entry_score: tuple[int, int] | None = None
    # The bonuses a base adds up, as the sheet explains them (FIBAS art. 15, 19; Parole art.
    # 5): ``burraci 50/100/200, chiusura 100``; None for a code without bases (Scala 40).
    bonuses: Message | None = None

    @property
    def code(self) -> CodeId:
        """The code's id."""
        return CodeId(self.code_id)

    def cite(self, topic: str) -> Citation:
        """The article of ``topic`` in this code (``[event_articles]`` of its TOML)."""
        return cite(self.code, topic)

    def cite_if(self, topic: str) -> Citation | None:
        """The article of ``topic``, or None where this code has no such rule."""
        return cite_if(self.code, topic)

    def vp_table(self, *, deals: int, teams: bool = False) -> VpTable:
        """The VP table for a round of ``deals`` deals (or the teams table)."""
        key = "teams" if teams else f"deals_{deals}"
        if key not in self.vp_tables:
            if teams:
                raise ArbitroError("the {code} code has no VP table for teams", code=self.code_id)
            raise ArbitroError(
                ngettext(
                    "the {code} code has no VP table for {deals} deal",
                    "the {code} code has no VP table for {deals} deals",
                    deals,
                    code=self.code_id,
                    deals=deals,
                )
            )
        return self.vp_tables[key]

    def rest_score(self, deals: int) -> RestScore | None:
        """The rest score for rounds of ``deals`` deals, or None if the code prints none."""
        return self.rest_scores.get(deals)

    def deck_value(self) -> int:
        """The points of the whole deck (the bound of a line's card points)."""
        return self.points_max


def rules_for(code_id: str) -> EventRules:
    """The rules of the code ``code_id`` in events of rounds (its spec's ``rules``, built once);
    a code without events of rounds is refused naming those that have them."""
    spec = code_spec(code_id)
    if spec.rules is None:
        raise ArbitroError(
            "unknown competition code «{code}» ({codes})",
            code=code_id,
            codes=", ".join(codes_of(EventKind.ROUNDS)),
        )
    return _built(spec)


@cache
def _built(spec: CodeSpec) -> EventRules:
    """``spec``'s rules, built once per spec (a spec is hashed by identity)."""
    assert spec.rules is not None
    return spec.rules()
