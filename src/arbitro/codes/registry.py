"""The one registry of competition codes (issue 30): each code is one :class:`CodeSpec` (its
game, its kind of event, its data and catalogue files, its names, its event rules, the desk's
defaults), and every list of codes in arbitro reads it. A new code is one folder holding its
module with its spec and data, and one :func:`register` call.

The built-in codes' specs are in :mod:`arbitro.codes.builtin` (``SPECS``, one line each),
named here by a string and imported on the first question; a spec names its code's module by a
string too, imported when an event first asks for its rules, so a command loads only the codes
it uses (issue 14: start-up stays fast)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from arbitro.codes.citation import Citation, articles
from arbitro.codes.ids import CodeId, GameId, forget_member
from arbitro.errors import ArbitroError
from arbitro.i18n import Message

if TYPE_CHECKING:
    import random

    from arbitro.codes.event_rules import EventRules


class EventKind(StrEnum):
    """What kind of event a code runs: rounds of sheets (Burraco, Parole, Scala 40), a
    knockout of matches (Briscola), or none (Bridge Law 13, a law read by other codes)."""

    ROUNDS = "rounds"
    KNOCKOUT = "knockout"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Command:
    """A command or group of ``arbitro`` that belongs to one code (its game's tools:
    ``arbitro scala40 opening``): its module of ``arbitro.cli`` (a code's own module is in
    ``arbitro.cli.codes``: docs/architecture.md, "A game's terminal commands"), its name, its
    help (a msgid) and the topic of the code's article the help cites as ``{article}``.

    A top-level command is added by its module's ``register(app)``; a command ``within`` a
    shared group (``"arbiter"``: ``arbitro arbiter replay``) by its module's
    ``register_<group>(group)`` when that group is built, and is not in ``--help``'s listing
    (its group is)."""

    module: str
    name: str
    help: str
    group: bool = False
    topic: str = ""
    within: str = ""


class KnockoutIrregularity(Protocol):
    """A kind of irregularity that loses a knockout's game (Briscola art. 10): its key and
    what it is, in the user's language."""

    @property
    def key(self) -> str:
        """The kind's key, as forms and records write it."""
        ...

    @property
    def text(self) -> Message:
        """What the irregularity is."""
        ...


@dataclass(frozen=True, slots=True)
class BotGame:
    """A knockout's game played by two bots (``arbitro knockout play``): each side's points,
    side 0 the match's first pair and side 1 its second, the side that won the last trick
    (None when the code does not ask it) and the winning side."""

    points: tuple[int, int]
    last_trick: int | None
    winner: int


class KnockoutCode(Protocol):
    """What a knockout's domain, service, pages, terminal and bracket read from the code the
    event plays (Briscola premessa, art. 8, 9, 10): the entry fee and the pair's players, a
    game's points and how it is won, a match's games, the irregularities that lose a game,
    each number's article, and a game played by bots."""

    @property
    def code_id(self) -> CodeId:
        """The code's id, for its citations."""
        ...

    @property
    def entry_fee_cents(self) -> int:
        """The entry fee of a pair, in cents."""
        ...

    @property
    def players_per_pair(self) -> int:
        """How many players a pair has."""
        ...

    @property
    def total_points(self) -> int:
        """The card points of a game, the two pairs' together."""
        ...

    @property
    def winning_points(self) -> int:
        """The points that win a game."""
        ...

    @property
    def tie_to_last_trick(self) -> bool:
        """Whether a tie goes to the pair that won the last trick."""
        ...

    @property
    def possible_points(self) -> frozenset[int]:
        """Every total of points a pair can take in a game."""
        ...

    @property
    def match_games(self) -> int:
        """The most games a match is played over."""
        ...

    @property
    def match_wins(self) -> int:
        """The games won that decide a match."""
        ...

    @property
    def irregularities(self) -> Sequence[KnockoutIrregularity]:
        """The kinds of irregularity that lose a game."""
        ...

    def irregularity(self, key: str) -> KnockoutIrregularity | None:
        """The kind of irregularity of ``key``, None for an unknown one."""
        ...

    def article(self, field: str) -> str:
        """The article the number ``field`` comes from (``"9"`` for ``match_wins``)."""
        ...

    def cite(self, field: str) -> Citation:
        """The citation of the article the number ``field`` comes from."""
        ...

    def bot_game(self, rng: random.Random, bots: tuple[str, str]) -> BotGame:
        """A game played by the bots named ``bots`` (side 0's, side 1's), drawn from ``rng``;
        an unknown bot is refused."""
        ...


