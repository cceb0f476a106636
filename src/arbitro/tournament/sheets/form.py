"""What every kind of sheet's form shares: how the desk and the phones name the inputs
(:class:`SheetFields`), what reading a typed sheet gives (:class:`SheetForm`), and the
terminal's sheet options (:class:`CliSheet`). Each kind reads them its own way
(:meth:`~arbitro.tournament.sheets.kind.SheetKind.read_form`,
:meth:`~arbitro.tournament.sheets.kind.SheetKind.read_cli`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.tournament.model import CompetitorId, TableSeating

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState

E_co = TypeVar("E_co", covariant=True)


@dataclass(frozen=True, slots=True)
class SheetFields:
    """How a form names the sheet's inputs: ``{prefix}{room}{deal}_{side}_{part}`` (the
    open room's tag differs: ``o`` on the phones, ``d`` on the desk) and
    ``{prefix}s{deal}_{player}``."""

    prefix: str = ""
    open_room: str = "o"

    def number(self, room: str, deal: int, side: str, part: str) -> str:
        """The input of one number of a sheet of lines."""
        tag = self.open_room if room == "o" else room
        return f"{self.prefix}{tag}{deal}_{side}_{part}"

    def player(self, deal: int, player: str) -> str:
        """The input of one player's number in one deal."""
        return f"{self.prefix}s{deal}_{player}"

    @property
    def abandoned(self) -> str:
        """The input naming the player who abandoned (Scala 40 art. 25; desk only)."""
        return f"{self.prefix}abandoned"


PHONE = SheetFields()


def desk_fields(prefix: str) -> SheetFields:
    """The desk's naming: ``e_`` (entry) or ``c_`` (correction), open room ``d``."""
    return SheetFields(prefix, "d")


class SheetForm(Protocol[E_co]):
    """A sheet as typed in a form: the raw values (shown again), the errors next to their
    inputs (``errors``: rendered, by key; ``problems``: each error with its input's name), the
    blanks, the error of the whole sheet, and the entry once complete and possible."""

    @property
    def values(self) -> dict[str, str]:
        """The raw values typed, by input name."""
        ...

    @property
    def errors(self) -> dict[str, str]:
        """Each impossible number's message, rendered, by the kind's key."""
        ...

    @property
    def problems(self) -> list[tuple[str, ArbitroError]]:
        """Each error with the name of its input."""
        ...

    @property
    def blanks(self) -> int:
        """How many inputs are blank."""
        ...

    @property
    def first_blank(self) -> str | None:
        """The first blank input's name."""
        ...

    @property
    def blank_error(self) -> ArbitroError | None:
        """What the first blank input lacks."""
        ...

    @property
    def entry(self) -> E_co | None:
        """The entry, once every number is typed and the sheet is possible."""
        ...

    @property
    def general(self) -> ArbitroError | None:
        """The objection to the whole sheet (its numbers each possible)."""
        ...

    @property
    def general_error(self) -> str | None:
        """:attr:`general` rendered, or the edge's message of a sheet sent incomplete."""
        ...

    @general_error.setter
    def general_error(self, text: str | None) -> None: ...

    def context(self, state: EventState, seat: TableSeating) -> dict[str, Any]:
        """What the kind's templates show beside the typed values: the running totals,
        places, VP of what is typed, and the names they read it by."""
        ...


@dataclass
class FormBase:
    """The fields every kind's :class:`SheetForm` has; a kind's form adds its own."""

    values: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    problems: list[tuple[str, ArbitroError]] = field(default_factory=list)
    blanks: int = 0
    first_blank: str | None = None
    blank_error: ArbitroError | None = None
    general_error: str | None = None
    general: ArbitroError | None = None


@dataclass(frozen=True, slots=True)
class CliSheet:
    """The terminal's sheet options as typed (``arbitro sheet``): ``--deal`` (one per deal),
    ``--closed`` (a team match's closed room), ``--points`` (one per deal) and
    ``--abandoned``; each kind reads those it knows."""

    deals: Sequence[str] = ()
    closed: Sequence[str] = ()
    points: Sequence[str] = ()
    abandoned: CompetitorId | None = None


def comma_numbers(text: str, what: Message) -> list[int]:
    """The comma-separated whole numbers of ``text`` (an error naming ``what`` otherwise)."""
    try:
        return [int(x) for x in text.replace(";", ",").split(",") if x.strip()]
    except ValueError:
        raise ArbitroError(
            "{what}: «{text}» is not a list of whole numbers separated by commas",
            what=what,
            text=text,
        ) from None
