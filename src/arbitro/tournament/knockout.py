"""A knockout bracket (tabellone a eliminazione diretta) of pairs, matches best of 3 games.

Pure domain: a :class:`Bracket` is an immutable value built from the pairs in seeded order
(:meth:`Bracket.seeded`) or in an order drawn with a seeded ``random.Random``
(:meth:`Bracket.drawn`). :func:`apply_game` records one game of one match and returns the new
bracket, so an event's records fold into the bracket.

- Size: the smallest power of two holding the field; the missing places are byes, all in
  round 1, given to the top of the order (the top seeds when seeded, the first drawn when
  drawn). The usual seeding layout (1 v 16, 8 v 9, ...) keeps byes apart and the top two
  seeds on opposite halves.
- Match: 2 games won out of 3 decide it (Briscola art. 9); the winner goes on to the next
  round or, after the final, is the champion.
- A game is won on points (art. 8: at least 61; at 60-60 the pair that won the last trick),
  or lost by the offending pair when the arbiter finds an art. 10 irregularity.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from arbitro.codes.citation import Citation
from arbitro.codes.registry import KnockoutCode, default_knockout, knockout_code
from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_, Message, msg, ngettext
from arbitro.tournament.model import CompetitorId

PairId = CompetitorId
"""A pair's competitor number."""


def default_code() -> KnockoutCode:
    """The knockout's numbers when a caller names no code: the registry's first code played
    by knockout (an event's own code is its ``event-created`` record's, read by the event)."""
    return knockout_code(default_knockout())


def _cite(name: str, code: KnockoutCode | None = None) -> Citation:
    """The article of the code in force that the number ``name`` comes from (its data)."""
    return (code or default_code()).cite(name)


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of a match: its number (1-3), the winner, and how it was won.

    ``points`` are the card points by pair (art. 8) of a game played out, with the pair that
    won the last trick; ``irregularity`` (an art. 10 key) and ``offender`` are set when the
    arbiter gave the game against the offending pair.
    """

    number: int
    winner: PairId
    points: tuple[tuple[PairId, int], ...] = ()
    last_trick: PairId | None = None
    irregularity: str | None = None
    offender: PairId | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "game": self.number,
            "winner": self.winner,
            "points": {str(p): n for p, n in self.points} or None,
            "last_trick": self.last_trick,
            "irregularity": self.irregularity,
            "offender": self.offender,
        }


@dataclass(frozen=True, slots=True)
class GameReport:
    """A recorded game result to apply to a bracket (:func:`apply_game`).

    A game played out gives ``points`` (both pairs, adding up to 120) and ``last_trick``
    (needed for a 60-60 tie); the winner follows from art. 8 and, when given, must agree.
    A game lost by irregularity gives ``irregularity`` (an art. 10 key) and ``offender``.
    """

    match: str
    game: int
    points: Mapping[PairId, int] | None = None
    last_trick: PairId | None = None
    winner: PairId | None = None
    irregularity: str | None = None
    offender: PairId | None = None

    def to_payload(self, code: KnockoutCode | None = None) -> dict[str, Any]:
        """The record payload: see the module's docs (``game-result`` / ``irregularity``,
        which keeps the article of ``code``'s irregularities: Briscola art. 10)."""
        out: dict[str, Any] = {"match": self.match, "game": self.game}
        if self.irregularity is not None:
            out |= {"offender": self.offender, "kind": self.irregularity}
            out["article"] = _cite("irregularities", code).article
        else:
            out |= {
                "points": {str(p): n for p, n in (self.points or {}).items()},
                "last_trick": self.last_trick,
                "winner": self.winner,
            }
        return out

    @classmethod
    def from_payload(cls, p: Mapping[str, Any], code: KnockoutCode | None = None) -> GameReport:
        """Read a payload written by :meth:`to_payload`; malformed data raises ArbitroError
        (citing ``code``'s article of a match)."""
        try:
            pts = p.get("points")
            return cls(
                match=str(p["match"]),
                game=int(p["game"]),
                points=None if pts is None else {int(k): int(v) for k, v in dict(pts).items()},
                last_trick=None if p.get("last_trick") is None else int(p["last_trick"]),
                winner=None if p.get("winner") is None else int(p["winner"]),
                irregularity=None if p.get("kind") is None else str(p["kind"]),
                offender=None if p.get("offender") is None else int(p["offender"]),
            )
        except (KeyError, ValueError, TypeError) as err:
            raise ArbitroError(
                "malformed game result: {error}",
                error=str(err),
                article=_cite("match_wins", code),
                key="knockout.bad_payload",
            ) from err