@dataclass(frozen=True, slots=True, eq=False)
class CodeSpec:
    """Everything arbitro needs to know about one competition code."""

    id: str  # the code's id, as records and files write it ("burraco-fibas")
    game: str  # the game it plays ("burraco"): the rules engine and the score sheet
    events: EventKind
    name: Message  # its name in the catalogue ("Burraco — FIBAS competition code")
    short_name: str  # how a citation names it ("FIBAS art. 22")
    data: Path | None = None  # its TOML: numbers and articles ([articles], [event_articles])
    catalogue: Path | None = None  # its articles' JSON (tools/build_catalogue.py)
    aliases: tuple[str, ...] = ()  # other names an arbiter types ("fibas", "scala-40")
    search_words: str = ""  # the words that name it, for the article search
    # The rules an event of rounds applies, built from the code's data; None without rounds.
    rules: Callable[[], EventRules] | None = None
    # What the desk's new-event form sets when the code is chosen (form field → value).
    desk_defaults: Mapping[str, str] = field(default_factory=dict)
    # The desk's new-event form when the code is chosen: the formats it offers (all if empty),
    # the hint shown under the list of codes (a msgid; ``{article}`` cites the code's article
    # on ``desk_hint_topic``) and, for a code played by knockout, its option in that list (a
    # msgid; its hint then leads to the knockouts' form, and is the refusal of its rounds).
    desk_formats: tuple[str, ...] = ()
    desk_hint: str = ""
    desk_hint_topic: str = ""
    desk_option: str = ""
    # The command line's commands of the code's own (``arbitro --help`` lists them).
    commands: tuple[Command, ...] = ()
    # The module of its arbiter (its ``ARBITER``, a games.core.code_arbiter.CodeArbiter),
    # imported when an arbiter first asks; "" for a code without one.
    arbiter: str = ""
    # The module of its game's engine for digital tables (its ``ENGINE``, a
    # tournament.digital.engine.DigitalEngine: issue 32); "" for a code not played digitally.
    digital: str = ""
    # What builds a prepared board of its game for ``arbitro arbiter board`` (FIBAS art. 6:
    # four hands and two pozzetti of 11), as ``"module:Class.method"`` called with the board's
    # number, hands and pozzetti; "" for a game whose boards are bridge's (Law 13).
    prepared_board: str = ""
    # The module of its knockout's numbers (its ``knockout_code()``, a :class:`KnockoutCode`)
    # for a code played by knockout, imported when a knockout first asks; "" otherwise.
    knockout: str = ""
    # Its game's score sheet in events of rounds: "module:function", the function making the
    # game's SheetKind from the game's id (tournament.sheets.register_sheet_kind's maker),
    # imported when an event of the game first asks; "" for a code without events of rounds.
    sheet: str = ""
    # The options of ``arbitro sheet`` and ``arbitro correct`` its score sheet reads (its
    # kind's ``read_cli``: ``--deal``, ``--closed`` for two lines; ``--points``,
    # ``--abandoned``, ``--swap`` for individuals): each option's help names the codes that
    # read it, and an option its event's code does not read is refused; () for a code without
    # events of rounds, or one that declares none (no option refused).
    sheet_options: tuple[str, ...] = ()
    # The deck its game is played with ("french": 52 cards and jokers; "italian": 40 cards):
    # the cards' own refusals (a card, a cut, a deal) cite the first code of that deck.
    deck: str = "french"
    # The module of its game's prepared boards for carte uguali events (its ``BOARDS``, a
    # games.prepared_deals.BoardMaker), imported when an event first deals them; "" for a
    # code without prepared boards.
    boards: str = ""
    # What plays one deal of its game to its end by bots, for a sheet's row (the demo's
    # evening, FIBAS art. 19): ``"module:function"`` called with a ``random.Random``, giving
    # each line's score (its ``base`` and ``points``) by ``games.core.Line``; "" for a code
    # whose deals no bot plays for a sheet.
    bot_deal: str = ""


DEFAULT_CODE = "burraco-fibas"  # what a new event plays unless told (arbitro's first code)
# Where the built-in codes' specs are (arbitro.codes.builtin.SPECS), imported on first use.
BUILT_IN_MODULE = "arbitro.codes.builtin"

_SPECS: dict[str, CodeSpec] = {}  # every spec, by id: the built-in ones, then those registered


def _specs() -> dict[str, CodeSpec]:
    """Every spec by id, the built-in ones read on the first question."""
    if not _SPECS:
        for spec in importlib.import_module(BUILT_IN_MODULE).SPECS:
            _SPECS[str(spec.id)] = spec
    return _SPECS


