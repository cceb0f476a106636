"""Scala 40 table scoring for individual events (arts. 22-26), as pure functions.

A table's score sheet holds each player's negative points per deal (art. 22: the cards left in
hand; the closer scores 0). The round's VP of each player are (art. 22):

- **placement VP** ("punti classifica"): 8, 6, 4, 2 to the fewest negative points, the second,
  the third and the fourth. Equal totals share the VP of the places they cover, split equally
  (two first: 7 and 7; three from the second: 4, 4, 4) and share the best of those places
  (ruling; the code is silent on ties).
- **difference VP** ("punti differenze"), by the reading in DESIGN.md: each player's
  differences with every player placed below are summed and the sum converted with the table
  for the round's number of deals (3-4 or 5); the fourth gets 0. The alternative reading (each
  pairwise difference converted separately, the VP summed) is :attr:`DifferenceReading.PAIRWISE`.

Three-player tables (arts. 25, 26): scores stay "come per quattro": the empty seat, the
*riposato*, counts as a fourth player with 1000 negative points for the round (ruling: a round
total), who takes a place and enters the differences; its VP go to nobody. A player who
abandons (art. 25) takes the riposato's place for the round: 1000 negative points and no VP
(ruling), and the table goes on three-handed. A late entry after round 1 gets 3 VP and 80 MP
for it (art. 26). Corrections after the sheet is handed in follow art. 24
(:func:`check_correction`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from arbitro.codes.citation import Citation, cite
from arbitro.codes.scala40 import Scala40Code, scala40
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg, ngettext

RESTED = "riposato"
"""The name of the empty seat of a table of three (art. 26)."""


class DifferenceReading(Enum):
    """How art. 22's "punti differenze" become VP (DESIGN.md; docs/rulings.md)."""

    SUMMED = "summed"
    """Default: the sum of a player's differences with those below, converted once."""
    PAIRWISE = "pairwise"
    """Alternative: each difference with a player below converted, the VP added up."""


class CorrectionKind(Enum):
    """The corrections art. 24 allows once the sheet is handed in."""

    CALCULATION = "calculation"
    """An arithmetic error: only before the round's standings and next seating."""
    SWAPPED = "swapped"
    """Scores written under the wrong players: any time, if the whole table agrees."""


def _bad(text: Message, topic: str = "sheet") -> ArbitroError:
    return ArbitroError(text, article=cite(scala40().code_id, topic), key="scala40.bad_sheet")


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A table's score sheet for a round (arts. 22, 23).

    ``players`` (three or four names) and, for each deal, the negative points of each player
    in that order. ``abandoned`` names a player who left (art. 25); from the deal they left on,
    their entries are ``None``.
    """

    players: tuple[str, ...]
    deals: tuple[tuple[int | None, ...], ...]
    abandoned: str | None = None

    def __post_init__(self) -> None:
        """Check the sheet: names, one column per player, whole non-negative points."""
        if len(set(self.players)) != len(self.players) or len(self.players) not in (3, 4):
            raise _bad(
                msg(
                    "a sheet has 4 different players (or 3 at an incomplete table): {players}",
                    players=repr(self.players),
                ),
                "table_players",
            )
        if RESTED in self.players:
            raise _bad(msg("reserved name: {name}", name=RESTED), "rest")
        if self.abandoned is not None and self.abandoned not in self.players:
            raise _bad(msg("{player} is not at the table", player=self.abandoned), "abandon")
        for n, row in enumerate(self.deals, 1):
            if len(row) != len(self.players):
                raise _bad(
                    ngettext(
                        "deal {deal}: {scores} score for {players} players",
                        "deal {deal}: {scores} scores for {players} players",
                        len(row),
                        deal=n,
                        scores=len(row),
                        players=len(self.players),
                    )
                )
            for name, pts in zip(self.players, row, strict=True):
                if pts is None and name == self.abandoned:
                    continue
                if not isinstance(pts, int) or isinstance(pts, bool) or pts < 0:
                    raise _bad(
                        msg(
                            "deal {deal}, {player}: negative points are a whole number >= 0 "
                            "({points})",
                            deal=n,
                            player=name,
                            points=repr(pts),
                        )
                    )

    def totals(self) -> dict[str, int]:
        """Each player's negative points for the round, added up over the deals (art. 22)."""
        return {name: sum(row[i] or 0 for row in self.deals) for i, name in enumerate(self.players)}


def max_hand_points(code: Scala40Code | None = None) -> int:
    """The most negative points one player can hold at the end of a deal: the highest
    penalty values of the two decks (art. 1, 22: jokers 25, aces 11, ...) over the 13 cards
    dealt (art. 4) and one more, for a deal with an extra card whose result stands (art. 13).
    (Ruling: a hand never grows past the cards dealt: each turn draws one and discards one.)"""
    k = code or scala40()
    suits = len(k.suit_rank)
    copies = [k.penalty_values["JK"]] * k.jokers
    for rank, value in k.penalty_values.items():
        if rank != "JK":
            copies += [value] * (suits * k.french_decks)
    return sum(sorted(copies, reverse=True)[: k.cards_per_player + 1])


