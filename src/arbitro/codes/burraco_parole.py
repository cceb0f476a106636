"""The UISP Burraco Parole code's numbers (``burraco_parole.toml``) as typed, immutable values.

Load once with :func:`burraco_parole`; every entry cites the article it comes from. The VP
tables and rest scores use the types of :mod:`arbitro.codes.burraco_fibas`, under the same keys
(``deals_3``, ``deals_4``), so that the event machinery reads either code the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from arbitro.codes.citation import cite
from arbitro.codes.data import code_data
from arbitro.codes.event_rules import EventRules
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.vp_table import RestScore, VpBand, VpTable
from arbitro.errors import ArbitroError
from arbitro.i18n import msg, ngettext

JOLLY = "?"
"""The jolly's symbol in the letter notation (DESIGN.md)."""
PINELLA = "!"
"""The pinella's symbol in the letter notation (DESIGN.md)."""


@dataclass(frozen=True, slots=True)
class BurracoParoleCode:
    """Every number of the UISP Burraco Parole code that arbitro uses, each from its article."""

    code: str
    title: str
    consonants: tuple[str, ...]
    vowels: tuple[str, ...]
    foreign: tuple[str, ...]
    consonant_copies: int
    vowel_copies: int
    foreign_copies: int
    pinelle: int
    jolly: int
    italian_cards: int
    full_cards: int
    letter_values: dict[str, int]
    seat_draw_order: tuple[str, ...]
    cards_per_player: int
    unplayable_stock_cards: int
    pozzetti: int
    players: int
    meld_min_cards: int
    meld_max_wilds: int
    burraco_min_cards: int
    dirty_burraco_min_naturals: int
    clean_burraco: int
    dirty_burraco: int
    closing_bonus: int
    mp_step: int
    vp_total: int
    game_target: int
    vp_tables: dict[str, VpTable]
    rest_scores: dict[int, RestScore]
    lateness_warning_up_to_s: int
    lateness_first_sanction: str
    lateness_mp_penalty_up_to_s: int
    lateness_mp_penalty: int
    lateness_repeat_sanction: str
    lateness_repeat_within_warning_mp_penalty: int
    lateness_beyond: tuple[str, ...]
    abandon_options: tuple[str, ...]
    sanctions_order: tuple[str, ...]
    sanction_causes: dict[str, tuple[str, ...]]
    report_within_hours: int
    round_minutes: dict[int, int]
    round_minutes_min: dict[int, int]
    time_out_extra_rounds: int
    complaints_window_minutes: int
    tie_options: tuple[str, ...]
    score_sheet_filled_by: str
    score_sheet_handed_in_by: str
    foreign_letters: bool = field(default=False)

    @property
    def code_id(self) -> CodeId:
        """The code's id, for citations (:func:`arbitro.codes.citation.cite`)."""
        return CodeId(self.code)

    @property
    def alphabet(self) -> tuple[str, ...]:
        """The letters of the deck in use: Italian (21) or with the foreign letters (art. 1.2)."""
        base = self.consonants + self.vowels
        return tuple(sorted(base + self.foreign)) if self.foreign_letters else tuple(sorted(base))

    @property
    def deck_size(self) -> int:
        """Cards in the deck in use: 58 for Italian, 68 with the foreign letters (art. 1.2)."""
        return self.full_cards if self.foreign_letters else self.italian_cards

    def deck_value(self) -> int:
        """The points of every card of the deck in use added up (art. 1.2; 590 for Italian)."""
        v = self.letter_values
        total = sum(v[x] * self.consonant_copies for x in self.consonants)
        total += sum(v[x] * self.vowel_copies for x in self.vowels)
        if self.foreign_letters:
            total += sum(v[x] * self.foreign_copies for x in self.foreign)
        return total + self.pinelle * v[PINELLA] + self.jolly * v[JOLLY]

    def with_foreign_letters(self, on: bool = True) -> BurracoParoleCode:
        """The same code for the 68-card deck with J K W X Y (art. 1.2, foreign languages)."""
        return replace(self, foreign_letters=on)

    def with_letter_values(self, values: dict[str, int]) -> BurracoParoleCode:
        """The same code with some letters' values changed (an event's colour reading)."""
        new = dict(self.letter_values)
        for k, v in values.items():
            key = k.upper()
            if key not in new or v < 0:
                raise ArbitroError(
                    "bad card value: {letter}={value}",
                    letter=k,
                    value=v,
                    article=cite(CodeId.BURRACO_PAROLE, "letter_values"),
                    key="parole.bad_value",
                )
            new[key] = v
        return replace(self, letter_values=new)

    def vp_table(self, *, deals: int, teams: bool = False) -> VpTable:
        """The VP table for a round of ``deals`` deals (art. 3); the code prints no team table."""
        key = f"deals_{deals}"
        if teams or key not in self.vp_tables:
            text = (
                ngettext(
                    "the Parole code has no teams VP table for {deals} deal",
                    "the Parole code has no teams VP table for {deals} deals",
                    deals,
                    deals=deals,
                )
                if teams
                else ngettext(
                    "the Parole code has no VP table for {deals} deal",
                    "the Parole code has no VP table for {deals} deals",
                    deals,
                    deals=deals,
                )
            )
            raise ArbitroError(
                text,
                article=cite(CodeId.BURRACO_PAROLE, "vp_tables"),
                key="parole.no_vp_table",
            )
        return self.vp_tables[key]

    def rest_score(self, deals: int) -> RestScore | None:
        """The rest score for rounds of ``deals`` deals (art. 3.1: 355 MP), or None."""
        return self.rest_scores.get(deals)