def built_in() -> tuple[str, ...]:
    """The ids of the built-in codes, in order."""
    return tuple(str(s.id) for s in importlib.import_module(BUILT_IN_MODULE).SPECS)


def code_spec(code_id: str) -> CodeSpec:
    """The spec of the code ``code_id``; an unknown code is refused naming the known ones."""
    found = _specs().get(str(code_id))
    if found is None:
        raise ArbitroError(
            "unknown competition code «{code}» ({codes})",
            code=code_id,
            codes=", ".join(_specs()),
        )
    return found


def code_specs() -> tuple[CodeSpec, ...]:
    """Every code's spec: the built-in ones, then those registered, in order."""
    return tuple(_specs().values())


def codes_of(events: EventKind) -> tuple[str, ...]:
    """The ids of the codes running ``events`` (the codes of events of rounds...)."""
    return tuple(str(s.id) for s in code_specs() if s.events is events)


def knockout_code(code_id: str) -> KnockoutCode:
    """The knockout's numbers of the code ``code_id`` (its spec's ``knockout`` module); a code
    not played by knockout is refused."""
    spec = code_spec(code_id)
    if not spec.knockout:
        raise ArbitroError("the {code} code is not played by knockout", code=spec.short_name)
    made: KnockoutCode = importlib.import_module(spec.knockout).knockout_code()
    return made


def commands_within(group: str) -> tuple[Command, ...]:
    """The codes' own commands of the shared command group ``group`` (``"arbiter"``), in the
    registry's order."""
    return tuple(c for s in code_specs() for c in s.commands if c.within == group)


def top_level_commands(spec: CodeSpec) -> tuple[Command, ...]:
    """The commands and groups of ``spec`` that ``arbitro`` lists at its top level."""
    return tuple(c for c in spec.commands if not c.within)


def prepared_board(game: str) -> Callable[..., Any] | None:
    """What builds a prepared board of ``game`` (its code's ``prepared_board``, imported
    now: FIBAS art. 6), None for a game no code prepares boards of (bridge's, Law 13)."""
    for spec in code_specs():
        if spec.game == game and spec.prepared_board:
            module, _, name = spec.prepared_board.partition(":")
            found: Any = importlib.import_module(module)
            for part in name.split("."):
                found = getattr(found, part)
            made: Callable[..., Any] = found
            return made
    return None


def bot_deal(code_id: str) -> Callable[[random.Random], Any]:
    """What plays one deal of the code's game by bots, each line's score (its spec's
    ``bot_deal``, imported now: FIBAS art. 19's sheet row for the demo); asking it of a code
    without one is a programming error (``LookupError``): the demo plays a code that has one."""
    spec = code_spec(code_id)
    if not spec.bot_deal:
        raise LookupError(f"no deal played by bots for the code {code_id}")
    module, _, name = spec.bot_deal.partition(":")
    made: Callable[[random.Random], Any] = getattr(importlib.import_module(module), name)
    return made


def default_knockout() -> str:
    """The code a new knockout event plays: the registry's first code played by knockout."""
    return codes_of(EventKind.KNOCKOUT)[0]


def game_code(game: str) -> str:
    """The first code of the registry that plays ``game`` (the code a game's own texts cite
    where no event's code is at hand); a game no code plays is a programming error
    (``LookupError``): an event plays a code's game."""
    for spec in code_specs():
        if spec.game == game:
            return str(spec.id)
    raise LookupError(f"no code plays the game {game!r}")


def known_code(code_id: str) -> bool:
    """Whether ``code_id`` is a code of the registry."""
    return code_id in _specs()


def known_game(game: str) -> bool:
    """Whether a code of the registry plays ``game``."""
    return any(s.game == game for s in code_specs())


def register(spec: CodeSpec) -> None:
    """Add the code ``spec`` to the registry (a code of a plugin); its id must be new."""
    if known_code(spec.id):
        raise ValueError(f"the code {spec.id!r} is already registered")
    _specs()[str(spec.id)] = spec


def unregister(code_id: str) -> None:
    """Take back a code :func:`register` added, and the names made for it and its game."""
    if code_id in built_in():
        raise ValueError(f"the code {code_id!r} is built in")
    spec = _specs().pop(code_id)
    articles.cache_clear()
    forget_member(CodeId, code_id)
    if not known_game(spec.game):
        forget_member(GameId, spec.game)


@contextmanager
def registered(spec: CodeSpec) -> Iterator[CodeSpec]:
    """``spec`` registered for the duration of the block (a test's fake code)."""
    register(spec)
    try:
        yield spec
    finally:
        unregister(spec.id)
