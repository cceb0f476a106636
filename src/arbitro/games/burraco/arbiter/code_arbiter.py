"""The FIBAS arbiter behind the protocol of every code (:mod:`arbitro.games.core.code_arbiter`):
the situation is a deal in arbiter mode — a ``position`` (docs/notation-burraco.md), a
``layout`` or a ``seed`` — and its ``script`` of actions and rulings
(:mod:`arbitro.games.burraco.arbiter.script`); the ruling is the script's last, with every
warning the deal gave (art. 22) and, once the deal is over, its sheet row (art. 19)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.burraco.arbiter.deal import ArbiterDeal
from arbitro.games.burraco.arbiter.irregularities import Irregularity
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.script import deal_from_layout, run_script
from arbitro.games.core.code_arbiter import (
    CodeRuling,
    Fact,
    FactKind,
    IrregularityKind,
    RulingWarning,
    message_json,
)
from arbitro.games.core.seats import Line
from arbitro.i18n import Message


def _deal(situation: Mapping[str, Any]) -> ArbiterDeal:
    if "position" in situation:
        return ArbiterDeal.from_position(str(situation["position"]))
    if "layout" in situation:
        return deal_from_layout(situation["layout"])
    return ArbiterDeal.shuffled(random.Random(int(situation.get("seed", 0))))


class FibasArbiter:
    """FIBAS Section C's remedies (arts. 22-35) as a :class:`CodeArbiter`."""

    code: str = CodeId.BURRACO_FIBAS

    def irregularities(self) -> tuple[IrregularityKind, ...]:
        """The irregularities of Section C the engine remedies, each with its article."""
        return tuple(
            IrregularityKind(i.value, i.citation, i.label, ("script",)) for i in Irregularity
        )

    def rule(self, situation: Mapping[str, Any]) -> CodeRuling:
        """The script's last ruling on the deal, its warnings and, once over, its sheet row."""
        deal = _deal(situation)
        before = str(deal)
        run_script(deal, situation.get("script", []))
        rulings: list[Ruling] = deal.rulings
        if not rulings:
            raise ArbitroError("the script holds no ruling")
        last = rulings[-1]
        # A ruling's text that says its seat is warned names it (``warned``): the warning
        # effect below is then already said (the terminal prints it once).
        effects: list[dict[str, Any]] = [
            {
                "kind": "message",
                "text": message_json(r.text),
                **({"warned": [s.value for s in r.warned]} if r.warned else {}),
            }
            for r in rulings
        ]
        effects += [
            {"kind": "warning", "seat": w.seat.value, "article": w.article} for w in deal.warnings
        ]
        if deal.next_to_act is not None:
            effects.append({"kind": "next", "seat": deal.next_to_act.value})
        row = sheet_row(deal) if deal.is_over else None
        return CodeRuling(
            self.code,
            last.irregularity.value,
            last.citation,
            last.offender.value if last.offender else None,
            before,
            str(deal),
            tuple(effects),
            tuple(RulingWarning(w.seat.value, w.article, w.reason) for w in deal.warnings),
            row,
        )

    def facts(self, kind: str) -> tuple[Fact, ...]:
        """The position (docs/notation-burraco.md), what happened since, one action a line
        (the script's notation), the offender, then the ruling's words (``found``, ``meld``,
        ``cards``, ``healing``, ``seen``, ``table_acted``: the script's ``rule`` line)."""
        return FACTS

    def situation(self, kind: str, facts: Mapping[str, Any]) -> dict[str, Any]:
        """The position and the script: the actions, then the ``rule`` line of ``kind`` with
        the offender and the words given (cards joined by commas)."""
        words = ["rule", kind]
        if facts.get("offender"):
            words.append(str(facts["offender"]))
        for name in ("found", "meld", "cards", "healing"):
            value = facts.get(name)
            if value is not None and value != "":
                words.append(f"{name}={','.join(str(value).split())}")
        words += [flag for flag in ("seen", "table_acted") if facts.get(flag)]
        out: dict[str, Any] = {"position": facts.get("position")}
        out["script"] = [*(facts.get("actions") or ()), " ".join(words)]
        return out


def sheet_row(deal: ArbiterDeal) -> tuple[int, int, int, int]:
    """The deal's row of the sheet (art. 19: N-S base and points, E-W base and points); a
    line's arbitral score (art. 34: "punteggio arbitrale") replaces its total, written as its
    points with no base."""
    scores, totals = deal.scores(), deal.totals()
    out: list[int] = []
    for line in (Line.NS, Line.EW):
        s = scores[line]
        out += [s.base, s.points] if totals[line] == s.total else [0, totals[line]]
    return out[0], out[1], out[2], out[3]


ARBITER: Final = FibasArbiter()
"""The FIBAS arbiter (``CodeSpec.arbiter``)."""

FACTS: Final = (
    Fact(
        "position",
        FactKind.POSITION,
        Message("The position"),
        Message("One line, as docs/notation-burraco.md writes it: dealer N | turn E | …"),
        True,
        check=ArbiterDeal.from_position,
    ),
    Fact(
        "actions",
        FactKind.LINES,
        Message("What happened since, one action a line"),
        Message("e.g. E draw / E meld 5H 6H 7H / E discard KS"),
    ),
    Fact("offender", FactKind.SEAT, Message("Offender"), None, False, ("N", "E", "S", "W")),
    Fact(
        "found",
        FactKind.CHOICE,
        Message("Found"),
        Message("at once, after the discard, later (art. 25.2)"),
        False,
        ("at_once", "after_discard", "later"),
        None,
        (Message("at once"), Message("after the discard"), Message("later")),
    ),
    Fact(
        "meld", FactKind.NUMBER, Message("The meld's number"), Message("from 0, in the order laid")
    ),
    Fact("cards", FactKind.CARDS, Message("The cards"), Message("e.g. 7H 8H JK")),
    Fact("healing", FactKind.CARDS, Message("The cards that heal it"), Message("e.g. 5H 7H")),
    Fact("seen", FactKind.YES_NO, Message("The cards were seen")),
    Fact(
        "table_acted",
        FactKind.YES_NO,
        Message("The table acted before calling the arbiter"),
    ),
)
"""The facts of every FIBAS ruling at the desk (issue 31), typed."""
