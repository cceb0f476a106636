"""The facts the desk's ruling page asks, as each code's arbiter describes them (issue 31): every
irregularity of every code has its facts typed and worded in Italian and English, the fields
each remedy reads among them; the situation built from the typed facts is the one the arbiter
rules on (the same ruling as the JSON situations of tests.rulings.events, written from the
articles); a fact's text that does not fit its type is refused naming the field."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.rulings.events import (
    briscola_communication,
    law13_board,
    parole_wrong_word,
    scala40_late_meld,
)

from arbitro.codes.registry import code_specs
from arbitro.errors import ArbitroError
from arbitro.games.burraco.arbiter.deal import ArbiterDeal
from arbitro.games.core.code_arbiter import Fact, FactKind
from arbitro.i18n import Message
from arbitro.services.rulings import arbiter_of, rule_on

CODES = [str(s.id) for s in code_specs() if s.arbiter]


def _typed(facts: tuple[Fact, ...], texts: dict[str, str]) -> dict[str, Any]:
    """The facts' values read from their texts as the desk's form posts them."""
    out = {}
    for f in facts:
        value = f.read(texts.get(f.name, ""))
        if value is not None:
            out[f.name] = value
    return out


@pytest.mark.parametrize("code", CODES)
def test_every_irregularity_has_its_facts_typed_and_worded(code: str) -> None:
    """Each irregularity's facts: named once, labelled (and hinted) in both languages, a seat
    or a choice with its choices; the fields the irregularity lists are all asked."""
    arbiter = arbiter_of(code)
    for kind in arbiter.irregularities():
        facts = arbiter.facts(kind.kind)
        names = [f.name for f in facts]
        assert len(names) == len(set(names)), (code, kind.kind)
        assert set(kind.fields) <= set(names) | {"script", "hands", "pozzetti"}, kind.kind
        for f in facts:
            for lang in ("it", "en"):
                assert f.label.render(lang), (code, f.name)
                if f.hint is not None:
                    assert f.hint.render(lang)
            if f.kind in (FactKind.SEAT, FactKind.CHOICE, FactKind.POINTS):
                assert f.choices and len(f.choice_labels()) == len(f.choices), f.name


def test_scala40_art11_from_the_typed_facts() -> None:
    """Scala 40 art. 11: the meld's number typed as text is read as a number; the ruling is the
    one of the JSON situation (W's kings frozen)."""
    arbiter = arbiter_of("scala40")
    case = scala40_late_meld()
    kind = case["irregularity"]
    facts = _typed(
        arbiter.facts(kind), {"position": case["position"], "offender": "w", "meld": "0"}
    )
    assert facts["meld"] == 0 and facts["offender"] == "W"
    assert facts["initiative_taken"] is False  # a box left unticked is a "no"
    assert rule_on("scala40", arbiter.situation(kind, facts)) == rule_on("scala40", case)


def test_parole_briscola_and_law13_from_the_typed_facts() -> None:
    """Parole art. 10.2 (CNAE put right as CANE), Briscola art. 10 (communication), Law 13D1:
    the typed facts give the JSON situations' rulings."""
    parole = parole_wrong_word()
    arbiter = arbiter_of("burraco-parole-uisp")
    texts = {k: str(v) for k, v in parole.items()}  # no "target": left empty
    facts = _typed(arbiter.facts("wrong_word"), texts)
    assert facts["target"] == -1  # the opening, by default (not typed)
    ruled = rule_on("burraco-parole-uisp", arbiter.situation("wrong_word", facts))
    assert ruled == rule_on("burraco-parole-uisp", parole)
    briscola = briscola_communication()
    arbiter = arbiter_of("briscola")
    facts = _typed(arbiter.facts("communication"), {k: str(v) for k, v in briscola.items()})
    ruled = rule_on("briscola", arbiter.situation("communication", facts))
    assert ruled == rule_on("briscola", briscola)
    board = law13_board()
    arbiter = arbiter_of("bridge-law-13")
    texts = {"board": "4", "game": "bridge"} | {f"hand_{s}": c for s, c in board["hands"].items()}
    facts = _typed(arbiter.facts("wrong_count"), texts)
    ruled = rule_on("bridge-law-13", arbiter.situation("wrong_count", facts))
    assert ruled.article.article == "13D1" and ruled == rule_on("bridge-law-13", board)


def test_fibas_art22_the_rule_line_is_made_from_the_facts() -> None:
    """FIBAS art. 22: the irregularity and its words become the script's ``rule`` line after
    the actions typed; the ruling warns W twice."""
    arbiter = arbiter_of("burraco-fibas")
    position = str(ArbiterDeal.shuffled(random.Random(4)))
    texts = {
        "position": position,
        "actions": "rule played_before_ruling W\n\n",
        "offender": "W",
        "cards": "5H 7H",
        "seen": "on",
    }
    facts = _typed(arbiter.facts("played_before_ruling"), texts)
    situation = arbiter.situation("played_before_ruling", facts)
    assert situation["script"] == [
        "rule played_before_ruling W",
        "rule played_before_ruling W cards=5H,7H seen",
    ]
    ruling = rule_on("burraco-fibas", situation)
    assert [w.article for w in ruling.warnings] == ["22", "22"]


@pytest.mark.parametrize(
    ("fact", "text", "refused"),
    [
        (Fact("meld", FactKind.NUMBER, Message("The meld's number")), "due", "«due»"),
        (Fact("x", FactKind.SEAT, Message("Offender"), None, True, ("N", "E")), "S", "«S»"),
        (Fact("x", FactKind.SEAT, Message("Offender"), None, True, ("N", "E")), "", "Offender"),
        (
            Fact("p", FactKind.POINTS, Message("The arbiter's score"), None, False, ("N", "E")),
            "N10",
            "N=10",
        ),
        (Fact("m", FactKind.NUMBERS, Message("The runs' numbers")), "0 uno", "«uno»"),
    ],
)
def test_a_text_that_does_not_fit_its_type_is_refused(fact: Fact, text: str, refused: str) -> None:
    """A number that is not one, a seat not at the table, a required fact left empty, points
    not written per seat: refused, saying which and why (in English here)."""
    with pytest.raises(ArbitroError) as caught:
        fact.read(text)
    assert refused in caught.value.message("en")


def test_the_types_read() -> None:
    """Yes/no (unticked is no, even where the box starts ticked), whole numbers apart, points
    per seat, lines without the blank ones."""
    assert Fact("y", FactKind.YES_NO, Message("y")).read("on") is True
    assert Fact("y", FactKind.YES_NO, Message("y")).read("") is False
    drew = Fact("d", FactKind.YES_NO, Message("d"), None, False, (), True)
    assert drew.read("") is False  # ticked at first (Scala 40 art. 16 B), then unticked
    assert Fact("n", FactKind.NUMBERS, Message("n")).read("0, 2") == [0, 2]
    points = Fact("p", FactKind.POINTS, Message("p"), None, False, ("N", "E", "S", "W"))
    assert points.read("n=0 E=25") == {"N": 0, "E": 25}
    assert Fact("l", FactKind.LINES, Message("l")).read("E draw\n\n E discard KS ") == [
        "E draw",
        "E discard KS",
    ]
    assert Fact("t", FactKind.TEXT, Message("t")).read("   ") is None
