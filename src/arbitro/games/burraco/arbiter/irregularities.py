"""The irregularities of FIBAS Section C (arts. 22-35) the arbiter names, each with its article,
and the small vocabularies of the remedies: when an error was found, freezes, turn limits."""

from __future__ import annotations

from enum import Enum
from typing import Final

from arbitro.codes.catalogue import Article, load_catalogue
from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import N_, Message


class Irregularity(Enum):
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


_NAMES: Final[dict[Irregularity, str]] = {
    Irregularity.TABLE_ACTED: N_("the table acted before calling the arbiter"),
    Irregularity.PLAYED_BEFORE_RULING: N_("play went on before the arbiter's ruling"),
    Irregularity.POZZETTO_SHORT: N_("pozzetto short"),
    Irregularity.POZZETTO_LONG: N_("pozzetto long"),
    Irregularity.POZZETTO_PREVIOUS_DEAL: N_("pozzetto left from the previous deal"),
    Irregularity.POZZETTO_SEEN_EARLY: N_("pozzetto seen out of turn"),
    Irregularity.WRONG_PLAY_THEN_POZZETTO: N_("pozzetto taken straight after a wrong play"),
    Irregularity.EXPOSED_CARD: N_("exposed or dropped card"),
    Irregularity.EXPOSED_ON_PARTNER_MELD: N_(
        "exposed card laid off on a meld the partner opened or extended"
    ),
    Irregularity.WRONG_LAY_OFF: N_("card laid off wrongly"),
    Irregularity.EXCESS_CARD: N_("excess card in a meld"),
    Irregularity.THROWN_CARDS: N_("cards thrown or passed"),
    Irregularity.DECK_MISSING_OR_EXCESS: N_("missing or excess cards in the deck"),
    Irregularity.INCOMPLETE_MELD: N_("incomplete meld"),
    Irregularity.WRONG_MELD: N_("wrong meld"),
    Irregularity.MISSING_DRAW: N_("play without drawing"),
    Irregularity.PARTNER_REMINDER: N_("the partner reminds to draw"),
    Irregularity.OUT_OF_TURN_PICK_UP: N_("pick-up out of turn"),
    Irregularity.OUT_OF_TURN_DRAW: N_("draw out of turn"),
    Irregularity.DRAW_AFTER_POZZETTO: N_("draw after taking the pozzetto al volo"),
    Irregularity.PICK_UP_AFTER_POZZETTO: N_("pick-up after taking the pozzetto al volo"),
    Irregularity.EQUAL_SETS: N_("two equal sets"),
    Irregularity.CLOSING_WITHOUT_BURRACO: N_("closing without burraco"),
    Irregularity.CLOSING_FIRST_ROUND: N_("closing before everyone has played"),
    Irregularity.CLOSING_WITH_WILD: N_("closing by discarding a wild"),
    Irregularity.CLOSING_WITHOUT_DISCARD: N_("closing without discard"),
    Irregularity.POINTS_NOT_COUNTED: N_("points not counted"),
    Irregularity.GHOST_CARD: N_("ghost card"),
}


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


class PozzettoStage(Enum):
    """Art. 23 "pozzetto preso in diretta" after a wrong play: how far the player went."""

    UNSEEN = "unseen"
    SEEN = "seen"
    PLAYED = "played"
