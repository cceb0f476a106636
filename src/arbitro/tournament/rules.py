"""What the event machinery needs from the competition code in force: VP tables, rest
scores, round times, sheet limits, lateness and warning penalties. One adapter per code
(FIBAS Burraco, UISP Burraco Parole), both read from the codes' data in ``codes/``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from arbitro.codes.burraco_fibas import RestScore, VpTable, burraco_fibas
from arbitro.codes.citation import Citation, cite, cite_if
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg

FIBAS = "burraco-fibas"
PAROLE = "burraco-parole-uisp"
SCALA40 = "scala40"
CODES = (FIBAS, PAROLE, SCALA40)


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

    @property
    def code(self) -> CodeId:
        """The code's id."""
        return CodeId(self.code_id)

    @property
    def bonuses(self) -> Message | None:
        """The bonuses a base adds up, as the sheet explains them (FIBAS art. 15, 19; Parole
        art. 5): ``burraci 50/100/200, chiusura 100``; None for a code without bases."""
        if self.code is CodeId.BURRACO_FIBAS:
            c = burraco_fibas()
            return msg(
                "burraco {dirty}/{semi}/{clean}, closing {closing}",
                dirty=c.dirty_burraco,
                semi=c.semi_clean_burraco,
                clean=c.clean_burraco,
                closing=c.closing_bonus,
            )
        if self.code is CodeId.BURRACO_PAROLE:
            from arbitro.codes.burraco_parole import burraco_parole

            p = burraco_parole()
            return msg(
                "burraco {dirty}/{clean}, closing {closing}",
                dirty=p.dirty_burraco,
                clean=p.clean_burraco,
                closing=p.closing_bonus,
            )
        return None  # a code without bases (Scala 40)

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
                "the {code} code has no VP table for {deals} deals", code=self.code_id, deals=deals
            )
        return self.vp_tables[key]

    def rest_score(self, deals: int) -> RestScore | None:
        """The rest score for rounds of ``deals`` deals, or None if the code prints none."""
        return self.rest_scores.get(deals)

    def deck_value(self) -> int:
        """The points of the whole deck (the bound of a line's card points)."""
        return self.points_max


@cache
def rules_for(code_id: str) -> EventRules:
    """The rules of the code ``code_id`` (``burraco-fibas`` or ``burraco-parole-uisp``)."""
    if code_id == FIBAS:
        c = burraco_fibas()
        return EventRules(
            code_id=FIBAS,
            title=c.title,
            game="burraco",
            vp_tables=c.vp_tables,
            rest_scores=c.rest_scores,
            round_minutes=c.round_minutes,
            deals_allowed=tuple(sorted(c.round_minutes)),
            vp_total=c.vp_total,
            mp_step=c.mp_step,
            complaints_window_minutes=c.complaints_window_minutes,
            base_step=c.semi_clean_burraco - c.dirty_burraco,
            base_min=min(c.dirty_burraco, c.closing_bonus),
            base_max=(c.total_cards // c.burraco_min_cards) * c.clean_burraco + c.closing_bonus,
            points_min=-(c.deck_value() - c.pozzetto_not_taken),
            points_max=c.deck_value(),
            lateness_sanction="warning",
            lateness_sanction_up_to_s=c.lateness_warning_up_to_s,
            lateness_mp_penalty_up_to_s=c.lateness_mp_penalty_up_to_s,
            lateness_mp_penalty=c.lateness_mp_penalty,
            lateness_repeat_warning=False,
            lateness_repeat_mp_penalty=0,
            late_line_forfeit="absent",
            warnings_per_penalty=c.warnings_per_penalty,
            warning_vp_penalty=c.warning_vp_penalty,
            warning_mp_penalty=c.warning_mp_penalty,
            teams=True,
            one_deal_rounds_need_duplicate=True,
        )
    # Each code's module is imported when its rules are asked for: ``arbitro vp`` on FIBAS
    # loads neither Parole's nor Scala 40's (issue 14, commands that answer at once).
    if code_id == PAROLE:
        from arbitro.codes.burraco_parole import burraco_parole

        p = burraco_parole()
        values = p.letter_values
        deck_points = sum(values[c] * p.consonant_copies for c in p.consonants) + sum(
            values[v] * p.vowel_copies for v in p.vowels
        )
        deck_points += p.pinelle * values.get("!", 20) + p.jolly * values.get("?", 30)
        return EventRules(
            code_id=PAROLE,
            title=p.title,
            game="parole",
            vp_tables=p.vp_tables,
            rest_scores=p.rest_scores,
            round_minutes=p.round_minutes,
            deals_allowed=tuple(sorted(p.round_minutes)),
            vp_total=p.vp_total,
            mp_step=p.mp_step,
            complaints_window_minutes=p.complaints_window_minutes,
            base_step=p.dirty_burraco,
            base_min=min(p.dirty_burraco, p.closing_bonus),
            base_max=(p.italian_cards // p.burraco_min_cards) * p.clean_burraco + p.closing_bonus,
            points_min=-deck_points,
            points_max=deck_points,
            lateness_sanction=p.lateness_first_sanction,
            lateness_sanction_up_to_s=p.lateness_warning_up_to_s,
            lateness_mp_penalty_up_to_s=p.lateness_mp_penalty_up_to_s,
            lateness_mp_penalty=p.lateness_mp_penalty,
            lateness_repeat_warning=p.lateness_repeat_sanction == "warning",
            lateness_repeat_mp_penalty=p.lateness_repeat_within_warning_mp_penalty,
            late_line_forfeit="zero",
            warnings_per_penalty=0,
            warning_vp_penalty=0,
            warning_mp_penalty=0,
            teams=False,
            one_deal_rounds_need_duplicate=False,
            abandon_choices=p.abandon_options,
        )
    if code_id == SCALA40:
        from arbitro.codes.scala40 import scala40

        k = scala40()
        return EventRules(
            code_id=SCALA40,
            late_entry_score=(k.late_entry_vp, k.late_entry_mp),
            title=k.title,
            game="scala40",
            vp_tables={},
            rest_scores={},
            round_minutes={},
            deals_allowed=tuple(sorted({d for t in k.difference_tables.values() for d in t.deals})),
            vp_total=max(k.placement_vp) + max(t.beyond for t in k.difference_tables.values()),
            mp_step=1,
            complaints_window_minutes=15,
            base_step=1,
            base_min=0,
            base_max=0,
            points_min=0,
            points_max=0,
            lateness_sanction="",
            lateness_sanction_up_to_s=0,
            lateness_mp_penalty_up_to_s=0,
            lateness_mp_penalty=0,
            lateness_repeat_warning=False,
            lateness_repeat_mp_penalty=0,
            late_line_forfeit="zero",
            warnings_per_penalty=0,
            warning_vp_penalty=0,
            warning_mp_penalty=0,
            teams=False,
            one_deal_rounds_need_duplicate=False,
        )
    raise ArbitroError(
        "unknown competition code «{code}» ({codes})", code=code_id, codes=", ".join(CODES)
    )
