"""The irregularities of FIBAS Section C (arts. 22-35) the arbiter names, each with its article,
and the small vocabularies of the remedies: when an error was found, freezes, turn limits."""

from __future__ import annotations

from enum import Enum
from typing import Final, NamedTuple

from arbitro.codes.catalogue import Article, load_catalogue
from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import N_, Message


class IrregularityKind(Enum):
    """An irregularity the arbiter rules on; :attr:`citation` cites FIBAS Section C."""

    TABLE_ACTED = "table_acted"
    PLAYED_BEFORE_RULING = "played_before_ruling"
    POZZETTO_SHORT = "pozzetto_short"
    POZZETTO_LONG = "pozzetto_long"
    POZZETTO_PREVIOUS_DEAL = "pozzetto_previous_deal"
    POZZETTO_SEEN_EARLY = "pozzetto_seen_early"
    WRONG_PLAY_THEN_POZZETTO = "wrong_play_then_pozzetto"
    EXPOSED_CARD = "exposed_card"
    EXPOSED_ON_PARTNER_MELD = "exposed_on_partner_meld"
    WRONG_LAY_OFF = "wrong_lay_off"
    EXCESS_CARD = "excess_card"
    THROWN_CARDS = "thrown_cards"
    DECK_MISSING_OR_EXCESS = "deck_missing_or_excess"
    INCOMPLETE_MELD = "incomplete_meld"
    WRONG_MELD = "wrong_meld"
    MISSING_DRAW = "missing_draw"
    PARTNER_REMINDER = "partner_reminder"
    OUT_OF_TURN_PICK_UP = "out_of_turn_pick_up"
    OUT_OF_TURN_DRAW = "out_of_turn_draw"
    DRAW_AFTER_POZZETTO = "draw_after_pozzetto"
    PICK_UP_AFTER_POZZETTO = "pick_up_after_pozzetto"
    EQUAL_SETS = "equal_sets"
    CLOSING_WITHOUT_BURRACO = "closing_without_burraco"
    CLOSING_FIRST_ROUND = "closing_first_round"
    CLOSING_WITH_WILD = "closing_with_wild"
    CLOSING_WITHOUT_DISCARD = "closing_without_discard"
    POINTS_NOT_COUNTED = "points_not_counted"
    GHOST_CARD = "ghost_card"
    MISDEAL = "misdeal"
    FACE_UP_IN_STOCK = "face_up_in_stock"
    FACE_UP_ON_STOCK = "face_up_on_stock"
    TWO_CARDS_DRAWN = "two_cards_drawn"
    PARTIAL_PICK_UP = "partial_pick_up"
    PILE_CARD_LIFTED = "pile_card_lifted"
    CLOSING_AT_PILE = "closing_at_pile"

    @property
    def citation(self) -> Citation:
        """The FIBAS article (and paragraph) that prescribes the remedy, from the code's data
        (topic: the irregularity's value in the ``[articles]`` table of ``burraco_fibas.toml``)."""
        return fibas(self.value)

    @property
    def article(self) -> str:
        """The number of the FIBAS article (and paragraph) that prescribes the remedy."""
        return self.citation.article

    @property
    def label(self) -> Message:
        """The irregularity's name for the user, as the code says it (rendered at the edge)."""
        return Message(_NAMES[self])

    @property
    def italian(self) -> str:
        """The irregularity's name in Italian, as the code says it."""
        return self.label.render("it")

    @property
    def english(self) -> str:
        """The irregularity's name in English."""
        return self.label.render("en")

    def catalogue_article(self) -> Article:
        """The article's entry in the catalogue of the codes (its title and Italian text)."""
        return load_catalogue().article(CodeId.BURRACO_FIBAS.value, self.article.split(".")[0])


