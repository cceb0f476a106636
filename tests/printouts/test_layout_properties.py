"""Invariants of the printouts' layout, for any names: text drawn in a box never runs out of
it (names are shrunk, then cut with an ellipsis), and the seating by name (art. 4) lists
every competitor once, alphabetically, with the table and line where it sits."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.printouts.pdfcheck import in_memory_event

from arbitro.printouts.names import sort_key
from arbitro.printouts.seating import seating_rows
from arbitro.printouts.style import clip, fit_size, text_width

LATIN = st.text(
    alphabet=st.characters(whitelist_categories=("Lu", "Ll", "Zs", "Nd"), max_codepoint=0x17F),
    min_size=1,
    max_size=80,
).filter(lambda s: s.strip() != "")


@settings(max_examples=60, deadline=None)
@given(text=LATIN, width=st.floats(30, 500), size=st.floats(6, 60))
def test_fitted_text_never_runs_out_of_its_box(text: str, width: float, size: float) -> None:
    """A name on a card or sheet is shrunk (not below 6 pt), then cut, to fit its box."""
    used = fit_size(text, width, size)
    assert 6 <= used <= size
    shown = clip(text, width, used)
    assert text_width(shown, used) <= width + 1e-6
    assert shown == text or shown.endswith("…")


@settings(max_examples=25, deadline=None)
@given(
    names=st.lists(
        LATIN.map(str.strip).filter(bool),
        min_size=2,
        max_size=12,
        unique_by=lambda n: n.casefold(),
    )
)
def test_seating_by_name_lists_everyone_once_alphabetically_art_4(names: list[str]) -> None:
    """Art. 4: every seated competitor once, in alphabetical order (case and accents
    ignored), with the table and the line (N-S / E-O) of the seating."""
    state = in_memory_event(names)
    rows = seating_rows(state, 1, "it")
    assert sorted(r[1] for r in rows) == sorted(state.competitors)
    keys = [sort_key(r[0]) for r in rows]
    assert keys == sorted(keys)
    seating = state.round(1).seating
    assert seating is not None
    for _, number, table, line, resting in rows:
        seat = seating.tables[table - 1]
        assert number in ((seat.ns or ()) if line == "N-S" else (seat.ew or ()))
        assert resting == seat.is_incomplete
