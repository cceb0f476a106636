"""Bridge Law 13 (a board with a wrong number of cards) behind the protocol of every code
(:mod:`arbitro.games.core.code_arbiter`): a board has no position, the situation is a form of
the facts — ``board``, ``game`` (bridge or burraco), ``hands``, ``pozzetti`` and what happened
(a call made, play completed, a card seen...) — and the ruling is the law's outcome
(:func:`arbitro.games.prepared_deals.law13_outcome`, 13A-13F). Where the outcome lets the
arbiter assign an arbitral score (13A "potrà", 13C, 13D, 13F), the situation's ``score_row``
is that score, the board's row in the event's sheet (FIBAS: N-S base and points, E-W base and
points), and ``deal`` the deal of the table's sheet it decides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from arbitro.cards import parse_cards
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.core.code_arbiter import (
    CodeRuling,
    Fact,
    FactKind,
    IrregularityKind,
    message_json,
)
from arbitro.games.prepared_deals import Board, Law13Outcome, check_board, law13_outcome
from arbitro.i18n import Message

FACTS: Final = (
    "call_made",
    "called",
    "play_completed",
    "cannot_correct",
    "card_seen",
    "significant",
    "foreign",
    "affected",
    "foreign_played",
)
"""The facts the law asks (the options of ``arbitro arbiter board``)."""

SCORE: Final = ("score_row", "deal")
"""The arbiter's arbitral score (the board's sheet row) and the deal it decides."""

WRONG_COUNT: Final = "wrong_count"


class Law13Arbiter:
    """Law 13's outcomes as a :class:`CodeArbiter`: one irregularity, a wrong count."""

    code: str = CodeId.BRIDGE_LAW_13

    def irregularities(self) -> tuple[IrregularityKind, ...]:
        """The one irregularity Law 13 rules on, with the board's fields and the facts."""
        return (
            IrregularityKind(
                WRONG_COUNT,
                cite(CodeId.BRIDGE_LAW_13, "wrong_number_of_cards"),
                Message("A board with a wrong number of cards"),
                ("board", "game", "hands", "pozzetti", *FACTS, *SCORE),
            ),
        )

    def rule(self, situation: Mapping[str, Any]) -> CodeRuling:
        """The law's outcome for the board counted and the facts given (13A-13F)."""
        hands = {str(k): parse_cards(str(v)) for k, v in dict(situation.get("hands", {})).items()}
        number = int(situation.get("board", 1))
        if situation.get("game", "bridge") == "burraco":
            pozzetti = [parse_cards(str(p)) for p in situation.get("pozzetti", [])]
            board = Board.burraco(number, hands, pozzetti)
        else:
            board = Board.bridge(number, hands)
        check = check_board(board)
        fact = {f: bool(situation.get(f)) for f in FACTS if f != "called"}
        if check.ok and not fact["foreign"] and not fact["foreign_played"]:
            raise ArbitroError(
                "board {board} holds the right number of cards",
                board=number,
                article=cite(CodeId.BRIDGE_LAW_13, "wrong_number_of_cards"),
            )
        ruling = law13_outcome(
            check,
            call_made=fact["call_made"],
            play_completed=fact["play_completed"],
            can_correct=not fact["cannot_correct"],
            card_seen=fact["card_seen"],
            information_significant=fact["significant"],
            excess_card_foreign=fact["foreign"],
            callers=[str(p).strip().upper() for p in situation.get("called") or ()],
            result_affected=fact["affected"],
            foreign_card_played=fact["foreign_played"],
        )
        counts = " ".join(f"{w.position} {w.count}/{w.expected}" for w in check.wrong)
        effects: list[dict[str, Any]] = [
            {"kind": "message", "text": message_json(ruling.outcome.label)}
        ]
        row = score_row(situation, ruling.outcome)
        if row is not None:
            effects.append({"kind": "arbitral-score", "points": {"row": list(row)}})
        return CodeRuling(
            self.code,
            WRONG_COUNT,
            ruling.outcome.citation,
            None,
            counts,
            "",
            tuple(effects),
            score_row=row,
        )

    def facts(self, kind: str) -> tuple[Fact, ...]:
        """The board's number and game, each hand's and pozzetto's cards as counted, then the
        facts the law asks (13A-13F), in the words of ``arbitro arbiter board``'s options."""
        hands = tuple(
            Fact(f"hand_{seat}", FactKind.CARDS, Message("{seat}'s cards", {"seat": seat}))
            for seat in SEATS
        )
        pozzetti = tuple(
            Fact(f"pozzetto_{i}", FactKind.CARDS, Message("Pozzetto {n}", {"n": i})) for i in (1, 2)
        )
        return (
            Fact("board", FactKind.NUMBER, Message("Board"), None, True, (), 1),
            Fact(
                "game",
                FactKind.CHOICE,
                Message("Game"),
                None,
                True,
                GAMES,
                GAMES[0],
                (Message("bridge"), Message("burraco")),
            ),
            *hands,
            *pozzetti,
            *(FACT_FIELDS[f] for f in FACTS),
            Fact(
                "score_row",
                FactKind.NUMBERS,
                Message("The arbitral score (13A, 13C, 13D2, 13F)"),
                Message("the deal's row as the table's sheet writes it, e.g. 0 -100 0 300"),
            ),
            Fact(
                "deal",
                FactKind.NUMBER,
                Message("The deal of the sheet it replaces"),
                Message("from 1; needed in a round of several deals"),
            ),
        )

    def situation(self, kind: str, facts: Mapping[str, Any]) -> dict[str, Any]:
        """The board's form as :meth:`rule` reads it: ``hands`` by seat, the ``pozzetti`` in
        order (a burraco board), the seats that called as a list."""
        out: dict[str, Any] = {"irregularity": kind}
        hands: dict[str, Any] = {}
        pozzetti: list[Any] = []
        for name, value in facts.items():
            if name.startswith("hand_"):
                hands[name.removeprefix("hand_")] = value or ""
            elif name.startswith("pozzetto_"):
                if value:
                    pozzetti.append(value)
            elif name == "called":
                out[name] = str(value or "").replace(",", " ").split()
            else:
                out[name] = value
        out["hands"] = hands
        if pozzetti:
            out["pozzetti"] = pozzetti
        return out


