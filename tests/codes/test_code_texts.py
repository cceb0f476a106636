"""The codes speak from the message catalogue: the names of their tables and of the Briscola
irregularities render in Italian as the codes print them (the TOML's ``label``/``it``) and in
English; their errors cite the article as "<code> art. N"; each code names its id."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from arbitro.codes.briscola import briscola
from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.codes.burraco_parole import burraco_parole
from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.codes.scala40 import scala40
from arbitro.errors import ArbitroError


def test_vp_tables_are_named_in_both_languages_art_20() -> None:
    """FIBAS art. 20 and Parole art. 3: each table's Italian name is the code's label."""
    for code in (burraco_fibas(), burraco_parole()):
        for table in code.vp_tables.values():
            assert table.name.render("it") == table.label
    fibas = burraco_fibas().vp_tables
    assert [fibas[k].name.render("en") for k in ("deals_1", "deals_2", "teams")] == [
        "1 deal",
        "2 deals",
        "teams (1-4 deals)",
    ]


def test_difference_tables_are_named_in_both_languages_art_22() -> None:
    """Scala 40 art. 22: "Tabella per 3-4 smazzate", "Table for 3-4 deals"."""
    for table in scala40().difference_tables.values():
        assert table.name.render("it") == table.label
    assert scala40().difference_table(4).name.render("en") == "Table for 3-4 deals"


def test_briscola_irregularities_are_in_the_catalogue_art_10() -> None:
    """Briscola art. 10: every irregularity renders as the code's Italian and English text."""
    kinds = briscola().irregularities
    assert len(kinds) == 5
    for kind in kinds:
        assert kind.text.render("it") == kind.it
        assert kind.text.render("en") == kind.en


def test_each_code_names_its_id_and_cites_its_articles() -> None:
    """The loaders expose the code's id; Briscola cites the article of each of its numbers."""
    assert burraco_fibas().code_id is CodeId.BURRACO_FIBAS
    assert burraco_parole().code_id is CodeId.BURRACO_PAROLE
    assert scala40().code_id is CodeId.SCALA40
    assert briscola().code_id is CodeId.BRISCOLA
    assert briscola().cite("winning_points") == Citation(CodeId.BRISCOLA, "8")
    assert str(briscola().cite("match_wins")) == "Briscola art. 9"


@pytest.mark.parametrize(
    ("call", "it", "en"),
    [
        (
            lambda: burraco_parole().vp_table(deals=3, teams=True),
            "il codice Parole non ha una tabella VP per 3 smazzate a squadre (Parole UISP art. 3)",
            "the Parole code has no teams VP table for 3 deals (Parole UISP art. 3)",
        ),
        (
            lambda: burraco_parole().vp_table(deals=2),
            "il codice Parole non ha una tabella VP per 2 smazzate (Parole UISP art. 3)",
            "the Parole code has no VP table for 2 deals (Parole UISP art. 3)",
        ),
        (
            lambda: burraco_parole().with_letter_values({"1": 5}),
            "valore di carta non valido: 1=5 (Parole UISP art. 1.2)",
            "bad card value: 1=5 (Parole UISP art. 1.2)",
        ),
        (
            lambda: scala40().difference_table(5).vp(-1),
            "differenza negativa: -1 (Scala 40 art. 22)",
            "negative difference: -1 (Scala 40 art. 22)",
        ),
    ],
    ids=["parole-teams", "parole-deals", "parole-value", "scala40-negative"],
)
def test_code_errors_cite_the_code_and_article(
    call: Callable[[], object], it: str, en: str
) -> None:
    """A refused request names the code and the article it enforces, in both languages."""
    with pytest.raises(ArbitroError) as caught:
        call()
    assert (caught.value.message("it"), caught.value.message("en")) == (it, en)
