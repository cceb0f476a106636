"""What arbiter mode records: the table's actions (with the problems seen in them) and the
arbiter's rulings. Their texts are :class:`~arbitro.i18n.Message` values (a msgid and its
parameters) rendered at the edges; their articles are citations of the FIBAS code's data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from arbitro.cards import Card, format_cards
from arbitro.codes.citation import Citation
from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter.irregularities import Found, Irregularity, TurnLimit
from arbitro.games.core.code_arbiter import message_json as message_json
from arbitro.i18n import Message


class ActionKind(Enum):
    """A real action at the table (arts. 8-10, 24): as in the engine, plus exposing cards."""

    DRAW = "draw"
    PICK_UP = "pickup"
    MELD = "meld"
    LAY_OFF = "layoff"
    DISCARD = "discard"
    EXPOSE = "expose"
    LOOK_AT_POZZETTO = "look_pozzetto"
    TAKE_POZZETTO = "take_pozzetto"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something irregular seen in an action: the article broken, what was seen (a message for
    the user) and the irregularity it suggests."""

    citation: Citation
    text: Message
    suggests: Irregularity | None = None

    @property
    def article(self) -> str:
        """The number of the FIBAS article broken."""
        return self.citation.article

    @property
    def it(self) -> str:
        """What was seen, in Italian."""
        return self.text.render("it")

    @property
    def en(self) -> str:
        """What was seen, in English."""
        return self.text.render("en")


@dataclass(frozen=True, slots=True)
class Action:
    """One action as it really happened at the table, legal or not.

    ``index`` is its place in the deal's log (the moment the arbiter refers to); ``turn`` is
    the number of turns completed when it happened; ``meld`` the id of the meld it touched.
    """

    index: int
    seat: Seat
    kind: ActionKind
    cards: tuple[Card, ...] = ()
    meld: int | None = None
    turn: int = 0
    problems: tuple[Problem, ...] = ()

    def __str__(self) -> str:
        text = f"{self.seat.value} {self.kind.value}"
        if self.meld is not None and self.kind is ActionKind.LAY_OFF:
            text += f" #{self.meld}"
        return f"{text} {format_cards(self.cards)}".rstrip()

    @property
    def irregular(self) -> bool:
        """True when the action broke a rule."""
        return bool(self.problems)


@dataclass(frozen=True, slots=True)
class Ruling:
    """The arbiter's ruling and the remedy the engine applied (arts. 22-35).

    ``discarded``: cards discarded at once, in order (art. 2 "Scarto immediato"); ``aside``:
    penalized cards put at the side of the table, discarded at the offender's next turns;
    ``negative``: cards set apart to count negative; ``frozen``/``unfrozen``: meld ids;
    ``warned``: seats warned (art. 22); ``next_to_act``: who plays next (None if over).
    ``interrupted``: the offender's turn ended (art. 10: the pick-up's card left is the discard);
    ``arbitral``: the arbitral score given to the offender's line (art. 34).
    ``text`` says what was done, a message for the user rendered at the edge.
    """

    irregularity: Irregularity
    offender: Seat | None
    found: Found | None
    at: int
    text: Message
    discarded: tuple[Card, ...] = ()
    aside: tuple[Card, ...] = ()
    negative: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()
    frozen: tuple[int, ...] = ()
    warned: tuple[Seat, ...] = ()
    limit: TurnLimit = TurnLimit.NONE
    next_to_act: Seat | None = None
    forfeited: bool = False
    redeal: bool = False
    interrupted: bool = False
    arbitral: int | None = None

    @property
    def citation(self) -> Citation:
        """The FIBAS article applied."""
        return self.irregularity.citation

    @property
    def article(self) -> str:
        """The number of the FIBAS article applied."""
        return self.irregularity.article

    @property
    def it(self) -> str:
        """What was done, in Italian."""
        return self.text.render("it")

    @property
    def en(self) -> str:
        """What was done, in English."""
        return self.text.render("en")

    def as_dict(self) -> dict[str, object]:
        """The ruling as JSON-ready data (cards in the card notation; the text as its msgid and
        parameters, see :func:`message_json`)."""
        return {
            "irregularity": self.irregularity.value,
            "article": self.article,
            "citation": self.citation.to_json(),
            "offender": self.offender.value if self.offender else None,
            "found": self.found.value if self.found else None,
            "at": self.at,
            "text": message_json(self.text),
            "discarded": format_cards(self.discarded),
            "aside": format_cards(self.aside),
            "negative": format_cards(self.negative),
            "returned": format_cards(self.returned),
            "frozen": list(self.frozen),
            "warned": [s.value for s in self.warned],
            "limit": self.limit.value,
            "next_to_act": self.next_to_act.value if self.next_to_act else None,
            "forfeited": self.forfeited,
            "redeal": self.redeal,
        }
