"""The FIBAS Burraco code's numbers (``burraco_fibas.toml``) as typed, immutable values.

Load once with :func:`burraco_fibas`; every entry cites the article it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from arbitro.codes.data import code_data
from arbitro.codes.event_rules import EventRules
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.vp_table import RestScore, VpBand, VpTable
from arbitro.i18n import msg


@dataclass(frozen=True, slots=True)
class BurracoFibasCode:
    """Every number of the FIBAS code that arbitro uses, each from its article."""

    code: str
    title: str
    suit_rank: tuple[str, ...]
    rank_order: tuple[str, ...]
    card_values: dict[str, int]
    french_decks: int
    cards_per_deck: int
    total_cards: int
    cards_per_player: int
    pozzetti: int
    pozzetto_cards: int
    unplayable_stock_cards: int
    al_monte_max_discards: int
    meld_min_cards: int
    meld_max_wilds: int
    run_max_naturals: int
    set_max_naturals: int
    burraco_min_cards: int
    semi_clean_min_naturals: int
    clean_burraco: int
    semi_clean_burraco: int
    dirty_burraco: int
    closing_bonus: int
    pozzetto_not_taken: int
    mp_step: int
    vp_total: int
    vp_tables: dict[str, VpTable]
    duplicate_band_gap: float
    duplicate_formats: tuple[str, ...]
    rest_scores: dict[int, RestScore]
    lateness_warning_up_to_s: int
    lateness_mp_penalty_up_to_s: int
    lateness_mp_penalty: int
    warnings_per_penalty: int
    warning_vp_penalty: int
    warning_mp_penalty: int
    round_minutes: dict[int, int]
    complaints_window_minutes: int
    deck_points: int

    @property
    def code_id(self) -> CodeId:
        """The code's id, for citations (:func:`arbitro.codes.citation.cite`)."""
        return CodeId(self.code)

    def vp_table(self, *, deals: int, teams: bool = False) -> VpTable:
        """The VP table for a round of ``deals`` deals, or the teams table (art. 20)."""
        if teams:
            return self.vp_tables["teams"]
        return self.vp_tables[f"deals_{deals}"]

    def deck_value(self) -> int:
        """The points of every card of the deck added up (art. 3 values, art. 2 deck)."""
        return self.deck_points

    def rest_score(self, deals: int) -> RestScore | None:
        """The rest score for rounds of ``deals`` deals (art. 37), or None if none is printed."""
        return self.rest_scores.get(deals)


def _table(key: str, raw: dict[str, Any], code: str) -> VpTable:
    bands = tuple(VpBand(int(b[0]), int(b[1]), int(b[2]), int(b[3])) for b in raw["bands"])
    winner, loser = raw["beyond"]
    return VpTable(
        key, str(raw["label"]), str(raw["article"]), bands, (int(winner), int(loser)), code
    )


def _digits(key: str) -> int:
    return int(key.rsplit("_", 1)[1])


@cache
def burraco_fibas() -> BurracoFibasCode:
    """Load the FIBAS code's data (cached): VP tables, rest scores, penalties, card values."""
    d = code_data("burraco_fibas.toml")
    rest = {
        _digits(k): RestScore(
            _digits(k), v["present"]["mp"], v["present"]["vp"], v["absent"]["mp"], v["absent"]["vp"]
        )
        for k, v in d["rest_scores"].items()
    }
    values = dict(d["cards"]["values"])
    jokers_per_deck = d["deck"]["cards_per_deck"] - 4 * (len(d["cards"]["rank_order"]) - 1)
    naturals = sum(v for r, v in values.items() if r != "JK") * 4
    deck_points = d["deck"]["french_decks"] * (naturals + jokers_per_deck * values["JK"])
    return BurracoFibasCode(
        code=d["code"],
        title=d["title"],
        suit_rank=tuple(d["cards"]["suit_rank"]),
        rank_order=tuple(d["cards"]["rank_order"]),
        card_values=dict(d["cards"]["values"]),
        french_decks=d["deck"]["french_decks"],
        cards_per_deck=d["deck"]["cards_per_deck"],
        total_cards=d["deck"]["total_cards"],
        cards_per_player=d["deal"]["cards_per_player"],
        pozzetti=d["deal"]["pozzetti"],
        pozzetto_cards=d["deal"]["pozzetto_cards"],
        unplayable_stock_cards=d["deal"]["unplayable_stock_cards"],
        al_monte_max_discards=d["deal"]["al_monte_max_discards"],
        meld_min_cards=d["melds"]["min_cards"],
        meld_max_wilds=d["melds"]["max_wilds"],
        run_max_naturals=d["melds"]["run_max_naturals"],
        set_max_naturals=d["melds"]["set_max_naturals"],
        burraco_min_cards=d["melds"]["burraco_min_cards"],
        semi_clean_min_naturals=d["melds"]["semi_clean_min_naturals"],
        clean_burraco=d["bonuses"]["clean_burraco"],
        semi_clean_burraco=d["bonuses"]["semi_clean_burraco"],
        dirty_burraco=d["bonuses"]["dirty_burraco"],
        closing_bonus=d["bonuses"]["closing"],
        pozzetto_not_taken=d["bonuses"]["pozzetto_not_taken"],
        mp_step=d["scoring"]["mp_step"],
        vp_total=d["scoring"]["vp_total"],
        vp_tables={k: _table(k, v, str(d["code"])) for k, v in d["vp_tables"].items()},
        duplicate_band_gap=d["duplicate_scale"]["band_gap"],
        duplicate_formats=tuple(d["duplicate_scale"]["applies_to"]),
        rest_scores=rest,
        lateness_warning_up_to_s=d["lateness"]["warning_up_to"],
        lateness_mp_penalty_up_to_s=d["lateness"]["mp_penalty_up_to"],
        lateness_mp_penalty=d["lateness"]["mp_penalty"],
        warnings_per_penalty=d["warnings"]["per_penalty"],
        warning_vp_penalty=d["warnings"]["vp_penalty"],
        warning_mp_penalty=d["warnings"]["mp_penalty"],
        round_minutes={_digits(k): v for k, v in d["round_minutes"].items() if k != "article"},
        complaints_window_minutes=d["complaints"]["window_minutes"],
        deck_points=deck_points,
    )


def event_rules() -> EventRules:
    """The rules a FIBAS event applies (art. 4-7 rounds, 15-20 sheets and VP, 36-41 lateness,
    warnings and complaints), from the code's data."""
    c = burraco_fibas()
    return EventRules(
        code_id=c.code,
        title=c.title,
        game=GameId.BURRACO.value,
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
        bonuses=msg(
            "burraco {dirty}/{semi}/{clean}, closing {closing}",
            dirty=c.dirty_burraco,
            semi=c.semi_clean_burraco,
            clean=c.clean_burraco,
            closing=c.closing_bonus,
        ),
    )
