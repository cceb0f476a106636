"""The one sheet form (arbitro.web.sheet_form) read the same way for the phones and the
desk: whatever possible sheet is typed, it reads back the same entry and the domain's
figures (FIBAS art. 19-20); an impossible number is named by its deal and line."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, sheet_result
from arbitro.web.sheet_form import PHONE, SheetFields, desk_fields, entry_values, parse_sheet


def pairs_event() -> EventState:
    config = EventConfig("x", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,))
    return EventState.replay(
        "x",
        [Record(config, datetime.now(UTC), "t", None, 1)],
    )


sheet_line = st.builds(
    LineDeal,
    st.sampled_from([0, 100, 150, 200, 250, 300, 350, 400, 500, 600]),
    st.integers(-60, 160).map(lambda n: n * 5),
)
sheet_deals = st.lists(st.builds(DealScore, sheet_line, sheet_line), min_size=2, max_size=2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals=sheet_deals)
def test_form_figures_are_the_domains_art_19_20(deals: list[DealScore]) -> None:
    """Whatever possible sheet is typed, the form reads back the same entry and shows the
    domain's totals and VP (art. 19 b, art. 20), and the two lines' VP add up to 20."""
    state = pairs_event()
    entry = SheetEntry(tuple(deals))
    for fields in (PHONE, desk_fields("e_"), desk_fields("c_")):
        parsed = parse_sheet(state, 1, entry_values(entry, fields), "it", fields)
        assert parsed.entry == entry, fields
    parsed = parse_sheet(state, 1, entry_values(entry), "it")
    expected = sheet_result(state.code, entry, deals=2, teams=False)
    assert parsed.entry == entry and parsed.result == expected
    assert parsed.result is not None and parsed.result.ns_vp + parsed.result.ew_vp == 20


def test_desk_and_phone_name_their_inputs_and_get_the_same_messages() -> None:
    """The desk's ``e_d1_ns_base`` and the phone's ``o1_ns_base`` are the same number; a
    typo gets the same message on both, naming the deal and the line (art. 19)."""
    assert desk_fields("e_").number("o", 1, "ns", "base") == "e_d1_ns_base"
    assert desk_fields("c_").number("c", 2, "ew", "points") == "c_c2_ew_points"
    assert PHONE.number("o", 1, "ns", "base") == "o1_ns_base"
    assert SheetFields("e_", "d").player(2, "7") == "e_s2_7"
    state = pairs_event()
    for fields in (PHONE, desk_fields("e_")):
        values = entry_values(
            SheetEntry((DealScore(LineDeal(100, 50), LineDeal(0, 30)),) * 2), fields
        )
        values[fields.number("o", 2, "ew", "points")] = "tanti"
        parsed = parse_sheet(state, 1, values, "it", fields)
        assert parsed.entry is None
        assert parsed.errors["o2_ew"].startswith("smazzata 2, linea E-O: punti «tanti»")
        assert parsed.problems[0][0] == fields.number("o", 2, "ew", "points")
        english = parse_sheet(state, 1, values, "en", fields)
        assert english.errors["o2_ew"].startswith("deal 2, E-W line: points «tanti»")