@dataclass(frozen=True, slots=True)
class Match:
    """A match of the bracket: ``round`` (1 = first), ``number`` in the round (1 = top).

    ``first``/``second`` are ``None`` while still to come from the previous round; in round
    1 a ``None`` is a bye and the other pair goes through without playing.
    """

    id: str
    round: int
    number: int
    first: PairId | None
    second: PairId | None
    games: tuple[MatchGame, ...] = ()
    wins_needed: int = 2
    walkover: PairId | None = None
    """The pair that did not show up (withdrawn): it loses the match without playing it."""

    @property
    def is_bye(self) -> bool:
        """True for a round-1 place with one pair and a bye: no games, the pair goes on."""
        return self.round == 1 and (self.first is None) != (self.second is None)

    @property
    def is_ready(self) -> bool:
        """True when both pairs are known and the match is not decided yet."""
        return self.first is not None and self.second is not None and self.winner is None

    def wins(self, pair: PairId) -> int:
        """Games won by ``pair`` in this match."""
        return sum(1 for g in self.games if g.winner == pair)

    @property
    def score(self) -> tuple[int, int]:
        """Games won by the first and the second pair, e.g. (2, 1)."""
        a = self.wins(self.first) if self.first is not None else 0
        b = self.wins(self.second) if self.second is not None else 0
        return a, b

    @property
    def winner(self) -> PairId | None:
        """The pair that won 2 games (art. 9), the pair with a bye, or None."""
        if self.is_bye:
            return self.first if self.first is not None else self.second
        if self.walkover is not None:
            return self.second if self.walkover == self.first else self.first
        for pair in (self.first, self.second):
            if pair is not None and self.wins(pair) >= self.wins_needed:
                return pair
        return None

    @property
    def loser(self) -> PairId | None:
        """The pair knocked out, once the match is decided (None for a bye)."""
        w = self.winner
        if w is None or self.is_bye:
            return None
        return self.second if w == self.first else self.first

    @property
    def is_walkover(self) -> bool:
        """True when the match was won without playing: the other pair did not show up."""
        return self.walkover is not None and self.winner is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "id": self.id,
            "round": self.round,
            "number": self.number,
            "first": self.first,
            "second": self.second,
            "bye": self.is_bye,
            "games": [g.to_dict() for g in self.games],
            "score": list(self.score),
            "winner": self.winner,
            "walkover": self.walkover,
        }


def seeding_positions(size: int) -> tuple[int, ...]:
    """Seeds in bracket order for a bracket of ``size`` places (a power of two).

    1 v size, then the halves mirrored: 4 → (1, 4, 2, 3); 8 → (1, 8, 4, 5, 2, 7, 3, 6).
    """
    positions = [1]
    while len(positions) < size:
        n = 2 * len(positions)
        positions = [x for p in positions for x in (p, n + 1 - p)]
    return tuple(positions)


_ROUND_NAMES = (
    N_("final"),
    N_("semifinals"),
    N_("quarterfinals"),
    N_("round of 16"),
    N_("round of 32"),
)


