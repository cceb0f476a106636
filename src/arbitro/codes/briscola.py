"""The Briscola regulation's numbers (``briscola.toml``, seed 001) as typed, immutable values.

Load once with :func:`briscola`; every number carries the article it comes from
(:meth:`BriscolaCode.article`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from arbitro.codes.citation import Citation
from arbitro.codes.data import code_data
from arbitro.codes.ids import CodeId
from arbitro.i18n import N_, Message
from arbitro.lazy_names import lazy_module
from arbitro.money import euros

if TYPE_CHECKING:
    from arbitro.codes.registry import BotGame
    from arbitro.games.briscola import bots as briscola_bots
else:  # the game's engine imports this module: its bots are loaded when a knockout asks
    briscola_bots = lazy_module("arbitro.games.briscola.bots")

# The catalogue's wording of each art. 10 irregularity (the TOML's ``en``; its ``it`` is the
# Italian of the catalogue, checked by the tests).
_IRREGULARITY_TEXTS = {
    "dealer-stacking": N_("The dealer arranges the cards to gain an advantage over the opponents"),
    "cutter-stacking": N_(
        "The player who cuts arranges the cards to gain an advantage over the opponents"
    ),
    "communication": N_(
        "A player talks, peeks at other players' cards, gestures openly, exchanges looks of "
        "agreement with the partner or shows their cards"
    ),
    "out-of-turn": N_("A player plays a card out of turn"),
    "signalling-play": N_("A player plays a card in a way that tells the partner their intentions"),
}


@dataclass(frozen=True, slots=True)
class IrregularityKind:
    """One irregularity of art. 10, found by the arbiter: the offending pair loses the game."""

    key: str
    it: str
    en: str

    @property
    def text(self) -> Message:
        """What the irregularity is, in the user's language (art. 10)."""
        return Message(_IRREGULARITY_TEXTS[self.key])


@dataclass(frozen=True, slots=True)
class BriscolaCode:
    """Every number of the Briscola regulation that arbitro uses, each from its article."""

    code: str
    title: str
    entry_fee_cents: int
    """Entry fee per pair in cents: € 4 ("premessa", "Quota di iscrizione € 4 a coppia")."""
    currency: str
    players_per_pair: int
    suits: tuple[str, ...]
    """The four suits B, C, D, S (art. 3)."""
    cards_per_suit: int
    total_cards: int
    """40 cards (art. 3, art. 5)."""
    players: int
    """Four players draw for the dealer (art. 1) and play, two pairs."""
    cards_per_player: int
    """Three cards each (art. 3)."""
    trick_order: tuple[int, ...]
    """Ranks in trick order, lowest first: 2 4 5 6 7 8 9 10 3 1 (art. 5)."""
    card_points: dict[int, int]
    """Points by rank: 1 → 11, 3 → 10, 10 → 4, 9 → 3, 8 → 2, others 0 (art. 8)."""
    total_points: int
    """120 points in the deck (art. 8)."""
    winning_points: int
    """61 points win the game (art. 8)."""
    tie_to_last_trick: bool
    """A 60-60 tie goes to the pair that won the last trick (art. 8)."""
    match_games: int
    """A match is played over at most 3 games (art. 9)."""
    match_wins: int
    """2 games won decide the match (art. 9)."""
    irregularities: tuple[IrregularityKind, ...]
    """The irregularities of art. 10; each loses the game for the offending pair."""
    articles: dict[str, str]
    """The article of each field above, e.g. ``articles["winning_points"] == "8"``."""

    @property
    def code_id(self) -> CodeId:
        """The code's id, for citations (:func:`arbitro.codes.citation.cite`)."""
        return CodeId(self.code)

    def cite(self, field: str) -> Citation:
        """The citation of the article the number ``field`` comes from (``Briscola art. 8``)."""
        return Citation(self.code_id, self.articles[field])

    def article(self, field: str) -> str:
        """The article the number ``field`` comes from (``"8"`` for ``winning_points``)."""
        return self.articles[field]

    @property
    def possible_points(self) -> frozenset[int]:
        """Every card-point total a pair can take in a game (art. 8): the sums of the
        "carichi" of one deck, 0 to 120; 1 or 119 is none of them (no card is worth 1)."""
        return _possible_points(
            tuple(sorted(self.card_points.items())), len(self.suits), self.total_points
        )

    def irregularity(self, key: str) -> IrregularityKind | None:
        """The art. 10 irregularity with that key, or None."""
        for kind in self.irregularities:
            if kind.key == key:
                return kind
        return None

    def bot_game(self, rng: random.Random, bots: tuple[str, str]) -> BotGame:
        """A knockout's game played out by the bots ``bots`` (``random``, ``greedy``), the
        first pair N-S: each pair's points, the last trick and the winner (art. 8)."""
        return briscola_bots.knockout_game(rng, bots)

    @property
    def entry_fee(self) -> str:
        """The entry fee for display, e.g. ``€ 4,00`` (premessa)."""
        symbol = "€" if self.currency == "EUR" else self.currency
        return f"{symbol} {euros(self.entry_fee_cents)}"


