"""The one protocol through which a game's score sheet plugs into events: parse its recorded
form, check it against the table and the code, score it, print it. Shared code (the fold,
the commands, the standings, the desk, the phones, the printouts) never asks which game an
event plays: it asks the event's :class:`SheetKind`.

A new game = a :class:`SheetKind` registered in :mod:`arbitro.tournament.sheets` (plus its
code's TOML), nothing else in shared code. The kind is generic in its entry type
(``SheetKind[E]``): the seam between a game's sheet and the event is checked by mypy. It owns
its edges' pure parts too: the form it is typed in (desk and phones,
:mod:`~arbitro.tournament.sheets.form`), the terminal's and the API's sheet, the templates'
folder and the printed sheet's layout; the edges call these and never ask which game it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from arbitro.i18n import N_, Message, msg, verbatim
from arbitro.tournament.model import CompetitorId, EventFormat, TableSeating
from arbitro.tournament.rules import EventRules
from arbitro.tournament.sheets.form import CliSheet, SheetFields, SheetForm

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from arbitro.tournament.event import EventState

    # A bare ``SheetKind`` is ``SheetKind[Any]`` (the event's state holds the kind of any
    # game); the default is the type checker's only, so typing_extensions is not needed to run.
    E = TypeVar("E", default=Any)
else:
    from typing import TypeVar

    E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class SheetScore:
    """One competitor's result from a table's sheet: match points and victory points."""

    mp: int
    vp: int


@dataclass(frozen=True, slots=True)
class SheetOutcome:
    """What a table's sheet gives: each seated competitor's MP and VP, and, per line (N-S,
    E-W) or per player in the sheet's order, the totals and the scores as the sheet shows
    them."""

    scores: Mapping[CompetitorId, SheetScore]
    totals: tuple[int, ...]
    sides: tuple[SheetScore, ...]


_OUTCOME_SET = tuple(SheetOutcome.__dict__[f].__set__ for f in ("scores", "totals", "sides"))


def outcome(
    scores: Mapping[CompetitorId, SheetScore],
    totals: tuple[int, ...],
    sides: tuple[SheetScore, ...],
) -> SheetOutcome:
    """``SheetOutcome(scores, totals, sides)``, its slots set directly: the frozen class's
    ``__init__`` sets each field through ``object.__setattr__``, and a replay scores every
    sheet of the event once (issue 14). Same type, equal to the one ``__init__`` makes."""
    made = object.__new__(SheetOutcome)
    set_scores, set_totals, set_sides = _OUTCOME_SET
    set_scores(made, scores)
    set_totals(made, totals)
    set_sides(made, sides)
    return made


@dataclass(frozen=True, slots=True)
class SheetTable:
    """A sheet laid out for reading (CLI history, printouts, desk): column headings and one
    row per deal, then the totals row; headings are messages rendered at the edge."""

    headings: tuple[Message, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class SheetContext:
    """What checking and scoring a sheet needs to know about the round and the event."""

    rules: EventRules
    seat: TableSeating
    deals: int
    teams: bool
    duplicate: bool


_CONTEXT_SET = tuple(
    SheetContext.__dict__[f].__set__ for f in ("rules", "seat", "deals", "teams", "duplicate")
)


def sheet_context_of(
    rules: EventRules, seat: TableSeating, deals: int, teams: bool, duplicate: bool
) -> SheetContext:
    """``SheetContext(rules, seat, deals, teams, duplicate)``, its slots set directly: a
    replay makes one per table and round (issue 14). Same type, equal to the one
    ``__init__`` makes."""
    ctx = object.__new__(SheetContext)
    set_rules, set_seat, set_deals, set_teams, set_duplicate = _CONTEXT_SET
    set_rules(ctx, rules)
    set_seat(ctx, seat)
    set_deals(ctx, deals)
    set_teams(ctx, teams)
    set_duplicate(ctx, duplicate)
    return ctx


@dataclass(frozen=True, slots=True)
class SheetTexts:
    """What the pages and the phones say of a table of this kind, so that they ask the kind
    and never which kind it is (issue 30): who signs the sheet (a line or a player) and what
    its score is called in the standings."""

    not_at_table: str
    """The phone's refusal of a signer not at its table (a msgid; ``{line}``, ``{table}``)."""
    proof_label: str
    """The phone's label of the signer's code, printed on the table card (a msgid)."""
    proof_hint: str
    """Why the phone asks for that code (a msgid)."""
    score_heading: Message
    """The heading of the standings' second score (M.P., or Scala 40's negative points)."""
    short_score_heading: Message
    """The same heading where the column is narrow."""
    place_heading: Message
    """The heading of where a competitor sits at its table (its line, or its seat)."""