_NAMES: Final[dict[IrregularityKind, str]] = {
    IrregularityKind.TABLE_ACTED: N_("the table acted before calling the arbiter"),
    IrregularityKind.PLAYED_BEFORE_RULING: N_("play went on before the arbiter's ruling"),
    IrregularityKind.POZZETTO_SHORT: N_("pozzetto short"),
    IrregularityKind.POZZETTO_LONG: N_("pozzetto long"),
    IrregularityKind.POZZETTO_PREVIOUS_DEAL: N_("pozzetto left from the previous deal"),
    IrregularityKind.POZZETTO_SEEN_EARLY: N_("pozzetto seen out of turn"),
    IrregularityKind.WRONG_PLAY_THEN_POZZETTO: N_("pozzetto taken straight after a wrong play"),
    IrregularityKind.EXPOSED_CARD: N_("exposed or dropped card"),
    IrregularityKind.EXPOSED_ON_PARTNER_MELD: N_(
        "exposed card laid off on a meld the partner opened or extended"
    ),
    IrregularityKind.WRONG_LAY_OFF: N_("card laid off wrongly"),
    IrregularityKind.EXCESS_CARD: N_("excess card in a meld"),
    IrregularityKind.THROWN_CARDS: N_("cards thrown or passed"),
    IrregularityKind.DECK_MISSING_OR_EXCESS: N_("missing or excess cards in the deck"),
    IrregularityKind.INCOMPLETE_MELD: N_("incomplete meld"),
    IrregularityKind.WRONG_MELD: N_("wrong meld"),
    IrregularityKind.MISSING_DRAW: N_("play without drawing"),
    IrregularityKind.PARTNER_REMINDER: N_("the partner reminds to draw"),
    IrregularityKind.OUT_OF_TURN_PICK_UP: N_("pick-up out of turn"),
    IrregularityKind.OUT_OF_TURN_DRAW: N_("draw out of turn"),
    IrregularityKind.DRAW_AFTER_POZZETTO: N_("draw after taking the pozzetto al volo"),
    IrregularityKind.PICK_UP_AFTER_POZZETTO: N_("pick-up after taking the pozzetto al volo"),
    IrregularityKind.EQUAL_SETS: N_("two equal sets"),
    IrregularityKind.CLOSING_WITHOUT_BURRACO: N_("closing without burraco"),
    IrregularityKind.CLOSING_FIRST_ROUND: N_("closing before everyone has played"),
    IrregularityKind.CLOSING_WITH_WILD: N_("closing by discarding a wild"),
    IrregularityKind.CLOSING_WITHOUT_DISCARD: N_("closing without discard"),
    IrregularityKind.POINTS_NOT_COUNTED: N_("points not counted"),
    IrregularityKind.GHOST_CARD: N_("ghost card"),
    IrregularityKind.MISDEAL: N_("misdeal"),
    IrregularityKind.FACE_UP_IN_STOCK: N_("face-up card inside the stock"),
    IrregularityKind.FACE_UP_ON_STOCK: N_("face-up card on the stock"),
    IrregularityKind.TWO_CARDS_DRAWN: N_("two cards drawn"),
    IrregularityKind.PARTIAL_PICK_UP: N_("cards left in the pick-up"),
    IrregularityKind.PILE_CARD_LIFTED: N_("a card of the pile lifted"),
    IrregularityKind.CLOSING_AT_PILE: N_("closing al monte with more than two cards in the pile"),
}


Irregularity = IrregularityKind
"""The former name of :class:`IrregularityKind`, kept for the callers (CLI, services, desk)."""


class Found(Enum):
    """When an irregularity was found (art. 25.2: three detection times; art. 35).

    ``AT_ONCE``: during the offender's turn; ``AFTER_DISCARD``: after the offender's discard and
    before the next player drew or picked up; ``LATER``: in a later phase of the deal.
    """

    AT_ONCE = "at_once"
    AFTER_DISCARD = "after_discard"
    LATER = "later"


class Freeze(Enum):
    """A meld's freeze (art. 2): none, temporary (until the offender's turn), definitive."""

    NONE = "none"
    TEMPORARY = "temporary"
    DEFINITIVE = "definitive"


class TurnLimit(Enum):
    """What a player may still do in a turn after a ruling (arts. 30-33)."""

    NONE = "none"
    DRAW_AND_DISCARD = "draw_and_discard"
    PICK_UP_AND_DISCARD = "pick_up_and_discard"
    DRAW_OR_PICK_UP_AND_DISCARD = "draw_or_pick_up_and_discard"
    DISCARD_ONLY = "discard_only"
    DISCARD_PREPARED = "discard_prepared"
    MUST_PICK_UP = "must_pick_up"


class Obligation(NamedTuple):
    """What a ruling obliges a seat to do in a turn (arts. 10, 23, 28-33): the ``limit``,
    ``active`` when it applies to the turn on (else to the seat's next turn), and the
    irregularity ruled (``by``: its article is the obligation's, None when not known)."""

    limit: TurnLimit
    active: bool
    by: IrregularityKind | None = None


class PozzettoStage(Enum):
    """Art. 23 "pozzetto preso in diretta" after a wrong play: how far the player went."""

    UNSEEN = "unseen"
    SEEN = "seen"
    PLAYED = "played"