def _table(key: str, raw: dict[str, Any], code: str) -> VpTable:
    bands = tuple(VpBand(int(b[0]), int(b[1]), int(b[2]), int(b[3])) for b in raw["bands"])
    winner, loser = raw["beyond"]
    return VpTable(
        key, str(raw["label"]), str(raw["article"]), bands, (int(winner), int(loser)), code
    )


def _digits(key: str) -> int:
    return int(key.rsplit("_", 1)[1])


def _per_deals(raw: dict[str, Any]) -> dict[int, int]:
    return {_digits(k): int(v) for k, v in raw.items() if k != "article"}


@cache
def burraco_parole() -> BurracoParoleCode:
    """Load the UISP Burraco Parole code's data (cached): deck, values, VP table, penalties."""
    d = code_data("burraco_parole.toml")
    v = d["values"]
    values = {JOLLY: int(v["jolly"]), PINELLA: int(v["pinella"])}
    for colour in ("green", "red", "yellow"):
        for letter in v[f"{colour}_letters"]:
            values[str(letter)] = int(v[colour])
    rest = {
        _digits(k): RestScore(
            _digits(k), r["present"]["mp"], r["present"]["vp"], r["absent"]["mp"], r["absent"]["vp"]
        )
        for k, r in d["rest_scores"].items()
    }
    lt, sc = d["lateness"], d["sanctions"]
    return BurracoParoleCode(
        code=d["code"],
        title=d["title"],
        consonants=tuple(d["letters"]["consonants"]),
        vowels=tuple(d["letters"]["vowels"]),
        foreign=tuple(d["letters"]["foreign"]),
        consonant_copies=d["letters"]["consonant_copies"],
        vowel_copies=d["letters"]["vowel_copies"],
        foreign_copies=d["letters"]["foreign_copies"],
        pinelle=d["letters"]["pinelle"],
        jolly=d["letters"]["jolly"],
        italian_cards=d["letters"]["italian_cards"],
        full_cards=d["letters"]["full_cards"],
        letter_values=values,
        seat_draw_order=tuple(d["seat_draw"]["order"]),
        cards_per_player=d["deal"]["cards_per_player"],
        unplayable_stock_cards=d["deal"]["unplayable_stock_cards"],
        pozzetti=d["deal"]["pozzetti"],
        players=d["deal"]["players"],
        meld_min_cards=d["melds"]["min_cards"],
        meld_max_wilds=d["melds"]["max_wilds"],
        burraco_min_cards=d["melds"]["burraco_min_cards"],
        dirty_burraco_min_naturals=d["melds"]["dirty_burraco_min_naturals"],
        clean_burraco=d["bonuses"]["clean_burraco"],
        dirty_burraco=d["bonuses"]["dirty_burraco"],
        closing_bonus=d["bonuses"]["closing"],
        mp_step=d["scoring"]["mp_step"],
        vp_total=d["scoring"]["vp_total"],
        game_target=d["scoring"]["game_target"],
        vp_tables={k: _table(k, t, str(d["code"])) for k, t in d["vp_tables"].items()},
        rest_scores=rest,
        lateness_warning_up_to_s=lt["warning_up_to"],
        lateness_first_sanction=lt["first_sanction"],
        lateness_mp_penalty_up_to_s=lt["mp_penalty_up_to"],
        lateness_mp_penalty=lt["mp_penalty"],
        lateness_repeat_sanction=lt["repeat_sanction"],
        lateness_repeat_within_warning_mp_penalty=lt["repeat_within_warning_mp_penalty"],
        lateness_beyond=tuple(lt["beyond"]),
        abandon_options=tuple(d["abandon"]["options"]),
        sanctions_order=tuple(sc["order"]),
        sanction_causes={s: tuple(sc[f"{s}_causes"]) for s in sc["order"]},
        report_within_hours=sc["report_within_hours"],
        round_minutes=_per_deals(d["round_minutes"]),
        round_minutes_min=_per_deals(d["round_minutes_min"]),
        time_out_extra_rounds=d["time_out"]["extra_rounds"],
        complaints_window_minutes=d["complaints"]["window_minutes"],
        tie_options=tuple(d["ties"]["options"]),
        score_sheet_filled_by=d["score_sheet"]["filled_by"],
        score_sheet_handed_in_by=d["score_sheet"]["handed_in_by"],
    )


__all__ = ["JOLLY", "PINELLA", "BurracoParoleCode", "burraco_parole"]


def event_rules() -> EventRules:
    """The rules a Parole event applies (art. 3 rounds, 5 bonuses, 6 VP, 13 lateness and
    abandon, 14.1 complaints), from the code's data; the card points bound a line's points."""
    p = burraco_parole()
    values = p.letter_values
    deck_points = sum(values[c] * p.consonant_copies for c in p.consonants) + sum(
        values[v] * p.vowel_copies for v in p.vowels
    )
    deck_points += p.pinelle * values.get(PINELLA, 20) + p.jolly * values.get(JOLLY, 30)
    return EventRules(
        code_id=p.code,
        title=p.title,
        game=GameId.PAROLE.value,
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
        bonuses=msg(
            "burraco {dirty}/{clean}, closing {closing}",
            dirty=p.dirty_burraco,
            clean=p.clean_burraco,
            closing=p.closing_bonus,
        ),
    )