LINES_TEXTS = SheetTexts(
    not_at_table=N_("«{line}» is not a line of this table: choose N-S or E-W"),
    proof_label=N_("Your line's code, printed on your half of the table card"),
    proof_hint=N_("Only your line can sign its sheet: the phone asks for the code once."),
    score_heading=verbatim("M.P."),
    short_score_heading=verbatim("M.P."),
    place_heading=msg("Line"),
)
"""The texts of a table of two lines, N-S and E-W, each signing the sheet."""


class SheetKind(Protocol[E]):
    """A game's score sheet, as events use it (FIBAS art. 19-21; Parole art. 5, 12; Scala 40
    art. 22-24)."""

    @property
    def game(self) -> str:
        """The game whose sheet this is (a :class:`~arbitro.codes.ids.GameId`'s value)."""
        ...

    @property
    def individual_tables(self) -> bool:
        """True when a table seats individuals (Scala 40's four players, art. 2), each one
        signing the sheet; False for two lines, N-S and E-W, that each sign it."""
        ...

    @property
    def texts(self) -> SheetTexts:
        """What the pages and the phones say of a table of this kind (:class:`SheetTexts`)."""
        ...

    @property
    def mp_lower_is_better(self) -> bool:
        """True when the MP of the standings count against (Scala 40's negative points)."""
        ...

    def parse(self, data: Mapping[str, Any]) -> E:
        """The entry recorded as ``data`` (the record's JSON form); ArbitroError if malformed."""
        ...

    def payload(self, entry: E) -> dict[str, Any]:
        """The entry's JSON form, as recorded."""
        ...

    def places(self, event_format: EventFormat) -> tuple[tuple[str, int], ...]:
        """The places of one table as a seating form lays them out, each a side (``"ns"``,
        ``"ew"``: a line; ``"p"``: the table's players in seat order) with how many
        competitors sit there: a line of one competitor, of two players in an individual
        event (FIBAS art. 4); four players at a table of individuals (Scala 40 art. 2)."""
        ...

    def signers(self, seat: TableSeating) -> tuple[str, ...]:
        """Who signs the table's sheet: the lines ("ns", "ew") or each player's number."""
        ...

    def check(self, ctx: SheetContext, entry: E) -> None:
        """Refuse an impossible sheet for that table and round (ArbitroError naming what)."""
        ...

    def score(self, ctx: SheetContext, entry: E) -> SheetOutcome:
        """The MP and VP of each competitor at the table, from an already checked entry."""
        ...

    def score_round(
        self,
        rules: EventRules,
        deals: int,
        teams: bool,
        duplicate: bool,
        tables: Sequence[tuple[TableSeating, E]],
    ) -> list[tuple[SheetScore, ...]]:
        """:meth:`score` of each of a round's tables (its seat, its already checked entry),
        the round's context given once: per table, the score of each competitor seated, in
        the order of the seat's lines (N-S then E-W, or the players). A round's scores read
        every sheet of the round at once (issue 14)."""
        ...

    def abandoned(self, entry: E) -> tuple[CompetitorId, ...]:
        """The competitors the sheet records as having abandoned (Scala 40 art. 25): they
        play no later round."""
        ...

    def inverted(self, entry: E, swap: Sequence[CompetitorId] | None) -> E:
        """The entry with the scores written on the wrong lines put back (FIBAS art. 21),
        or the two named players' scores exchanged (Scala 40 art. 24)."""
        ...

    def layout(self, seat: TableSeating, entry: E) -> SheetTable:
        """The sheet laid out as a table for reading and printing."""
        ...

    # ------------------------------------------------------------------ its edges
    @property
    def folder(self) -> str:
        """The folder of its templates under the web's ``templates/sheets/``: ``phone.html``
        (the phone's page once a line or player is chosen) and ``totals.html`` (the running
        totals, also sent alone as the preview's fragment)."""
        ...

    @property
    def printed(self) -> str:
        """The printed sheet's form: ``"fibas"`` (the FIBAS two-line sheet, art. 19-20) or
        ``"grid"`` (:meth:`layout`'s columns, a row per deal, every signer's box)."""
        ...

    def read_form(
        self,
        state: EventState,
        round_number: int,
        seat: TableSeating,
        form: Mapping[str, str],
        lang: str,
        fields: SheetFields,
        abandoned: CompetitorId | None = None,
    ) -> SheetForm[E]:
        """The sheet typed in a form (the desk's or a phone's, named by ``fields``), every
        number checked as it is read; ``abandoned``: the competitor who left in this round."""
        ...

    def form_values(self, entry: E, fields: SheetFields) -> dict[str, str]:
        """A recorded entry as the form's values (to show it again)."""
        ...

    def missing_numbers(self, count: int) -> Message:
        """The refusal of a form sent with ``count`` numbers blank."""
        ...

    def read_cli(self, seat: TableSeating, sheet: CliSheet, rules: EventRules) -> E:
        """The sheet typed on the terminal's options (``arbitro sheet``) for the table
        ``seat``; ``rules``: the event's code, for the articles cited."""
        ...

    def read_api(self, data: Mapping[str, Any]) -> E:
        """The sheet in the API's JSON form; ArbitroError naming what is malformed."""
        ...

    def blank_layout(self, seat: TableSeating, deals: int) -> SheetTable:
        """:meth:`layout` of a sheet not filled in yet: a blank row per deal."""
        ...

    def printed_columns(self, seat: TableSeating) -> tuple[tuple[CompetitorId, ...], ...]:
        """The competitors of each of :meth:`layout`'s columns after the deal's, as a
        printed grid names them and has them sign (a line, or one player)."""
        ...

    def summary(self, result: SheetOutcome) -> dict[str, int] | None:
        """The figures the terminal reports once a sheet is entered, a table of two lines'
        (``ns_total``, ``ew_total``, ``ns_vp``, ``ew_vp``, and any more), or None when it
        reports the status only."""
        ...

    def api_figures(self, entry: E, result: SheetOutcome) -> dict[str, Any]:
        """The figures the API shows of a table's sheet in force (fields of its
        ``SheetStatusOut``): each line's total and VP, or each player's total."""
        ...


# The templates' folders of kinds outside arbitro (a plugin's), by the kind's ``folder``: the
# web looks for ``sheets/<folder>/<name>`` in its own templates, then here.
_TEMPLATES: dict[str, Path] = {}


def register_templates(folder: str, directory: Path) -> None:
    """Where the templates of a kind whose :attr:`SheetKind.folder` is ``folder`` are, when
    they are not arbitro's (a new game's own folder, issue 30): ``directory`` holds its
    ``phone.html`` and ``totals.html``."""
    _TEMPLATES[folder] = directory


@contextmanager
def registered_templates(folder: str, directory: Path) -> Iterator[Path]:
    """:func:`register_templates` for the time of a ``with`` (a test's plugin)."""
    before = _TEMPLATES.get(folder)
    register_templates(folder, directory)
    try:
        yield directory
    finally:
        if before is None:
            del _TEMPLATES[folder]
        else:
            _TEMPLATES[folder] = before


def templates_folder(folder: str) -> Path | None:
    """The directory registered for the templates of the kind's ``folder``, if any."""
    return _TEMPLATES.get(folder)
