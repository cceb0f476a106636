"""Prepared deals (*carte preparate*): boards, the card-count check before play, and the
outcomes of Bridge Law 13 ("Numero errato di carte") recorded against a board.

Law 13 is the model for every prepared-deal event (FIBAS art. 7 mentions one-deal rounds "a
carte preparate"): before play each hand of a board is counted (:func:`check_board`); when a
hand has a wrong number of cards the arbiter's outcome follows the law's paragraphs
(:func:`law13_outcome`): play on (13A, only for a call made *with* the wrong hand), arbitral
score (13B, 13C with a short hand beside the long one, 13D2b), correct and play (13D1), play
and record the result, changed later if the information influenced it (13D2a), the arbiter's
correction as unauthorized information for the partners (13E), excess card removed, with a
possible arbitral score if it was played in a completed trick (13F). :func:`correct_board`
restores a board from its reference deal. Pure: no I/O. The paragraphs come from the
``[articles]`` table of ``codes/bridge_law_13.toml``; the texts from the message catalogue.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Final, Protocol

from arbitro.cards import Card, format_cards
from arbitro.cards.card import Suit
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, message

if TYPE_CHECKING:
    from arbitro.games.core import Seat

BRIDGE_HAND_CARDS: Final = 13
"""Cards in a bridge hand (Law 13 C: "più di tredici carte")."""
BRIDGE_POSITIONS: Final = ("N", "E", "S", "W")
BURRACO_POSITIONS: Final = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class Board:
    """A prepared board: the cards of each pocket (*tasca*) and how many each must hold.

    ``hands`` maps a position (``N``, ``E``, ``S``, ``W``, or ``P1``/``P2`` for Burraco
    pozzetti) to its cards; ``expected`` maps each position to its card count.
    """

    number: int
    hands: Mapping[str, tuple[Card, ...]]
    expected: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """A board given no counts is a bridge board: 13 cards in each of N E S W (Law 13 C)."""
        if not self.expected:
            object.__setattr__(self, "expected", dict.fromkeys(BRIDGE_POSITIONS, BRIDGE_HAND_CARDS))

    @classmethod
    def bridge(cls, number: int, hands: Mapping[str, Sequence[Card]]) -> Board:
        """A bridge board: four hands of 13 cards (Law 13)."""
        return cls(
            number,
            {p: tuple(hands.get(p, ())) for p in BRIDGE_POSITIONS},
            dict.fromkeys(BRIDGE_POSITIONS, BRIDGE_HAND_CARDS),
        )

    @classmethod
    def burraco(
        cls,
        number: int,
        hands: Mapping[str, Sequence[Card]],
        pozzetti: Sequence[Sequence[Card]] = (),
        code: BurracoFibasCode | None = None,
    ) -> Board:
        """A Burraco prepared deal: four hands of 11 and two pozzetti of 11 (FIBAS art. 6)."""
        c = code or burraco_fibas()
        pockets = {p: tuple(hands.get(p, ())) for p in BURRACO_POSITIONS}
        expected = dict.fromkeys(BURRACO_POSITIONS, c.cards_per_player)
        for k in range(c.pozzetti):
            pockets[f"P{k + 1}"] = tuple(pozzetti[k]) if k < len(pozzetti) else ()
            expected[f"P{k + 1}"] = c.pozzetto_cards
        return cls(number, pockets, expected)


class PreparedBoard(Protocol):
    """One prepared board of a game, as a carte uguali event, the desk and the printouts read
    it (FIBAS art. 6 lays out Burraco's): its number and dealer, each seat's hand, the
    pozzetti, the up-card and the stock (top first)."""

    @property
    def number(self) -> int:
        """The board's number, from 1."""
        ...

    @property
    def dealer(self) -> Seat:
        """The seat that deals it."""
        ...

    @property
    def hands(self) -> Mapping[Seat, tuple[Card, ...]]:
        """Each seat's cards, in the order received."""
        ...

    @property
    def pozzetti(self) -> tuple[tuple[Card, ...], ...]:
        """The packets set aside (Burraco's pozzetti), the first taken first."""
        ...

    @property
    def up_card(self) -> Card:
        """The stock's first card, turned to start the discard pile."""
        ...

    @property
    def stock(self) -> tuple[Card, ...]:
        """The rest of the stock, top first."""
        ...

    def deck(self) -> tuple[Card, ...]:
        """The whole deck, top first, that the game's deal lays out as this board."""
        ...

    def cards(self) -> tuple[Card, ...]:
        """Every card of the board."""
        ...

    def law13_board(self) -> Board:
        """Its pockets with their expected counts, for the count before play (Law 13)."""
        ...


class BoardMaker(Protocol):
    """A game's prepared boards for carte uguali events (FIBAS art. 6, 7, 20), named by its
    code's spec (``CodeSpec.boards``: the module's ``BOARDS``): shared code deals, counts and
    checks boards through it and never asks which game it is (issue 30)."""

    def round_boards(self, seed: int, round_number: int, boards: int) -> tuple[PreparedBoard, ...]:
        """The ``boards`` boards of round ``round_number`` from the event's ``seed``."""
        ...

    def expected(self) -> dict[str, int]:
        """How many cards each pocket of a board holds."""
        ...

    def entry_problems(
        self, board: PreparedBoard, ns_base: int, ns_points: int, ew_base: int, ew_points: int
    ) -> list[Message]:
        """What ``board``'s deal makes impossible in the lines' entered scores."""
        ...

    def card_key(self, card: Card) -> tuple[int, int]:
        """Where ``card`` goes in the order a dealing sheet writes a hand (FIBAS art. 3):
        its suit's place (-1 for a jolly, before every suit) and its rank's place."""
        ...

    def rank_text(self, card: Card) -> str:
        """The card's rank as a hand's row writes it (``2``, ``A``, ``K`` ..., art. 3)."""
        ...

    def suits(self) -> tuple[Suit, ...]:
        """The suits in the order of a hand's rows (art. 3: hearts, diamonds, clubs, spades)."""
        ...


@dataclass(frozen=True, slots=True)
class HandCount:
    """One pocket with a wrong number of cards: where, how many it has, how many it should."""

    position: str
    count: int
    expected: int

    @property
    def difference(self) -> int:
        """Cards too many (positive) or too few (negative)."""
        return self.count - self.expected


@dataclass(frozen=True, slots=True)
class BoardCheck:
    """The count of a board before play (Law 13): the pockets that are wrong, if any."""

    board: int
    wrong: tuple[HandCount, ...]

    @property
    def ok(self) -> bool:
        """True when every pocket holds the right number of cards."""
        return not self.wrong

    @property
    def over(self) -> tuple[HandCount, ...]:
        """Pockets with too many cards (Law 13 C: "più di tredici carte")."""
        return tuple(w for w in self.wrong if w.difference > 0)

    @property
    def short(self) -> tuple[HandCount, ...]:
        """Pockets with too few cards."""
        return tuple(w for w in self.wrong if w.difference < 0)


def check_board(board: Board) -> BoardCheck:
    """Count every pocket of ``board`` before play (Law 13): the ones with a wrong count."""
    wrong = tuple(
        HandCount(p, len(board.hands.get(p, ())), n)
        for p, n in board.expected.items()
        if len(board.hands.get(p, ())) != n
    )
    return BoardCheck(board.number, wrong)


class Law13Outcome(Enum):
    """The outcomes of Law 13, each with the paragraph that prescribes it."""

    PLAY_ON = "play_on"
    ARBITRAL_SCORE = "arbitral_score"
    RESULT_CANCELLED = "result_cancelled"
    CORRECT_AND_PLAY = "correct_and_play"
    PLAY_AND_RECORD = "play_and_record"
    RESULT_ADJUSTED = "result_adjusted"
    ARTIFICIAL_SCORE = "artificial_score"
    EXCESS_CARD_REMOVED = "excess_card_removed"
    EXCESS_CARD_PLAYED = "excess_card_played"

    @property
    def citation(self) -> Citation:
        """The paragraph of Law 13 that prescribes the outcome (``Bridge art. 13D1``)."""
        return cite(CodeId.BRIDGE_LAW_13, self.value)

    @property
    def paragraph(self) -> str:
        """The paragraph of Law 13 (``13A`` ... ``13F``)."""
        return self.citation.article

    @property
    def label(self) -> Message:
        """What the law says the arbiter does (rendered at the edge)."""
        return _LABELS[self]

    @property
    def arbitral_score(self) -> bool:
        """True when the outcome assigns (or cancels for) an arbitral score, or changes the
        result (13D2a's later correction); 13A and 13F's played card leave it to the arbiter
        (:attr:`arbitral_score_possible`)."""
        return self in (
            Law13Outcome.ARBITRAL_SCORE,
            Law13Outcome.RESULT_CANCELLED,
            Law13Outcome.RESULT_ADJUSTED,
            Law13Outcome.ARTIFICIAL_SCORE,
        )

    @property
    def arbitral_score_possible(self) -> bool:
        """True when the law lets the arbiter assign an arbitral score: "potrà" (13A), "potrebbe
        essere assegnato" (13F, a foreign card played in a completed trick), or must (above)."""
        return self.arbitral_score or self in (
            Law13Outcome.PLAY_ON,
            Law13Outcome.EXCESS_CARD_PLAYED,
        )

    @property
    def play_continues(self) -> bool:
        """True when the board is played on after the arbiter placed or moved a card: the
        outcomes after which 13E's unauthorized information applies."""
        return self in (
            Law13Outcome.PLAY_ON,
            Law13Outcome.CORRECT_AND_PLAY,
            Law13Outcome.PLAY_AND_RECORD,
        )


_LABELS: Final = {
    Law13Outcome.PLAY_ON: message(
        "the deal is corrected and played with no change of call; "
        "the arbiter may then assign an arbitral score"
    ),
    Law13Outcome.ARBITRAL_SCORE: message("arbitral score, and a possible penalty to an offender"),
    Law13Outcome.RESULT_CANCELLED: message(
        "the result is cancelled and an arbitral score assigned"
    ),
    Law13Outcome.CORRECT_AND_PLAY: message(
        "the arbiter corrects the discrepancy and the board is played normally"
    ),
    Law13Outcome.PLAY_AND_RECORD: message("the board is played and its result recorded"),
    Law13Outcome.RESULT_ADJUSTED: message(
        "the information influenced the result: the arbiter changes it and may penalize an offender"
    ),
    Law13Outcome.ARTIFICIAL_SCORE: message("artificial arbitral score"),
    Law13Outcome.EXCESS_CARD_REMOVED: message("the excess card is removed; play goes on"),
    Law13Outcome.EXCESS_CARD_PLAYED: message(
        "the excess card is removed; it was played in a completed trick: "
        "the arbiter may assign an arbitral score"
    ),
}

PARTNERS: Final = {"N": "S", "S": "N", "E": "W", "W": "E"}
"""Each bridge position's partner (13E: the partner of the hand with a wrong count)."""


@dataclass(frozen=True, slots=True)
class Law13Ruling:
    """An outcome of Law 13 for a board, as the event records it against the board.

    ``callers`` are the wrong hands whose player made a call (13A, 13B: the possible
    offenders); ``unauthorized_for`` the partners of the wrong hands for whom the arbiter's
    placing or moving a card is unauthorized information when play goes on (13E).
    """

    board: int
    outcome: Law13Outcome
    check: BoardCheck
    note: str = ""
    callers: tuple[str, ...] = ()
    unauthorized_for: tuple[str, ...] = ()

    @property
    def paragraph(self) -> str:
        """The paragraph applied (``13A`` ... ``13F``)."""
        return self.outcome.paragraph

    @property
    def unauthorized_information(self) -> Citation | None:
        """13E when the ruling makes the correction unauthorized information, else None."""
        return cite(CodeId.BRIDGE_LAW_13, "card_placement") if self.unauthorized_for else None

    def as_payload(self) -> dict[str, object]:
        """The ruling as JSON-ready data for an event record (``board_ruling``)."""
        ui = self.unauthorized_information
        return {
            "board": self.board,
            "law": law13_citation().article,
            "paragraph": self.paragraph,
            "outcome": self.outcome.value,
            "counts": {w.position: w.count for w in self.check.wrong},
            "expected": {w.position: w.expected for w in self.check.wrong},
            "note": self.note,
            "callers": list(self.callers),
            "arbitral_score_possible": self.outcome.arbitral_score_possible,
            "unauthorized_information": (
                {"paragraph": ui.article, "partners": list(self.unauthorized_for)} if ui else None
            ),
        }


def law13_outcome(
    check: BoardCheck,
    *,
    call_made: bool = False,
    play_completed: bool = False,
    can_correct: bool = True,
    card_seen: bool = False,
    information_significant: bool = False,
    excess_card_foreign: bool = False,
    note: str = "",
    callers: Collection[str] = (),
    result_affected: bool = False,
    foreign_card_played: bool = False,
) -> Law13Ruling:
    """The outcome Law 13 prescribes for a board found with a wrong number of cards.

    ``call_made`` says the player of a wrong hand made a call; ``callers`` names the positions
    that made a call, of either side: only a call made *with a wrong hand* counts (13A "un
    giocatore con una mano non corretta abbia fatto una chiamata"; 13D "nessuna chiamata è stata
    effettuata con quella mano"), so calls by the other hands leave the board under 13D.

    - a card not belonging to the deal is removed and play continues (13F); a hand with too
      many cards and no hand short is such a card (13C "ma vedi ... paragrafo F"); found played
      in a completed trick, the arbiter may assign an arbitral score (13F);
    - play completed with a hand that held more cards than due and one that held fewer:
      result cancelled, arbitral score (13C); any other wrong count found after play: 13B;
    - a call made with a wrong hand: play on if the arbiter can correct the deal (13A), else
      arbitral score (13B);
    - no call made with it: correct and play normally if nobody saw another hand's cards
      (13D1); if a card was seen, play and record (13D2a) unless the information is
      significant enough to interfere, then an artificial arbitral score (13D2b); a result
      recorded under 13D2a that the information is later judged to have influenced is
      changed (13D2a, ``result_affected``).

    When play goes on after the arbiter's correction (13A, 13D1, 13D2a), the ruling names the
    partners of the wrong hands: the correction is unauthorized information for them (13E).

    A board whose counts are right needs no ruling: :class:`ArbitroError`.
    """
    foreign = excess_card_foreign or foreign_card_played or bool(check.over and not check.short)
    if check.ok and not foreign:
        raise ArbitroError(
            "board {board} has the right number of cards",
            board=check.board,
            article=law13_citation(),
            key="law13.board_ok",
        )
    wrong = [w.position for w in check.wrong]
    called = tuple(p for p in wrong if p in set(callers))
    if foreign:
        outcome = (
            Law13Outcome.EXCESS_CARD_PLAYED
            if foreign_card_played
            else Law13Outcome.EXCESS_CARD_REMOVED
        )
    elif play_completed:
        outcome = Law13Outcome.RESULT_CANCELLED if check.over else Law13Outcome.ARBITRAL_SCORE
    elif call_made or called:
        outcome = Law13Outcome.PLAY_ON if can_correct else Law13Outcome.ARBITRAL_SCORE
    elif not card_seen:
        outcome = Law13Outcome.CORRECT_AND_PLAY
    elif information_significant:
        outcome = Law13Outcome.ARTIFICIAL_SCORE
    elif result_affected:
        outcome = Law13Outcome.RESULT_ADJUSTED
    else:
        outcome = Law13Outcome.PLAY_AND_RECORD
    partners: tuple[str, ...] = ()
    if outcome.play_continues:
        partners = tuple(dict.fromkeys(PARTNERS[p] for p in wrong if p in PARTNERS))
    return Law13Ruling(check.board, outcome, check, note, called, partners)


@dataclass(frozen=True, slots=True)
class CardMove:
    """One card the arbiter moves to correct a board: from one pocket to another."""

    card: Card
    source: str
    target: str


def correct_board(board: Board, reference: Board) -> tuple[Board, tuple[CardMove, ...]]:
    """Restore ``board`` to its ``reference`` deal (Law 13 D1): the corrected board and moves.

    Every card too many in a pocket goes to a pocket that lacks it; a card missing from the
    board altogether has source ``"?"`` and one belonging to no pocket of the deal has target
    ``"-"`` (removed, Law 13 F).
    """
    if board.number != reference.number:
        raise ArbitroError(
            "board {board} does not match reference {reference}",
            board=board.number,
            reference=reference.number,
            article=law13_citation(),
            key="law13.wrong_reference",
        )
    extra: list[tuple[Card, str]] = []
    lacking: list[tuple[Card, str]] = []
    for p in reference.hands.keys() | board.hands.keys():
        have = Counter(board.hands.get(p, ()))
        want = Counter(reference.hands.get(p, ()))
        extra += [(x, p) for x in sorted((have - want).elements())]
        lacking += [(x, p) for x in sorted((want - have).elements())]
    moves: list[CardMove] = []
    pool = list(extra)
    for x, target in lacking:
        found = next((i for i, (y, _) in enumerate(pool) if y == x), None)
        if found is None:
            moves.append(CardMove(x, "?", target))
        else:
            moves.append(CardMove(x, pool.pop(found)[1], target))
    moves += [CardMove(x, source, "-") for x, source in pool]
    return Board(reference.number, dict(reference.hands), dict(reference.expected)), tuple(moves)


def describe_check(check: BoardCheck) -> Message:
    """The count check before play (Law 13) in words, e.g. ``board 1: N 14/13``."""
    if check.ok:
        return message("board {board}: count correct", board=check.board)
    parts = ", ".join(f"{w.position} {w.count}/{w.expected}" for w in check.wrong)
    return message("board {board}: {counts}", board=check.board, counts=parts)


def law13_citation() -> Citation:
    """Law 13 as a whole ("Numero errato di carte"): what a prepared deal with a wrong number
    of cards cites where the event's code has no rule of its own (the model of every
    prepared-deal event)."""
    return cite(CodeId.BRIDGE_LAW_13, "wrong_number_of_cards")


def pocket_cards(board: Board, position: str) -> str:
    """The cards of one pocket in the card notation."""
    return format_cards(board.hands.get(position, ()))