def impossible_points(
    sheet: ScoreSheet, code: Scala40Code | None = None
) -> list[tuple[int, int, Message]]:
    """The numbers of a sheet no deal can give (art. 19, 22), as ``(deal, column, why)``
    (1-based deal, 0-based column in ``sheet.players``): a second player at 0 in one deal
    (only the player who closes ends with no card, art. 19 and "Chiusura"); 1 point (the
    smallest card left in hand is a 2, art. 22); more than :func:`max_hand_points`."""
    k = code or scala40()
    least = min(k.penalty_values.values())
    most = max_hand_points(k)
    out: list[tuple[int, int, Message]] = []
    for n, row in enumerate(sheet.deals, 1):
        closers = 0
        for i, pts in enumerate(row):
            if pts is None or sheet.players[i] == sheet.abandoned:
                continue
            if pts == 0:
                closers += 1
                if closers > 1:
                    out.append((n, i, msg("only the player who closes has 0 points in a deal")))
            elif pts < least:
                why = msg("no card is worth less than {least} points", least=least)
                out.append((n, i, why))
            elif pts > most:
                why = msg("no hand holds more than {most} negative points", most=most)
                out.append((n, i, why))
    return out


def check_possible(sheet: ScoreSheet, code: Scala40Code | None = None) -> None:
    """Refuse a sheet with numbers no deal can give (:func:`impossible_points`, art. 19, 22),
    naming the deal and the player."""
    found = impossible_points(sheet, code)
    if found:
        deal, column, why = found[0]
        raise ArbitroError(
            "deal {deal}, player {player}: {why}",
            deal=deal,
            player=sheet.players[column],
            why=why,
            article=cite((code or scala40()).code_id, "sheet_points"),
            key="scala40.impossible",
        )


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's round at a table: negative points (MP), place, VP (art. 22)."""

    player: str
    negative_points: int
    place: int
    placement_vp: int
    difference: int
    difference_vp: int
    note: str = ""

    @property
    def vp(self) -> int:
        """The round's VP: placement plus differences (art. 22)."""
        return self.placement_vp + self.difference_vp


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's round: each player's result in sheet order, the table of differences used."""

    results: tuple[PlayerResult, ...]
    deals: int
    table_label: str
    reading: DifferenceReading
    rested_points: int | None

    def by_player(self) -> dict[str, PlayerResult]:
        """The results keyed by player."""
        return {r.player: r for r in self.results}


def placements(totals: Sequence[int], code: Scala40Code | None = None) -> list[tuple[int, int]]:
    """(place, placement VP) of each total (art. 22 "punti classifica"): fewest points first.

    Equal totals share the best place of their group and the VP of the places they cover,
    split equally; a share that is not a whole number raises ArbitroError (never with the
    code's 8, 6, 4, 2).
    """
    vp = (code or scala40()).placement_vp
    if len(totals) > len(vp):
        raise _bad(msg("at most {count} players per table", count=len(vp)), "seating")
    ordered = sorted(totals)
    out = []
    for t in totals:
        first = ordered.index(t)
        group = ordered.count(t)
        share, rest = divmod(sum(vp[first : first + group]), group)
        if rest:
            raise _bad(
                msg(
                    "{count} players level on points cannot split the VP in whole numbers",
                    count=group,
                )
            )
        out.append((first + 1, share))
    return out


def differences(
    totals: Sequence[int],
    deals: int,
    *,
    reading: DifferenceReading = DifferenceReading.SUMMED,
    code: Scala40Code | None = None,
) -> list[tuple[int, int]]:
    """(difference, difference VP) of each total (art. 22 "punti differenze").

    SUMMED (DESIGN.md): a player's differences with every player with more negative points
    are added and the sum converted with the table for ``deals`` deals. PAIRWISE: each of
    those differences is converted on its own and the VP added. The last placed gets 0.
    """
    table = (code or scala40()).difference_table(deals)
    out = []
    for t in totals:
        gaps = [u - t for u in totals if u > t]
        if reading is DifferenceReading.SUMMED:
            out.append((sum(gaps), table.vp(sum(gaps))))
        else:
            out.append((sum(gaps), sum(table.vp(g) for g in gaps)))
    return out


def score_table(
    sheet: ScoreSheet,
    *,
    reading: DifferenceReading = DifferenceReading.SUMMED,
    deals: int | None = None,
    rested_points: int | None = None,
    code: Scala40Code | None = None,
) -> TableResult:
    """The round's result of each player at a table from the score sheet (arts. 22, 25, 26).

    ``deals`` chooses the difference table (default: the deals on the sheet). At a table of
    three, and for a player who abandoned, the *riposato* counts with ``rested_points``
    (default the code's 1000) as a fourth player; its VP go to nobody; the player who
    abandoned gets those negative points and no VP.
    """
    k = code or scala40()
    n_deals = deals if deals is not None else len(sheet.deals)
    rested = k.rested_negative_points if rested_points is None else rested_points
    totals = sheet.totals()
    names = [p for p in sheet.players if p != sheet.abandoned]
    values = [totals[p] for p in names]
    with_rest = len(names) < k.players
    if with_rest:
        values.append(rested)
    places = placements(values, k)
    diffs = differences(values, n_deals, reading=reading, code=k)
    results = []
    for i, name in enumerate(names):
        results.append(
            PlayerResult(name, values[i], places[i][0], places[i][1], diffs[i][0], diffs[i][1])
        )
    if sheet.abandoned is not None:
        gone = PlayerResult(sheet.abandoned, rested, len(values), 0, 0, 0, note="abandon")
        results.append(gone)
    order = {p: i for i, p in enumerate(sheet.players)}
    results.sort(key=lambda r: order[r.player])
    label = k.difference_table(n_deals).label
    return TableResult(tuple(results), n_deals, label, reading, rested if with_rest else None)


@dataclass(frozen=True, slots=True)
class ArbitralScore:
    """VP and MP assigned by the code instead of a played round."""

    vp: int
    mp: int
    article: Citation


def late_entry_score(code: Scala40Code | None = None) -> ArbitralScore:
    """The score of a player entered after round 1's standings: 3 VP and 80 MP (art. 26)."""
    k = code or scala40()
    return ArbitralScore(k.late_entry_vp, k.late_entry_mp, cite(k.code_id, "late_entry"))


def check_late_entry(round_no: int, *, incomplete_table: bool) -> str:
    """How a player arriving during round ``round_no`` may join (art. 26); raises if not.

    During round 1 a late player only completes an incomplete table (the arbiter's choice):
    returns ``"complete_table"``; with every table full, no player is added (ArbitroError).
    Once round 1's standings and round 2's seating are made, the player is seated from the
    next round with an arbitral score for what was missed (:func:`late_entry_score`): returns
    ``"arbitral_score"``.
    """
    if round_no <= 1:
        if incomplete_table:
            return "complete_table"
        raise ArbitroError(
            "entries closed and tables full: no player can be added",
            article=cite(scala40().code_id, "late_entry"),
            key="scala40.late_refused",
        )
    return "arbitral_score"


def check_correction(
    kind: CorrectionKind, *, standings_published: bool, table_agrees: bool = False
) -> None:
    """Whether a correction of a handed-in sheet is allowed (art. 24); raises ArbitroError.

    A calculation error is put right only before the round's standings and the next seating;
    scores written under the wrong players, any time, if the whole table recognises it.
    """
    if kind is CorrectionKind.CALCULATION and standings_published:
        raise ArbitroError(
            "a calculation error is corrected only before the round's standings and the next "
            "seating",
            article=cite(scala40().code_id, "corrections"),
            key="scala40.correction_late",
        )
    if kind is CorrectionKind.SWAPPED and not table_agrees:
        raise ArbitroError(
            "swapped scores are corrected only if the whole table recognises the error",
            article=cite(scala40().code_id, "corrections"),
            key="scala40.correction_not_agreed",
        )


def swap_players(sheet: ScoreSheet, a: str, b: str) -> ScoreSheet:
    """The sheet with the scores of players ``a`` and ``b`` exchanged (art. 24 "invertito")."""
    for p in (a, b):
        if p not in sheet.players:
            raise _bad(msg("{player} is not at the table", player=p), "corrections")
    i, j = sheet.players.index(a), sheet.players.index(b)
    rows = []
    for row in sheet.deals:
        r = list(row)
        r[i], r[j] = r[j], r[i]
        rows.append(tuple(r))
    return replace(sheet, deals=tuple(rows))


def correct_deal(sheet: ScoreSheet, deal: int, player: str, points: int) -> ScoreSheet:
    """The sheet with ``player``'s negative points of deal number ``deal`` (1-based) set to
    ``points`` (a calculation error, art. 24)."""
    if not 1 <= deal <= len(sheet.deals) or player not in sheet.players:
        raise _bad(msg("no deal {deal} for {player}", deal=deal, player=player), "corrections")
    i = sheet.players.index(player)
    rows = [list(r) for r in sheet.deals]
    rows[deal - 1][i] = points
    return replace(sheet, deals=tuple(tuple(r) for r in rows))


__all__ = [
    "RESTED",
    "ArbitralScore",
    "CorrectionKind",
    "DifferenceReading",
    "PlayerResult",
    "ScoreSheet",
    "TableResult",
    "check_correction",
    "check_late_entry",
    "check_possible",
    "correct_deal",
    "differences",
    "impossible_points",
    "late_entry_score",
    "max_hand_points",
    "placements",
    "score_table",
    "swap_players",
]
