"""Arbiter mode for Briscola in the core's shape (seed 001, art. 10): an irregularity is the
core's typed :class:`~arbitro.games.core.Irregularity` (its ``kind`` one of the code's art. 10
keys, the ``offender`` the seat, ``details`` an optional ``note``); its remedy, registered in
:func:`remedies`, ends the game on a copy of the position through :meth:`Game.forfeit`: the
offending pair loses (art. 10). The ruling records an
:class:`~arbitro.games.core.ArbitralScore`: the points each pair had taken until then.
"""

from __future__ import annotations

from typing import Final

from arbitro.codes.briscola import BriscolaCode, briscola
from arbitro.codes.ids import CodeId
from arbitro.games.briscola.errors import article
from arbitro.games.briscola.game import Game, check_kind
from arbitro.games.briscola.seats import PAIRS, Seat
from arbitro.games.core.arbiter import ArbitralScore, Irregularity, Remedies, Ruling
from arbitro.games.core.code_arbiter import Fact, FactKind, RemediesArbiter
from arbitro.i18n import Message

_REMEDIES: dict[int, tuple[BriscolaCode, Remedies[Game]]] = {}


def forfeit(game: Game, irregularity: Irregularity) -> Ruling[Game]:
    """Art. 10: the offender's pair loses the game; the cards stop where they are."""
    game.forfeit(
        irregularity.offender, irregularity.kind, str(irregularity.details.get("note", ""))
    )
    score = ArbitralScore({p: game.points(p) for p in PAIRS})
    return Ruling(irregularity, game, (score,))


def remedies(code: BriscolaCode | None = None) -> Remedies[Game]:
    """The remedies of ``code`` by irregularity kind: every art. 10 kind loses the game."""
    c = code or briscola()
    hit = _REMEDIES.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    out: Remedies[Game] = Remedies({kind.key: forfeit for kind in c.irregularities})
    _REMEDIES[id(c)] = (c, out)
    return out


def irregularity(seat: Seat, kind: str, note: str = "") -> Irregularity:
    """The typed art. 10 irregularity of ``kind`` by ``seat``."""
    return Irregularity(kind, article("irregularities"), seat, {"note": note} if note else {})


def rule(game: Game, seat: Seat, kind: str, note: str = "") -> Ruling[Game]:
    """The arbiter's ruling on an art. 10 irregularity of ``kind`` by ``seat``; ``game`` is
    left as it was. An unknown kind or a game over raises ArbitroError."""
    if game.is_over:
        raise game.over_error()
    check_kind(game.code, kind)
    return remedies(game.code).rule(game, irregularity(seat, kind, note))


def _arbiter() -> RemediesArbiter[Game]:
    code = briscola()
    return RemediesArbiter(
        CodeId.BRISCOLA,
        Game.from_position,
        remedies(code),
        lambda _kind: article("irregularities"),
        # The code's own words (briscola.toml), English as the msgid, Italian its translation.
        {k.key: Message(k.en) for k in code.irregularities},
        dict.fromkeys((k.key for k in code.irregularities), ("note",)),
        described={"note": Fact("note", FactKind.TEXT, Message("What happened"))},
        notation=Message("One line of nine fields, as docs/notation-briscola.md writes it"),
    )


ARBITER: Final = _arbiter()
"""The Briscola arbiter behind the protocol of every code (``CodeSpec.arbiter``)."""


__all__ = ["ARBITER", "forfeit", "irregularity", "remedies", "rule"]
