"""A fake lines game in one folder (issue 30): its code's spec, the rules its events apply,
read from its own TOML, and its game's sheet: the two-lines sheet of the built-in games."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from arbitro.codes.data import code_data
from arbitro.codes.event_rules import EventRules
from arbitro.codes.registry import CodeSpec, EventKind, registered
from arbitro.codes.vp_table import RestScore, VpBand, VpTable
from arbitro.i18n import verbatim
from arbitro.tournament.sheets import lines_sheet, registered_sheet_kind

DATA = Path(__file__).with_name("fake_lines.toml")


def event_rules(data: Path = DATA, game: str = "fake-lines") -> EventRules:
    """The fake code's rules, from its TOML (``data``: another fake code's, of ``game``)."""
    d = code_data(data)
    r = d["rules"]
    table = d["vp_tables"]["deals_2"]
    rest = d["rest_scores"]["deals_2"]
    return EventRules(
        code_id=d["code"],
        title=d["title"],
        game=game,
        vp_tables={
            "deals_2": VpTable(
                "deals_2",
                table["label"],
                table["article"],
                tuple(VpBand(*b) for b in table["bands"]),
                (table["beyond"][0], table["beyond"][1]),
                d["code"],
            )
        },
        rest_scores={
            2: RestScore(
                2,
                rest["present"]["mp"],
                rest["present"]["vp"],
                rest["absent"]["mp"],
                rest["absent"]["vp"],
            )
        },
        round_minutes={2: r["round_minutes"]},
        deals_allowed=(2,),
        vp_total=r["vp_total"],
        mp_step=r["mp_step"],
        complaints_window_minutes=r["complaints_window_minutes"],
        base_step=r["base_step"],
        base_min=r["base_step"],
        base_max=r["base_max"],
        points_min=-r["points_max"],
        points_max=r["points_max"],
        lateness_sanction="warning",
        lateness_sanction_up_to_s=r["lateness_up_to_s"],
        lateness_mp_penalty_up_to_s=r["lateness_up_to_s"],
        lateness_mp_penalty=r["lateness_mp_penalty"],
        lateness_repeat_warning=False,
        lateness_repeat_mp_penalty=0,
        late_line_forfeit="zero",
        warnings_per_penalty=0,
        warning_vp_penalty=0,
        warning_mp_penalty=0,
        teams=False,
        one_deal_rounds_need_duplicate=False,
    )


SPEC = CodeSpec(
    id="fake-lines",
    game="fake-lines",
    events=EventKind.ROUNDS,
    name=verbatim("Fake Lines"),
    short_name="Fake",
    data=DATA,
    aliases=("fake",),
    search_words="fake lines",
    rules=event_rules,
)


@contextmanager
def fake_lines_registered() -> Iterator[CodeSpec]:
    """The fake code and its game's sheet registered for the duration of the block."""
    with registered(SPEC), registered_sheet_kind(SPEC.game, lines_sheet):
        yield SPEC
