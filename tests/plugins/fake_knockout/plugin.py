"""A fake code played by knockout, in one folder (issue 30): its numbers and articles read from
its own TOML, a :class:`~arbitro.codes.registry.KnockoutCode` (matches best of 5, 100 points a
game, 51 win, its own irregularity) and its spec; no file of arbitro names it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from arbitro.codes.citation import Citation
from arbitro.codes.data import code_data
from arbitro.codes.ids import CodeId
from arbitro.codes.registry import BotGame, CodeSpec, EventKind, registered
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, verbatim

DATA = Path(__file__).with_name("fake_knockout.toml")
MODULE = "fake_knockout_plugin"  # the name conftest.py imports this file under


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One kind of irregularity that loses a game (fake art. K7)."""

    key: str

    @property
    def text(self) -> Message:
        """What it is (a club's word, not in the catalogue)."""
        return verbatim(self.key.replace("-", " "))


@dataclass(frozen=True, slots=True)
class FakeKnockoutCode:
    """The fake code's numbers, each with its article (fake arts. K1-K7)."""

    entry_fee_cents: int
    players_per_pair: int
    total_points: int
    winning_points: int
    tie_to_last_trick: bool
    match_games: int
    match_wins: int
    irregularities: tuple[Irregularity, ...]
    articles: dict[str, str]

    @property
    def code_id(self) -> CodeId:
        """The fake code's id."""
        return CodeId("fake-knockout")

    @property
    def possible_points(self) -> frozenset[int]:
        """Any total from 0 to the game's points."""
        return frozenset(range(self.total_points + 1))

    def irregularity(self, key: str) -> Irregularity | None:
        """The kind of ``key``, None for an unknown one."""
        return next((k for k in self.irregularities if k.key == key), None)

    def article(self, field: str) -> str:
        """The article of the number ``field``."""
        return self.articles[field]

    def cite(self, field: str) -> Citation:
        """The citation of the number ``field``: "Fake KO art. K5"."""
        return Citation(self.code_id, self.article(field))

    def bot_game(self, rng: random.Random, bots: tuple[str, str]) -> BotGame:
        """A game of two bots: the points drawn, the side with more wins (no ties)."""
        if any(b not in ("random", "greedy") for b in bots):
            raise ArbitroError("unknown bot: {bot}", bot=repr(bots))
        first = rng.choice([n for n in range(self.total_points + 1) if 2 * n != self.total_points])
        second = self.total_points - first
        return BotGame((first, second), None, 0 if first > second else 1)


@cache
def knockout_code() -> FakeKnockoutCode:
    """The fake code's numbers from its TOML (the spec's ``knockout`` module's function)."""
    d = code_data(DATA)
    game, match = d["game"], d["match"]
    return FakeKnockoutCode(
        entry_fee_cents=int(d["registration"]["entry_fee_cents"]),
        players_per_pair=int(d["registration"]["players_per_pair"]),
        total_points=int(game["total_points"]),
        winning_points=int(game["winning_points"]),
        tie_to_last_trick=bool(game["tie_to_last_trick"]),
        match_games=int(match["games"]),
        match_wins=int(match["wins_needed"]),
        irregularities=tuple(Irregularity(str(k)) for k in d["irregularities"]["kinds"]),
        articles={
            "entry_fee_cents": d["registration"]["article"],
            "total_points": game["article"],
            "winning_points": game["article"],
            "tie_to_last_trick": game["article"],
            "card_points": game["article"],
            "match_games": match["article"],
            "match_wins": match["article"],
            "irregularities": d["irregularities"]["article"],
        },
    )


SPEC = CodeSpec(
    id="fake-knockout",
    game="fake-knockout",
    events=EventKind.KNOCKOUT,
    name=verbatim("Fake Knockout"),
    short_name="Fake KO",
    data=DATA,
    search_words="fake knockout",
    knockout=MODULE,
)


@contextmanager
def fake_knockout_registered() -> Iterator[CodeSpec]:
    """The fake code registered for the duration of the block."""
    with registered(SPEC) as spec:
        yield spec
