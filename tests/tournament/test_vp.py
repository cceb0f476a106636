"""MP→VP conversion by the FIBAS tables (art. 19 "Attribuzione del punteggio in V.P.",
art. 20 range tables and the "carte uguali" note)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.codes.burraco_parole import burraco_parole
from arbitro.errors import ArbitroError
from arbitro.tournament.scoring.vp import vp_for_difference, vp_pair

# shared/ sits beside the checkout (for developers and in CI) or beside a folder of worktrees:
# the nearest one up from here.
SEED = next(
    folder / "shared" / "seeds" / "000_bf77f547087dbcea.txt"
    for folder in Path(__file__).resolve().parents
    if (folder / "shared" / "seeds").is_dir()
)


def test_art20_two_deals_130_is_12_8() -> None:
    """The issue's example: 2 deals, a difference of 130 MP → 12-8 (art. 20 "2 smazzate")."""
    assert vp_for_difference(130, burraco_fibas().vp_table(deals=2)) == (12, 8)


@pytest.mark.parametrize(
    ("deals", "diff", "expected"),
    [
        (1, 0, (10, 10)),
        (1, 30, (10, 10)),
        (1, 35, (11, 9)),
        (1, 500, (19, 1)),
        (1, 505, (20, 0)),
        (2, 40, (10, 10)),
        (2, 45, (11, 9)),
        (2, 1000, (19, 1)),
        (2, 1005, (20, 0)),
        (3, 50, (10, 10)),
        (3, 55, (11, 9)),
        (3, 1500, (19, 1)),
        (3, 1505, (20, 0)),
        (4, 100, (10, 10)),
        (4, 105, (11, 9)),
        (4, 2000, (19, 1)),
        (4, 2005, (20, 0)),
    ],
)
def test_art20_band_edges(deals: int, diff: int, expected: tuple[int, int]) -> None:
    """Each band's first and last difference, and "oltre" (art. 20)."""
    assert vp_for_difference(diff, burraco_fibas().vp_table(deals=deals)) == expected


def test_art20_teams_table() -> None:
    """The teams table (1-4 deals, art. 19 sample sheets and art. 20)."""
    table = burraco_fibas().vp_table(deals=2, teams=True)
    assert vp_for_difference(150, table) == (10, 10)
    assert vp_for_difference(555, table) == (13, 7)
    assert vp_for_difference(2505, table) == (20, 0)


def test_art20_teams_have_no_continuous_scale() -> None:
    """Art. 20: "Nei tornei a squadre, mancando decimali valgono le scale qui indicate": the
    conversion itself refuses the continuous scale on the teams table, in both languages."""
    table = burraco_fibas().vp_table(deals=2, teams=True)
    for diff in (Decimal(130), Decimal("150.5"), 555):
        with pytest.raises(ArbitroError) as err:
            vp_for_difference(diff, table, duplicate=True)
        assert "individuali e coppie (FIBAS art. 20)" in err.value.it
        assert "individual and pairs events (FIBAS art. 20)" in err.value.en
    assert vp_pair(700, 145, table) == (13, 7)  # the printed teams scale stays


def test_art20_difference_between_bands_is_refused() -> None:
    """Printed scales go in steps of 5 MP: 42 falls in no band (art. 20)."""
    with pytest.raises(ArbitroError) as err:
        vp_for_difference(42, burraco_fibas().vp_table(deals=2))
    assert "multipli di 5" in err.value.it and "multiples of 5" in err.value.en


def test_art20_carte_uguali_continuous_scale() -> None:
    """Duplicate events: a band starts at the previous end + 0.001 (art. 20 note)."""
    table = burraco_fibas().vp_table(deals=1)
    assert vp_for_difference(Decimal(30), table, duplicate=True) == (10, 10)
    assert vp_for_difference(Decimal("30.001"), table, duplicate=True) == (11, 9)
    assert vp_for_difference(Decimal("32.5"), table, duplicate=True) == (11, 9)
    assert vp_for_difference(Decimal("500.5"), table, duplicate=True) == (20, 0)


def test_vp_pair_gives_the_higher_total_the_winner_vp() -> None:
    """Art. 19 b: the difference of the totals decides; the loser gets the complement."""
    table = burraco_fibas().vp_table(deals=2)
    assert vp_pair(400, 530, table) == (8, 12)
    assert vp_pair(530, 400, table) == (12, 8)


@given(st.sampled_from([1, 2, 3, 4]), st.integers(0, 1000).map(lambda n: n * 5), st.booleans())
def test_vp_always_sum_to_20_and_grow_with_the_difference(
    deals: int, diff: int, teams: bool
) -> None:
    """Every table gives VP adding up to 20, never less to a larger difference (art. 20)."""
    table = burraco_fibas().vp_table(deals=deals, teams=teams)
    w, lose = vp_for_difference(diff, table)
    assert w + lose == 20 and w >= lose
    w2, _ = vp_for_difference(diff + 5, table)
    assert w2 >= w


def _seed_tables() -> dict[str, list[tuple[int, int, int, int]]]:
    text = SEED.read_text("utf-8")
    section = text[text.index("RANGE DI RIFERIMENTO PRESENTE SUGLI SCORE") :]
    section = section[: section.index('Carte "smazzate al tavolo"')]
    tables: dict[str, list[tuple[int, int, int, int]]] = {}
    current = ""
    for line in section.splitlines():
        head = re.match(r"^(\d) SMAZZAT[AE]|^1-4 SMAZZ", line.strip())
        if head:
            current = f"deals_{head.group(1)}" if head.group(1) else "teams"
            tables[current] = []
            continue
        row = re.match(r"^(\d+)\t(\d+)\t(\d+)\t(\d+)$", line.strip())
        if row and current:
            a, b, c, d = (int(x) for x in row.groups())
            tables[current].append((a, b, c, d))
    return tables


def test_codes_data_match_the_seed_tables() -> None:
    """The five tables in codes/burraco_fibas.toml are those printed in the code (art. 20)."""
    printed = _seed_tables()
    assert set(printed) == {"deals_1", "deals_2", "deals_3", "deals_4", "teams"}
    code = burraco_fibas()
    for key, rows in printed.items():
        data = [(b.low, b.high, b.winner, b.loser) for b in code.vp_tables[key].bands]
        assert data == rows, key
        assert code.vp_tables[key].beyond == (20, 0)


def test_a_refusal_cites_the_code_whose_table_it_is() -> None:
    """A difference between two printed bands is refused citing the table's own code: Parole
    UISP art. 5 for a Parole table (its bands 0-40 and 45-120, art. 3), FIBAS art. 20 for a
    FIBAS one; shared scoring names no code (issue 30)."""
    with pytest.raises(ArbitroError) as parole:
        vp_for_difference(42, burraco_parole().vp_table(deals=3))
    assert str(parole.value.article) == "Parole UISP art. 5"
    with pytest.raises(ArbitroError) as fibas:
        vp_for_difference(42, burraco_fibas().vp_table(deals=2))
    assert str(fibas.value.article) == "FIBAS art. 20"
