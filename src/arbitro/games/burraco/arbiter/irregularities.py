"""The irregularities of FIBAS Section C (arts. 22-35) the arbiter names, each with its article,
and the small vocabularies of the remedies: when an error was found, freezes, turn limits."""

from __future__ import annotations

from enum import Enum
from typing import Final

from arbitro.codes.catalogue import Article, load_catalogue


class Irregularity(Enum):
    """An irregularity the arbiter rules on; :attr:`article` cites FIBAS Section C."""

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
    def article(self) -> str:
        """The FIBAS article (and paragraph) that prescribes the remedy."""
        return _INFO[self][0]

    @property
    def italian(self) -> str:
        """The irregularity's name in Italian, as the code says it."""
        return _INFO[self][1]

    @property
    def english(self) -> str:
        """The irregularity's name in English."""
        return _INFO[self][2]

    def catalogue_article(self) -> Article:
        """The article's entry in the catalogue of the codes (its title and Italian text)."""
        return load_catalogue().article("burraco-fibas", self.article.split(".")[0])


_INFO: Final[dict[Irregularity, tuple[str, str, str]]] = {
    Irregularity.TABLE_ACTED: (
        "22",
        "il tavolo ha preso iniziativa prima di chiamare l'arbitro",
        "the table acted before calling the arbiter",
    ),
    Irregularity.PLAYED_BEFORE_RULING: (
        "22",
        "gioco proseguito prima della decisione dell'arbitro",
        "play went on before the arbiter's ruling",
    ),
    Irregularity.POZZETTO_SHORT: ("23", "pozzetto con meno di 11 carte", "pozzetto short"),
    Irregularity.POZZETTO_LONG: ("23", "pozzetto con più di 11 carte", "pozzetto long"),
    Irregularity.POZZETTO_PREVIOUS_DEAL: (
        "23",
        "pozzetto della smazzata precedente",
        "pozzetto left from the previous deal",
    ),
    Irregularity.POZZETTO_SEEN_EARLY: (
        "23",
        "pozzetto visto fuori turno",
        "pozzetto seen out of turn",
    ),
    Irregularity.WRONG_PLAY_THEN_POZZETTO: (
        "23",
        "pozzetto preso in diretta dopo una giocata errata",
        "pozzetto taken straight after a wrong play",
    ),
    Irregularity.EXPOSED_CARD: ("24", "carta esposta o caduta", "exposed or dropped card"),
    Irregularity.EXPOSED_ON_PARTNER_MELD: (
        "24",
        "carta esposta legata a un gioco nuovo o allungato dal compagno",
        "exposed card laid off on a meld the partner opened or extended",
    ),
    Irregularity.WRONG_LAY_OFF: ("25.1", "carta legata erroneamente", "card laid off wrongly"),
    Irregularity.EXCESS_CARD: (
        "25.2",
        "carta eccedente calata in combinazione o sequenza",
        "excess card in a meld",
    ),
    Irregularity.THROWN_CARDS: ("26", "lancio di carte", "cards thrown or passed"),
    Irregularity.DECK_MISSING_OR_EXCESS: (
        "27",
        "carte mancanti o eccedenti nel mazzo",
        "missing or excess cards in the deck",
    ),
    Irregularity.INCOMPLETE_MELD: ("28", "gioco incompleto", "incomplete meld"),
    Irregularity.WRONG_MELD: ("29", "gioco errato", "wrong meld"),
    Irregularity.MISSING_DRAW: ("30", "mancata pesca o raccolta", "play without drawing"),
    Irregularity.PARTNER_REMINDER: (
        "30",
        "il compagno ricorda di pescare",
        "the partner reminds to draw",
    ),
    Irregularity.OUT_OF_TURN_PICK_UP: ("31", "raccolta fuori turno", "pick-up out of turn"),
    Irregularity.OUT_OF_TURN_DRAW: ("31", "pesca fuori turno", "draw out of turn"),
    Irregularity.DRAW_AFTER_POZZETTO: (
        "31",
        "pesca dopo aver preso il pozzetto al volo",
        "draw after taking the pozzetto al volo",
    ),
    Irregularity.PICK_UP_AFTER_POZZETTO: (
        "31",
        "raccolta dopo aver preso il pozzetto al volo",
        "pick-up after taking the pozzetto al volo",
    ),
    Irregularity.EQUAL_SETS: ("32", "aperture di combinazioni uguali", "two equal sets"),
    Irregularity.CLOSING_WITHOUT_BURRACO: (
        "33",
        "chiusura senza burraco",
        "closing without burraco",
    ),
    Irregularity.CLOSING_FIRST_ROUND: (
        "33",
        "chiusura prima che tutti abbiano giocato",
        "closing before everyone has played",
    ),
    Irregularity.CLOSING_WITH_WILD: (
        "33",
        "chiusura scartando una matta",
        "closing by discarding a wild",
    ),
    Irregularity.CLOSING_WITHOUT_DISCARD: (
        "33",
        "chiusura senza scarto",
        "closing without discard",
    ),
    Irregularity.POINTS_NOT_COUNTED: ("34", "punteggi non conteggiati", "points not counted"),
    Irregularity.GHOST_CARD: ("35", "carta fantasma", "ghost card"),
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
