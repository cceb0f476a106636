"""A series of events (a club's season, a circuit of stages) and its own standings.

The codes rank one event (FIBAS art. 19, Scala 40 art. 22); a championship over several events
is ruled by the organiser's own regulation (Burraco Parole art. 1: "un regolamento interno
(del torneo, della manifestazione o di un campionato)"). Its points scheme is therefore the
series' configuration, :class:`PointsScheme`:

- **by placement**: a points table, first place first (``25,18,15,...``); a place beyond the
  table earns ``beyond`` points; competitors sharing a rank in an event earn the points of that
  rank;
- **by VP**: the VP total of the final standings of each event (penalties included);
- **best N of M**: only each player's ``best`` results count (all of them when not set).

Series standings are **by player** (docs/rulings.md): a pair's (or team's) result earns its
points to each of its players, as clubs rank their seasons; a player who changes partner
keeps their points. Players are known by their registry number (the links of
:mod:`arbitro.store.players`), never by a name.

Ties on the total are decided, in order, by: the counted results compared best first (the
better best result, then the better second...); the total of every result, those dropped
included; else the players share the rank. Each row says which criterion placed it below the
row above when the totals are equal (:attr:`SeriesRow.tie`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from arbitro.collation import name_key
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg, ngettext

MAX_TABLE = 200
"""Places a placement table may give points to."""


class SchemeKind(StrEnum):
    """What a series' points are made of."""

    PLACEMENT = "placement"
    VP = "vp"