@cache
def _possible_points(points: tuple[tuple[int, int], ...], suits: int, total: int) -> frozenset[int]:
    sums = {0}
    for _rank, value in points:
        for _ in range(suits):
            sums |= {s + value for s in sums}
    return frozenset(s for s in sums if s <= total)


_FIELDS_BY_SECTION: dict[str, tuple[str, ...]] = {
    "registration": ("entry_fee_cents", "currency", "players_per_pair"),
    "deck": ("suits", "cards_per_suit", "total_cards"),
    "seat_draw": ("players",),
    "deal": ("cards_per_player",),
    "cards": ("trick_order", "card_points"),
    "game": ("total_points", "winning_points", "tie_to_last_trick"),
    "match": ("match_games", "match_wins"),
    "irregularities": ("irregularities",),
}


def _articles(d: dict[str, Any]) -> dict[str, str]:
    out = {}
    for section, fields in _FIELDS_BY_SECTION.items():
        for field in fields:
            out[field] = str(d[section]["article"])
    out["card_points"] = str(d["cards"]["points"]["article"])
    return out


@cache
def briscola() -> BriscolaCode:
    """Load the Briscola regulation's data (cached): card order and points, 61, best of 3."""
    d = code_data("briscola.toml")
    points = {int(k): int(v) for k, v in d["cards"]["points"].items() if k != "article"}
    return BriscolaCode(
        code=d["code"],
        title=d["title"],
        entry_fee_cents=int(d["registration"]["entry_fee_cents"]),
        currency=str(d["registration"]["currency"]),
        players_per_pair=int(d["registration"]["players_per_pair"]),
        suits=tuple(d["deck"]["suits"]),
        cards_per_suit=int(d["deck"]["cards_per_suit"]),
        total_cards=int(d["deck"]["total_cards"]),
        players=int(d["seat_draw"]["players"]),
        cards_per_player=int(d["deal"]["cards_per_player"]),
        trick_order=tuple(int(r) for r in d["cards"]["trick_order"]),
        card_points=points,
        total_points=int(d["game"]["total_points"]),
        winning_points=int(d["game"]["winning_points"]),
        tie_to_last_trick=bool(d["game"]["tie_to_last_trick"]),
        match_games=int(d["match"]["games"]),
        match_wins=int(d["match"]["wins_needed"]),
        irregularities=tuple(
            IrregularityKind(str(k["key"]), str(k["it"]), str(k["en"]))
            for k in d["irregularities"]["kinds"]
        ),
        articles=_articles(d),
    )


__all__ = ["BriscolaCode", "IrregularityKind", "briscola"]


def knockout_code() -> BriscolaCode:
    """The knockout's numbers of Briscola (premessa: the entry fee; art. 8: 120 points; art. 10:
    the irregularities), as the registry's ``knockout`` of the code gives them."""
    return briscola()
