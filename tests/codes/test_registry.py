"""The registry of codes (issue 30): one spec per code, read by every list of codes."""

from __future__ import annotations

import pytest

from arbitro.codes.catalogue import load_catalogue
from arbitro.codes.data import code_data
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import (
    CodeSpec,
    EventKind,
    built_in,
    code_spec,
    code_specs,
    codes_of,
    default_knockout,
    knockout_code,
    register,
    registered,
    unregister,
)
from arbitro.errors import ArbitroError
from arbitro.i18n import render, verbatim
from arbitro.tournament import rules
from arbitro.web.names import CODE_NAMES


def test_every_built_in_code_has_its_spec_with_its_data_and_catalogue() -> None:
    """Each built-in code's module holds its spec: its TOML (the seed's numbers) and its
    catalogue of articles exist, and the code's TOML names the same code."""
    assert [s.id for s in code_specs()] == list(built_in()) == [c.value for c in CodeId]
    for spec in code_specs():
        assert spec.data is not None and spec.data.is_file()
        assert spec.catalogue is not None and spec.catalogue.is_file()
        assert code_data(spec.data)["code"] == spec.id
        assert spec.game in {g.value for g in GameId} | {"bridge"}
        assert (spec.rules is not None) == (spec.events is EventKind.ROUNDS)


def test_the_kinds_of_event() -> None:
    """Burraco, Parole and Scala 40 run rounds; Briscola a knockout (seed 001 art. 7); Bridge
    Law 13 no event of its own (seed 003)."""
    assert codes_of(EventKind.ROUNDS) == ("burraco-fibas", "burraco-parole-uisp", "scala40")
    assert tuple(rules.CODES) == codes_of(EventKind.ROUNDS)
    assert "scala40" in rules.CODES and "briscola" not in rules.CODES
    assert codes_of(EventKind.KNOCKOUT) == ("briscola",)
    assert codes_of(EventKind.NONE) == ("bridge-law-13",)


def test_scala40s_complaints_window_is_data() -> None:
    """Scala 40 art. 24: the standings displayed for the players to check, 15 minutes
    (docs/rulings.md, Scala 40 22), read from ``scala40.toml``'s ``[complaints]``."""
    data = code_spec("scala40").data
    assert data is not None
    window = code_data(data)["complaints"]["window_minutes"]
    assert rules.rules_for("scala40").complaints_window_minutes == window == 15


def test_each_codes_bonuses_come_from_its_module() -> None:
    """FIBAS art. 15 (burraci 100/150/200, closing 100), Parole art. 5; Scala 40 has none."""
    fibas = rules.rules_for("burraco-fibas").bonuses
    assert fibas is not None and render(fibas, "en") == "burraco 100/150/200, closing 100"
    assert rules.rules_for("burraco-parole-uisp").bonuses is not None
    assert rules.rules_for("scala40").bonuses is None


def test_a_code_registered_is_in_every_list_and_gone_after() -> None:
    """A code registered at run time: a name of the records, in the lists of the desk and the
    catalogue's aliases; after the block, unknown again."""
    spec = CodeSpec(
        id="test-code",
        game="test-game",
        events=EventKind.ROUNDS,
        name=verbatim("Test"),
        short_name="Test",
        aliases=("prova",),
        rules=lambda: rules.rules_for("burraco-fibas"),
    )
    with registered(spec):
        assert CodeId("test-code") is CodeId("test-code")
        assert GameId("test-game").value == "test-game"
        assert "test-code" in rules.CODES
        assert list(CODE_NAMES)[-1] == "test-code"
        assert code_spec("test-code") is spec
        with pytest.raises(ValueError):
            register(spec)  # a code registered twice is refused
    with pytest.raises(ValueError):
        CodeId("test-code")
    with pytest.raises(ValueError):
        GameId("test-game")
    assert "test-code" not in CODE_NAMES


def test_the_catalogue_reads_the_registrys_aliases() -> None:
    """«fibas», «scala-40», «bridge» name their codes (the specs' aliases)."""
    catalogue = load_catalogue()
    assert catalogue.resolve_code("fibas") == "burraco-fibas"
    assert catalogue.resolve_code("Scala 40") == "scala40"
    assert catalogue.resolve_code("bridge") == "bridge-law-13"
    assert [c.code for c in catalogue.codes] == list(built_in())


def test_a_built_in_code_stays() -> None:
    """A built-in code cannot be taken back nor registered again."""
    with pytest.raises(ValueError):
        unregister("scala40")
    with pytest.raises(ValueError), registered(code_spec("scala40")):
        pass
    assert code_spec("scala40").events is EventKind.ROUNDS


def test_a_knockout_reads_its_numbers_from_the_code_it_plays() -> None:
    """A knockout's pages ask the registry for the numbers of the code the event plays (issue
    30: the knockout never names its game): Briscola's entry fee of € 4 (premessa), its 120
    points a game (art. 8) and its art. 10 irregularities; a code not played by knockout is
    refused."""
    code = knockout_code(default_knockout())
    assert default_knockout() in codes_of(EventKind.KNOCKOUT)
    assert (code.entry_fee_cents, code.total_points) == (400, 120)
    assert code.irregularities and code.irregularity(code.irregularities[0].key) is not None
    assert code.irregularity("no-such-kind") is None
    with pytest.raises(ArbitroError) as refused:
        knockout_code(codes_of(EventKind.ROUNDS)[0])
    assert "not played by knockout" in refused.value.en