@dataclass(frozen=True, slots=True)
class PointsScheme:
    """How an event's final standings give series points, and how many results count."""

    kind: SchemeKind = SchemeKind.PLACEMENT
    table: tuple[int, ...] = ()
    beyond: int = 0
    best: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", SchemeKind(self.kind))
        object.__setattr__(self, "table", tuple(int(p) for p in self.table))
        if self.kind is SchemeKind.PLACEMENT and not self.table:
            raise ArbitroError(
                "a placement scheme needs its points table (e.g. placement:25,18,15,12,10)",
                key="series.scheme",
            )
        if self.kind is SchemeKind.VP and self.table:
            raise ArbitroError("a VP scheme has no points table", key="series.scheme")
        if len(self.table) > MAX_TABLE:
            raise ArbitroError(
                "a points table of at most {limit} places", limit=MAX_TABLE, key="series.scheme"
            )
        if any(p < 0 for p in self.table) or self.beyond < 0:
            raise ArbitroError("series points cannot be negative", key="series.scheme")
        if self.best is not None and self.best < 1:
            raise ArbitroError("best N: N must be at least 1", key="series.scheme")

    def points(self, rank: int, vp: int) -> int:
        """The series points of a competitor placed ``rank`` with ``vp`` VP in an event."""
        if self.kind is SchemeKind.VP:
            return vp
        return self.table[rank - 1] if 1 <= rank <= len(self.table) else self.beyond

    def describe(self) -> Message:
        """The scheme in words, for the standings' heading."""
        if self.kind is SchemeKind.VP:
            what = msg("points: the VP of each event")
        else:
            what = msg(
                "points by placement: {table} (then {beyond})",
                table=", ".join(str(p) for p in self.table),
                beyond=self.beyond,
            )
        if self.best is None:
            return what
        return ngettext(
            "{scheme}; best {best} result counts",
            "{scheme}; best {best} results count",
            self.best,
            scheme=what,
            best=self.best,
        )

    def to_json(self) -> dict[str, Any]:
        """The scheme's JSON form (kept with the series)."""
        return {
            "kind": self.kind.value,
            "table": list(self.table),
            "beyond": self.beyond,
            "best": self.best,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PointsScheme:
        """Read :meth:`to_json`'s form."""
        best = data.get("best")
        return cls(
            SchemeKind(str(data.get("kind", "placement"))),
            tuple(int(p) for p in data.get("table", ())),
            int(data.get("beyond", 0)),
            None if best is None else int(best),
        )

    @classmethod
    def parse(cls, text: str, best: int | None = None, beyond: int = 0) -> PointsScheme:
        """A scheme from its short form: ``vp``, or ``placement:25,18,15`` (the points of
        the first, second, third place...)."""
        kind, _, rest = text.strip().partition(":")
        try:
            scheme_kind = SchemeKind(kind.strip().lower())
        except ValueError:
            raise ArbitroError(
                "«{text}» is not a points scheme: vp, or placement:25,18,15,...",
                text=text,
                key="series.scheme",
            ) from None
        try:
            table = tuple(int(p) for p in rest.replace(";", ",").split(",") if p.strip())
        except ValueError:
            raise ArbitroError(
                "«{text}» is not a points table: numbers separated by commas",
                text=rest,
                key="series.scheme",
            ) from None
        return cls(scheme_kind, table, beyond, best)


@dataclass(frozen=True, slots=True)
class Placement:
    """A player's result in one event: the final rank and VP of the competitor they played
    in (a pair's result is each of its players' result)."""

    player: int
    name: str
    rank: int
    vp: int


@dataclass(frozen=True, slots=True)
class EventResults:
    """One event of the series: its id, its name, and its players' placements."""

    event_id: str
    name: str
    placements: tuple[Placement, ...] = ()


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """A player's result in one event of the series: rank, the series points it earned, and
    whether it counts (best N of M)."""

    rank: int
    points: int
    counted: bool


@dataclass(frozen=True, slots=True)
class SeriesRow:
    """One player's line of the series standings: rank, registry number, name, points
    counted, one result per event of the series (None where the player did not play),
    the total of every result, and why the row is below the one above it when their totals
    are equal (None otherwise)."""

    rank: int
    player: int
    name: str
    total: int
    results: tuple[SeriesResult | None, ...]
    all_total: int
    tie: Message | None = None
    counted_points: tuple[int, ...] = field(default=(), repr=False)
    """The counted points best first, 0 for each event not counted (the tie-break's)."""

    @property
    def played(self) -> int:
        """How many events of the series the player played."""
        return sum(1 for r in self.results if r is not None)


def _counted(scheme: PointsScheme, results: list[SeriesResult | None]) -> list[SeriesResult | None]:
    """``results`` with the best ``scheme.best`` marked counted (on equal points, the earlier
    event's)."""
    played = [(i, r) for i, r in enumerate(results) if r is not None]
    if scheme.best is None:
        keep = {i for i, _ in played}
    else:
        ranked = sorted(played, key=lambda e: (-e[1].points, e[0]))
        keep = {i for i, _ in ranked[: scheme.best]}
    return [
        None if r is None else SeriesResult(r.rank, r.points, i in keep)
        for i, r in enumerate(results)
    ]


def _tie_note(row: SeriesRow, above: SeriesRow) -> Message | None:
    """Why ``row`` is below ``above`` with the same total (None if they share the rank)."""
    for n, (mine, theirs) in enumerate(
        zip(row.counted_points, above.counted_points, strict=True), start=1
    ):
        if mine != theirs:
            return ngettext(
                "tie on {total} point: result no. {n} counted, {theirs} against {mine}",
                "tie on {total} points: result no. {n} counted, {theirs} against {mine}",
                row.total,
                total=row.total,
                n=n,
                theirs=theirs,
                mine=mine,
            )
    if row.all_total != above.all_total:
        return ngettext(
            "tie on {total} point: all results, dropped ones included, {theirs} against {mine}",
            "tie on {total} points: all results, dropped ones included, {theirs} against {mine}",
            row.total,
            total=row.total,
            theirs=above.all_total,
            mine=row.all_total,
        )
    return ngettext(
        "tie on {total} point: equal on every criterion, rank shared",
        "tie on {total} points: equal on every criterion, rank shared",
        row.total,
        total=row.total,
    )


def series_standings(scheme: PointsScheme, events: Sequence[EventResults]) -> list[SeriesRow]:
    """The series standings: each player's points from each event's final placement by
    ``scheme``, the best N counted, highest total first; ties decided by the counted
    results best first, then by every result (dropped included), else a shared rank
    (listed by name). A player placed twice in one event (a link error) is refused."""
    names: dict[int, str] = {}
    results: dict[int, list[SeriesResult | None]] = {}
    for index, event in enumerate(events):
        seen: set[int] = set()
        for p in event.placements:
            if p.player in seen:
                raise ArbitroError(
                    "player no. {player} ({name}) has two results in {event}",
                    player=p.player,
                    name=p.name,
                    event=event.event_id,
                    key="series.twice",
                )
            seen.add(p.player)
            names.setdefault(p.player, p.name)
            row = results.setdefault(p.player, [None] * len(events))
            row[index] = SeriesResult(p.rank, scheme.points(p.rank, p.vp), True)
    rows: list[SeriesRow] = []
    for player, raw_results in results.items():
        marked = _counted(scheme, raw_results)
        counted = sorted((r.points for r in marked if r is not None and r.counted), reverse=True)
        counted += [0] * (len(events) - len(counted))  # a result not played compares as 0
        rows.append(
            SeriesRow(
                0,
                player,
                names[player],
                sum(counted),
                tuple(marked),
                sum(r.points for r in marked if r is not None),
                None,
                tuple(counted),
            )
        )

    def key(r: SeriesRow) -> tuple[Any, ...]:
        return (-r.total, tuple(-p for p in r.counted_points), -r.all_total)

    rows.sort(key=lambda r: (key(r), name_key(r.name), r.player))
    out: list[SeriesRow] = []
    for i, ranked in enumerate(rows):
        above = out[-1] if out else None
        if above is None or above.total != ranked.total:
            out.append(_with(ranked, i + 1, None))
            continue
        shared = key(above) == key(ranked)
        out.append(_with(ranked, above.rank if shared else i + 1, _tie_note(ranked, above)))
    return out


def _with(row: SeriesRow, rank: int, tie: Message | None) -> SeriesRow:
    return SeriesRow(
        rank,
        row.player,
        row.name,
        row.total,
        row.results,
        row.all_total,
        tie,
        row.counted_points,
    )