@dataclass(frozen=True, slots=True)
class Bracket:
    """An immutable knockout bracket: the pairs in seeded order and the rounds of matches."""

    order: tuple[PairId, ...]
    rounds: tuple[tuple[Match, ...], ...]
    match_games: int = 3
    match_wins: int = 2
    method: str = "seeded"
    # The code the bracket is played by (its articles, its numbers); None: the default's.
    code: KnockoutCode | None = field(default=None, compare=False, repr=False)

    @classmethod
    def seeded(
        cls, pairs: Sequence[PairId], code: KnockoutCode | None = None, *, method: str = "seeded"
    ) -> Bracket:
        """The bracket of ``pairs`` in seeded order (first = top seed); byes go to the top.

        An empty field or a pair entered twice raises ArbitroError.
        """
        c = code or default_code()
        order = tuple(pairs)
        if not order:
            raise ArbitroError(
                "a bracket needs at least one pair",
                article=_cite("match_wins", c),
                key="knockout.empty",
            )
        if len(set(order)) != len(order):
            twice = sorted({p for p in order if order.count(p) > 1})
            raise ArbitroError(
                "pairs entered twice in the bracket: {pairs}",
                pairs=str(twice),
                article=_cite("match_wins", c),
                key="knockout.duplicate",
            )
        size = 1
        while size < len(order):
            size *= 2
        rounds: list[tuple[Match, ...]] = []
        if size > 1:
            pos = seeding_positions(size)

            def at(seed: int) -> PairId | None:
                return order[seed - 1] if seed <= len(order) else None

            rounds.append(
                tuple(
                    Match(
                        f"R1M{k + 1}",
                        1,
                        k + 1,
                        at(pos[2 * k]),
                        at(pos[2 * k + 1]),
                        (),
                        c.match_wins,
                    )
                    for k in range(size // 2)
                )
            )
            r, n = 2, size // 4
            while n >= 1:
                rounds.append(
                    tuple(
                        Match(f"R{r}M{k + 1}", r, k + 1, None, None, (), c.match_wins)
                        for k in range(n)
                    )
                )
                r, n = r + 1, n // 2
        bracket = cls(order, tuple(rounds), c.match_games, c.match_wins, method, c)
        for m in bracket.rounds[0] if bracket.rounds else ():
            if m.is_bye:
                bracket = _advance(bracket, m)
        return bracket

    @classmethod
    def drawn(
        cls, pairs: Sequence[PairId], rng: random.Random, code: KnockoutCode | None = None
    ) -> Bracket:
        """The bracket of ``pairs`` in an order drawn with ``rng``: byes fall by draw."""
        return cls.seeded(draw_order(pairs, rng), code, method="draw")

    # -- reading -----------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Places in the first round: the smallest power of two holding the field."""
        return 2 * len(self.rounds[0]) if self.rounds else 1

    @property
    def byes(self) -> tuple[PairId, ...]:
        """The pairs with a bye in round 1."""
        if not self.rounds:
            return ()
        return tuple(m.winner for m in self.rounds[0] if m.is_bye and m.winner is not None)

    def match(self, match_id: str) -> Match:
        """The match with that id (``R1M3``); an unknown id raises NotFoundError."""
        for rnd in self.rounds:
            for m in rnd:
                if m.id == match_id:
                    return m
        raise NotFoundError(
            "no match {match} in the bracket",
            match=repr(match_id),
            article=_cite("match_wins", self.code),
            key="knockout.no_match",
        )

    def matches(self) -> tuple[Match, ...]:
        """Every match to be played (byes left out), round by round."""
        return tuple(m for rnd in self.rounds for m in rnd if not m.is_bye)

    def pending(self) -> tuple[Match, ...]:
        """The matches ready to play now: both pairs known, not decided."""
        return tuple(m for rnd in self.rounds for m in rnd if m.is_ready)

    @property
    def champion(self) -> PairId | None:
        """The winner of the final (art. 9 "Campione"), or the only pair of a field of one."""
        if not self.rounds:
            return self.order[0]
        return self.rounds[-1][0].winner

    @property
    def is_over(self) -> bool:
        """True once the champion is known."""
        return self.champion is not None

    def eliminated_in(self, pair: PairId) -> int | None:
        """The round in which ``pair`` lost, or None if it is still in (or champion)."""
        for rnd in self.rounds:
            for m in rnd:
                if m.loser == pair:
                    return m.round
        return None

    def round_label(self, round_number: int) -> Message:
        """The round's name: final, semifinals, quarterfinals... or round N (art. 9)."""
        from_end = len(self.rounds) - round_number
        if 0 <= from_end < len(_ROUND_NAMES):
            return Message(_ROUND_NAMES[from_end])
        return msg("round {round}", round=round_number)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data for the projector page and the PDF."""
        return {
            "method": self.method,
            "order": list(self.order),
            "size": self.size,
            "byes": list(self.byes),
            "match_games": self.match_games,
            "match_wins": self.match_wins,
            "rounds": [
                {
                    "round": i + 1,
                    "name": self.round_label(i + 1).render(),
                    "matches": [m.to_dict() for m in rnd],
                }
                for i, rnd in enumerate(self.rounds)
            ],
            "champion": self.champion,
        }


def draw_order(pairs: Sequence[PairId], rng: random.Random) -> tuple[PairId, ...]:
    """The pairs in an order drawn with ``rng`` (the bracket's draw; byes to the first drawn)."""
    out = list(pairs)
    rng.shuffle(out)
    return tuple(out)


def _replace_match(bracket: Bracket, new: Match) -> Bracket:
    rounds = list(bracket.rounds)
    rnd = list(rounds[new.round - 1])
    rnd[new.number - 1] = new
    rounds[new.round - 1] = tuple(rnd)
    return replace(bracket, rounds=tuple(rounds))


def _advance(bracket: Bracket, m: Match) -> Bracket:
    """Put the winner of decided match ``m`` into its place in the next round; when that
    decides the next match too (its other pair did not show up), go on."""
    w = m.winner
    if w is None or m.round >= len(bracket.rounds):
        return bracket
    nxt = bracket.rounds[m.round][(m.number - 1) // 2]
    nxt = replace(nxt, first=w) if m.number % 2 == 1 else replace(nxt, second=w)
    bracket = _replace_match(bracket, nxt)
    return _advance(bracket, nxt) if nxt.is_walkover else bracket


def current_match(bracket: Bracket, pair: PairId) -> Match | None:
    """The match ``pair`` plays (or waits to play) now; None once it is out or champion."""
    for rnd in bracket.rounds:
        for m in rnd:
            if pair in (m.first, m.second) and m.winner is None and m.walkover is None:
                return m
    return None


def withdraw(bracket: Bracket, pair: PairId, code: KnockoutCode | None = None) -> Bracket:
    """The pair does not show up (or leaves): it loses its current match without playing,
    "vinta a tavolino" for the other pair (Briscola art. 9: only the winner of a match goes
    on; Briscola ruling 11). If the other pair is not known yet, it goes on as soon as it is.
    A pair already out, or the champion, raises ConflictError."""
    c = code or bracket.code or default_code()
    m = current_match(bracket, pair)
    if m is None:
        raise ConflictError(
            "pair {pair} plays no match any more",
            pair=pair,
            article=_cite("match_wins", c),
            key="knockout.not_playing",
        )
    new = replace(m, walkover=pair)
    bracket = _replace_match(bracket, new)
    return _advance(bracket, new) if new.winner is not None else bracket


def _game_winner(
    report: GameReport, a: PairId, b: PairId, code: KnockoutCode
) -> tuple[PairId, tuple[tuple[PairId, int], ...]]:
    """The winner of a played game by art. 8, checking the points against the match."""
    pts = dict(report.points or {})
    if set(pts) != {a, b}:
        raise ArbitroError(
            "the points must be those of pairs {a} and {b}, not of {given}",
            a=a,
            b=b,
            given=str(sorted(pts)),
            article=_cite("winning_points", code),
            key="knockout.points_pairs",
        )
    pa, pb = pts[a], pts[b]
    if pa < 0 or pb < 0 or pa + pb != code.total_points:
        raise ArbitroError(
            "the points {a}-{b} do not add up to {total}",
            a=pa,
            b=pb,
            total=code.total_points,
            article=_cite("total_points", code),
            key="knockout.points_total",
        )
    impossible = [n for n in (pa, pb) if n not in code.possible_points]
    if impossible:
        raise ArbitroError(
            ngettext(
                "{points} point cannot be taken: no card is worth 1 point",
                "{points} points cannot be taken: no card is worth 1 point",
                impossible[0],
                points=impossible[0],
            ),
            article=_cite("card_points", code),
            key="knockout.points_impossible",
        )
    if pa >= code.winning_points:
        winner = a
    elif pb >= code.winning_points:
        winner = b
    elif report.last_trick in (a, b) and code.tie_to_last_trick:
        winner = report.last_trick
    else:
        raise ArbitroError(
            "a {a}-{b} tie: give the pair that won the last trick",
            a=pa,
            b=pb,
            article=_cite("tie_to_last_trick", code),
            key="knockout.tie_last_trick",
        )
    if report.winner is not None and report.winner != winner:
        raise ArbitroError(
            "at {a}-{b} pair {winner} wins, not pair {given}",
            a=pa,
            b=pb,
            winner=winner,
            given=report.winner,
            article=_cite("winning_points", code),
            key="knockout.wrong_winner",
        )
    return winner, ((a, pa), (b, pb))


def apply_game(bracket: Bracket, report: GameReport, code: KnockoutCode | None = None) -> Bracket:
    """Record one game of a match and return the new bracket (arts. 8-10).

    The game must be the match's next one (1, 2, then 3 if needed); a match already decided
    by 2 wins, a match whose pairs are not known yet, an unknown match, points that do not
    add up to 120 or an irregularity by a pair not in the match raise ArbitroError. When the
    game decides the match, its winner takes its place in the next round.
    """
    c = code or bracket.code or default_code()
    m = bracket.match(report.match)
    if m.is_bye:
        raise ConflictError(
            "{match}: the pair has a bye and plays no game",
            match=m.id,
            article=_cite("match_wins", c),
            key="knockout.bye",
        )
    if m.first is None or m.second is None:
        raise ConflictError(
            "{match}: the match's pairs are not known yet",
            match=m.id,
            article=_cite("match_wins", c),
            key="knockout.not_ready",
        )
    if m.winner is not None:
        raise ConflictError(
            "{match}: match already decided ({first}-{second}), {wins} games of {games} win",
            match=m.id,
            first=m.score[0],
            second=m.score[1],
            wins=c.match_wins,
            games=c.match_games,
            article=_cite("match_wins", c),
            key="knockout.decided",
        )
    expected = len(m.games) + 1
    if report.game != expected:
        raise ConflictError(
            "{match}: game {expected} is expected, not game {given}",
            match=m.id,
            expected=expected,
            given=report.game,
            article=_cite("match_games", c),
            key="knockout.game_number",
        )
    if report.irregularity is not None:
        if c.irregularity(report.irregularity) is None:
            raise ArbitroError(
                "unknown irregularity: {kind}",
                kind=repr(report.irregularity),
                article=_cite("irregularities", c),
                key="knockout.unknown_irregularity",
            )
        if report.offender not in (m.first, m.second):
            raise ArbitroError(
                "{match}: pair {pair} does not play this match",
                match=m.id,
                pair=report.offender,
                article=_cite("irregularities", c),
                key="knockout.offender",
            )
        winner = m.second if report.offender == m.first else m.first
        pts: tuple[tuple[PairId, int], ...] = tuple((report.points or {}).items())
        game = MatchGame(
            report.game, winner, pts, report.last_trick, report.irregularity, report.offender
        )
    else:
        winner, pts = _game_winner(report, m.first, m.second, c)
        game = MatchGame(report.game, winner, pts, report.last_trick)
    new = replace(m, games=(*m.games, game))
    bracket = _replace_match(bracket, new)
    return _advance(bracket, new) if new.winner is not None else bracket


def bracket_from_payload(p: Mapping[str, Any], code: KnockoutCode | None = None) -> Bracket:
    """The bracket of a ``bracket-drawn`` record: ``{"method", "order", "seed"}``."""
    try:
        order = [int(x) for x in p["order"]]
        method = str(p.get("method", "seeded"))
    except (KeyError, ValueError, TypeError) as err:
        raise ArbitroError(
            "malformed bracket: {error}",
            error=str(err),
            article=_cite("match_wins", code),
            key="knockout.bad_payload",
        ) from err
    return Bracket.seeded(order, code, method=method)


BRACKET_DRAWN = "bracket-drawn"
"""Record kind: the bracket's order (payload of :func:`bracket_payload`)."""
GAME_RESULT = "game-result"
"""Record kind: a game played out (payload of :meth:`GameReport.to_payload`)."""
IRREGULARITY = "irregularity"
"""Record kind: a game lost by an art. 10 irregularity (:meth:`GameReport.to_payload`)."""


def fold_bracket(
    records: Iterable[tuple[str, Mapping[str, Any]]], code: KnockoutCode | None = None
) -> Bracket | None:
    """Fold an event's ``(kind, payload)`` records into its bracket (arts. 8-10).

    ``bracket-drawn`` builds the bracket (a later one replaces it), ``game-result`` and
    ``irregularity`` apply one game each; other kinds are ignored. None if no bracket is drawn.
    """
    bracket: Bracket | None = None
    for kind, payload in records:
        if kind == BRACKET_DRAWN:
            bracket = bracket_from_payload(payload, code)
        elif kind in (GAME_RESULT, IRREGULARITY):
            if bracket is None:
                raise ConflictError(
                    "a result recorded before the bracket was drawn",
                    article=_cite("match_wins", code),
                    key="knockout.no_bracket",
                )
            bracket = apply_game(bracket, GameReport.from_payload(payload, code), code)
    return bracket


def bracket_payload(bracket: Bracket, seed: int | None = None) -> dict[str, Any]:
    """The payload of a ``bracket-drawn`` record: the method, the order drawn, the seed."""
    return {"method": bracket.method, "order": list(bracket.order), "seed": seed}


__all__ = [
    "BRACKET_DRAWN",
    "GAME_RESULT",
    "IRREGULARITY",
    "Bracket",
    "GameReport",
    "Match",
    "MatchGame",
    "PairId",
    "apply_game",
    "bracket_from_payload",
    "bracket_payload",
    "current_match",
    "draw_order",
    "fold_bracket",
    "seeding_positions",
    "withdraw",
]
