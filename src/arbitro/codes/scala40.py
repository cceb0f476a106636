"""The Scala 40 code's numbers (``scala40.toml``) as typed, immutable values.

Load once with :func:`scala40`; every entry cites the article it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from arbitro.codes.citation import cite
from arbitro.codes.data import code_data
from arbitro.codes.event_rules import EventRules
from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, message, ngettext


@dataclass(frozen=True, slots=True)
class DifferenceBand:
    """One band of a difference table: a difference in ``low..high`` gives ``vp`` (art. 22)."""

    low: int
    high: int
    vp: int


@dataclass(frozen=True, slots=True)
class DifferenceTable:
    """A "punti differenze" table of art. 22 for rounds of ``deals`` deals."""

    key: str
    label: str
    article: str
    deals: tuple[int, ...]
    bands: tuple[DifferenceBand, ...]
    beyond: int

    @property
    def name(self) -> Message:
        """The table's name in the user's language: "Table for 3-4 deals" (art. 22; ``label``
        is the code's Italian wording)."""
        return message("Table for {deals} deals", deals="-".join(str(d) for d in self.deals))

    def vp(self, difference: int) -> int:
        """The VP for a (non-negative, whole) difference of negative points (art. 22)."""
        if difference < 0:
            raise ArbitroError(
                "negative difference: {difference}",
                difference=difference,
                article=cite(CodeId.SCALA40, "difference_tables"),
                key="scala40.negative_difference",
            )
        for band in self.bands:
            if difference <= band.high:
                return band.vp
        return self.beyond


@dataclass(frozen=True, slots=True)
class Scala40Code:
    """Every number of the Scala 40 code that arbitro uses, each from its article."""

    code: str
    title: str
    suit_rank: tuple[str, ...]
    rank_order: tuple[str, ...]
    french_decks: int
    cards_per_deck: int
    jokers: int
    total_cards: int
    players: int
    cards_per_player: int
    turned_up: int
    opening_points: int
    opening_values: dict[str, int]
    ace_low_value: int
    meld_min_cards: int
    run_max_cards: int
    set_max_cards: int
    layoff_max_run_cards: int
    penalty_values: dict[str, int]
    placement_vp: tuple[int, ...]
    difference_tables: dict[str, DifferenceTable]
    rounds: int
    deals_per_round: int
    incomplete_table_players: int
    rested_negative_points: int
    late_entry_vp: int
    late_entry_mp: int
    complaints_window_minutes: int

    @property
    def code_id(self) -> CodeId:
        """The code's id, for citations (:func:`arbitro.codes.citation.cite`)."""
        return CodeId(self.code)

    def difference_table(self, deals: int) -> DifferenceTable:
        """The difference table of art. 22 for a round of ``deals`` deals (3-4 or 5)."""
        for table in self.difference_tables.values():
            if deals in table.deals:
                return table
        known = sorted(d for t in self.difference_tables.values() for d in t.deals)
        raise ArbitroError(
            ngettext(
                "no difference table for {deals} deal (only {known})",
                "no difference table for {deals} deals (only {known})",
                deals,
                deals=deals,
                known=str(known),
            ),
            article=cite(CodeId.SCALA40, "difference_tables"),
            key="scala40.no_table",
        )


def _table(key: str, raw: dict[str, Any]) -> DifferenceTable:
    bands = tuple(DifferenceBand(int(b[0]), int(b[1]), int(b[2])) for b in raw["bands"])
    return DifferenceTable(
        key=key,
        label=str(raw["label"]),
        article=str(raw["article"]),
        deals=tuple(int(d) for d in raw["deals"]),
        bands=bands,
        beyond=int(raw["beyond"]),
    )


@cache
def scala40() -> Scala40Code:
    """Load the Scala 40 code's data (cached): card values, opening, VP, difference tables."""
    d = code_data("scala40.toml")
    return Scala40Code(
        code=d["code"],
        title=d["title"],
        suit_rank=tuple(d["cards"]["suit_rank"]),
        rank_order=tuple(d["cards"]["rank_order"]),
        french_decks=d["deck"]["french_decks"],
        cards_per_deck=d["deck"]["cards_per_deck"],
        jokers=d["deck"]["jokers"],
        total_cards=d["deck"]["total_cards"],
        players=d["deal"]["players"],
        cards_per_player=d["deal"]["cards_per_player"],
        turned_up=d["deal"]["turned_up"],
        opening_points=d["opening"]["min_points"],
        opening_values=dict(d["opening"]["values"]),
        ace_low_value=d["opening"]["ace_low"],
        meld_min_cards=d["melds"]["min_cards"],
        run_max_cards=d["melds"]["run_max_cards"],
        set_max_cards=d["melds"]["set_max_cards"],
        layoff_max_run_cards=d["melds"]["layoff_max_run_cards"],
        penalty_values=dict(d["penalty"]["values"]),
        placement_vp=tuple(d["round_vp"]["placement"]),
        difference_tables={k: _table(k, v) for k, v in d["difference_tables"].items()},
        rounds=d["event"]["rounds"],
        deals_per_round=d["event"]["deals_per_round"],
        incomplete_table_players=d["incomplete_table"]["players"],
        rested_negative_points=d["incomplete_table"]["rested_negative_points"],
        late_entry_vp=d["late_entry"]["vp"],
        late_entry_mp=d["late_entry"]["mp"],
        complaints_window_minutes=d["complaints"]["window_minutes"],
    )


def event_rules() -> EventRules:
    """The rules a Scala 40 event applies (art. 22 placement VP and difference tables, art. 24
    complaints, art. 26 late entries), from the code's data: no bases, no VP tables of MP, no
    lateness nor warnings (art. 10-17 penalise cards, docs/rulings.md Scala 40 18)."""
    k = scala40()
    return EventRules(
        code_id=k.code,
        late_entry_score=(k.late_entry_vp, k.late_entry_mp),
        title=k.title,
        game=GameId.SCALA40.value,
        vp_tables={},
        rest_scores={},
        round_minutes={},
        deals_allowed=tuple(sorted({d for t in k.difference_tables.values() for d in t.deals})),
        vp_total=max(k.placement_vp) + max(t.beyond for t in k.difference_tables.values()),
        mp_step=1,
        complaints_window_minutes=k.complaints_window_minutes,
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