def score_row(situation: Mapping[str, Any], outcome: Law13Outcome) -> tuple[int, ...] | None:
    """The arbitral score the arbiter gives (``score_row``: whole numbers), refused where the
    law's outcome assigns none: the board is then played and scored at the table (13D1,
    13D2b, 13F's card removed)."""
    given = situation.get("score_row")
    if given is None:
        return None
    if not outcome.arbitral_score_possible:
        raise ArbitroError(
            "Law {paragraph} assigns no arbitral score: the board's result is the table's",
            paragraph=outcome.paragraph,
            article=outcome.citation,
        )
    if not isinstance(given, list | tuple) or not all(type(v) is int for v in given):
        raise ArbitroError("the arbitral score must be a list of whole numbers: {row}", row=given)
    return tuple(given)


ARBITER: Final = Law13Arbiter()
"""The Law 13 arbiter (``CodeSpec.arbiter``)."""

SEATS: Final = ("N", "E", "S", "W")
GAMES: Final = ("bridge", "burraco")
FACT_FIELDS: Final[Mapping[str, Fact]] = {
    "call_made": Fact(
        "call_made", FactKind.YES_NO, Message("A call already made with the wrong hand (13A/13B)")
    ),
    "called": Fact(
        "called",
        FactKind.TEXT,
        Message("The seats that made a call"),
        Message("only a call made with a wrong hand leads to 13A/13B, else 13D; e.g. N E"),
    ),
    "play_completed": Fact("play_completed", FactKind.YES_NO, Message("Play completed (13C)")),
    "cannot_correct": Fact(
        "cannot_correct", FactKind.YES_NO, Message("The arbiter cannot correct it (13B)")
    ),
    "card_seen": Fact(
        "card_seen", FactKind.YES_NO, Message("Another player's card was seen (13D2)")
    ),
    "significant": Fact("significant", FactKind.YES_NO, Message("Significant information (13D2b)")),
    "foreign": Fact("foreign", FactKind.YES_NO, Message("A card foreign to the deal (13F)")),
    "affected": Fact(
        "affected",
        FactKind.YES_NO,
        Message("Later judged: the information influenced the result (13D2a, result changed)"),
    ),
    "foreign_played": Fact(
        "foreign_played",
        FactKind.YES_NO,
        Message("The foreign card was played in a completed trick (13F, arbitral score)"),
    ),
}
"""How the desk asks each fact of :data:`FACTS` (issue 31): the CLI options' words."""
